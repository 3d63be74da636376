"""Corpus kinds for issue 40, families 1-3: columns that sit among the raters but are not raters.

Made from the principles, not from one file:

1. a reference answer (consensus, gold standard, adjudicated, final, majority) is not a rater:
   named in several languages or named like anything else but built from the raters, at any
   position, in csv/tsv/xlsx; a long file with a 'consensus' rater; near misses that stay
   raters (a rater called 'Judge Final', a panel of good raters who agree often);
2. bookkeeping on the rating scale is not a rater: flags (reviewed, QC pass, double entry ...)
   written 0/1, yes/no or TRUE/FALSE, a constant column, a per-row count of the ratings, and
   exclusion flags (kept with a warning, or dropped when asked); near misses (a rater called
   'Checker' on a 0/1 scale);
3. free text, quiz scores and years are not ratings: comments in several languages (by name,
   as a survey question, or only by their sentences), '4 / 6' scores, years of birth.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import NUMERIC_SETS, TEXT_SETS, Panel, make_panel
from tests.import_corpus.truth import Case
from tests.import_corpus.writers import text_table, write_text, write_xlsx_openpyxl

REFERENCE_NAMES = ("consensus", "Consensus", "gold", "Gold standard", "gold_label", "reference",
                   "Adjudicated", "final", "Final answer", "majority vote", "Expert panel",
                   "ground_truth", "Konsens", "Referenz", "consenso", "référence",
                   "verdict final", "Agreed", "goldLabel", "FINAL DIAGNOSIS")
REFERENCE_RATERS = ("consensus", "gold", "adjudicator", "final", "Konsens", "Gold standard")
_NEUTRAL = ("X", "Col 7", "result_2", "D", "Reader Z", "Judge Final", "R9")


def _write(rng, folder, name: str, rows: list[list]) -> object:
    """csv, tsv or xlsx, at random."""
    roll = int(rng.integers(3))
    if roll == 2:
        cells = [rows[0]] + [[int(v) if isinstance(v, str) and v.isdigit() and len(v) < 4 else v
                              for v in row] for row in rows[1:]]
        return write_xlsx_openpyxl(folder / f"{name}.xlsx", cells)
    delim = "\t" if roll == 1 else pick(rng, (",", ";"))
    return write_text(folder / f"{name}.{'tsv' if roll == 1 else 'csv'}", text_table(rows, delim))


def _insert(rows: list[list], where: int, header: str, values: list) -> None:
    rows[0].insert(where, header)
    for row, v in zip(rows[1:], values):
        row.insert(where, v)


def _majority(row: list[str | None], fallback: str) -> str:
    """The strict majority of a row's ratings, else ``fallback`` (the adjudicated answer)."""
    counts = Counter(v for v in row if v is not None)
    if counts:
        (top, n), = counts.most_common(1)
        if 2 * n > sum(counts.values()):
            return top
    return fallback


def _noisy_panel(rng, labels: tuple[str, ...], n_subj: tuple[int, int], n_rat: tuple[int, int],
                 accuracy: tuple[float, float], missing: float = 0.0) -> tuple[Panel, list[str]]:
    """Raters who rate a hidden true category right with the given accuracy; the truths."""
    while True:
        ns, nr = int(rng.integers(n_subj[0], n_subj[1] + 1)), int(rng.integers(n_rat[0], n_rat[1] + 1))
        truths = [str(rng.choice(labels)) for _ in range(ns)]
        acc = rng.uniform(*accuracy, size=nr)
        grid = [[None if rng.random() < missing else
                 (t if rng.random() < acc[j] else str(rng.choice([v for v in labels if v != t])))
                 for j in range(nr)] for t in truths]
        p = make_panel(rng, labels=labels, subjects=[f"s{i + 1}" for i in range(ns)],
                       raters=[f"R{j + 1}" for j in range(nr)])
        p.grid = grid
        if len(p.used()) >= 2 and all(any(r[j] is not None for r in grid) for j in range(nr)):
            return p, truths


