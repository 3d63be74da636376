"""Corpus kinds for issue 52, families 1, 2 and 4: what a row or a cell is, decided by content.

Written from the principles, as exports from German, French, Spanish, Portuguese, Italian and
Dutch offices look (semicolons, decimal commas, cp1252), not from one file:

1. a rating column whose header says 'comment' in some language ('Note' is German for grade,
   'Nota' Spanish and Portuguese) but whose cells are a handful of category words repeated down
   the column: a rating column, whatever its name; ids are never the ratings;
2. rows below the data that are not subjects: means and SDs in the file's language, a pivot's
   grand total, a summary of coefficients with their interval, numbered footnotes and a
   sign-off block ('Geprüft von:'), each known by its content (a value computed from the rows
   above, a cell off the scale, a label unlike every subject id above);
4. a rare token of another language's missing-value habits ('s/d', 'n.d.', 'k.A.', 'n.v.',
   's.o.', 'NR') in columns whose other cells are all on one scale: missing, with a note.
"""

from __future__ import annotations

import re

import numpy as np

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import Panel, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text, write_xlsx_openpyxl

LANGUAGES = {
    # subject, rater, mean, SD, grand total, signed off by, date, two footnotes
    "de": ("Patient", "Bewerter", "Mittelwert", "Standardabweichung", "Gesamtergebnis",
           "Geprüft von:", "Datum:", ("Bewerter 2 wurde erst im März geschult.",
                                      "Fälle ohne Angabe wurden nicht nachbewertet.")),
    "fr": ("Patient", "Évaluateur", "Moyenne", "Écart-type", "Total général", "Vérifié par :",
           "Date :", ("L'évaluateur 2 a été formé en mars seulement.",
                      "Les cas sans réponse n'ont pas été revus.")),
    "es": ("Paciente", "Evaluador", "Media", "Desviación típica", "Total general",
           "Revisado por:", "Fecha:", ("El evaluador 2 fue formado en marzo.",
                                       "Los casos sin dato no se volvieron a evaluar.")),
    "pt": ("Paciente", "Avaliador", "Média", "Desvio padrão", "Total geral", "Verificado por:",
           "Data:", ("O avaliador 2 foi treinado apenas em março.",
                     "Os casos sem resposta não foram reavaliados.")),
    "it": ("Paziente", "Valutatore", "Media", "Deviazione standard", "Totale complessivo",
           "Controllato da:", "Data:", ("Il valutatore 2 è stato formato a marzo.",
                                        "I casi senza risposta non sono stati rivalutati.")),
    "nl": ("Patiënt", "Beoordelaar", "Gemiddelde", "Standaardafwijking", "Eindtotaal",
           "Gecontroleerd door:", "Datum:", ("Beoordelaar 2 is pas in maart getraind.",
                                             "Gevallen zonder antwoord zijn niet herbeoordeeld.")),
}
CHECKERS = ("Dr. Rossi", "M. Dubois", "Dra. García", "Dr. Jansen", "Prof. Keller")


def _num(x: float, comma: bool, places: int = 2) -> str:
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if comma else text


def write_office(rng, folder, name: str, rows: list[list], *, comma: bool) -> object:
    """Semicolons and cp1252 (a European Excel's 'CSV'), or an .xlsx, at random; the decimal
    commas are in the cells already."""
    if rng.random() < 0.25:
        cells = [[_cell(v) for v in row] for row in rows]
        return write_xlsx_openpyxl(folder / f"{name}.xlsx", cells)
    delim = ";" if comma or rng.random() < 0.5 else ","
    return write_text(folder / f"{name}.csv", text_table(rows, delim), encoding="cp1252")


def _cell(v: object) -> object:
    """A spreadsheet's cell: small whole numbers and decimal-comma numbers as numbers."""
    if isinstance(v, str) and v.isdigit() and len(v) < 4:
        return int(v)
    if isinstance(v, str) and re.fullmatch(r"\d+,\d+", v):
        return float(v.replace(",", "."))
    return v


def _lang(name: str) -> tuple[str, tuple]:
    k = int(name.rsplit("_", 1)[1])
    code = tuple(LANGUAGES)[k % len(LANGUAGES)]
    return code, LANGUAGES[code]


def _numeric_panel(rng, words, labels=("1", "2", "3", "4", "5")) -> Panel:
    raters = [f"{words[1]} {k + 1}" for k in range(int(rng.integers(2, 5)))]
    subjects = pick(rng, ([str(k + 1) for k in range(int(rng.integers(9, 16)))],
                          [f"P{k + 1:03d}" for k in range(int(rng.integers(9, 16)))]))
    return make_panel(rng, subjects=subjects, raters=raters, labels=labels, missing=0.0)


