"""Numbers and dates the report's own code writes, in the report's language.

English keeps each number's own path byte for byte (the engine's ``number_text`` with its real
minus sign); another language writes the same digits with its decimal mark and grouping through
:mod:`tapdesk.i18n.formats` (Babel), so a German report shows "0,540" where the English shows
"0.540", from the same value and the same number of decimals.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

from tapdesk.engine.words import number_text
from tapdesk.i18n import _, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown


def local_number(value: float | None, spec: str = ".3f") -> str:
    """``value`` as ``number_text(value, spec)`` writes it, in the current language: the same
    decimals (a spec's own, or those ``g`` chose), a percent spec as a percent, exponents kept."""
    if is_source() or value is None or not math.isfinite(value):
        return number_text(value, spec)
    if spec.endswith("%"):
        return formats.percent(value, int(spec[1:-1] or 0))
    english = format(value, spec)
    if "e" in english.lower() or "n" in english.lower():    # an exponent or inf/nan: as written
        return number_text(value, spec)
    digits = len(english.split(".")[1]) if "." in english else 0
    if digits == 0 and float(value).is_integer() and "," in format(value, spec.replace("d", ",d")):
        return formats.integer(int(value))
    return formats.decimal(float(value), digits)


def fixed(value: float | None, digits: int = 3) -> str:
    """``fmt(value, digits)`` in the current language ("0.540", "0,540")."""
    return local_number(value, f".{digits}f")


def shown_cell(value: Any, spec: str) -> str:
    """A table cell's text in a language other than English (``format_cell``'s English path
    stays as it was): numbers by :func:`local_number`, a placeholder word translated."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        text = str(value)
        return _(text) if text in _CELL_WORDS else text
    if spec:
        return local_number(value, spec)
    if isinstance(value, float):
        return local_number(value, ".4g")
    return str(value)


_CELL_WORDS = frozenset({"not identified", "undefined", "none"})
"""Words a numeric column holds instead of a number (``document.PLACEHOLDERS``, marked there)."""


def local_date(created: str) -> str:
    """The report's date (an ISO day, "2026-11-25") as the language writes a day; English and
    anything that is not an ISO day as it is."""
    if is_source():
        return created
    try:
        day = dt.date.fromisoformat(created)
    except ValueError:
        return created
    return formats.date(day)


_INTERVAL_COLUMN = re.compile(r"^(\d+(?:\.\d+)?)% (credible interval|interval)$")


def interval_title(name: str) -> str:
    """"95% interval" (the engine's words) in the current language, as a sentence says it."""
    if is_source():
        return name
    found = _INTERVAL_COLUMN.match(name)
    if not found:
        return shown(name)
    level = formats.percent(float(found.group(1)) / 100, len((found.group(1) + ".").split(".")[1]))
    # Translators: a table column; {level} is an interval's level ("95 %").
    return (_("{level} credible interval") if found.group(2) == "credible interval"
            else _("{level} interval")).format(level=level)


def column_title(name: str) -> str:
    """A table column's printed name: the model keeps the English (exported files' column names
    stay English), the page shows it translated, an interval's name with its level and a
    capital, as a heading starts (French and Spanish put the word first: "Intervalle à 95 %")."""
    if is_source() or not _INTERVAL_COLUMN.match(name):
        return interval_title(name)
    title = interval_title(name)
    return title[:1].upper() + title[1:]


def interval_cell(low: float, high: float, digits: int = 3) -> str:
    """"0,346 bis 0,526" held together by no-break spaces (English keeps its own path)."""
    return formats.interval(low, high, digits).replace(" ", "\u00a0")
