"""Rules on the rows below the header: repeated header rows (exports pasted together), the
extra header rows of survey exports (Qualtrics), and footer rows (totals, means, notes).

A row is only ever left out with an ImportNote naming it; a row that looks like a footer
but holds ordinary ratings is kept, and the note says so.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pandas as pd

from tapdesk.data.importer.grid import Coded
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table, shape
from tapdesk.data.importer.values import cell_text, decimals_shown, loose_number
from tapdesk.data.importer.words import fold, is_footer_label, is_note_text
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Count, Name, Quoted, Rows, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_FOOTER_SCAN = 15
_ID_KINDS = 2           # subject ids of one style ('P001', 'Case 12') use few kinds of character
_HEAD_SCAN = 6            # rows under the header searched for summaries
_HEAD_WORDS = {"mean", "average", "avg", "mittelwert", "durchschnitt", "moyenne", "promedio",
               "gemiddelde", "sd", "std", "stdev", "stddev", "standarddeviation",
               "standardabweichung", "ecarttype", "desviacion", "desvest", "median", "mediane",
               "total", "totals", "sum", "summe", "gesamt", "somme", "suma", "totale", "somma",
               "totaal", "grandtotal", "count", "anzahl"}
"""Labels of a summary row above the data: the footer words that never name a person or a
subject ('Max', 'Mode', 'Media' may)."""
_EVIDENCE = 8            # values above a footer needed before their size or decimals tell
QUALTRICS_NAMES = {"startdate", "enddate", "status", "ipaddress", "progress", "durationinseconds",
                   "finished", "recordeddate", "responseid", "recipientlastname",
                   "recipientfirstname", "recipientemail", "externalreference",
                   "locationlatitude", "locationlongitude", "distributionchannel", "userlanguage",
                   "externaldatareference"}


def apply_row_rules(table: Table, book: NoteBook) -> Table:
    if table.grid.names is not None or table.header_row is None:
        return table
    if book.enabled("repeated-header"):
        table = _repeated_headers(table, book)
    if book.enabled("extra-header-rows"):
        table = _extra_header_rows(table, book)
    if book.enabled("footer-rows"):
        table = _summary_head_rows(_footer_rows(table, book), book)
    if book.enabled("merged-cells"):
        table = _ids_written_once(table, book)
    if len(table.body) == 0:
        raise DataError(Wording.of(N_("no data rows are left once the header, title and footer "
                                      "rows are set aside")), file=table.file)
    return table


def leave_out_rows(table: Table, book: NoteBook, rule: str, drop: np.ndarray,
                   what: Wording) -> Table:
    """Drop the body rows marked in ``drop`` with one note: the sentence ``what`` (by the number
    of rows dropped) with its ``{rows}`` filled."""
    if not drop.any():
        return table
    rows = [table.row_of(int(i)) for i in np.flatnonzero(drop)]
    note = replace(what, values=what.values + (("rows", Rows(tuple(rows))),), count=len(rows))
    book.add(rule, note, rows=rows)
    return table.keep_rows(~drop)


# ------------------------------------------------- an id over its rows
_MIN_RUNS = 2           # ids written once over their rows, at least
_MIN_LISTED = 3         # the things listed under each id, at least (one of them may be blank)
_MIN_PAIRS = 4          # ids over two rows each, at least, where the same two values are listed


def _ids_written_once(table: Table, book: NoteBook) -> Table:
    """An id written on the first of its rows only (a cell merged down its column in Word or
    a sheet, pasted as text: the patient over its five swallows) holds for the blank rows under
    it. Told by another column that counts up by one and starts again exactly on the rows where
    an id is written (swallow 1, 2 ... 5 of each patient), or that lists the same run of values
    under each id (items '1a' ... '11' of each video): the blank cells get the id above, said in
    one note."""
    text = table.text
    for j, name in enumerate(table.columns):
        ids = text[:, j]
        written = ids != ""
        if not written[0] or written.all() or int(written.sum()) < _MIN_RUNS or \
                len(set(ids[written])) != int(written.sum()):
            continue
        counter = next((c for k, c in enumerate(table.columns)
                        if k != j and _restarts_at(text[:, k], written)), None)
        named = any(np.isnan(loose_number(v)) for v in ids[written])    # names, not numbers
        listed = None if counter is not None or not named else \
            next((c for k, c in enumerate(table.columns)
                  if k != j and _same_run_each(text[:, k], written)), None)
        if counter is None and listed is None:
            continue
        filled = np.maximum.accumulate(np.where(written, np.arange(len(ids)), 0))
        body = table.body.copy()
        body.iloc[:, j] = body.iloc[:, j].to_numpy(dtype=object)[filled]
        rows = tuple(table.row_of(int(i)) for i in np.flatnonzero(~written))
        # Translators: an import note; {n} a count of cells, {column} the id column,
        # {counter} the column that counts up within each id, {rows} names rows.
        said = Wording.ngettext(
            "{n} blank cell of {column} under an id was read as that id, as under a cell "
            "merged down its column: {counter} counts up from each id's row and starts again "
            "at the next id ({rows})",
            "{n} blank cells of {column} under an id were read as that id, as under a cell "
            "merged down its column: {counter} counts up from each id's row and starts again "
            "at the next id ({rows})", len(rows), n=Count(len(rows)), column=Name(name),
            counter=Name(counter or ""), rows=Rows(rows))
        if listed is not None:
            # Translators: an import note; {n} a count of cells, {column} the id column,
            # {listed} the column that lists the same values under each id, {rows} names rows.
            said = Wording.ngettext(
                "{n} blank cell of {column} under an id was read as that id, as under a cell "
                "merged down its column: {listed} lists the same values under each id, from the "
                "id's row to the next id ({rows})",
                "{n} blank cells of {column} under an id were read as that id, as under a cell "
                "merged down its column: {listed} lists the same values under each id, from the "
                "id's row to the next id ({rows})", len(rows), n=Count(len(rows)),
                column=Name(name), listed=Name(listed), rows=Rows(rows))
        book.add("merged-cells", said, columns=[name], rows=rows, action="guessed")
        return Table(table.columns, body, table.rows, table.grid, table.header_row,
                     table.formulas)
    return table


def _same_run_each(values: np.ndarray, starts: np.ndarray) -> bool:
    """The same run of different values (items '1a', '1b' ... '11'; the two assessors of each
    child, over four children or more) under every row where ``starts``: the rows of each id
    are the same things, listed again for the next id (a run
    repeating a value, 'thin', 'puree', 'thin', is a property of the rows, not their names;
    one blank among them is a totals row's)."""
    at = np.flatnonzero(starts)
    runs = {tuple(values[a:b]) for a, b in zip(at, list(at[1:]) + [len(values)])}
    run = next(iter(runs))
    enough = len(run) >= _MIN_LISTED and len(at) >= _MIN_RUNS or \
        len(run) == 2 and len(at) >= _MIN_PAIRS and all(run)
    return len(runs) == 1 and enough and len(set(run)) == len(run) and sum(not v for v in run) <= 1


def _restarts_at(values: np.ndarray, starts: np.ndarray) -> bool:
    """Whole numbers (a trailing '.' allowed: '1.', '2.') that are their lowest exactly where
    ``starts`` and one more than the row before's everywhere else."""
    numbers = np.array([loose_number(v.rstrip(".")) if v else np.nan for v in values])
    if np.isnan(numbers).any() or not np.all(numbers == np.round(numbers)):
        return False
    low = numbers.min()
    step_up = np.r_[False, numbers[1:] == numbers[:-1] + 1]
    return bool(np.all((numbers == low) == starts) and np.all(step_up | starts)
                and step_up.sum() >= _MIN_RUNS)


# --------------------------------------------------------- repeated header
def _repeated_headers(table: Table, book: NoteBook) -> Table:
    names = np.array([c.strip().lower() for c in table.columns], dtype=object)
    named = np.array([not c.startswith("column ") and numeric_value(c) is None
                      for c in table.columns])
    if named.sum() < 2:
        return table
    header_names = set(names[named])
    coded = table.codes()
    lowered = [t.lower() for t in coded.text]
    hit = np.array([t in header_names for t in lowered], dtype=bool)
    anywhere = hit[coded.codes].sum(axis=1)
    need = max(2, int(np.ceil(0.6 * named.sum())))
    suspects = np.flatnonzero(anywhere >= need)          # few rows: looked at one by one
    low = {int(i): [lowered[k] for k in coded.codes[i]] for i in suspects}
    same = {i: sum(a == b for a, b, n in zip(row, names, named) if n) for i, row in low.items()}
    moved = [i for i in low if same[i] < anywhere[i] and len(set(low[i]) & header_names) >= need]
    if len(moved):
        i = int(moved[0])
        raise DataError(Wording.of(N_("this row repeats the column names in another order: the "
                                      "file seems to hold two tables pasted together with "
                                      "different columns. Put each table in its own file (or make "
                                      "the columns match)")), file=table.file,
                        row=table.row_of(i))
    repeats = [i for i in low if same[i] >= need]
    if not repeats:
        return table
    drop = np.zeros(len(table.body), dtype=bool)
    drop[repeats] = True
    filled = coded.filled().sum(axis=1)
    for i in repeats:                     # the title line of the second export, if any
        k = i - 1
        while k >= 0 and filled[k] <= 1 and not drop[k]:
            drop[k] = True
            k -= 1
    # Translators: {rows} is "row 5" or "rows 5 and 9".
    return leave_out_rows(table, book, "repeated-header", drop, Wording.ngettext(
        "{rows} repeats the header row (or its title), as when two exports are pasted together, "
        "and was left out", "{rows} repeat the header row (or its title), as when two exports are "
        "pasted together, and were left out", int(drop.sum())))


# ------------------------------------------------------ extra header rows
def _extra_header_rows(table: Table, book: NoteBook) -> Table:
    """Rows right below the header holding question texts or {"ImportId": ...} (Qualtrics).

    An import-id row (two or more cells of ``{"ImportId": ...}``) is a header row wherever the
    export has metadata columns or not, and so is the row of question texts above it; without
    import ids, a row that restates the export's column names as words ('Response ID' under
    'ResponseId') is one: a response's id is never its column's name.
    """
    folded = [fold(c) for c in table.columns]
    meta = [j for j, f in enumerate(folded) if f in QUALTRICS_NAMES]
    low = table.codes().rows(slice(0, 3)).lower()
    ids = [sum(str(v).startswith('{"importid"') for v in row) >= 2 for row in low]
    if not meta and not any(ids):
        return table
    rid = folded.index("responseid") if "responseid" in folded else None
    drop = np.zeros(len(table.body), dtype=bool)
    last_ids = max((i for i, hit in enumerate(ids) if hit), default=-1)
    for i in range(len(low)):
        row = low[i]
        labels = sum(fold(row[j]) == folded[j] or fold(row[j]) in ("responsetype", "responseid")
                     for j in meta)
        restated = labels >= 3 if len(meta) >= 3 else \
            rid is not None and fold(row[rid]) == "responseid"
        if ids[i] or i < last_ids <= 2 or restated:
            drop[i] = True
        else:
            break
    # Translators: {rows} is "row 2" or "rows 2 and 3".
    return leave_out_rows(table, book, "extra-header-rows", drop, Wording.ngettext(
        "{rows} below the header holds the survey's question texts and import ids (a Qualtrics "
        "export), not responses, and was left out", "{rows} below the header hold the survey's "
        "question texts and import ids (a Qualtrics export), not responses, and were left out",
        int(drop.sum())))


# ------------------------------------------------------------ footer rows
def _footer_rows(table: Table, book: NoteBook) -> Table:
    """The block of totals, means and notes at the bottom of the data."""
    n = len(table.body)
    if n < 3:
        return table
    start = max(n - _FOOTER_SCAN - 1, 0)
    keep = np.arange(n) >= start
    tail = table.keep_rows(keep)
    low = tail.lower
    raw = low != ""
    kinds: dict[int, str] = {}
    for i in range(len(low) - 1, 0, -1):
        kind = _footer_kind(table, tail, low, raw, i, start)
        if kind is None:
            break
        kinds[i] = kind
    if not kinds or len(kinds) >= n - 1:
        return table
    top = start + min(kinds)
    ordinary = _Ordinary(table.codes().rows(slice(0, top)))
    kinds = _by_content(kinds, ordinary, low, raw)
    if not kinds:
        return table
    decisive = [i for i, k in kinds.items() if k in ("formula", "content") or
                (k == "word" and (ordinary.unusual(low[i], raw[i]) or
                                  ordinary.off_scale(low[i], raw[i])))]
    notes = [i for i, k in kinds.items() if k in ("note", "content")]
    words = [i for i, k in kinds.items() if k in ("word", "formula")]
    drop = set(notes) | (set(words) if decisive else set())
    kept = sorted(set(words) - drop)
    if kept:
        rows = [tail.row_of(i) for i in kept]
        label = cell_text(tail.body.iat[kept[0], _label_col(raw, kept[0])]).strip()
        # Translators: {rows} is "row 14" or "rows 14 and 15"; {label} the text they start with.
        book.add("footer-rows", Wording.ngettext(
            "{rows} at the bottom starts with {label} like a totals row, but holds ordinary "
            "ratings, so it was kept as data",
            "{rows} at the bottom start with {label} like a totals row, but hold ordinary "
            "ratings, so they were kept as data", len(rows), rows=Rows(tuple(rows)), label=Name(label)),
                 rows=rows, action="kept")
    if not drop:
        return table
    for i in drop:                        # a legend's codes that mean "no rating"
        text = " ".join(cell_text(v) for v in tail.body.iloc[i].tolist() if cell_text(v).strip())
        book.legend_missing.update(legend_missing(text))
    mask = np.zeros(n, dtype=bool)
    mask[[start + i for i in drop]] = True
    shown = Quoted(tuple(sorted({cell_text(tail.body.iat[i, _label_col(raw, i)]).strip()[:30]
                                 for i in drop})))
    # Translators: {rows} is "row 14" or "rows 13, 14 and 16"; {shown} their first cells in
    # quotes.
    return leave_out_rows(table, book, "footer-rows", mask, Wording.ngettext(
        "{rows} below the data holds totals, summaries or notes ({shown}), not ratings, and was "
        "left out",
        "{rows} below the data hold totals, summaries or notes ({shown}), not ratings, and were "
        "left out", int(mask.sum()), shown=shown))


_LEGEND = re.compile(r"(?:^|[\s;,(\"'])([^\s=;,:()\"']{1,8})\s*=\s*([^;,=]+)")
_NO_ANSWER = re.compile(
    r"\b(?:not\s+(?:assessed|assessable|read|reviewed|rated|scored|evaluated|done|seen)|"
    r"no\s+(?:image|answer|rating|score|data|read)|missing|unknown|not\s+applicable|"
    r"conflict\s+of\s+interest|nicht\s+(?:beurteilbar|bewertet|beurteilt)|fehlend|keine\s+angabe|"
    r"non\s+(?:[ée]valu[ée]e?|lu|renseign[ée]e?)|manquant|no\s+evaluad[oa]|no\s+evaluable|"
    r"sin\s+dato|non\s+valutat[oa]|mancante)\b", re.IGNORECASE)


def legend_missing(text: str) -> set[str]:
    """The codes a legend line says mean no rating ('99 = not assessed', 'NR = not
    reviewed', 'COI = conflict of interest')."""
    return {code for code, meaning in _LEGEND.findall(text) if _NO_ANSWER.search(meaning)}


def _summary_head_rows(table: Table, book: NoteBook) -> Table:
    """Summary rows right under the header ('Mean', 'SD' over the items): labelled as totals
    and means are, holding numbers, above at least three rows of data."""
    n = len(table.body)
    low = table.lower[:min(n, _HEAD_SCAN)]
    raw = low != ""
    top = 0
    while top < len(low) and _label(low, raw, top) is not None and raw[top].sum() >= 2 and \
            fold(cell_text(table.body.iat[top, _label_col(raw, top)])) in _HEAD_WORDS:
        top += 1
    if not top or n - top < 3:
        return table
    mask = np.arange(n) < top
    shown = Quoted(tuple(cell_text(table.body.iat[i, _label_col(raw, i)]).strip()[:30]
                         for i in range(top)))
    # Translators: {rows} is "row 2" or "rows 2 and 3"; {shown} their first cells in quotes.
    return leave_out_rows(table, book, "footer-rows", mask, Wording.ngettext(
        "{rows} above the data holds totals or summaries ({shown}), not ratings, and was left "
        "out",
        "{rows} above the data hold totals or summaries ({shown}), not ratings, and were left "
        "out", int(mask.sum()), shown=shown))


def _by_content(kinds: dict[int, str], ordinary: _Ordinary, low, raw) -> dict[int, str]:
    """The footer block with its rows labelled unlike every subject above decided by their
    cells: off the scale of the rows above (a mean, a total, a date, a name) makes a row a
    footer ('content'); an ordinary row ends the block there (it and the rows above it are
    subjects, whatever their label)."""
    kept: dict[int, str] = {}
    for i in sorted(kinds, reverse=True):
        kind = kinds[i]
        if kind == "unlike":
            if not (ordinary.unusual(low[i], raw[i]) or ordinary.off_scale(low[i], raw[i])):
                break
            kind = "content"
        kept[i] = kind
    return kept


class _Ordinary:
    """What the data above a footer block look like, to tell a totals row from a subject.

    A row is an aggregate when one of its values (besides the label) is a number in a
    column of words or a word in a column of numbers; or, when the data above hold enough
    numbers to tell (``_EVIDENCE``), shows more decimals than any value above (a mean, an
    SD), is far larger than any value above (a total, a count), or when all its values
    are the sums or counts of their columns. A rare category seen for the first time in
    the last row is none of these.
    """

    def __init__(self, coded: Coded) -> None:
        self.coded = coded
        numbers = np.array([loose_number(t) for t in coded.text], dtype=float)
        self.values = numbers[coded.codes]            # rows x columns, NaN where not a number
        used = coded.text[pd.unique(coded.codes.ravel())]
        self.decimals = max((decimals_shown(t) for t in used), default=0)

    def off_scale(self, low_row: np.ndarray, raw_row: np.ndarray) -> bool:
        """A word never seen above in a column of a few values repeated (a scale of words,
        or of words and numbers: '0', 'w+', '1+'): a name or a date below ratings 'yes'/'no'."""
        cells = np.flatnonzero(raw_row)
        for j in cells[1:]:
            column = self.coded.codes[:, j]
            words = {str(t).lower() for t in self.coded.text[pd.unique(column)] if t}
            numbers = ~np.isnan(self.values[:, j])
            filled = int(self.coded.filled()[:, j].sum())
            if numbers.any() and not np.isnan(loose_number(str(low_row[j]))):
                continue                  # a number below numbers: ``unusual`` decides
            if filled < _EVIDENCE or not 0 < len(words) <= min(20, filled / 2):
                continue
            if str(low_row[j]) not in words:
                return True
        return False

    def unusual(self, low_row: np.ndarray, raw_row: np.ndarray) -> bool:
        cells = np.flatnonzero(raw_row)
        if len(cells) < 2:
            return False
        label, cells = int(cells[0]), cells[1:]
        above = np.delete(self.values, label, axis=1)
        seen = above[~np.isnan(above)]
        words = np.isnan(above) & np.delete(self.coded.filled(), label, axis=1)
        row = [(loose_number(str(low_row[j])), str(low_row[j])) for j in cells]
        for (v, text), c in zip(row, (j - (j > label) for j in cells)):
            numbers_here, words_here = (~np.isnan(above[:, c])).any(), words[:, c].any()
            if np.isnan(v):
                if numbers_here and not words_here:
                    return True                   # a word in a column of numbers
                continue
            if words_here and not numbers_here:
                return True                       # a number in a column of words
            if seen.size >= _EVIDENCE and (decimals_shown(text) > self.decimals or
                                           abs(v) > 1.5 * np.abs(seen).max() + 1):
                return True
        if len(row) < 2 or seen.size < _EVIDENCE or all(v in seen for v, _ in row):
            return False                  # ordinary ratings cannot prove a sum or a count
        cols = [j - (j > label) for j in cells]
        sums, counts = np.nansum(above, axis=0), (~np.isnan(above)).sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            stats = (sums, counts, sums / np.maximum(counts, 1), sums / np.nansum(sums[cols]))
        return any(all(abs(v - stat[c]) <= 0.5 * 10.0 ** -decimals_shown(text) + 1e-9
                       for (v, text), c in zip(row, cols)) for stat in stats)   # as rounded


def _label_col(raw: np.ndarray, i: int) -> int:
    filled = np.flatnonzero(raw[i])
    return int(filled[0]) if len(filled) else 0


def _label(low: np.ndarray, raw: np.ndarray, i: int) -> str | None:
    """The label of a row: its first filled cell, when that is in the first two columns."""
    j = _label_col(raw, i)
    return str(low[i, j]) if raw[i, j] and j <= 1 else None


def _footer_kind(table: Table, tail: Table, low, raw, i: int, start: int) -> str | None:
    filled = np.flatnonzero(raw[i])
    if not len(filled):
        return None
    text = cell_text(tail.body.iat[i, int(filled[0])]).strip()
    if len(filled) == 1 and is_note_text(text):
        return "note"
    formulas = tail.formulas
    if formulas is not None and len(filled) >= 2 and formulas[i, filled].any() and \
            formulas[i, filled].sum() >= 0.5 * (len(filled) - 1):
        return "formula"
    if _label(low, raw, i) is not None and is_footer_label(text):
        return "formula" if formulas is not None and formulas[i].any() else "word"
    column = int(filled[0])
    above = table.body.iloc[max(0, start + i - 2000):start + i, column]
    if len(filled) == 1 and len(text.split()) >= 4 and \
            shape(text) not in {shape(cell_text(v).strip()) for v in above}:
        return "note"                     # a free-text sentence in one cell
    first_half = table.body.iloc[:min(2000, (start + i + 1) // 2), column]   # subjects only
    kinds = {_characters(cell_text(v).strip()) for v in first_half}
    if len(filled) >= 2 and _label(low, raw, i) is not None and any(c.isalpha() for c in text) \
            and len(first_half) >= 4 and len(kinds) <= _ID_KINDS and _characters(text) not in kinds:
        return "unlike"                   # decided by its cells (``_by_content``)
    if len(filled) >= 3 and _label(low, raw, i) is not None and \
            _numbers_under_words(table, tail, filled[1:], i, start):
        return "content"                  # counts under columns of words: a totals row
    return None


def _numbers_under_words(table: Table, tail: Table, cells: np.ndarray, i: int, start: int) -> bool:
    """Every cell a number where each column above holds words only ('Votes In: 7, 7, 8'
    under 'In', 'Maybe', 'Out')."""
    for j in map(int, cells):
        if np.isnan(loose_number(cell_text(tail.body.iat[i, j]).strip())):
            return False                  # a word: no count
        above = [t for v in table.body.iloc[max(0, start + i - 200):start + i, j]
                 if (t := cell_text(v).strip())]
        if len(above) < 4 or not np.isnan([loose_number(v) for v in above]).all():
            return False
    return True


def _characters(text: str) -> frozenset[str]:
    """The kinds of characters a label is written with: letters, digits, spaces, others
    ('P001': letters and digits; 'Média': letters; '95% CI': all four)."""
    return frozenset("a" if c.isalpha() else "9" if c.isdigit() else " " if c.isspace() else "."
                     for c in text)
