"""Lay TapDesk's rendered PNG icons out as a macOS ``.iconset`` folder for ``iconutil``.

Usage: ``python packaging/macos/make_iconset.py [ICONS_DIR] [OUT.iconset]``
(default: ``tapdesk/resources/icons`` -> ``build/tapdesk.iconset``), then
``iconutil -c icns build/tapdesk.iconset -o packaging/macos/tapdesk.icns``.

``iconutil`` (part of every macOS) wants fixed names: ``icon_NxN.png`` and
``icon_NxN@2x.png`` (the same point size at twice the pixels, for Retina
screens). The PNGs are the ones rendered for the Linux icon theme; the
1024-pixel slot (512 points on Retina screens) is rendered here from the SVG
source, ``tapdesk.svg`` in the same folder, with Qt's SVG renderer
(``packaging/linux/render_icons.py``), so no 1024-pixel PNG is carried in the
bundles. The release workflow runs this and ``iconutil`` on the macOS runner
before PyInstaller.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from platform_choices import ICONS, ROOT, icon_pngs  # noqa: E402

OUT = ROOT / "build" / "tapdesk.iconset"
ICONSET = {
    "icon_16x16.png": 16, "icon_16x16@2x.png": 32,
    "icon_32x32.png": 32, "icon_32x32@2x.png": 64,
    "icon_128x128.png": 128, "icon_128x128@2x.png": 256,
    "icon_256x256.png": 256, "icon_256x256@2x.png": 512,
    "icon_512x512.png": 512,
}
LARGEST = ("icon_512x512@2x.png", 1024)
"""The slot rendered from the SVG: iconutil's name and its pixel size."""
"""iconutil's file name -> the pixel size of the PNG that fills it."""


def make_iconset(icons: Path = ICONS, out: Path = OUT) -> Path:
    """Copy ``icons``/tapdesk-SIZE.png into ``out`` under iconutil's names."""
    pngs = icon_pngs(icons, sorted(set(ICONSET.values())))
    out.mkdir(parents=True, exist_ok=True)
    for name, size in ICONSET.items():
        shutil.copyfile(pngs[size], out / name)
    render_svg(icons / "tapdesk.svg", LARGEST[1], out / LARGEST[0])
    return out


def render_svg(svg: Path, size: int, target: Path) -> None:
    """``svg`` drawn at ``size`` x ``size`` pixels into the PNG ``target`` (Qt, headless)."""
    import os
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT / "packaging" / "linux"))
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtSvg import QSvgRenderer
    from render_icons import render
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise OSError(f"{svg} is not a valid SVG")
    if not render(renderer, size).save(str(target), "PNG"):
        raise OSError(f"could not write {target}")


def main(argv: list[str]) -> int:
    icons = Path(argv[0]) if argv else ICONS
    out = Path(argv[1]) if len(argv) > 1 else OUT
    try:
        written = make_iconset(icons, out)
    except OSError as exc:
        print(f"make_iconset: {exc}", file=sys.stderr)
        return 1
    print(f"make_iconset: {written} ({len(ICONSET) + 1} images)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
