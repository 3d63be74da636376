"""Issue 53: File > Export report lists the study plan when the report will hold it, ticked; the
report leaves it out when it is unticked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tests.gui.dialogs.test_plan_feedback import _dialog, _fit, _load_panel

pytestmark = pytest.mark.gui


def _export_dialog_seen(window) -> dict:
    """File > Export report, the dialog read and then cancelled by the user."""
    seen: dict = {}

    def read() -> None:
        dialog = QApplication.activeModalWidget()
        items = [dialog.analyses.item(i) for i in range(dialog.analyses.count())]
        seen["items"] = [item.text() for item in items]
        seen["plan"] = dialog.inputs().plan
        if dialog.plan_item is not None:
            dialog.plan_item.setCheckState(Qt.CheckState.Unchecked)
            seen["unticked"] = dialog.inputs().plan
        dialog.reject()

    QTimer.singleShot(0, read)
    window.action_export_report.trigger()
    return seen


def test_the_export_dialog_lists_the_plan_it_will_include(window, qtbot):
    _load_panel(window)
    _fit(window, qtbot, "tap")
    seen = _export_dialog_seen(window)
    assert len(seen["items"]) == 1 and seen["plan"] is None       # no plan: none listed
    window.results_pane.plan_button.click()
    dialog = _dialog(window)
    dialog.workers = 1
    dialog.raters.setText("3")
    dialog.subjects.setText("30")
    dialog.sims.setValue(10)
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.result is not None and not dialog.running, timeout=240_000)
    dialog.include.setChecked(True)
    dialog.close()
    seen = _export_dialog_seen(window)
    assert seen["items"][-1] == "Plan for the next study (after the analyses)", seen["items"]
    assert seen["plan"] is not None and seen["plan"].designs == dialog.result.designs
    assert seen["unticked"] is None                      # unticked: the report leaves it out
