"""Binary views of a ratings table: which categories form Class 1, and counts.

The average t-a-p models only need, per subject, the number of ratings N_r
and the number of Class-1 ratings N_c, and in fact only the histogram of the
distinct (N_r, N_c) pairs: that histogram is their sufficient statistic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.data.scale import RARE_SHARE, Scale, numeric_value, rare_categories
from tapdesk.errors import DataError
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.deferred import made, said, said_n, said_p
from tapdesk.i18n.formats import decimal, joined, percent, quoted, quoted_list
from tapdesk.i18n.languages import SOURCE


@dataclass(frozen=True)
class ClassChoice:
    """Which categories count as Class 1, and how that was decided (in words).

    ``class1`` and ``class0`` hold category codes; ``labels`` the scale's
    value labels for them, as (code, label) pairs, so the choice can be
    shown in the user's words (:meth:`names`).
    """

    class1: tuple[str, ...]
    class0: tuple[str, ...]
    reason: str
    labels: tuple[tuple[str, str], ...] = ()

    def name(self, code: str) -> str:
        """The code's value label, or the code itself."""
        return dict(self.labels).get(code, code)

    def names(self, codes: Sequence[str]) -> str:
        """Codes as labels joined in words, as the current language joins alternatives: "no
        medal or bronze" (English as TapDesk always wrote it: "A or B or C"), "A, B oder C",
        "A, B ou C", "A, B o C"."""
        labels = [self.name(c) for c in codes]
        return " or ".join(labels) if is_source() else joined(labels, "or")

    @property
    def is_default(self) -> bool:
        """True when nobody chose: the default rule picked Class 1."""
        return self.reason.startswith("default")

    def how(self) -> str:
        """'default' or 'chosen by the user', for a short '(...)' after the choice."""
        # Translators: how Class 1 was chosen, in "(...)" after the Class 1 categories: by the
        # app's rule, not by the user.
        return said_p("Class 1 chosen", "default") if self.is_default else self.reason

    def describe(self) -> str:
        one = ", ".join(self.name(c) for c in self.class1)
        zero = ", ".join(self.name(c) for c in self.class0)
        return f"Class 1 = {{{one}}}; Class 0 = {{{zero}}}"

    def shown(self) -> str:
        """:meth:`describe` in the current language (the window's data pane); ``describe``
        stays English for stored results and the command line's details."""
        from tapdesk.i18n import _
        # Translators: the two classes of a two-class analysis; {one} and {zero} list the
        # categories in each ("gold, silver"); keep the braces around them.
        return _("Class 1 = {{{one}}}; Class 0 = {{{zero}}}").format(
            one=", ".join(self.name(c) for c in self.class1),
            zero=", ".join(self.name(c) for c in self.class0))


def choose_class1(scale: Scale, class1: Sequence[str] | None = None,
                  cut: str | None = None, *,
                  counts: Sequence[int] | np.ndarray | None = None) -> ClassChoice:
    """Decide Class 1 from the user's choice, a cut point, or the default.

    ``class1`` and ``cut`` may name categories by code or by value label
    (:meth:`Scale.resolve`). ``cut`` makes Class 1 every category at or
    below the cut in scale order. With no choice and exactly two categories,
    Class 1 is the larger numeric label, or the second in scale order. With
    more than two categories and no choice, a DataError lists the
    categories and how to choose. A ``class1`` that picks what the app picks
    by default (:func:`default_choice`) is said to be the default. ``counts`` (ratings per
    category, in scale order) keep a rare category (:func:`rare_categories`) from being
    Class 1 by default while the other category is not rare.
    """
    if not class1 and cut is None and scale.size == 2 and counts is not None:
        return _default_of_two(scale, counts)
    if not class1 and cut is None and scale.scores:
        _refuse_scores_uncut(scale, counts)
    choice = replace(_choose_codes(scale, class1, cut), labels=scale.label_pairs())
    if class1 and cut is None:
        default = default_choice(scale, counts)
        if set(choice.class1) == set(default.class1):
            return replace(choice, reason=default.reason)
    return choice


