"""Issue 54: German on a full-HD screen at 150% (the first window 1272 x 684 in Qt's pixels), the
classical coefficients chosen and fitted beside another data set: the Analysis pane showed 237
of the 272 px its controls need, "Optionen" below the fold. The data pane kept its Class 1 box in
view although the coefficients do not read it, and the left panes were fitted before the results
took their least width (a narrower left side wraps the Analysis pane's words onto more lines).
The self-test walks this size in every state (``checks.SIZES``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize

from tapdesk.gui.screen_fit import first_geometry
from tapdesk.gui.selftest.checks import SIZES
from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.main_window import FIRST_SIZE
from tapdesk.gui.window.menus import load_example
from tests.gui.coefficients_fit import fit_quadratic_coefficients

pytestmark = pytest.mark.gui

FULL_HD_AT_150 = first_geometry(QSize(*FIRST_SIZE), QRect(0, 0, 1280, 720)).size().toTuple()
"""The first window on a 1920 x 1080 screen at 150% (1280 x 720 in Qt's pixels), its frame in."""


def test_the_self_test_walks_a_full_hd_screen_at_150_percent():
    assert FULL_HD_AT_150 in SIZES
    assert {(1280, 800), (1366, 768)} <= set(SIZES)


def test_coefficients_pane_whole_in_german_at_150_percent(german, window, qtbot, app):
    load_example(window, "wine")
    fit_quadratic_coefficients(window, qtbot)
    pane = window.model_pane
    found = []
    for size in (FULL_HD_AT_150, *SIZES):
        window.resize(*size)
        settle(app)
        for tab in ("Summary", "Tables", "Compare"):
            window.results_pane.show_tab(tab)
            settle(app)
            found += [f"{size} {tab}: {p}" for p in layout_problems(window)]
        if window.model_scroll.verticalScrollBar().isVisible():
            found.append(f"{size}: the Analysis pane scrolls ({window.analysis_need()} px needed, "
                         f"the left panes {window.left_splitter.sizes()})")
        for control in (pane.options_group.header, pane.explain_group.header, pane.fit_button):
            if control.visibleRegion().isEmpty():
                found.append(f"{size}: {control.accessibleName() or control.text()} out of view")
    assert found == []


def test_a_two_class_fit_keeps_class_1_in_view(german, window, app):
    """The t-a-p model reads Class 1: the data pane keeps its Class 1 box in view (the rule the
    coefficients give up)."""
    load_example(window, "wine")
    load_example(window, "ordinal")
    assert window.model_pane.select("tap", "mle")
    window.resize(*FULL_HD_AT_150)
    settle(app)
    scroll = window.dataset_scroll
    box = window.dataset_pane.class_box
    bottom = box.mapTo(window.dataset_pane, box.rect().bottomLeft()).y()
    assert bottom <= scroll.viewport().height() + 2
