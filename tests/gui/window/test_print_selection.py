"""File > Print prints the fits File > Export report last wrote (issue 79: one report job):
a fit left unticked in the Export dialog is left out of the printed report too, and the
dialog opens next time with it unticked; a fit added later is ticked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tests.gui.dialogs.test_plan_feedback import _fit, _load_panel
from tests.gui.window.test_one_story import _print, export_to
from tests.render.pdftext import pdf_text

pytestmark = pytest.mark.gui


def _export_without(window, path, left: int) -> list[bool]:
    """File > Export report with analysis ``left`` unticked; the ticks the dialog opened with."""
    opened: list[bool] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExportDialog):
            QTimer.singleShot(50, answer)
            return
        items = [dialog.analyses.item(i) for i in range(len(dialog.candidates))]
        opened.extend(item.checkState() == Qt.CheckState.Checked for item in items)
        if left is not None:
            items[left].setCheckState(Qt.CheckState.Unchecked)
        export_to(dialog, path)

    QTimer.singleShot(0, answer)
    window.action_export_report.trigger()
    assert opened and path.exists()
    return opened


def test_print_leaves_out_the_fit_export_left_out(window, qtbot, tmp_path):
    _load_panel(window)
    _fit(window, qtbot, "tap")
    _fit(window, qtbot, "tap-a0a1")
    assert _export_without(window, tmp_path / "exported.pdf", left=1) == [True, True]
    exported = pdf_text(tmp_path / "exported.pdf")
    (tmp_path / "print").mkdir()
    printed = pdf_text(_print(window, qtbot, tmp_path / "print"))
    for text in (exported, printed):
        assert "Analysis 1" in text and "Analysis 2" not in text
    _fit(window, qtbot, "tap-p0p1")
    ticks = _export_without(window, tmp_path / "again.pdf", left=None)
    assert ticks == [True, False, True]            # as last written; the new fit ticked
