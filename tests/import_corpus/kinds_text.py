"""Corpus kinds written as delimited text: plain tables, and the ways real files stray from them.

Every kind is ``kind(rng, folder, name) -> Case``: it writes one file and returns its truth.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from tests.import_corpus.panel import NUMERIC_SETS, TEXT_SETS, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text

DELIMS = (",", ";", "\t", "|")
HEADER_WORDS = (("subject", "rater", "rating"), ("item", "judge", "score"),
                ("case", "coder", "code"), ("patient", "clinician", "diagnosis"),
                ("Proband", "Bewerter", "Urteil"), ("Fall", "Beurteiler", "Bewertung"),
                ("sujet", "évaluateur", "note"), ("sujeto", "evaluador", "puntuación"),
                ("caso", "juez", "calificación"), ("soggetto", "valutatore", "punteggio"),
                ("essay", "grader", "grade"), ("Participant", "Annotator", "Label"),
                ("image", "reader", "Category"), ("Versuchsperson", "Gutachter", "Kategorie"),
                ("subject", "name", "value"), ("id", "variable", "value"))     # tidyr, reshape2


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def _csv(folder: Path, name: str, rows, delim=",", **kw) -> Path:
    return write_text(folder / f"{name}.csv", text_table(rows, delim, **kw))


# ------------------------------------------------------------ plain tables
def wide_plain(rng, folder, name) -> Case:
    p = make_panel(rng)
    ids = bool(rng.random() < 0.75)
    delim = pick(rng, DELIMS)
    na = pick(rng, (None, "NA", "."))
    rows = p.rows(ids=ids, id_header=pick(rng, ("subject", "id", "ID", "Subject ID", "case")), na=na)
    path = _csv(folder, name, rows, delim, eol=pick(rng, ("\n", "\r\n")))
    return Case(name, "wide", path, p.truth() if ids else p.unnamed_truth())


def long_words(rng, folder, name) -> Case:
    """Long files headed with subject/rater/rating words in several languages."""
    p = make_panel(rng)
    words = pick(rng, HEADER_WORDS)
    delim = pick(rng, (",", ";", "\t"))
    rows = p.long_rows(words, na=pick(rng, (None, "NA")), rng=rng)
    path = write_text(folder / f"{name}.csv", text_table(rows, delim),
                      encoding=pick(rng, ("utf-8", "utf-8-sig")))
    return Case(name, "header-words", path, p.truth())


def long_items(rng, folder, name) -> Case:
    """A questionnaire-item column whose values repeat across subjects: items, not subjects."""
    p = make_panel(rng, n_subj=(4, 8))
    items = [f"Q{k + 1}" for k in range(int(rng.integers(2, 4)))]
    words = pick(rng, (("subject", "rater", "question", "score"), ("case", "judge", "item", "score"),
                       ("Patient", "Clinician", "Domain", "Rating")))
    rows, truth = [list(words)], []
    for it in items:
        q = make_panel(rng, subjects=p.subjects, raters=p.raters, labels=p.labels)
        for s, row in zip(q.subjects, q.grid):
            for r, v in zip(q.raters, row):
                rows.append([s, r, it, v])
                if v is not None:
                    truth.append((s, r, it, v))
    used = tuple(dict.fromkeys(t[3] for t in truth))
    raters = tuple(dict.fromkeys(t[1] for t in truth))
    path = _csv(folder, name, rows, pick(rng, (",", ";")))
    return Case(name, "items", path, Truth(tuple(truth), tuple(p.subjects), raters, used,
                                           items=True))


def item_is_subject(rng, folder, name) -> Case:
    """'Item' heads the subject column when there is one row per item."""
    p = make_panel(rng, subjects=[f"{pick(rng, ('Q', 'item '))}{i + 1}" for i in range(8)])
    if rng.random() < 0.5:
        rows = p.rows(id_header=pick(rng, ("Item", "item", "Items")))
        path = _csv(folder, name, rows, pick(rng, (",", ";")))
    else:
        path = _csv(folder, name, p.long_rows(("item", pick(rng, ("judge", "rater", "coder")),
                                               "score"), rng=rng))
    return Case(name, "header-words", path, p.truth())


# ----------------------------------------------------------- lines above
def sep_line(rng, folder, name) -> Case:
    """Excel's 'sep=;' first line."""
    p = make_panel(rng)
    delim = pick(rng, (";", ",", "\t"))
    shown = {"\t": "\t"}.get(delim, delim)
    first = pick(rng, (f"sep={shown}", f'"sep={shown}"'))
    body = text_table(p.rows(), delim, eol="\r\n")
    path = write_text(folder / f"{name}.csv", first + "\r\n" + body)
    return Case(name, "title-lines", path, p.truth(rules=("title-lines",)))


