"""Words the importer recognises, in several languages, and how names are compared.

Names are compared after folding accents and case and dropping punctuation, so
"Évaluateur", "evaluateur" and "EVALUATEUR:" are one word.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_JOINER = re.compile(r"(?<=[^\W_])[-_.\u2010\u2011\u2013](?=[^\W_])")
"""A hyphen, underscore or dot between a letter and a letter or digit ('3-part', 'MS-63')."""


_ABBREVIATION_DOT = re.compile(r"(?<=[^\W\d_])\.(?=\s|$)")
"""The dot that ends an abbreviation, after a letter and before a space or the end ('No. 2',
'U.S. No. 2' is 'US No 2')."""
_LAST_BRACKETED = re.compile(r"(?<=\S)\s*[(\[](?P<inner>[^()\[\]]+)[)\]]$")
"""A last part in brackets after something ('B (8)', 'C[12]')."""


@lru_cache(maxsize=65536)
def spelling_key(text: str) -> str:
    """What spellings of one word share: no accents, no letter case, no spaces, no joining
    hyphen beside a letter ('Léger', 'LEGER' and 'leger' share 'leger'; '3-part' and '3 part',
    'MS-63' and 'MS63' are one), no abbreviation's dot ('U.S. No. 2' and 'US No 2'), no
    brackets around a last part ('B (8)' and 'B8' are one);
    unlike :func:`fold`, digits and signs stay ('-1', '1-2')."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _JOINER.sub(lambda m: "" if _letter_beside(m) else m.group(0), text)
    text = _ABBREVIATION_DOT.sub("", text)
    text = _LAST_BRACKETED.sub(r"\g<inner>", text.strip())
    return "".join(ch for ch in text if not ch.isspace()).casefold()


def _letter_beside(m: re.Match[str]) -> bool:
    text, at = m.string, m.start()
    return text[at - 1].isalpha() or text[at + 1].isalpha()


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
    # a sample tasted or tested
    "muestra", "echantillon", "campione", "probe", "amostra",
}
RATER_WORDS = {
    "rater", "raterid", "ratername", "judge", "judgeid", "coder", "coderid", "annotator",
    "annotatorid", "observer", "reviewer", "assessor", "examiner", "grader", "clinician",
    "worker", "workerid", "evaluator", "scorer", "expert", "reader", "variable", "marker",
    "bewerter", "bewerterin", "beurteiler", "beurteilerin", "gutachter", "gutachterin",
    "beobachter", "beobachterin", "prufer", "prufende", "richter", "kodierer", "codierer",
    "untersucher", "arzt", "arztin", "evaluateur", "evaluatrice", "juge", "codeur", "observateur",
    "correcteur", "examinateur", "evaluador", "evaluadora", "juez", "codificador", "observador",
    "calificador", "valutatore", "giudice", "codificatore", "osservatore", "avaliador", "juiz",
    "beoordelaar",
    # those who inspect, audit or sift for a living judge too
    "inspector", "auditor", "sifter", "screener", "appraiser", "inspektor", "inspekteur",
    "inspecteur", "auditeur", "ispettore", "inspetor", "examinador", "examinadora",
    "esaminatore",
    # a coordinator decides beside the screeners (a person's role, not a document's)
    "coordinator", "koordinator", "koordinatorin", "coordinateur", "coordinatrice",
    "coordinador", "coordinadora", "coordinatore",
    # tasters of a sensory panel
    "taster", "catador", "catadora", "degustateur", "degustatrice", "assaggiatore",
    "assaggiatrice", "verkoster", "verkosterin", "provador", "provadora", "proever",
}
RATING_WORDS = {
    "rating", "ratings", "score", "value", "label", "category", "grade", "code", "response",
    "class", "diagnosis", "answer", "decision", "outcome", "verdict", "result", "medal",
    "recommendation", "assessment", "level", "severity", "classification",
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

CONFIDENCE_WORDS = {
    "confidence", "certainty", "sureness", "sure", "howsure", "selfconfidence",
    "sicherheit", "konfidenz", "gewissheit", "confiance", "certitude", "confianza", "certeza",
    "fiducia", "certezza", "zekerheid",
}
"""Names of how sure a rater was of a rating ('w_0412_confidence'): a report about the rating,
not a rating of the subject (English, German, French, Spanish, Italian, Dutch)."""

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
              "agreement", "pctagreement", "kappa", "iqr", "interquartilerange", "range",
              "spannweite", "min", "max", "minimum", "maximum"}
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


