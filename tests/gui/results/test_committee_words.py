"""Issue 41, main window: the result tabs speak a committee's words (the statistics in
tooltips), "Copy paragraph" says it copied, and the plots draw what their captions promise."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.words import parameter_words
from tapdesk.gui.results.paragraph_box import COPIED, COPY

pytestmark = pytest.mark.gui

RAW_NAME = re.compile(r"^[a-z]\d?$|^[a-z]\[|_")
"""A statistician's symbol or key as a heading: "a", "p1", "a[J1]", "false_positive_rate"."""


@pytest.fixture(scope="module")
def per_rater_mcmc(table):
    return fit(FitRequest(model="per-rater", method="mcmc", chains=2, draws=300, warmup=150,
                          seed=5), table)


def _pane(qtbot, *fits):
    from tapdesk.gui.results.pane import ResultsPane
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    for result, table in fits:
        pane.add_result(result, table)
    return pane


def _header_tip(model, column: int) -> str:
    return model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


def test_parameter_words_name_the_quantity_not_the_symbol():
    assert parameter_words("a") == "Accuracy"
    assert parameter_words("p") == "Guesses Class 1"
    assert parameter_words("false_positive_rate") == "False-positive rate"
    assert parameter_words("a[J1]") == "Accuracy (J1)"
    assert "_" not in parameter_words("some_new_key")


def test_raters_headings_are_words_with_the_symbol_in_the_tooltip(qtbot, per_rater, table):
    pane = _pane(qtbot, (per_rater, table))
    pane.show_tab("Raters")
    model = pane.raters.model
    assert not [c for c in model.columns if RAW_NAME.search(c)], model.columns
    for heading, symbol in (("Accuracy", "a"), ("Guesses Class 1", "p"),
                            ("False-positive rate", "false_positive_rate")):
        column = model.columns.index(heading)
        assert _header_tip(model, column).startswith(f"{symbol}: ")


def test_the_rater_name_stays_in_view_when_scrolling_sideways(qtbot, per_rater, table):
    pane = _pane(qtbot, (per_rater, table))
    pane.show_tab("Raters")
    view = pane.raters.view
    view.resize(300, 300)                        # narrower than the columns: it scrolls
    bar = view.horizontalScrollBar()
    bar.setValue(bar.maximum())
    assert bar.maximum() > 0
    header = view.verticalHeader()
    assert header.isVisible() and view.isColumnHidden(0)
    names = [view.model().headerData(r, Qt.Orientation.Vertical) for r in range(len(table.rater_ids))]
    assert names == [r.rater_id for r in per_rater.raters]
    widest = max(header.fontMetrics().horizontalAdvance(n) for n in names)
    assert header.width() >= widest              # the whole name, not cut
    view.sortByColumn(1, Qt.SortOrder.DescendingOrder)  # sorted: each name stays with its row
    first = view.model().index(0, 0).data()
    assert view.model().headerData(0, Qt.Orientation.Vertical) == first


def test_summary_coefficients_in_words_with_the_method_in_the_tooltip(qtbot, per_rater, table):
    pane = _pane(qtbot, (per_rater, table))
    model = pane.coef_model
    assert model.columns[-1] == "What it means, or why undefined"
    jargon = ("linearization", "degrees of freedom", "analytic:", "under the alternative")
    for r, row in enumerate(model.rows):
        assert not any(j in str(row[-1]) for j in jargon), row
        tip = model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole) or ""
        if row[1] == row[1]:                     # defined (not NaN): the method is in the tip
            assert "How computed:" in tip, row
    assert any("degrees of freedom" in (model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole)
                                        or "") for r in range(model.rowCount()))


def test_the_summary_coefficient_table_shows_every_word_without_its_own_scroll_bar(
        qtbot, per_rater, table):
    pane = _pane(qtbot, (per_rater, table))
    pane.resize(900, 700)
    qtbot.wait(50)
    view = pane.coef_view
    assert view.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert view.height() >= view.verticalHeader().length()       # every row in the table
    fm = view.fontMetrics()
    header = view.horizontalHeader()
    for col in range(view.model().columnCount()):
        width = header.sectionSize(col)
        for row in range(view.model().rowCount()):
            for word in str(view.model().index(row, col).data() or "").split():
                assert fm.horizontalAdvance(word) <= width, (word, width)
            text = str(view.model().index(row, col).data() or "")
            lines = fm.boundingRect(0, 0, width - 8, 10_000, int(Qt.TextFlag.TextWordWrap), text)
            assert lines.height() <= view.rowHeight(row), (text, view.rowHeight(row))


