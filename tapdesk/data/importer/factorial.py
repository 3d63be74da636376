"""Rater-by-item sheets: one column per rater and item, read as raters and items (rule
'header-words').

A sheet headed 'R1_Q1, R1_Q2, R2_Q1, R2_Q2', 'Q1_R1 ...', 'Rater1.Item1 ...', 'Alice_clarity ...'
or with rater names over item columns (a two-level header, joined by ``gridrules``) has raters
*and* items across its columns. What makes it so is the structure of the names, not a word:
each splits at one separator into two parts, and the parts' levels cross -- every pair of an
A level and a B level names exactly one column. Such a table is melted to one row per subject,
rater and item, and each item is analysed on its own (``--item``); reading the columns as
'raters' would mix different questions into one panel.

Which part names the raters is read from the levels: rater-like names ('R1', 'Bewerter2',
'Dr Kim', people's names written with a capital) against item-like names ('Q3', 'Frage1',
'clarity'); when the levels do not tell, the first part (the group over the columns) is taken
for the raters and the note says it was a guess.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product

import numpy as np

from tapdesk.data.import_words import MELTED_ITEM, MELTED_RATER
from tapdesk.data.importer.audit.groups import linked_groups
from tapdesk.data.importer.dates import dated_headers
from tapdesk.data.importer.formats.base import melt, varies_within
from tapdesk.data.importer.gridrules import GROUP_JOIN
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.scores import one_range
from tapdesk.data.importer.table import RULE_ROWS, Table
from tapdesk.data.importer.values import canonical_number
from tapdesk.data.importer.words import (
    CONFIDENCE_WORDS,
    FALSE_WORDS,
    ITEM_WORDS,
    RATER_WORDS,
    RATING_WORDS,
    TRUE_WORDS,
    fold,
    looks_like_rater,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Count, Name, Quoted, Wording
from tapdesk.i18n import N_

SEPARATORS = ("_", ".", " - ", ":", "|", "/", "-", " ")
_MIN_LEVELS = 2
_ITEMISH = re.compile(r"^([^\W\d_]{1,12})\s*[-#.]?\s*(\d+)$")
RATER, ITEM, RATING = MELTED_RATER, MELTED_ITEM, "rating"
MELTED = "ratings of one rater and item (read from its name)"
"""The role of a file's column melted by this rule: it holds the ratings of the rater and the
item its name says (the preview shows it so, never as a column no role uses)."""
MELTED_QUESTION = "ratings of one item (read from its name)"
"""The role of a question column melted by :func:`melt_item_columns`: it holds the ratings of
the item its name says, each row's by the rater its rater column names."""
_MELT_SETTINGS = ("item",)
_NAMED_SETTINGS = ("layout", "rater_col")
"""The settings of the note that reads columns as the raters their names say, one each."""


@dataclass(frozen=True)
class Split:
    """Columns split into (first part, second part); the columns that did not split."""

    parts: dict[str, tuple[str, str]]
    others: list[str]

    def levels(self, k: int) -> list[str]:
        return list(dict.fromkeys(p[k] for p in self.parts.values()))


def _split_at(name: str, sep: str, last: bool) -> tuple[str, str] | None:
    k = name.rfind(sep) if last else name.find(sep)
    if k <= 0 or k + len(sep) >= len(name):
        return None
    a, b = name[:k].strip(), name[k + len(sep):].strip()
    return (a, b) if a and b else None


