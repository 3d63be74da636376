"""Look and feel: follow the system light/dark palette, readable fonts.

The plots' series colours are the figures' own (:mod:`tapdesk.render.plots.common`)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QProxyStyle,
    QPushButton,
    QStyle,
    QStyleOptionGroupBox,
)

ACCENT = "#0072B2"
TITLE_INDENT = 10
"""Pixels a group box's title stands in from the box's left edge."""
WARNING = "#B35900"


def apply(app: QApplication) -> None:
    """Fusion style (same look everywhere) with bold group-box titles (:class:`TapDeskStyle`),
    system palette, a slightly larger base font, and a clearly visible focus mark
    (:mod:`tapdesk.gui.widgets.focus_mark`).

    No application style sheet: with one, Qt styles every widget through its style-sheet
    engine, which made each widget dearer to build and show (20-25 ms of the first window,
    issue 41). The few named widgets get their look from :func:`pane_title`,
    :func:`main_button` and :func:`notice`.

    Once per application: setting a style again re-polishes every widget that exists, which
    took a second with a few windows open (and grew with each one).
    """
    if app.property("tapdeskStyled"):
        return
    app.setProperty("tapdeskStyled", True)
    _STYLE[:] = [TapDeskStyle()]               # kept: the application does not own it
    app.setStyle(_STYLE[0])
    font = app.font()
    if font.pointSizeF() < 10:
        font.setPointSizeF(10)
    app.setFont(font)
    from tapdesk.gui.widgets import focus_mark
    focus_mark.install(app, ACCENT)             # a clear 2 px ring round the focused control


TAB_SPACE = 12
"""Room beside a tab's words, in pixels (Fusion's 24 scrolled the results' tab bar at 1280 x
800, hiding its first tab, Data)."""


class TapDeskStyle(QProxyStyle):
    """Fusion, with each group box's title in bold, as a section heading (what the app's style
    sheet did before, without the style-sheet engine's cost on every widget)."""

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawComplexControl(self, control, option, painter, widget=None) -> None:  # noqa: N802
        if _is_group_box(control, option):
            bold, font = _bold_title(option, widget)
            painter.save()
            painter.setFont(font)
            super().drawComplexControl(control, bold, painter, widget)
            painter.restore()
            return
        super().drawComplexControl(control, option, painter, widget)

    def subControlRect(self, control, option, sub, widget=None):  # noqa: N802 - Qt API
        if not _is_group_box(control, option):
            return super().subControlRect(control, option, sub, widget)
        bold = _bold_title(option, widget)[0]
        rect = super().subControlRect(control, bold, sub, widget)
        if sub in (QStyle.SubControl.SC_GroupBoxLabel, QStyle.SubControl.SC_GroupBoxCheckBox):
            rect.translate(TITLE_INDENT, 0)      # clear of the frame's rounded corner
        return rect

    def pixelMetric(self, metric, option=None, widget=None) -> int:  # noqa: N802 - Qt API
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace:     # the results' nine tabs fit
            return TAB_SPACE                                      # 1280 pixels (not scrolled)
        return super().pixelMetric(metric, option, widget)

    def sizeFromContents(self, kind, option, size, widget=None):  # noqa: N802 - Qt API
        grown = super().sizeFromContents(kind, option, size, widget)
        if kind == QStyle.ContentsType.CT_GroupBox and isinstance(option, QStyleOptionGroupBox) \
                and option.text:                 # the box sized for its title in plain type
            font = _bold_title(option, widget)[1]
            extra = QFontMetrics(font).horizontalAdvance(option.text) \
                - option.fontMetrics.horizontalAdvance(option.text)
            grown.setWidth(grown.width() + max(0, extra) + TITLE_INDENT)
        return grown


_STYLE: list[TapDeskStyle] = []
"""The application's style, alive as long as the module (Python owns it)."""


def _is_group_box(control, option) -> bool:
    return control == QStyle.ComplexControl.CC_GroupBox and isinstance(option,
                                                                       QStyleOptionGroupBox)


def _bold_title(option: QStyleOptionGroupBox, widget) -> tuple[QStyleOptionGroupBox, QFont]:
    """``option`` with the metrics of the bold title font, and that font."""
    font = QFont(widget.font()) if widget is not None else QGuiApplication.font()
    font.setBold(True)
    bold = QStyleOptionGroupBox(option)
    bold.fontMetrics = QFontMetrics(font)
    return bold, font


def pane_title(label: QLabel) -> QLabel:
    """A pane's title ("Data", "Analysis", "Results"): bold, 13 points."""
    label.setObjectName("paneTitle")
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(13)
    label.setFont(font)
    label.setContentsMargins(0, 2, 0, 4)
    return label


def main_button(button: QPushButton) -> QPushButton:
    """The button that runs the work of its pane or dialog (Fit, Run plan): bold, roomy."""
    button.setObjectName("fitButton")
    button.setStyleSheet("font-weight: bold; padding: 6px 18px;")   # this button's only
    return button


def notice(label: QLabel) -> QLabel:
    """A notice under the results (warnings), set off by a little room."""
    label.setObjectName("notice")
    label.setContentsMargins(6, 6, 6, 6)
    return label


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
