"""TapDesk's icon (Qt-free): the SVG source and the PNGs rendered from it.

``packaging/linux/render_icons.py`` renders the PNGs; the app sets them as its
window icon and ``packaging/linux/install.sh`` puts them in the user's icon theme.
"""

from __future__ import annotations

from pathlib import Path

ICON_DIR = Path(__file__).resolve().parent
"""Where the icon files live (inside the package; also inside the PyInstaller bundle)."""

SVG = ICON_DIR / "tapdesk.svg"

SIZES = (16, 32, 48, 64, 128, 256, 512)
"""The rendered sizes in pixels, the usual sizes of a freedesktop icon theme."""


def png(size: int) -> Path:
    """The rendered PNG of ``size`` x ``size`` pixels."""
    return ICON_DIR / f"tapdesk-{size}.png"
