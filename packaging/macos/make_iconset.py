"""Lay TapDesk's rendered PNG icons out as a macOS ``.iconset`` folder for ``iconutil``.

Usage: ``python packaging/macos/make_iconset.py [ICONS_DIR] [OUT.iconset]``
(default: ``tapdesk/resources/icons`` -> ``build/tapdesk.iconset``), then
``iconutil -c icns build/tapdesk.iconset -o packaging/macos/tapdesk.icns``.

``iconutil`` (part of every macOS) wants fixed names: ``icon_NxN.png`` and
``icon_NxN@2x.png`` (the same point size at twice the pixels, for Retina
screens). The PNGs are the ones rendered for the Linux icon theme; the
largest, 512 pixels, serves 512 points on ordinary screens and 256 on Retina
ones (macOS scales the 1024-pixel slot from it). The release workflow runs this
and ``iconutil`` on the macOS runner before PyInstaller.
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
"""iconutil's file name -> the pixel size of the PNG that fills it."""


def make_iconset(icons: Path = ICONS, out: Path = OUT) -> Path:
    """Copy ``icons``/tapdesk-SIZE.png into ``out`` under iconutil's names."""
    pngs = icon_pngs(icons, sorted(set(ICONSET.values())))
    out.mkdir(parents=True, exist_ok=True)
    for name, size in ICONSET.items():
        shutil.copyfile(pngs[size], out / name)
    return out


def main(argv: list[str]) -> int:
    icons = Path(argv[0]) if argv else ICONS
    out = Path(argv[1]) if len(argv) > 1 else OUT
    try:
        written = make_iconset(icons, out)
    except OSError as exc:
        print(f"make_iconset: {exc}", file=sys.stderr)
        return 1
    print(f"make_iconset: {written} ({len(ICONSET)} images)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
