"""Files that hold nothing to rate, told by their structure (issue 40, family 6).

A codebook describes variables; a kappa table or a pairwise kappa matrix holds agreement
coefficients; a per-rater summary or an aggregated report holds counts, percentages and
means; a form's free-text answers and an empty data-entry template hold no ratings. Each is
refused with one sentence that says what the file is. The evidence is the shape of the
table (what its header words and cells are), never its file name.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import RATER_WORDS, fold, looks_like_rater, tokens
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

CODEBOOK_WORDS = {
    "variable", "variables", "variablename", "varname", "name", "fieldname", "variablefieldname",
    "label", "labels", "fieldlabel", "variablelabel", "type", "fieldtype", "datatype", "values",
    "valuelabels", "choices", "choicescalculationsorsliderlabels", "format", "width", "decimals",
    "measure", "missing", "missingvalues", "align", "columns", "role", "formname",
    "sectionheader", "fieldnote", "description", "codes", "coding", "levels", "units",
    "textvalidationtypeorshowslidernumber", "required", "requiredfield", "question",
    "questiontext", "variablelevel", "valuelabel",
}
"""Headers of a codebook (data dictionary, REDCap data dictionary, SPSS variable view)."""
_CODEBOOK_KEYS = {"variable", "variables", "variablename", "varname", "fieldname",
                  "variablefieldname", "fieldtype", "fieldlabel", "variablelabel", "valuelabels",
                  "choicescalculationsorsliderlabels", "datatype", "decimals", "measure",
                  "valuelabel", "variablelevel"}
"""Codebook headers no table of ratings has: one of them must be present."""
COEFFICIENT_WORDS = {"kappa", "alpha", "icc", "gwet", "ac1", "ac2", "fleiss", "cohen", "cohens",
                     "krippendorff", "krippendorffs", "scott", "scotts", "pabak", "conger",
                     "bennett", "brennan", "prediger", "agreement", "concordance", "kendall",
                     "kendalls", "w", "pi", "correlation", "spearman", "pearson", "weighted"}
"""Words naming an agreement coefficient (compared as words of a label)."""
PERCENT_WORDS = {"percent", "percentage", "pct", "proportion", "share", "prozent", "anteil",
                 "pourcentage", "porcentaje", "percentuale", "percentagem"}
STAT_WORDS = PERCENT_WORDS | {
    "mean", "average", "avg", "sd", "std", "stdev", "median", "min", "max", "n", "count",
    "counts", "total", "frequency", "freq", "responses", "respondents", "sum", "number",
    "se", "variance", "mittelwert", "anzahl", "moyenne", "media", "nombre",
}
"""Header words of summary statistics (compared as words of a header)."""
_PERCENT_CELL = re.compile(r"^-?\d+(?:[.,]\d+)?\s*%$")
_FREE_TEXT_WORDS = 4
_SAMPLE = 300


def refuse_non_ratings(table: Table) -> None:
    """Refuse, in one sentence naming what it is, a table that holds nothing to rate."""
    for check in (_codebook, _coefficients, _pairwise_matrix, _pivot_counts, _summary,
                  _free_text, _template):
        what = check(table)
        if what:
            raise DataError(what, file=table.file)


def _cells(table: Table, col: str) -> list[str]:
    return [t for t in table.texts(col, _SAMPLE) if t]


def _codebook(table: Table) -> Wording | None:
    heads = {fold(c) for c in table.columns}
    if len(heads & CODEBOOK_WORDS) < 3 or not heads & _CODEBOOK_KEYS:
        return None
    shown = [c for c in table.columns if fold(c) in CODEBOOK_WORDS][:4]
    # Translators: {columns} is column names joined by ", ".
    return Wording.of(N_("this is a codebook (data dictionary): its columns ({columns}) describe "
                         "the variables of a data set, and it holds no ratings; open the data "
                         "file it describes"), columns=", ".join(shown))


def _decimal_share(table: Table, cols: list[str], diagonal: bool = False) -> tuple[int, float]:
    """(numeric cells, share of them that are fractions between -1 and 1); ``diagonal``: the
    1s of a matrix's diagonal (each rater with themselves) are left out."""
    values = [_number(t) for c in cols for t in _cells(table, c)]
    numbers = [v for v in values if v is not None and not (diagonal and v == 1)]
    if not numbers:
        return 0, 0.0
    fractions = sum(-1 <= v <= 1 and not float(v).is_integer() for v in numbers)
    return len(numbers), fractions / len(numbers)


def _coefficients(table: Table) -> Wording | None:
    """Rows named by agreement coefficients (Fleiss' kappa, Krippendorff's alpha ...) with
    decimals beside them."""
    first = table.columns[0]
    labels = _cells(table, first)
    named = [lab for lab in labels if set(tokens(lab)) & COEFFICIENT_WORDS - {"w", "pi"}]
    heads = set().union(*(tokens(c) for c in table.columns))
    if not labels or (len(named) < max(1, len(labels) / 2) and
                      not heads & {"kappa", "alpha", "icc", "agreement"}):
        return None
    count, share = _decimal_share(table, table.columns[1:])
    if count < 2 or share < 0.5:
        return None
    shown = ", ".join(named[:3]) if named else ", ".join(c for c in table.columns[1:4])
    # Translators: {shown} is the coefficients' names (or columns) as the file writes them.
    return Wording.of(N_("this is a table of agreement coefficients ({shown}), not ratings: "
                         "TapDesk computes agreement from the ratings themselves, so open the "
                         "file of each rater's ratings of each subject"), shown=shown)


