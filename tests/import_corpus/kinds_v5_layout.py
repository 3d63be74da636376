"""Corpus kinds for issue 52, families 3, 5 and 6 and the files refused that should open: the
layout read from the table's structure, not from a word.

3. rater x item sheets: one column per rater and item, named 'R1_Q1', 'Q1_R1', 'Rater1.Item1',
   'Alice_clarity', 'Bewerter1_Frage1' ..., or rater names merged over item columns (a
   two-level header), or rater names over Score/Comment columns: raters and items, each item on
   its own, never one rater per column;
5. transposed tables: Krippendorff's reliability-data matrix (coders in rows, units in columns,
   'Unit' or 'Coder' in the corner), and a pandas pivot export (the columns' name in the corner,
   the index's name alone on the next line);
6. cross-tables of two raters' counts whose margins are labelled 'Untersucher 1: ja',
   'Rater B: no', in several languages.
"""

from __future__ import annotations

import numpy as np

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.kinds_v5_rows import LANGUAGES, write_office
from tests.import_corpus.panel import make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text, write_xlsx

# (rater level, item level, name of the column) -- each a way real sheets are headed
NAMINGS = (
    (lambda r: f"R{r}", lambda i: f"Q{i}", lambda a, b: f"{a}_{b}"),
    (lambda r: f"R{r}", lambda i: f"Q{i}", lambda a, b: f"{b}_{a}"),
    (lambda r: f"Rater{r}", lambda i: f"Item{i}", lambda a, b: f"{a}.{b}"),
    (lambda r: ("Alice", "Bruno", "Chiara", "Dirk", "Elena")[r - 1],
     lambda i: ("clarity", "accuracy", "tone", "structure")[i - 1], lambda a, b: f"{a}_{b}"),
    (lambda r: f"Bewerter{r}", lambda i: f"Frage{i}", lambda a, b: f"{a}_{b}"),
    (lambda r: f"Evaluador{r}", lambda i: f"Pregunta{i}", lambda a, b: f"{a}_{b}"),
    (lambda r: f"Beoordelaar {r}", lambda i: f"Vraag {i}", lambda a, b: f"{a} - {b}"),
)


def _crossed(rng, n_raters: int, n_items: int, labels, subjects):
    """Each item's panel (subjects x raters), every label used in each."""
    grids = []
    while len(grids) < n_items:
        grid = make_panel(rng, subjects=subjects, raters=[str(r) for r in range(n_raters)],
                          labels=labels, missing=0.0).grid
        if {v for row in grid for v in row} == set(labels):
            grids.append(grid)
    return grids


def rater_item_names(rng, folder, name) -> Case:
    """One column per rater and item, the names crossing the two: read as raters and items."""
    rater, item, join = NAMINGS[int(name.rsplit("_", 1)[1]) % len(NAMINGS)]
    n_raters, n_items = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    labels = pick(rng, (("1", "2", "3", "4"), ("0", "1"), ("1", "2", "3", "4", "5")))
    subjects = [f"S{k + 1:02d}" for k in range(int(rng.integers(6, 12)))]
    grids = _crossed(rng, n_raters, n_items, labels, subjects)
    raters = [rater(r + 1) for r in range(n_raters)]
    items = [item(i + 1) for i in range(n_items)]
    by_rater_first = rng.random() < 0.5        # R1_Q1, R1_Q2 ... or R1_Q1, R2_Q1 ...
    order = [(r, i) for r in range(n_raters) for i in range(n_items)] if by_rater_first else \
        [(r, i) for i in range(n_items) for r in range(n_raters)]
    rows: list[list] = [[pick(rng, ("id", "Schüler", "Paciente", "subject"))] +
                        [join(raters[r], items[i]) for r, i in order]]
    rows += [[s] + [grids[i][k][r] for r, i in order] for k, s in enumerate(subjects)]
    path = write_office(rng, folder, name, rows, comma=False)
    ratings = tuple((s, raters[r], items[i], grids[i][k][r]) for k, s in enumerate(subjects)
                    for r, i in order)
    return Case(name, "rater-item-names", path,
                Truth(ratings, tuple(subjects), tuple(raters),
                      tuple({v for *_, v in ratings}), items=True, rules=("header-words",)))


