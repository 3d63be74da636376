"""Issue 79 (a committee's first look): after File > Committee pack the status line was the only
word that the pack was written. A box now says so, naming the folder, with **Show in folder**
(opened as the Export dialog opens what it wrote: :mod:`tapdesk.gui.opening`)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLabel

from tests import WINE
from tests.gui.test_workflow import _fit

pytestmark = pytest.mark.gui


def test_a_written_pack_is_shown_in_a_box_with_show_in_folder(window, qtbot, tmp_path, monkeypatch):
    from tapdesk.gui.window import pack
    assert window.open_path(WINE)
    _fit(window, qtbot, "per-rater", timeout=240000)
    folder = tmp_path / "pack"
    folder.mkdir()
    monkeypatch.setattr(pack.QInputDialog, "getText", lambda *a, **k: ("Wine panel", True))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    opened: list[QUrl] = []
    answers = [False, True]                 # no file manager first, then one
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or answers.pop(0))
    with qtbot.waitSignal(pack.pack_job(window).finished, timeout=240000):
        window.action_committee_pack.trigger()
    qtbot.waitUntil(lambda: getattr(window, "pack_written_box", None) is not None
                    and window.pack_written_box.isVisible(), timeout=10000)
    box = window.pack_written_box
    assert window.pack_box is None                              # the progress box is gone
    assert box.windowTitle() == "Committee pack" and box.heading.text() == "Committee pack written"
    assert box.place.path == str(folder)                        # the folder, on its own line
    assert "made from fit 1" in box.words.text()
    assert box.folder_button.text() == "Show in &folder"
    assert "Committee pack written to" in window.statusBar().currentMessage()
    qtbot.mouseClick(box.folder_button, Qt.MouseButton.LeftButton)
    assert opened == [QUrl.fromLocalFile(str(folder))]
    assert box.isVisible() and box.problem.isVisible()          # no program opened it: say so
    assert "The committee pack is in the folder below" in box.problem.text()
    assert box.problem.text().splitlines()[-1] == str(folder)
    qtbot.mouseClick(box.folder_button, Qt.MouseButton.LeftButton)
    assert opened == [QUrl.fromLocalFile(str(folder))] * 2
    assert not box.isVisible()                                  # opened: the box has done its work


def test_a_long_folder_is_shown_on_one_line_elided_in_the_middle(window, qtbot, tmp_path,
                                                                   monkeypatch):
    """Issue 79: a long folder was wrapped after a "/" ("/home/dr-mueller/" on one line, the
    rest on the next); it stands on one line, whole where it fits, else elided in the middle,
    the whole path in its tooltip."""
    from tapdesk.gui.window import pack
    assert window.open_path(WINE)
    _fit(window, qtbot, "per-rater", timeout=240000)
    folder = tmp_path / ("Gremium_Nord_2026_Qualitaetszirkel_Sitzungen_" * 3) / "committee-pack"
    folder.mkdir(parents=True)
    monkeypatch.setattr(pack.QInputDialog, "getText", lambda *a, **k: ("Wine panel", True))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    with qtbot.waitSignal(pack.pack_job(window).finished, timeout=240000):
        window.action_committee_pack.trigger()
    qtbot.waitUntil(lambda: getattr(window, "pack_written_box", None) is not None
                    and window.pack_written_box.isVisible(), timeout=10000)
    box = window.pack_written_box
    assert str(folder) not in box.words.text()                  # not in the wrapped sentence
    shown = [label for label in box.findChildren(QLabel) if label.toolTip() == str(folder)]
    assert len(shown) == 1 and not shown[0].wordWrap(), shown
    text = shown[0].text()
    assert shown[0].fontMetrics().horizontalAdvance(text) <= shown[0].contentsRect().width()
    assert text.startswith(str(folder)[:8]) and text.endswith("committee-pack") and "\u2026" in text
    box.close()
