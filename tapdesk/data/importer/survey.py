"""Which way a one-row-per-respondent export is read, said every time (issue 40, family 5).

A survey export (a form: Google Forms, Microsoft Forms, SurveyMonkey, Qualtrics, or any table
of one row per person filling it in) is read either with the respondents as raters and each
question as a subject, or with the respondents as subjects and each question as a rater or
item. The question texts are the evidence: questions that differ only in the thing they name
('Rate essay 1', 'Rate essay 2') are subjects; questions that name raters ('Rater 1 score')
are raters; questions naming persons ('How did Dr Smith do?') leave the choice in doubt.
The choice and the other reading are said in a note every time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tapdesk.data.importer.idstructure import EMAIL, TIME_LIKE
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import RULE_ROWS, Table
from tapdesk.data.importer.words import ITEM_WORDS, RATER_WORDS, SUBJECT_WORDS, fold, looks_like_rater
from tapdesk.data.wording import Joined, Name, Quoted, Wording
from tapdesk.i18n import N_

RULE = "survey-orientation"
THING_WORDS = SUBJECT_WORDS - {"id", "respondent", "participant", "participantid"} | {
    "clip", "video", "photo", "picture", "slide", "scan", "xray", "text", "tweet", "post",
    "sentence", "paragraph", "recording", "audio", "story", "poster", "abstract", "proposal",
    "application", "submission", "performance", "dish", "product", "film", "song", "painting",
    "drawing", "design", "logo", "transcript", "report", "vignette", "scenario", "response",
    "answer", "translation", "summary", "article", "page", "site", "website", "ad", "advert",
}
"""Nouns naming a thing that is rated: questions naming them are subjects."""
RESPONDENT_WORDS = {"name", "yourname", "fullname", "email", "emailaddress", "username",
                    "respondent", "respondentid", "responseid", "submissionid", "initials",
                    "yourinitials", "youremail", "login", "participantname"}
TIME_WORDS = {"timestamp", "submitted", "submittedat", "submissiondate", "starttime",
              "completiontime", "endtime", "startdate", "enddate", "recordeddate", "datesubmitted"}
_WORD = re.compile(r"[^\W\d_]+|\d+")
_TITLED = re.compile(r"\b(Dr|Prof|Mr|Mrs|Ms|Mx)\.?\s+[A-Z]")
_MOST = 0.8


@dataclass(frozen=True)
class Orientation:
    """How a survey is read: its questions as 'subjects' or as 'raters', how sure, and why."""

    questions: str
    confidence: float
    evidence: Wording


def _shown(questions: list[str]) -> Quoted | Joined:
    """The first questions, each in the language's quotes ("'Q1', 'Q2', 'Q3' ...")."""
    quoted = Quoted(tuple(questions[:3]))
    return Joined((quoted, "..."), " ") if len(questions) > 3 else quoted


def varying_parts(questions: list[str]) -> list[str]:
    """What the questions differ in, once the words they share at the start and the end are
    set aside: 'Rate essay 1', 'Rate essay 2' -> '1', '2'."""
    words = [_WORD.findall(q) for q in questions]
    if len(words) < 2 or not all(words):
        return list(questions)
    low = [[w.lower() for w in ws] for ws in words]
    shortest = min(map(len, low))
    start = next((k for k in range(shortest) if len({tuple(ws[:k + 1]) for ws in low}) > 1),
                 shortest)
    end = next((k for k in range(shortest - start) if len({tuple(ws[len(ws) - k - 1:])
                                                           for ws in low}) > 1),
               shortest - start)
    return [" ".join(ws[start:len(ws) - end]) for ws in words]


def _names_rater(question: str, part: str) -> bool:
    return looks_like_rater(part) or looks_like_rater(question) or \
        any(fold(w) in RATER_WORDS for w in _WORD.findall(question))


def _names_thing(question: str) -> bool:
    return any(fold(w) in THING_WORDS for w in _WORD.findall(question))


