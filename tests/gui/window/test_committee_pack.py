"""File > Committee pack...: one action writes the shown data set's report, feedback sheets and
subjects to review, under the title the user gives, into the folder the user picks; without a
per-rater fit it says what to fit. The pack is written in the worker while the window stays
alive, with progress and Cancel; a cancelled pack leaves the folder as it was."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPushButton

from tapdesk.render.pack import README_NAME, REPORT_NAME, REVIEW_NAME
from tests.gui.test_workflow import _fit

pytestmark = pytest.mark.gui


def test_the_committee_pack_action(window, qtbot, shared_data, tmp_path, monkeypatch):
    from tapdesk.gui.window import pack
    assert window.open_path(shared_data / "wine.csv")
    assert not window.action_committee_pack.isEnabled()           # nothing fitted yet
    _fit(window, qtbot, "tap", timeout=240000)
    assert window.action_committee_pack.isEnabled()
    assert pack.committee_pack(window, tmp_path / "none", "T") is None
    assert "per-rater model" in window.last_error and not (tmp_path / "none").exists()
    _fit(window, qtbot, "per-rater", timeout=240000)
    asked = []
    monkeypatch.setattr(pack.QInputDialog, "getText",
                        lambda *a, **k: (asked.append(k.get("text")) or "Wine panel, May", True))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory",
                        lambda *a, **k: str(tmp_path / "pack"))
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "minutes.txt").write_text("the last meeting", encoding="utf-8")
    ticks = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    steps = []
    with qtbot.waitSignal(pack.pack_job(window).finished, timeout=240000):
        window.action_committee_pack.trigger()
        job = window.pack_export
        job.progress.connect(steps.append)
        assert job.running and window.pack_box.isVisible()
    timer.stop()
    assert window.pack_box is None                      # closed, and deleted from the event loop
    last = steps[-1]                                   # the worker sends its steps in batches
    assert last.what == "The list of subjects to review" and last.done == last.total - 1
    assert last.total >= 4 + 2 and all(0 <= s.done < s.total for s in steps)
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > 10 and max(gaps) < 1.0      # the window kept running its timers
    assert asked == ["Committee pack"]
    for name in (REPORT_NAME, REVIEW_NAME, README_NAME, "feedback/feedback_summary.csv"):
        assert (folder / name).is_file(), name
    assert len(list((folder / "feedback").glob("feedback_*.pdf"))) == 4
    assert (folder / README_NAME).read_text(encoding="utf-8").startswith("Wine panel, May\n")
    assert "Committee pack written to" in window.statusBar().currentMessage()
    assert (folder / "minutes.txt").read_text(encoding="utf-8") == "the last meeting"
    assert not list(folder.glob(".*"))                 # no staging folder left behind


def test_a_cancelled_pack_leaves_the_folder_as_it_was(window, qtbot, shared_data, tmp_path):
    from tapdesk.gui.window import pack
    assert window.open_path(shared_data / "wine.csv")
    _fit(window, qtbot, "per-rater", timeout=240000)
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "minutes.txt").write_text("kept", encoding="utf-8")
    job = pack.pack_job(window)
    steps: list = []
    job.progress.connect(steps.append)     # the list outlives every queued progress event (a
    # nested waitSignal on progress was freed while the worker's burst of progress events was
    # still queued for it, and PySide called into the freed blocker: a crash of the test run)
    with qtbot.waitSignal(job.cancelled, timeout=60000):
        assert pack.committee_pack(window, folder, "T") is job
        qtbot.waitUntil(lambda: bool(steps), timeout=60000)
        window.pack_box.findChild(QPushButton).click()   # the box's Cancel button
    assert not job.running and window.pack_box is None
    assert sorted(p.name for p in folder.iterdir()) == ["minutes.txt"]
    assert "cancelled" in window.statusBar().currentMessage()
