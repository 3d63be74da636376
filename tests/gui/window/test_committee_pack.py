"""File > Committee pack...: one action writes the shown data set's report, feedback sheets and
subjects to review, under the title the user gives, into the folder the user picks; without a
per-rater fit it says what to fit."""

from __future__ import annotations

import pytest

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
    window.action_committee_pack.trigger()
    folder = tmp_path / "pack"
    assert asked == ["Committee pack"]
    for name in (REPORT_NAME, REVIEW_NAME, README_NAME, "feedback/feedback_summary.csv"):
        assert (folder / name).is_file(), name
    assert len(list((folder / "feedback").glob("feedback_*.pdf"))) == 4
    assert (folder / README_NAME).read_text(encoding="utf-8").startswith("Wine panel, May\n")
    assert "Committee pack written to" in window.statusBar().currentMessage()