def _pairwise_matrix(table: Table) -> Wording | None:
    """A rater x rater matrix of coefficients: row labels match the header labels and the
    cells off the diagonal are fractions between -1 and 1."""
    first, others = table.columns[0], list(table.columns[1:])
    labels = _cells(table, first)
    if len(others) < 2 or len(labels) != len(table.body) or \
            {fold(x) for x in labels} != {fold(c) for c in others}:
        return None
    column = {fold(c): c for c in others}
    diagonal = [table.texts(column[fold(lab)])[k] for k, lab in enumerate(labels)]
    if not all(d in ("", "-", "—", "–") or _number(d) == 1 for d in diagonal):
        return None                      # each rater agrees with themselves: 1 or blank
    count, share = _decimal_share(table, others, diagonal=True)
    if count < 2 or share < 0.9:
        return None
    # Translators: {raters} is the first raters' names joined by ", ".
    return Wording.of(N_("this is a matrix of pairwise agreement between raters ({raters} ...: "
                         "coefficients between \u22121 and 1), not ratings; open the file of "
                         "each rater's ratings of each subject"), raters=", ".join(others[:3]))


_SCALE_VALUES = 11
"""At most this many values shared by every column: a rating scale (0-10 at the most)."""


def _is_percent(table: Table, col: str) -> bool:
    cells = _cells(table, col)
    if "%" in col or set(tokens(col)) & PERCENT_WORDS:
        return True
    return bool(cells) and sum(bool(_PERCENT_CELL.match(t)) for t in cells) >= 0.8 * len(cells)


@lru_cache(maxsize=65536)
def _number(text: str) -> float | None:
    """The number a cell spells, a percent sign and a decimal comma allowed."""
    return numeric_value(text.rstrip("%").strip().replace(",", "."))


def _numeric_column(table: Table, col: str) -> bool:
    cells = _cells(table, col)
    parsed = [_number(t) for t in cells]
    return bool(cells) and sum(v is not None for v in parsed) >= 0.8 * len(cells)


def _shares_of_100(table: Table, values: list[str]) -> bool:
    """Rows of fractional numbers that add up to 100: percentages of answers per row (whole
    counts adding up to the same total are a category-counts table, read as such)."""
    if len(values) < 2:
        return False
    rows = [[_number(t) for t in row]
            for row in table.text[:_SAMPLE, [table.index(c) for c in values]]]
    sums = [sum(v or 0 for v in row) for row in rows]
    fractional = any(v is not None and not float(v).is_integer() for row in rows for v in row)
    return fractional and sum(abs(x - 100) <= 0.6 for x in sums) >= 0.9 * len(sums)


def _one_scale(table: Table, cols: list[str]) -> bool:
    """The columns use together a few values, each met again and again ('0%', '50%', '100%'):
    a rating scale written with percent signs, not statistics, which take many values."""
    cells = [v for c in cols for v in (_number(t) for t in _cells(table, c)) if v is not None]
    distinct = set(cells)
    return 2 <= len(distinct) <= _SCALE_VALUES and len(cells) >= 3 * len(distinct)


def _words_of_a_panel(table: Table, cols: list[str]) -> bool:
    """Two columns of words or more, each a few values met again and again, that share their
    values (three surveyors' texture classes 'SL', 'CL', 'L' beside the laboratory's sand and
    clay percentages): raters beside measurements, not a report's labels."""
    scales = []
    for c in cols:
        cells = _cells(table, c)
        if len(cells) >= 6 and len(set(cells)) <= len(cells) / 2:
            scales.append(set(cells))
    shared = [a for a in scales
              if any(a is not b and len(a & b) >= 0.5 * min(len(a), len(b)) for b in scales)]
    return len(shared) >= 2


_PIVOT_COUNT = re.compile(r"^(count|anzahl|nombre|cuenta|recuento|conteggio|contagem|aantal)"
                          r"\s+(of|von|de|di|van)\s+\S", re.IGNORECASE)
"""A spreadsheet pivot table's value field when it counts ('Count of Rating', 'Anzahl von
Note', 'Nombre de Note' ...)."""
_PIVOT_LABELS = {"rowlabels", "columnlabels", "grandtotal", "zeilenbeschriftungen",
                 "spaltenbeschriftungen", "gesamtergebnis", "etiquettesdelignes",
                 "etiquettesdecolonnes", "totalgeneral", "etiquetasdefila", "etiquetasdecolumna",
                 "etichettediriga", "etichettedicolonna", "totalecomplessivo", "rotulosdelinha",
                 "rotulosdecoluna", "rijlabels", "kolomlabels", "eindtotaal"}
