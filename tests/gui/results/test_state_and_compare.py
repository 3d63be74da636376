"""Issue 53: a new fit's summary opens at its top, not at the old one's scroll position; the
Compare tab shows every compared fit at 1280 x 800 with the row names kept in view."""

from __future__ import annotations

import pytest

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle"):
    assert window.model_pane.select(model, method)
    with qtbot.waitSignal(window.controller.finished, timeout=60000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_a_new_fit_s_summary_opens_at_its_top(window, qtbot, app):
    load_example(window, "wine")
    window.resize(1280, 800)
    _fit(window, qtbot, "per-rater")
    rp = window.results_pane
    rp.show_tab("Summary")
    settle(app)
    bar = rp.summary_scroll.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    _fit(window, qtbot)
    settle(app)
    assert bar.value() == 0


def test_every_compared_fit_is_in_view_with_the_row_names(window, qtbot, app):
    load_example(window, "wine")
    _fit(window, qtbot)
    _fit(window, qtbot, "per-rater")
    rp = window.results_pane
    for row in range(len(rp.entries)):
        rp.history_list.set_checked(row, True)
    window.resize(1280, 800)
    settle(app)                        # the end of a fit may still move the tabs to its Summary
    compare = rp.show_tab("Compare")
    settle(app)
    view = compare.view
    header = view.horizontalHeader()
    assert compare.isVisible()
    assert view.isColumnHidden(0) and view.verticalHeader().isVisible()   # names as row headings
    fits = [c for c in range(1, header.count()) if not view.isColumnHidden(c)]
    assert len(fits) == 2
    for column in fits:                    # each fit's column whole in the view, not scrolled to
        left = header.sectionViewportPosition(column)
        assert left >= 0 and left + header.sectionSize(column) <= view.viewport().width(), column
    names = [view.model().headerData(r, view.verticalHeader().orientation())
             for r in range(view.model().rowCount())]
    assert "Accuracy" in names and all(len(line) <= 26 for n in names for line in n.split("\n"))
    assert [p for p in layout_problems(window) if "Comparison" in p] == []


def test_every_result_tab_is_in_the_tab_bar_at_1280_by_800(window, qtbot, app):
    """The Data tab was scrolled out of the results' tab bar (nine tabs did not fit)."""
    load_example(window, "wine")
    _fit(window, qtbot)
    window.resize(1280, 800)
    rp = window.results_pane
    for tab in ("Compare", "Progress", "Data"):
        rp.show_tab(tab)
        settle(app)
        assert [p for p in layout_problems(window) if "tab bar" in p] == [], tab
    bar = rp.tabs.tabBar()
    assert all(bar.rect().contains(bar.tabRect(i)) for i in range(bar.count()))


def test_the_results_side_is_drawn_at_once_before_its_pane_is_built(qtbot):
    """The results side was blank for a second or two after the left pane showed."""
    from PySide6.QtWidgets import QLabel

    from tapdesk.gui.window.main_window import RESULTS_WAIT, MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    assert window._results is None                       # not built before it is shown
    texts = [label.text() for label in window.results_slot.findChildren(QLabel)]
    assert texts[0] == "Results" and RESULTS_WAIT in texts[1]


def test_a_fit_in_the_list_takes_few_lines(window, qtbot, app):
    """Issue 53: fits wrapped over five to seven lines at 1280 x 800 (the model's aside in
    brackets, then a line each for the method and Class 1)."""
    load_example(window, "wine")
    window.resize(1280, 800)
    settle(app)
    _fit(window, qtbot, "per-rater")
    settle(app)
    rp = window.results_pane
    text = rp.history_list.item_text(0)
    assert text.startswith("1. t-a-p per rater") and "each rater their own" not in text
    assert len(text.split("\n")) <= 4, text
    tip = rp.history_list._items[0].toolTip(1)
    assert "t-a-p per rater (each rater their own accuracy and guess rate)" in tip


def test_a_fit_reads_in_three_lines_at_1280(window, qtbot, app):
    """Issue 53: each fit in the list reads in at most three lines (number and model, then the
    method, draws and Class 1) in a 1280 x 800 window and in 1280 x 720 (1920 x 1080 at 150%):
    its row no taller than three lines; the narrow list wrapped one over five to seven."""
    load_example(window, "writing")
    window.resize(1280, 800 - 25)
    settle(app)
    window.model_pane.draws.setValue(100)
    window.model_pane.warmup.setValue(50)
    for model, method in (("tap", "mle"), ("tap", "mcmc"), ("per-rater", "mle")):
        _fit(window, qtbot, model, method)
    fits = window.results_pane.history_list
    for height in (800, 720):
        window.resize(1280, height - 25)
        settle(app)
        line = fits.fontMetrics().lineSpacing()
        for i in range(fits.count()):
            text = fits.item_text(i)
            assert len(text.split("\n")) <= 3, (height, text)
            row = fits.visualItemRect(fits._items[i]).height()
            assert row <= 3 * line + 8, (height, text, row)
            for shown in text.split("\n"):                  # nothing runs off the list
                assert fits.fontMetrics().horizontalAdvance(shown) < fits.viewport().width()
        texts = [fits.item_text(i) for i in range(fits.count())]
        assert "Bayesian" in texts[1] and "4 \u00d7 100 draws" in texts[1]   # no comma at a line's end
        assert "Bayesian (simulation)" in fits._items[1].toolTip(1)
        assert "Class 1 = " in texts[0] and len(set(texts)) == 3


def test_a_german_compound_in_a_compare_heading_breaks_with_a_hyphen(window, qtbot, app):
    """The Compare tab's heading of a coefficients fit in German read "Übereinstimm" /
    "ungskoeffizienten" (textwrap cut the word without a hyphen)."""
    window.action_language_de.trigger()
    try:
        load_example(window, "wine")
        _fit(window, qtbot)
        _fit(window, qtbot, "coefficients")
        rp = window.results_pane
        for row in range(len(rp.entries)):
            rp.history_list.set_checked(row, True)
        view = rp.show_tab("Compare").view
        settle(app)
        model = view.model()
        headings = [str(model.headerData(c, view.horizontalHeader().orientation()))
                    for c in range(1, model.columnCount())]
        heading = next(h for h in headings if "Klassische" in h)
        assert "Übereinstimmungskoeffi-\nzienten" in heading, heading
        assert all(len(line) <= 26 for line in heading.split("\n")), heading
    finally:
        window.action_language_en.trigger()