# ------------------------------------------------------------ 1. reference answers
def reference_named(rng, folder, name) -> Case:
    """A reference column named so (many languages), anywhere after the ids."""
    labels = pick(rng, NUMERIC_SETS + TEXT_SETS)
    p, truths = _noisy_panel(rng, labels, (6, 16), (2, 5), (0.5, 0.85), missing=0.05)
    rows = p.rows(id_header=pick(rng, ("subject", "id", "case")))
    ref = [_majority(row, t) for row, t in zip(p.grid, truths)]
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), pick(rng, REFERENCE_NAMES), ref)
    return Case(name, "reference-named", _write(rng, folder, name, rows),
                p.truth(rules=("reference-answer",)))


def reference_built(rng, folder, name) -> Case:
    """A reference column with a name that says nothing (or names a person): it equals the
    majority of the raters in every row that has one, so the structure tells."""
    labels = pick(rng, (("1", "2", "3"), ("1", "2", "3", "4", "5"), ("A", "B", "C", "D"),
                        ("none", "mild", "moderate", "severe")))
    p, truths = _noisy_panel(rng, labels, (40, 80), (3, 5), (0.5, 0.75))
    rows = p.rows(id_header="subject")
    ref = [_majority(row, t) for row, t in zip(p.grid, truths)]
    header = pick(rng, _NEUTRAL)
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), header, ref)
    return Case(name, "reference-built", _write(rng, folder, name, rows),
                p.truth(rules=("reference-answer",)))


def reference_long(rng, folder, name) -> Case:
    """A long file whose 'consensus' (gold, adjudicator, final) rows are the reference."""
    p, truths = _noisy_panel(rng, pick(rng, NUMERIC_SETS + TEXT_SETS), (5, 12), (2, 4),
                             (0.5, 0.85))
    rows = p.long_rows(names=pick(rng, (("subject", "rater", "rating"),
                                        ("case", "coder", "code"), ("item", "annotator", "label"))))
    who = pick(rng, REFERENCE_RATERS)
    rows += [[s, who, _majority(row, t)] for s, row, t in zip(p.subjects, p.grid, truths)]
    body = rows[1:]
    order = rng.permutation(len(body)) if rng.random() < 0.5 else np.arange(len(body))
    rows = [rows[0]] + [body[i] for i in order]
    return Case(name, "reference-long", _write(rng, folder, name, rows),
                p.truth(rules=("reference-answer",)))


def reference_near_miss(rng, folder, name) -> Case:
    """Raters that stay raters: a rater named 'Judge Final' or 'Dr Gold' rating on their own,
    and a panel of good raters who agree with each other most of the time."""
    if rng.random() < 0.5:
        p, _ = _noisy_panel(rng, pick(rng, NUMERIC_SETS + TEXT_SETS), (8, 40), (3, 5),
                            (0.5, 0.8))
        p.raters[int(rng.integers(len(p.raters)))] = pick(rng, ("Judge Final", "Dr Gold",
                                                                "Goldman", "R. Konsens"))
    else:
        p, _ = _noisy_panel(rng, pick(rng, NUMERIC_SETS + TEXT_SETS), (10, 60), (2, 4),
                            (0.85, 0.97))
    rows = p.rows(id_header="subject")
    return Case(name, "reference-near-miss", _write(rng, folder, name, rows),
                p.truth(quiet=("reference-answer",)))


# ------------------------------------------------------------------ 2. bookkeeping
BOOK_NAMES = ("reviewed", "QC pass", "double_entry", "discordant", "Record status", "checked",
              "verified", "geprüft", "vérifié", "revisado", "disagreement", "flag", "QC",
              "needs_review", "Double entry checked")
_FLAG_STYLES = (("0", "1"), ("no", "yes"), ("FALSE", "TRUE"), ("N", "Y"), ("nein", "ja"))


