"""What free text, quiz scores and years look like: columns that are never ratings.

* Free text (rule 'comment-columns', applied in ``colrules``): a name that says comments in
  any of the usual languages, also as a survey question ('Any comments?', 'Anything else you
  would like to add?', 'Weitere Anmerkungen'); or values that are sentences (several words,
  mostly all different) beside columns of ratings (numbers, or short labels repeated).
* Quiz scores and years (rule 'non-rating-columns'): a column whose every value is a score
  out of a fixed total ('4 / 6', '5/6') beside columns that are not; a column of whole
  numbers from 1900 to 2100 named as a year or a birth date ('year', 'born', 'DOB',
  'Geburtsjahr'), or beside two or more columns of numbers none of which is a year.
"""

from __future__ import annotations

import re

import numpy as np

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.words import COMMENT_WORDS, fold, name_tokens
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

RULE = "non-rating-columns"
_COMMENT_TOKENS = COMMENT_WORDS | {
    "feedback", "explanation",
    "justification", "rationale", "begrundung", "hinweis", "hinweise", "notiz",
    "notizen", "remarque", "observacion", "nota", "notas", "osservazioni", "osservazione",
    "toelichting", "opmerking", "comentario", "commentaire", "kommentar",
}
_COMMENT_PHRASES = (
    re.compile(r"\banything else\b", re.IGNORECASE),
    re.compile(r"\b(would|do) you (like to|want to|wish to)? ?(add|say|share|tell)\b",
               re.IGNORECASE),
    re.compile(r"\bfree[- ]?text\b", re.IGNORECASE),
)
_QUIZ = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:/|von|of|sur|de|su)\s*(\d+)\s*$", re.IGNORECASE)
_YEAR_WORDS = {"year", "yr", "yob", "born", "birth", "birthyear", "yearofbirth", "dob",
               "dateofbirth", "birthdate", "jahr", "geburtsjahr", "geburtsdatum", "geboren",
               "annee", "naissance", "anneedenaissance", "datedenaissance", "ano", "anio",
               "nacimiento", "anodenacimiento", "fechadenacimiento", "anno", "nascita",
               "annodinascita", "jaar", "geboortejaar", "geboortedatum", "cohort"}
_FIRST_YEAR, _LAST_YEAR = 1900, 2100


def is_comment_name(name: str) -> bool:
    """'Comments', 'Bemerkung', 'Any comments?', 'Other remarks', 'Anything else you would
    like to add?' ... (a name with a number, 'Note 2', may be a grade: not by name)."""
    if fold(name) in COMMENT_WORDS:
        return True
    words = name_tokens(name)
    if not words or any(w.isdigit() for w in words):
        return False
    if any(w in _COMMENT_TOKENS for w in words) and len(words) <= 8:
        return fold(name) not in {"note", "nota", "notas"} or len(words) > 1
    return any(p.search(str(name)) for p in _COMMENT_PHRASES)


SENTENCES_MANY = 10
"""Different texts of three words or more a column holds, at least, to be free text though each
comes back once or twice (an utterance 'Uh-huh.' said again); a rater's categories of several
words ('Neither agree nor disagree') are fewer."""


def sentences(values: list[str]) -> bool:
    """Free text on its own: three or more words on average, mostly all different (or half of
    them different and :data:`SENTENCES_MANY` or more)."""
    distinct = len(set(values))
    return len(values) >= 2 and all(numeric_value(v) is None for v in values) and \
        float(np.mean([len(v.split()) for v in values])) >= 3 and \
        (distinct >= 0.8 * len(values) or distinct >= max(SENTENCES_MANY, 0.5 * len(values)))


def short_labels(values: list[str]) -> bool:
    """Ratings written as words: a few short labels, each used again."""
    filled = [v for v in values if v]
    return len(filled) >= 3 and len(set(filled)) <= min(20, max(5.0, 0.6 * len(filled))) and \
        max(len(v) for v in filled) <= 25


def quiz_score(values: list[str]) -> str | None:
    """'k / n' scores out of one total n in every filled cell: the total, else None."""
    filled = [v for v in values if v]
    if len(filled) < 2:
        return None
    found = [_QUIZ.match(v) for v in filled]
    if not all(found):
        return None
    totals = {m.group(2) for m in found if m}
    return totals.pop() if len(totals) == 1 else None


