"""Corpus kinds for the importer's choices (issue 27, rules 5 and 6): each file asks the
importer to choose something it must say.

Made from the rules, not from examples: two columns sharing a name (exactly, or but for
spaces around it); sheets the workbook hides (an old version beside the visible data, or
the only table behind a visible notes sheet); hidden rows and columns among the data; a
numeric scale whose value labels name only some codes (SPSS and Stata); a file with one
subject or one rater; items whose ratings use only part of the scale the items share.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np
import pandas as pd

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import LABEL_SETS, NUMERIC_SETS, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import _ods_cell, ods_package, text_table, write_text, write_xlsx

_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"')


def write_ods_hiding(path: Path, sheets, hidden_sheets=(), hidden_rows=(), hidden_cols=()) -> Path:
    """An .ods as LibreOffice saves hidden parts: a table style with ``table:display="false"``
    for a hidden sheet, ``table:visibility="collapse"`` on hidden rows and columns (0-based
    (sheet, index) pairs). The cells are written as ``writers.write_ods`` writes them."""
    tables = []
    for name, rows in sheets:
        style = "taHidden" if name in hidden_sheets else "ta1"
        width = max(len(r) for r in rows)
        cols = "".join("<table:table-column" + (' table:visibility="collapse"'
                                                if (name, j) in hidden_cols else "") + "/>"
                       for j in range(width))
        body = "".join("<table:table-row" + (' table:visibility="collapse"'
                                             if (name, i) in hidden_rows else "") + ">"
                       + "".join(_ods_cell(v) for v in r) + "</table:table-row>"
                       for i, r in enumerate(rows))
        tables.append(f'<table:table table:name={quoteattr(name)} table:style-name="{style}">'
                      f"{cols}{body}</table:table>")
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS} '
               'office:version="1.2"><office:automatic-styles>'
               '<style:style style:name="ta1" style:family="table"><style:table-properties '
               'table:display="true"/></style:style><style:style style:name="taHidden" '
               'style:family="table"><style:table-properties table:display="false"/>'
               '</style:style></office:automatic-styles><office:body><office:spreadsheet>'
               f'{"".join(tables)}</office:spreadsheet></office:body></office:document-content>')
    return ods_package(path, content)


def write_xlsx_hiding(path: Path, sheets, hidden_sheets=(), hidden_rows=(), hidden_cols=()) -> Path:
    """An .xlsx with hidden sheets, rows and columns, as openpyxl writes them."""
    import openpyxl
    from openpyxl.utils import get_column_letter
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets:
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
        for (where, i) in hidden_rows:
            if where == name:
                sheet.row_dimensions[i + 1].hidden = True
        for (where, j) in hidden_cols:
            if where == name:
                sheet.column_dimensions[get_column_letter(j + 1)].hidden = True
        if name in hidden_sheets:
            sheet.sheet_state = "hidden"
    visible = [k for k, (name, _) in enumerate(sheets) if name not in hidden_sheets]
    book.active = visible[0]
    book.save(path)
    return path


def _hiding(rng, path_stem: Path, sheets, **hidden) -> Path:
    """The workbook as .xlsx or .ods (half and half)."""
    if rng.random() < 0.5:
        return write_xlsx_hiding(path_stem.with_suffix(".xlsx"), sheets, **hidden)
    return write_ods_hiding(path_stem.with_suffix(".ods"), sheets, **hidden)


# ------------------------------------------------------------- column names
def duplicate_names(rng, folder, name) -> Case:
    """Two rater columns with one name (exactly, or but for spaces around it): both are read,
    the second renamed 'NAME (2)', and the renaming is said."""
    base = pick(rng, ("Anna", "Rater A", "Dr. Lee", "coder1", "J"))
    others = [r for r in ("Ben", "Cara", "Dev") if r != base][:int(rng.integers(1, 3))]
    raters = [base, f"{base} (2)"] + others
    p = make_panel(rng, raters=raters, labels=pick(rng, LABEL_SETS))
    spelled = [base, pick(rng, (base, base + " ", " " + base, base + "  "))] + others
    order = rng.permutation(len(raters))
    # the first spelling must come first for the renaming to name the later column '(2)'
    order = [k for k in order if k != 1]
    order.insert(order.index(0) + 1 + int(rng.integers(0, len(order) - order.index(0))), 1)
    head = ["subject"] + [spelled[k] for k in order]
    body = [[s] + [row[k] for k in order] for s, row in zip(p.subjects, p.grid)]
    if rng.random() < 0.6:
        text = text_table([head] + body, pick(rng, (",", ";", "\t")))
        path = write_text(folder / f"{name}.csv", text)
    else:
        numeric = p.labels[0].isdigit()
        body = [[s] + [p.cell(v, numeric) for v in r[1:]] for s, r in zip(p.subjects, body)]
        path = write_xlsx(folder / f"{name}.xlsx", [("Ratings", [head] + body)])
    return Case(name, "duplicate-names", path, p.truth(rules=("column-names",)))


# ------------------------------------------------------------------ hidden
def hidden_old_sheet(rng, folder, name) -> Case:
    """A hidden sheet holding an older table beside the visible one: the visible one is read
    (wherever the hidden one stands), and the choice is said."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS))
    old = make_panel(rng, labels=("1", "2", "3", "4", "5", "6", "7"), n_subj=(15, 20),
                     subjects=None, raters=["old A", "old B", "old C"])
    sheets = [("Ratings v1", old.rows(numeric=True)), ("Ratings", p.rows(numeric=True))]
    if rng.random() < 0.3:
        sheets.reverse()
    path = _hiding(rng, folder / name, sheets, hidden_sheets={"Ratings v1"})
    return Case(name, "hidden-sheet", path, p.truth(rules=("sheet",)))


