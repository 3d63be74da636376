"""Plot builders shared by the app and the PDF report (stable interface).

Every builder takes engine objects (no main window needed) and returns a
:class:`pyqtgraph.PlotWidget` (or a :class:`pyqtgraph.GraphicsLayoutWidget`
for multi-panel figures), or ``None`` when the result has nothing to show
for that plot. A QApplication must exist before calling them.

Builders (signatures are kept stable for :mod:`tapdesk.render.pdf`):

``convergence_plot(result) -> PlotWidget | None``
    Log-likelihood against EM iteration, one line per start (``result.traces``).
``distribution_plot(result, table) -> PlotWidget | None``
    Observed number of subjects with k Class-1 ratings (bars) against the
    fitted model's expected number (points), summed over subjects' own
    numbers of ratings. None for results without (t, a, p)-type parameters.
``rater_accuracy_plot(result) -> PlotWidget | None``
    Per-rater accuracy (or the first per-rater estimate) with intervals.
``posterior_plot(result, exact=None) -> GraphicsLayoutWidget | None``
    Smooth marginal posterior densities when ``result.posterior`` is present
    (MCMC: a reflection kernel density of the draws; exact: a smooth curve
    through the grid cells). For an MCMC fit the exact grid posterior of the
    same request (``exact``, or the one the worker computed, see
    :mod:`tapdesk.report.extras`) is overlaid, with a legend.
``trace_plot(result) -> GraphicsLayoutWidget | None``
    MCMC traces per parameter, one line per chain.
``agreement_heatmap(table, class1=None, cut=None, choice=None, pairwise=None)``
    Pairwise rater accuracy sqrt(Cohen's kappa) on the subjects both raters
    rated (binary view given by choice / class1 / cut, or a PairwiseCohen);
    diagonal and undefined pairs blank, the reason on hover.
``percent_agreement_heatmap(table, class1=None, cut=None, choice=None)``
    Raw pairwise percent agreement, titled as not chance-corrected.
``category_pair_heatmap(categories, pair_rows, labels=None)``
    sqrt(Fleiss' kappa) for each pair of categories (ordinal analysis).
``cutpoint_plot(results) -> PlotWidget | None``
    t, a, p with interval bars against the cut point, from an ordinal
    analysis result or from a sequence of fits (one per cut).
``plan_width_plot(plan, parameter="a") -> PlotWidget | None``
    A study plan's median 95%-interval width against subjects, one line per
    number of raters per subject (:mod:`tapdesk.engine.planning`).
``explain_plot(kind, result, table) -> PlotWidget | None``
    A figure of an explained fit (issue 42), by the kind
    :func:`tapdesk.report.explained.figures` names: accuracy against a rater
    attribute, class share by group, subjects' Class-1 probabilities by group,
    raters shrunk toward the panel.
``plots_for(result, table) -> list[tuple[str, QWidget]]``
    Every applicable plot with its title, in display order.
``plot_makers(result, table) -> tuple[(title, make), ...]``
    The same plots unbuilt (``make()`` gives the widget, or None where the plot does not
    apply), for building one at a time.

Export:

``export_png(widget_or_item, path, width=1200, height=800) -> Path``
``export_svg(widget_or_item, path) -> Path``
    Write a plot (a PlotWidget, GraphicsLayoutWidget or PlotItem) to a
    file. PNG export renders offscreen, so it also works headless.
"""

from tapdesk.render.plots.builders import (
                                        agreement_heatmap,
                                        convergence_plot,
                                        cutpoint_plot,
                                        distribution_plot,
                                        plot_makers,
                                        plots_for,
                                        posterior_plot,
                                        rater_accuracy_plot,
                                        trace_plot,
)
from tapdesk.render.plots.common import export_png, export_svg, new_plot
from tapdesk.render.plots.explain import explain_plot
from tapdesk.render.plots.heatmaps import category_pair_heatmap, percent_agreement_heatmap
from tapdesk.render.plots.plan import plan_width_plot

__all__ = [
    "export_png",
    "export_svg",
    "new_plot",
    "convergence_plot",
    "distribution_plot",
    "rater_accuracy_plot",
    "posterior_plot",
    "trace_plot",
    "agreement_heatmap",
    "percent_agreement_heatmap",
    "category_pair_heatmap",
    "cutpoint_plot",
    "plan_width_plot",
    "plot_makers",
    "plots_for",
    "explain_plot",
]