def default_choice(scale: Scale, counts: Sequence[int] | np.ndarray | None = None) -> ClassChoice:
    """The choice the app starts from: the default rule with two categories; with more
    (where the command line asks), the last category in scale order that is not rare
    (``counts``: ratings per category in scale order)."""
    if scale.size <= 2:
        return _default_of_two(scale, counts) if counts is not None else \
            replace(_choose_codes(scale, None, None), labels=scale.label_pairs())
    if scale.scores:
        cut = median_cut(scale, counts)
        # Translators: how Class 1 was chosen; {category} is a score from the data.
        why = said("default: the ratings are scores, cut at their median {category} (Class 1 = "
                   "at or below it); choose the cut-off your question needs",
                   category=made(quoted, str(scale.display(cut))))
        return replace(_choose_codes(scale, None, cut), labels=scale.label_pairs(), reason=why)
    rare = _rare(scale, counts)
    last = next((c for c in reversed(scale.categories) if c not in rare), scale.categories[-1])
    chosen = _choose_codes(scale, [last], None)
    # Translators: how Class 1 was chosen; {category} is a category's label from the data.
    why = said("default: the last category in scale order, {category}, is Class 1",
               category=made(quoted, str(scale.display(last))))
    if last != scale.categories[-1]:
        # Translators: as above; {rare} says which categories are rare (a clause).
        why = said("default: the last category in scale order that is not rare, {category}, "
                   "is Class 1 ({rare})", category=made(quoted, str(scale.display(last))),
                   rare=_rare_words(scale, rare))
    return replace(chosen, labels=scale.label_pairs(), reason=why)


def median_cut(scale: Scale, counts: Sequence[int] | np.ndarray | None = None) -> str:
    """The category of the ratings' median in scale order (``counts``: ratings per category;
    without them the middle category), never the last, so that Class 0 keeps a category."""
    cats = scale.categories
    if counts is None or not np.sum(counts):
        pos = (len(cats) - 1) // 2
    else:
        cumulative = np.cumsum(np.asarray(counts, dtype=float))
        pos = int(np.searchsorted(cumulative, cumulative[-1] / 2))
    return cats[min(pos, len(cats) - 2)]


def _refuse_scores_uncut(scale: Scale, counts: Sequence[int] | np.ndarray | None) -> None:
    """Scores with no cut-off chosen: a binary model cannot guess which of them are Class 1."""
    numbered = sorted((v, c) for c in scale.categories if (v := numeric_value(c)) is not None)
    # Translators: an error; {n} is how many distinct scores (many), {low} and {high} the
    # smallest and the largest; {median} the scores' median.
    raise DataError(said("the ratings are scores ({n} distinct numbers from {low} to {high}); a "
                         "binary model needs a cut-off that splits them into two classes: choose "
                         "a cut point (Class 1 = at or below it; their median is {median})",
                         n=len(numbered), low=made(written_score, numbered[0][1]),
                         high=made(written_score, numbered[-1][1]),
                         median=made(quoted, str(scale.display(median_cut(scale, counts))))),
                    settings=("cut",))


def written_score(label: str) -> str:
    """A score (a numeric label) as the language writes it, with as many decimals as the
    label has: '19.5' is '19,5' in German."""
    digits = len(label.split(".")[1]) if "." in label else 0
    return decimal(float(label), digits)


def _default_of_two(scale: Scale, counts: Sequence[int] | np.ndarray) -> ClassChoice:
    """Two categories: the default rule, unless it picks a rare category and the other is not."""
    choice = replace(_choose_codes(scale, None, None), labels=scale.label_pairs())
    rare = _rare(scale, counts)
    if choice.class1[0] in rare and choice.class0[0] not in rare:
        return replace(choice, class1=choice.class0, class0=choice.class1,
                       # Translators: how Class 1 was chosen; {category} is a category's
                       # label; {rare} says which categories are rare (a clause).
                       reason=said("default: {category} is Class 1 ({rare})",
                                   category=made(quoted, str(scale.display(choice.class0[0]))),
                                   rare=_rare_words(scale, rare)))
    return choice


def _rare(scale: Scale, counts: Sequence[int] | np.ndarray | None) -> tuple[str, ...]:
    return rare_categories(scale.categories, counts) if counts is not None else ()


def _rare_words(scale: Scale, rare: Sequence[str]) -> str:
    names = made(quoted_list, tuple(str(scale.display(c)) for c in rare))
    # Translators: {names} is categories' labels in quotes joined by ", "; {share} a percent
    # ("2%"). The count is of categories.
    return said_n("{names} holds under {share} of the ratings, too few to be Class 1 by default",
                  "{names} hold under {share} of the ratings, too few to be Class 1 by default",
                  len(rare), names=names, share=made(percent, RARE_SHARE))