"""The labels a spreadsheet writes around a pivot table, in the languages TapDesk speaks and
Italian, Portuguese and Dutch."""


def _pivot_counts(table: Table) -> Wording | None:
    """A pivot table that counts ('Count of Rating' with its row and column labels and grand
    totals): how often each category was given, not each subject's ratings."""
    cells = list(table.columns) + [t for c in table.columns for t in table.texts(c, 3)]
    counted = next((t for t in cells if _PIVOT_COUNT.match(str(t).strip())), None)
    labels = cells + _cells(table, table.columns[0])
    if counted is None or not any(fold(str(t)) in _PIVOT_LABELS for t in labels):
        return None
    # Translators: {field} is the pivot table's value field as the file writes it ("Count of
    # Rating").
    return Wording.of(N_("this is a pivot table of counts ({field}): how often each category was "
                         "given, not each subject's ratings; open the data the pivot table was "
                         "made from"), field=Name(str(counted).strip()))


def _summary(table: Table) -> Wording | None:
    """Counts, percentages and means per row: a per-rater summary or an aggregated report."""
    values = [c for c in table.columns if _numeric_column(table, c)]
    labels = [c for c in table.columns if c not in values]
    if _one_scale(table, values) or _words_of_a_panel(table, labels):
        return None
    if labels and _shares_of_100(table, values):
        # Translators: {columns} is column names joined by ", ".
        return Wording.of(N_("this is an aggregated report (the percentages of answers in each "
                             "row of {columns} add up to 100), not one rating per rater and "
                             "subject; export the individual responses instead"),
                          columns=", ".join(values[:3]))
    stats = [c for c in values if _is_percent(table, c) or set(tokens(c)) & STAT_WORDS]
    if not labels or not values or not any(_is_percent(table, c) or
                                           set(tokens(c)) & {"mean", "average", "sd", "median"}
                                           for c in values):
        return None
    if len(stats) < max(2, (len(values) + 1) // 2):
        return None
    first = labels[0]
    cells = _cells(table, first)
    per_rater = fold(first) in RATER_WORDS | {"name", "instructor", "user", "username"} or \
        (bool(cells) and sum(map(looks_like_rater, cells)) >= 0.6 * len(cells))
    shown = ", ".join(stats[:3])
    if per_rater and len(set(cells)) == len(cells):
        # Translators: {column} is a column's name; {shown} column names joined by ", ".
        return Wording.of(N_("this is a per-rater summary (one row per rater in {column} with "
                             "{shown}), not ratings; open the file of each rater's ratings of "
                             "each subject"), column=Name(first), shown=shown)
    # Translators: {shown} is column names joined by ", ".
    return Wording.of(N_("this is an aggregated report (counts and percentages in {shown}), not "
                         "one rating per rater and subject; export the individual responses "
                         "instead"), shown=shown)


def _free_text(table: Table) -> Wording | None:
    """Every column is either an id or time (one value per row) or sentences."""
    texts, others = [], []
    for col in table.columns:
        cells = _cells(table, col)
        if not cells:
            continue
        words = np.mean([len(t.split()) for t in cells])
        if words >= _FREE_TEXT_WORDS and len(set(cells)) >= 0.8 * len(cells):
            texts.append(col)
        elif len(set(cells)) < len(cells) or len(cells) < 4:
            return None                          # a column of repeating values: maybe ratings
        else:
            others.append(col)
    if not texts:
        return None
    # Translators: {columns} is column names joined by ", " (and " ..." when there are more).
    return Wording.of(N_("this file holds only free-text answers ({columns}) and ids, nothing to "
                         "rate; a rating is a choice among a few categories"),
                      columns=", ".join(texts[:3]) + (" ..." if len(texts) > 3 else ""))


def _template(table: Table) -> Wording | None:
    """Ids in the first columns (filled, one per row) and every other cell blank: a form not
    yet filled in."""
    n = len(table.body)
    if n < 2 or n > _SAMPLE:
        return None
    filled = np.array([[bool(t) for t in row] for row in table.text], dtype=bool)
    used = [bool(filled[:, j].any()) for j in range(filled.shape[1])]
    ids = [c for c, u in zip(table.columns, used) if u]
    blank = [c for c, u in zip(table.columns, used) if not u]
    if not ids or not blank or len(ids) > 2 or any(used[len(ids):]):
        return None
    if any(len(set(table.texts(c))) != n or "" in table.texts(c) for c in ids):
        return None
    if len(ids) == 2 and (n < 5 or any(numeric_value(t) is not None for t in table.texts(ids[1]))):
        return None                      # a second column of numbers may be one rater's ratings
    # Translators: {ids} is column names in quotes joined by ", "; {blank} column names joined by
    # ", " (cut short).
    return Wording.of(N_("this is an empty data-entry template: it lists ids in {ids} but every "
                         "rating cell ({blank}) is blank, so there is nothing to rate yet"),
                      ids=", ".join(repr(c) for c in ids), blank=", ".join(blank)[:80])
