"""Issue 53: File > Open recent lists the examples opened from Help > Examples, and the data a
committee pack was made from (a pack is no data to open again: its folder holds the report, the
feedback and the subjects to review), each opened again from there."""

from __future__ import annotations

import shutil

import pytest

from tapdesk.gui import settings
from tapdesk.gui.selftest.action_walk import Answerer, all_entries
from tapdesk.gui.window.pack import pack_job
from tests.gui.test_workflow import _fit

pytestmark = pytest.mark.gui


def _entry(window, name: str):
    """The action of File > Open recent named ``name`` (the menu filled as it opens)."""
    found = dict(all_entries(window))
    return found.get(f"File > Open recent > {name}")


def test_an_example_opened_from_help_is_listed_and_opens_again(window):
    wine = "Wine judging (real data: 183 wines, 4 judges)"
    dict(all_entries(window))[f"Help > Examples > {wine}"].trigger()
    assert window.session is not None and window.session.source == "example"
    entries = [name for name, _ in all_entries(window) if name.startswith("File > Open recent >")]
    assert entries[0] == f"File > Open recent > Example: {wine}"
    window.action_close_data.trigger()
    assert window.session is None
    _entry(window, f"Example: {wine}").trigger()
    assert window.session is not None and window.session.name.startswith("wine")


def test_the_data_of_a_committee_pack_go_first_in_open_recent(window, qtbot, shared_data,
                                                               tmp_path):
    data = tmp_path / "panel.csv"
    shutil.copy(shared_data / "wine.csv", data)
    assert window.open_path(data)
    _fit(window, qtbot, "per-rater", timeout=240_000)
    panel = window.session.key
    medals = "Simulated medals (t = 0.27, a = 0.54, p = 0.22)"
    dict(all_entries(window))[f"Help > Examples > {medals}"].trigger()
    assert settings.recent_files()[0] == "example:medals"
    window.show_session(panel)
    answerer = Answerer(tmp_path)               # the title box and the folder dialog, answered
    answerer.start()
    try:
        with qtbot.waitSignal(pack_job(window).finished, timeout=240_000):
            window.action_committee_pack.trigger()
    finally:
        answerer.stop()
    assert "QInputDialog 'Committee pack'" in answerer.answered
    assert settings.recent_files()[0] == str(data.resolve())
    assert [n for n, _ in all_entries(window) if "Open recent" in n][0] == \
        "File > Open recent > panel.csv"
