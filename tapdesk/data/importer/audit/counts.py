"""Principle: counts are not ratings.

A cross-table of two raters' categories (the categories down the rows and again across the
columns, each cell how many subjects got that pair) read as subjects rated by "raters" named
after categories is no reading of ratings. When the rows' labels are the columns' names, the
table is read again as the cross-table it is (each count expanded into that many subjects
rated by the two raters), or refused, naming what it is, when it cannot be. The same table
in long form (a row per pair of categories with its count, as R's ``as.data.frame(table())``
or dplyr's ``count()`` write it) is refused by name.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.layouts import TOTAL_NAMES
from tapdesk.data.importer.words import fold
from tapdesk.data.wording import Name, Quoted, Wording
from tapdesk.i18n import N_

RULE = "counts"
MAX_LABELS = 60         # categories a cross-table has on a side, at the most
MEAN_COUNT = 3          # counts average at least this (ratings of a k-point scale rarely do)
MATCH = 0.6             # the share of the shorter side's labels the other side repeats


def counts_are_no_ratings(reading: Reading) -> list[Finding]:
    """Counts are not ratings: a table whose subjects carry the raters' names (categories on
    both sides) is a cross-table of counts, read as one or refused."""
    t = reading.ratings
    if reading.det.layout not in ("wide", "long") or reading.options.layout is not None or \
            max(len(t.subject_ids), len(t.rater_ids)) > MAX_LABELS:
        return []
    shared = _shared(t.subject_ids, t.rater_ids)
    if not shared or not _counted(reading, len(shared)):
        return []
    labels = Quoted(tuple(shared[:4]))
    if reading.det.layout == "long":
        # Translators: why a file is refused; {labels} categories, quoted; {column} a column.
        return [Finding(RULE, Wording.of(N_(
            "this is a cross-table of counts in long form, not ratings: each row is a pair of "
            "categories ({labels} on both sides) with how many subjects got it in {column}. "
            "Save it as a square table (one rater's categories down the rows, the other's "
            "across the columns) or as one row per subject"), labels=labels,
            column=Name(reading.det.rating)), REFUSE)]
    # Translators: a layout's reason (a clause); {labels} categories, quoted.
    reason = Wording.of(N_("a cross-table of two raters: its rows and columns are named by the "
                           "same categories ({labels}), so each cell counts the subjects that "
                           "got that pair of ratings"), labels=labels)
    # Translators: an import note; {reason} says what the table is (a clause).
    wording = Wording.of(N_("read as {reason}; not as subjects rated by raters named after "
                            "categories"), reason=reason)
    # Translators: why a file is refused; {labels} categories, quoted.
    refusal = Wording.of(N_("this is a cross-table of counts, not ratings: its rows and columns "
                            "are named by the same categories ({labels}), but it cannot be read "
                            "as two raters' counts"), labels=labels)
    return [Finding(RULE, wording, ACT, layout="contingency", action="guessed",
                    reason=reason, refusal=refusal)]


def _shared(rows: tuple[str, ...], columns: tuple[str, ...]) -> list[str]:
    """The labels the rows and the columns share (totals aside), when they are enough to say
    both sides name the same categories: a square, or one side a category short."""
    def core(labels: tuple[str, ...]) -> dict[str, str]:
        return {fold(str(x)): str(x) for x in labels if fold(str(x)) not in TOTAL_NAMES and str(x)}

    a, b = core(rows), core(columns)
    shared = [b[k] for k in b if k in a]
    if len(shared) < 2 or len(shared) < MATCH * max(len(a), len(b)) or \
            abs(len(a) - len(b)) > 1:
        return []
    return shared


def _counted(reading: Reading, k: int) -> bool:
    """The values are counts: whole numbers, more different ones than the table has
    categories (a rating scale of k categories has at most k), one for each pair of labels,
    no value labels, and :data:`MEAN_COUNT` or more on average."""
    t = reading.ratings
    numbers = reading.numbers
    if np.isnan(numbers).any() or (numbers < 0).any() or not np.all(numbers == np.round(numbers)):
        return False
    pairs = len(np.unique(t.subject.astype(np.int64) * len(t.rater_ids) + t.rater))
    total = float(numbers[t.rating].sum())
    return len(t.scale.categories) > k and pairs == t.n_ratings and not any(t.scale.labels) and \
        total >= MEAN_COUNT * t.n_ratings
