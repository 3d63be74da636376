"""Rules on the columns before the layout is detected: metadata columns of REDCap and
Qualtrics exports, row-name columns (R's ``write.csv``), and calculated columns (means,
totals, formulas). None of these is ever a rater.

The rules return :class:`Hints` for the layout detection: a row-name column that must
serve as the subject id, or a survey export whose rows are raters.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

import numpy as np
import pandas as pd

from tapdesk.data.importer.freetext import apply_other_data, is_comment_name, sentences, short_labels
from tapdesk.data.importer.layouts import N_NAMES
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import Hints, subject_ids_across
from tapdesk.data.importer.rowrules import QUALTRICS_NAMES
from tapdesk.data.importer.table import Table, shape
from tapdesk.data.importer.values import cell_text, decimals_shown, loose_number
from tapdesk.data.importer.words import (
    COMMENT_WORDS,
    ITEM_WORDS,
    MEAN_NAMES,
    NUMBER_WORDS,
    RATER_WORDS,
    SUBJECT_WORDS,
    SUM_NAMES,
    fold,
    looks_like_rater,
    name_tokens,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Columns, Name, Wording
from tapdesk.i18n import N_

_REDCAP = re.compile(r"^(redcap_(event_name|repeat_instrument|repeat_instance|data_access_group|"
                     r"survey_identifier)|.+_complete|.+_timestamp)$", re.IGNORECASE)
_REDCAP_LABELS = {"eventname", "repeatinstrument", "repeatinstance", "dataaccessgroup",
                  "surveyidentifier", "surveytimestamp", "complete"}
_FORMS = {"timestamp", "zeitstempel", "horodateur", "marcatemporal", "informazionicronologiche"}
_QUALTRICS_EXTRA = re.compile(r"^(Q_[A-Za-z]|.+_DO$|FL_\d+)")
_RESPONDENT_WORDS = {"emailaddress", "email", "emailadresse", "adresseemail", "adressemail",
                     "direcciondecorreoelectronico", "username", "name", "yourname", "initials",
                     "yourinitials", "respondent", "nom", "vorname", "nombre"}


def apply_column_rules(table: Table, book: NoteBook, named: set[str]) -> tuple[Table, Hints]:
    """Leave out metadata, row-name and calculated columns (never a column the user named)."""
    hints = Hints()
    if book.enabled("metadata-columns"):
        table = _metadata(table, book, named, hints)
    if book.enabled("row-names"):
        table = _row_names(table, book, named, hints)
    if book.enabled("calculated-columns"):
        table = _calculated(table, book, named | {c for c in (hints.subject, hints.rater) if c is not None})
    if book.enabled("non-rating-columns"):
        ids = {c for c in table.columns if fold(c) in SUBJECT_WORDS | NUMBER_WORDS | ITEM_WORDS
               | RATER_WORDS or c == "column 1"} | {c for c in (hints.subject, hints.rater) if c}
        table = apply_other_data(table, book, named, ids | {table.columns[0]})
    if book.enabled("comment-columns"):
        table = _comments(table, book, named | {c for c in (hints.subject, hints.rater) if c is not None})
    return table, hints


# ---------------------------------------------------------------- metadata
def is_metadata(name: str, survey: bool) -> bool:
    """REDCap and form bookkeeping; Qualtrics names ('Status', 'Progress' ...) only in a
    survey export (three or more of them), since alone they can head real ratings."""
    f = fold(name)
    if bool(_REDCAP.match(name.strip())) or f in _REDCAP_LABELS or f in _FORMS:
        return True
    return survey and (f in QUALTRICS_NAMES or bool(_QUALTRICS_EXTRA.match(name.strip()))
                       or f.startswith("recipient") or f.startswith("location"))


def _metadata(table: Table, book: NoteBook, named: set[str], hints: Hints) -> Table:
    qualtrics = sum(fold(c) in QUALTRICS_NAMES for c in table.columns) >= 3
    meta = [c for c in table.columns if c not in named and is_metadata(c, qualtrics)]
    folded = {fold(c): c for c in table.columns}
    survey = "responseid" in folded and folded["responseid"] not in named and \
        (sum(fold(c) in QUALTRICS_NAMES for c in meta) >= 3 or _responses(table, folded))
    if not meta and not survey:
        return table
    forms = fold(table.columns[0]) in _FORMS and not any(fold(c) in SUBJECT_WORDS
                                                         for c in table.columns)
    event = next((c for c in meta if c.strip().lower() == "redcap_event_name"), None)
    if event and _events_name_raters(table, event, meta):
        meta.remove(event)
        hints.rater = event
        # Translators: {column} is a column's name; {events} three of its values joined by ", ".
        book.add("metadata-columns", Wording.of(N_(
            "each record has one row per event in {column} and no rater column, so the events "
            "were read as the raters (e.g. {events}); if the events are time points, these are "
            "not ratings of the same thing by different raters"), column=Name(event),
            events=", ".join(sorted(set(table.texts(event)))[:3])),
                 columns=[event], action="guessed")
    if survey:
        rid = folded["responseid"]
        if rid in meta:
            meta.remove(rid)
        hints.survey, hints.survey_rater = "Qualtrics", _respondent(table, meta, named) or rid
        if hints.survey_rater != rid:
            meta.append(rid)              # the responses are named: their ids are bookkeeping
    if not meta:
        return table
    elif forms:
        hints.survey = "Google Forms"
        hints.survey_rater = next((c for c in table.columns if c not in meta and
                                   fold(c) in _RESPONDENT_WORDS | RATER_WORDS), None)
    table = table.drop_columns(meta)
    system = hints.survey or "REDCap"
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'"; {system} a platform's name
    # ("REDCap").
    book.add("metadata-columns", Wording.ngettext(
        "{columns} holds export metadata ({system} bookkeeping such as dates, status and "
        "progress), not ratings, and was left out",
        "{columns} hold export metadata ({system} bookkeeping such as dates, status and "
        "progress), not ratings, and were left out", len(meta),
        columns=Columns(tuple(meta)), system=system), columns=meta)
    return table


def _responses(table: Table, folded: dict[str, str]) -> bool:
    """A 'ResponseId' column of one id per row (Qualtrics names each response so): the rows
    are responses, even when the export kept no other metadata column."""
    values = [t for t in table.texts(folded["responseid"]) if t]
    return len(values) >= 1 and len(set(values)) == len(values) and \
        all(numeric_value(v) is None for v in values)


def _respondent(table: Table, meta: list[str], named: set[str]) -> str | None:
    """A column naming the respondents ('Name', 'Initials', 'Email' ...), one per row."""
    for c in table.columns:
        if c in meta or c in named or fold(c) not in _RESPONDENT_WORDS | RATER_WORDS:
            continue
        values = [t for t in table.texts(c) if t]
        if values and len(set(values)) == len(values) == len(table.body):
            return c
    return None


def _events_name_raters(table: Table, event: str, meta: list[str]) -> bool:
    """REDCap events name the raters when each record repeats once per event and nothing else
    names a rater."""
    if any(fold(c) in RATER_WORDS for c in table.columns if c not in meta):
        return False
    record = table.columns[0]
    pairs = list(zip(table.texts(record), table.texts(event)))
    return len({e for _, e in pairs}) >= 2 and len(set(pairs)) == len(pairs) and \
        len({r for r, _ in pairs}) < len(pairs)


# --------------------------------------------------------------- row names
def _row_names(table: Table, book: NoteBook, named: set[str], hints: Hints) -> Table:
    """An unnamed (or number-headed) first column of unique values: R's row names."""
    first = table.columns[0]
    if first in named or len(table.columns) < 3:
        return table
    unnamed = first == "column 1"
    if not (unnamed or fold(first) in NUMBER_WORDS):
        return table
    values = table.texts(first)
    if not all(values) or len(set(values)) != len(values):
        return table
    if sum(map(looks_like_rater, values)) >= 0.8 * len(values) or subject_ids_across(table):
        return table                      # rater names: one row per rater, found by the layout
    if set(values) & {fold(c) for c in table.columns[1:]} | set(table.columns[1:]) & set(values):
        return table                      # labels matching the header: a contingency table
    sequence = values == [str(i) for i in range(1, len(values) + 1)]
    if not unnamed and not sequence:
        return table
    other = next((c for c in table.columns[1:] if c in named or fold(c) in SUBJECT_WORDS
                  or fold(c) in ITEM_WORDS), None)
    # Translators: the {what} of the sentences on row names below; {n} is the number of rows.
    what = Wording.of(N_("numbers the rows 1 to {n}"), n=len(values)) if sequence else \
        Wording.of(N_("holds a different value in every row"))
    # Translators: the {where} of the sentences on row names below; {column} is its header.
    where = Wording.of(N_("has no name")) if unnamed else (
        # Translators: as above; {column} is the first column's header.
        Wording.of(N_("is headed {column}"), column=Name(first)))
    if other is not None:
        # Translators: {where} is "has no name" or "is headed 'x'"; {what} "numbers the rows 1
        # to 12" or "holds a different value in every row"; {column} a column's name.
        book.add("row-names", Wording.of(N_("the first column {where} and {what} (row names, as "
                                            "R's write.csv writes them); {column} holds the "
                                            "subject ids, so it was left out"),
                                         where=where, what=what, column=Name(other)),
                 columns=[first])
        return table.drop_columns([first])
    hints.subject = first
    # Translators: {where} and {what} as in the sentence above.
    book.add("row-names", Wording.of(N_("the first column {where} and {what} (row names, as R's "
                                        "write.csv writes them); no other column holds subject "
                                        "ids, so these are the subject ids"),
                                     where=where, what=what),
             columns=[first], action="kept")
    return table


