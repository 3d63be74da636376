"""Corpus kinds for issue 27, rule 1 ("a rater column holds ratings on the shared scale") and
the survey-export part of rule 5 (Qualtrics header rows, raters in rows).

Made from the rules, not from examples: wide tables with columns that are not ratings (dates
written many ways, times, durations, second identifiers, names, free text) at any position,
in text files, spreadsheets (real date cells) and SPSS/Stata files (date formats); and near
misses, real raters whose values look sparse (a rater using one or two categories, a 0-100
scale where no two values repeat), which must stay raters.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import zipfile

import numpy as np
import pandas as pd

from tests.import_corpus.kinds_text import DELIMS, pick
from tests.import_corpus.panel import NUMERIC_SETS, TEXT_SETS, Panel, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_ods, write_text, write_xlsx_openpyxl

_DAY0 = dt.date(2023, 1, 9)
_FIRST = ("Anna", "Ben", "Chloé", "Dmitri", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jonas",
          "Kofi", "Lena", "Mara", "Nils", "Omar", "Pia")
_LAST = ("Smith", "Müller", "García", "Okafor", "Rossi", "Nowak", "Dubois", "Kim")
_TEXT_HEADERS = ("observation", "what happened", "Befund")
_SENTENCES = ("seen in clinic, follow up in {k} weeks", "image quality poor on slide {k}",
              "rated after the second review ({k})", "patient moved before visit {k}",
              "borderline case, discussed {k} times")


def _dates(rng, n: int) -> list[dt.date]:
    start = _DAY0 + dt.timedelta(days=int(rng.integers(0, 400)))
    return [start + dt.timedelta(days=int(d)) for d in np.sort(rng.integers(0, 90, n))]


def _foreign(rng, n: int) -> tuple[str, list[str]]:
    """A header and ``n`` values of a column that is not a rater."""
    kind = int(rng.integers(11))
    days = _dates(rng, n)
    if kind == 0:
        return pick(rng, ("date", "visit_date", "Datum")), [d.isoformat() for d in days]
    if kind == 1:
        return pick(rng, ("Datum", "seen", "exam")), [d.strftime("%d.%m.%Y") for d in days]
    if kind == 2:
        return pick(rng, ("date", "DOB", "scan")), [d.strftime("%m/%d/%Y") for d in days]
    if kind == 3:
        return pick(rng, ("date", "rated_on")), [d.strftime("%d-%b-%Y") for d in days]
    if kind == 4:
        return pick(rng, ("time", "start", "Uhrzeit")), \
            [f"{int(h):02d}:{int(m):02d}" for h, m in zip(rng.integers(7, 19, n),
                                                          rng.integers(0, 60, n))]
    if kind == 5:
        return pick(rng, ("duration", "elapsed", "Dauer")), \
            [f"00:{int(m):02d}:{int(s):02d}" for m, s in zip(rng.integers(0, 15, n),
                                                              rng.integers(0, 60, n))]
    if kind == 6:
        return pick(rng, ("when", "started")), \
            [f"{d.isoformat()} {int(h):02d}:{int(m):02d}" for d, h, m in
             zip(days, rng.integers(7, 19, n), rng.integers(0, 60, n))]
    if kind == 7:
        start = int(rng.integers(10_000, 90_000))
        return pick(rng, ("mrn", "chart", "accession")), \
            [str(start + int(k)) for k in np.sort(rng.choice(5000, n, replace=False))]
    if kind == 8:
        return pick(rng, ("lab_id", "specimen", "barcode")), \
            [f"{pick(rng, ('MRN', 'LAB', 'X'))}-{int(k):05d}" for k in rng.choice(99999, n, replace=False)]
    if kind == 9:
        names = [f"{f} {pick(rng, _LAST)}" for f in rng.permutation(_FIRST)[:n]]
        names += [f"Patient {chr(65 + k)}" for k in range(n - len(names))]
        return pick(rng, ("name", "patient_name", "Patientenname", "who")), names
    return pick(rng, _TEXT_HEADERS), \
        [pick(rng, _SENTENCES).format(k=k + 1) for k in range(n)]


def _insert(rows: list[list], where: int, header: str, values: list) -> None:
    rows[0].insert(where, header)
    for row, v in zip(rows[1:], values):
        row.insert(where, v)


def _wide_with(rng, p: Panel, count: int) -> tuple[list[list], list[str]]:
    """The panel's wide rows with ``count`` foreign columns at random places after the ids."""
    rows = p.rows(id_header=pick(rng, ("subject", "id", "case", "Patient ID")))
    added = []
    for _ in range(count):
        header, values = _foreign(rng, len(p.subjects))
        while header in rows[0]:
            header += "_2"
        _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), header, values)
        added.append(header)
    return rows, added


def text_foreign(rng, folder, name) -> Case:
    """Wide text files with one or two columns that are not raters, anywhere after the ids."""
    labels = pick(rng, NUMERIC_SETS + TEXT_SETS)
    p = make_panel(rng, n_subj=(4, 14), n_rat=(2, 5), labels=labels)
    rows, added = _wide_with(rng, p, int(rng.integers(1, 3)))
    path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, DELIMS)))
    text_only = all(h in _TEXT_HEADERS for h in added)    # the comment rule may take these
    return Case(name, "rater-scale", path, p.truth(rules=() if text_only else ("rater-scale",)))


