"""The page and the Qt application the drawing needs: page sizes and margins, the body where text
and figures go, and the fonts that ship with the app (embedded, so the text renders the same
everywhere). Everything else in :mod:`tapdesk.render` lays out and draws on these pages."""

from __future__ import annotations

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QFontDatabase, QGuiApplication, QPageLayout, QPageSize

from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted
from tapdesk.report import fonts

PAGE_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
DPI = 300
PX_PER_MM = DPI / 25.4
MARGINS_MM = (18.0, 16.0, 18.0, 14.0)      # left, top, right, bottom
FOOTER_MM = 15.0


def ensure_app() -> QGuiApplication:
    """The running Qt application, or a new QApplication (offscreen when there is no display)."""
    app = QGuiApplication.instance()
    if app is None:
        from tapdesk.render.display import draw_offscreen_without_display
        draw_offscreen_without_display()
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
    return app


def load_fonts() -> tuple[str, str]:
    """Register the shipped fonts; (family, mono family) to use."""
    families = []
    for path in fonts.font_files():
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families += QFontDatabase.applicationFontFamilies(font_id)
    family = fonts.FAMILY if fonts.FAMILY in families else "Sans Serif"
    mono = fonts.MONO_FAMILY if fonts.MONO_FAMILY in families else "Monospace"
    return family, mono


def not_a_page_size(page_size: str) -> str:
    """Why ``page_size`` is refused, in the language it is read in."""
    # Translators: A4 and Letter are the paper sizes' names; {size} the size given.
    return said("page size must be A4 or Letter, not {size}", size=made(quoted, page_size))


def page_layout(page_size: str) -> QPageLayout:
    """The pages' size, orientation and margins; ``page_size`` "A4" or "Letter"."""
    key = page_size.lower()
    if key not in PAGE_SIZES:
        raise SettingError(not_a_page_size(page_size))
    left, top, right, bottom = MARGINS_MM
    return QPageLayout(QPageSize(PAGE_SIZES[key]), QPageLayout.Orientation.Portrait,
                       QMarginsF(left, top, right, bottom), QPageLayout.Unit.Millimeter)


def page_body(page_size: str) -> tuple[float, float]:
    """(text width, page body height) in device pixels: the paint rectangle (whole pixels)
    less the footer."""
    paint = page_layout(page_size).paintRectPixels(DPI)
    return float(paint.width()), paint.height() - FOOTER_MM * PX_PER_MM


def figure_area(page_size: str) -> tuple[float, float]:
    """(text width, page body height) in millimetres, where the figures are sized."""
    width, body_h = page_body(page_size)
    return width / PX_PER_MM, body_h / PX_PER_MM
