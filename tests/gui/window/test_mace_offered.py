"""Issue 43 item 4: MACE in the app's model list beside Dawid-Skene, greyed with the reason where
the data do not say which rater gave each rating; its fit shows on the Raters tab."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings

pytestmark = pytest.mark.gui

CROWD = Path(__file__).resolve().parents[2] / "fixtures" / "crowd_small.csv"


def _item(window, name: str):
    combo = window.model_pane.model_combo
    return combo.model().item(combo.findData(name))


def test_mace_is_offered_only_where_raters_are_known(window):
    pane = window.model_pane
    pane.set_table(RatingsTable.from_labels(["a", "a", "b", "b"], None, ["x", "y", "x", "x"]))
    for name in ("mace", "dawid-skene"):
        item = _item(window, name)
        assert not item.isEnabled()
        assert "do not say which rater gave each rating" in item.toolTip()
    pane.set_table(read_ratings(CROWD).table)
    assert _item(window, "mace").isEnabled()
    assert pane.select("mace", "mle") and pane.title().startswith("MACE")
    assert "knows the answer" in pane.model_help.text()


def test_a_mace_fit_in_the_app_fills_the_raters_and_subjects_tabs(window, qtbot):
    assert window.open_path(CROWD)
    assert window.model_pane.select("mace", "mle")
    events: list = []
    window.controller.progress.connect(events.extend)
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    result = blocker.args[0]
    assert result.model == "mace" and result.complete and events
    raters = window.results_pane.show_tab("Raters")
    assert raters.view.model().rowCount() == 30
    window.results_pane.show_tab("Subjects")
    assert window.results_pane.subjects.labels is not None
