"""File > Export report's *Approval by* box, through the window: the signers typed there are
in the written report's approval block, and are kept for the next export."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tapdesk.report.approval import APPROVAL_TITLE, SIGNATURE_LINE
from tests.gui.dialogs.test_plan_feedback import _fit, _load_panel
from tests.report.test_approval import flat, written_text

pytestmark = pytest.mark.gui

TYPED = "Ada Lovelace, chair\n\n  Bob Smith ,  statistician  \n"


def answer_export(path, typed: str, seen: list) -> None:
    """Fill the Export dialog as a user does once it is open, and press Export."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, ExportDialog):            # not open yet: look again shortly
        QTimer.singleShot(50, lambda: answer_export(path, typed, seen))
        return
    seen.append(dialog)
    dialog.signers.setPlainText(typed)
    dialog.format.setCurrentIndex(dialog.format.findData(path.suffix[1:]))
    dialog.path.setText(str(path))
    dialog.exported.connect(lambda _: dialog.accept())
    dialog.job.failed.connect(lambda message, details: dialog.reject())
    dialog.export_button.click()


@pytest.mark.parametrize("suffix", [".pdf", ".docx"])
def test_signers_typed_in_the_export_dialog_sign_the_written_report(window, qtbot, tmp_path,
                                                                     suffix):
    _load_panel(window)
    _fit(window, qtbot, "tap")
    path = tmp_path / f"signed{suffix}"
    seen: list = []
    QTimer.singleShot(0, lambda: answer_export(path, TYPED, seen))
    window.findChild(QAction, "action_export_report").trigger()
    assert seen and path.exists(), seen and seen[0].error.text()
    text = written_text(path)
    block = flat(text[text.rindex(APPROVAL_TITLE):])
    assert flat("Ada Lovelace, chair") in block and flat("Bob Smith, statistician") in block
    assert block.count(flat(SIGNATURE_LINE)) == 2
    again = ExportDialog(window.report_candidates(), window)     # kept for the next export
    qtbot.addWidget(again)
    assert again.signers.toPlainText() == TYPED.strip()
    assert again.signer_texts() == ("Ada Lovelace, chair", "Bob Smith, statistician")


def test_a_signer_line_without_a_name_is_shown_in_the_dialog(window, qtbot, tmp_path):
    _load_panel(window)
    _fit(window, qtbot, "tap")
    dialog = ExportDialog(window.report_candidates(), window)
    qtbot.addWidget(dialog)
    dialog.signers.setPlainText(", chair")
    dialog.path.setText(str(tmp_path / "r.pdf"))
    assert not dialog.export(ask=False)
    assert dialog.error.isVisibleTo(dialog) and "Name, role" in dialog.error.text()
    assert not (tmp_path / "r.pdf").exists()


def test_the_committee_pack_from_the_menu_carries_the_signers_set_for_export(
        window, qtbot, tmp_path, monkeypatch):
    from tapdesk.gui import settings
    from tapdesk.gui.window import pack
    _load_panel(window)
    _fit(window, qtbot, "per-rater")
    settings.set_values({"report/sign": "Ada Lovelace, chair"})     # as an export leaves it
    monkeypatch.setattr(pack.QInputDialog, "getText", lambda *a, **k: ("Panel, May", True))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory",
                        lambda *a, **k: str(tmp_path / "pack"))
    with qtbot.waitSignal(pack.pack_job(window).finished, timeout=240000):
        window.findChild(QAction, "action_committee_pack").trigger()
    text = written_text(tmp_path / "pack" / "report.pdf")
    block = flat(text[text.rindex(APPROVAL_TITLE):])
    assert flat("Ada Lovelace, chair") in block and flat(SIGNATURE_LINE) in block