def comment_lines(rng, folder, name) -> Case:
    p = make_panel(rng)
    delim = pick(rng, (",", ";"))
    lines = ["# Exported by RaterApp 2.1, 2024-03-05", "# site: Berlin, Charité; coder set A"]
    body = text_table(p.rows() if rng.random() < 0.5 else p.long_rows(rng=rng), delim)
    path = write_text(folder / f"{name}.csv", "\n".join(lines[:int(rng.integers(1, 3))]) + "\n" + body)
    return Case(name, "title-lines", path, p.truth(rules=("title-lines",)))


def title_lines(rng, folder, name) -> Case:
    """Title lines, padded with delimiters as spreadsheets save them, and a blank line."""
    p = make_panel(rng, n_rat=(3, 5))
    delim = pick(rng, (",", ";", "\t"))
    width = len(p.raters) + 1
    pad = delim * (width - 1) if rng.random() < 0.6 else ""
    titles = [f"Inter-rater study 2023{pad}", f"Exported 2024-01-05 by J. Doe{pad}"]
    n_titles = int(rng.integers(1, 3))
    blank = pad if rng.random() < 0.5 else ""
    text = "\n".join(titles[:n_titles] + [blank]) + "\n" + text_table(p.rows(), delim)
    path = write_text(folder / f"{name}.csv", text)
    return Case(name, "title-lines", path, p.truth(rules=("title-lines",)))


# ------------------------------------------------------------------ ragged
def ragged(rng, folder, name) -> Case:
    """Some lines carry trailing empty fields; some drop trailing empty ones."""
    p = make_panel(rng, missing=0.15, n_rat=(3, 5))
    delim = pick(rng, (",", ";"))
    lines = text_table(p.rows(), delim).splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        roll = rng.random()
        if roll < 0.3:
            line += delim * int(rng.integers(1, 3))
        elif roll < 0.6:
            line = line.rstrip(delim)
        out.append(line)
    path = write_text(folder / f"{name}.csv", "\n".join(out) + "\n")
    return Case(name, "ragged-rows", path, p.truth())


def ragged_with_content(rng, folder, name) -> Case:
    """A data row with more filled fields than the header names: refused with its row."""
    p = make_panel(rng, missing=0.0)
    lines = text_table(p.rows(), ",").splitlines()
    k = int(rng.integers(2, len(lines)))
    lines[k] += ",4,5"
    path = write_text(folder / f"{name}.csv", "\n".join(lines) + "\n")
    return Case(name, "ragged-rows", path, Truth(refuse=(f"row {k + 1}",)))


def mixed_delimiters(rng, folder, name) -> Case:
    """A few rows pasted with another delimiter: refused with the row number."""
    p = make_panel(rng, missing=0.0, n_subj=(8, 14))
    delim, other = pick(rng, ((";", ","), (",", ";"), ("\t", ","), (",", "\t")))
    lines = text_table(p.rows(), delim).splitlines()
    k = int(rng.integers(2, len(lines)))
    lines[k] = lines[k].replace(delim, other)
    path = write_text(folder / f"{name}.csv", "\n".join(lines) + "\n")
    return Case(name, "mixed-delimiters", path, Truth(refuse=(f"row {k + 1}",)))