def find_split(columns: list[str]) -> Split | None:
    """The separator and side at which the most columns split into a full cross of two
    factors with two or more levels each (None when no split crosses). Beside the crossed
    columns stand three others at most, or fewer than the crossed ones (an id, the subject's
    sex and age and two measurements beside six crossed columns), more where the raters are
    named so (:func:`_others_beside`)."""
    best: Split | None = None
    for sep, last in product(SEPARATORS, (False, True)):
        parts = _crossing_parts({c: p for c in columns if (p := _split_at(c, sep, last)) is not None})
        others = [c for c in columns if c not in parts]
        if len(parts) < 4 or len(others) > _others_beside(parts) or \
                not _one_run_after_ids(columns, parts, others) or \
                any(_continues(c, sep, last, parts) for c in others
                    if columns.index(c) > columns.index(next(iter(parts)))):
            continue                      # the id columns come first, the crossed ones after
        split = Split(parts, others)
        a, b = split.levels(0), split.levels(1)
        if dated_headers(list(parts)) or dated_headers(a) or dated_headers(b):
            continue                      # days and their halves are occasions, not raters
        if _persons_of_roles(a, b) or _persons_of_roles(b, a):
            continue                      # 'Midwife 1' .. 'Obstetrician 2': four people
        pairs = set(parts.values())
        if len(a) >= _MIN_LEVELS and len(b) >= _MIN_LEVELS and len(pairs) == len(parts) == \
                len(a) * len(b) and (best is None or len(parts) > len(best.parts)):
            best = split
    return best


def _persons_of_roles(roles: list[str], numbers: list[str]) -> bool:
    """Each of ``roles`` is a role ('Midwife', 'Obstetrician', 'Pathologist'), each of
    ``numbers`` a bare number: a number after a role tells one person of that role from
    another, so each column is a rater ('Midwife 1', 'Midwife 2', 'Obstetrician 1',
    'Obstetrician 2'), never a role's answer to item 1 and 2 (a person's name before a number,
    'Rater A 1', 'Anna 2', may be an occasion: those stay crossed)."""
    from tapdesk.data.importer.idstructure import person_header
    return all(v.isdigit() for v in numbers) and \
        all(person_header(v) or _professional(v) for v in roles)


def _others_beside(parts: dict[str, tuple[str, str]]) -> int:
    """How many columns may stand beside the crossed ones: three, or one fewer than they are;
    twice as many as they are where one part's levels are each named as a rater is ('Reader 1
    TI-RADS', 'Reader 1 FNA?' .. 'Reader 3 FNA?' beside a patient's ids, the nodule's site and
    size, its cytology and histology): such names say what the cross is."""
    levels = [list(dict.fromkeys(p[k] for p in parts.values())) for k in (0, 1)]
    named = any(all(looks_like_rater(v) for v in level) for level in levels)
    return 2 * len(parts) if named else max(3, len(parts) - 1)


def _continues(column: str, sep: str, last: bool, parts: dict[str, tuple[str, str]]) -> bool:
    """``column``, after the crossed columns, is named as they are: split at the same place,
    one of its parts is a level of the cross ('GP 3' after 'Derm 1' ... 'GP 2'), so the cross
    is incomplete. A column of its own after them ('Testicular volume L (mL)' after 'Dr Ahmed
    PH' ...) shares no level and leaves the cross whole."""
    split = _split_at(column, sep, last)
    return split is not None and any(split[k] in {p[k] for p in parts.values()} for k in (0, 1))


def _one_run_after_ids(columns: list[str], parts: dict[str, tuple[str, str]],
                       others: list[str]) -> bool:
    """The crossed columns stand side by side after the id columns (a column of notes may
    follow them, as a sheet's last column often is, but no column named as they are: 'GP 3'
    after 'Derm 1', 'Derm 2', 'GP 1', 'GP 2' leaves the cross incomplete)."""
    at = sorted(columns.index(c) for c in parts)
    first = at[0]
    return at[-1] - first + 1 == len(at) and (not others or columns.index(others[0]) < first)


