"""Corpus kinds for issue 52, family 7: files with nothing to rate, refused in one sentence
saying why, and row statistics beside ratings, left out.

A codebook (each variable's codes and labels), an aggregated report (one answer and its
confidence per unit, maybe a comment), a data export before any rating was entered (age and
sex beside empty rater columns): no two of their columns share a scale, so nothing in them is
ratings, whatever the headers say. Row statistics ('N', 'Mean') beside the raters are
calculated from them. Written as offices in six languages write them.
"""

from __future__ import annotations

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.kinds_v5_rows import LANGUAGES, write_office
from tests.import_corpus.panel import make_panel
from tests.import_corpus.truth import Case, Truth

CODEBOOK = {"de": ("Variable", "Wert", "Bezeichnung"), "fr": ("Variable", "Code", "Libellé"),
            "es": ("Variable", "Código", "Etiqueta"), "pt": ("Variável", "Código", "Rótulo"),
            "it": ("Variabile", "Codice", "Etichetta"), "nl": ("Variabele", "Code", "Label")}
VARIABLES = (("sexo", (("1", "masculino"), ("2", "feminino"))),
             ("befund", (("0", "kein Befund"), ("1", "Befund"), ("9", "unklar"))),
             ("gravité", (("1", "légère"), ("2", "modérée"), ("3", "sévère"))),
             ("esito", (("0", "negativo"), ("1", "positivo"))))
REPORT = {"de": ("Einheit", "Antwort", "Konfidenz", "Kommentar"),
          "fr": ("Unité", "Réponse", "Confiance", "Commentaire"),
          "es": ("Unidad", "Respuesta", "Confianza", "Comentario"),
          "pt": ("Unidade", "Resposta", "Confiança", "Comentário"),
          "it": ("Unità", "Risposta", "Confidenza", "Commento"),
          "nl": ("Eenheid", "Antwoord", "Betrouwbaarheid", "Opmerking")}
ANSWERS = (("ja", "nein"), ("positif", "négatif", "neutre"), ("sí", "no"), ("presente", "ausente"))
REMARKS = ("two workers disagreed on this one", "the photo is blurred at the edge",
           "clear example of the class", "text too short to judge well", "checked again later")
PERSON = {"de": ("Alter", "Geschlecht", ("m", "w")), "fr": ("Âge", "Sexe", ("H", "F")),
          "es": ("Edad", "Sexo", ("H", "M")), "pt": ("Idade", "Sexo", ("M", "F")),
          "it": ("Età", "Sesso", ("M", "F")), "nl": ("Leeftijd", "Geslacht", ("m", "v"))}
REFUSED = ("one scale",)


def _code(name: str) -> str:
    return tuple(LANGUAGES)[int(name.rsplit("_", 1)[1]) % len(LANGUAGES)]


def codebook(rng, folder, name) -> Case:
    """Each variable's codes and their labels: refused, nothing is rated."""
    head = CODEBOOK[_code(name)]
    rows: list[list] = [list(head)]
    for var, codes in VARIABLES[:int(rng.integers(2, 5))]:
        rows += [[var, c, label] for c, label in codes]
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "codebook-v5", path, Truth(refuse=REFUSED))


def aggregated_answers(rng, folder, name) -> Case:
    """One answer and its confidence per unit (a crowd platform's aggregated report), maybe
    with a comment: refused, nothing is rated twice."""
    unit, answer, confidence, comment = REPORT[_code(name)]
    answers = pick(rng, ANSWERS)
    with_comment = rng.random() < 0.5
    rows: list[list] = [[unit, answer, confidence] + ([comment] if with_comment else [])]
    for k in range(int(rng.integers(8, 20))):
        rows.append([f"U{k + 1:03d}", pick(rng, answers),
                     f"{rng.uniform(0.34, 1.0):.4f}".replace(".", ",")] +
                    ([f"{pick(rng, REMARKS)} ({k})"] if with_comment else []))
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "aggregated-answers", path, Truth(refuse=REFUSED))


def before_ratings(rng, folder, name) -> Case:
    """A data-entry export before any rating was entered: the patients' age and sex beside
    empty rater columns: refused, there are no ratings yet."""
    code = _code(name)
    words = LANGUAGES[code]
    age, sex, sexes = PERSON[code]
    raters = [f"{words[1]} {k + 1}" for k in range(int(rng.integers(2, 4)))]
    rows: list[list] = [[words[0], age, sex] + raters]
    rows += [[f"P{k + 1:03d}", str(int(rng.integers(18, 90))), pick(rng, sexes)] +
             [None] * len(raters) for k in range(int(rng.integers(8, 20)))]
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "before-ratings", path, Truth(refuse=REFUSED))


def row_statistics(rng, folder, name) -> Case:
    """Raters' columns followed by each row's number of ratings and mean ('N', 'Mittelwert'):
    the statistics are calculated from the ratings and left out."""
    code = _code(name)
    words = LANGUAGES[code]
    p = make_panel(rng, raters=[f"{words[1]} {k + 1}" for k in range(int(rng.integers(3, 5)))],
                   labels=("1", "2", "3", "4", "5"), missing=0.0, subject_style="P",
                   n_subj=(8, 14))
    rows: list[list] = [p.rows(id_header=words[0])[0] + ["N", words[2]]]
    for s, row in zip(p.subjects, p.grid):
        mean = sum(int(v) for v in row) / len(row)
        rows.append([s] + list(row) + [str(len(row)), f"{mean:.2f}".replace(".", ",")])
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "row-statistics", path, p.truth(rules=("calculated-columns",)))


KINDS = [(codebook, 6), (aggregated_answers, 12), (before_ratings, 8), (row_statistics, 8)]