def unclosed_quote(rng, folder, name) -> Case:
    p = make_panel(rng, missing=0.0, labels=("no", "yes"))
    lines = text_table(p.rows(), ",").splitlines()
    k = int(rng.integers(2, len(lines)))
    lines[k] = lines[k].replace(",", ',"', 1)
    path = write_text(folder / f"{name}.csv", "\n".join(lines) + "\n")
    return Case(name, "quotes", path, Truth(refuse=(f"row {k + 1}", "quote")))


# ------------------------------------------------------------------ footers
FOOTER_WORDS = ("Total", "Sum", "Mean", "SD", "N", "Gesamt", "Summe", "Mittelwert", "Moyenne",
                "Somme", "Media", "Suma", "Promedio", "Average", "Std. Dev.", "Median", "Count")


def _aggregate(word: str, values: list[float]) -> str:
    v = np.array(values, dtype=float)
    if not len(v):
        return ""
    if word in ("Total", "Sum", "Gesamt", "Summe", "Somme", "Suma"):
        return f"{v.sum():g}"
    if word in ("N", "Count"):
        return str(len(v))
    if word in ("SD", "Std. Dev."):
        return f"{v.std(ddof=1):.2f}" if len(v) > 1 else ""
    if word == "Median":
        return f"{np.median(v):.1f}"
    return f"{v.mean():.2f}"


def footer_rows(rng, folder, name) -> Case:
    """Totals/means/notes below the data; the block is left out with a note."""
    labels = pick(rng, NUMERIC_SETS)
    p = make_panel(rng, labels=labels, n_subj=(6, 14))
    ids = bool(rng.random() < 0.75)
    delim = pick(rng, (",", ";", "\t"))
    rows = p.rows(ids=ids)
    words = list(rng.choice(FOOTER_WORDS, size=int(rng.integers(1, 4)), replace=False))
    if "N" in words or "Count" in words:       # an N row alone could be a rater's ratings
        words.insert(0, "Mean")
    blank = [[None] * len(rows[0])] if rng.random() < 0.5 else []
    footer = []
    for w in words:
        cols = [[float(v) for v in col if v is not None] for col in zip(*p.grid)]
        cells = [_aggregate(w, c) for c in cols]
        footer.append(([w] + cells) if ids else ([w] + cells[1:]))
    if rng.random() < 0.5:
        footer.append([pick(rng, ("Note: ratings from the 2022 panel; 9 = not seen",
                                  "Source: clinic records", "* one rater was replaced"))]
                      + [None] * (len(rows[0]) - 1))
    path = _csv(folder, name, rows + blank + footer, delim)
    truth = p.truth() if ids else p.unnamed_truth()
    return Case(name, "footer-rows", path, replace(truth, rules=("footer-rows",)))


def footer_long(rng, folder, name) -> Case:
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0)
    rows = p.long_rows(rng=rng)
    rows.append(["Total", None, str(sum(int(v) for _, _, v in p.triples()))])
    rows.append(["Note: each case was rated twice, blind to the other rating", None, None])
    path = _csv(folder, name, rows, pick(rng, (",", ";")))
    return Case(name, "footer-rows", path, p.truth(rules=("footer-rows",)))


