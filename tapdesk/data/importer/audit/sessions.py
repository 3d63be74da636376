"""Principle: a rater rates a subject once in each reading.

When a rater's ratings of one subject repeat (test-retest, two sessions, two time points) and
a column the reading left unused tells the repeats apart (T1/T2, session 1/2), that column is
the reading: it is read as the item, so each session is analysed on its own (and the two can
be compared), never pooled as if one rater had rated one subject twice at once.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.summary import repeated_pairs
from tapdesk.data.wording import Count, Listed, Name, Wording
from tapdesk.i18n import N_

RULE = "sessions"
MAX_ROWS = 200_000      # a larger long file is a crowd's: its repeats are said, not read
MAX_SESSIONS = 6


def ratings_once_per_session(reading: Reading) -> list[Finding]:
    """A rater rates a subject once in each reading: an unused column that tells repeated
    ratings apart is read as the item (the session)."""
    det, table, t = reading.det, reading.table, reading.ratings
    if det.layout != "long" or det.item or not det.subject or not det.rater or \
            not det.rating or len(table.rows) > MAX_ROWS or not repeated_pairs(t):
        return []
    used = {det.subject, det.rater, det.rating}
    filled = np.array([bool(x) for x in table.texts(det.rating)])
    pairs = _codes(table, [det.subject, det.rater])[filled]
    for column in table.columns:
        if column in used or reading.user_named(column):
            continue
        values = np.array(table.texts(column), dtype=object)[filled]
        kinds = sorted(set(values.tolist()) - {""})
        if not 2 <= len(kinds) <= MAX_SESSIONS or (values == "").any():
            continue
        keyed = pairs * (len(kinds) + 1) + np.searchsorted(kinds, values)
        if len(np.unique(keyed)) == len(keyed):
            # Translators: an import note; {column} a column's name, {values} its values
            # listed, {n} a count of ratings.
            wording = Wording.of(N_("column {column} is read as the item (the session): it "
                                    "tells apart the {n} ratings that repeat a subject and "
                                    "rater ({values}), so each session is analysed on its own, "
                                    "not pooled"),
                                 column=Name(column), values=Listed(tuple(kinds)),
                                 n=Count(repeated_pairs(t)))
            return [Finding(RULE, wording, ACT, (column,), roles=((column, "item"),),
                            action="guessed")]
    return []


def _codes(table, columns: list[str]) -> np.ndarray:
    """Each row's code of its values in ``columns`` taken together."""
    joined = ["\x1f".join(row) for row in zip(*(table.texts(c) for c in columns))]
    _, codes = np.unique(np.array(joined, dtype=object), return_inverse=True)
    return codes.astype(np.int64)