def rater_item_two_rows(rng, folder, name) -> Case:
    """Rater names merged over item columns (a two-level header), in an .xlsx with merged
    cells or a CSV with the name over the group's first column: raters and items."""
    code = tuple(LANGUAGES)[int(name.rsplit("_", 1)[1]) % len(LANGUAGES)]
    words = LANGUAGES[code]
    raters = [str(x) for x in rng.permutation(["Dr. Weber", "Dr. Lang", "Dr. Rossi", "Dr. Smit",
                                               "Dra. Ruiz"])[:int(rng.integers(2, 4))]]
    item_word = {"de": "Frage", "fr": "Question", "es": "Pregunta", "pt": "Questão",
                 "it": "Domanda", "nl": "Vraag"}[code]
    items = [f"{item_word} {i + 1}" for i in range(int(rng.integers(2, 4)))]
    subjects = [f"{k + 1}" for k in range(int(rng.integers(6, 12)))]
    labels = ("1", "2", "3", "4", "5")
    grids = _crossed(rng, len(raters), len(items), labels, subjects)
    top: list = [None] + [raters[r] if i == 0 else None for r in range(len(raters))
                          for i in range(len(items))]
    low: list = [words[0]] + [items[i] for _ in raters for i in range(len(items))]
    body = [[s] + [grids[i][k][r] for r in range(len(raters)) for i in range(len(items))]
            for k, s in enumerate(subjects)]
    if rng.random() < 0.5:
        width = len(items)
        merged = [f"{chr(66 + r * width)}1:{chr(66 + r * width + width - 1)}1"
                  for r in range(len(raters))]
        cells = [top, low] + [[int(v) if v and v.isdigit() else v for v in row] for row in body]
        path = write_xlsx(folder / f"{name}.xlsx", [("Sheet1", cells)], merged=merged)
    else:
        path = write_text(folder / f"{name}.csv", text_table([top, low] + body, ";"),
                          encoding="cp1252")
    ratings = tuple((s, raters[r], items[i], grids[i][k][r]) for k, s in enumerate(subjects)
                    for r in range(len(raters)) for i in range(len(items)))
    return Case(name, "rater-item-two-rows", path,
                Truth(ratings, tuple(subjects), tuple(raters), tuple({v for *_, v in ratings}),
                      items=True, rules=("header-words",)))


def rater_score_comment(rng, folder, name) -> Case:
    """Rater names merged over 'Score' and 'Comment' columns: the comments left out, each
    rater's score read under the rater's name."""
    raters = [str(x) for x in rng.permutation(["Anna", "Bruno", "Chiara", "Dirk"])[:int(
        rng.integers(2, 5))]]
    score, comment = pick(rng, (("Score", "Comment"), ("Punkte", "Kommentar"),
                                ("Note", "Commentaire"), ("Puntuación", "Comentario")))
    p = make_panel(rng, raters=raters, labels=("1", "2", "3", "4"), missing=0.0,
                   subject_style="P")
    remarks = ("clear and well argued", "misses the second point entirely",
               "good start but the ending is weak", "needs more evidence here",
               "excellent structure throughout", "hard to follow in places")
    top: list = [None] + [r if k == 0 else None for r in raters for k in range(2)]
    low: list = ["ID"] + [score, comment] * len(raters)
    body = [[s] + [c for v in row for c in (v, f"{pick(rng, remarks)} ({s})" if
                                            rng.random() < 0.7 else None)]
            for s, row in zip(p.subjects, p.grid)]
    path = write_text(folder / f"{name}.csv", text_table([top, low] + body, ","))
    return Case(name, "rater-score-comment", path, p.truth(rules=("header-words",)))


KINDS = [(rater_item_names, 21), (rater_item_two_rows, 12), (rater_score_comment, 8)]


# ------------------------------------------------------------- family 5
# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers x
# 12 units, values 1-5 (None = missing); nominal alpha .743 (tests/engine/coefficients).
KRIPPENDORFF = (
    ("1", "2", "3", "3", "2", "1", "4", "1", "2", None, None, None),
    ("1", "2", "3", "3", "2", "2", "4", "1", "2", "5", None, "3"),
    (None, "3", "3", "3", "2", "3", "4", "2", "2", "5", "1", None),
    ("1", "2", "3", "3", "2", "4", "4", "1", "2", "5", "1", None),
)


