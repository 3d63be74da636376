"""The self-test's issue-41 checks find what a committee member would have met."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPushButton, QScrollArea, QTableView, QVBoxLayout, QWidget

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.gui.selftest import screen_checks
from tapdesk.gui.widgets.table_models import RowsModel, table_view

pytestmark = pytest.mark.gui

METHOD = ("analytic: Gwet (2014) linearization variance (under the alternative, not the null); "
          "95% interval from the t distribution (subjects minus one degrees of freedom)")


def _page(qtbot, view: QTableView, scrolled: bool = False) -> QWidget:
    top = QWidget()
    qtbot.addWidget(top)
    inner = QWidget()
    QVBoxLayout(inner).addWidget(view)
    if scrolled:
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setWidget(inner)
        inner.setMinimumHeight(900)                 # the page itself scrolls
        QVBoxLayout(top).addWidget(area)
    else:
        QVBoxLayout(top).addWidget(inner)
    top.resize(500, 400)
    top.show()
    return top


def test_a_column_too_narrow_for_its_words_is_found(qtbot):
    model = RowsModel(("Coefficient", "How computed"), [("Fleiss' kappa", METHOD)])
    view = table_view(model, "Coefficients")
    view.setWordWrap(True)
    page = _page(qtbot, view)
    view.horizontalHeader().setStretchLastSection(False)
    view.setColumnWidth(1, 60)
    view.resizeRowsToContents()
    assert screen_checks.tall_cell_problems(page)
    view.setColumnWidth(1, 420)
    view.resizeRowsToContents()
    assert not screen_checks.tall_cell_problems(page)


def test_a_scroll_bar_inside_a_scrolling_page_is_found(qtbot):
    model = RowsModel(("Rater", "Ratings"), [(f"R{i}", i) for i in range(80)])
    view = table_view(model, "Raters")
    page = _page(qtbot, view, scrolled=True)
    area = page.findChild(QScrollArea)
    qtbot.waitUntil(lambda: view.verticalScrollBar().isVisible()
                    and area.verticalScrollBar().isVisible(), timeout=2000)
    assert screen_checks.nested_scroll_problems(page)
    flat = _page(qtbot, table_view(RowsModel(("Rater",), [(f"R{i}",) for i in range(80)]), "x"))
    assert not screen_checks.nested_scroll_problems(flat)


def test_a_disabled_or_hidden_focus_is_a_problem(qtbot):
    top = QWidget()
    qtbot.addWidget(top)
    button = QPushButton("Fit", top)
    top.show()
    button.setFocus()
    assert screen_checks.focus_problem(top, "a fit") is None
    button.setEnabled(False)
    button.setFocus()
    problem = screen_checks.focus_problem(top, "a fit")
    assert problem is None or "disabled" in problem or "no control" in problem


@pytest.mark.slow
def test_posterior_panels_without_their_line_are_found(window, monkeypatch):
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=80, n_raters=3, seed=2)
    result = fit(FitRequest(model="per-rater", method="mcmc", chains=2, draws=200, warmup=100),
                 table)
    window.results_pane.add_result(result, table)
    assert screen_checks.plot_promise_problems(window) == []
    from tapdesk.render.plots import posterior
    monkeypatch.setattr(posterior, "estimate_at", lambda *args: None)
    problems = screen_checks.plot_promise_problems(window)
    assert problems and "estimate line" in problems[0]


def test_ctrl_numbers_put_the_focus_in_their_tab(window):
    assert screen_checks.tab_focus_problems(window) == []


# ---------------------------------------- issue 53: plot titles and colour-bar numbers whole
def _heatmap(qtbot, wrapped: bool, width: int = 560):
    import numpy as np

    from tapdesk.gui.plots.titles import wrap_titles
    from tapdesk.render.plots.heatmaps import heatmap
    n = 12
    matrix = np.full((n, n), np.nan)
    for i in range(0, n, 3):
        matrix[i, i + 1] = matrix[i + 1, i] = 0.4 + 0.04 * i
    widget = heatmap(matrix, [f"instructor{i + 1}" for i in range(n)],
                     "Pairwise rater accuracy: \u221a(Cohen's \u03ba) on the subjects both rated",
                     "rater")
    qtbot.addWidget(widget)
    if wrapped:
        wrap_titles(widget)
    widget.resize(width, 480)
    widget.show()
    qtbot.wait(50)
    return widget


def test_a_long_title_pushing_the_colour_bar_off_the_plot_is_found(qtbot):
    """Before the titles wrapped: the title held the plot 40 px wider than its pane at
    1280 x 800; the colour bar's numbers and the raters' names were cut off."""
    problems = screen_checks.clipped_plot_problems("Rater-pair accuracy", _heatmap(qtbot, False))
    assert any("colour bar runs past" in p for p in problems), problems


@pytest.mark.parametrize("width", [420, 560, 900])
def test_wrapped_titles_keep_the_plot_whole(qtbot, width):
    widget = _heatmap(qtbot, True, width)
    assert screen_checks.clipped_plot_problems("Rater-pair accuracy", widget) == []
    wrapped = widget.getPlotItem().titleLabel.item.textWidth() > 0
    assert wrapped == (width < 900)           # narrow: onto more lines, not cut


def test_plots_of_an_explained_fit_whole_at_1280_by_800(window, qtbot):
    """The writing example, explained by year and age, on the Plots tab of a 1280 x 800 window:
    every plot's title, axes and colour bar inside it."""
    from tapdesk.gui.window.menus import load_example
    load_example(window, "writing")
    box = window.model_pane.explain
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    box.attribute_checks[0].setChecked(True)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    window.results_pane.show_tab("Plots")
    assert len(window.results_pane.plots.widgets) >= 6
    assert screen_checks.plot_clip_problems(window) == []