# ----------------------------------------------------------- comment columns
def _comments(table: Table, book: NoteBook, protected: set[str]) -> Table:
    """Free-text columns (comments, notes) beside rater columns: not raters.

    Known by their header ('Comments', 'Bemerkung', 'Any comments?' ...: see
    ``freetext.is_comment_name``) over free text, or over words beside two or more columns of
    numbers; or by their values: text only, sentences with spaces,
    mostly all different, while two or more other columns hold only numbers; or longer
    sentences beside two or more columns of short repeated labels (ratings in words).
    """
    if len(table.columns) < 3:
        return table
    text = table.text[:2000]
    ids = SUBJECT_WORDS | ITEM_WORDS | RATER_WORDS | NUMBER_WORDS
    numeric = {c: _all_numbers(text[:, j]) for j, c in enumerate(table.columns)}
    labels = sum(short_labels(list(text[:, j])) for j, c in enumerate(table.columns)
                 if not numeric[c] and fold(c) not in ids)
    if sum(numeric.values()) < 2 and labels < 2:
        return table
    found: dict[str, str | Wording] = {}
    for j, c in enumerate(table.columns):
        if c in protected or numeric[c] or j == 0 or fold(c) in ids:
            continue
        values = [t for t in text[:, j] if t]
        named = fold(c) in COMMENT_WORDS or is_comment_name(c)
        if named and (not _category_words(values) or
                      (sum(numeric.values()) >= 2 and not _grade_word(c))):
            # short words repeated are grades where the others are not numbers, or where
            # the name may mean a grade ('Note' is a grade in German and French)
            found[c] = Wording.of(N_("its name says it holds comments"))
        elif looks_like_rater(c):
            continue        # named as a rater ('Coder A' writing '20 Government Operations'):
                            # the audit judges its values against the panel's
        elif (sum(numeric.values()) >= 2 and _free_text(values)) or sentences(values):
            # Translators: {text} is the start of a cell of the file.
            found[c] = Wording.of(N_("it holds free text (e.g. {text}) beside columns of "
                                     "numbers") if sum(numeric.values()) >= 2 else
                                  # Translators: as above.
                                  N_("it holds free text (e.g. {text}) beside columns of "
                                     "ratings"), text=Name(values[0][:30]))
    for c, why in found.items():
        # Translators: {column} is a column's name; {why} why it is no rater.
        book.add("comment-columns", Wording.of(N_("column {column} is not a rater: {why}; it "
                                                  "was left out"), column=Name(c), why=why),
                 columns=[c])
    return table.drop_columns(found) if found else table