def _years(values: list[str]) -> bool:
    numbers = [numeric_value(v) for v in values if v]
    return len(numbers) >= 2 and all(v is not None and float(v).is_integer() and
                                     _FIRST_YEAR <= v <= _LAST_YEAR for v in numbers)


FRACTIONS_AGREE = 0.4
"""Cohen's kappa of two columns' scores out of one total, at least, for them to be raters
grading on a scale written as fractions (murmurs '3/6'); a student's quizzes rarely score the
same exactly."""


def _graded_alike(texts: dict[str, list[str]], scores: dict[str, str | None]) -> set[str]:
    """The columns of scores out of one total that agree with another such column row by row
    beyond chance: raters grading on a scale written as fractions ('2/6' beside '2/6' and
    '3/6'), not a quiz's scores beside ratings. Each is kept for the scale rule."""
    from tapdesk.data.importer.scalerule import agrees
    numerators = {c: np.array([float(m.group(1).replace(",", ".")) if (m := _QUIZ.match(v))
                               else np.nan for v in texts[c]]) for c, total in scores.items()
                  if total}
    return {c for c, own in numerators.items()
            if any(o != c and scores[o] == scores[c] and len(other) == len(own) and
                   agrees(own, other, FRACTIONS_AGREE) for o, other in numerators.items())}


def _below_years(values: list[str]) -> bool:
    """A column of numbers none of which could be a year."""
    numbers = [numeric_value(v) for v in values if v]
    return bool(numbers) and all(v is not None and abs(v) < _FIRST_YEAR for v in numbers)


def is_year_name(name: str) -> bool:
    return fold(name) in _YEAR_WORDS or any(w in _YEAR_WORDS for w in name_tokens(name))


def other_data(columns: list[str], texts: dict[str, list[str]], protected: set[str],
               ids: set[str]) -> dict[str, Wording]:
    """Columns holding quiz scores or years, each with the reason."""
    found: dict[str, Wording] = {}
    values = [c for c in columns if c not in ids]
    scores = {c: quiz_score(texts[c]) for c in values}      # once per column: no n^2 loop
    scored = _graded_alike(texts, scores)
    scores = {c: None if c in scored else total for c, total in scores.items()}
    smaller = {c: _below_years(texts[c]) for c in values}
    not_scores, below_all = sum(v is None for v in scores.values()), sum(smaller.values())
    for c in values:
        if c in protected:
            continue
        total = scores[c]
        if total and not_scores >= 2:                  # c itself is a score: all are others
            example = next(v for v in texts[c] if v)
            # Translators: why a column holds no ratings (a clause); {total} is the score's
            # maximum; {example} a cell of the column.
            found[c] = Wording.of(N_("its values are scores out of {total} (e.g. {example}), "
                                     "not ratings"), total=total, example=Name(example))
        elif _years(texts[c]):
            below = below_all - smaller[c]
            if is_year_name(c) and below >= 1 and len(values) >= 3:
                # Translators: why a column holds no ratings (a clause).
                found[c] = Wording.of(N_("its name and its values (whole numbers from 1900 to "
                                         "2100) say it holds years"))
            elif below >= 2:
                # Translators: as above.
                found[c] = Wording.of(N_("its values are all years (whole numbers from 1900 to "
                                         "2100) while the other columns hold smaller numbers"))
    return found


def apply_other_data(table, book: NoteBook, protected: set[str], ids: set[str]):
    """Leave out quiz-score and year columns (rule 'non-rating-columns')."""
    texts = {c: table.texts(c, 2000) for c in table.columns}
    found = other_data(list(table.columns), texts, protected, ids)
    if not found or len(found) >= len(table.columns) - len(ids) - 1:
        return table
    for c, why in found.items():
        # Translators: {column} is a column's name; {why} why it holds no ratings (a clause).
        book.add(RULE, Wording.of(N_("column {column} is not a rater: {why}; it was left out"),
                                  column=Name(c), why=why), columns=[c])
    return table.drop_columns(found)
