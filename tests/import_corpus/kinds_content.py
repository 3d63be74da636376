"""Corpus kinds for issue 27, rules 2-4: a file is known by its bytes, missing is missing
wherever it comes from, and one label is one category however it is spelled.

Made from the rules, not from the issue's examples: any format that is not a table is named
in the refusal whatever the file is called, a format TapDesk reads is read under any name;
any cell spelling a spreadsheet error, a missing word or a labelled missing code is a missing
rating (and said); spellings of one label that differ only in Unicode form, spaces or the
space before '%' are one category (and said).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import replace

import numpy as np
import pandas as pd

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import NUMERIC_SETS, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_ods, write_text, write_xlsx

ANY_NAME = (".csv", ".txt", ".dat", ".tsv", "")


def _without(p, lost: set) -> Truth:
    """The panel's truth with the cells in ``lost`` (subject, rater) missing."""
    t = p.truth()
    ratings = tuple(r for r in t.ratings if (r[0], r[1]) not in lost)
    return replace(t, ratings=ratings, raters=tuple(dict.fromkeys(r for _, r, _ in ratings)),
                   categories=tuple(dict.fromkeys(v for _, _, v in ratings)))


def _spoil(rng, p, values, share=0.12) -> set:
    """Put one of ``values`` into about ``share`` of the cells (at least two); which cells."""
    cells = [(i, j) for i in range(len(p.grid)) for j in range(len(p.raters))]
    lost = set()
    for k in rng.choice(len(cells), size=max(2, int(share * len(cells))), replace=False):
        i, j = cells[int(k)]
        p.grid[i][j] = str(pick(rng, values))
        lost.add((p.subjects[i], p.raters[j]))
    return lost


# ------------------------------------------------------------ rule 2: the bytes decide
def not_a_table(rng, folder, name) -> Case:
    """A format that holds no table TapDesk reads, under a table's name: refused naming it."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS))
    records = [{"subject": s} | dict(zip(p.raters, row)) for s, row in zip(p.subjects, p.grid)]
    roll = int(rng.integers(7))
    if roll == 0:
        data, word = json.dumps(records, indent=int(rng.integers(0, 3)) or None).encode(), "JSON"
    elif roll == 1:
        data, word = "\n".join(json.dumps(r) for r in records).encode() + b"\n", "JSON Lines"
    elif roll == 2:
        data, word = json.dumps({"ratings": records}).encode(), "JSON"
    elif roll == 3:
        data, word = b"PAR1" + bytes(rng.integers(0, 256, 200, dtype=np.uint8)) + b"PAR1", "Parquet"
    elif roll == 4:
        data, word = b"ARROW1\x00\x00" + bytes(rng.integers(0, 256, 200, dtype=np.uint8)), "Feather"
    elif roll == 5:
        data, word = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "PDF"
    else:
        data = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")[
            int(rng.integers(2))]
        word = "image"
    path = folder / f"{name}{pick(rng, ANY_NAME)}"
    path.write_bytes(data)
    return Case(name, "not-a-table", path, Truth(refuse=(word,)))


def office_not_a_sheet(rng, folder, name) -> Case:
    """A ZIP-based document that is not a spreadsheet (Word, plain ZIP) named as a table."""
    import zipfile
    path = folder / f"{name}{pick(rng, ('.xlsx', '.csv', '.ods'))}"
    roll = int(rng.integers(2))
    with zipfile.ZipFile(path, "w") as z:
        if roll == 0:
            z.writestr("[Content_Types].xml", "<Types/>")
            z.writestr("word/document.xml", "<w:document/>")
        else:
            z.writestr("ratings/readme.txt", "the table is inside")
    return Case(name, "not-a-table", path, Truth(refuse=(("Word", "ZIP")[roll],)))


def renamed_readable(rng, folder, name) -> Case:
    """A spreadsheet, SPSS or Stata file under another name: read by its bytes, and said."""
    import pyreadstat
    roll = int(rng.integers(4))
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0,
                   subjects=[str(i + 1) for i in range(int(rng.integers(5, 10)))],
                   raters=["r1", "r2", "r3"])
    path = folder / f"{name}{pick(rng, ('.csv', '.txt', '.dat'))}"
    if roll < 2:
        df = pd.DataFrame({"id": [float(s) for s in p.subjects]} |
                          {r: [float(row[j]) for row in p.grid] for j, r in enumerate(p.raters)})
        tmp = folder / f"{name}.tmp"
        (pyreadstat.write_sav if roll == 0 else pyreadstat.write_dta)(df, tmp)
        tmp.replace(path)
    elif roll == 2:
        write_xlsx(path, [("Ratings", p.rows(numeric=True))])
    else:
        write_ods(path, p.rows(numeric=True))
    return Case(name, "renamed", path, p.truth(rules=("text-format",)))


# --------------------------------------------------- rule 3: missing wherever it comes from
ERRORS = ("#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#N/A", "#NV", "#WERT!", "#BEZUG!", "#ZAHL!",
          "#VALEUR!", "#NOM?", "#¡VALOR!", "#N/D", "#VALORE!", "#WAARDE!", "#ЗНАЧ!", "#SPILL!")
WORDS = ("missing", "Missing", "NULL", "null", "None", "?", "??", "n/a", "NA", "--", "n.b.",
         "k.A.", "fehlend", "manquant")


def error_values_text(rng, folder, name) -> Case:
    """Spreadsheet error values of any language in a CSV: missing ratings, one note."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0, n_subj=(8, 14))
    lost = _spoil(rng, p, pick(rng, (ERRORS, ERRORS[4:9], ERRORS[9:])))
    path = write_text(folder / f"{name}.csv", text_table(p.rows(), pick(rng, (",", ";", "\t"))))
    return Case(name, "missing", path, replace(_without(p, lost), rules=("not-a-rating",)))


