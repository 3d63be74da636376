"""Words the importer recognises, in several languages, and how names are compared.

Names are compared after folding accents and case and dropping punctuation, so
"Évaluateur", "evaluateur" and "EVALUATEUR:" are one word.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower case, accents removed, letters and digits only: 'Écart-type' -> 'ecarttype'."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]", "", text.lower().replace("ß", "ss"))


def tokens(text: str) -> list[str]:
    """Folded words of a label: 'Std. Dev.' -> ['std', 'dev']."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.findall(r"[a-z0-9%]+", text)


SUBJECT_WORDS = {
    "subject", "subjectid", "subj", "subjid", "id", "case", "caseid", "unit", "unitid", "wine",
    "participant", "participantid", "patient", "patientid", "student", "studentid", "essay",
    "record", "recordid", "target", "image", "object", "respondent", "ratee", "sample",
    "sampleid", "specimen", "document", "doc", "fallnr",
    # German, French, Spanish, Italian, Portuguese, Dutch
    "proband", "probandin", "probanden", "versuchsperson", "vp", "fall", "patientin",
    "teilnehmer", "teilnehmerin", "objekt", "bild", "sujet", "cas", "individu", "objet",
    "sujeto", "caso", "paciente", "participante", "soggetto", "paziente", "sujeito",
    "proefpersoon", "deelnemer", "casus",
}
RATER_WORDS = {
    "rater", "raterid", "ratername", "judge", "judgeid", "coder", "coderid", "annotator",
    "annotatorid", "observer", "reviewer", "assessor", "examiner", "grader", "clinician",
    "worker", "workerid", "evaluator", "scorer", "expert", "reader", "variable",
    "bewerter", "bewerterin", "beurteiler", "beurteilerin", "gutachter", "gutachterin",
    "beobachter", "beobachterin", "prufer", "prufende", "richter", "kodierer", "codierer",
    "untersucher", "arzt", "arztin", "evaluateur", "evaluatrice", "juge", "codeur", "observateur",
    "correcteur", "examinateur", "evaluador", "evaluadora", "juez", "codificador", "observador",
    "calificador", "valutatore", "giudice", "codificatore", "osservatore", "avaliador", "juiz",
    "beoordelaar",
}
RATING_WORDS = {
    "rating", "ratings", "score", "value", "label", "category", "grade", "code", "response",
    "class", "diagnosis", "answer", "decision", "outcome", "verdict", "result", "medal",
}
"""English rating headers, searched first."""
MORE_RATING_WORDS = {
    "urteil", "bewertung", "beurteilung", "kategorie", "note", "wert", "diagnose", "punkte",
    "punktzahl", "antwort", "evaluation", "categorie", "valeur", "diagnostic", "reponse",
    "calificacion", "puntuacion", "categoria", "valor", "codigo", "diagnostico", "nota",
    "respuesta", "punteggio", "valutazione", "giudizio", "pontuacao", "avaliacao", "oordeel",
    "beoordeling",
}
ITEM_WORDS = {
    "item",
    "itemid",
    "items",
    "question",
    "questionid",
    "task",
    "criterion",
    "dimension",
    "domain",
    "trait",
    "aspect",
    "q",
    "frage",
    "kriterium",
    "critere",
    "pregunta",
    "criterio",
    "domanda",
    "vraag",
}

FOOTER_WORDS = {
    "total", "totals", "sum", "summe", "gesamt", "insgesamt", "somme", "suma", "totale", "somma",
    "totaal", "grandtotal", "mean", "average", "avg", "mittelwert", "durchschnitt", "moyenne",
    "media", "promedio", "gemiddelde", "sd", "std", "stdev", "stddev", "stdv", "standarddeviation",
    "standardabweichung", "ecarttype", "desviacion", "desv", "desvest", "devstd", "n", "count",
    "anzahl", "effectif", "median", "mediane", "mediana", "min", "max", "minimum", "maximum",
    "range", "variance", "var", "mode", "modus", "percent", "%", "kappa", "alpha", "agreement",
    "sumtotal", "ttl", "summary",
}
NUMBER_WORDS = {"nr", "no", "number", "nummer", "numero", "index", "lfdnr", "row", "rownr",
                "rownumber", "zeile", "ligne", "fila", "x", "", "idx", "lfd", "num", "nro"}
"""Headers of a running-number column (folded; '#' and 'No.' fold to '' and 'no')."""

MEAN_NAMES = {"mean", "average", "avg", "sd", "std", "stdev", "stddev", "median", "mittelwert",
              "durchschnitt", "moyenne", "media", "promedio", "gemiddelde", "variance", "var",
              "standardabweichung", "ecarttype", "desviacion", "meanscore", "averagescore",
              "meanrating", "averagerating", "overallmean", "percent", "percentage",
              "agreement", "pctagreement", "kappa"}
SUM_NAMES = {"total", "sum", "summe", "gesamt", "somme", "suma", "totale", "somma", "totaal",
             "totalscore", "sumscore", "scoretotal", "totalpoints", "gesamtpunkte", "summescore"}

COMMENT_WORDS = {"comment", "comments", "note", "notes", "remark", "remarks", "memo", "freetext",
                 "bemerkung", "bemerkungen", "kommentar", "kommentare", "anmerkung", "anmerkungen",
                 "commentaire", "commentaires", "remarque", "remarques", "comentario", "comentarios",
                 "observaciones", "observacion", "commento", "commenti", "opmerking", "opmerkingen"}
"""Headers of free-text columns (compared folded)."""

NOTE_STARTS = ("note", "notes", "source", "quelle", "anmerkung", "anmerkungen", "hinweis",
               "remarque", "nota", "notas", "fuente", "created", "generated", "exported", "legend",
               "legende", "key", "abbreviations")


def is_footer_label(text: str) -> bool:
    """'Total', 'Mean:', 'Std. Dev.', 'Total score', 'N =' ... but not 'N 12' or 'Total 3'."""
    words = tokens(text)
    if not words:
        return text.strip() in ("Σ", "∑", "%")
    if fold(text) in FOOTER_WORDS:
        return True
    return words[0] in FOOTER_WORDS and not any(w.isdigit() for w in words[1:]) and len(words) <= 4


def is_note_text(text: str) -> bool:
    """A free-text note: 'Note: ...', '* one rater ...', 'Source: ...'."""
    stripped = text.strip()
    if stripped.startswith(("*", "†", "‡", "#")):
        return True
    words = tokens(stripped)
    return bool(words) and words[0] in NOTE_STARTS and (":" in stripped or len(words) > 2)


_RATER_HEADER = re.compile(
    r"^(rater|judge|coder|annotator|observer|reviewer|assessor|examiner|grader|clinician|doctor|"
    r"dr|expert|scorer|evaluator|reader|r|j|obs)\s*(?:[-_#.]\s*)?(\d+|[a-z])$", re.IGNORECASE)
_TITLED = re.compile(r"^(dr|prof|mr|mrs|ms)\.?\s+\w", re.IGNORECASE)


def looks_like_rater(name: str) -> bool:
    """'Rater 3', 'judge_b', 'Dr Adams', 'coder2', 'Bewerter' ... name raters."""
    f = fold(name)
    return bool(_RATER_HEADER.match(str(name).strip()) or _TITLED.match(str(name).strip())) or \
        f in RATER_WORDS or \
        any(f.startswith(w) and f[len(w):].isdigit() for w in RATER_WORDS)