def _crossing_parts(parts: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The split names without those whose parts no other name shares ('Birth weight (g)'
    beside 'Apgar 1' midwife', 'Apgar 5' midwife' ...): a column of its own is no level of a
    cross."""
    while True:
        counts = [Counter(p[k] for p in parts.values()) for k in (0, 1)]
        kept = {c: p for c, p in parts.items() if counts[0][p[0]] >= 2 and counts[1][p[1]] >= 2}
        if len(kept) == len(parts):
            return parts
        parts = kept


MIN_ROWS_AGREE = 8


def _agreeing_part(table: Table, split: Split) -> tuple[int, float] | None:
    """The part that names the raters by how the columns answer, with the ratio of the
    distances: raters answering one item agree more closely than one rater's answers to
    different items do, so the part whose levels group the closest columns is the item. None
    when too few rows answer."""
    texts = {c: table.texts(c) for c in split.parts}
    apart = []
    for k in (0, 1):
        pairs = [(a, b) for a, b in combinations(split.parts, 2)
                 if split.parts[a][k] == split.parts[b][k]]
        found = [d for a, b in pairs if (d := _distance(texts[a], texts[b])) is not None]
        if not found:
            return None
        apart.append(sum(found) / len(found))
    item = 0 if apart[0] <= apart[1] else 1
    far = max(apart)
    return 1 - item, (min(apart) / far if far > 0 else 1.0)


def _distance(a: list[str], b: list[str]) -> float | None:
    """How far apart two columns' answers are: the mean difference of numbers, else the
    share of rows that differ (None for too few rows answered in both)."""
    both = [(x, y) for x, y in zip(a, b) if x and y]
    if len(both) < MIN_ROWS_AGREE:
        return None
    numbers = [(numeric_value(x), numeric_value(y)) for x, y in both]
    if all(x is not None and y is not None for x, y in numbers):
        return sum(abs(x - y) for x, y in numbers if x is not None and y is not None) / len(both)
    return sum(x != y for x, y in both) / len(both)


def _rater_score(levels: list[str]) -> float:
    """Share of levels written like raters minus the share written like items."""
    from tapdesk.data.importer.idstructure import person_header

    def rater(v: str) -> bool:
        return looks_like_rater(v) or person_header(v) or _professional(v) or \
            (v[:1].isupper() and v[1:].islower() and v.isalpha() and fold(v) not in RATING_WORDS)

    def item(v: str) -> bool:
        if person_header(v) or _professional(v):
            return False
        m = _ITEMISH.match(v)
        return fold(v) in ITEM_WORDS | RATING_WORDS or (m is not None and not looks_like_rater(v)) \
            or (v.isalpha() and v.islower())
    return (sum(map(rater, levels)) - sum(map(item, levels))) / len(levels)


_PROFESSION = re.compile(r"(?:logist|loge|login|ician|iatrist|apist|ntist|grapher)$")
"""The endings of the professions that rate, read on a name's first word ('Pathologist 1',
'Radiologe 2', 'Physician A', 'clinician', 'psychiatrist', 'therapist', 'dentist',
'sonographer'): a person, never an item."""


def _professional(v: str) -> bool:
    return _PROFESSION.search(fold(v.split()[0]) if v.split() else "") is not None


NAMES, ANSWERS, GUESSED = "names", "answers", "guessed"
"""How the raters' part of the names was told: by the names, by the answers, or a guess."""


def rater_part(split: Split, table: Table) -> tuple[int, str]:
    """Which part (0 or 1) names the raters, and whether the levels or the answers said so
    (else a guess): the names, unless the answers tell clearly otherwise (:data:`AGREE_GAP`)
    or the names do not tell."""
    first, second = _rater_score(split.levels(0)), _rater_score(split.levels(1))
    # only where the names do not tell: a rater's retest (A_T1, A_T2) agrees more closely than
    # two raters do, so the answers alone cannot tell a repeat from an item
    agreeing = _agreeing_part(table, split) if first == second else None
    if agreeing is not None and agreeing[1] < 1:
        return agreeing[0], ANSWERS
    if first == second:
        return 0, GUESSED
    return (0 if first > second else 1), NAMES