def _columns(p: Panel) -> list[list[float]]:
    return [[float(p.grid[i][j]) for i in range(len(p.subjects))] for j in range(len(p.raters))]


# ------------------------------------------------------------- family 2
def footer_statistics(rng, folder, name) -> Case:
    """Mean and SD rows (or a grand total) in the file's language below a wide table."""
    code, words = _lang(name)
    comma = code != "nl" or rng.random() < 0.5
    p = _numeric_panel(rng, words)
    rows: list[list] = p.rows(id_header=words[0])
    cols = _columns(p)
    style = int(rng.integers(3))
    if style in (0, 1):
        rows.append([words[2]] + [_num(float(np.mean(c)), comma) for c in cols])
        if style == 1:
            rows.append([words[3]] + [_num(float(np.std(c, ddof=1)), comma) for c in cols])
    else:
        rows.append([words[4]] + [str(int(sum(c))) for c in cols])
    path = write_office(rng, folder, name, rows, comma=comma)
    return Case(name, "footer-statistics", path, p.truth(rules=("footer-rows",)))


def footer_summary(rng, folder, name) -> Case:
    """A summary of the coefficients with its interval below the ratings (words as written,
    'Fleiss' kappa', '95% CI'), and numbered footnotes or a sign-off block after the table."""
    code, words = _lang(name)
    comma = code != "nl"
    labels = pick(rng, (("0", "1"), ("1", "2", "3"), ("ja", "nein"), ("oui", "non"),
                        ("sí", "no")))
    p = _numeric_panel(rng, words, labels)
    rows: list[list] = p.rows(id_header=words[0])
    width = len(rows[0])
    pad = [None] * (width - 2)
    kappa = rng.uniform(0.2, 0.8)
    style = int(name.rsplit("_", 1)[1]) % 3
    if style == 0:
        rows += [["Fleiss' kappa", _num(kappa, comma)] + pad,
                 ["95% CI", f"{_num(kappa - 0.12, comma)} – {_num(kappa + 0.12, comma)}"] + pad]
    elif style == 1:
        rows += [[None] * width] + [[f"{k + 1}) {note}"] + [None] * (width - 1)
                                    for k, note in enumerate(words[7])]
    else:
        rows += [[None] * width, [words[5], pick(rng, CHECKERS)] + pad,
                 [words[6], f"{int(rng.integers(1, 28)):02d}.0{int(rng.integers(1, 9))}.2024"] + pad]
    path = write_office(rng, folder, name, rows, comma=comma)
    return Case(name, "footer-summary", path, p.truth(rules=("footer-rows",)))


def unlike_label_near_miss(rng, folder, name) -> Case:
    """Near miss: the last subjects are named unlike the ones above ('Kontrolle', 'Extra 2')
    but hold ordinary ratings: kept, nothing left out."""
    code, words = _lang(name)
    p = _numeric_panel(rng, words)
    p.subjects[-1] = pick(rng, ("Kontrolle", "Témoin", "Control B", "Extra"))
    path = write_office(rng, folder, name, p.rows(id_header=words[0]), comma=code != "nl")
    return Case(name, "unlike-label-near-miss", path, p.truth(quiet=("footer-rows",)))


# ------------------------------------------------------------- family 4
MISSING_TOKENS = ("s/d", "n.d.", "k.A.", "n.v.", "s.o.", "NR", "s.d.", "N/D", "o.A.")


def missing_tokens(rng, folder, name) -> Case:
    """A rare missing-value token of another language among ratings on one scale (numbers or
    words): read as missing, with a note naming it."""
    code, words = _lang(name)
    token = MISSING_TOKENS[int(name.rsplit("_", 1)[1]) % len(MISSING_TOKENS)]
    labels = pick(rng, (("1", "2", "3", "4"), ("0", "1"), ("ja", "nein"), ("leve", "moderado",
                                                                           "grave")))
    p = _numeric_panel(rng, words, labels)
    cells = [(i, j) for i in range(len(p.subjects)) for j in range(len(p.raters))]
    n_missing = int(rng.integers(1, 3))
    for k in rng.permutation(len(cells))[:n_missing]:
        i, j = cells[int(k)]
        p.grid[i][j] = None
    if not all(any(row[j] is not None for row in p.grid) for j in range(len(p.raters))) or \
            len(p.used()) < 2:
        p.grid[0] = [labels[0]] * len(p.raters)
        p.grid[1] = [labels[1]] * len(p.raters)
    path = write_office(rng, folder, name, p.rows(id_header=words[0], na=token),
                        comma=code != "nl")
    return Case(name, "missing-tokens", path, p.truth(rules=("not-a-rating",)))


