"""Smoke tests: the window opens, an example fits (the self-test: tests/packaging/test_bundle.py)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_window_opens_with_every_pane(window):
    assert window.windowTitle() == "Untitled analysis[*] - TapDesk" and not window.isWindowModified()
    assert window.dataset_pane.table is None
    assert window.model_pane.model_combo.count() >= 1
    assert "Summary" in window.results_pane.tab_names()
    assert not window.action_fit.isEnabled()


def test_example_fit_shows_summary(window, qtbot):
    from tapdesk.gui.window.menus import load_example
    load_example(window, "medals")
    assert window.dataset_pane.table.n_ratings == 183 * 4
    assert window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=30000) as blocker:
        window.start_fit()
    result = blocker.args[0]
    assert result.model == "tap"
    html = window.results_pane.summary_text()
    assert "accurate" in html
    assert window.results_pane.param_model.rowCount() == 3