def reliability_matrix(rng, folder, name) -> Case:
    """Krippendorff's reliability-data matrix: coders in rows, units numbered across, 'Unit'
    or 'Coder' (or nothing) in the corner, '*' or '.' or blank for a missing value: the rows
    are the raters. The first file is the published example itself."""
    n = int(name.rsplit("_", 1)[1])
    coders = pick(rng, (["A", "B", "C", "D"], ["Coder A", "Coder B", "Coder C", "Coder D"],
                        ["Mary", "Dave", "Ana", "Jo"], ["obs_1", "obs_2", "obs_3", "obs_4"]))
    if n == 0:
        grid = [list(row) for row in KRIPPENDORFF]
        coders = ["A", "B", "C", "D"]
    else:
        n_units, n_coders = int(rng.integers(8, 20)), int(rng.integers(2, 5))
        truth = rng.integers(1, 4, n_units)
        grid = [[None if rng.random() < 0.1 else
                 str(int(t if rng.random() < 0.7 else rng.integers(1, 4))) for t in truth]
                for _ in range(n_coders)]
        coders = coders[:n_coders]
        for row in grid:
            row[0] = row[0] or "1"
        grid[0][1], grid[-1][1] = "1", "2"
    corner = pick(rng, ("Unit", "Coder", "Units:", "Coder / Unit"))
    na = pick(rng, ("*", ".", ""))
    head = [corner] + [str(u + 1) for u in range(len(grid[0]))]
    rows: list[list] = [head] + [[c] + [na if v is None else v for v in row]
                                 for c, row in zip(coders, grid)]
    path = write_text(folder / f"{name}.csv", text_table(rows, pick(rng, (",", "\t", ";"))))
    ratings = tuple((str(u + 1), c, v) for c, row in zip(coders, grid)
                    for u, v in enumerate(row) if v is not None)
    return Case(name, "reliability-matrix", path,
                Truth(ratings, tuple(head[1:]), tuple(coders), tuple({v for *_, v in ratings})))


def pandas_pivot(rng, folder, name) -> Case:
    """``df.pivot(index=..., columns=...).to_csv()``: the columns' name in the corner and the
    index's name alone on the next line, raters across (or subjects across)."""
    p = make_panel(rng, labels=pick(rng, (("0", "1"), ("1", "2", "3"), ("low", "high"))),
                   subject_style=pick(rng, ("s", "P")), rater_style=pick(rng, ("R", "names")))
    index, columns = pick(rng, (("subject", "rater"), ("item_id", "annotator"),
                                ("rater", "subject"), ("coder", "unit")))
    raters_across = index in ("subject", "item_id")
    if raters_across:
        rows: list[list] = [[columns] + list(p.raters), [index] + [None] * len(p.raters)]
        rows += [[s] + row for s, row in zip(p.subjects, p.grid)]
    else:
        rows = [[columns] + list(p.subjects), [index] + [None] * len(p.subjects)]
        rows += [[r] + [p.grid[i][j] for i in range(len(p.subjects))]
                 for j, r in enumerate(p.raters)]
    path = write_text(folder / f"{name}.csv", text_table(rows, ","))
    return Case(name, "pandas-pivot", path, p.truth(rules=("title-lines",)))


# ------------------------------------------------------------- family 6
MARGINS = (("Untersucher 1", "Untersucher 2", ("ja", "nein"), "Gesamt"),
           ("Rater A", "Rater B", ("yes", "no"), "Total"),
           ("Évaluateur 1", "Évaluateur 2", ("oui", "non", "incertain"), "Total"),
           ("Evaluador A", "Evaluador B", ("sí", "no", "dudoso"), "Total"),
           ("Avaliador 1", "Avaliador 2", ("presente", "ausente"), "Total"),
           ("Valutatore 1", "Valutatore 2", ("lieve", "moderato", "grave"), "Totale"),
           ("Beoordelaar 1", "Beoordelaar 2", ("ja", "nee"), "Totaal"))


def labelled_cross_table(rng, folder, name) -> Case:
    """Two raters' joint counts whose labels name the raters ('Untersucher 1: ja'), maybe
    with a row and column of sums: two raters, one subject per count."""
    a, b, cats, total = MARGINS[int(name.rsplit("_", 1)[1]) % len(MARGINS)]
    join = pick(rng, (": ", " = ", " – "))
    k = len(cats)
    counts = rng.integers(0, 12, (k, k)) + np.diag(rng.integers(8, 25, k))
    sums = rng.random() < 0.5
    head = [pick(rng, ("", f"{a} / {b}"))] + [f"{b}{join}{c}" for c in cats] + \
        ([total] if sums else [])
    rows: list[list] = [head]
    for i, c in enumerate(cats):
        rows.append([f"{a}{join}{c}"] + [str(int(x)) for x in counts[i]] +
                    ([str(int(counts[i].sum()))] if sums else []))
    if sums:
        rows.append([total] + [str(int(x)) for x in counts.sum(axis=0)] + [str(int(counts.sum()))])
    path = write_office(rng, folder, name, rows, comma=True)
    ratings, subject = [], 0
    for i in range(k):
        for j in range(k):
            for _ in range(int(counts[i, j])):
                subject += 1
                ratings += [(str(subject), a, cats[i]), (str(subject), b, cats[j])]
    return Case(name, "labelled-cross-table", path,
                Truth(tuple(ratings), tuple(str(s + 1) for s in range(subject)), (a, b), cats,
                      rules=("header-words",)))