def hidden_only_table(rng, folder, name) -> Case:
    """The only table sits on a hidden sheet behind a visible notes sheet: it is read, and the
    note says it is hidden."""
    p = make_panel(rng)
    notes = [["About this file"], ["The ratings are on the hidden sheet 'data'."]]
    path = _hiding(rng, folder / name, [("Read me", notes), ("data", p.rows())],
                   hidden_sheets={"data"})
    return Case(name, "hidden-sheet", path, p.truth(rules=("sheet",)))


def hidden_rows_columns(rng, folder, name) -> Case:
    """Rows and a rater column hidden (or filtered out of view): hiding changes what a sheet
    shows, not what it holds, so they are read, with a warning naming them."""
    p = make_panel(rng, n_rat=(3, 5), n_subj=(8, 14), labels=pick(rng, LABEL_SETS))
    numeric = p.labels[0].isdigit()
    rows = p.rows(numeric=numeric)
    hide_rows = {("Data", int(i)) for i in rng.choice(np.arange(1, len(rows)),
                                                       size=int(rng.integers(0, 3)), replace=False)}
    hide_cols = {("Data", int(rng.integers(1, len(p.raters) + 1)))} if rng.random() < 0.6 \
        or not hide_rows else set()
    path = _hiding(rng, folder / name, [("Data", rows)], hidden_rows=hide_rows,
                   hidden_cols=hide_cols)
    return Case(name, "hidden-rows", path, p.truth(rules=("hidden",)))


# ------------------------------------------------------------- scale order
def partly_labelled(rng, folder, name) -> Case:
    """Numeric codes with value labels only at some codes (the ends, or the ends and the
    middle): every code is a category in code order, and the order is said."""
    import pyreadstat
    top = int(pick(rng, (4, 5, 7)))
    ends = pick(rng, (("never", "always"), ("not at all", "extremely"), ("poor", "excellent")))
    labels = {1: ends[0], top: ends[1]}
    if top == 7 and rng.random() < 0.5:
        labels[4] = "neutral"
    codes = tuple(str(c) for c in range(1, top + 1))
    p = make_panel(rng, labels=codes, raters=["rater1", "rater2", "rater3"][:int(rng.integers(2, 4))],
                   subjects=[str(i + 1) for i in range(int(rng.integers(8, 15)))], missing=0.0)
    df = pd.DataFrame({"id": [float(s) for s in p.subjects]}
                      | {r: [float(row[j]) for row in p.grid] for j, r in enumerate(p.raters)})
    stata = rng.random() < 0.4
    path = folder / f"{name}.{'dta' if stata else 'sav'}"
    value_labels = dict.fromkeys(p.raters, labels)
    if stata:
        pyreadstat.write_dta(df, path, variable_value_labels=value_labels)
    else:
        pyreadstat.write_sav(df, path, variable_value_labels=value_labels)
    cats = tuple(sorted({int(c) for c in p.used()} | set(labels)))
    return Case(name, "partly-labelled", path, p.truth(
        categories=tuple(str(c) for c in cats), ordered=True,
        labels={str(c): v for c, v in labels.items()}, rules=("scale-order",)))