def test_copy_paragraph_says_it_copied(qtbot, per_rater, table):
    pane = _pane(qtbot, (per_rater, table))
    button = pane.paragraph.copy_button
    assert button.text() == COPY
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == pane.paragraph.text
    assert button.text() == COPIED
    qtbot.waitUntil(lambda: button.text() == COPY, timeout=5000)


def test_compare_rows_in_words_and_the_verdict_in_a_sentence(qtbot, per_rater, table):
    average = fit(FitRequest(model="tap", n_starts=2), table)
    pane = _pane(qtbot, (average, table), (per_rater, table))
    compare = pane.compare
    names = [row[0] for row in compare.model.rows]
    for raw in ("Log-likelihood", "Bits per rating", "AIC = 2k - 2 log L", "t", "a", "p"):
        assert raw not in names
    better = [n for n in names if "better" in n]
    assert len(better) == 3, names
    tips = compare.model.row_tips
    assert any("AIC = 2k - 2 log L" in t for t in tips)
    assert any("Log-likelihood" in t for t in tips)
    verdict = compare.verdict.text()
    assert "fit 1" in verdict or "fit 2" in verdict or "do not clearly favour" in verdict
    assert not compare.verdict.isHidden()


def test_observed_vs_fitted_draws_the_fitted_line_for_a_bayesian_per_rater_fit(per_rater_mcmc,
                                                                                  table):
    import pyqtgraph as pg

    from tapdesk.render.plots.builders import distribution_plot
    plot = distribution_plot(per_rater_mcmc, table)
    fitted = [i for i in plot.getPlotItem().items
              if isinstance(i, pg.PlotDataItem) and i.name() == "fitted (expected)"]
    assert fitted, "no fitted line"
    x, y = fitted[0].getData()
    assert abs(y.sum() - per_rater_mcmc.n_subjects) < 1e-6 * per_rater_mcmc.n_subjects


def test_every_posterior_panel_draws_the_line_its_caption_promises(per_rater_mcmc):
    import pyqtgraph as pg

    from tapdesk.render.plots.posterior import posterior_plot
    lay = posterior_plot(per_rater_mcmc)
    panels = [item for item in lay.ci.items if isinstance(item, pg.PlotItem)]
    assert len(lay.estimate_marked) == len(panels) > 1
    for panel in panels:
        lines = [i for i in panel.items if isinstance(i, pg.InfiniteLine) and i.angle == 90]
        assert lines, "a panel without its estimate line"
        label = panel.getAxis("bottom").labelText
        assert not RAW_NAME.search(label), label


def test_live_tick_labels_are_short():
    from tapdesk.gui.plots.ticks import readable_span, tick_strings
    assert tick_strings([-4.6762740, -4.6762750], 1e-7) == ["\u22124.676", "\u22124.676"]
    assert tick_strings([-4676.0, -4677.0], 1.0) == ["\u22124,676", "\u22124,677"]
    assert tick_strings([0.0, 0.25], 0.25) == ["0.00", "0.25"]
    assert tick_strings([-0.0001], 0.001) == ["0.000"]              # no "-0.000"
    assert readable_span(-4.6762741, -4.6762740) >= 0.004           # ticks 0.001 apart, at least


def test_the_live_likelihood_axis_reads_a_narrow_range_in_few_digits(qtbot):
    from tapdesk.engine.events import Iteration
    from tapdesk.gui.plots.live import LiveProgress
    live = LiveProgress()
    qtbot.addWidget(live)
    live.resize(600, 500)
    live.show()
    live.add_events([Iteration(0, 0, k, -4.6762740 - 1e-8 / (k + 1), ("t",), (0.3,))
                     for k in range(1, 40)])
    live.redraw()
    axis = live.loglik.getPlotItem().getAxis("left")
    low, high = live.loglik.getPlotItem().getViewBox().viewRange()[1]
    ticks = [v for level in axis.tickValues(low, high, 400) for v in level[1]]
    spacing = axis.tickValues(low, high, 400)[0][0]
    labels = axis.tickStrings(ticks, 1.0, spacing)
    assert labels and all(len(s.split(".")[-1]) <= 3 for s in labels), labels


def test_the_live_traces_have_three_value_ticks(qtbot):
    from tapdesk.gui.plots.live import PROBABILITY_TICKS, LiveProgress
    live = LiveProgress()
    qtbot.addWidget(live)
    for plot in live._trace_plots:
        assert plot.getAxis("left")._tickLevels == [PROBABILITY_TICKS, []]
