"""Checks on the categories once the ratings are read: labels that differ only in letter
case or spaces (look-alikes, merged with ``ImportOptions.fold_case``), and categories so rare
(under ``RARE_SHARE`` of the ratings) that they may be a typo or a missing-value code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.values import ValueRules, look_alike_groups
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import RARE_SHARE, rare_categories
from tapdesk.data.wording import Count, Joined, Name, Quoted, Share, Wording
from tapdesk.i18n import N_


def ratings_per_label(tables: Iterable[RatingsTable]) -> dict[str, int]:
    """How many ratings each category holds, over every table (item) read."""
    counts: dict[str, int] = {}
    for t in tables:
        per = np.bincount(t.rating, minlength=t.scale.size)
        for c, n in zip(t.scale.categories, per):
            counts[c] = counts.get(c, 0) + int(n)
    return counts


def label_notes(tables: Mapping[str | None, RatingsTable], rules: ValueRules, book: NoteBook,
                column: str | None, scores: bool = False) -> None:
    """A warning for look-alike labels kept apart, and one for each rare category (none for
    ``scores``: a mark given once is a step of the scale, no typo)."""
    counts = ratings_per_label(tables.values())
    columns = [column] if column else []
    groups = [] if rules.fold_case else look_alike_groups(c for c, n in counts.items() if n)
    if groups:
        # Translators: joins the look-alike labels of one group: "'Yes' (3 cells) and 'yes'
        # (1 cell)"; keep the spaces around the word.
        joint = Wording.pgettext("look-alike labels", " and ")
        shown = Joined(tuple(Joined(tuple(_label_cells(lab, counts[lab]) for lab in g), joint)
                             for g in groups[:5]), "; ")
        # Translators: {groups} lists groups of look-alike labels with their counts.
        book.add("look-alike-labels", Wording.of(N_("some labels differ only in letter case or "
                                                    "spaces and count as different categories: "
                                                    "{groups}. If each group is one category, "
                                                    "merge labels that differ only in case or "
                                                    "spaces"), groups=shown),
                 action="warning", settings=("fold_case",), columns=columns)
    rare = () if scores else rare_categories(counts, counts.values())
    if rare:
        # Translators: {rare} says which categories are rare ("the category 'x' holds only 2
        # ratings of 1,000 (0.2%, under 2%)").
        book.add("rare-category", Wording.of(N_("{rare}: it may be a typo or a look-alike of "
                                                "another label, or a code for a missing rating; "
                                                "check it. A category this rare is not made "
                                                "Class 1 by default"),
                                             rare=_rare_words(rare, counts)), action="warning",
                 settings=("fold_case", "missing", "categories"), columns=columns)


def _rare_words(rare: tuple[str, ...], counts: dict[str, int]) -> Wording:
    total = sum(counts.values())
    if len(rare) == 1:
        cat = rare[0]
        # Translators: {category} is a label in quotation marks; {ratings} "2 ratings"; {total}
        # the number of all ratings; {share} and {rare} percents.
        return Wording.of(N_("the category {category} holds only {ratings} of {total} "
                             "({share:.1%}, under {rare:.0%})"), category=Quoted((cat,)),
                          ratings=_ratings(counts[cat]), total=Count(total),
                          share=Share(counts[cat] / total), rare=Share(RARE_SHARE))
    shown = Joined(tuple(Wording.of("{category} ({ratings})", category=Quoted((c,)),
                                    ratings=_ratings(counts[c])) for c in rare[:8]))
    # Translators: {n} is a number of categories; {rare} a percent; {total} the number of all
    # ratings; {shown} the categories with their counts.
    return Wording.of(N_("{n} categories each hold under {rare:.0%} of the {total} ratings: "
                         "{shown}{more}"), n=len(rare), rare=Share(RARE_SHARE), total=Count(total),
                      shown=shown, more=" ..." if len(rare) > 8 else "")


def _ratings(n: int) -> Wording:
    """"2 ratings", "1 rating"."""
    # Translators: a number of ratings.
    return Wording.ngettext("{n} rating", "{n} ratings", n, n=Count(n))


def _label_cells(label: str, n: int) -> Wording:
    """A label with the number of cells it fills: "'Yes' (3 cells)"."""
    # Translators: {label} is a label of the file; {n} the number of cells holding it.
    return Wording.ngettext("{label} ({n} cell)", "{label} ({n} cells)", n, label=Name(label),
                            n=Count(n))
