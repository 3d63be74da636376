"""Layout detection: which of the six layouts a table is, how sure, and why.

Every rule is explicit and returns its reason in words; the user can
override the layout and every column role (CLI ``--layout``, ``--subject-col``
...), and the override always wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

from tapdesk.data.import_words import MELTED_ITEM, MELTED_RATER
from tapdesk.data.importer.idstructure import complete_long, long_alternative
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import (
    Hints,
    Roles,
    by_name,
    dates_across,
    distinct,
    first_column_ids,
    guess_roles,
    is_id_column,
    once_each,
    subject_ids_across,
    units_across,
    user_roles,
)
from tapdesk.data.importer.survey import (
    form_questions,
    looks_like_form,
    note_orientation,
    orientation,
    respondent_column,
)
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import canonical_number, count_of
from tapdesk.data.importer.words import RATER_WORDS, SUBJECT_WORDS, fold, looks_like_rater
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Joined, Listed, Name, Quoted, Worded, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

LAYOUTS = ("long", "wide", "wide-rows", "category-counts", "binary-counts", "contingency")
LAYOUT_SETTINGS = {
    "long": ("subject_col", "rater_col", "rating_col", "item_col"),
    "wide": ("subject_col", "item_col"),
    "wide-rows": ("rater_col", "item_col"),
    "category-counts": ("subject_col", "item_col"),
    "binary-counts": ("subject_col", "item_col"),
    "contingency": (),
}
"""The column settings (``ImportOptions`` fields) each layout reads (:func:`_for_layout`); a
client shows the others as not used."""


N_NAMES = {"n", "nraters", "raters", "nrated", "ratings", "nratings", "total", "nr", "nobs",
           "numraters", "numberofraters", "nrating", "trials", "ntotal"}
CLASS1_NAMES = {"class1", "nclass1", "ones", "positives", "npositive", "npos", "k", "nc", "yes",
                "nyes", "successes", "count1", "n1", "x", "votes", "positive", "hits"}
TOTAL_NAMES = {"total", "sum", "all", "totals", "margin"}


@dataclass(frozen=True)
class Detection:
    """A layout with its column roles, confidence (0-1) and reason in words."""

    layout: str
    confidence: float
    reason: str
    subject: str | None = None
    rater: str | None = None
    rating: str | None = None
    item: str | None = None
    value_columns: tuple[str, ...] = ()
    n_col: str | None = None
    class1_col: str | None = None
    notes: tuple[str, ...] = field(default=())


def _texts(table: Table, col: str, limit: int = 2000) -> list[str]:
    return table.texts(col, limit)


def _int_column(table: Table, col: str, limit: int = 2000) -> bool:
    """Every filled cell of the sampled column is a non-negative integer."""
    vals = [t for t in _texts(table, col, limit) if t]
    if not vals:
        return False
    for t in vals:
        v = numeric_value(t)
        if v is None or v < 0 or not float(v).is_integer():
            return False
    return True


def _count_column(table: Table, col: str, limit: int = 2000) -> bool:
    """Every filled cell of the sampled column is a count as tables print them (a dash for
    none, thousands grouped, a count with its share: ``values.count_of``)."""
    vals = [t for t in _texts(table, col, limit) if t]
    counts = [count_of(t) for t in vals]
    return bool(vals) and all(v is not None and v >= 0 and float(v).is_integer() for v in counts)


def detect(table: Table, roles: Roles, hints: Hints | None = None,
           book: NoteBook | None = None) -> Detection:
    """Detect the layout, honouring every role and the layout the user named."""
    book = book or NoteBook()
    user = user_roles(table, roles)
    g = guess_roles(table, user, hints or Hints(), book)
    survey = hints.survey if hints is not None and not _answered_again(table, hints, g) \
        else None
    if roles.layout in (None, "long") and not survey:
        g = complete_long(table, g, book)
    if roles.layout is not None:
        if roles.layout not in LAYOUTS:
            # Translators: {layout} is the layout asked for; {layouts} the layouts' option names
            # (English, as the option takes them), listed.
            raise DataError(Wording.of(N_("unknown layout {layout}; choose one of {layouts}"),
                                       layout=Name(roles.layout), layouts=Listed(LAYOUTS)))
        det = _for_layout(table, roles.layout, g.subject, g.rater, g.rating, g.item)
        return replace(det, confidence=1.0, reason=reason_of(CHOSEN, reason=det.reason))
    if user.rating or (g.rating and g.rater and g.subject) or \
            (g.rating and g.subject and len(table.columns) <= 6 and _repeats(table, g.subject)):
        det = _for_layout(table, "long", g.subject, g.rater, g.rating, g.item)
        return replace(det, confidence=1.0 if user.rating else 0.9)
    if hints is not None and survey:
        return _survey(table, survey, hints.survey_rater, g.item, book)
    form = _form(table, g, book)
    if form is not None:
        return form
    subject = g.subject if g.subject in table.columns else None
    for check in (_contingency, _binary_counts, _wide_rows, _category_counts, _long_unnamed):
        found = check(table, subject, g.item)
        if found is not None:
            return found
    if subject is not None and user.subject is None:
        subject = _rows_named_once(table, subject, g.item)
    return _doubt_wide(table, _wide(table, subject, g.item, detected=True,
                                    item_named=user.item is not None))


def _rows_named_once(table: Table, subject: str, item: str | None) -> str:
    """One row per subject: where the column named as the subjects repeats its ids ('Patient':
    a patient's two cysts) and the first column names each row once with ids that are not a
    running number ('rc-01', 'rc-02' ...), the rows are the subjects and that column their
    ids; the named column is then a property of each (read as an attribute, said)."""
    first = first_column_ids(table, item)
    if first is None or first == subject or not _repeats(table, subject):
        return subject
    values = [t for t in table.texts(first) if t]
    return first if values and not all(numeric_value(v) is not None for v in values) else subject


def _doubt_wide(table: Table, det: Detection) -> Detection:
    """A wide reading whose subject ids repeat contradicts the file: said, at low confidence."""
    doubt = long_alternative(table, det.subject, det.value_columns)
    if doubt is None:
        return det
    # Translators: a layout's reason and a doubt about it ("... ; but the ids in 'X' repeat").
    return replace(det, confidence=min(det.confidence, 0.5),
                   # Translators: a layout's reason ({reason}) and a doubt about it ({doubt}: "the ids
                   # in 'X' repeat ...").
                   reason=reason_of(N_("{reason}; but {doubt}"), reason=det.reason, doubt=doubt))


def _answered_again(table: Table, hints: Hints, g) -> bool:
    """A survey export's respondents answered more than once (the respondent column, or the
    rater column the user named, repeats a value): its rows are responses, not respondents,
    so it is no one-row-per-respondent survey and the long rules read it."""
    who = [c for c in (hints.survey_rater, g.user.rater) if c and c in table.columns]
    return bool(hints.survey) and any(_repeats(table, c) for c in who)


def _repeats(table: Table, col: str) -> bool:
    """Some value of the column occurs twice: long data name each subject once per rating
    (a column of unique ids beside a column headed 'Score' is one row per subject)."""
    values = [t for t in table.texts(col) if t]
    return len(set(values)) < len(values)


def _survey(table: Table, survey: str, respondent: str | None, item: str | None,
            book: NoteBook) -> Detection:
    """A one-row-per-respondent export, read the way its questions support, said in a note."""
    questions = form_questions(table, {c for c in (respondent, item) if c})
    orient = orientation(questions)
    # Translators: how a survey export's responses are named; {column} is a column's name.
    named = Wording.of(N_("named by {column}"), column=Name(respondent)) if respondent else \
        Wording.of(N_("numbered in file order"))
    # Translators: the reason of a survey export's layout; {export} is the kind of export
    # ("a survey export"), {named} how responses are named, {n} a number of question columns,
    # {evidence} why (a clause).
    export = Wording.of(N_("a {survey} export, one row per response"), survey=survey)
    if survey == "survey":            # a form of no platform TapDesk knows
        export = Wording.of(N_("a survey export, one row per response"))
    note_orientation(book, export, respondent, orient, len(questions))
    if orient.questions == "raters":
        return Detection("wide", orient.confidence, reason_of(
            # Translators: the reason of a survey export's layout; {export} is the kind of
            # export ("a survey export, one row per response"), {named} how responses are named, {n} a
            # number of question columns, {evidence} why (a clause).
            N_("{export}: the subjects are the responses ({named}), the raters the {n} question "
               "columns, because {evidence}"), export=export, named=named, n=len(questions),
            evidence=orient.evidence), subject=respondent, item=item,
            value_columns=tuple(questions))
    return Detection("wide-rows", orient.confidence, reason_of(
        # Translators: as above.
        N_("{export}: the raters are the responses ({named}), the subjects the {n} question "
           "columns, because {evidence}"), export=export, named=named, n=len(questions),
        evidence=orient.evidence), rater=respondent, item=item, value_columns=tuple(questions))


def _form(table: Table, g, book: NoteBook) -> Detection | None:
    """A table of one row per respondent (named once each) whose other columns are questions,
    and no rater column: a survey export of any platform. A column named as the subject
    ('ID') does not stop it when the questions name the things rated."""
    if g.rater is not None:
        return None
    taken = {c for c in (g.item, g.rating, g.subject) if c}
    respondent = respondent_column(table, taken)
    if respondent is None:
        return None
    questions = form_questions(table, taken | {respondent})
    named = orientation(questions)
    if not looks_like_form(questions) or \
            (g.subject is not None and (named.questions, named.confidence) != ("subjects", 0.8)):
        return None
    return _survey(table, "survey", respondent, g.item, book)


def _for_layout(table, layout, subject, rater, rating, item) -> Detection:
    if layout == "long":
        return long_detection(table, subject, rater, rating, item)
    if layout == "wide":
        return _wide(table, subject, item, detected=False)
    if layout == "wide-rows":
        col = rater or table.columns[0]
        # Translators: a layout's reason; {column} is a column's name.
        return Detection("wide-rows", 1.0, reason_of(N_("one row per rater (rater names in {column}), "
                                                   "one column per subject"), column=Name(col)), rater=col,
                         value_columns=tuple(c for c in table.columns if c not in (col, item)),
                         item=item)
    if layout == "category-counts":
        subj = subject or _first_id(table, item)
        cats = tuple(c for c in table.columns if c not in (subj, item))
        # Translators: a layout's reason; {categories} are column names joined by ", ".
        return Detection("category-counts", 1.0, reason_of(
            # Translators: a layout's reason; {categories} are column names joined by ", ".
            N_("one row per subject, one column per category ({categories}) holding how many "
               "raters chose it"), categories=", ".join(cats)),
                         subject=subj, item=item, value_columns=cats)
    if layout == "binary-counts":
        det = _binary_counts(table, subject, item, require_names=False)
        if det is None:
            raise DataError(Wording.of(N_("a binary-counts layout needs two columns of whole "
                                          "numbers: the number of raters of each subject and how "
                                          "many of them chose Class 1 (named e.g. 'n' and "
                                          "'class1')")), file=table.file)
        return det
    det = _contingency(table, subject, item, strict=False)
    if det is None:
        raise DataError(Wording.of(N_("a contingency table needs category labels in the first "
                                      "column and the header row, and whole-number counts in the "
                                      "cells")), file=table.file)
    return det


def with_rating(det: Detection, rating: str) -> str:
    """A long layout's reason with ``rating`` as its rating column (its wording kept)."""
    if det.layout == "long" and det.subject is not None and det.reason.startswith("one row per "
                                                                                  "rating: "):
        return _long_reason(det.subject, det.rater, rating, det.item)
    if isinstance(det.reason, Worded) and det.rating is not None:
        return Worded(_rated(det.reason.wording, det.rating, rating))
    return det.reason.replace(f"'{det.rating}' ratings", f"'{rating}' ratings")


