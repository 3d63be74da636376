"""Ratings read as scores: numbers too many and too fine to be a few categories.

A judge's mark out of 20 in halves, a 0-100 visual analogue score, an essay marked out of 60:
when every rating is a number and there are more of them than categories usually are (the
refusal of :func:`~tapdesk.data.importer.values.refuse_continuous`), and no narrower reading of
the raters' own scale explains them (an age or a running number read as a rater), the ratings
are scores. They are read as they are written, each number a step of an ordered scale, and
the reading says so: coefficients on distances (Krippendorff's interval and ratio alpha) use
the numbers; the t-a-p models need a cut-off that splits them into two classes.

Numbers are read so only where they are one panel's scores (:func:`scores_of_a_panel`): a
long file's column of raters, or columns named as raters or named alike ('Juré 1' ..
'Juré 4'), each rater's middle score among the others' scores. Columns each named its own
way ('Bilirubin (umol/L)', 'MELD-Na') or far apart (ages beside grades) are measurements
of different things, and the file stays refused as measurements.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.words import RATER_WORDS, looks_like_rater, name_tokens, named_alike
from tapdesk.data.scale import Scale, numeric_value
from tapdesk.data.wording import Wording, Written
from tapdesk.i18n import N_

RULE = "scores"
"""The rule's code (``--no-rule scores`` refuses such files as measurements instead)."""


MIDDLE = (10, 90)
"""The percentiles of the other raters' scores between which each rater's median must lie."""
MIN_SCORES = 3
"""Scores a rater must give, at least, for its median to be compared."""


def scores_of_a_panel(raters: tuple[str, ...], rater_codes: np.ndarray, numbers: np.ndarray,
                      *, rater_column: bool) -> bool:
    """The numbers (one a rating cell, NaN where none) are one panel's scores: the raters are a
    long file's column of raters (``rater_column``) or named as raters or alike, and each
    rater's median lies between the others' 10th and 90th percentiles."""
    if not rater_column and not (all(_names_a_rater(r) for r in raters) or
                                 all(named_alike(r, raters[0]) for r in raters[1:])):
        return False
    filled = ~np.isnan(numbers) & (rater_codes >= 0)
    if _numbers_of_things(numbers[filled]):
        return False
    return one_range([numbers[filled & (rater_codes == k)] for k in range(len(raters))])


def one_range(groups: list[np.ndarray], middle: tuple[float, float] = MIDDLE) -> bool:
    """Each group's median score lies between the ``middle`` percentiles of the others' (the
    10th and 90th: one panel's raters of the same subjects; 0 and 100 for the questions of a
    form, each its own intensity on one scale; groups of fewer than three scores are not
    judged): one scale's scores, not an age beside grades or a time beside a count."""
    for k, own in enumerate(groups):
        others = np.concatenate([g for j, g in enumerate(groups) if j != k] or [np.array([])])
        if len(own) < MIN_SCORES or len(others) < MIN_SCORES:
            continue
        low, high = np.percentile(others, middle)
        if not low <= float(np.median(own)) <= high:
            return False
    return True


def _numbers_of_things(numbers: np.ndarray) -> bool:
    """Whole numbers, every one different across the whole table: a number for each thing (a
    candidate's number in a seating plan), not scores, which repeat where raters agree."""
    return len(numbers) >= MIN_NUMBERED and bool(np.all(numbers == np.round(numbers))) and \
        len(np.unique(numbers)) == len(numbers)


MIN_NUMBERED = 20
"""Cells a table of numbers must fill, at least, before no repeat among them marks them as ids."""


def _names_a_rater(name: str) -> bool:
    return looks_like_rater(name) or any(w in RATER_WORDS for w in name_tokens(name))


def note_scores(scale: Scale, book: NoteBook) -> None:
    """Say that the ratings were read as scores, their count and range, and what follows."""
    numbered = sorted((v, c) for c in scale.categories if (v := numeric_value(c)) is not None)
    # Translators: an import note; {n} how many distinct numbers the ratings hold; {low} and
    # {high} the smallest and the largest, as the file writes them.
    book.add(RULE, Wording.of(N_("the ratings are read as scores ({n} distinct numbers from "
                                 "{low} to {high}: too many for categories): agreement "
                                 "coefficients on distances (Krippendorff's interval alpha) use "
                                 "them as numbers; the t-a-p models need a cut-off that splits "
                                 "them into two classes (Class 1 = at or below it)"),
                              n=len(numbered), low=Written(numbered[0][1]),
                              high=Written(numbered[-1][1])),
             action="guessed", settings=("categories", "max_categories"))