SUMMARY_NAMES = {
    "total", "totals", "grandtotal", "sum", "summe", "gesamt", "insgesamt", "somme", "suma",
    "totale", "somma", "totaal", "mean", "average", "avg", "mittelwert", "durchschnitt",
    "moyenne", "promedio", "gemiddelde", "median", "mediana", "mediane", "mediaan", "aggregate",
    "overall", "totalscore",
}
"""Names of a row computed from the rows beside it (a run's 'Aggregate', a cycle 'Average'):
no one's name ('Max', 'Alpha' or 'Mode' may be)."""


def is_summary_name(text: str) -> bool:
    """'Total', 'Aggregate', 'Average', 'TOTAL SCORE' (compared folded)."""
    return fold(text) in SUMMARY_NAMES


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
_TITLED = re.compile(r"^(?:(?:dr|prof|mr|mrs|ms|mme|mlle|frau|herr|sr|sra|srta)\.?|m\.|fr\.)\s+"
                     r"[^\W\d]", re.IGNORECASE)
"""A name after a title, in the languages TapDesk speaks: 'Dr Ng', 'Mme Roux', 'Frau Lang'."""


def looks_like_rater(name: str) -> bool:
    """'Rater 3', 'judge_b', 'Dr Adams', 'coder2', 'Bewerter' ... name raters."""
    f = fold(name)
    return bool(_RATER_HEADER.match(str(name).strip()) or _TITLED.match(str(name).strip())) or \
        f in RATER_WORDS or \
        any(f.startswith(w) and f[len(w):].isdigit() for w in RATER_WORDS)


def name_tokens(text: str) -> list[str]:
    """Folded words of a column name, camel case split: 'goldLabel' -> ['gold', 'label']."""
    return tokens(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(text)))


REFERENCE_CORE = {
    "consensus", "gold", "goldstandard", "goldlabel", "reference", "adjudicated", "adjudication",
    "adjudicator", "adjudicators", "final", "majority", "majorityvote", "agreed", "truth",
    "groundtruth", "panel", "konsens", "konsensus", "referenz", "einigung", "mehrheit",
    "endgultig", "consenso", "referencia", "riferimento", "mayoria", "maggioranza", "majorite",
    "adjudique", "arbitrage", "referentie", "definitivo", "definitif", "definitive",
    "eindoordeel", "eindbeoordeling", "endbeurteilung", "finale",
    # tie-break readers and reference standards, in the languages TapDesk speaks and in
    # Italian, Portuguese and Dutch
    "arbiter", "arbitrator", "tiebreak", "tiebreaker", "schiedsrichter", "arbitre", "arbitro",
    "scheidsrechter", "histology", "histopathology", "histologie", "histologia", "istologia",
    "histopathologie", "mdt", "tumorboard", "ouro", "goud", "referenzstandard",
    # the multidisciplinary meeting's verdict: Dutch MDO, French RCP, German Tumorkonferenz
    "mdo", "rcp", "tumorkonferenz",
    # what an organiser or a certifier publishes as the answer
    "official", "published", "answerkey", "master", "mastercode", "mastercoder", "offiziell",
    "officiel", "oficial", "ufficiale", "officieel", "veroffentlicht", "publie", "publicado",
    "pubblicato", "gepubliceerd",
    # what the answer should be: an exercise's expected grade ('Expected', 'Erwartet')
    "expected", "erwartet", "attendu", "attendue", "esperado", "esperada", "atteso", "verwacht",
    # the pathologist's sign-out: the report's final diagnosis ('PATH-SIGNOUT', 'Sign-out dx')
    "signout",
}
"""Words that make a column (or a rater) a reference answer rather than a rater."""
REFERENCE_EXTRA = {
    "standard", "vote", "expert", "ground", "answer", "label", "labels", "rating", "score",
    "diagnosis", "category", "class", "decision", "code", "value", "result", "grade", "verdict",
    "outcome", "response", "by", "the", "of", "de", "du", "la", "le", "el", "der", "die", "das",
    "des", "del", "di", "van", "het", "antwort", "urteil", "diagnose", "bewertung", "reponse",
    "diagnostic", "respuesta", "diagnostico", "risposta", "valutazione", "oordeel",
    "finale", "final", "finaler", "finales", "true", "opinion", "assessment", "read", "review",
    "etalon", "estandar", "oro", "or", "befund", "endbefund", "bevinding", "hallazgo",
    "achado", "reperto", "giudizio", "jugement", "juicio",
    # what a panel's agreed answer is called beside 'agreed', 'final', 'consensus'
    "level", "committee", "classification", "mark", "stage", "severity", "judgement",
    "judgment", "determination",
    "dx", "ddx", "standaard", "padrao", "reader", "diagnosi", "path", "pathology",
    "uitslag", "besluit", "conclusie", "ergebnis", "beschluss", "resultat", "resultado", "marks",
    "decisao", "esito", "decisione", "conclusion", "conclusao",
    "certainty", "report", "bericht", "rapport", "informe", "rapporto", "verslag",
}
"""Words that may stand beside a reference word without naming a person ('final answer',
'gold standard', 'verdict final', 'Konsens Urteil')."""
_REFERENCE_PAIRED = {"true", "correct", "richtig", "korrekt", "correcte", "correcto",
                     "key", "lab", "laboratory", "labor", "laboratoire", "laboratorio"}