KINDS += [(reliability_matrix, 10), (pandas_pivot, 10), (labelled_cross_table, 14)]


# ------------------------------------------------- refused that should open
def printed_count_table(rng, folder, name) -> Case:
    """A table of counts as Fleiss (1971) prints it: raters per category for each subject,
    each subject's agreement P_i beside them, the category totals and shares p_j below:
    read as category counts, the P_i column and the two rows left out."""
    code = tuple(LANGUAGES)[int(name.rsplit("_", 1)[1]) % len(LANGUAGES)]
    words = LANGUAGES[code]
    comma = code != "nl"
    cats = pick(rng, (("ja", "nein"), ("leve", "moderado", "grave"), ("A", "B", "C", "D"),
                      ("présent", "absent", "douteux")))
    n = int(rng.integers(4, 8))
    subjects = [str(k + 1) for k in range(int(rng.integers(8, 20)))]
    counts = np.array([rng.multinomial(n, rng.dirichlet(np.ones(len(cats)))) for _ in subjects])
    counts[0] = [n] + [0] * (len(cats) - 1)

    def num(x: float) -> str:
        text = f"{x:.3f}"
        return text.replace(".", ",") if comma else text
    rows: list[list] = [[words[0]] + list(cats) + [pick(rng, ("P_i", "Pi", "P(i)"))]]
    for s, c in zip(subjects, counts):
        rows.append([s] + [str(int(x)) for x in c] +
                    [num((np.sum(c ** 2) - n) / (n * (n - 1)))])
    total = counts.sum(axis=0)
    rows.append([pick(rng, ("Total", "Summe", words[4]))] + [str(int(t)) for t in total] + [None])
    rows.append([pick(rng, ("p_j", "pj", "p(j)"))] + [num(t / total.sum()) for t in total] +
                [None])
    path = write_office(rng, folder, name, rows, comma=comma)
    ratings = tuple((s, "", c) for s, row in zip(subjects, counts)
                    for c, m in zip(cats, row) for _ in range(int(m)))
    return Case(name, "printed-count-table", path,
                Truth(ratings, tuple(subjects), (), tuple(cats),
                      rules=("footer-rows", "calculated-columns")))


KINDS += [(printed_count_table, 12)]


def summary_sheet_first(rng, folder, name) -> Case:
    """A workbook whose first sheet summarises (coefficients, a per-rater table) and whose
    ratings are on a later sheet: the ratings sheet is read, the note says which and why."""
    code = tuple(LANGUAGES)[int(name.rsplit("_", 1)[1]) % len(LANGUAGES)]
    words = LANGUAGES[code]
    p = make_panel(rng, raters=[f"{words[1]} {k + 1}" for k in range(int(rng.integers(2, 5)))],
                   labels=pick(rng, (("1", "2", "3"), ("0", "1"))), missing=0.0,
                   subject_style="P")
    kappa = round(float(rng.uniform(0.2, 0.8)), 2)
    if rng.random() < 0.5:
        summary: list[list] = [["Fleiss' kappa / Krippendorff"], [],
                               ["Coefficient", "Estimate", "95% CI lower", "95% CI upper"],
                               ["Fleiss' kappa", kappa, kappa - 0.1, kappa + 0.1],
                               ["Krippendorff's alpha", kappa + 0.01, kappa - 0.09, kappa + 0.11]]
    else:
        summary = [[words[1], "N", "% 1", "Mean"]] + \
            [[r, len(p.subjects), round(float(rng.uniform(20, 80)), 1),
              round(float(rng.uniform(1, 3)), 2)] for r in p.raters]
    sheets = [(pick(rng, ("Summary", "Zusammenfassung", "Résumé", "Resumen", "Riepilogo")),
               summary), (pick(rng, ("Data", "Daten", "Données", "Datos", "Dati")),
                          p.rows(id_header=words[0], numeric=True))]
    path = write_xlsx(folder / f"{name}.xlsx", sheets)
    return Case(name, "summary-sheet-first", path, p.truth(rules=("sheet",)))


KINDS += [(summary_sheet_first, 10)]