def _choose_codes(scale: Scale, class1: Sequence[str] | None, cut: str | None) -> ClassChoice:
    cats = scale.categories
    if class1 and cut is not None:
        # Translators: an error: both ways of choosing Class 1 were given.
        raise DataError(said("choose Class 1 either by categories or by a cut point, not both"),
                        settings=("class1", "cut"))
    if cut is not None:
        cut = scale.resolve(str(cut))
    if class1:
        class1 = [scale.resolve(str(c)) for c in class1]
    if cut is not None:
        pos = scale.index(str(cut))
        if pos == len(cats) - 1:
            # Translators: an error; {cut} is a category's label; {categories} lists the others.
            raise DataError(said("cut point {cut} is the last category, so Class 0 would be "
                                 "empty; choose one of {categories}",
                                 cut=made(quoted, str(scale.label(cut))),
                                 categories=made(joined_names,
                                                 tuple(scale.display(c) for c in cats[:-1]))))
        # Translators: how Class 1 was chosen; {category} is a category's label from the data.
        return ClassChoice(cats[:pos + 1], cats[pos + 1:],
                           said("cut point: Class 1 = ratings at or below {category} in scale "
                                "order", category=made(quoted, str(scale.label(cut)))))
    if class1:
        chosen = tuple(str(c) for c in class1)
        rest = tuple(c for c in cats if c not in chosen)
        if not rest:
            # Translators: an error of the user's choice of Class 1.
            raise DataError(said("every category was chosen as Class 1, so Class 0 would be "
                                 "empty"))
        # Translators: how Class 1 was chosen, in "(...)" after the Class 1 categories.
        return ClassChoice(tuple(c for c in cats if c in chosen), rest, said("chosen by the user"))
    if len(cats) == 2:
        first, second = numeric_value(cats[0]), numeric_value(cats[1])
        if first is not None and second is not None:
            hi = cats[1] if second > first else cats[0]         # as max(): the first on a tie
            lo = cats[0] if hi == cats[1] else cats[1]
            # Translators: how Class 1 was chosen; {category} is a category's label.
            return ClassChoice((hi,), (lo,), said("default: the larger numeric label {category} "
                                                  "is Class 1", category=made(quoted, str(hi))))
        # Translators: how Class 1 was chosen; {category} is a category's label.
        return ClassChoice((cats[1],), (cats[0],),
                           said("default: the second category in scale order, {category}, is "
                                "Class 1", category=made(quoted, str(cats[1]))))
    if len(cats) < 2:
        # Translators: an error; {category} is the one category's label from the data.
        raise DataError(said("every rating is in the one category {category}; a binary model "
                             "needs two categories (declare the scale to add the unused one)",
                             category=made(quoted, str(cats[0]))))
    # Translators: an error; {n} is the number of categories (3 or more), {categories} lists them.
    raise DataError(said_n("the ratings have {n} category ({categories}); a binary model needs "
                           "to know which of them form Class 1: choose the categories of Class 1, "
                           "or a cut point (Class 1 = at or below it)",
                           "the ratings have {n} categories ({categories}); a binary model needs "
                           "to know which of them form Class 1: choose the categories of Class 1, "
                           "or a cut point (Class 1 = at or below it)", len(cats), n=len(cats),
                         categories=made(joined_names, tuple(map(str, cats)))),
                    settings=("class1", "cut"))