"""Words that make a reference only beside another word ('true label', 'correct answer')."""


_REFERENCE_ALONE = {"consensus", "konsens", "konsensus", "consenso", "goldstandard",
                    "groundtruth", "adjudicated", "referenzstandard", "reference", "referenz",
                    "referencia", "riferimento", "referentie",
                    # an instrument's reading, what the panel is compared with ('e-ASPECTS
                    # (software)', 'Automated score'), in the languages TapDesk speaks and
                    # in Italian, Portuguese and Dutch
                    "software", "logiciel", "algorithm", "algorithmus", "algorithme",
                    "algoritmo", "algoritme", "automated", "automatisiert", "automatise",
                    "automatizado", "automatizzato", "geautomatiseerd"}
"""Reference words that say it whatever words stand beside them ('RSD (consensus +
ophthalmoscopy)', 'Kit reference class'), unless a rater word or a person's title does
('Reader 2 consensus')."""

_ADJUDICATED = "adjudicated"
"""Every word of the stem 'adjudi-' ('adjudiziert', 'adjudicado', 'adjudicato') says it."""


_SCALE_NAME = re.compile(r"(?<![^\W_])[A-Z][A-Z0-9]{1,5}(?:-[A-Z0-9]{1,5})?(?![^\W_])")
"""A scale's name in capitals beside a reference word ('Agreed DCA', 'Final BI-RADS', 'ECOG
consensus'): it names what was rated, not who."""


def is_reference_name(name: str) -> bool:
    """A name that says 'reference answer': every word is a reference word or a word that
    may stand beside one, and one is a reference word ('Consensus', 'gold_label', 'Final
    answer', 'Referenz-Urteil'), or one of the words that say it whatever stands beside them
    ('consensus', 'ground truth'). A person's name or a rater word beside it ('Judge Final',
    'Dr Gold', 'Rater 3 final') is not: the structure decides those."""
    words = [_ADJUDICATED if w.startswith("adjudi") else w for w in name_tokens(name)]
    core = REFERENCE_CORE | (_REFERENCE_PAIRED if len(words) >= 2 else set())
    capitals = _SCALE_NAME.findall(str(name)) if re.search(r"[^\W\d_A-Z]", str(name)) else []
    scale = set(name_tokens(" ".join(capitals)))      # not in a name written all in capitals
    person = bool(re.match(r"^\s*(dr|prof|mr|mrs|ms)\b", str(name), re.IGNORECASE))
    prefixes = set(re.findall(r"(?<![^\W\d_])([a-z])-[^\W\d_]{2}", str(name)))  # 'e-', 'i-'
    one = any(w.isdigit() or (len(w) == 1 and w not in prefixes) or
              (w in RATER_WORDS and w not in REFERENCE_EXTRA)
              for w in words)      # a number, an initial ('R. Konsens', not the 'e' of 'e-ASPECTS')
    #                                or a rater word
    if any(w in _REFERENCE_ALONE for w in words) and not person and not one:
        return True                   # 'RSD (consensus + ophthalmoscopy)'
    return bool(words) and any(w in core for w in words) and \
        all(w in core or w in REFERENCE_EXTRA or w in scale for w in words) and \
        not person


