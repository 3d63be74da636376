"""Corpus kinds saved as spreadsheets: Excel (.xlsx, as Excel and as openpyxl write them) and
LibreOffice (.ods), with title rows, merged headers, totals rows and formula columns."""

from __future__ import annotations

import numpy as np

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import NUMERIC_SETS, make_panel
from tests.import_corpus.truth import Case
from tests.import_corpus.writers import Formula, cell_ref, write_ods, write_xlsx, write_xlsx_openpyxl


def _row_formula(fn: str, i: int, first: int, last: int, values: list[float]) -> Formula:
    """=FN(B5:D5) over columns first..last of 0-based row i, with its value."""
    rng_x = f"{cell_ref(i, first)}:{cell_ref(i, last)}"
    rng_o = f"[.{cell_ref(i, first)}:.{cell_ref(i, last)}]"
    v = np.array(values, dtype=float)
    value = {"SUM": v.sum(), "AVERAGE": v.mean() if len(v) else None,
             "STDEV": v.std(ddof=1) if len(v) > 1 else None}[fn]
    return Formula(f"{fn}({rng_x})", f"{fn}({rng_o})", value)


def _col_formula(fn: str, j: int, first: int, last: int, values: list[float]) -> Formula:
    rng_x = f"{cell_ref(first, j)}:{cell_ref(last, j)}"
    rng_o = f"[.{cell_ref(first, j)}:.{cell_ref(last, j)}]"
    v = np.array(values, dtype=float)
    value = {"SUM": v.sum(), "AVERAGE": v.mean() if len(v) else None}[fn]
    return Formula(f"{fn}({rng_x})", f"{fn}({rng_o})", value)


def _totals_rows(rng, p, *, title: bool) -> tuple[list[list], tuple[str, ...]]:
    """Title, header, data with a formula column, and a totals row of formulas."""
    rules = ["footer-rows", "calculated-columns"]
    top = []
    if title:
        top = [["Wine judging 2024 - scores"] + [None] * len(p.raters), [None]]
        rules.append("title-lines")
    calc = pick(rng, ("Mean", "Average", "Score", "Check"))
    head = ["subject"] + list(p.raters) + [calc]
    first = len(top) + 1                        # 0-based row of the first data row
    body = []
    for i, (s, row) in enumerate(zip(p.subjects, p.grid)):
        nums = [float(v) for v in row if v is not None]
        body.append([s] + [p.cell(v, True) for v in row]
                    + [_row_formula("AVERAGE", first + i, 1, len(p.raters), nums)])
    last = first + len(body) - 1
    total = ["Total"] + [_col_formula("SUM", j + 1, first, last,
                                      [float(r[j]) for r in p.grid if r[j] is not None])
                         for j in range(len(p.raters))] + [None]
    return top + [head] + body + [total], tuple(rules)


def xlsx_totals(rng, folder, name) -> Case:
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_rat=(3, 5), missing=0.05)
    rows, rules = _totals_rows(rng, p, title=bool(rng.random() < 0.5))
    path = write_xlsx(folder / f"{name}.xlsx", [("Scores", rows)])
    return Case(name, "xlsx-totals", path, p.truth(rules=rules))


def xlsx_openpyxl(rng, folder, name) -> Case:
    """Formulas with no cached values (a file written by a script, never opened in Excel)."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_rat=(3, 5), missing=0.05)
    rows, rules = _totals_rows(rng, p, title=False)
    path = write_xlsx_openpyxl(folder / f"{name}.xlsx", rows)
    return Case(name, "xlsx-totals", path, p.truth(rules=rules))


def ods_totals(rng, folder, name) -> Case:
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_rat=(3, 5), missing=0.05)
    rows, rules = _totals_rows(rng, p, title=bool(rng.random() < 0.5))
    path = write_ods(folder / f"{name}.ods", rows)
    return Case(name, "ods-totals", path, p.truth(rules=rules))


def formula_column(rng, folder, name) -> Case:
    """A column of formulas whose values look like ratings (rounded means): not a rater."""
    p = make_panel(rng, labels=("1", "2", "3", "4", "5"), n_rat=(3, 4), missing=0.0)
    calc = pick(rng, ("Consensus", "Final", "Agreed"))
    rows = [["case"] + list(p.raters) + [calc]]
    for i, (s, row) in enumerate(zip(p.subjects, p.grid), start=1):
        v = round(float(np.mean([float(x) for x in row])))
        f = Formula(f"ROUND(AVERAGE({cell_ref(i, 1)}:{cell_ref(i, len(p.raters))}),0)",
                    f"ROUND(AVERAGE([.{cell_ref(i, 1)}:.{cell_ref(i, len(p.raters))}]);0)", float(v))
        rows.append([s] + [int(x) for x in row] + [f])
    if rng.random() < 0.5:
        path = write_xlsx(folder / f"{name}.xlsx", [("Data", rows)])
    else:
        path = write_ods(folder / f"{name}.ods", rows)
    return Case(name, "formula-columns", path, p.truth(rules=("calculated-columns",)))


def merged_header(rng, folder, name) -> Case:
    """A two-level header: 'Ratings' merged over the rater columns, 'Patient' merged down."""
    p = make_panel(rng, n_rat=(3, 4), labels=pick(rng, NUMERIC_SETS))
    n = len(p.raters)
    top = ["Patient", pick(rng, ("Ratings", "Raters", "Scores by rater"))] + [None] * (n - 1)
    second = [None] + list(p.raters)
    body = [[s] + [p.cell(v, True) for v in row] for s, row in zip(p.subjects, p.grid)]
    merged = ["A1:A2", f"B1:{cell_ref(0, n)}"]
    path = write_xlsx(folder / f"{name}.xlsx", [("Sheet1", [top, second] + body)], merged=merged)
    return Case(name, "merged-header", path, p.truth(rules=("title-lines",)))


def sheet_plain(rng, folder, name) -> Case:
    p = make_panel(rng)
    numeric = p.labels[0].isdigit()
    if rng.random() < 0.5:
        rows = p.rows(numeric=numeric)
    else:
        rows = p.long_rows(rng=rng)
        rows = [rows[0]] + [[s, r, p.cell(v, numeric)] for s, r, v in rows[1:]]
    if rng.random() < 0.5:
        path = write_xlsx(folder / f"{name}.xlsx", [("Data", rows)])
    else:
        path = write_ods(folder / f"{name}.ods", rows)
    return Case(name, "sheet", path, p.truth())


def readme_sheet_first(rng, folder, name) -> Case:
    """A notes sheet before the data sheet: the data sheet is read."""
    p = make_panel(rng)
    notes = [["About this file"], ["Ratings collected in 2023 by three clinicians."],
             ["Missing = not seen."]]
    path = write_xlsx(folder / f"{name}.xlsx", [("Read me", notes), ("Ratings", p.rows())])
    return Case(name, "sheet", path, p.truth())


KINDS = [(xlsx_totals, 10), (xlsx_openpyxl, 6), (ods_totals, 8), (formula_column, 10),
         (merged_header, 8), (sheet_plain, 12), (readme_sheet_first, 4)]
