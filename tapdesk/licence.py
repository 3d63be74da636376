"""TapDesk's own licence text (GPL-3.0-or-later), wherever TapDesk is running from.

The one copy is ``LICENSE`` at the top of the source tree. It travels:

- in the wheel, as ``licenses/LICENSE`` in the distribution's metadata (PEP 639, ``license-files``);
- in the standalone bundle, at the top of the bundle's data folder (``sys._MEIPASS``);
- in a source checkout or editable install, beside the ``tapdesk`` package folder.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

LICENCE_NAME = "GNU General Public License, version 3 or later (GPL-3.0-or-later)"


def _from_metadata() -> str | None:
    try:
        dist = metadata.distribution("tapdesk")
    except metadata.PackageNotFoundError:
        return None
    for name in ("licenses/LICENSE", "LICENSE"):
        text = dist.read_text(name)
        if text:
            return text
    return None


def _candidate_files() -> list[Path]:
    package = Path(__file__).resolve().parent
    places = [package.parent / "LICENSE"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        places.insert(0, Path(bundle) / "LICENSE")
    return places


def licence_text() -> str | None:
    """The full licence text, or None when no copy can be found (a broken install)."""
    for place in _candidate_files():
        if place.is_file():
            return place.read_text(encoding="utf-8")
    return _from_metadata()
