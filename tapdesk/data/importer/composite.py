"""A subject named by two columns: each row one subject, told apart only by the pair.

A vegetation relevé and a species ('R1', 'Achillea millefolium'), a comparison and an outcome, a
date and a region, a site and its patient numbers ('P1' at every site): where no column names
each row alone, the first two columns (exports put their ids first) each repeat, but together
name every row once, and the raters' columns beside them answer on one scale, the pair is the
subject. It is read as one column of both names ('R1 | Achillea millefolium'), said; a file of
one row per rating (a subject and a rater named by the pair, one column of ratings) is not this:
its one rating column is no panel of raters on one scale.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.factorial import largest_scale
from tapdesk.data.importer.gridrules import GROUP_JOIN
from tapdesk.data.importer.idstructure import crossed, crossing, person_header
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import RULE_ROWS, Table
from tapdesk.data.importer.words import ITEM_WORDS, RATER_WORDS, fold, looks_like_rater, name_tokens
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

RULE = "header-words"
FILLED = 0.9
"""The share of rows both columns must name, at least."""
MIN_RATERS = 2
"""Columns on one scale beside the pair, at least."""


def pair_subject(table: Table, book: NoteBook) -> tuple[Table, str] | None:
    """The table with its first two columns joined into one subject column, and that
    column's name; None where the pair does not name the rows as subjects."""
    if len(table.columns) < 2 + MIN_RATERS or not book.enabled(RULE):
        return None
    first, second = table.columns[:2]
    if not _ids_of_a_pair(table, first, second) or \
            any(fold(c) in RATER_WORDS for c in table.columns[2:]):
        return None           # a column of raters' names ('Examinador'): one row per rating
    raters = largest_scale(table, list(table.columns[2:]))
    if len(raters) < MIN_RATERS or _on_scale(table, (first, second), raters):
        return None
    # Translators: an import note; {first} and {second} are columns' names.
    book.add(RULE, Wording.of(N_("no column names each row alone, but {first} and {second} "
                                 "together do (each repeats on its own): each row is one subject, "
                                 "named by both"), first=Name(first), second=Name(second)),
             columns=[first, second], action="guessed", settings=("subject_col",))
    return _joined(table, first, second)


def long_pair_subject(table: Table, book: NoteBook) -> tuple[Table, str] | None:
    """A file of one row per rating whose subject is named by its first two columns together
    (a pair of word uses judged for how related their meanings are; a relevé and a species):
    a column named as the raters ('annotator') that neither of the two crosses alone (a use
    is in several pairs a rater judged), but the pair does, each pair met once by each rater.
    The table with the pair joined into one subject column, said; None where this is not so."""
    if len(table.columns) < 4 or not book.enabled(RULE):
        return None
    first, second = table.columns[:2]
    raters = [c for c in table.columns[2:] if _names_a_rater(c)]
    if len(raters) != 1 or not _filled_ids(table, first) or not _filled_ids(table, second):
        return None
    rater = raters[0]
    if crossed(crossing(table, first, rater, None)) or crossed(crossing(table, second, rater, None)):
        return None                  # one of them names the subjects alone
    joined_table, joined = _joined(table, first, second)
    if not (crossed(crossing(joined_table, joined, rater, None)) and
            crossed(crossing(joined_table, rater, joined, None))):
        return None
    # Translators: an import note; {first}, {second} and {rater} are columns' names.
    book.add(RULE, Wording.of(N_("no column names the subjects alone, but {first} and {second} "
                                 "together do: each rater in {rater} rates each pair of them "
                                 "once, so each pair is one subject, named by both"),
                              first=Name(first), second=Name(second), rater=Name(rater)),
             columns=[first, second], action="guessed", settings=("subject_col",))
    return joined_table, joined


def _names_a_rater(name: str) -> bool:
    return fold(name) in RATER_WORDS or person_header(name)


def _filled_ids(table: Table, column: str) -> bool:
    """Filled in nearly every row with values that repeat and are not numbers of a scale."""
    values = table.texts(column, limit=RULE_ROWS)
    filled = [v for v in values if v]
    return len(filled) >= FILLED * len(values) and len(set(filled)) < len(filled) and \
        sum(numeric_value(v) is None for v in filled) >= FILLED * len(filled)


def _joined(table: Table, first: str, second: str) -> tuple[Table, str]:
    """The table with ``first`` and ``second`` joined into one column before the rest."""
    joined = f"{first}{GROUP_JOIN}{second}"
    cells = np.array([GROUP_JOIN.join(p) if all(p) else "" for p in
                      zip(table.texts(first), table.texts(second))], dtype=object)
    body = table.body.drop(columns=[first, second])
    body.insert(0, joined, cells)
    formulas = None if table.formulas is None else \
        np.column_stack([np.zeros(len(body), dtype=bool), table.formulas[:, 2:]])
    return Table([joined, *body.columns[1:]], body, table.rows, table.grid, table.header_row,
                 formulas), joined


def _ids_of_a_pair(table: Table, first: str, second: str) -> bool:
    """Both columns filled in nearly every row, neither names the rows alone, and the pair
    never repeats; neither is a rater's column, names people
    ('Reviewer name': a file of one row per rater) or is named as the items ('Item': each item
    is then analysed on its own)."""
    if any(looks_like_rater(c) or fold(c) in ITEM_WORDS or person_header(c) or
           RATER_WORDS & set(name_tokens(c)) for c in (first, second)):
        return False          # a rater's column or names; an item named so is read as the items

    a, b = table.texts(first, limit=RULE_ROWS), table.texts(second, limit=RULE_ROWS)
    pairs = [(x, y) for x, y in zip(a, b) if x and y]
    return len(pairs) >= 3 and len(pairs) >= FILLED * len(a) and len(set(pairs)) == len(pairs) and \
        len({x for x, _ in pairs}) < len(pairs) and len({y for _, y in pairs}) < len(pairs)


def _on_scale(table: Table, pair: tuple[str, str], raters: list[str]) -> bool:
    """Either id column shares values with the raters' scale, or holds only numbers within the
    raters' range (a rater's column, a score, not a name); numbers far outside it (an
    applicant's number 10401348 beside scores 1-7) name the rows as any id does."""
    scale = {t for c in raters for t in table.texts(c, limit=RULE_ROWS) if t}
    steps = [x for x in map(numeric_value, scale) if x is not None]
    for column in pair:
        values = {t for t in table.texts(column, limit=RULE_ROWS) if t}
        if values & scale:
            return True
        numbers = [numeric_value(v) for v in values]
        if all(x is not None for x in numbers) and not _beyond(numbers, steps):
            return True
    return False


def _beyond(numbers: list, steps: list[float]) -> bool:
    """Every number lies outside the range of the raters' numbers (there are some)."""
    return bool(steps) and all(x < min(steps) or x > max(steps) for x in numbers)
