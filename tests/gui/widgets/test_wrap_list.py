"""The Class 1 categories' list (a wrapping list) keeps its whole frame at 150% (issue 53: at
1920 x 1080 at 150% its top and bottom lines were gone)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.gui

DRAW = r"""
import json
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidgetItem, QVBoxLayout, QWidget
from tapdesk.gui.app import make_app
from tapdesk.gui.widgets.wrap_list import WrapList
app = make_app()
found = []
for top in (2, 3):                      # an even and an odd logical top
    host = QWidget()
    layout = QVBoxLayout(host)
    layout.setContentsMargins(10, top, 10, 10)
    box = WrapList()
    layout.addWidget(box)
    layout.addStretch()
    item = QListWidgetItem("no medal (1)")
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Unchecked)
    box.addItem(item)
    box.setEnabled(False)                # as when Class 1 is chosen by a cut
    host.resize(300, 120)
    host.show()
    app.processEvents()
    image = host.grab().toImage()
    ratio = image.devicePixelRatio()
    x = int((box.x() + box.width() - 12) * ratio)      # right of the items
    def darkest(first, last):
        return min(QColor(image.pixel(x, y)).lightness() for y in range(first, last))
    edge_top, edge_bottom = int(box.y() * ratio), int((box.y() + box.height()) * ratio)
    inside = QColor(image.pixel(x, (edge_top + edge_bottom) // 2)).lightness()
    found.append({"ratio": ratio, "inside": inside,
                  "top": darkest(edge_top, edge_top + 3),
                  "bottom": darkest(edge_bottom - 3, edge_bottom)})
    host.hide()
print(json.dumps(found))
"""


def test_the_categories_frame_is_whole_at_150_percent(tmp_path):
    """Drawn at 150% (in a process of its own: the scale is set before Qt starts), the frame's
    top and bottom lines are darker than the list inside them, at an even and an odd top."""
    env = {**os.environ, "QT_SCALE_FACTOR": "1.5", "QT_QPA_PLATFORM": "offscreen",
           "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", DRAW], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    for drawn in json.loads(done.stdout.strip().splitlines()[-1]):
        assert drawn["ratio"] == 1.5
        assert drawn["top"] < drawn["inside"] - 20, drawn
        assert drawn["bottom"] < drawn["inside"] - 20, drawn