# ------------------------------------------------------------- family 1
GRADE_HEADERS = ("Note", "Nota", "Note finale", "Notes")
GRADE_WORDS = (("sehr gut", "gut", "befriedigend", "ausreichend"), ("A", "B", "C", "D"),
               ("suficiente", "bien", "notable"), ("insuffisant", "passable", "bien"),
               ("onvoldoende", "voldoende", "goed"))


def grade_named_note(rng, folder, name) -> Case:
    """A long sheet of grades whose rating column is headed as a comment would be in English
    ('Note', 'Nota'), with numeric subject and rater ids beside it, maybe a real comments
    column too: the grades are the ratings."""
    code, words = _lang(name)
    labels = pick(rng, GRADE_WORDS)
    subjects = [str(100 + k) for k in range(int(rng.integers(8, 15)))]
    raters = [str(k + 1) for k in range(int(rng.integers(2, 5)))]
    p = make_panel(rng, subjects=subjects, raters=raters, labels=labels, missing=0.0)
    head = [f"{words[0]}-Nr.", f"{words[1]}-Nr.", pick(rng, GRADE_HEADERS)]
    comments = rng.random() < 0.5
    remarks = ("erneut vorgelegt am Folgetag", "Bild unscharf am Rand", "mit Kollegin besprochen")
    rows: list[list] = [head + (["Bemerkung"] if comments else [])]
    for s, row in zip(p.subjects, p.grid):
        for r, v in zip(p.raters, row):
            rows.append([s, r, v] + ([pick(rng, remarks) if rng.random() < 0.3 else None]
                                     if comments else []))
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "grade-named-note", path, p.truth())


GRADE_SHEETS = (("Patient", "Gutachter", "Note"), ("Patient", "Correcteur", "Note"),
                ("Paciente", "Evaluador", "Nota"), ("Paziente", "Valutatore", "Voto"),
                ("Patiënt", "Beoordelaar", "Cijfer"))
"""A long sheet's subject, rater and grade headers in five languages."""


def _numbered_grade_sheet(rng, name):
    """Patients and raters numbered 1, 2, 3 ... beside grades that are numbers too (the
    German 1-6, or 1-3), so that every column holds small whole numbers."""
    subject, rater, grade = GRADE_SHEETS[int(name.rsplit("_", 1)[1]) % len(GRADE_SHEETS)]
    labels = pick(rng, (("1", "2", "3", "4", "5", "6"), ("1", "2", "3")))
    subjects = [str(k + 1) for k in range(int(rng.integers(8, 15)))]
    raters = [str(k + 1) for k in range(int(rng.integers(2, 5)))]
    p = make_panel(rng, subjects=subjects, raters=raters, labels=labels, missing=0.0)
    return (subject, rater, grade), p


def numbered_ids_beside_grades(rng, folder, name) -> Case:
    """A long sheet ('Patient', 'Gutachter', 'Note') whose ids are numbers as small as the
    grades, the grades sharing values with both: the grades are the ratings, the ids are not."""
    head, p = _numbered_grade_sheet(rng, name)
    rows: list[list] = [list(head)] + [[s, r, v] for s, row in zip(p.subjects, p.grid)
                                       for r, v in zip(p.raters, row)]
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "numbered-ids-beside-grades", path, p.truth())


def ratings_that_are_ids(rng, folder, name) -> Case:
    """The same sheet whose grade column holds the patient's number again (a column copied
    over the grades), or whose only other column is a remark: the only 'ratings' left are the
    file's ids, refused in one sentence naming the columns."""
    (subject, rater, grade), p = _numbered_grade_sheet(rng, name)
    remarks = ("erneut vorgelegt am Folgetag", "Bild unscharf am Rand", "mit Kollegin besprochen",
               "Aufnahme wiederholt", "Befund mit Voraufnahme verglichen", "kein Kommentar")
    copied = rng.random() < 0.5
    rows: list[list] = [[subject, rater, grade if copied else "Bemerkung"]]
    for s in p.subjects:
        for r in p.raters:
            rows.append([s, r, s if copied else f"{pick(rng, remarks)} ({s}/{r})"])
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "ratings-that-are-ids", path, Truth(refuse=("the file's ids",)))


KINDS = [(footer_statistics, 18), (footer_summary, 12), (unlike_label_near_miss, 6),
         (missing_tokens, 18), (grade_named_note, 10), (numbered_ids_beside_grades, 10),
         (ratings_that_are_ids, 10)]
