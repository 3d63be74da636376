"""Survey exports with one row per respondent: Google Forms, Microsoft Forms and SurveyMonkey.
The respondents are the raters and the questions the subjects (the survey rule says so and
offers the other reading); these readers leave out each platform's bookkeeping, name the
column that names the respondents, and make one name of each question."""

from __future__ import annotations

import re

import numpy as np

from tapdesk.data.importer.formats.base import Reading, folded_names, keep_columns, rebuild, say
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.rowrules import leave_out_rows
from tapdesk.data.importer.table import Table, unique_names
from tapdesk.data.importer.words import RATER_WORDS, SUBJECT_WORDS, fold
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Columns, Name, Wording
from tapdesk.i18n import N_
from tapdesk.i18n.text import Nn_

_GRID = re.compile(r"^(?P<question>.+?)\s*\[(?P<row>[^\[\]]+)\]$")
_FORMS_TIME = {"timestamp", "zeitstempel", "horodateur", "marcatemporal",
               "informazionicronologiche", "carimbodedatahora", "tijdstempel"}
PEOPLE_WORDS = ("emailaddress", "username", "email", "name", "yourname", "fullname", "initials",
           "yourinitials", "respondent", "nom", "votrenom", "nombre", "vorname", "ihrname")
_SCORE = re.compile(r"^\d+(?:[.,]\d+)?\s*/\s*\d+$")


def respondent(table: Table, candidates: list[str]) -> str | None:
    """The first candidate column naming every respondent once ('anonymous' names nobody)."""
    for c in candidates:
        values = table.texts(c)
        if all(values) and len(set(values)) == len(values) and \
                not {v.lower() for v in values} & {"anonymous", "anonym", "anonyme"}:
            return c
    return None


def survey_reading(table: Table, book: NoteBook, name: str, rater: str | None, meta: list[str],
                   questions: list[str], people=()) -> tuple[Table, Reading]:
    """One row per respondent, who rates each question (the survey rule reads it); or, when a
    question names the subject ('Patient', 'Image' ...), one rating per row: long data, whose
    rater the usual rules find (the respondents' names and e-mails are kept for them)."""
    named = next((q for q in questions if fold(q) in SUBJECT_WORDS), None) or \
        subject_by_content(table, questions, people)
    if named is not None:
        who = next((c for c in sorted(people, key=lambda c: "mail" in c.lower())
                    if all(table.texts(c))), None)            # a name before an e-mail
        keep = [c for c in table.columns if c not in meta and c not in people or c == who]
        # Translators: {columns} is "column 'x'" or "columns 'x', 'y'"; {platform} the survey
        # tool's name ("Google Forms").
        table = keep_columns(table, book, keep, Nn_(
            "{columns} holds {platform}'s bookkeeping (times, ids, the respondents' other "
            "details), not ratings, and was left out",
            "{columns} hold {platform}'s bookkeeping (times, ids, the respondents' other "
            "details), not ratings, and were left out"), platform=name)
        reading = Reading(export_of(name), rater=who)
        if who:
            # Translators: how a survey export is read; {question} and {rater} are columns' names.
            how = Wording.of(N_("one row per response, the question {question} names the "
                                "subject each response rates, and {rater} names who responded: "
                                "the rater"), question=Name(named), rater=Name(who))
        else:
            # Translators: how a survey export is read; {question} is a column's name.
            how = Wording.of(N_("one row per response, the question {question} names the "
                                "subject each response rates"), question=Name(named))
        say(book, reading, how, columns=[named] + ([who] if who else []))
        return table, reading
    keep = ([rater] if rater else []) + questions
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'"; {platform} the survey tool's
    # name ("Google Forms").
    table = keep_columns(table, book, keep, Nn_(
        "{columns} holds {platform}'s bookkeeping (times, ids, e-mail), not ratings, and was left "
        "out", "{columns} hold {platform}'s bookkeeping (times, ids, e-mail), not ratings, and "
        "were left out"), platform=name)
    reading = Reading(export_of(name), None, rater=rater, survey=name)
    if rater:
        # Translators: how a survey export is read; {column} is the column naming the respondents.
        how = Wording.of(N_("one row per respondent (named in {column}), one column per "
                            "question"), column=Name(rater))
    else:
        # Translators: how a survey export is read.
        how = Wording.of(N_("one row per respondent (not named (numbered in file order)), one "
                            "column per question"))
    say(book, reading, how, columns=[rater] if rater else questions[:1])
    return table, reading


