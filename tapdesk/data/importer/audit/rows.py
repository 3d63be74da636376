"""Principle: a subject row holds ratings.

In a table with one row per subject, a row whose filled cells are not on the raters' scale
(a legend, a numbered note, a sign-off 'Checked by: J. Ortega', a codebook block below the
data, a second header row 'rater, A, B, C') holds no ratings and is no subject. Off the scale
means a category that no other row uses and that is a word where the ratings are numbers, or a
sentence where they are words; a line drawn with dashes (a Markdown table's alignment row
'|:---|:---:|') is on no scale. Below such
a row, the rows that still hold a value off the scale belong to the same block. The rows are
left out and named.
"""

from __future__ import annotations

import re

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Quoted, Rows, Wording

RULE = "not-a-subject"
NUMERIC_SCALE = 0.9     # ratings that are numbers, at least, for a word to be off the scale
DRAWN = re.compile(r"^[\s:|+=_-]*[-=_]{3,}[\s:|+=_-]*$")
"""A cell that draws a line ('---', ':---:', '===') rather than holding a value."""


def rows_hold_ratings(reading: Reading) -> list[Finding]:
    """A subject row holds ratings: a row whose cells are all off the raters' scale (and the
    rows below it that still hold such cells) is left out, named."""
    t = reading.ratings
    if reading.det.layout != "wide" or len(t.subject_ids) < 4:
        return []
    rare, stray = _off_scale(reading)
    drawn = np.array([bool(DRAWN.match(c)) for c in t.scale.categories], dtype=bool)
    rare, stray = rare | drawn, stray | drawn
    off_cells = _per_subject(t, rare)
    filled = np.bincount(t.subject, minlength=len(t.subject_ids))
    distinct = np.bincount(t.subject[_first_of_each(t.subject, t.rating, len(rare))],
                           minlength=len(t.subject_ids))
    # a row whose raters agree on a category nobody else got is a subject, however rare
    # (unless what they agree on is a drawn line)
    whole = np.flatnonzero((filled > 0) & (off_cells == filled) &
                           ((distinct == filled) | (_per_subject(t, drawn) == filled)))
    rows_of = reading.subject_rows      # each subject's file rows: read only when needed
    if not len(whole) or len(whole) * 2 > len(t.subject_ids) or not rows_of:
        return []
    below = _per_subject(t, stray)
    block = [s for s in range(int(whole.min()), len(t.subject_ids)) if below[s] > 0]
    subjects = sorted(set(whole.tolist()) | set(block))
    rows = tuple(sorted(r for s in subjects for r in rows_of.get(s, [])))
    if not rows:
        return []
    cells = np.isin(t.subject, subjects) & stray[t.rating]
    values = tuple(dict.fromkeys(reading.labels(t.rating[cells])))
    # Translators: an import note; {rows} names rows ("rows 18 and 19"), {values} some of
    # their cells, quoted.
    wording = Wording.ngettext(
        "{rows} left out: it holds no rating on the raters' scale ({values}), as a legend, a "
        "note or a sign-off below the data does",
        "{rows} left out: they hold no ratings on the raters' scale ({values}), as a legend, a "
        "note or a sign-off below the data does", len(rows), rows=Rows(rows),
        values=Quoted(values[:4]))
    return [Finding(RULE, wording, ACT, rows=rows)]


def _per_subject(t, categories: np.ndarray) -> np.ndarray:
    """Each subject's count of ratings in ``categories`` (a mask of the scale)."""
    return np.bincount(t.subject, weights=categories[t.rating], minlength=len(t.subject_ids))


def _off_scale(reading: Reading) -> tuple[np.ndarray, np.ndarray]:
    """Each category: off the scale alone (used by one row, and a word among numbers or a
    sentence among words), and off it beside such a row (any word among numbers)."""
    t = reading.ratings
    k = len(t.scale.categories)
    rows_using = np.bincount(t.rating[_first_of_each(t.subject, t.rating, k)], minlength=k)
    rare = rows_using <= 1
    words = np.isnan(reading.numbers)
    shared = reading.counts.sum(0) * (~rare)
    if shared.sum() and shared[~words].sum() >= NUMERIC_SCALE * shared.sum():
        return rare & words, words
    sentences = _sentences(reading)   # among words, only a sentence is surely no rating
    return rare & sentences, rare & sentences


def _sentences(reading: Reading) -> np.ndarray:
    """Each category: written as a sentence (three words or more, or 25 letters)."""
    return np.array([len(c.split()) >= 3 or len(c) >= 25 for c in reading.ratings.scale.categories],
                    dtype=bool)


def _first_of_each(subject: np.ndarray, rating: np.ndarray, k: int) -> np.ndarray:
    """The index of the first rating of each (subject, category) pair."""
    _, first = np.unique(subject.astype(np.int64) * k + rating, return_index=True)
    return first