def error_cells_sheet(rng, folder, name) -> Case:
    """Error cells of a spreadsheet (a formula that failed): missing ratings, with the note a
    CSV gets."""
    import zipfile
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0, n_subj=(6, 10))
    i, j = int(rng.integers(len(p.subjects))), int(rng.integers(len(p.raters)))
    error = str(pick(rng, ("#DIV/0!", "#N/A", "#VALUE!", "#REF!")))
    lost = {(p.subjects[i], p.raters[j])}
    rows = p.rows(numeric=True)
    marker = 987654
    rows[i + 1][j + 1] = marker
    ods = rng.random() < 0.5
    path = folder / f"{name}.{'ods' if ods else 'xlsx'}"
    (write_ods(path, rows) if ods else write_xlsx(path, [("Sheet1", rows)]))
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    if ods:
        old = (f'<table:table-cell office:value-type="float" office:value="{marker!r}">'
               f"<text:p>{marker:g}</text:p></table:table-cell>").encode()
        new = ('<table:table-cell table:formula="of:=1/0" office:value-type="string" '
               'office:string-value="" calcext:value-type="error">'
               f"<text:p>{error}</text:p></table:table-cell>").encode()
        xml = parts["content.xml"].replace(old, new).replace(
            b"xmlns:of=", b'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:'
            b'xmlns:calcext:1.0" xmlns:of=')
        parts["content.xml"] = xml
    else:
        key = "xl/worksheets/sheet1.xml"
        ref = f"{chr(66 + j)}{i + 2}"
        parts[key] = parts[key].replace(f'<c r="{ref}"><v>{marker}</v></c>'.encode(),
                                        f'<c r="{ref}" t="e"><f>A1/0</f><v>{error}</v></c>'
                                        .encode())
    with zipfile.ZipFile(path, "w") as z:
        for n, d in parts.items():
            z.writestr(n, d)
    return Case(name, "missing", path, replace(_without(p, lost), rules=("not-a-rating",)))


def missing_words(rng, folder, name) -> Case:
    """Words that name a missing value, among numbers or words: missing ratings, one note."""
    labels = pick(rng, NUMERIC_SETS + (("no", "yes"), ("low", "medium", "high")))
    p = make_panel(rng, labels=labels, missing=0.0, n_subj=(8, 14))
    words = [w for w in WORDS if not (w == "None" and not labels[0].isdigit())]
    lost = _spoil(rng, p, words, share=float(pick(rng, (0.05, 0.12, 0.3))))
    path = write_text(folder / f"{name}.csv", text_table(p.rows(), pick(rng, (",", ";"))))
    return Case(name, "missing", path, replace(_without(p, lost), rules=("not-a-rating",),
                                                quiet=("missing-code-suspect",)))


def none_is_a_category(rng, folder, name) -> Case:
    """'none' or 'nil' at the bottom of a worded scale is a category, never a missing word."""
    low = str(pick(rng, ("none", "None", "nil")))
    p = make_panel(rng, labels=(low, "mild", "moderate", "severe"), missing=0.0)
    path = write_text(folder / f"{name}.csv", text_table(p.rows(), ","))
    return Case(name, "missing", path, p.truth(quiet=("missing-code-suspect",)))


