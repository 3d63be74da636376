"""Where the fonts that ship with TapDesk are (Qt-free, so tests and packaging can use it).

Searched in order: ``$TAPDESK_RESOURCES``, the PyInstaller bundle
(``sys._MEIPASS/resources``), ``tapdesk/resources`` inside the installed
package, ``<prefix>/share/tapdesk`` (wheel data files) and the source
tree's ``resources/`` folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import tapdesk

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
MONO = "DejaVuSansMono.ttf"
FAMILY = "DejaVu Sans"
MONO_FAMILY = "DejaVu Sans Mono"


def resource_dirs() -> list[Path]:
    package = Path(tapdesk.__file__).resolve().parent
    dirs = []
    if os.environ.get("TAPDESK_RESOURCES"):
        dirs.append(Path(os.environ["TAPDESK_RESOURCES"]))
    bundle = getattr(sys, "_MEIPASS", None)     # set by the PyInstaller bundle only
    if bundle:
        dirs.append(Path(bundle) / "resources")
    dirs += [package / "resources", Path(sys.prefix) / "share" / "tapdesk",
             package.parent / "resources"]
    return dirs


def fonts_dir() -> Path | None:
    """The folder holding the shipped fonts, or None when none is found."""
    for folder in resource_dirs():
        if (folder / "fonts" / REGULAR).is_file():
            return folder / "fonts"
    return None


def font_files() -> list[Path]:
    """The shipped font files that exist (regular, bold, mono)."""
    folder = fonts_dir()
    if folder is None:
        return []
    return [folder / name for name in (REGULAR, BOLD, MONO) if (folder / name).is_file()]
