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


# ------------------------------------------------------------- family 8
FORM_WORDS = {  # timestamp, the rater's name, case, finding, time spent, the finding's labels
    "nl": ("Tijdstempel", "Naam beoordelaar", "Casus", "Bevinding", "Tijd besteed (min)",
           ("afwijkend", "normaal", "twijfel")),
    "de": ("Zeitstempel", "Name des Bewerters", "Fall", "Befund", "Dauer (Min.)",
           ("auffällig", "unauffällig")),
    "fr": ("Horodateur", "Nom de l'évaluateur", "Cas", "Résultat", "Durée (min)",
           ("anormal", "normal", "douteux")),
    "es": ("Marca temporal", "Nombre del evaluador", "Caso", "Hallazgo", "Tiempo (min)",
           ("anormal", "normal")),
    "pt": ("Carimbo de data/hora", "Nome do avaliador", "Caso", "Achado", "Tempo (min)",
           ("alterado", "normal")),
    "it": ("Informazioni cronologiche", "Nome del valutatore", "Caso", "Reperto", "Tempo (min)",
           ("anomalo", "normale")),
}
SURNAMES = ("Jansen", "De Vries", "Bakker", "Visser", "Smit", "Meyer", "Rossi", "Dubois")


def form_raters_in_rows(rng, folder, name) -> Case:
    """A form export, one row per rater (the rater's name asked first), one column per case:
    the rows are the raters, named by their answer, the cases the subjects, said."""
    code = tuple(FORM_WORDS)[int(name.rsplit("_", 1)[1]) % len(FORM_WORDS)]
    stamp, who, case, _, _, labels = FORM_WORDS[code]
    raters = [str(r) for r in rng.permutation(SURNAMES)[:int(rng.integers(3, 6))]]
    cases = [f"{case} {k + 1}" for k in range(int(rng.integers(4, 10)))]
    p = make_panel(rng, subjects=cases, raters=raters, labels=labels, missing=0.0)
    rows: list[list] = [[stamp, who] + cases]
    rows += [[f"{k + 12}-3-2024 10:{10 + k}:00", r] + [p.grid[i][k] for i in range(len(cases))]
             for k, r in enumerate(raters)]
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "form-raters-in-rows", path, p.truth(rules=("survey-orientation",)))


def form_one_row_per_rating(rng, folder, name) -> Case:
    """A form filled once per rating: a response id, start and end times, the rater's e-mail
    and name, the patient, the finding and the minutes it took: one row per rating, the
    finding the rating."""
    code = tuple(FORM_WORDS)[int(name.rsplit("_", 1)[1]) % len(FORM_WORDS)]
    _, who, case, finding, spent, labels = FORM_WORDS[code]
    raters = [str(r) for r in rng.permutation(SURNAMES)[:int(rng.integers(2, 5))]]
    patients = [f"P{k + 1:02d}" for k in range(int(rng.integers(6, 12)))]
    p = make_panel(rng, subjects=patients, raters=raters, labels=labels, missing=0.0)
    rows: list[list] = [["ID", "Start", "End", "E-mail", who, case, finding, spent]]
    k = 0
    for i, s in enumerate(patients):
        for j, r in enumerate(raters):
            k += 1
            mail = r.lower().replace(" ", "") + "@umc.example.org"
            rows.append([str(k), f"12-3-2024 10:{k % 60:02d}:00", f"12-3-2024 10:{(k + 4) % 60:02d}:00",
                         mail, r, s, p.grid[i][j], str(int(rng.integers(1, 25)))])
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "form-one-row-per-rating", path, p.truth())


ADJUDICATED = ("Endbefund (adjudiziert)", "Consenso final", "Adjudicated", "Arbitrage",
               "Eindoordeel", "Giudizio finale")


def adjudicated_beside_raters(rng, folder, name) -> Case:
    """A wide clinical export whose last column is the adjudicated answer (the raters'
    majority, or the adjudicator's call where they split): a reference, not a rater."""
    code = tuple(LANGUAGES)[int(name.rsplit("_", 1)[1]) % len(LANGUAGES)]
    words = LANGUAGES[code]
    labels = pick(rng, (("positiv", "negativ"), ("1", "2", "3"), ("normal", "anormal")))
    p = make_panel(rng, raters=[f"{words[1]} {k + 1}" for k in range(int(rng.integers(3, 5)))],
                   labels=labels, missing=0.0, n_subj=(40, 60), subject_style="num100")
    truth = [str(rng.choice(labels)) for _ in p.subjects]        # readers right 80% of the time
    p.grid = [[t if rng.random() < 0.8 else str(rng.choice(labels)) for _ in p.raters]
              for t in truth]
    head = ADJUDICATED[int(name.rsplit("_", 1)[1]) % len(ADJUDICATED)]
    rows: list[list] = p.rows(id_header=words[0])
    rows[0].append(head)
    for row, grid in zip(rows[1:], p.grid):
        counts = {v: grid.count(v) for v in grid}
        top = max(counts, key=lambda v: counts[v])
        row.append(top if 2 * counts[top] > len(grid) else str(rng.choice(labels)))
    path = write_office(rng, folder, name, rows, comma=True)
    return Case(name, "adjudicated-beside-raters", path,
                p.truth(rules=("reference-answer",)))


KINDS += [(form_raters_in_rows, 12), (form_one_row_per_rating, 12),
          (adjudicated_beside_raters, 12)]
