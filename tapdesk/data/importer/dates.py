"""Dates and times as a file writes them: '2024-01-08', '08.01.2024', '3 Jan 2024', '0:10'."""

from __future__ import annotations

import re
import warnings

import pandas as pd

# Shapes first, then a parse: dateutil alone reads '1' or 'may' as dates, so a value is a
# date only when it is written like one and also parses as one.
_MONTH = r"(jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|sept|o[ck]t|nov|de[cz])[a-z]*\.?"
_DATE_SHAPES = (
    re.compile(r"^\d{4}-\d{1,2}-\d{1,2}([T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?"
               r"(Z|[+-]\d{2}:?\d{2})?$"),
    re.compile(r"^\d{1,2}([./-])\d{1,2}\1(\d{2}|\d{4})( \d{1,2}:\d{2}(:\d{2})?)?$"),
    re.compile(r"^\d{4}/\d{1,2}/\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?$"),
    re.compile(rf"^\d{{1,2}}[- ]?{_MONTH}[- ]?(\d{{2}}|\d{{4}})$", re.IGNORECASE),
    re.compile(rf"^{_MONTH} \d{{1,2}},? \d{{4}}$", re.IGNORECASE),
)
_TIME_SHAPE = re.compile(r"^\d{1,3}:\d{2}(:\d{2}(\.\d+)?)?(\s?[ap]\.?m\.?)?$", re.IGNORECASE)


def date_kind(text: str) -> str | None:
    """'dates' or 'times' when a value is written and parses as a date (or a date with a
    time) or as a time of day or duration; None otherwise."""
    if _TIME_SHAPE.match(text):
        parts = re.findall(r"\d+", text)
        return "times" if all(int(p) < 60 for p in parts[1:3]) else None
    if not any(s.match(text) for s in _DATE_SHAPES):
        return None
    plain = re.sub(r"(?i)\bm[aä]r", "mar", re.sub(r"(?i)\bma[iy]\b", "may", text))
    try:
        with warnings.catch_warnings():      # pandas warns of a day-first date; it is read so
            warnings.simplefilter("ignore", UserWarning)
            parsed = pd.to_datetime(plain.replace("T", " ").replace("Z", ""), errors="coerce",
                                    dayfirst="." in text)
    except (ValueError, OverflowError, TypeError):
        return None
    return None if pd.isna(parsed) else "dates"