def _rated(value, old: str, new: str):
    """``value`` (a reason's wording, a piece of it) with its "{column} ratings" piece naming
    ``new`` where it named ``old``: a long layout's reason wrapped in another ("MTurk: ...")
    keeps its wording, so it is still said in the reader's language."""
    if isinstance(value, Worded):
        return Worded(_rated(value.wording, old, new))
    if isinstance(value, Wording):
        ratings = value.template == RATINGS_PART
        return replace(value, values=tuple(
            (k, Name(new) if ratings and v == Name(old) else _rated(v, old, new))
            for k, v in value.values))
    if isinstance(value, Joined):
        return replace(value, items=tuple(_rated(item, old, new) for item in value.items))
    return value


# Translators: a piece of a long layout's reason ("'V' ratings": holds the ratings).
RATINGS_PART = N_("{column} ratings")


def _column(name: str) -> Name:
    """A column's name in a reason: the columns TapDesk made from crossed column names in the
    reader's language, the file's own as they are."""
    return Name(Wording.of(name) if name in (MELTED_RATER, MELTED_ITEM) else name)


def _long_reason(subject: str, rater: str | None, rating: str, item: str | None) -> Worded:
    """"one row per rating: 'S' holds subjects, 'R' raters, 'V' ratings"."""
    # Translators: the pieces of a long layout's reason; {column} is a column's name.
    parts = [Wording.of(N_("{column} holds subjects"), column=_column(subject))]
    if rater:
        # Translators: a piece of a long layout's reason ("'R' raters": holds the raters).
        parts.append(Wording.of(N_("{column} raters"), column=_column(rater)))
    parts.append(Wording.of(RATINGS_PART, column=_column(rating)))
    if item:
        # Translators: a piece of a long layout's reason ("'Q' items": holds the items).
        parts.append(Wording.of(N_("{column} items"), column=_column(item)))
    # Translators: a long layout's reason; {parts} says which column holds what.
    return reason_of(N_("one row per rating: {parts}"), parts=Joined(tuple(parts)))


