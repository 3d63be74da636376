"""Principle: categories are plausible.

Ratings are given from a scale: each category is given to several subjects. A reading in
which no category is given twice and words stand among the categories (a legend of codes
and their meanings, a list of notes) is no set of ratings: refused into the preview, naming
what was read.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Count, Quoted, Wording
from tapdesk.i18n import N_

RULE = "categories"
MIN_RATINGS = 6


def categories_repeat(reading: Reading) -> list[Finding]:
    """Categories are plausible: a reading whose every rating is a different category, words
    among them, is a legend or a list, not ratings."""
    counts = reading.given
    used = counts[counts > 0]
    if used.sum() < MIN_RATINGS or used.max() > 1 or not np.isnan(reading.numbers[counts > 0]).any():
        return []
    shown = tuple(reading.labels(np.flatnonzero(counts))[:4])
    # Translators: why a file is refused; {n} a count of ratings, {values} some of them, quoted.
    return [Finding(RULE, Wording.of(N_("nothing here is ratings: each of the {n} values read as "
                                        "ratings ({values}) is given once, as in a legend of "
                                        "codes and their meanings or a list of notes, while "
                                        "ratings repeat the categories of a scale; open the sheet "
                                        "or file of the ratings"),
                                     n=Count(int(used.sum())), values=Quoted(shown)), REFUSE)]
