"""Category scales: the categories, their order, their value labels, and whether they are ordinal.

A category is identified by its *code*: the text the file holds ("4"). A
scale may also carry a *value label* for each code ("gold"), from the file
(SPSS/Stata value labels) or from the user (``--labels "4=gold"``). Every
output shows the label; ``--class1`` and ``--cut`` accept either
(:meth:`Scale.resolve`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tapdesk.data.wording import Name, Quoted, Wording
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import N_


def numeric_value(label: str) -> float | None:
    """Return the number a label spells ("10", "2.5", "-1"), or None."""
    try:
        value = float(label)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def label_sort_key(label: str) -> tuple[int, float, str]:
    """Sort key that puts numeric-looking labels first, in numeric order.

    "10" sorts after "9"; text labels follow in plain string order.
    """
    value = numeric_value(label)
    if value is None:
        return (1, 0.0, label)
    return (0, value, label)


def order_labels(labels: Iterable[str]) -> tuple[str, ...]:
    """Distinct labels in scale order (numeric labels numerically)."""
    return tuple(sorted(set(labels), key=label_sort_key))


RARE_SHARE = 0.02
"""A category holding fewer than this share of the ratings is rare: the importer warns of it
(it may be a typo, a look-alike of another label or a code for a missing rating) and the
default Class 1 is never a rare category while another can be chosen."""


def rare_categories(categories: Iterable[str], counts: Iterable[int]) -> tuple[str, ...]:
    """The categories used at least once but by fewer than ``RARE_SHARE`` of the ratings."""
    pairs = list(zip(categories, (int(n) for n in counts)))
    total = sum(n for _, n in pairs)
    return tuple(c for c, n in pairs if 0 < n < RARE_SHARE * total)


def canonical_label(value: object) -> str:
    """The text form of a raw cell value: 2.0 -> "2", " a " stays " a "."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Scale:
    """The categories a rating can take.

    Parameters
    ----------
    categories
        Category labels in scale order. For ordinal scales this order is the
        ordering of the scale; for nominal scales it is only for display.
    ordinal
        True when the order is meaningful (grades, medals, Likert items).
    declared
        True when the user declared the scale; declared categories are kept
        even when nobody used them.
    labels
        Value labels parallel to ``categories`` ("" where a code has none),
        or empty when the scale has no labels at all.
    """

    categories: tuple[str, ...]
    ordinal: bool = False
    declared: bool = False
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.categories)) != len(self.categories):
            # Translators: {categories} is the categories as a list ("['1', '2', '1']").
            raise DataError(Wording.of(N_("the scale lists a category twice: {categories}"),
                                       categories=str(list(self.categories))))
        if not self.categories:
            raise DataError(Wording.of(N_("the scale has no categories: there are no ratings to "
                                          "analyse")))
        if self.labels and len(self.labels) != len(self.categories):
            raise ValueError("a scale needs one label per category (or none at all)")
        named = [lab for lab in self.labels if lab]
        if len(set(named)) != len(named):
            # Translators: {labels} is the labels joined by ", ".
            raise SettingError(Wording.of(N_("two categories have the same label: {labels}; give "
                                             "each category its own label"),
                                          labels=", ".join(named)))

    @property
    def size(self) -> int:
        return len(self.categories)

    def index(self, label: str) -> int:
        """Position of ``label`` in the scale; DataError naming the choices if absent."""
        try:
            return self.categories.index(label)
        except ValueError:
            raise DataError(_not_a_category(label, self.categories)) \
                from None

    @classmethod
    def infer(cls, labels: Iterable[str], *, ordinal: bool | None = None) -> Scale:
        """Scale from the labels seen; numeric-looking scales count as ordinal by default."""
        cats = order_labels(labels)
        if ordinal is None:
            ordinal = all(numeric_value(c) is not None for c in cats) and not fixed_width_codes(cats)
        return cls(cats, ordinal=ordinal, declared=False)

    def all_numeric(self) -> bool:
        return all(numeric_value(c) is not None for c in self.categories)

    @property
    def scores(self) -> bool:
        """The categories are scores, not a few categories (:func:`are_scores`)."""
        return are_scores(self.categories)

    # ---------------------------------------------------------------- labels
    @property
    def has_labels(self) -> bool:
        return any(self.labels)

    def label(self, category: str) -> str:
        """The category's value label, or the code itself when it has none."""
        if self.labels:
            lab = self.labels[self.index(category)]
            if lab:
                return lab
        return category

    def display(self, category: str) -> str:
        """Label with its code where both exist ("gold (4)"), else whichever there is."""
        lab = self.label(category)
        return lab if lab == category else f"{lab} ({category})"

    def display_labels(self) -> tuple[str, ...]:
        """:meth:`label` of every category, in scale order."""
        return tuple(self.label(c) for c in self.categories)

    def label_pairs(self) -> tuple[tuple[str, str], ...]:
        """(code, label) for every category that has a label."""
        return tuple((c, lab) for c, lab in zip(self.categories, self.labels) if lab)

    def with_labels(self, pairs: Iterable[tuple[str, str]] | Mapping[str, str],
                    *, file: str | None = None) -> Scale:
        """This scale with the given value labels added (or replaced).

        A code that is not a category of the scale is an error that lists the
        categories; so is a label already used by another category.
        """
        pairs = tuple(pairs.items()) if isinstance(pairs, Mapping) else tuple(pairs)
        labels = list(self.labels or ("",) * self.size)
        for code, lab in pairs:
            if code not in self.categories:
                shown = ", ".join(self.display(c) for c in self.categories)
                # Translators: {code} is a code of the file; {categories} the categories joined
                # by ", ".
                raise DataError(Wording.of(N_("the value labels name the code {code}, but the "
                                              "ratings have no such category; the categories are "
                                              "{categories}. Give labels as CODE=LABEL using the "
                                              "codes the file holds"), code=Name(code),
                                           categories=shown), file=file)
            labels[self.categories.index(code)] = lab
        return Scale(self.categories, self.ordinal, self.declared, tuple(labels))

    def resolve(self, text: str) -> str:
        """The category code meant by ``text``: a code, or a value label.

        Exact codes win, then exact labels, then a label or code that matches
        ignoring letter case and surrounding spaces when exactly one does (so
        ``--class1 Yes`` still finds "yes" after ``--fold-case`` merged the
        spellings). DataError lists the choices otherwise.
        """
        text = str(text)
        if text in self.categories:
            return text
        if text and text in self.labels:
            return self.categories[self.labels.index(text)]
        folded = text.strip().casefold()
        labels = self.labels or ("",) * self.size
        for pool in (labels, self.categories):
            hits = [code for code, name in zip(self.categories, pool)
                    if name and name.strip().casefold() == folded]
            if len(hits) == 1:
                return hits[0]
        raise DataError(_not_a_category(text, tuple(str(self.display(c)) for c in self.categories)))


