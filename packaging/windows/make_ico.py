"""Pack TapDesk's rendered PNG icons into one Windows ``.ico`` file.

Usage: ``python packaging/windows/make_ico.py [ICONS_DIR] [OUT.ico]``
(default: ``tapdesk/resources/icons`` -> ``packaging/windows/tapdesk.ico``).

An ``.ico`` is a small directory of images; since Windows Vista each image may be
a whole PNG file, which is what this writes, one entry per size from 16 to 256
pixels (the largest an ``.ico`` holds). The PNGs are the ones rendered for the
Linux icon theme, so every size is the hand-checked rendering and not a
downscale, and no image library is needed: the release workflow runs this on
the Windows runner before PyInstaller (the spec and the Inno Setup script use
the result). Qt's ICO reader (the ``qico`` plugin) reads the file back in
``tests/packaging/test_platforms.py``.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from platform_choices import ICONS, ROOT, icon_pngs  # noqa: E402

OUT = ROOT / "packaging" / "windows" / "tapdesk.ico"
SIZES = (16, 32, 48, 64, 128, 256)
"""The sizes packed: Windows picks 16, 32 and 48 for lists and 256 for large icons."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG file, from its header chunk."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def ico_bytes(pngs: list[bytes]) -> bytes:
    """An ``.ico`` holding each PNG as one image (square, at most 256 pixels)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))          # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(pngs)
    entries, images = [], []
    for data in pngs:
        width, height = png_size(data)
        if width != height or not 1 <= width <= 256:
            raise ValueError(f"an .ico image must be square and at most 256 pixels, not {width}x{height}")
        side = width % 256                                  # 256 is written as 0
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        images.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(images)


def make_ico(icons: Path = ICONS, out: Path = OUT) -> Path:
    """Write ``out`` from ``icons``/tapdesk-SIZE.png for every size in :data:`SIZES`."""
    pngs = icon_pngs(icons, SIZES)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(ico_bytes([pngs[size].read_bytes() for size in SIZES]))
    return out


def main(argv: list[str]) -> int:
    icons = Path(argv[0]) if argv else ICONS
    out = Path(argv[1]) if len(argv) > 1 else OUT
    try:
        written = make_ico(icons, out)
    except (OSError, ValueError) as exc:
        print(f"make_ico: {exc}", file=sys.stderr)
        return 1
    print(f"make_ico: {written} ({len(SIZES)} sizes, {written.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