def sparse_raters(rng, folder, name) -> Case:
    """Near misses: real raters that share few values with the others stay raters."""
    roll = int(rng.integers(4))
    if roll == 0:                     # one rater uses a single category the others use
        p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + TEXT_SETS), n_rat=(3, 5))
        keep = p.grid[0][1] or p.used()[0]
        for row in p.grid:
            row[0] = keep
    elif roll == 1:                   # 0-100 scale: no value repeats anywhere
        p = make_panel(rng, labels=tuple(str(v) for v in range(0, 101)), n_subj=(4, 9),
                       n_rat=(2, 4), missing=0.0)
        for j in range(len(p.raters)):
            values = rng.choice(np.arange(5, 96), len(p.subjects), replace=False)
            for i, row in enumerate(p.grid):
                row[j] = str(int(values[i]))
        path = write_text(folder / f"{name}.csv", text_table(p.rows(), ","))
        return Case(name, "rater-scale-near-miss", path,
                    p.truth(options={"max_categories": 101}, quiet=("rater-scale",)))
    elif roll == 2:                   # one rater uses only the two ends of a 5-point scale
        p = make_panel(rng, labels=("1", "2", "3", "4", "5"), n_rat=(3, 4), missing=0.0)
        for row in p.grid:
            row[0] = pick(rng, ("1", "5"))
            row[1] = pick(rng, ("2", "3", "4"))
        if len({r[0] for r in p.grid}) < 2:
            p.grid[0][0] = "5" if p.grid[0][0] == "1" else "1"
    else:                             # few subjects, every rating different within its column
        p = make_panel(rng, labels=("A", "B", "C", "D", "E"), n_subj=(3, 4), n_rat=(3, 4),
                       missing=0.0)
        for j in range(len(p.raters)):
            for i, v in enumerate(rng.permutation(list("ABCDE"))[:len(p.subjects)]):
                p.grid[i][j] = str(v)
    path = write_text(folder / f"{name}.csv", text_table(p.rows(), pick(rng, DELIMS)))
    return Case(name, "rater-scale-near-miss", path, p.truth(quiet=("rater-scale",)))


def long_with_date(rng, folder, name) -> Case:
    """A long file with a date column: read as today (the date is no rating column)."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS))
    rows = p.long_rows()
    days = _dates(rng, len(rows) - 1)
    for row, d in zip(rows, ["date"] + [d.isoformat() for d in days]):
        row.insert(2, d)
    rows = [rows[0]] + [r for r in rows[1:] if r[-1] is not None]
    path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, (",", ";"))))
    return Case(name, "rater-scale-long", path, p.truth())


# ------------------------------------------------------------ spreadsheets and stats files
def _numeric_panel(rng) -> Panel:
    return make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_subj=(5, 12), n_rat=(2, 4),
                      subject_style="num100", missing=0.0)


def xlsx_dates(rng, folder, name) -> Case:
    """Excel date (and time) cells among raters of numbers."""
    p = _numeric_panel(rng)
    rows = p.rows(numeric=True)
    rows = [rows[0]] + [[int(r[0])] + r[1:] for r in rows[1:]]
    days = _dates(rng, len(p.subjects))
    if rng.random() < 0.5:
        values = [dt.datetime.combine(d, dt.time(int(rng.integers(8, 18)), 30)) for d in days]
    else:
        values = days
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), pick(rng, ("date", "Visit")), values)
    path = write_xlsx_openpyxl(folder / f"{name}.xlsx", rows)
    return Case(name, "rater-scale-sheet", path, p.truth(rules=("rater-scale",)))


def ods_dates(rng, folder, name) -> Case:
    """LibreOffice date cells (office:value-type="date") among raters of numbers."""
    p = _numeric_panel(rng)
    rows = p.rows(numeric=True)
    days = _dates(rng, len(p.subjects))
    marks = [f"@@DATE{k}@@" for k in range(len(days))]
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), "date", marks)
    path = write_ods(folder / f"{name}.ods", rows)
    _ods_date_cells(path, dict(zip(marks, days)))
    return Case(name, "rater-scale-sheet", path, p.truth(rules=("rater-scale",)))


def _ods_date_cells(path, dates: dict[str, dt.date]) -> None:
    """Turn the string cells holding the marks into date cells, as LibreOffice saves dates."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    content = parts["content.xml"].decode("utf-8")
    for mark, day in dates.items():
        content = re.sub(rf'<table:table-cell office:value-type="string"><text:p>{mark}</text:p>',
                         f'<table:table-cell office:value-type="date" office:date-value='
                         f'"{day.isoformat()}"><text:p>{day.strftime("%d.%m.%y")}</text:p>',
                         content)
    parts["content.xml"] = content.encode("utf-8")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", parts.pop("mimetype"), compress_type=zipfile.ZIP_STORED)
        for n, data in parts.items():
            z.writestr(n, data, compress_type=zipfile.ZIP_DEFLATED)


