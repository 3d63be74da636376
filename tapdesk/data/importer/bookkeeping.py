"""Rules 'bookkeeping' and 'exclude-flag': columns that keep the books of the rating work are
not raters, even when their values lie on the rating scale.

Being on the raters' scale is no evidence of a rater (a 0/1 'reviewed' column beside 0/1
ratings). Evidence against one:

* a name that says bookkeeping: every word of it is a bookkeeping word ('reviewed', 'QC
  pass', 'double entry', 'discordant', 'record status', 'verified', 'geprüft' ...; see
  ``words.is_bookkeeping_name``), with the values of a flag or a status (three values at
  most, or only yes/no words). A person's name ('Checker') is not such a name;
* a constant column beside raters who vary: left out when it holds 20 or more values and its
  name does not look like a rater's ('Rater 3', 'Dr Smith', 'coder2'); a real rater giving
  one category to 20 subjects while the others vary is rare, and the note says it so the user
  can keep it. In a smaller file, or under a rater's name, it stays a rater with a warning;
* a column computed from the others (a per-row count, sum or mean): the calculated-columns
  rule (``colrules``) leaves those out before the layout is known.

A bookkeeping column that says to exclude subjects ('excluded', 'drop', 'invalid',
'ausschließen' ...) with a true value in some rows gets an 'exclude-flag' warning naming the
subjects it marks; with ``ImportOptions.drop_flagged`` those subjects are left out. In a long
file such a column is looked for among the columns the layout does not use.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.refcols import subject_ids
from tapdesk.data.importer.scalerule import drop_value_columns
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import ValueRules
from tapdesk.data.importer.words import (
    FALSE_WORDS,
    TRUE_WORDS,
    is_bookkeeping_name,
    is_exclude_name,
    looks_like_rater,
)
from tapdesk.data.wording import Name, Rows, Wording
from tapdesk.i18n import N_

RULE = "bookkeeping"
FLAG_RULE = "exclude-flag"
_CONSTANT_ROWS = 20        # a constant column this long beside varying raters is left out
_CONSTANT_WARN = 5         # a shorter constant column is kept with a warning from here on
_FLAG_VALUES = 3           # a flag or status column holds at most this many values


def _values(table: Table, column: str, rules: ValueRules) -> list[str | None]:
    return [rules.label(t) if t else None for t in table.texts(column)]


def _flag_like(values: list[str | None]) -> bool:
    """The values of a flag or status: a few of them, or only yes/no words."""
    seen = {v.casefold() for v in values if v is not None}
    return bool(seen) and (len(seen) <= _FLAG_VALUES or seen <= TRUE_WORDS | FALSE_WORDS)


def _true_rows(values: list[str | None]) -> list[int]:
    """Body rows where a flag holds a true value (1, yes, TRUE, x ...)."""
    return [i for i, v in enumerate(values) if v is not None and v.casefold() in TRUE_WORDS]


def apply_bookkeeping(table: Table, det: Detection, rules: ValueRules, book: NoteBook,
                      roles: dict[str, str], drop_flagged: bool) -> tuple[Table, Detection]:
    """Leave bookkeeping columns out of the raters; warn of (or drop) flagged subjects."""
    flags: dict[str, list[int]] = {}
    if det.layout == "wide" and book.enabled(RULE):
        table, det = _wide(table, det, rules, book, roles, flags)
    elif det.layout == "long":
        used = {det.subject, det.rater, det.rating, det.item}
        for c in table.columns:
            if c not in used and roles.get(c) not in ("rater", "reference") and \
                    is_exclude_name(c):
                values = _values(table, c, rules)
                if _flag_like(values) and _true_rows(values):
                    flags[c] = _true_rows(values)
    if flags:
        table = _flagged(table, det, book, flags, drop_flagged)
    return table, det


def _wide(table: Table, det: Detection, rules: ValueRules, book: NoteBook, roles: dict[str, str],
          flags: dict[str, list[int]]) -> tuple[Table, Detection]:
    columns = [c for c in det.value_columns if roles.get(c) not in ("rater", "reference")]
    labels = {c: _labels(table, c, rules) for c in det.value_columns}
    found: dict[str, Wording] = {}
    for c in columns:
        if is_bookkeeping_name(c) and _flag_like(list(labels[c])):
            # Translators: why a column is not a rater, inside an import note.
            found[c] = Wording.of(N_("its name says it keeps the books of the rating work"))
            if is_exclude_name(c):
                found[c] = Wording.of(N_("its name says it marks subjects to exclude"))
                flags.update({c: _true_rows(_values(table, c, rules))} if
                             set(map(str.casefold, labels[c])) & TRUE_WORDS else {})
    varying = {c for c in det.value_columns if c not in found and len(labels[c]) >= 2}
    for c in [c for c in columns if c not in found]:
        if len(varying) - (c in varying) >= 2:
            why = _constant(c, labels[c], book)
            if why:
                found[c] = why
    if not found or len(found) >= len(det.value_columns) - 1:
        return table, det
    for c, why in found.items():
        # Translators: an import note; {column} is a column's name, {why} says why (a clause).
        book.add(RULE, Wording.of(N_("column {column} is not a rater: {why}; it was left out"),
                                  column=Name(c), why=why), columns=[c])
    return drop_value_columns(table, det, found)


def _labels(table: Table, column: str, rules: ValueRules) -> Counter[str]:
    """How often each rating label occurs in a column (cleaned once per distinct text)."""
    coded = table.codes()
    codes, counts = np.unique(coded.codes[:, table.index(column)], return_counts=True)
    out: Counter[str] = Counter()
    for code, n in zip(codes.tolist(), counts.tolist()):
        text = coded.text[code]
        label = rules.label(text) if text else None
        if label is not None:
            out[label] += n
    return out


def _constant(column: str, labels: Counter[str], book: NoteBook) -> Wording | None:
    """Why a column that holds one value beside raters who vary is left out (None: it is
    not constant, too short to tell, or kept with a warning)."""
    filled = sum(labels.values())
    if len(labels) != 1 or filled < _CONSTANT_WARN:
        return None
    value = next(iter(labels))
    if filled >= _CONSTANT_ROWS and not looks_like_rater(column):
        # Translators: why a column is not a rater; {value} is a cell's text, {n} a number of rows.
        return Wording.of(N_("it holds {value} in all {n} rows while the other columns vary, as "
                             "a constant does"), value=Name(value), n=filled)
    # Translators: an import warning; {column} is a column's name, {n} a number of subjects,
    # {value} a cell's text.
    book.add(RULE, Wording.of(N_("column {column} gives every one of its {n} subjects {value} "
                                 "while the other raters vary; it was kept as a rater, but if it "
                                 "is a constant (a version, a site, a status) leave it out"),
                              column=Name(column), n=filled, value=Name(value)),
             columns=[column], action="warning", settings=("column_roles",))
    return None


def _flagged(table: Table, det: Detection, book: NoteBook, flags: dict[str, list[int]],
             drop: bool) -> Table:
    """Name the subjects each exclusion flag marks; leave them out when asked to."""
    subjects = subject_ids(table, det)
    marked: set[str] = set()
    for c, where in flags.items():
        who = sorted({subjects[i] for i in where if subjects[i]}, key=_natural)
        marked |= set(who)
        # Translators: the first subjects' ids joined by ", " and how many in all.
        shown = ", ".join(who[:8]) if len(who) <= 8 else Wording.ngettext(
            "{ids} ... ({n} subject)", "{ids} ... ({n} subjects)", len(who),
            ids=", ".join(who[:8]), n=len(who))
        # Translators: what was done with the flagged subjects, at the end of an import note.
        verb = Wording.of(N_("they were left out, as asked")) if drop else \
            Wording.of(N_("they were kept; choose to drop flagged subjects to leave them out"))
        # Translators: an import note; {column} is a column's name, {n} a number of subjects,
        # {ids} their ids, {rows} the rows ("rows 3 and 9"), {what} what was done with them.
        book.add(FLAG_RULE, Wording.ngettext(
            "column {column} marks {n} subject to exclude ({ids}; {rows}): {what}",
            "column {column} marks {n} subjects to exclude ({ids}; {rows}): {what}", len(who),
            column=Name(c), n=len(who), ids=shown, rows=Rows(tuple(table.row_of(i) for i in where)),
            what=verb),
                 rows=[table.row_of(i) for i in where], columns=[c],
                 action="left out" if drop else "warning", settings=() if drop else ("drop_flagged",))
    if not drop or not marked:
        return table
    keep = np.array([s not in marked for s in subjects], dtype=bool)
    return table.keep_rows(keep) if keep.any() else table


def _natural(text: str) -> tuple:
    return (len(text), text)
