"""Issue 54: in the pseudo-language (40% longer than English, longer than German) at 1280 x 720
less a frame, the per-rater analysis' description ran to six lines and the Analysis pane showed
265 px of the 304 its controls need, Options below the fold (the self-test's one layout problem
left). The description gives way, to the lines the pane has room for, its whole text in its
tooltip; where there is room again it is whole."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import _below_the_fold, settle
from tests.gui.window.examples_window import examples_window, show_example

pytestmark = pytest.mark.gui


def test_the_description_gives_way_to_the_controls(pseudo, app, qtbot):
    window = examples_window(qtbot, (1272, 684 + 25))
    show_example(app, window, "wine", "per-rater")
    label = window.model_pane.model_help
    assert _below_the_fold(window.model_scroll) is None
    assert label.clamped() and label.text().endswith("…")
    tip = label.toolTip()
    assert tip.startswith(label.full_text + "\n\n") and "_" in tip     # the symbols kept
    assert 2 <= label.height() // label.fontMetrics().lineSpacing() < label.line_count(
        label.contentsRect().width())
    window.resize(1920, 1080)
    QApplication.processEvents()
    settle(app)
    assert not label.clamped() and label.text() == label.full_text
    window.close()


def test_in_english_the_description_is_whole(app, qtbot):
    window = examples_window(qtbot, (1280, 720))
    show_example(app, window, "wine", "per-rater")
    assert not window.model_pane.model_help.clamped()
    window.close()