# ------------------------------------------------------------- one of either
def single_subject(rng, folder, name) -> Case:
    """One subject rated by several raters (one part of a study): read, with a warning."""
    p = make_panel(rng, subjects=[pick(rng, ("s1", "P001", "Case 7", "patient"))], n_rat=(3, 6),
                   missing=0.0)
    rows = p.long_rows(rng=rng)
    path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, (",", ";"))))
    return Case(name, "too-few", path, p.truth(rules=("too-few",)))


def single_rater(rng, folder, name) -> Case:
    """Every rating by one named rater (long form): read, with a warning."""
    p = make_panel(rng, raters=[pick(rng, ("Anna", "R1", "coder2"))], n_subj=(6, 12), missing=0.0)
    rows = p.long_rows(names=pick(rng, (("subject", "rater", "rating"), ("id", "coder", "code"))),
                       rng=rng)
    path = write_text(folder / f"{name}.csv", text_table(rows, ","))
    return Case(name, "too-few", path, p.truth(rules=("too-few",)))


# ------------------------------------------------------------------ items
def item_own_categories(rng, folder, name) -> Case:
    """Items sharing a scale, the chosen one using only part of it: its table lists only its
    own categories, and the note says the shared scale remains."""
    labels = pick(rng, (("1", "2", "3", "4", "5"), ("0", "1", "2", "3"),
                        ("none", "mild", "moderate", "severe")))
    p = make_panel(rng, labels=labels, n_rat=(2, 4), missing=0.0, n_subj=(6, 10))
    n_items = int(rng.integers(2, 4))
    items = [f"Q{k + 1}" for k in range(n_items)]
    part = tuple(labels[k] for k in sorted(rng.choice(len(labels), size=2, replace=False)))
    truth, rows = [], [["subject", "rater", "item", "rating"]]
    for k, it in enumerate(items):
        q = make_panel(rng, subjects=p.subjects, raters=p.raters, missing=0.0,
                       labels=part if k == n_items - 1 else labels)
        if k == 0:                        # the other items use the whole scale
            q.grid[0] = [labels[j % len(labels)] for j in range(len(q.raters))]
            q.grid[1 % len(q.grid)] = [labels[(j + len(q.raters)) % len(labels)]
                                       for j in range(len(q.raters))]
            while len(set(q.used())) < len(labels):
                i = int(rng.integers(len(q.grid)))
                q.grid[i][int(rng.integers(len(q.raters)))] = \
                    labels[[c for c in range(len(labels)) if labels[c] not in q.used()][0]]
        for s, row in zip(q.subjects, q.grid):
            for r, v in zip(q.raters, row):
                rows.append([s, r, it, v])
                truth.append((s, r, it, v))
    per_item = len(p.subjects) * len(p.raters)    # rows shuffled within each item's block
    order = [rows[0]] + [rows[1 + b + i] for b in range(0, len(rows) - 1, per_item)
                         for i in rng.permutation(per_item)]
    path = write_text(folder / f"{name}.csv", text_table(order, pick(rng, (",", ";"))))
    last = tuple(dict.fromkeys(v for s, r, it, v in truth if it == items[-1]))
    numeric = labels[0].isdigit()
    return Case(name, "item-categories", path, Truth(
        tuple(truth), tuple(p.subjects), tuple(p.raters),
        tuple(sorted(last, key=float)) if numeric else last, ordered=numeric, items=True,
        rules=("items",), options={"item": items[-1]}))


KINDS = [(duplicate_names, 10), (hidden_old_sheet, 8), (hidden_only_table, 4),
         (hidden_rows_columns, 8), (partly_labelled, 8), (single_subject, 4), (single_rater, 4),
         (item_own_categories, 8)]