def _raters_in_groups(split: Split) -> bool:
    """Both parts of the names are people: groups of raters ('Surgeons', 'Nurses') over
    raters named within each group ('Rater 1', 'Rater 2'). An item is never named as a rater,
    so each column is one rater, named by its group and its name."""
    def named_rater(v: str) -> bool:       # 'Rater 1', 'Reader 2': a rater word, not 'Q1'
        f = fold(v)
        return any(f == w or (f.startswith(w) and f[len(w):].isdigit()) for w in RATER_WORDS)

    return all(named_rater(v) for v in split.levels(1)) and \
        _rater_score(split.levels(0)) > 0 and not any(looks_like_rater(v) for v in split.levels(0))


def one_column_per_group(table: Table, book: NoteBook) -> Table:
    """A two-level header whose groups hold one column each once the others were left out
    ('Anna | Score' beside 'Anna | Comment', the comments left out): the columns are named
    by their groups, the raters."""
    joined = {c: c.split(GROUP_JOIN, 1) for c in table.columns if GROUP_JOIN in c}
    lower = {b for _, b in joined.values()}
    groups = [a for a, _ in joined.values()]
    if len(joined) < 2 or len(lower) != 1 or len(set(groups)) != len(groups) or \
            set(groups) & set(table.columns):
        return table
    names = [joined[c][0] if c in joined else c for c in table.columns]
    # Translators: an import note; {column} is the lower header's name, {groups} the groups'
    # names joined by ", " (then " ..." when there are more).
    book.add("header-words", Wording.of(N_("each group of the two-level header has one column "
                                           "left, {column}: the columns are named by their "
                                           "groups ({groups})"), column=Name(lower.pop()),
                                        groups=_first(groups)),
             columns=list(joined), action="guessed")
    body = table.body.copy()
    body.columns = names
    return Table(names, body, table.rows, table.grid, table.header_row, table.formulas,
                 table.coded)


def melt_rater_items(table: Table, book: NoteBook) -> tuple[Table, str, bool] | None:
    """The table melted to subject, rater, item and rating columns, the subject column and
    whether it has items (None when the headers do not cross raters with items; no item column
    where one item is left once a rater's confidence is set aside)."""
    split = find_split(list(table.columns))
    if split is None or not split.others or _raters_in_groups(split):
        return None
    k, said = rater_part(split, table)
    split = _raters_on_one_scale(_no_reference_raters(split, k, book), k, table, book)
    split = _no_confidence_items(split, k, book)
    raters, items = split.levels(k), split.levels(1 - k)
    long = melt(table, split.others, {c: f"{p[k]}\x1f{p[1 - k]}" for c, p in split.parts.items()},
                RATER, RATING)
    both = long.body[RATER].astype(str).str.split("\x1f", n=1, expand=True)
    long.body[RATER] = both[0].to_numpy(dtype=object)
    if len(items) > 1:
        long.body.insert(len(split.others) + 1, ITEM, both[1].to_numpy(dtype=object))
    long = Table(list(long.body.columns), long.body, long.rows, long.grid, long.header_row)
    if len(items) == 1:
        # Translators: an import note; {n} a number, {raters} names joined by ", " (then
        # " ..."), {item} what the columns' names say besides the rater ('label').
        named = Wording.ngettext(
            "the column names {n} rater ({raters}) with {item}: it is read as the rater's ratings",
            "the columns name {n} raters ({raters}), each with {item}: each is read as that "
            "rater's ratings", len(raters), n=len(raters), raters=_first(raters),
            item=Quoted(tuple(items)))
        book.add("header-words", named, columns=list(split.parts), action="guessed",
                 settings=_NAMED_SETTINGS)
        return long, _row_names(table, split.others), False
    # Translators: how the raters and items were told apart, inside an import note.
    how = {NAMES: Wording.of(N_("the rater and item parts of the names")),
           # Translators: as above.
           ANSWERS: Wording.of(N_("told by the answers: the columns of one item agree more "
                                  "closely than one rater's answers to different items do")),
           # Translators: as above.
           GUESSED: Wording.of(N_("the first part of each name taken for the rater (the names "
                                  "do not say which part is the rater: if it is the other, swap "
                                  "them in the long form)"))}[said]
    # Translators: an import note; {n_raters}, {n_items} and {n_columns} are numbers, {raters}
    # and {items} names joined by ", " (then " ..."), {how} how they were told apart.
    book.add("header-words", Wording.of(N_(
        "the columns cross {n_raters} raters ({raters}) with {n_items} items ({items}): each "
        "column is one rater's answer to one item ({how}), so each item is analysed on its own "
        "rather than the {n_columns} columns read as raters"), n_raters=len(raters),
        raters=_first(raters), n_items=len(items), items=_first(items), how=how,
        n_columns=len(split.parts)),
        columns=list(split.parts), action="guessed", settings=_MELT_SETTINGS)
    return long, _row_names(table, split.others), True


