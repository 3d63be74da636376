"""The decimal spin box (issue 54): the locale's decimal mark written, either mark read; every
decimal spin box of the app is one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QValidator

import tapdesk.gui
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(("locale", "typed", "value"), [
    ("de", "0.05", 0.05), ("de", "0,05", 0.05), ("fr", "0.5", 0.5), ("en", "0,05", 0.05),
    ("en", "0.05", 0.05), ("es", "1.5 pts", 1.5)])
def test_either_decimal_mark_is_read(qtbot, locale, typed, value):
    box = DecimalSpinBox()
    qtbot.addWidget(box)
    box.setLocale(QLocale(locale))
    box.setDecimals(2)
    box.setSuffix(" pts" if "pts" in typed else "")
    state, _text, _pos = box.validate(typed, len(typed))
    assert state == QValidator.State.Acceptable
    assert box.valueFromText(typed) == pytest.approx(value)


def test_the_locale_mark_is_written(qtbot):
    box = DecimalSpinBox()
    qtbot.addWidget(box)
    box.setDecimals(3)
    box.setLocale(QLocale("de"))
    box.setValue(0.05)
    assert box.text() == "0,050"
    box.setLocale(QLocale("en"))
    assert box.text() == "0.050"


def test_no_decimal_spin_box_is_made_bare():
    """A bare QDoubleSpinBox reads only its locale's mark ("0.05" refused in German)."""
    root = Path(tapdesk.gui.__file__).parent
    bare = [f"{path.relative_to(root)}:{n}" for path in root.rglob("*.py")
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if re.search(r"(?<![\w.])QDoubleSpinBox\(\)|= QDoubleSpinBox\b", line)]
    assert bare == []