def bookkeeping_flags(rng, folder, name) -> Case:
    """One or two flag columns on (or off) the rating scale among the raters."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + TEXT_SETS), n_subj=(6, 16), n_rat=(2, 5),
                   rater_style=pick(rng, ("R", "Rater", "names", "coder")))
    rows = p.rows(id_header=pick(rng, ("subject", "id", "case")))
    for header in rng.choice(BOOK_NAMES, size=int(rng.integers(1, 3)), replace=False):
        style = pick(rng, _FLAG_STYLES)
        _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), str(header),
                [pick(rng, style) for _ in p.subjects])
    return Case(name, "bookkeeping", _write(rng, folder, name, rows),
                p.truth(rules=("bookkeeping",)))


def constant_column(rng, folder, name) -> Case:
    """A constant column on the rating scale (a version, a form, a site) beside raters who
    vary, in a file long enough to tell."""
    labels = pick(rng, NUMERIC_SETS)
    p = make_panel(rng, labels=labels, n_subj=(20, 40), n_rat=(2, 4), missing=0.0)
    rows = p.rows(id_header="subject")
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), pick(rng, ("version", "form", "site",
                                                                     "batch", "wave", "Col 9")),
            [labels[0]] * len(p.subjects))
    return Case(name, "bookkeeping-constant", _write(rng, folder, name, rows),
                p.truth(rules=("bookkeeping",)))


def count_column(rng, folder, name) -> Case:
    """A per-row count of the ratings ('n', 'raters', 'Anzahl') beside raters with gaps."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_subj=(8, 20), n_rat=(3, 5),
                   missing=0.25)
    counts = [sum(v is not None for v in row) for row in p.grid]
    if len(set(counts)) < 2:
        p.grid[0][0] = None if p.grid[0][0] is not None else p.labels[0]
        counts = [sum(v is not None for v in row) for row in p.grid]
    if not all(any(r[j] is not None for r in p.grid) for j in range(len(p.raters))):
        p.grid[1] = [p.labels[0]] * len(p.raters)
        counts = [sum(v is not None for v in row) for row in p.grid]
    rows = p.rows(id_header="subject")
    _insert(rows, len(rows[0]), pick(rng, ("n", "raters", "N_ratings", "nratings")),
            [str(c) for c in counts])
    return Case(name, "bookkeeping-count", _write(rng, folder, name, rows),
                p.truth(rules=("calculated-columns",)))


EXCLUDE_NAMES = ("excluded", "Exclude?", "drop", "invalid", "ausschließen", "exclu", "excluido")


