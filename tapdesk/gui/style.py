"""Look and feel: follow the system light/dark palette, readable fonts.

The plots' series colours are the figures' own (:mod:`tapdesk.render.plots.common`)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QComboBox

ACCENT = "#0072B2"
WARNING = "#B35900"


def apply(app: QApplication) -> None:
    """Fusion style (same look everywhere), system palette, a slightly larger base font, and
    a clearly visible focus mark (:mod:`tapdesk.gui.widgets.focus_mark`).

    Once per application: setting a style or style sheet again re-polishes every widget
    that exists, which took a second with a few windows open (and grew with each one).
    """
    if app.property("tapdeskStyled"):
        return
    app.setProperty("tapdeskStyled", True)
    app.setStyle("Fusion")
    font = app.font()
    if font.pointSizeF() < 10:
        font.setPointSizeF(10)
    app.setFont(font)
    app.setStyleSheet(STYLESHEET)
    from tapdesk.gui.widgets import focus_mark
    focus_mark.install(app, ACCENT)             # a clear 2 px ring round the focused control


def narrow_combo(combo: QComboBox, chars: int = 12) -> QComboBox:
    """Let ``combo`` be narrower than its longest entry (``chars`` characters at least).

    A combo box sized to its longest entry made the options pane wider than its
    view: the combo boxes and spin arrows sat under the scrollbar. The popup still
    shows every entry whole.
    """
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)
    return combo


def heading_font(size_delta: float = 3, bold: bool = True) -> QFont:
    app = QGuiApplication.instance()
    font = QFont(app.font()) if app else QFont()
    font.setPointSizeF(font.pointSizeF() + size_delta)
    font.setBold(bold)
    return font


STYLESHEET = """
QGroupBox { font-weight: bold; margin-top: 14px; padding-top: 6px; }
QGroupBox::title { subcontrol-origin: margin; left: 8px; padding: 0 4px; }
QPushButton#fitButton { font-weight: bold; padding: 6px 18px; }
QLabel#paneTitle { font-weight: bold; font-size: 13pt; padding: 2px 0 4px 0; }
QTextBrowser#summary { border: 1px solid palette(mid); border-radius: 4px; padding: 6px; }
QLabel#notice { padding: 6px; border-radius: 4px; }
"""
