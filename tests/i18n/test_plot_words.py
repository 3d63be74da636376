"""The explain, plan and posterior plots' titles, axes and legends in another language (issue 54):
drawn in German they say no English word; in English they say what they always said."""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.resources.examples import get_example


@pytest.fixture(scope="module")
def explained():
    table = read_ratings(get_example("writing").path).table
    return fit(FitRequest(model="tap", cut="2", subject_group="year", rater_attributes=("age",),
                          n_starts=2), table), table


def words(plot) -> tuple[str, str, str, list[str]]:
    """(title, bottom axis, left axis, legend names) of a pyqtgraph PlotWidget."""
    item = plot.getPlotItem()
    legend = item.legend
    names = [label.text for _sample, label in legend.items] if legend is not None else []
    return (item.titleLabel.text, item.getAxis("bottom").labelText,
            item.getAxis("left").labelText, names)


def test_the_explain_plots_read_in_german(explained, qapp):
    from tapdesk.render.plots import explain_plot
    from tapdesk.render.plots.explain import group_share_plot
    result, table = explained
    with i18n.language("de"):
        accuracy = explain_plot("explain-accuracy:age", result, table)
        shares = group_share_plot(result)
    title, bottom, left, legend = words(accuracy)
    assert title == "Genauigkeit nach age" and bottom == "age" and left == "Genauigkeit"
    assert "angepasste Genauigkeit" in legend and "jeder Beurteiler, wie vorhergesagt" in legend
    title, bottom, left, _legend = words(shares)
    assert title.startswith("Anteil tatsächlich in ") and title.endswith(" nach year")
    assert left == "Anteil der Fälle"
    english = explain_plot("explain-accuracy:age", result, table)
    assert words(english)[0] == "Accuracy by age" and "fitted accuracy" in words(english)[3]
    for plot in (accuracy, shares, english):
        plot.deleteLater()


def test_a_plan_plot_reads_in_german(qapp):
    from tapdesk.engine.planning.request import PlanRequest
    from tapdesk.engine.planning.run import plan
    from tapdesk.render.plots.plan import plan_width_plot
    result = plan(PlanRequest(0.05, 0.6, 0.3, raters=(2, 3), subjects=(40,), sims=20, workers=1))
    with i18n.language("de"):
        plot = plan_width_plot(result)
    _title, bottom, _left, legend = words(plot)
    assert bottom == "Fälle (logarithmische Skala)"
    assert legend == ["2 Beurteiler", "3 Beurteiler", "Bedarf"]    # the designs, then the need
    lines = [i for i in plot.getPlotItem().items if hasattr(i, "label") and i.label is not None]
    assert lines == []                                # named in the legend, not on its line
    plot.deleteLater()


def test_a_posteriors_legend_and_peaks_read_in_german(qapp):
    from tapdesk.data.ratings import RatingsTable
    from tapdesk.render.plots.posterior import posterior_plot
    kappa = RatingsTable.from_wide([[0, 0]] * 998 + [[0, 1], [1, 0]])
    result = fit(FitRequest(method="exact"), kappa)
    with i18n.language("de"):
        plot = posterior_plot(result)
    legend = [label.text for _sample, label in plot.legend.items]
    assert legend[0] == "exakte Posteriori-Verteilung" and "Schätzwert" in legend
    peaks = [line.label.toPlainText() for line in plot.peaks_marked["a"]]
    assert peaks and all(re.fullmatch(r"Gipfel \d: \d,\d{3} \(\d+\s%\)", p) for p in peaks), peaks
    plot.deleteLater()
