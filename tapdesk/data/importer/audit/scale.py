"""Principle: categories are plausible.

Ratings are given from a scale: each category is given to several subjects. A reading in
which no category is given twice and words stand among the categories (a legend of codes
and their meanings, a list of notes) is no set of ratings: refused into the preview, naming
what was read. A cell that holds a rating and a share or score beside it in brackets ('B
(70%)', 'pos [0.8]') is not a category of its own: when such cells make up the scale, each is
read as its rating, said (the extras are not read); so is a rating with a remark in brackets
that follows several ratings given alone too ('2 (sure)', '1 (sure)').
"""

from __future__ import annotations

import re

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, FLAG, REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.values import (
    CODE_AND_LABEL,
    FOOTNOTED,
    RATING_AND_EXTRA,
    REMARKED,
    rating_of,
)
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


EXTRAS = "structured-cells"
WITH_EXTRAS = 0.5       # the share of the ratings that hold an extra, at least


def ratings_without_extras(reading: Reading) -> list[Finding]:
    """Categories are plausible: 'B (70%)' and 'B (40%)' are one category, 'B', with a share
    or score beside it; read so when such cells make up half the ratings or more and the
    ratings without their extras are fewer categories."""
    if reading.options.split_extras:
        return []
    counts = reading.given
    cats = reading.ratings.scale.categories
    bare_given = {c.casefold() for c, n in zip(cats, counts) if n}
    coded = np.array([_coded(c, bare_given) for c in cats], dtype=bool)
    marked = np.array([_marked(c, bare_given) for c in cats], dtype=bool)
    remarked = _remarked(cats, counts, bare_given)
    extra = np.array([bool(RATING_AND_EXTRA.match(c)) for c in cats], dtype=bool) | coded | marked
    extra |= remarked
    coded |= marked | remarked  # said by their own sentence, whatever share they are
    if not extra.any() or (not coded.any() and counts[extra].sum() < WITH_EXTRAS * counts.sum()):
        return []
    bare = {rating_of(c) for c, n in zip(cats, counts) if n}
    if len(bare) >= int(np.count_nonzero(counts)):
        return []
    first = {rating_of(c): c for c, e, n in reversed(list(zip(cats, extra, counts))) if e and n}
    shown = tuple(first.values())[:3]             # one cell of each rating
    values = dict(values=Quoted(shown), ratings=Quoted(tuple(rating_of(c) for c in shown)))
    # Translators: an import note; {values} cells of the file, quoted; {ratings} the ratings
    # read from them, quoted.
    wording = Wording.of(N_("cells such as {values} hold a rating and, in brackets, a share or "
                            "score beside it: each is read as its rating ({ratings}); what "
                            "stands in the brackets is not read"), **values)
    if remarked.any():
        # Translators: an import note; {values} cells of the file, quoted; {ratings} the
        # ratings read from them, quoted.
        wording = Wording.of(N_("cells such as {values} add a remark in brackets to a rating "
                                "the other cells write alone, the same remark after several "
                                "ratings: each is read as its rating ({ratings}); the remark is "
                                "not read"), **values)
    elif marked.any():
        # Translators: an import note; {values} cells of the file, quoted; {ratings} the
        # ratings read from them, quoted.
        wording = Wording.of(N_("cells such as {values} mark a rating the other cells write "
                                "alone with a footnote sign: each is read as its rating "
                                "({ratings}); the sign is not read"), **values)
    elif coded.any():
        # Translators: an import note; {values} cells of the file, quoted; {ratings} the
        # labels read from them, quoted.
        wording = Wording.of(N_("cells such as {values} write a code before the label the "
                                "other cells write alone: each is read as its label "
                                "({ratings}), one category with it"), **values)
    return [Finding(EXTRAS, wording, ACT, extras=True, action="guessed")]


def _marked(category: str, given: set[str]) -> bool:
    """A footnote sign after a rating that is given alone too ('3*' beside '3')."""
    found = FOOTNOTED.match(category)
    return found is not None and found.group("rating").strip().casefold() in given


def _remarked(categories, counts, given: set[str]) -> np.ndarray:
    """Categories that are a rating given alone too and a remark in brackets that follows
    several different ratings ('2 (sure)', '1 (sure)' beside '1' and '2'): a remark about how
    the rating was given, not a category of its own ('Positive (weak)' after 'Positive' alone
    is a category)."""
    found = [REMARKED.match(c) if n else None for c, n in zip(categories, counts)]
    bases: dict[str, set[str]] = {}
    for m in found:
        if m is not None and m.group("rating").strip().casefold() in given:
            bases.setdefault(m.group("remark").strip().casefold(), set()).add(
                m.group("rating").strip().casefold())
    return np.array([m is not None and len(bases.get(m.group("remark").strip().casefold(), ())) >= 2
                     and m.group("rating").strip().casefold() in given for m in found], dtype=bool)


def _coded(category: str, given: set[str]) -> bool:
    """A code before a label that is given alone too ('3 - Agree' beside 'Agree')."""
    found = CODE_AND_LABEL.match(category)
    return found is not None and found.group("rating").strip().casefold() in given


RANGES = "off-scale"
_RANGE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:-|\u2013|/|to|bis|à|a)\s*(\d+(?:[.,]\d+)?)\s*$",
                    re.IGNORECASE)


def ranges_are_said(reading: Reading) -> list[Finding]:
    """Categories are plausible: a cell between two of the scale's numbers ('2-3', '3/4') is
    no category of the scale; kept as a category of its own, and said."""
    cats = reading.ratings.scale.categories
    numbers = {float(v) for v in reading.numbers[~np.isnan(reading.numbers)]}
    between = []
    for c, n in zip(cats, reading.given):
        found = _RANGE.match(c)
        if n and found:
            low, high = (float(x.replace(",", ".")) for x in found.groups())
            if low in numbers and high in numbers and low < high:
                between.append(c)
    if not between:
        return []
    # Translators: a warning; {values} cells of the file, quoted.
    return [Finding(RANGES, Wording.of(N_("{values} lie between two categories of the scale: each "
                                          "is kept as a category of its own; if they mean "
                                          "'between', give them the category to use, or mark "
                                          "them missing"), values=Quoted(tuple(between[:4]))),
                    FLAG)]
