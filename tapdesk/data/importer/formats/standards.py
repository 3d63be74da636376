"""Data standards: a CDISC SDTM findings domain (QS questionnaires, RS disease response, TR and TU
tumour assessments ...), as regulators receive clinical trial data.

One record per finding: USUBJID the trial subject, VISIT (and a time point) when it was found,
--TESTCD the test, --ORRES / --STRESC the result, and --EVAL / --EVALID who evaluated it (the
site investigator, an independent assessor, 'READER 1'). Where more than one evaluator gave
results, the evaluators are the raters, the subject at each visit (and time point) the subject
rated, and the test the item. Derived records (--DRVFL 'Y': a total computed from the items)
are no ratings; a test not done (--STAT 'NOT DONE') has no result and is missing. A domain
without an evaluator is no agreement study: the general rules read it.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.formats.base import Reading, drop_rows, folded_names, keep_columns, rebuild, say
from tapdesk.data.importer.gridrules import GROUP_JOIN
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_
from tapdesk.i18n.text import Nn_

SUBJECT = "usubjid"
WHEN = ("visit", "visitnum")
"""The visit, by name or (where no name is given) by number."""


def sdtm(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    prefix = _domain(names)
    if prefix is None:
        return None
    rater = _evaluator(table, names, prefix)
    if rater is None:
        return None
    derived = names.get(f"{prefix}drvfl")
    if derived is not None:
        flags = np.array([t.strip().upper() == "Y" for t in table.texts(derived)])
        # Translators: {rows} is "row 5" or "rows 5 and 9"; {column} a column's name.
        table = drop_rows(table, book, flags, N_("{rows}: derived records ({column} 'Y': a total "
                                                 "or score computed from the others), not ratings"),
                          column=Name(derived))
    rating = _result(table, names, prefix)
    test = names[f"{prefix}testcd"]
    item = test if len(set(table.texts(test))) > 1 else None
    table, subject = _subject(table, names, prefix)
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = keep_columns(table, book, [c for c in (subject, rater, item, rating) if c], Nn_(
        "{columns} holds the domain's bookkeeping (study, sequence, names, dates, status), not a "
        "rating, and was left out",
        "{columns} hold the domain's bookkeeping (study, sequence, names, dates, status), not "
        "ratings, and were left out"))
    # Translators: the kind of export TapDesk recognised; {domain} a two-letter SDTM domain code.
    export = Wording.of(N_("a CDISC SDTM findings domain ({domain})"), domain=prefix.upper())
    reading = Reading(export, "long", subject, rater, rating, item)
    # Translators: how an SDTM domain is read; {subject}, {rater}, {item} and {rating} are
    # columns' names.
    how = Wording.of(N_("each record is one finding: {subject} the subject rated, {rater} the "
                        "evaluator (the rater), {item} the test and {rating} the result; a test "
                        "not done has no result"), subject=Name(subject), rater=Name(rater),
                     item=Name(item or test), rating=Name(rating))
    say(book, reading, how)
    return table, reading


def _domain(names: dict[str, str]) -> str | None:
    """The domain's two-letter prefix ('qs' of QSTESTCD, QSORRES), where the table holds
    USUBJID and a finding's test and result."""
    if SUBJECT not in names:
        return None
    for name in names:
        prefix = name[:2]
        if name == f"{prefix}testcd" and ({f"{prefix}orres", f"{prefix}stresc"} & set(names)):
            return prefix
    return None


def _evaluator(table: Table, names: dict[str, str], prefix: str) -> str | None:
    """The column naming who evaluated each finding, where two evaluators or more did."""
    for key in (f"{prefix}evalid", f"{prefix}eval"):
        column = names.get(key)
        if column is not None and len({t for t in table.texts(column) if t}) >= 2:
            return column
    return None


def _result(table: Table, names: dict[str, str], prefix: str) -> str:
    """The standardised result where it is given, else the result as collected."""
    standard = names.get(f"{prefix}stresc")
    if standard is not None and any(table.texts(standard)):
        return standard
    return names.get(f"{prefix}orres") or standard or ""


def _subject(table: Table, names: dict[str, str], prefix: str) -> tuple[Table, str]:
    """The subject rated: the trial subject at each visit and time point where findings were
    made at several (a new column 'USUBJID | VISIT'), else the trial subject."""
    subject = names[SUBJECT]
    visit = next((names[k] for k in WHEN if k in names and len(set(table.texts(names[k]))) > 1),
                 None)
    parts = [c for c in (subject, visit, names.get(f"{prefix}tpt")) if c]
    parts = [c for c in parts if c == subject or len(set(table.texts(c))) > 1]
    if len(parts) == 1:
        return table, subject
    joined = GROUP_JOIN.join(parts)
    cells = [GROUP_JOIN.join(values) for values in zip(*(table.texts(c) for c in parts))]
    columns = {c: table.body[c].to_numpy(dtype=object) for c in table.columns}
    columns[joined] = np.array(cells, dtype=object)
    return rebuild(table, columns), joined