def long_detection(table: Table, subject: str | None, rater: str | None, rating: str | None,
                   item: str | None) -> Detection:
    """The long layout of these columns (a DataError naming what is missing)."""
    if rating is None or subject is None:
        missing = "rating" if rating is None else "subject"
        # Translators: {columns} is the file's column names in quotes joined by ", ".
        said = N_("a long layout needs a subject column and a rating column; name the rating "
                  "column (the columns are {columns})")
        if missing == "subject":
            # Translators: as above.
            said = N_("a long layout needs a subject column and a rating column; name the subject "
                      "column (the columns are {columns})")
        raise DataError(Wording.of(said, columns=", ".join(repr(c) for c in table.columns)),
                        file=table.file, settings=(f"{missing}_col",))
    return Detection("long", 0.9, _long_reason(subject, rater, rating, item),
                     subject=subject, rater=rater, rating=rating, item=item)


def _first_id(table: Table, item: str | None) -> str | None:
    cols = [c for c in table.columns if c != item]
    if len(cols) >= 2 and is_id_column(table, cols[0], cols[1:]):
        return cols[0]
    return None


def _wide(table: Table, subject: str | None, item: str | None, *, detected: bool,
          item_named: bool = True) -> Detection:
    subj = subject
    if subj is None:
        cols = [c for c in table.columns if c != item]
        subj = first_column_ids(table, item) if len(cols) >= 2 else None
        if subj is None and len(cols) >= 2 and item and \
                distinct(table, cols[0]) > 2 * max(distinct(table, c) for c in cols[1:]):
            subj = cols[0]
        if subj is None and item:
            subj = _crossed_with_item(table, cols[0], item)
    if item and subj and not item_named and once_each(table, subj):
        item = None          # each subject on one row: its task or question, not an item
    raters = tuple(c for c in table.columns if c not in (subj, item))
    if not raters:
        raise DataError(Wording.of(N_("no rater columns are left once the subject and item "
                                      "columns are set aside")), file=table.file)
    rater_like = sum(looks_like_rater(c) for c in raters) >= max(1, len(raters) // 2)
    conf = 0.85 if rater_like else 0.75 if subject is not None else 0.6
    return Detection("wide", conf if detected else 1.0, wide_reason(raters, subj, item),
                     subject=subj, item=item, value_columns=raters)


def _crossed_with_item(table: Table, first: str, item: str) -> str | None:
    """The first column, where it names each subject on one row per item ('ADS-010' on the
    rows of items A1 ... E3): each of its values met once with each of several items."""
    pairs = list(zip(table.texts(first), table.texts(item)))
    ids = [p for p in pairs if p[0]]
    if len(ids) < 0.9 * len(pairs) or len(set(ids)) != len(ids) or \
            any(numeric_value(s) is not None for s, _ in ids):
        return None
    per = Counter(s for s, _ in ids)
    return first if len(per) >= 2 and min(per.values()) >= 2 else None


def wide_reason(raters: tuple[str, ...], subject: str | None, item: str | None) -> Worded:
    """Why the wide layout reads these columns so ('one row per subject, raters in ...')."""
    rater_like = sum(looks_like_rater(c) for c in raters) >= max(1, len(raters) // 2)
    return Worded(Wording.of("{reasons}", reasons=Joined(
        _wide_reasons(raters, subject, item, rater_like), "; ")))


def _wide_reasons(raters: tuple[str, ...], subj: str | None, item: str | None,
                  rater_like: bool) -> tuple[Wording, ...]:
    """Why the wide layout, clause by clause (joined by "; ")."""
    # Translators: the clauses of why a file was read as one row per subject, joined by "; ";
    # {columns} is the rater columns' names in quotes ("'R1', 'R2' ... (9 columns)").
    reasons = [Wording.of(N_("one row per subject, raters in columns {columns}"),
                          columns=_list(raters))]
    # Translators: {column} is a column's name.
    reasons.append(Wording.of(N_("subject ids in {column}"), column=Name(subj)) if subj else
                   Wording.of(N_("subjects are numbered by row")))
    if item:
        # Translators: {column} is a column's name.
        reasons.append(Wording.of(N_("items in {column}"), column=Name(item)))
    if not rater_like:
        reasons.append(Wording.of(N_("no other layout fitted better")))
    return tuple(reasons)


def _list(cols) -> Quoted | Wording:
    """The first six column names in the reader's quotation marks (they were Python's repr,
    ASCII quotes in every language), and how many in all where there are more."""
    cols = list(cols)
    shown = Quoted(tuple(str(c) for c in cols[:6]))
    if len(cols) <= 6:
        return shown
    # Translators: the first column names (quoted, joined by ", ") and how many in all.
    return Wording.ngettext("{columns} ... ({n} column)", "{columns} ... ({n} columns)", len(cols),
                            columns=shown, n=len(cols))


def chosen_reason(reason: str) -> str:
    """A reason without its "layout chosen by the user: " (kept as its wording when it is one)."""
    if isinstance(reason, Worded) and reason.wording.template == CHOSEN:
        return dict(reason.wording.values)["reason"]
    return reason.removeprefix("layout chosen by the user: ")


# Translators: the reason of a layout the user chose; {reason} says how it reads the file.
CHOSEN = N_("layout chosen by the user: {reason}")
"""The reason of a layout the user chose; {reason} says how it reads the file."""


def reason_of(template: str, **values) -> Worded:
    """A layout's reason: English where rules edit it as text, its wording kept for the
    language it is shown in (``template`` marked ``N_`` where it is written)."""
    return Worded(Wording.of(template, **values))


def _contingency(table: Table, subject, item, strict: bool = True) -> Detection | None:
    if item is not None or len(table.columns) < 3:
        return None
    first = table.columns[0]
    rows = [canonical_number(t) for t in _texts(table, first)]
    cols = [canonical_number(str(c)) for c in table.columns[1:]]
    core_rows = [r for r in rows if fold(r) not in TOTAL_NAMES]
    core_cols = [c for c in cols if fold(c) not in TOTAL_NAMES]
    if len(table.body) > 60 or not core_rows:
        return None
    if strict and (set(core_rows) != set(core_cols) or len(core_rows) != len(set(core_rows))):
        return None
    value_cols = tuple(c for c, lab in zip(table.columns[1:], cols) if fold(lab) not in TOTAL_NAMES)
    if not all(_count_column(table, c) for c in value_cols):
        return None
    # Translators: a layout's reason; {column} is a column's name.
    return Detection("contingency", 0.9, reason_of(N_(
        "a square table: the labels in column {column} match the header labels, and the cells "
        "are counts of subjects for each pair of ratings by two raters"), column=Name(first)),
        rater=first, value_columns=value_cols)


def _binary_counts(table: Table, subject, item, require_names: bool = True) -> Detection | None:
    cols = [c for c in table.columns if c not in (subject, item)]
    n_col = by_name(table, N_NAMES, {subject, item})
    c_col = by_name(table, CLASS1_NAMES, {subject, item, n_col})
    if n_col is None or c_col is None:
        if require_names:
            return None
        numeric = [c for c in cols if _int_column(table, c)]
        if len(numeric) < 2:
            return None
        a, b = numeric[-2], numeric[-1]
        va = np.array([numeric_value(t) or 0 for t in _texts(table, a)])
        vb = np.array([numeric_value(t) or 0 for t in _texts(table, b)])
        n_col, c_col = (a, b) if (va >= vb).all() else (b, a)
    if not (_int_column(table, n_col) and _int_column(table, c_col)):
        return None
    rest = [c for c in cols if c not in (n_col, c_col)]
    if require_names and not _counts_fit(table, n_col, c_col, len(rest) > (subject is None)):
        return None
    subj = subject or (rest[0] if len(rest) == 1 else None)
    # Translators: a layout's reason; {n_column} and {class1_column} are columns' names.
    return Detection("binary-counts", 0.9, reason_of(N_(
        "column {n_column} holds the number of raters of each subject and {class1_column} how "
        "many of them gave Class 1"), n_column=Name(n_col), class1_column=Name(c_col)),
                     subject=subj, item=item, n_col=n_col, class1_col=c_col)


def _counts_fit(table: Table, n_col: str, c_col: str, more_columns: bool) -> bool:
    """Numbers of raters (mostly two or more) and, when other columns could be raters too,
    Class-1 counts never above them: raters called 'N' and 'K' give ratings, not counts.
    (Alone, counts that do not fit are refused later with the row that does not fit.)"""
    n = np.array([numeric_value(t) or 0 for t in _texts(table, n_col)])
    k = np.array([numeric_value(t) or 0 for t in _texts(table, c_col)])
    if not len(n) or np.median(n) < 2:
        return False
    return bool((k <= n).all()) or not more_columns


def _wide_rows(table: Table, subject, item) -> Detection | None:
    first = table.columns[0]
    vals = [t for t in _texts(table, first) if t]
    by_header = fold(first) in RATER_WORDS
    by_values = bool(vals) and sum(looks_like_rater(v) for v in vals) >= 0.8 * len(vals) \
        and len(set(vals)) == len(vals)
    by_ids = subject is None and subject_ids_across(table)
    by_units = item is None and units_across(table)
    by_dates = dates_across(table, item)
    if not (by_header or by_values or by_ids or by_units or by_dates) or len(table.columns) < 3 or \
            (fold(first) in SUBJECT_WORDS and not by_units):
        return None
    others = [c for c in table.columns[1:] if c != item]
    if sum(looks_like_rater(c) for c in others) > len(others) // 2:
        return None                       # raters across the top: the rows are subjects
    if by_units:
        # Translators: a layout's reason; {n} is a number of units, {coders} the first coders'
        # names joined by ", ".
        return Detection("wide-rows", 0.85, reason_of(N_(
            "one row per coder: the column headers number the units 1 to {n} across more columns "
            "than there are rows, and the first column names the coders ({coders} ...), as in a "
            "reliability-data matrix"), n=len(others), coders=", ".join(vals[:3])),
            rater=first, item=item,
                         value_columns=tuple(others))
    if not (by_header or by_ids or by_dates) and len(vals) > len(others):
        return None                       # more "raters" than subjects: rows are more likely subjects
    subjects = tuple(c for c in table.columns[1:] if c != item)
    # Translators: why the rows are raters; {column} is a column's name, {names} and {ids} the
    # first values joined by ", ".
    why = Wording.of(N_("the header {column} names raters"), column=Name(first)) if by_header else (
        # Translators: as above; {names} the first values of the first column.
        Wording.of(N_("the first column lists rater names ({names} ...)"),
                   names=", ".join(vals[:3])) if by_values else
        # Translators: as above; {dates} the first column headers (dates), {names} the first
        # values of the first column.
        Wording.of(N_("the column headers are dates ({dates} ...), when something was rated, not "
                      "who rated it, and the first column names each row once ({names} ...)"),
                   dates=", ".join(subjects[:3]), names=", ".join(vals[:3])) if by_dates else
        # Translators: as above; {ids} the first column headers, {names} the first values of
        # the first column.
        Wording.of(N_("the column headers are subject ids ({ids} ...) and the first column holds "
                      "names ({names} ...)"), ids=", ".join(subjects[:3]), names=", ".join(vals[:3])))
    # Translators: a layout's reason; {why} says why the rows are raters, {n} a number of subjects.
    return Detection("wide-rows", 0.8, reason_of(N_("one row per rater: {why}; the other columns are "
                                               "{n} subjects"), why=why, n=len(subjects)),
                     rater=first, item=item, value_columns=subjects)


def _category_counts(table: Table, subject, item) -> Detection | None:
    subj = subject or _first_id(table, item)
    cats = [c for c in table.columns if c not in (subj, item)]
    if len(cats) < 2 or len(table.body) < 3 or \
            2 * sum(looks_like_rater(c) for c in cats) > len(cats):      # 'ja' is also 'J a'
        return None
    if not all(_int_column(table, c) for c in cats):
        return None
    sample = table.text[:2000, [table.index(c) for c in cats]]
    grid = np.array([[numeric_value(v) or 0 for v in row] for row in sample], dtype=float)
    total = _total_column(grid)
    if total is not None:               # 'n' beside the counts: their sum, not a category
        grid = np.delete(grid, total, axis=1)
        summed, cats = cats[total], cats[:total] + cats[total + 1:]
    sums = grid.sum(axis=1)
    values, hits = np.unique(sums, return_counts=True)
    if len(cats) < 2 or hits.max() < 0.8 * len(sums) or values[hits.argmax()] < 2 or \
            not (grid == 0).any():
        return None
    if total is not None:
        # Translators: a layout's reason; {columns} are column names, {total} a whole number,
        # {summed} the name of the column that holds each row's sum of those columns.
        return Detection("category-counts", 0.75, reason_of(N_(
            "every column {columns} holds whole numbers that add up to {total} in most rows: counts "
            "of raters per category; column {summed} holds their sum in every row, the number of "
            "raters, not a category"), columns=_list(cats), total=f"{values[hits.argmax()]:g}",
            summed=Name(summed)), subject=subj, item=item, value_columns=tuple(cats))
    # Translators: a layout's reason; {columns} are column names, {total} a whole number.
    return Detection("category-counts", 0.75, reason_of(N_(
        "every column {columns} holds whole numbers that add up to {total} in most rows: counts "
        "of raters per category"), columns=_list(cats), total=f"{values[hits.argmax()]:g}"),
        subject=subj, item=item, value_columns=tuple(cats))


def _total_column(grid: np.ndarray) -> int | None:
    """The one column of a count table that holds, in every row, the sum of the others (the
    number of raters of each subject), if there is one among three or more."""
    if grid.shape[1] < 3:
        return None
    rest = grid.sum(axis=1, keepdims=True) - grid
    sums = np.flatnonzero(((rest == grid) & (grid > 0)).all(axis=0))
    return int(sums[0]) if len(sums) == 1 else None


def _long_unnamed(table: Table, subject, item) -> Detection | None:
    """Three unnamed columns whose first two hold different kinds of ids: long."""
    cols = [c for c in table.columns if c != item]
    if len(cols) != 3:
        return None
    sets = [set(_texts(table, c)) for c in cols]
    overlap = lambda a, b: len(a & b) / max(1, len(a | b))      # noqa: E731
    n = len(table.body)
    pairs = table.body[cols[:2]].iloc[:5000].astype(str).drop_duplicates()
    if overlap(sets[0], sets[2]) < 0.3 and overlap(sets[1], sets[2]) < 0.3 and \
            len(sets[0]) < n and len(pairs) >= 0.95 * min(n, 5000) and len(sets[2]) <= 20:
        # Translators: a layout's reason; {first}, {second} and {third} are columns' names.
        return Detection("long", 0.55, reason_of(N_(
            "three columns: {first} and {second} hold repeating ids and {third} a few "
            "categories, so one row per rating"), first=Name(cols[0]), second=Name(cols[1]),
            third=Name(cols[2])),
                         subject=cols[0], rater=cols[1], rating=cols[2], item=item)
    return None