def _grade_word(name: str) -> bool:
    """A name that may mean a grade as well as a remark ('Note', 'Nota', 'Notes')."""
    return bool(set(name_tokens(name)) & {"note", "notes", "nota", "notas", "noten"})


def _category_words(values: list[str]) -> bool:
    """A handful of short labels repeated down the column (grades: 'gut', 'sehr gut'), not
    remarks: whatever its name says, such a column holds ratings."""
    return short_labels(values) and all(len(v.split()) <= 2 and not any(c.isdigit() or c in ",;"
                                                                      for c in v) for v in values)


def _free_text(values: list[str]) -> bool:
    """Sentences rather than labels or ids: words with spaces, mostly all different, not
    all of one shape ('Case 12' ids share one)."""
    return len(values) >= 2 and all(numeric_value(v) is None for v in values) and \
        sum(" " in v for v in values) >= 0.5 * len(values) and \
        len(set(values)) >= 0.5 * len(values) and len({shape(v) for v in values}) >= 2


def _all_numbers(values) -> bool:
    filled = [v for v in values if v]
    return bool(filled) and all(numeric_value(v) is not None for v in filled)


# -------------------------------------------------------- calculated columns
_SAMPLE_CELLS = 2_000_000
_CENTRE_NAMES = {"mean", "average", "avg", "mittelwert", "durchschnitt", "moyenne", "media",
                 "promedio", "gemiddelde", "median", "meanscore", "averagescore", "meanrating",
                 "averagerating", "overallmean"}