def orientation(questions: list[str]) -> Orientation:
    """The reading the question texts support, with the evidence in words."""
    parts = varying_parts(questions)
    need = _MOST * len(questions)
    shown = _shown(questions)
    if questions and sum(_names_rater(q, p) for q, p in zip(questions, parts)) >= need:
        # Translators: why a survey is read so (a clause after "because"); {questions} is the
        # first question texts in quotes.
        return Orientation("raters", 0.8, Wording.of(N_("the questions name raters ({questions})"),
                                                     questions=shown))
    if questions and sum(bool(_TITLED.search(q)) for q in questions) >= need:
        # Translators: as above.
        return Orientation("subjects", 0.6, Wording.of(N_(
            "the questions name persons ({questions}), taken as the persons rated; they may "
            "instead be the raters, each response describing one subject"), questions=shown))
    if questions and sum(map(_names_thing, questions)) >= need:
        # Translators: as above.
        return Orientation("subjects", 0.8, Wording.of(N_("the questions name what is rated "
                                                          "({questions})"), questions=shown))
    numbered = [p for p in parts if p.isdigit()]
    constant = {fold(w) for q in questions for w in _WORD.findall(q)} - {fold(p) for p in parts}
    if len(numbered) == len(parts) and constant and not constant <= ITEM_WORDS | {"qid"}:
        # Translators: as above.
        return Orientation("subjects", 0.8, Wording.of(N_(
            "the questions differ only in a number ({questions}), so each names one thing to "
            "rate"), questions=shown))
    # Translators: as above.
    return Orientation("subjects", 0.7, Wording.of(N_(
        "the question texts ({questions}) name no rater, so the respondents are taken as the "
        "raters"), questions=shown))


def respondent_column(table: Table, exclude: set[str]) -> str | None:
    """A column naming each respondent once (name, e-mail, response id): the rows are
    responses to a form, when the other columns are questions."""
    n = len(table.body)
    for col in table.columns:
        if col in exclude or n < 2:
            continue
        head = [v for v in table.texts(col, limit=20) if v]
        if fold(col) not in RESPONDENT_WORDS and \
                sum(bool(EMAIL.match(v)) for v in head) < _MOST * max(len(head), 1):
            continue
        values = [v for v in table.texts(col, limit=RULE_ROWS) if v]
        if len(values) == n and len(set(values)) == n and (fold(col) in RESPONDENT_WORDS or sum(
                bool(EMAIL.match(v)) for v in values) >= _MOST * n):
            return col
    return None


def form_questions(table: Table, exclude: set[str]) -> list[str]:
    """The columns of a form that are questions: not its ids, times or respondent columns."""
    return [c for c in table.columns if c not in exclude and
            fold(c) not in TIME_WORDS | RESPONDENT_WORDS | {"id"} and
            not any(TIME_LIKE.search(v) for v in table.texts(c, limit=50) if v)]


def looks_like_form(questions: list[str]) -> bool:
    """Question texts: most end in '?' or are several words long, or they name things or
    raters (an orientation with evidence)."""
    if len(questions) < 2:
        return False
    wordy = sum(q.strip().endswith("?") or len(q.split()) >= 3 for q in questions)
    return wordy >= _MOST * len(questions) or orientation(questions).confidence != 0.7


def note_orientation(book: NoteBook, what: Wording, respondent: str | None, orient: Orientation,
                     n_questions: int) -> None:
    """Say which way the survey is read, why, and the other reading."""
    # Translators: how a survey export's responses are named; {column} is a column's name.
    named = Wording.of(N_("named by {column}"), column=Name(respondent)) if respondent else \
        Wording.of(N_("numbered in file order"))
    if orient.questions == "raters":
        # Translators: {export} is the kind of export ("a Qualtrics export, one row per
        # response"); {named} how responses are named; {n} the number of question columns;
        # {evidence} why (a clause).
        text = Wording.ngettext(
            "{export}: each response (row) is read as one subject ({named}) and each of the {n} "
            "question column as one rater, because {evidence}; the other reading, respondents as "
            "raters and questions as subjects, is the wide, transposed layout",
            "{export}: each response (row) is read as one subject ({named}) and each of the {n} "
            "question columns as one rater, because {evidence}; the other reading, respondents "
            "as raters and questions as subjects, is the wide, transposed layout", n_questions,
            export=what, named=named, n=n_questions, evidence=orient.evidence)
    else:
        # Translators: as above, the other way round.
        text = Wording.ngettext(
            "{export}: each response (row) is read as one rater ({named}) and each of the {n} "
            "question column as one subject, because {evidence}; the other reading, respondents "
            "as subjects and questions as raters or items, is the wide layout",
            "{export}: each response (row) is read as one rater ({named}) and each of the {n} "
            "question columns as one subject, because {evidence}; the other reading, respondents "
            "as subjects and questions as raters or items, is the wide layout", n_questions,
            export=what, named=named, n=n_questions, evidence=orient.evidence)
    book.add(RULE, text, columns=[respondent] if respondent else (), action="guessed",
             settings=("layout",))
