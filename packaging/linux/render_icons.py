"""Render TapDesk's SVG icon to the PNG sizes of a freedesktop icon theme.

Usage (from the repository root, with the project's Python)::

    python packaging/linux/render_icons.py

Writes ``tapdesk/resources/icons/tapdesk-SIZE.png`` for every size in
:data:`tapdesk.resources.icons.SIZES`, with Qt's own SVG renderer, headless.
The PNGs are committed; run this again after changing ``tapdesk.svg``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

from tapdesk.resources import icons  # noqa: E402


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon drawn into a transparent ``size`` x ``size`` image, antialiased."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(icons.SVG))
    if not renderer.isValid():
        print(f"render_icons: {icons.SVG} is not a valid SVG", file=sys.stderr)
        return 1
    for size in icons.SIZES:
        target = icons.png(size)
        if not render(renderer, size).save(str(target), "PNG"):
            print(f"render_icons: could not write {target}", file=sys.stderr)
            return 1
        print(f"render_icons: {target.name} ({size} x {size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
