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
