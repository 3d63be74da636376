"""Principle: a rater's code and label are one rater.

A survey or database export often writes each answer twice, side by side: the code and its
label ('R1' = 2 beside 'R1_label' = 'medium'). Two neighbouring columns whose values share no
category, are filled for exactly the same subjects, and stand for each other one to one in
every row are one rater written twice, not two raters who always agree: the label column is
left out and its words become the code's value labels. Independent raters never match one to
one in every row over many subjects unless they always agree, so the pair must also be named
as one (one name holds the other's) or every rater column must come in such pairs.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Labelled, Listed, Name, Wording
from tapdesk.i18n import N_

RULE = "code-label"
MIN_SUBJECTS = 8        # rows a pair must share before one to one in every row means anything


def codes_and_labels_are_one_rater(reading: Reading) -> list[Finding]:
    """A rater's code and label are one rater: each column that only labels its neighbour's
    codes is left out, its words kept as the codes' value labels."""
    panel = Panel.of_raters(reading, 3)
    if panel is None:
        return []
    names = reading.ratings.rater_ids
    pairs = [(j, j + 1) for j in range(len(names) - 1) if _one_to_one(panel, j, j + 1)]
    pairs = _apart(pairs)
    if not pairs or len(names) - len(pairs) < 2:
        return []
    every = 2 * len(pairs) == len(names)
    named = [p for p in pairs if every or _named_as_one(names[p[0]], names[p[1]])]
    if any(reading.user_named(names[j]) for p in named for j in p):
        return []
    return [_finding(reading, panel, named)] if named else []


def _one_to_one(panel: Panel, a: int, b: int) -> bool:
    """``a`` and ``b`` are filled for the same subjects, share no category, and each value of
    one goes with exactly one value of the other, two values at least."""
    x, y = panel.codes[:, a], panel.codes[:, b]
    filled = x >= 0
    if not np.array_equal(filled, y >= 0) or filled.sum() < MIN_SUBJECTS:
        return False
    x, y = x[filled], y[filled]
    if set(np.unique(x)) & set(np.unique(y)):
        return False
    pairs = np.unique(np.stack([x, y]), axis=1)
    return len(np.unique(x)) >= 2 and len(np.unique(pairs[0])) == len(np.unique(pairs[1])) \
        == pairs.shape[1]


def _apart(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs with no column in common (a run a-b-c of three matching columns is no pair)."""
    out: list[tuple[int, int]] = []
    for p in pairs:
        if out and out[-1][1] == p[0]:
            return []
        out.append(p)
    return out


def _named_as_one(first: str, second: str) -> bool:
    a, b = first.casefold().strip(), second.casefold().strip()
    return bool(a) and bool(b) and (a in b or b in a)


def _finding(reading: Reading, panel: Panel, pairs: list[tuple[int, int]]) -> Finding:
    names = reading.ratings.rater_ids
    numbers = reading.numbers
    kept: list[str] = []
    dropped: list[str] = []
    mapping: set[tuple[str, str]] = set()
    for a, b in pairs:
        codes, words = (a, b) if _numeric(panel, numbers, a) or not _numeric(panel, numbers, b) \
            else (b, a)
        kept.append(names[codes])
        dropped.append(names[words])
        mapping.update(_mapping(reading, panel, codes, words))
    consistent = len({c for c, _ in mapping}) == len(mapping)
    numeric = all(_numeric(panel, numbers, names.index(k)) for k in kept)
    labels = tuple(sorted(mapping, key=lambda p: float(p[0]))) if consistent and numeric else ()
    shown = Listed(tuple(Labelled(c, w) for c, w in labels[:4])) if labels else \
        Listed(tuple(Name(c) for c in kept))
    # Translators: an import note; {labels} and {codes} lists of columns' names; {shown}
    # codes with their labels ("1 ('low'), 2 ('high')") or the columns kept.
    wording = Wording.of(N_("columns {labels} were left out: each only labels the codes of the "
                            "column beside it ({codes}), one to one in every row, so each pair "
                            "is one rater written twice; the labels are kept with the codes: "
                            "{shown}"),
                         labels=Listed(tuple(Name(d) for d in dropped)),
                         codes=Listed(tuple(Name(k) for k in kept)), shown=shown)
    return Finding(RULE, wording, ACT, tuple(dropped),
                   roles=tuple((d, "leave out") for d in dropped), labels=labels)


def _numeric(panel: Panel, numbers: np.ndarray, j: int) -> bool:
    own = np.unique(panel.codes[:, j][panel.codes[:, j] >= 0])
    return bool(len(own)) and not np.isnan(numbers[own]).any()


def _mapping(reading: Reading, panel: Panel, codes: int, words: int) -> set[tuple[str, str]]:
    filled = panel.codes[:, codes] >= 0
    pairs = np.unique(np.stack([panel.codes[filled, codes], panel.codes[filled, words]]), axis=1)
    return {(c, w) for c, w in zip(reading.labels(pairs[0]), reading.labels(pairs[1]))}