def stat_missing(rng, folder, name) -> Case:
    """SPSS string user-missing values, and SPSS/Stata codes labelled as missing."""
    import pyreadstat
    roll = int(rng.integers(3))
    p = make_panel(rng, labels=("1", "2", "3"), missing=0.0, raters=["rater1", "rater2"],
                   subjects=[str(i + 1) for i in range(int(rng.integers(6, 11)))])
    if roll == 0:                  # SPSS string ratings with a declared string missing value
        code = str(pick(rng, ("n.b.", "k.A.", "NR", "x")))
        letters = {"1": "a", "2": "b", "3": "c"}
        lost = _spoil(rng, p, (code,), share=0.15)
        df = pd.DataFrame({"id": [float(s) for s in p.subjects]} |
                          {r: [letters.get(row[j], row[j]) for row in p.grid]
                           for j, r in enumerate(p.raters)})
        path = folder / f"{name}.sav"
        pyreadstat.write_sav(df, path, missing_ranges={r: [code] for r in p.raters})
        t = _without(p, lost)
        t = replace(t, ratings=tuple((s, r, letters[v]) for s, r, v in t.ratings),
                    categories=tuple(letters[c] for c in t.categories))
        return Case(name, "stat-missing", path, replace(t, rules=("value-labels",)))
    code = float(pick(rng, (-9, 9, 99, -1, 0)))
    label = str(pick(rng, ("missing", "Missing", "missing value", "Missing: not rated", "n/a")))
    lost = _spoil(rng, p, (str(int(code)),), share=0.15)
    df = pd.DataFrame({"id": [int(s) for s in p.subjects]} |
                      {r: [float(row[j]) for row in p.grid] for j, r in enumerate(p.raters)})
    labels = {1.0: "low", 2.0: "medium", 3.0: "high", code: label}
    path = folder / f"{name}.{'dta' if roll == 1 else 'sav'}"
    write = pyreadstat.write_dta if roll == 1 else pyreadstat.write_sav
    write(df, path, variable_value_labels=dict.fromkeys(p.raters, labels))
    t = _without(p, lost)
    return Case(name, "stat-missing", path, replace(
        t, categories=("1", "2", "3"), ordered=True, rules=("value-labels",),
        labels={"1": "low", "2": "medium", "3": "high"}))


# ----------------------------------------------------- rule 4: one label, one category
def _respell(rng, label: str) -> str:
    """Another spelling of the same label: decomposed accents, no-break or doubled spaces,
    a space before '%'."""
    if label.endswith("%"):
        return label[:-1] + pick(rng, (" %", "\u00a0%", "\u202f%"))
    if " " in label:
        return label.replace(" ", str(pick(rng, ("\u00a0", "  ", " \u00a0", "\t"))), 1)
    return unicodedata.normalize("NFD", label)


LOOK_ALIKE_SETS = (("très bien", "bien", "passable"), ("Élevé", "Moyen", "Faible"),
                   ("sehr gut", "gut", "schlecht"), ("0%", "50%", "100%"),
                   ("25%", "50%", "75%", "100%"), ("não", "sim"), ("größer", "gleich", "kleiner"))


def look_alike_labels(rng, folder, name) -> Case:
    """Spellings of one label that differ only in Unicode form or spaces: one category."""
    labels = pick(rng, LOOK_ALIKE_SETS)
    labels = tuple(unicodedata.normalize("NFC", lab) for lab in labels)
    p = make_panel(rng, labels=labels, missing=0.0, n_subj=(8, 14))
    changes = {lab for lab in labels if _respell(rng, lab) != lab}
    if not any(v in changes for row in p.grid for v in row):
        p.grid[0][0] = sorted(changes)[0]
    written = [[_respell(rng, v) if v in changes and rng.random() < 0.4 else v for v in row]
               for row in p.grid]
    if written == p.grid:                # at least one cell spelled otherwise
        i, j = next((i, j) for i, row in enumerate(p.grid) for j, v in enumerate(row)
                    if v in changes)
        written[i][j] = _respell(rng, p.grid[i][j])
    rows = [["subject"] + p.raters] + [[s] + r for s, r in zip(p.subjects, written)]
    if rng.random() < 0.5:
        path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, (",", ";"))))
    else:
        path = write_xlsx(folder / f"{name}.xlsx", [("Sheet1", rows)])
    return Case(name, "look-alike", path, p.truth(rules=("look-alike-labels",)))


def spaced_quotes(rng, folder, name) -> Case:
    """Fields quoted after the delimiter and a space: the quotes are quoting, not the value."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + (("no", "yes"),)), missing=0.0)
    delim = str(pick(rng, (",", ";")))
    lines = [f"{delim} ".join(f'"{c}"' for c in row) for row in p.rows()]
    path = write_text(folder / f"{name}.csv", "\n".join(lines) + "\n")
    return Case(name, "spaced-quotes", path, p.truth(rules=("text-format",)))


KINDS = [(not_a_table, 14), (office_not_a_sheet, 4), (renamed_readable, 8),
         (error_values_text, 8), (error_cells_sheet, 6), (missing_words, 10),
         (none_is_a_category, 4), (stat_missing, 9), (look_alike_labels, 10), (spaced_quotes, 6)]
