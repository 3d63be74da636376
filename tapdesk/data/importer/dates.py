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


_DAY_OF_YEAR = re.compile(
    r"^(?:[^\W\d_]{2,9}\.?,?\s+)?(?P<a>\d{1,2})[./](?P<b>\d{1,2})\.?"
    r"(?:\s*(?:[ap]\.?m\.?|vm|nm|matin|soir))?$", re.IGNORECASE)
"""A day of the year without its year, perhaps with its weekday and half of the day: '01/07',
'Mon 03/11 AM', '03.11.'."""
MIN_DAYS = 3
"""Headers, at least, that make a run of days."""


def dated_headers(names: list[str]) -> bool:
    """Every one of ``names`` is a date ('2025-01-06'), or all are days of the year without
    the year ('01/07', '02/07' .. '21/07'; 'Mon 03/11 AM', 'Mon 03/11 PM'), three days or
    more in the order of the calendar (read day first or month first), over at most half as
    many months as days: the headers of a chart kept day by day. Fractions ('1/2', '2/3',
    '3/4': a month for every day) are no run of days."""
    if len(names) < MIN_DAYS:
        return False
    if all(date_kind(str(n)) == "dates" for n in names):
        return True
    days = [_DAY_OF_YEAR.match(str(n).strip()) for n in names]
    if not all(days):
        return False
    pairs = [(int(m.group("a")), int(m.group("b"))) for m in days if m is not None]
    return len(set(pairs)) >= MIN_DAYS and \
        (_calendar([(b, a) for a, b in pairs]) or _calendar(pairs))


def dated_share(names: list[str]) -> float:
    """The share of ``names`` that are the days of a chart kept day by day
    (:func:`dated_headers`: those written as dates or days, taken together), 0 when they are
    no such run."""
    days = [str(n) for n in names if written_as_day(str(n))]
    return len(days) / len(names) if names and dated_headers(days) else 0.0


def written_as_day(text: str) -> bool:
    """``text`` is a date, or a day of the year without its year ('01/07', 'Mon 03/11 AM')."""
    return date_kind(text) == "dates" or _DAY_OF_YEAR.match(text.strip()) is not None


def _calendar(keys: list[tuple[int, int]]) -> bool:
    """(month, day) keys, each a real day, in the order of the calendar, over at most half as
    many months as days."""
    months = {m for m, _ in keys}
    return all(1 <= m <= 12 and 1 <= d <= 31 for m, d in keys) and keys == sorted(keys) and \
        2 * len(months) <= len(set(keys))