BOOKKEEPING_WORDS = {
    "reviewed", "review", "checked", "check", "verified", "verify", "complete", "completed",
    "status", "recordstatus", "flag", "flagged", "qc", "qcpass", "qcpassed", "qcok", "qa",
    "doubleentry", "doubleentered", "discordant", "discordance", "disagreement", "disagree",
    "agree", "agreement", "concordant", "concordance", "entered", "locked", "signed",
    "signedoff", "validated", "approved", "finished", "processed", "audit",
    "audited", "monitored", "sdv", "query", "queried", "resolved", "reconciled",
    "geprueft", "gepruft", "kontrolliert", "verifiziert", "vollstandig", "abgeschlossen",
    "erledigt", "verifie", "controle", "complet", "termine", "revisado", "verificado",
    "completo", "controllato", "verificato", "gecontroleerd", "compleet", "needsreview",
    "tiebreak", "tiebreaker", "thirdreader", "thirdread", "adjudicationneeded",
    "needsadjudication", "mismatch",
}
"""Words of a bookkeeping column name (folded; 'QC pass', 'double entry', 'record status')."""
EXCLUDE_WORDS = {
    "exclude", "excluded", "exclusion", "drop", "dropped", "invalid", "remove", "removed",
    "discard", "discarded", "omit", "omitted", "ausschliessen", "ausgeschlossen", "ausschluss",
    "exclu", "exclure", "exclus", "excluido", "excluir", "escluso", "escludere",
    "uitgesloten", "uitsluiten", "ungultig", "invalide", "invalido", "nonvalide",
}
"""Words of a column that marks subjects to leave out ('excluded', 'drop', 'ausschließen')."""
TRUE_WORDS = {"1", "yes", "y", "true", "x", "ja", "j", "oui", "o", "si", "sí", "wahr", "vrai",
              "verdadero", "vero", "waar", "✓", "✔", "excluded", "exclude", "drop", "invalid"}
FALSE_WORDS = {"0", "no", "n", "false", "nein", "non", "falsch", "faux", "falso", "nee", "",
               "ok", "valid", "include", "included", "keep"}
"""Cell texts of a yes/no flag (compared case-folded)."""


def is_bookkeeping_name(name: str) -> bool:
    """'reviewed', 'QC pass', 'double_entry', 'Record status', 'excluded?' ...: a name all of
    whose words (or whose whole folded form) say bookkeeping, not a person."""
    f = fold(name)
    words = name_tokens(name)
    known = BOOKKEEPING_WORDS | EXCLUDE_WORDS
    return bool(f) and (f in known or (bool(words) and all(
        w in known or w in {"record", "entry", "double", "by", "is", "was", "needs", "needed",
                            "for", "data", "subject", "case", "row", "ok", "y", "n", "flag"}
        for w in words) and any(w in known for w in words)))


def is_exclude_name(name: str) -> bool:
    """A name that says the row's subject is to be left out ('excluded', 'Exclude?',
    'drop_case', 'invalid')."""
    return fold(name) in EXCLUDE_WORDS or any(w in EXCLUDE_WORDS for w in name_tokens(name))


NAMED_APART = re.compile(r"^(?P<stem>.*?[^\W\d_].*?)(?:[\s_\-.#:/]*\d+|[\s_\-.#:/]+[^\W\d_]|"
                         r"(?<=[^\x00-\x7f])[^\W\d_\x00-\x7f])$")
"""A name that ends in what tells raters apart: a number, one letter after a separator or
one letter of a script without spaces after another ('Inspector 3', 'Grader_B', '醫師甲'),
after a stem with a letter."""


def pattern_stem(pattern: re.Pattern[str], name: str) -> str:
    """The group 'stem' of ``pattern`` matched on ``name`` (spaces joined), case-folded."""
    match = pattern.match(" ".join(str(name).split()))
    return match.group("stem").casefold() if match else ""


def naming_stem(name: str) -> str:
    """The stem before what tells ``name`` apart from names like it ('inspector' of
    'Inspector 3'); '' where it ends in nothing that does."""
    return pattern_stem(NAMED_APART, name)


def named_alike(name: str, other: str) -> bool:
    """``name`` and ``other`` share one way of being named: a stem before what tells them apart
    ('Anaesthetist A' and 'Anaesthetist C', 'Inspector 1' and 'Inspector 3')."""
    stem = naming_stem(name)
    return bool(stem) and stem == naming_stem(other)