def exclude_flag(rng, folder, name) -> Case:
    """A column marking subjects to exclude: named in a warning, or dropped when asked."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + TEXT_SETS), n_subj=(8, 16), n_rat=(2, 4),
                   subject_style=pick(rng, ("s", "P", "case")))
    style = pick(rng, _FLAG_STYLES)
    marked = sorted(rng.choice(len(p.subjects), size=int(rng.integers(1, 4)), replace=False))
    flags = [style[1] if i in marked else pick(rng, (style[0], "")) for i in range(len(p.subjects))]
    drop = bool(rng.random() < 0.5)
    long = bool(rng.random() < 0.3)
    if long:
        rows = p.long_rows()
        where = dict(zip(p.subjects, flags))
        rows = [rows[0] + [pick(rng, EXCLUDE_NAMES)]] + [r + [where[r[0]]] for r in rows[1:]]
        rows = [rows[0]] + [r for r in rows[1:] if r[2] is not None]
    else:
        rows = p.rows(id_header="subject")
        _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), pick(rng, EXCLUDE_NAMES), flags)
    path = _write(rng, folder, name, rows)
    truth = p.truth(rules=("exclude-flag",) if long else ("bookkeeping", "exclude-flag"))
    if drop:
        kept = [i for i in range(len(p.subjects)) if i not in marked]
        q = Panel([p.subjects[i] for i in kept], p.raters, [p.grid[i] for i in kept], p.labels)
        truth = replace(q.truth(rules=truth.rules), raters=tuple(
            r for r in p.raters if any(v is not None for row in q.grid
                                       for rr, v in zip(q.raters, row) if rr == r)))
    return Case(name, "exclude-flag", path, replace(truth, options={"drop_flagged": True}
                                                     if drop else {}))


def bookkeeping_near_miss(rng, folder, name) -> Case:
    """Raters named 'Checker' or 'QC Smith' on a 0/1 scale where every rater is 0/1: raters."""
    while True:
        p = make_panel(rng, labels=pick(rng, (("0", "1"), ("no", "yes"))), n_subj=(8, 30),
                       n_rat=(2, 4), missing=0.0)
        if all(len({row[j] for row in p.grid}) == 2 for j in range(len(p.raters))):
            break
    p.raters[int(rng.integers(len(p.raters)))] = pick(rng, ("Checker", "Verifier Jones",
                                                            "Dr Review", "Flagg"))
    rows = p.rows(id_header="subject")
    return Case(name, "bookkeeping-near-miss", _write(rng, folder, name, rows),
                p.truth(quiet=("bookkeeping",)))


# ------------------------------------------------------------- 3. free text, scores, years
COMMENTS = {
    "Kommentar": ("Bild unscharf, bitte erneut prüfen", "keine Auffälligkeiten gesehen",
                  "mit Kollegin besprochen am Montag", "unsicher wegen der Belichtung"),
    "remarque": ("image floue, à revoir", "rien de particulier à signaler",
                 "discuté avec le chef de service", "hésitation entre deux classes"),
    "comentarios": ("imagen borrosa, revisar de nuevo", "sin hallazgos relevantes hoy",
                    "comentado con el equipo clínico", "dudas entre dos categorías"),
    "observaciones": ("paciente se movió durante el examen", "calidad de imagen aceptable",
                      "segunda lectura pendiente de hacer", "caso discutido en sesión"),
    "opmerking": ("beeld onscherp, opnieuw bekijken", "niets bijzonders gezien vandaag",
                  "besproken met de collega", "twijfel tussen twee klassen"),
    "Any comments?": ("great session, thanks a lot", "the second case was hard to judge",
                      "audio was poor for a while", "no comments from my side"),
    "Anything else you would like to add?": ("more time per item would help",
                                             "the scale was clear to me", "I was unsure twice",
                                             "nothing else to add here"),
    "Bemerkungen": ("Proband war sehr nervös heute", "Messung zweimal wiederholt",
                    "Termin verschoben auf nächste Woche", "alles in Ordnung soweit"),
}


def free_text(rng, folder, name) -> Case:
    """A free-text column (named in some language, or with a name that says nothing) beside
    ratings of numbers or of words."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + TEXT_SETS), n_subj=(6, 16), n_rat=(2, 4))
    rows = p.rows(id_header=pick(rng, ("subject", "id", "case")))
    header = pick(rng, tuple(COMMENTS))
    texts = [f"{pick(rng, COMMENTS[header])} ({k + 1})" if rng.random() < 0.85 else ""
             for k in range(len(p.subjects))]
    texts[0] = texts[0] or f"{COMMENTS[header][0]} (1)"
    shown = header if rng.random() < 0.7 else pick(rng, ("Q9", "text_1", "feld7"))
    _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), shown, texts)
    return Case(name, "free-text", _write(rng, folder, name, rows),
                p.truth(rules=("comment-columns",)))


def quiz_and_years(rng, folder, name) -> Case:
    """A quiz score ('4 / 6') and a year of birth beside raters of numbers."""
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS), n_subj=(6, 16), n_rat=(2, 4))
    rows = p.rows(id_header=pick(rng, ("subject", "id", "student")))
    total = int(rng.integers(5, 11))
    spaced = " / " if rng.random() < 0.5 else "/"
    what = int(rng.integers(3))
    if what in (0, 2):
        _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), pick(rng, ("Quiz", "test score",
                                                                         "Punkte")),
                [f"{int(k)}{spaced}{total}" for k in rng.integers(0, total + 1, len(p.subjects))])
    if what in (1, 2):
        header = pick(rng, ("year", "born", "DOB", "Geburtsjahr", "Year of birth", "Q12"))
        _insert(rows, int(rng.integers(1, len(rows[0]) + 1)), header,
                [str(int(y)) for y in rng.integers(1940, 2006, len(p.subjects))])
    return Case(name, "quiz-years", _write(rng, folder, name, rows),
                p.truth(rules=("non-rating-columns",)))


KINDS = [(reference_named, 30), (reference_built, 16), (reference_long, 12),
         (reference_near_miss, 16), (bookkeeping_flags, 24), (constant_column, 8),
         (count_column, 8), (exclude_flag, 16), (bookkeeping_near_miss, 10), (free_text, 24),
         (quiz_and_years, 16)]