@dataclass(frozen=True, eq=False)
class CountHistogram:
    """Distinct (N_r, N_c) pairs with how many subjects show each.

    Weights are integers for data; they may be real-valued expected counts
    (see ``tapdesk.engine.binary.simulate.expected_counts``), and the totals
    below are then real too.
    """

    n_rated: np.ndarray
    n_class1: np.ndarray
    weight: np.ndarray

    @property
    def n_subjects(self) -> int:
        return self.weight.sum().item()

    @property
    def n_ratings(self) -> int:
        return (self.weight * self.n_rated).sum().item()

    @property
    def n_class1_ratings(self) -> int:
        return (self.weight * self.n_class1).sum().item()

    @classmethod
    def from_counts(cls, n_rated: np.ndarray, n_class1: np.ndarray) -> CountHistogram:
        n_rated = np.asarray(n_rated, dtype=np.int64)
        n_class1 = np.asarray(n_class1, dtype=np.int64)
        if len(n_rated) == 0:
            return cls(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))
        top = int(n_rated.max()) + 1
        key = n_rated * top + n_class1
        uniq, weight = np.unique(key, return_counts=True)
        return cls(uniq // top, uniq % top, weight.astype(np.int64))


@dataclass(frozen=True, eq=False)
class BinaryCounts:
    """Per-subject (N_r, N_c) for the subjects that can show agreement."""

    n_rated: np.ndarray
    n_class1: np.ndarray
    subject_index: np.ndarray
    choice: ClassChoice
    exclusions: tuple[Exclusion, ...]
    rated_once: tuple[int, int] = (0, 0)
    """The subjects rated once, left out of the counts: how many, and how many of them were
    rated Class 1 (their ratings still count in the shares behind Fleiss' chance agreement,
    as in the agreement table)."""

    @property
    def n_subjects(self) -> int:
        return int(len(self.n_rated))

    @property
    def n_ratings(self) -> int:
        return int(self.n_rated.sum())

    @property
    def n_excluded(self) -> int:
        return sum(e.n_subjects for e in self.exclusions)

    def histogram(self) -> CountHistogram:
        return CountHistogram.from_counts(self.n_rated, self.n_class1)


def ratings_per_category(table: RatingsTable) -> np.ndarray:
    """How many ratings each category of the scale holds, in scale order."""
    return np.bincount(table.rating, minlength=table.scale.size)


def class1_mask(table: RatingsTable, choice: ClassChoice) -> np.ndarray:
    """Boolean per rating: is it Class 1 under ``choice``."""
    is_class1 = np.array([c in choice.class1 for c in table.scale.categories])
    return is_class1[table.rating]


def binary_counts(table: RatingsTable, class1: Sequence[str] | None = None,
                  cut: str | None = None, *, choice: ClassChoice | None = None) -> BinaryCounts:
    """Class-1 counts per subject, leaving out subjects with fewer than two ratings."""
    if choice is None:
        choice = choose_class1(table.scale, class1, cut, counts=ratings_per_category(table))
    per = table.ratings_per_subject()
    ones = np.bincount(table.subject, weights=class1_mask(table, choice),
                       minlength=table.n_subjects).astype(np.int64)
    keep = per >= 2
    if not keep.any():
        # Translators: an error of the data.
        raise DataError(said("no subject has two or more ratings, so agreement cannot be "
                             "measured"))
    once = per == 1
    return BinaryCounts(per[keep], ones[keep], np.flatnonzero(keep), choice, table.exclusions(),
                        (int(once.sum()), int(ones[once].sum())))


def binary_table(table: RatingsTable, choice: ClassChoice) -> RatingsTable:
    """The same ratings recoded to Class 0 / Class 1 under ``choice``.

    Subjects, raters and missing cells are unchanged, so any analysis of the
    binary view (classical coefficients beside a binary model) sees exactly
    the ratings the model saw. The two labels name the categories they hold;
    when each class is one category, the view keeps the scale's own codes,
    value labels and order type (:func:`whole_scale_view`), so it is the same
    scale as the table's and any rule about the scale answers the same.
    """
    codes = class1_mask(table, choice).astype(np.int64)
    scale = whole_scale_view(table.scale, choice)
    if scale is None:
        with language(SOURCE):      # the view's category names are data: English in every language
            labels = (choice.names(choice.class0)[:40], choice.names(choice.class1)[:40])
        if labels[0] == labels[1]:
            labels = ("Class 0", "Class 1")
        scale = Scale(labels, ordinal=True, declared=True)
    return RatingsTable(table.subject, table.rater, codes, table.subject_ids, table.rater_ids,
                        scale, table.n_missing, table.provenance, table.attributes)


def whole_scale_view(scale: Scale, choice: ClassChoice) -> Scale | None:
    """The two-category scale of a split with one category per class, in class order, or None.

    Class 0's category comes first (code 0 of the binary view), Class 1's second;
    codes, value labels and the order type are the scale's own.
    """
    if len(choice.class0) != 1 or len(choice.class1) != 1:
        return None
    cats = (choice.class0[0], choice.class1[0])
    labels = tuple(scale.labels[scale.index(c)] for c in cats) if scale.labels else ()
    return Scale(cats, ordinal=scale.ordinal, declared=True, labels=labels)


def joined_names(names: tuple[str, ...]) -> str:
    """Category names in an error: "a, b, c" in English (as TapDesk wrote them), by the
    language's rule in another ("a, b und c")."""
    from tapdesk.i18n import formats
    from tapdesk.i18n.current import is_source
    return ", ".join(names) if is_source() else formats.joined(list(names))
