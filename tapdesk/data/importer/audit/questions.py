"""Principle: a question is no rater (rule 'questions').

A column named as a numbered question or item ('Q1', 'Q 12', 'Item 3', 'Frage 4',
'Pregunta 5') names what is asked, not who answers. A sheet whose every rater column is so
named, one row per person, holds each person's answers to a questionnaire or a test (a
screening form filled in by each patient, an exam's answer sheet): one answer per person and
question, so no subject is rated by two raters and nothing in it measures agreement. It is
refused with words, and the way to read it if each row is in fact a rater and each question a
subject they all rated (raters in rows). Switching the rule off reads it as it was, flagged.
"""

from __future__ import annotations

import re

from tapdesk.data.importer.audit.finding import REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.words import ITEM_WORDS, fold
from tapdesk.data.wording import Count, Name, Wording
from tapdesk.i18n import N_

RULE = "questions"
MIN_QUESTIONS = 3       # fewer numbered columns may be raters named oddly
_NUMBERED = re.compile(r"^\s*(?P<word>[^\W\d_]+)[\s._#:-]*(?P<number>\d{1,3})[a-z]?\s*$",
                       re.IGNORECASE)
"""A name made of one word and a number ('Q1', 'Item 3', 'frage_4', 'Q12a')."""


def is_question_name(name: str) -> bool:
    """'Q1', 'Item 3', 'Frage 4': a word naming a question or item (``words.ITEM_WORDS``),
    then its number."""
    m = _NUMBERED.match(str(name))
    return m is not None and fold(m.group("word")) in ITEM_WORDS


def questions_are_no_raters(reading: Reading) -> list[Finding]:
    """A question is no rater: a reading whose every rater is a column named as a numbered
    question holds one person's answers per row, and is refused."""
    raters = list(reading.ratings.rater_ids)
    if not reading.raters_are_columns or reading.options.layout is not None or \
            len(raters) < MIN_QUESTIONS or not all(map(is_question_name, raters)) or \
            any(reading.user_named(c) for c in raters):
        return []
    # Translators: why a file is refused; {n} a number of columns (3 or more), {first} and
    # {last} the first and last column's names.
    wording = Wording.of(N_(
        "the {n} columns read as raters ({first} to {last}) are numbered questions, not raters: each row "
        "holds one person's answers to a questionnaire or a test, one answer per person and "
        "question, so no subject is rated by two raters. If each row is a rater and each "
        "question a subject they all rated, read the file with the raters in rows"),
        n=Count(len(raters)), first=Name(raters[0]), last=Name(raters[-1]))
    return [Finding(RULE, wording, REFUSE, columns=tuple(raters))]
