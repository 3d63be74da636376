"""Issue 53: figures as printed. Point 7: the Plan figure in the report was squeezed into a
strip (its legend kept a column beside the data), its subject labels ran together ("100 183
200") and it had no need line; the plan dialog's plot had "183" and "200" overlapping too. The
convergence plot's iteration ticks "100" and "1000" ran together in the report."""

from __future__ import annotations

import pytest

from tapdesk.render.plots.plan import spaced_ticks
from tests.engine.planning.test_planning import fake_plan

pytestmark = pytest.mark.gui

GRID = {(r, n): {"width_a": 0.8 / r ** 0.5 * (100 / n) ** 0.3}
        for r in (2, 3, 5, 8) for n in (50, 100, 183, 200, 400)}


def test_close_subject_numbers_are_not_both_labelled_the_rounder_stays():
    ticks = [label for _, label in spaced_ticks([50, 100, 183, 200, 400])]
    assert ticks == ["50", "100", "200", "400"]
    assert [label for _, label in spaced_ticks([50, 100, 200, 400])] == ["50", "100", "200", "400"]
    assert [label for _, label in spaced_ticks([100, 1000, 1100])] == ["100", "1000"]


def test_the_printed_plan_figure_has_the_page_s_width_for_its_data_and_the_need_line(qapp):
    import pyqtgraph as pg

    from tapdesk.render.figures import render_widget, style_for_print
    from tapdesk.render.plots.plan import plan_width_plot
    widget = plan_width_plot(fake_plan(GRID))
    style_for_print(widget)
    render_widget(widget, 600, 330, scale=1.0)
    plot = widget.getPlotItem()
    assert plot.vb.width() > 0.8 * 600           # was under half: the legend's column beside
    lines = [i for i in plot.vb.addedItems if isinstance(i, pg.InfiniteLine)]
    assert [round(line.value(), 3) for line in lines] == [0.2]   # the plan's need on width_a
    assert [t for _, t in widget.getAxis("bottom")._tickLevels[0]] == ["50", "100", "200", "400"]
    widget.deleteLater()


def test_the_report_s_plan_figure_names_the_need_in_the_legend_not_on_a_line(qapp):
    """Issue 53: on the wine report's plan page the need's label sat on the 3-raters line; the
    figure as the report draws it names the need after the designs, above the plot, and draws
    no text inside the plot. A plot drawn again names it once."""
    from types import SimpleNamespace

    from tapdesk.render import plots
    from tapdesk.render.figures import figure_size, print_widget, render_for_print
    from tapdesk.report.document import Figure
    from tests.render.need_line import need_problems
    inputs = SimpleNamespace(plan=fake_plan(GRID), analyses=lambda: [SimpleNamespace(result=None)])
    figure = Figure("plan-widths", "")
    widget = print_widget(plots, figure, inputs)
    render_for_print(widget, figure_size(figure, inputs, 160, 240))
    plot = widget.getPlotItem()
    assert [label.text for _, label in plot.legend.items] == [
        "2 raters", "3 raters", "5 raters", "8 raters", "need"]
    assert need_problems(widget) == []
    legend = plot.legend.sceneBoundingRect()
    assert legend.bottom() <= plot.getViewBox().sceneBoundingRect().top() + 1   # above the data
    plots.plan_width_plot(inputs.plan, widget=widget)
    assert need_problems(widget) == []
    assert [label.text for _, label in plot.legend.items][-2:] == ["8 raters", "need"]
    widget.deleteLater()


def test_the_printed_convergence_plot_has_no_decade_ticks_of_the_screen_s_log_axis(qapp):
    """A fit of more than 200 iterations: the screen's log axis labels decades at 0..3; the
    report's linear axis printed them there, "100" over "1,000"."""
    from types import SimpleNamespace

    from tapdesk.render import plots
    from tapdesk.render.figures import _convergence
    trace = [-400 + 30 * (1 - 0.99 ** i) for i in range(600)]
    result = SimpleNamespace(traces=(tuple(trace), tuple(trace[:300])), iterations=900)
    screen = plots.convergence_plot(result)
    assert screen.getAxis("bottom")._tickLevels is not None        # decades, on screen
    printed = _convergence(plots, result)
    assert printed.getAxis("bottom")._tickLevels is None           # the axis's own, in print
    for widget in (screen, printed):
        widget.deleteLater()


def test_nine_traces_share_one_draw_axis_and_get_room_on_the_page(qapp):
    """Issue 53 walk: a per-rater Bayesian fit's nine traces printed as flat lines, each with
    its own draw numbers, their names run together, in 0.55 of the page. Now the panels share
    one draw axis under the last, and the figure may take up to 0.85 of the page."""
    from types import SimpleNamespace

    import numpy as np

    from tapdesk.render.figures import MAX_STACKED, figure_size, render_widget, style_for_print
    from tapdesk.render.plots.posterior import trace_plot
    from tapdesk.report.document import Figure
    names = tuple(f"a[J{j}]" for j in range(1, 10))
    draws = np.random.default_rng(1).normal(0.5, 0.1, size=(2, 400, 9))
    from tapdesk.engine.words import parameter_words
    result = SimpleNamespace(posterior=SimpleNamespace(draw_names=names, draws=draws,
                                                       marginals=()),
                             estimate_words=lambda name, category=None: parameter_words(name))
    inputs = SimpleNamespace(analyses=lambda: [SimpleNamespace(result=result)])
    size = figure_size(Figure("traces", ""), inputs, 170.0, 247.0)
    assert size.height_mm == pytest.approx(247.0 * MAX_STACKED)      # was 0.55 of the page
    widget = trace_plot(result)
    style_for_print(widget)
    render_widget(widget, 600, round(600 * size.height_mm / size.width_mm), scale=1.0)
    panels = [widget.getItem(i, 0) for i in range(9)]
    shown = [p.getAxis("bottom").style["showValues"] for p in panels]
    assert shown == [False] * 8 + [True]
    assert min(p.vb.height() for p in panels) > 25           # each trace has room to be read
    # each name heads its panel across (written up a panel's side, the names overlapped)
    assert all("(J" in p.titleLabel.text for p in panels)
    assert not any(p.getAxis("left").label.toPlainText().strip() for p in panels)
    widget.deleteLater()