class _Numbers:
    """The first rows of a table as numbers: values (NaN where empty or text), which columns
    hold only numbers, and how many decimals each column shows."""

    def __init__(self, table: Table) -> None:
        rows = max(50, min(2000, _SAMPLE_CELLS // max(1, len(table.columns))))
        cells = table.body.iloc[:rows].to_numpy(dtype=object)
        codes, uniques = pd.factorize(cells.ravel(), use_na_sentinel=True)
        texts = [cell_text(u).strip() for u in uniques]
        value = np.array([loose_number(t) for t in texts] + [np.nan])
        filled = np.array([bool(t) for t in texts] + [False])
        shown = np.array([decimals_shown(t) for t in texts] + [0])
        self.values = value[codes].reshape(cells.shape)
        self.filled = filled[codes].reshape(cells.shape)
        text = self.filled & np.isnan(self.values)
        self.numeric = self.filled.any(axis=0) & ~text.any(axis=0)
        self.decimals = np.where(self.filled, shown[codes].reshape(cells.shape), 0).max(axis=0) \
            if cells.size else np.zeros(cells.shape[1], dtype=int)


def _calculated(table: Table, book: NoteBook, protected: set[str]) -> Table:
    cols = table.columns
    idx = {c: j for j, c in enumerate(cols)}
    nums = _Numbers(table)
    found: dict[str, str | Wording] = {}
    candidates = {c for c in cols if c not in protected}
    if table.formulas is not None and len(table.body):
        f = table.formulas[:len(nums.filled)]
        many = f.sum(axis=0)
        for c in cols:
            j = idx[c]
            cells = (nums.filled[:, j] | f[:, j]).sum()
            if c in candidates and many[j] >= 2 and many[j] >= 0.8 * cells:
                found[c] = Wording.of(N_("its cells are formulas"))
    id_words = SUBJECT_WORDS | NUMBER_WORDS | ITEM_WORDS
    ids = {c for c in cols if fold(c) in id_words or c == "column 1" or c in protected}
    for c in cols:
        if c in candidates and c not in found and c not in ids and nums.numeric[idx[c]] and \
                fold(c) in MEAN_NAMES and len(cols) - len(ids) >= 3 and \
                _summary_like(nums, idx[c], [idx[o] for o in cols if o not in ids and o != c
                                             and nums.numeric[idx[o]]
                                             and fold(o) not in MEAN_NAMES], fold(c)):
            found[c] = Wording.of(N_("its name says it summarises the others"))
    for _ in range(3):                    # a total beside a mean: find one, then the other
        before = len(found)
        base = [j for j, c in enumerate(cols) if nums.numeric[j] and c not in ids and c not in found]
        if len(base) < 3:
            break
        for j, why in _derived_columns(nums, base, cols) + _count_columns(nums, base, cols) + \
                _fraction_columns(nums, base, cols):
            if cols[j] in candidates:
                found[cols[j]] = why
        if len(found) == before:
            break
    if not found:
        return table
    if len(found) >= len(cols) - len(ids & set(cols)) - 1:
        return table                      # everything looks calculated: no rule can tell
    for c, why in found.items():
        # Translators: {column} is a column's name; {why} says how it was found ("its cells
        # are formulas").
        book.add("calculated-columns", Wording.of(N_("column {column} is calculated from the "
                                                     "ratings ({why}), so it is not a rater and "
                                                     "was left out"), column=Name(c), why=why),
                 columns=[c])
    return table.drop_columns(found)


def _summary_like(nums: _Numbers, j: int, others: list[int], name: str) -> bool:
    """A column named 'Mean' (or 'Median', 'SD' ...) whose values could be that: decimals,
    or (a rounded mean or median) within 0.5 of the row's mean (median) in every row. A
    subject called 'Mean' across the top of a one-row-per-rater table holds ratings like
    its neighbours, and fails this."""
    if nums.decimals[j] >= 1:
        return True
    v, grid = nums.values[:, j], nums.values[:, others]
    rows = ~np.isnan(v) & ((~np.isnan(grid)).sum(axis=1) >= 2) if others else \
        np.zeros(len(v), bool)
    if name in _SPREAD_NAMES:
        return bool(rows.sum() >= _SPREAD_ROWS) and _spread_like(v[rows], grid[rows], name)
    if name not in _CENTRE_NAMES:
        return False                      # an SD, a variance, a percentage shows decimals
    if not rows.any():
        return False
    with np.errstate(invalid="ignore"):
        centre = np.nanmedian(grid[rows], axis=1) if "median" in name else \
            np.nanmean(grid[rows], axis=1)
    return bool((np.abs(v[rows] - centre) <= 0.5).all())


_SPREAD_NAMES = {"iqr", "interquartilerange", "range", "spannweite", "min", "minimum", "max",
                 "maximum"}
"""Summaries of the row that whole numbers show exactly (not to a rounding)."""
_SPREAD_ROWS = 5
_QuartileMethod = Literal["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                          "interpolated_inverted_cdf", "hazen", "weibull", "linear",
                          "median_unbiased", "normal_unbiased"]
_QUARTILE_METHODS: tuple[_QuartileMethod, ...] = get_args(_QuartileMethod)


def _spread_like(v: np.ndarray, grid: np.ndarray, name: str) -> bool:
    """``v`` is the rows' interquartile range (to within one, whichever way it is taken),
    range, minimum or maximum in every row."""
    with np.errstate(invalid="ignore"):
        if name in ("iqr", "interquartilerange"):     # spreadsheets take quartiles many ways
            spreads = np.array([np.nanpercentile(grid, 75, axis=1, method=m) -
                                np.nanpercentile(grid, 25, axis=1, method=m)
                                for m in _QUARTILE_METHODS])
            return bool(((v >= spreads.min(0) - 0.5) & (v <= spreads.max(0) + 0.5)).all())
        low, high = np.nanmin(grid, axis=1), np.nanmax(grid, axis=1)
    made = {"range": high - low, "spannweite": high - low, "min": low, "minimum": low,
            "max": high, "maximum": high}[name]
    return bool(np.array_equal(v, made))


def _derived_columns(nums: _Numbers, base: list[int], cols: list[str]) -> list[tuple[int, str | Wording]]:
    """Columns of ``base`` that are the mean or sum of the other ``base`` columns in every row
    (to the rounding they show), or that a total's name announces; with the reason.

    All columns are tested at once: the other columns' row sum is the row total minus the
    column itself. A mean must show decimals (whole numbers within 0.5 of the others' mean
    are what a real rater who agrees with the panel gives), and a calculated column must
    differ from every other value in some row (else it could be a rater who agrees).
    """
    values = nums.values[:, base]
    present = ~np.isnan(values)
    total = np.nansum(values, axis=1)[:, None] - np.where(present, values, 0.0)
    count = present.sum(axis=1)[:, None] - present
    rows = present & (count > 0)
    evidence = present & (count >= 2)                 # a sum or mean of one value proves nothing
    decimals = nums.decimals[base]
    tol = 0.5 * 10.0 ** -decimals[None, :] + 1e-9 * (1 + np.abs(np.nan_to_num(values)))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_ok = ((np.abs(total / count - values) <= tol) | ~rows).all(axis=0) & (decimals >= 1)
        sum_ok = ((np.abs(total - values) <= tol) | ~rows).all(axis=0)
    enough = evidence.sum(axis=0) >= 4
    out: list[tuple[int, str | Wording]] = []
    for k in np.flatnonzero(enough & (mean_ok | sum_ok) | np.array([fold(cols[j]) in SUM_NAMES
                                                                    for j in base])):
        j = base[k]
        others = [b for b in base if b != j]
        v, grid = nums.values[:, j], nums.values[:, others]
        if fold(cols[j]) in SUM_NAMES and _at_least_each(v, grid):
            out.append((j, Wording.of(N_("its name says it totals the others"))))
        elif enough[k] and (mean_ok[k] or sum_ok[k]) and _differs_somewhere(v, grid) and \
                (mean_ok[k] or _above_all_somewhere(v, grid)) and \
                len(np.unique(v[evidence[:, k]])) >= 2:      # one row repeated proves nothing
            # Translators: {columns} is "columns 'A', 'B' and 'C'".
            template = N_("its values are the mean of {columns} in every row") if mean_ok[k] \
                else (
                    # Translators: as above.
                    N_("its values are the sum of {columns} in every row"))
            out.append((j, Wording.of(template, columns=Columns(tuple(cols[o] for o in others)))))
    return out


def _fraction_columns(nums: _Numbers, base: list[int], cols: list[str]) -> list[tuple[int, str | Wording]]:
    """Columns of fractions beside columns of whole numbers that add up to one number in
    (almost) every row -- how many raters chose each category: a fraction is no count, but a
    statistic of its row (Fleiss' P_i, a share, a mean)."""
    values = nums.values[:, base]
    whole = np.array([bool(np.all(np.isnan(v) | (v == np.round(v)))) for v in values.T])
    fraction = ~whole & (nums.decimals[base] >= 1)
    if whole.sum() < 2 or not fraction.any():
        return []
    sums = np.nansum(values[:, whole], axis=1)
    _, hits = np.unique(sums, return_counts=True)
    if hits.max() < 0.8 * len(sums) or len(sums) < 4:
        return []
    counts = Columns(tuple(cols[b] for b, w in zip(base, whole) if w))
    found: list[tuple[int, str | Wording]] = []
    # Translators: {columns} is "columns 'A', 'B' and 'C'".
    found += [(base[k], Wording.of(N_("its fractions sit beside the whole-number counts of "
                                      "{columns}, which add up to the same number of raters in "
                                      "every row: a statistic of each row"), columns=counts))
              for k in np.flatnonzero(fraction)]
    return found


def _count_columns(nums: _Numbers, base: list[int], cols: list[str]) -> list[tuple[int, str | Wording]]:
    """Columns of ``base`` that count the filled cells of the other ``base`` columns in every
    row (how many raters rated): named as a count ('n', 'raters', 'Anzahl'), or over 12 rows
    or more, where a rater matching by chance is out of the question; a count that does not
    vary only when so named (else a constant is the bookkeeping rule's to judge)."""
    values = nums.values[:, base]
    present = ~np.isnan(values)
    count = present.sum(axis=1)[:, None] - present
    with np.errstate(invalid="ignore"):
        same = ((count == values) | ~present).all(axis=0)
        varies = np.nanmax(np.where(present, values, np.nan), axis=0) > \
            np.nanmin(np.where(present, values, np.nan), axis=0)
    rows = present.sum(axis=0)
    out: list[tuple[int, str | Wording]] = []
    for k in np.flatnonzero(same & (rows >= 4)):
        named = fold(cols[base[k]]) in N_NAMES        # 'N' = 3 beside three raters: a count
        if named or (varies[k] and rows[k] >= 12):
            others = [cols[b] for b in base if b != base[k]]
            # Translators: {columns} is "columns 'A', 'B' and 'C'".
            out.append((base[k], Wording.of(N_("its values count the filled cells of {columns} "
                                               "in every row"), columns=Columns(tuple(others)))))
    return out


def _at_least_each(total: np.ndarray, grid: np.ndarray) -> bool:
    """A column named 'Total' that is one: never below a value of its row, and above every
    value in most rows with two or more (a rater called 'Total' is not)."""
    rows = ~np.isnan(total) & ((~np.isnan(grid)).sum(axis=1) >= 2)
    if rows.sum() < 2:
        return False
    top = np.nanmax(grid[rows], axis=1)
    return bool((total[rows] >= top - 1e-9).all() and (total[rows] > top + 1e-9).mean() >= 0.8)


def _above_all_somewhere(values: np.ndarray, others: np.ndarray) -> bool:
    """Some row where the value exceeds every other value: what a total of ratings does."""
    several = (~np.isnan(others)).sum(axis=1) >= 2
    top = np.full(len(values), np.nan)
    if several.any():                     # rows with values only: no all-NaN slice
        top[several] = np.nanmax(others[several], axis=1)
    with np.errstate(invalid="ignore"):
        return bool((values[several] > top[several] + 1e-9).any())


def _differs_somewhere(values: np.ndarray, others: np.ndarray) -> bool:
    """Some row with two or more other values where the value equals none of them (a rater
    who agrees with everyone would otherwise look like their mean)."""
    with np.errstate(invalid="ignore"):
        distinct = (np.abs(others - values[:, None]) > 1e-9) | np.isnan(others)
    several = (~np.isnan(others)).sum(axis=1) >= 2
    return bool((distinct.all(axis=1) & ~np.isnan(values) & several).any())