def _row_names(table: Table, others: list[str]) -> str:
    """The column that names the subjects among the columns beside the raters': the first that
    names each row once ('Athlete' after a 'Division' and a 'Round' the same on every row),
    else the first whose value changes, else the first."""
    def values(column: str) -> list[str]:
        return [t for t in table.texts(column, limit=RULE_ROWS) if t]

    once = [c for c in others if len(set(values(c))) == len(values(c)) >= 2]
    varied = [c for c in others if len(set(values(c))) >= 2]
    return (once or varied or others)[0]


def _no_reference_raters(split: Split, k: int, book: NoteBook) -> Split:
    """Principle: a reference is not a rater. A 'rater' of the cross named as a reference
    ('Lab report colour', 'Lab report clarity' beside 'Gemmologist A colour' ...) is none:
    its columns stay columns of the subjects, said."""
    from tapdesk.data.importer.words import is_reference_name

    levels = split.levels(k)
    named = [r for r in levels if is_reference_name(r)]
    if not named or len(levels) - len(named) < 2 or not book.enabled("reference-answer"):
        return split
    moved = [c for c, p in split.parts.items() if p[k] in named]
    # Translators: an import note; {columns} columns' names, quoted; {names} what their names
    # share (a reference's name, as the file writes it), joined by ", ".
    book.add("reference-answer", Wording.of(N_(
        "columns {columns} are not read as a rater's ratings: {names} names a reference "
        "answer, not a rater; they are kept as columns of the subjects"),
        columns=Quoted(tuple(moved[:4])), names=_first(named)), columns=moved, action="guessed")
    return Split({c: p for c, p in split.parts.items() if c not in moved}, split.others + moved)


def _no_confidence_items(split: Split, k: int, book: NoteBook) -> Split:
    """Principle: how sure a rater was is no rating of the subject. An 'item' of the cross named
    as a rater's confidence ('w_0412_label', 'w_0412_confidence' ...) is what each rater says of
    their own rating: its columns stay columns of the subjects, said, and the other items are
    the ratings."""
    items = split.levels(1 - k)
    sure = [i for i in items if fold(i) in CONFIDENCE_WORDS]
    if not sure or len(sure) == len(items) or not book.enabled("header-words"):
        return split
    moved = [c for c, p in split.parts.items() if p[1 - k] in sure]
    # Translators: an import note; {columns} columns' names, quoted; {names} what their names
    # share (as the file writes it: 'confidence'), joined by ", ".
    book.add("header-words", Wording.of(N_(
        "columns {columns} are not read as ratings: {names} is how sure each rater was of their "
        "rating, not a rating of the subject; they are kept as columns of the subjects"),
        columns=Quoted(tuple(moved[:4])), names=_first(sure)), columns=moved, action="guessed")
    return Split({c: p for c, p in split.parts.items() if c not in moved}, split.others + moved)