def stats_dates(rng, folder, name) -> Case:
    """SPSS (DATE format) or Stata (%td) files with a date variable among the raters."""
    import pyreadstat
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_subj=(5, 12), n_rat=(2, 4),
                   raters=None, rater_style="coder", subjects=None, subject_style="seq",
                   missing=0.0)
    frame = {"id": [int(s) for s in p.subjects]}
    date_at = int(rng.integers(1, len(p.raters) + 1))
    cols = list(p.raters)
    cols.insert(date_at - 1, "visit")
    days = _dates(rng, len(p.subjects))
    for c in cols:
        if c == "visit":
            frame[c] = days
        else:
            j = p.raters.index(c)
            frame[c] = [float(row[j]) for row in p.grid]
    df = pd.DataFrame(frame)
    if rng.random() < 0.5:
        path = folder / f"{name}.sav"
        pyreadstat.write_sav(df, path)
    else:
        path = folder / f"{name}.dta"
        pyreadstat.write_dta(df, path)
    return Case(name, "rater-scale-stats", path, p.truth(rules=("rater-scale",)))


def only_dates(rng, folder, name) -> Case:
    """No column holds ratings: every column beside the ids is dates or times: refused,
    naming a column."""
    n = int(rng.integers(4, 9))
    rows = [["subject", "first_visit", "second_visit"]]
    a, b = _dates(rng, n), _dates(rng, n)
    rows += [[f"s{i + 1}", x.isoformat(), y.strftime("%d.%m.%Y")] for i, (x, y) in
             enumerate(zip(a, b))]
    path = write_text(folder / f"{name}.csv", text_table(rows, ","))
    return Case(name, "rater-scale-refused", path, Truth(refuse=("visit", "dates")))


# --------------------------------------------------------------------------- Qualtrics
def qualtrics_bare(rng, folder, name) -> Case:
    """A Qualtrics export reduced to ResponseId and the question columns (maybe a name
    question): the question-text and import-id rows are header rows, the responses the
    raters."""
    n_resp = int(rng.integers(2, 7))
    n_q = int(rng.integers(3, 8))
    ids = [f"R_{''.join(rng.choice(list('abcdefghKLMNPQRS2345'), 15))}" for _ in range(n_resp)]
    named = rng.random() < 0.4
    names = [f"{f} {pick(rng, _LAST)}" for f in rng.permutation(_FIRST)[:n_resp]]
    qs = [pick(rng, ("Q{k}", "QID{k}", "Case{k}", "Q{k}_1")).format(k=k + 1) for k in range(n_q)]
    labels = pick(rng, (("Mild", "Moderate", "Severe"), ("1", "2", "3", "4", "5"),
                        ("Yes", "No")))
    p = make_panel(rng, subjects=qs, raters=names if named else ids, labels=labels, missing=0.05)
    head = ["ResponseId"] + (["Name"] if named else []) + qs
    texts = ["Response ID"] + (["Your name"] if named else []) + \
        [f"Case {k + 1}: how severe is it?" for k in range(n_q)]
    imports = [json.dumps({"ImportId": "_recordId"})] + \
        ([json.dumps({"ImportId": "QID99_TEXT"})] if named else []) + \
        [json.dumps({"ImportId": f"QID{k + 1}"}) for k in range(n_q)]
    style = int(rng.integers(3))     # texts and import ids; import ids only; texts only
    rows = [head] + ([texts] if style != 1 else []) + ([imports] if style != 2 else [])
    for j, rid in enumerate(ids):
        rows.append([rid] + ([names[j]] if named else []) + [p.grid[i][j] for i in range(n_q)])
    path = write_text(folder / f"{name}.csv", text_table(rows, ","),
                      encoding=pick(rng, ("utf-8", "utf-8-sig")))
    rules = ("extra-header-rows", "survey-orientation") + (("metadata-columns",) if named else ())
    return Case(name, "qualtrics-bare", path, p.truth(rules=rules))


def raters_in_rows_named(rng, folder, name) -> Case:
    """One row per rater, numbered, with a column of their names beside the subjects: the
    names are not a subject."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + TEXT_SETS), n_subj=(3, 8), n_rat=(3, 6),
                   subject_style="s", rater_style="R")
    names = [f"{f} {pick(rng, _LAST)}" for f in rng.permutation(_FIRST)[:len(p.raters)]]
    head = ["rater", pick(rng, ("name", "Name", "full name"))] + list(p.subjects)
    rows = [head] + [[r, n] + [p.grid[i][j] for i in range(len(p.subjects))]
                     for j, (r, n) in enumerate(zip(p.raters, names))]
    path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, (",", ";", "\t"))))
    return Case(name, "raters-in-rows", path, p.truth(rules=("rater-scale",)))


KINDS = [(text_foreign, 40), (sparse_raters, 20), (long_with_date, 4), (xlsx_dates, 6),
         (ods_dates, 4), (stats_dates, 6), (only_dates, 3), (qualtrics_bare, 12),
         (raters_in_rows_named, 8)]
