"""Smoke tests: the window opens, an example fits, the self-test runs headless."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.gui


def test_window_opens_with_every_pane(window):
    assert window.windowTitle() == "Untitled analysis[*] - TapDesk" and not window.isWindowModified()
    assert window.dataset_pane.table is None
    assert window.model_pane.model_combo.count() >= 1
    assert "Summary" in window.results_pane.tab_names()
    assert not window.action_fit.isEnabled()


def test_example_fit_shows_summary(window, qtbot):
    from tapdesk.gui.menus import load_example
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


def test_selftest_headless(tmp_path, capsys, app, real_save_question):
    from tapdesk.gui.selftest import run_selftest
    code = run_selftest(tmp_path / "shots")
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, line
    assert line["ok"] and "open example" in line["steps"]
    assert all((tmp_path / "shots" / name).exists() for name in line["screenshots"])
    assert line["max_gui_stall_ms"] is not None
    # issue 12: the walk over the window at two sizes and the shortcut check, both empty
    assert line["layout_problems"] == [] and line["shortcut_conflicts"] == []
    for step in ("generate data after fits: fits keep their own data",
                 "close with unsaved work asks Save / Discard / Cancel",
                 "recovery after a killed process names the data and brings back every fit",
                 "window at 1280 x 800 and 1920 x 1080: nothing cut or out of reach",
                 "a normal close leaves no recovery prompt"):
        assert step in line["steps"], step
    # the self-test leaves no recovery copy behind, neither its own nor in this test's folder
    assert not list((tmp_path / "shots" / "autosave").glob("autosave-*"))
    from tapdesk.gui.autosave import autosave_folder
    assert autosave_folder() == (tmp_path / "autosave").resolve()      # restored afterwards
    assert not autosave_folder().exists() or not list(autosave_folder().iterdir())