def _raters_on_one_scale(split: Split, k: int, table: Table, book: NoteBook) -> Split:
    """Principle: a rater shares the raters' scale. A 'rater' of the cross whose values are
    numbers off the others' scale ('jsw_l', 'jsw_r', a joint width in mm, beside 'kl_r1_l' ...
    graded 0-4) is no rater: its columns stay columns of the subjects, said. Only numbers are
    judged so (raters writing words in another language share no word, yet rate)."""
    if not book.enabled("rater-scale"):
        return split
    levels = split.levels(k)
    values = {r: [t for c, p in split.parts.items() if p[k] == r for t in table.texts(c) if t]
              for r in levels}
    numbers = {r: [v for v in map(numeric_value, vs) if v is not None] for r, vs in values.items()}
    stepped = [r for r in levels if len(numbers[r]) == len(values[r]) and values[r] and
               all(float(2 * v).is_integer() for v in numbers[r])]
    scale = [v for r in stepped for v in numbers[r]]
    if len(stepped) < 2 or len(stepped) == len(levels):
        return split
    low, high = min(scale), max(scale)
    off = [r for r in levels if r not in stepped and values[r] and len(numbers[r]) == len(values[r])
           and sum(low <= v <= high and float(2 * v).is_integer() for v in numbers[r])
           < 0.5 * len(numbers[r])]
    if not off or len(levels) - len(off) < 2:
        return split
    moved = [c for c, p in split.parts.items() if p[k] in off]
    # Translators: an import note; {columns} columns' names, quoted; {raters} the raters' names
    # joined by ", " (then " ...").
    book.add("rater-scale", Wording.of(N_(
        "columns {columns} are not read as a rater's ratings: their numbers are not on the "
        "scale of the raters' ({raters}), as a measurement beside the grades is not"),
        columns=Quoted(tuple(moved[:4])), raters=_first([r for r in levels if r not in off])),
        columns=moved, action="guessed")
    return Split({c: p for c, p in split.parts.items() if c not in moved}, split.others + moved)


def _first(names, limit: int = 5) -> str:
    """The first names joined by ", ", then " ..." when there are more."""
    return ", ".join(names[:limit]) + (" ..." if len(names) > limit else "")


def melted_columns(notes) -> list[str]:
    """The file's columns this rule melted into rater, item and rating (from its notes)."""
    return [c for n in notes if n.rule == "header-words" and
            n.settings in (_MELT_SETTINGS, _NAMED_SETTINGS)
            for c in n.columns]


def melt_item_columns(table: Table, book: NoteBook) -> tuple[Table, str, str] | None:
    """One row per subject and rater (a form filled in for each rating) with the questions in
    columns: the subject and rater columns named so, the rater never twice for one subject,
    and two or more other columns of ratings on one scale, each of which the raters of some
    subject answered differently, none named as the rating. Each question is an
    item: the table melted to subject, rater, item and rating (subject and rater returned)."""
    from tapdesk.data.importer.roles import rating_by_name
    from tapdesk.data.importer.words import SUBJECT_WORDS

    subject = next((c for c in table.columns if fold(c) in SUBJECT_WORDS), None)
    rater = next((c for c in table.columns if c != subject and fold(c) in RATER_WORDS), None)
    if rater is not None and subject is None:
        subject = _crossing_subject(table, rater)
    if subject is None or rater is None:
        return None
    named = rating_by_name(table, {subject, rater})
    others = [c for c in table.columns if c not in (subject, rater, named) and not _dated(table, c)]
    questions = largest_scale(table, others)
    if named is not None and (_shares_a_value(table, named, questions) or
                              _ticks(table, questions)):
        return None             # the named rating answers as the questions do, or they tick it
    pairs = list(zip(table.texts(subject), table.texts(rater)))
    if len(questions) < 2 or len(set(pairs)) < len(pairs) or \
            len({s for s, _ in pairs}) == len(pairs) or not _one_scale(table, questions) or \
            not all(varies_within(table, subject, c) for c in questions):
        return None             # a flag the same for every rater of a subject is no question
    long = melt(table, [subject, rater], {c: c for c in questions}, ITEM, RATING)
    left = [c for c in others if c not in questions] + ([named] if named else [])
    # Translators: an import note; {subject} and {rater} columns' names, {items} the question
    # columns' names joined by ", " (then " ...").
    said = Wording.of(N_(
        "each row is one rater's answers ({rater}) for one subject ({subject}), and the other "
        "columns are questions ({items}): each question is an item, analysed on its own"),
        subject=Name(subject), rater=Name(rater), items=_first(questions))
    if left:
        # Translators: an import note; {said} the note above; {left} columns' names, quoted;
        # {n} how many.
        said = Wording.ngettext("{said}; {n} column ({left}) has no answer in common with the "
                                "questions and is not read as ratings",
                                "{said}; {n} columns ({left}) have no answer in common with the "
                                "questions and are not read as ratings", len(left), said=said,
                                left=Quoted(tuple(left[:4])), n=Count(len(left)))
    book.add("header-words", said, columns=questions, action="guessed", settings=_MELT_SETTINGS)
    return long, subject, rater