def _not_a_category(text: str, names: tuple[str, ...]) -> Wording:
    # Translators: {category} is the category asked for, in quotation marks; {categories} the
    # scale's categories, each in quotation marks, joined by ", ".
    return Wording.of(N_("{category} is not a category of this scale; the categories are "
                         "{categories}"), category=Quoted((text,)), categories=Quoted(names))


def parse_labels(text: str, *, option: str = "--labels") -> tuple[tuple[str, str], ...]:
    """Parse ``"1=no medal,2=bronze"`` into (code, label) pairs.

    Entries are separated by commas (or semicolons when the text has any);
    each is ``CODE=LABEL`` with both sides non-empty. SettingError names the
    entry that is wrong.
    """
    sep = ";" if ";" in text else ","
    pairs: list[tuple[str, str]] = []
    for entry in (e.strip() for e in text.split(sep)):
        if not entry:
            continue
        code, eq, lab = entry.partition("=")
        code, lab = code.strip(), lab.strip()
        if not eq or not code or not lab:
            # Translators: {option} is a command-line option ("--labels"); {entry} what was
            # written for it. Keep CODE=LABEL and the example as they are.
            raise SettingError(Wording.of(N_("{option}: {entry} is not CODE=LABEL; write for "
                                             "example {option} \"1=no medal,2=bronze,3=silver,"
                                             "4=gold\""), option=option, entry=Name(entry)))
        if code in dict(pairs):
            # Translators: {option} is a command-line option; {code} a code written twice.
            raise SettingError(Wording.of(N_("{option}: the code {code} is given two labels"),
                                          option=option, code=Name(code)))
        pairs.append((code, lab))
    if not pairs:
        # Translators: {option} is a command-line option ("--labels").
        raise SettingError(Wording.of(N_("{option} needs at least one CODE=LABEL pair"),
                                      option=option))
    return tuple(pairs)


MAX_NUMERIC_CATEGORIES = 20
"""Numbers a scale of categories holds, at most; more are scores (:func:`are_scores`)."""
FINE_STEPS = 5
"""Numbers finer than halves, at least, that make more than ten numbers scores."""


def are_scores(labels: Iterable[str], max_categories: int = MAX_NUMERIC_CATEGORIES) -> bool:
    """Every label a number, not codes of one width (:func:`fixed_width_codes`), and more of
    them than a scale of categories holds, or more than ten with five or more finer than
    halves (a judge's score in halves, 6.5, is a step of a scale): scores or measurements."""
    labels = list(labels)
    numbers = [v for v in map(numeric_value, labels) if v is not None]
    if not labels or len(numbers) < len(labels) or fixed_width_codes(labels):
        return False
    fine = sum(1 for v in numbers if not float(2 * v).is_integer())
    return len(labels) > max_categories or (fine >= FINE_STEPS and len(labels) > 10)


def fixed_width_codes(labels: Iterable[str]) -> bool:
    """The labels are codes written to one width of three digits or more, some with a
    leading zero ('0110', '2342': occupation or diagnosis codes): names, not quantities, so
    neither measurements nor an ordered scale."""
    labels = list(labels)
    return bool(labels) and all(lab.isdigit() and lab.isascii() for lab in labels) and \
        len({len(lab) for lab in labels}) == 1 and len(labels[0]) >= 3 and \
        any(lab.startswith("0") for lab in labels)
