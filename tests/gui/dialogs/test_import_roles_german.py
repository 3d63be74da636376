"""Issue 54: the import preview in German at its opening size on a 1280 x 800 screen. The
column roles' boxes ("Merkmal des Beurteilers" the longest choice) needed 242 px in a box the
splitter gave 204: each role box and its reason ran past the box's right edge. A scroll area
that never scrolls sideways is never narrower than what it holds."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.data.readers import ImportOptions, read_text
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tapdesk.gui.selftest.layout_check import layout_problems, settle

pytestmark = pytest.mark.gui

LINES = ["subject,rater,rating"] + [f"{s},R{r},{('poor', 'fair', 'good')[(s + r) % 3]}"
                                    for s in range(1, 41) for r in range(1, 6)]


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_the_column_roles_fit_their_box(window, qtbot, code):
    getattr(window, f"action_language_{code}").trigger()
    window.resize(1280, 775)
    text = "\n".join(LINES)
    dialog = ImportPreview(window, read_text(text), ImportOptions(), text=text,
                           reread=lambda o: read_text(text, o))
    qtbot.addWidget(dialog)
    dialog.show()
    settle(QApplication.instance())
    assert dialog.width() <= 1280
    assert layout_problems(dialog) == []
    dialog.reject()