def _crossing_subject(table: Table, rater: str) -> str | None:
    """The column that names the subjects beside a rater column: its ids repeat across the
    raters, each met once by each (one row per subject and rater)."""
    from tapdesk.data.importer.idstructure import crossed, crossing

    return next((c for c in table.columns if c != rater and not _dated(table, c) and
                 crossed(crossing(table, c, rater, None))), None)


def _ticks(table: Table, columns: list[str]) -> bool:
    """The columns hold only yes and no, true and false, 1 and 0: boxes ticked beside a rating
    (a rubric's items one-hot beside the score), not answers of their own."""
    values = {fold(t) for c in columns for t in table.texts(c) if t}
    return values <= TRUE_WORDS | FALSE_WORDS


def _shares_a_value(table: Table, column: str, columns: list[str]) -> bool:
    """``column`` holds a value one of ``columns`` holds too ('Grade' 55.00 beside questions
    answered 'Good (3)' holds none: a total or a result, not an answer of theirs)."""
    own = {t for t in table.texts(column) if t}
    return any(own & {t for t in table.texts(c) if t} for c in columns)


def _dated(table: Table, column: str) -> bool:
    from tapdesk.data.importer.idstructure import TIME_LIKE

    return any(TIME_LIKE.search(v) for v in table.texts(column, 50) if v)


def largest_scale(table: Table, columns: list[str]) -> list[str]:
    """The most columns that answer on one scale: linked through the values they share (a
    school's name beside tooth scores 0-6 shares none); all of ``columns`` when they are
    one scale already."""
    values = {c: {t for t in table.texts(c) if t} for c in columns}
    groups = linked_groups(columns, lambda a, b: bool(values[a] & values[b]))
    return max(groups, key=len, default=[])


MOST_NUMBERS, MOST_WORDS = 20, 30
"""The most values questions on one scale give in all: numbers (more are scores of one range,
:func:`~tapdesk.data.importer.scores.one_range`, or measured: a time or an amount), and words or
codes ('B1' .. 'E6' of a colour chart)."""


def _one_scale(table: Table, columns: list[str]) -> bool:
    """The columns answer on one scale: a few values in all, each column sharing one with
    another (a time on task beside a grade shares none)."""
    decimal = table.grid.text_format.decimal if table.grid.text_format else "."
    values = [{canonical_number(t, decimal) for t in table.texts(c) if t} for c in columns]
    every = set().union(*values)
    numbers = all(numeric_value(v) is not None for v in every)
    shared = all(any(v & w for k, w in enumerate(values) if k != j) for j, v in enumerate(values))
    if numbers and len(every) > MOST_NUMBERS:       # scores of one scale, or measured things
        return shared and one_range([np.array([numeric_value(t) for t in v], dtype=float)
                                     for v in values], (0, 100))
    return 0 < len(every) <= (MOST_NUMBERS if numbers else MOST_WORDS) and shared