def footer_near_miss(rng, folder, name) -> Case:
    """Words that look like footers but are real subjects or raters: kept."""
    roll = int(rng.integers(4))
    if roll == 3:             # the last subject, 'Max' or 'N', holds the only top rating
        p = make_panel(rng, labels=("1", "2", "3", "4"), missing=0.0, n_subj=(6, 9))
        p.grid = [[v if v != "4" else "3" for v in row] for row in p.grid]
        p.subjects[-1] = pick(rng, ("Max", "N", "Total"))
        p.grid[-1][0] = "4"
        path = _csv(folder, name, p.rows(), ",")
        return Case(name, "footer-near-miss", path, p.truth(quiet=("footer-rows",)))
    if roll == 0:             # a subject called 'Total' in the middle of the data
        p = make_panel(rng, n_subj=(6, 10))
        p.subjects[len(p.subjects) // 2] = pick(rng, ("Total", "Mean", "N", "Sum"))
        path = _csv(folder, name, p.rows(), ",")
        return Case(name, "footer-near-miss", path, p.truth(quiet=("footer-rows",)))
    if roll == 1:             # one row per rater, the last rater called 'N'
        p = make_panel(rng, raters=["J", "K", "L", "M", "N"], missing=0.0, n_subj=(5, 9))
        rows = [["rater"] + p.subjects] + [[r] + [row[j] for row in p.grid]
                                           for j, r in enumerate(p.raters)]
        path = _csv(folder, name, rows, ",")
        return Case(name, "footer-near-miss", path, p.truth(quiet=("footer-rows",)))
    # a subject called 'N' or 'Total' in the last row, with ordinary ratings
    p = make_panel(rng, n_subj=(6, 10), missing=0.0)
    p.subjects[-1] = pick(rng, ("N", "Total", "Mean"))
    path = _csv(folder, name, p.rows(), pick(rng, (",", ";")))
    return Case(name, "footer-near-miss", path, p.truth(quiet=("footer-rows",)))


# ------------------------------------------------------- calculated columns
def calculated_columns(rng, folder, name) -> Case:
    labels = pick(rng, NUMERIC_SETS[:2] + NUMERIC_SETS[3:])
    p = make_panel(rng, labels=labels, n_rat=(3, 5), missing=0.0)
    rows = p.rows()
    kinds = list(rng.choice(["Mean", "Total", "Average", "SD", "Sum", "Mittelwert", "overall"],
                            size=int(rng.integers(1, 3)), replace=False))
    for k in kinds:
        rows[0].append(k)
        for i, row in enumerate(p.grid, start=1):
            v = np.array([float(x) for x in row])
            value = {"Total": v.sum(), "Sum": v.sum(), "SD": v.std(ddof=1)}.get(k, v.mean())
            rows[i].append(f"{value:.2f}".rstrip("0").rstrip(".") if k != "SD" else f"{value:.3f}")
    path = _csv(folder, name, rows, pick(rng, (",", ";", "\t")))
    return Case(name, "calculated-columns", path, p.truth(rules=("calculated-columns",)))


def comment_columns(rng, folder, name) -> Case:
    """A free-text column (by name, or only by its sentences) beside raters of numbers."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_rat=(2, 4))
    rows = p.rows()
    header = pick(rng, ("Comments", "Notes", "Bemerkung", "remarks", "reviewer feedback"))
    rows[0].append(header)
    phrases = ("check again", "rater 2 unsure", "image blurred, re-rated", "ok",
               "discussed at the panel meeting", "")
    for row in rows[1:]:
        row.append(pick(rng, phrases))
    rows[1][-1], rows[2][-1] = "check again", "seen twice by rater 1"
    path = _csv(folder, name, rows, pick(rng, (",", ";", "\t")))
    return Case(name, "comment-columns", path, p.truth(rules=("comment-columns",)))


# ---------------------------------------------------------- repeated header
def repeated_header(rng, folder, name) -> Case:
    """Two exports pasted together: the second header is left out."""
    p = make_panel(rng, n_subj=(8, 14))
    long = rng.random() < 0.4
    rows = p.long_rows(rng=rng) if long else p.rows()
    cut = int(rng.integers(3, len(rows) - 1))
    extra = []
    if rng.random() < 0.4:
        extra = [["Export 2" ] + [None] * (len(rows[0]) - 1)]
    rows = rows[:cut] + extra + [list(rows[0])] + rows[cut:]
    path = _csv(folder, name, rows, pick(rng, (",", ";")))
    return Case(name, "repeated-header", path, p.truth(rules=("repeated-header",)))


def repeated_header_other_columns(rng, folder, name) -> Case:
    """The second pasted table has other columns: refused, never read half-right."""
    p = make_panel(rng, n_subj=(8, 12), n_rat=(3, 4), missing=0.0)
    rows = p.rows()
    cut = int(rng.integers(3, len(rows) - 1))
    other = [rows[0][0]] + list(reversed(rows[0][1:]))
    rows = rows[:cut] + [other] + rows[cut:]
    path = _csv(folder, name, rows, ",")
    return Case(name, "repeated-header", path, Truth(refuse=(f"row {cut + 1}",)))


# ------------------------------------------------------------- values
SUSPECT_CODES = ("999", "99", "-9", "NULL", "None", "?", "missing", "-999", "9999")


def missing_codes(rng, folder, name) -> Case:
    """A missing-value code used in many cells: a number is read as written, with a warning
    offering it; a word ('NULL', 'missing', '?') is a missing rating, with a note."""
    code = pick(rng, SUSPECT_CODES)
    numeric_only = code.lstrip("-").isdigit() or code == "None"
    labels = pick(rng, NUMERIC_SETS if numeric_only else TEXT_SETS + NUMERIC_SETS)
    p = make_panel(rng, labels=labels, missing=0.0, n_subj=(8, 14))
    cells = [(i, j) for i in range(len(p.grid)) for j in range(len(p.raters))]
    n = max(2, int(0.12 * len(cells)))
    for k in rng.choice(len(cells), size=n, replace=False):
        i, j = cells[int(k)]
        p.grid[i][j] = code
    path = _csv(folder, name, p.rows(), pick(rng, (",", ";")))
    if not code.lstrip("-").isdigit():
        p.grid = [[None if v == code else v for v in row] for row in p.grid]
        return Case(name, "missing-codes", path, p.truth(rules=("not-a-rating",)))
    return Case(name, "missing-codes", path,
                p.truth(rules=("missing-code-suspect",), suggested_missing=code))


def missing_code_near_miss(rng, folder, name) -> Case:
    """'none' on a severity scale, '9' on a 1-9 scale, '99' among scores up to 99: categories,
    and no warning about missing codes."""
    roll = int(rng.integers(3))
    if roll == 0:
        p = make_panel(rng, labels=("none", "mild", "moderate", "severe"), missing=0.0)
    elif roll == 1:
        p = make_panel(rng, labels=tuple(str(k) for k in range(1, 10)), missing=0.0, n_subj=(10, 14))
    else:
        p = make_panel(rng, labels=("96", "97", "98", "99"), missing=0.0)
    path = _csv(folder, name, p.rows(), ",")
    return Case(name, "missing-codes", path, p.truth(quiet=("missing-code-suspect",)))


def plus_minus(rng, folder, name) -> Case:
    """'+' and '-' as the only values are categories; '-' beside other labels is missing."""
    if rng.random() < 0.6:
        p = make_panel(rng, labels=("+", "-"))
        path = _csv(folder, name, p.rows() if rng.random() < 0.5 else p.long_rows(rng=rng), ",")
        return Case(name, "plus-minus", path, p.truth())
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0)
    truth = p.truth()
    for i in range(0, len(p.grid), 3):
        p.grid[i][0] = "-"
    kept = p.truth()
    path = _csv(folder, name, p.rows(), ",")
    want = tuple(t for t in kept.ratings if t[2] != "-")
    return Case(name, "plus-minus", path, replace(truth, ratings=want,
                                                 raters=tuple(dict.fromkeys(r for _, r, _ in want)),
                                                 categories=tuple({t[2] for t in want})))


def never_categories(rng, folder, name) -> Case:
    """inf, nan, #DIV/0! and the like are never categories."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0, n_subj=(6, 10))
    want = p.truth()
    bad = pick(rng, ("inf", "-inf", "nan", "NaN", "Infinity", "#DIV/0!", "#VALUE!", "#N/A"))
    hit = set()
    for k in range(2):
        i, j = k * 2 + 1, k % len(p.raters)
        p.grid[i][j], hit = bad, hit | {(p.subjects[i], p.raters[j])}
    path = _csv(folder, name, p.rows(), ",")
    ratings = tuple(t for t in want.ratings if (t[0], t[1]) not in hit)
    return Case(name, "never-categories", path,
                replace(want, ratings=ratings, raters=tuple(dict.fromkeys(r for _, r, _ in ratings)),
                        categories=tuple({t[2] for t in ratings})))


def mixed_text_numbers(rng, folder, name) -> Case:
    """A rating column mixing text labels with numbers: refused, naming the column."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), missing=0.0)
    words = pick(rng, (("item", "judge", "score"), ("subject", "rater", "rating"),
                       ("case", "coder", "code")))
    rows = p.long_rows(words, rng=rng)
    for k in range(1, len(rows), 4):
        rows[k][2] = pick(rng, ("good", "see notes", "unclear"))
    path = _csv(folder, name, rows, ",")
    return Case(name, "mixed-values", path, Truth(refuse=(f"'{words[2]}'",)))


# ------------------------------------------------------------- ids
def id_near_miss(rng, folder, name) -> Case:
    """Id columns that are easy to mistake for raters, and raters easy to drop."""
    roll = int(rng.integers(4))
    if roll == 0:             # a running number 1..N is the only id
        p = make_panel(rng, subjects=[str(i + 1) for i in range(int(rng.integers(4, 9)))],
                       labels=pick(rng, NUMERIC_SETS))
        rows = p.rows(id_header=pick(rng, ("Nr", "No.", "#", "x", "Nummer", "ID")))
    elif roll == 1:           # few subjects with text ids
        p = make_panel(rng, n_subj=(3, 5), labels=pick(rng, NUMERIC_SETS), subject_style="s")
        rows = p.rows(id_header=pick(rng, ("", "case", "Subject")))
    elif roll == 2:           # a rater really called N
        p = make_panel(rng, raters=["K", "L", "N"], labels=pick(rng, NUMERIC_SETS))
        rows = p.rows()
    else:                     # raters named Total? no: a rater named like a count word
        p = make_panel(rng, raters=["n", "k", "Dr X"], labels=("0", "1"))
        rows = p.rows(id_header="patient")
    path = _csv(folder, name, rows, pick(rng, (",", ";")))
    return Case(name, "id-near-miss", path, p.truth(quiet=("row-names", "calculated-columns")))


# ----------------------------------------------------------- encodings
def encodings(rng, folder, name) -> Case:
    p = make_panel(rng, labels=("passé", "très bien", "à revoir"), subjects=None,
                   raters=["Émile", "Zoë", "Jürgen"])
    enc, delim, ext = pick(rng, (("cp1252", ";", ".csv"), ("utf-16", "\t", ".txt"),
                                 ("utf-8-sig", ",", ".csv"), ("utf-8", ";", ".csv")))
    path = write_text(folder / f"{name}{ext}", text_table(p.rows(), delim, eol="\r\n"), enc)
    return Case(name, "encodings", path, p.truth())


def decimal_comma(rng, folder, name) -> Case:
    p = make_panel(rng, labels=("1", "1,5", "2", "2,5", "3"), missing=0.05)
    path = _csv(folder, name, p.rows(), ";")
    fix = {"1,5": "1.5", "2,5": "2.5"}
    t = p.truth()
    return Case(name, "decimal-comma", path, replace(
        t, ratings=tuple((s, r, fix.get(v, v)) for s, r, v in t.ratings),
        categories=tuple(fix.get(c, c) for c in t.categories)))


KINDS = [
    (wide_plain, 16),
    (long_words, 20),
    (long_items, 6),
    (item_is_subject, 8),
    (sep_line, 8),
    (comment_lines, 6),
    (title_lines, 10),
    (ragged, 10),
    (ragged_with_content, 5),
    (mixed_delimiters, 8),
    (unclosed_quote, 4),
    (footer_rows, 18),
    (footer_long, 5),
    (footer_near_miss, 12),
    (calculated_columns, 12),
    (comment_columns, 8),
    (repeated_header, 10),
    (repeated_header_other_columns, 4),
    (missing_codes, 12),
    (missing_code_near_miss, 6),
    (plus_minus, 8),
    (never_categories, 8),
    (mixed_text_numbers, 5),
    (id_near_miss, 16),
    (encodings, 6),
    (decimal_comma, 4),
]
