"""Exports of data-collection platforms with one row per submission: LimeSurvey, KoboToolbox
and ODK Central. Each writes its own bookkeeping beside the answers (LimeSurvey's 'lastpage'
and 'startlanguage', Kobo's '_uuid' and '_submission_time', ODK's 'KEY' and 'ReviewState');
these readers leave it out, find the column that names who responded, and hand the answers to
the survey reading (one row per respondent, who rates each question; or, where a question names
the subject, one rating per row)."""

from __future__ import annotations

import re

from tapdesk.data.importer.formats.base import Reading, keep_columns
from tapdesk.data.importer.formats.surveys import (
    PEOPLE_WORDS,
    export_of,
    respondent,
    survey_reading,
)
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import RATER_WORDS, fold
from tapdesk.i18n.text import Nn_

# ---------------------------------------------------------------- LimeSurvey
_LS_SYSTEM = {
    # question codes, and the headings LimeSurvey writes in English, German, French, Spanish
    "id", "submitdate", "lastpage", "startlanguage", "seed", "token", "startdate", "datestamp",
    "ipaddr", "refurl", "interviewtime",
    "responseid", "datesubmitted", "datestarted", "datelastaction",
    "ipaddress", "referrerurl", "totaltime", "accesscode",
    "antwortid", "datumabgeschickt", "letzteseite", "startsprache", "zufallsstartwert",
    "zugangsschlussel", "datumgestartet", "datumletzteaktivitat", "ipadresse",
    "iddelareponse", "datedesoumission", "dernierepage", "languededepart", "graine",
    "idderespuesta", "fechadeenvio", "ultimapagina", "idiomainicial", "semilla",
}
_LS_MARKS = ({"lastpage", "letzteseite", "dernierepage", "ultimapagina"},
             {"startlanguage", "startsprache", "languededepart", "idiomainicial"})
"""A LimeSurvey export holds the last page reached and the start language, in some language."""
_CODED = re.compile(r"^(?P<code>[A-Za-z_][\w\[\]]*)\.\s+\S")


def _ls_key(name: str) -> str:
    """A heading's folded name: its question code where LimeSurvey wrote 'code. text'."""
    m = _CODED.match(name.strip())
    return fold(m.group("code")) if m else fold(name)


def limesurvey(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    keys = {c: _ls_key(c) for c in table.columns}
    if not all(set(keys.values()) & marks for marks in _LS_MARKS):
        return None
    meta = [c for c, k in keys.items() if k in _LS_SYSTEM]
    return _submissions(table, book, "LimeSurvey", meta, ("responseid", "id", "antwortid"),
                        keys)


# -------------------------------------------------------------- KoboToolbox
_KOBO_SYSTEM = {"start", "end", "today", "deviceid", "username", "simserial", "subscriberid",
                "phonenumber", "audit", "instanceid", "rootuuid", "uuid", "version"}


def kobotoolbox(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = {c.strip() for c in table.columns}
    if not {"_uuid", "_submission_time"} <= names and not {"_id", "_index", "_parent_index"} <= names:
        return None
    keys = {c: fold(c.strip().rsplit("/", 1)[-1]) for c in table.columns}
    meta = [c for c in table.columns
            if c.strip().startswith("_") or keys[c] in _KOBO_SYSTEM or "formhub/" in c]
    return _submissions(table, book, "KoboToolbox", meta, (), keys)


# --------------------------------------------------------------- ODK Central
_ODK_SYSTEM = {"submissiondate", "metainstanceid", "metainstancename", "key", "submitterid",
               "submittername", "attachmentspresent", "attachmentsexpected", "status",
               "reviewstate", "deviceid", "edits", "formversion", "start", "end", "today",
               "instanceid", "parentkey", "username", "phonenumber", "audit"}


def odk_central(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    keys = {c: fold(c) for c in table.columns}
    found = set(keys.values())
    if "key" not in found or not found & {"submissiondate", "metainstanceid", "parentkey"}:
        return None
    meta = [c for c, k in keys.items() if k in _ODK_SYSTEM]
    keys = {c: fold(c.strip().rsplit("-", 1)[-1]) for c in table.columns}
    return _submissions(table, book, "ODK Central", meta, (), keys)


# ------------------------------------------------------------------ shared
def _submissions(table: Table, book: NoteBook, name: str, meta: list[str], ids: tuple[str, ...],
                 keys: dict[str, str]) -> tuple[Table, Reading] | None:
    """One row per submission: the platform's bookkeeping ``meta`` left out, the respondents
    named by a column of names (by its last path segment, ``keys``), else by the platform's
    response id."""
    if len(table.body) < 2 or len(meta) == len(table.columns):
        return None
    people = [c for c in table.columns if c not in meta and
              (keys[c] in PEOPLE_WORDS or keys[c] in RATER_WORDS or fold(c) in RATER_WORDS)]
    if people and respondent(table, people) is None:
        # a name submits many times (one submission a rating): long data, read by the usual
        # rules once the bookkeeping is out
        # Translators: {columns} is "column 'x'" or "columns 'x', 'y'"; {platform} the survey
        # tool's name ("Google Forms").
        table = keep_columns(table, book, [c for c in table.columns if c not in meta], Nn_(
            "{columns} holds {platform}'s bookkeeping (times, ids, e-mail), not ratings, and was "
            "left out", "{columns} hold {platform}'s bookkeeping (times, ids, e-mail), not "
            "ratings, and were left out"), platform=name)
        return table, Reading(export_of(name))
    rater = respondent(table, people) or \
        respondent(table, [c for c in meta if keys.get(c) in ids])
    if rater in meta:
        meta = [c for c in meta if c != rater]
    questions = [c for c in table.columns if c not in meta and c != rater and c not in people]
    return survey_reading(table, book, name, rater, meta, questions, people)