def export_of(name: str) -> Wording:
    """'a Google Forms export': a survey tool's export by the tool's name."""
    # Translators: {platform} is a survey tool's name ("Google Forms", "SurveyMonkey").
    return Wording.of(N_("a {platform} export"), platform=name)


def subject_by_content(table: Table, questions: list[str], people) -> str | None:
    """The question that names the subject when each respondent answered more than once
    ('Which essay are you marking?'): its answers repeat, are words rather than numbers, and
    with a respondent column they are different in every row -- one response per subject and
    rater, as in long data. None when every respondent answered once (a survey)."""
    repeated = [c for c in people if all(v := table.texts(c)) and len(set(v)) < len(v)]
    for q in questions:
        answers = table.texts(q)
        if not all(answers) or not 2 <= len(set(answers)) < len(answers) or \
                any(numeric_value(a) is not None for a in answers):
            continue
        if any(len(set(zip(table.texts(p), answers))) == len(answers) for p in repeated):
            return q
    return None


# ------------------------------------------------------------- Google Forms
def google_forms(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    first = table.columns[0]
    if fold(first) not in _FORMS_TIME or len(table.columns) < 3:
        return None
    people = [names[k] for k in PEOPLE_WORDS if k in names] + \
        [c for c in table.columns if fold(c) in RATER_WORDS]
    people = people or _names_by_content(table, table.columns[1:])
    rater = respondent(table, people) or (people[0] if people else None)
    meta = [first] + [c for c in people if c != rater] + quiz_scores(table)
    table = _grid_rows(table, [c for c in table.columns if c not in meta])
    questions = [c for c in table.columns if c not in meta and c != rater]
    return survey_reading(table, book, "Google Forms", rater, meta, questions, people)


def _names_by_content(table: Table, columns: list[str]) -> list[str]:
    """The first column whose answers name each respondent once, in a word or a few, and
    share no value with any other column ('Naam beoordelaar': 'Jansen', 'De Vries' ...): the
    respondents' names, whatever the question says."""
    others = {c: set(table.texts(c)) for c in columns}
    for c in columns:
        values = table.texts(c)
        if len(values) >= 2 and all(values) and len(set(values)) == len(values) and \
                all(numeric_value(v) is None and len(v.split()) <= 4 for v in values) and \
                not any(others[c] & others[o] for o in columns if o != c):
            return [c]
    return []


def quiz_scores(table: Table) -> list[str]:
    """Columns of a quiz's scores ('4 / 6'): what the form computed, not a rating."""
    return [c for c in table.columns
            if (vals := [v for v in table.texts(c) if v]) and all(_SCORE.match(v) for v in vals)]


def _grid_rows(table: Table, questions: list[str]) -> Table:
    """A multiple-choice grid, 'How clear is each image? [Image 1]' ...: each row of the grid
    ('Image 1') is what was rated, so it names the column when the grid is the only one
    asking about it."""
    parts = {c: _GRID.match(c) for c in questions}
    rows = [m.group("row") for m in parts.values() if m]
    if not rows:
        return table
    names = []
    for c in table.columns:
        m = parts.get(c)
        names.append(m.group("row") if m and rows.count(m.group("row")) == 1 else c)
    names = unique_names(names)
    return rebuild(table, {n: table.body[c].to_numpy(dtype=object)
                           for n, c in zip(names, table.columns)})


# ---------------------------------------------------------- Microsoft Forms
_MS_META = {"id", "starttime", "completiontime", "email", "name", "lastmodifiedtime",
            "totalpoints", "quizfeedback"}


_MS_LOCAL = {
    "starttime": ("Startzeit", "Heure de début", "Hora de inicio", "Ora di inizio",
                  "Hora de início", "Begintijd"),
    "completiontime": ("Fertigstellungszeit", "Abschlusszeit", "Heure de fin",
                       "Heure de fin de l'opération", "Hora de finalización", "Ora di completamento",
                       "Hora de conclusão", "Tijd van voltooien", "Voltooiingstijd"),
    "email": ("E-Mail", "Adresse de messagerie", "Courrier", "Correo electrónico",
              "Posta elettronica", "Email", "E-mail"),
    "name": ("Nom", "Nombre", "Nome", "Naam"),
    "lastmodifiedtime": ("Zeitpunkt der letzten Änderung", "Heure de la dernière modification",
                         "Hora de la última modificación", "Ora ultima modifica",
                         "Hora da última modificação", "Tijd van laatste wijziging"),
}
"""The column names Microsoft Forms writes in the form's language (German, French, Spanish,
Italian, Portuguese, Dutch), each under its English name's folded form."""


def _ms_names(table: Table) -> dict[str, str]:
    """The table's columns by their folded English Microsoft Forms names where a column has a
    localised one, beside every column's own folded name."""
    names = folded_names(table)
    local = {"".join(ch for ch in w.lower() if ch.isalnum()): key
             for key, words in _MS_LOCAL.items() for w in words}
    return {**names, **{local[f]: c for f, c in names.items() if f in local}}


def microsoft_forms(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = _ms_names(table)
    if not {"starttime", "completiontime"} <= set(names) or \
            not {"email", "name"} & set(names):
        return None
    meta = list(dict.fromkeys(c for f, c in names.items()
                              if f in _MS_META or f.startswith(("points", "feedback"))))
    meta += [c for c in quiz_scores(table) if c not in meta]
    rater = respondent(table, [names[k] for k in ("name", "email", "id") if k in names])
    questions = [c for c in table.columns if c not in meta]
    people = [names[k] for k in ("name", "email") if k in names]
    return survey_reading(table, book, "Microsoft Forms", rater, meta, questions, people)


# -------------------------------------------------------------- SurveyMonkey
_SM_META = {"respondentid", "collectorid", "startdate", "enddate", "ipaddress", "emailaddress",
            "firstname", "lastname"}
_SM_WRITTEN = {"openendedresponse", "other", "otherpleasespecify", "comments"}


def surveymonkey(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    if not {"respondentid", "collectorid"} <= set(names) or len(table.body) < 2:
        return None
    rid = names["respondentid"]
    second = table.texts(rid, 1)[0] == ""
    meta = [c for f, c in names.items() if f in _SM_META or f.startswith("customdata")]
    questions = [c for c in table.columns if c not in meta]
    written = [c for c in questions if fold(c) in _SM_WRITTEN]      # two header rows joined
    if second:
        sub = dict(zip(table.columns, table.text[0]))
        # Translators: {rows} is "row 2".
        table = leave_out_rows(table, book, "extra-header-rows", np.arange(len(table.body)) == 0,
                               Wording.ngettext(
                                   "{rows} holds the second header row of a SurveyMonkey export "
                                   "(each answer's option or 'Response' under its question), and "
                                   "was left out", "{rows} hold the second header row of a "
                                   "SurveyMonkey export (each answer's option or 'Response' under "
                                   "its question), and were left out", 1))
        table, questions, written = _join_headers(table, questions, sub)
    if written:
        # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
        book.add("comment-columns", Wording.ngettext(
            "{columns} holds written answers ('Open-Ended Response'), not ratings, and was left "
            "out", "{columns} hold written answers ('Open-Ended Response'), not ratings, and were "
            "left out", len(written), columns=Columns(tuple(written))), columns=written)
        table = table.drop_columns(written)
    email = names.get("emailaddress")
    rater = respondent(table, ([email] if email else []) + [rid])
    people = [names[k] for k in ("emailaddress", "firstname", "lastname") if k in names]
    return survey_reading(table, book, "SurveyMonkey", rater, meta,
                          [q for q in questions if q not in written], people)


def _join_headers(table: Table, questions: list[str], sub: dict[str, str]):
    """Column names from SurveyMonkey's two header rows: a question's text over 'Response'
    names its column; a matrix question spans its rows' names (each row one thing rated)."""
    names: dict[str, str] = {}
    written, asked = [], ""
    for c in questions:
        asked = asked if c.startswith("column ") else c
        under = sub.get(c, "")
        names[c] = asked if fold(under) in ("response", "") else \
            asked if fold(under) in _SM_WRITTEN else under
        if fold(under) in _SM_WRITTEN:
            written.append(c)
    spelled = unique_names([names.get(c, c) for c in table.columns])
    renamed = dict(zip(table.columns, spelled))
    table = rebuild(table, {renamed[c]: table.body[c].to_numpy(dtype=object)
                            for c in table.columns})
    return table, [renamed[c] for c in questions], [renamed[c] for c in written]
