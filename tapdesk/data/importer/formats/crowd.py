"""Crowd-annotation exports: Amazon Mechanical Turk batch results, Figure Eight / Appen full
reports, Prodigy's db-out, Label Studio CSV/TSV, crowd-kit frames and Toloka assignments. Each
is long data, one row per answer: a worker (the rater) answers a task (the subject)."""

from __future__ import annotations

import json
import re

import numpy as np

from tapdesk.data.importer.formats.base import (
    Reading,
    drop_rows,
    fold_one_hot,
    folded_names,
    free_text,
    keep_columns,
    melt,
    one_hot,
    rebuild,
    say,
    truth_value,
    unwrap,
    varies_within,
)
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import COMMENT_WORDS, fold
from tapdesk.data.wording import Columns, Name, Rows, Wording
from tapdesk.i18n import N_
from tapdesk.i18n.text import Nn_

ITEM, RATING = "question", "answer"


def answer_columns(table: Table, columns: list[str], last_word) -> tuple[list[str], list[str]]:
    """(rating answers, written answers) among ``columns``: comments by name or by their text."""
    ratings: list[str] = []
    written: list[str] = []
    for c in columns:
        values = table.texts(c)
        (written if fold(last_word(c)) in COMMENT_WORDS or free_text(values) or
         not any(values) else ratings).append(c)
    return ratings, written


def few_values(table: Table, columns: list[str]) -> list[str]:
    """Columns of a few values repeated (answers chosen), when no column tells by varying
    among the people who rated one subject (one answer per subject in the file)."""
    out = []
    for c in columns:
        values = [t for t in table.texts(c) if t]
        if values and len(set(values)) <= min(20, len(values) - 1) and not free_text(values):
            out.append(c)
    return out


_GOLD = re.compile(r"(^|[_.\s-])(gold|expected|correct|truth)", re.IGNORECASE)


def leave_out_gold(table: Table, book: NoteBook, gold: list[str], what: tuple[str, str]) -> Table:
    """Columns of the platform's reference answers: not a rater (a 'reference-answer' note);
    ``what`` is the note's two forms (``Nn_``), its ``{columns}`` filled here."""
    if not gold:
        return table
    book.add("reference-answer", Wording.ngettext(*what, len(gold), columns=Columns(tuple(gold))),
             columns=gold)
    return table.drop_columns(gold)


def long_reading(table: Table, book: NoteBook, name: Wording, subject: str, rater: str,
                 answers: dict[str, str], what: tuple[str, str]) -> tuple[Table, Reading]:
    """The table as subject, rater, [item,] rating; every other column left out."""
    table = keep_columns(table, book, [subject, rater] + list(answers), what)
    if len(answers) == 1:
        return table, Reading(name, "long", subject, rater, next(iter(answers)))
    table = melt(table, [subject, rater], answers, ITEM, RATING)
    return table, Reading(name, "long", subject, rater, RATING, ITEM)


_PEOPLE = {
    # Translators: who rates on a crowd platform, as the platform calls them (plural, in the
    # sentence "{raters} ('WorkerId') are the raters").
    "workers": Wording.pgettext("platform's raters", "workers"),
    "annotators": Wording.pgettext("platform's raters", "annotators"),
}
_THINGS = {
    # Translators: what is rated on a crowd platform, as the platform calls it (plural, in the
    # sentence "{subjects} ('HITId') the subjects"). A HIT is MTurk's "human intelligence task".
    "HITs": Wording.pgettext("platform's subjects", "HITs"),
    "units": Wording.pgettext("platform's subjects", "units"),
    "inputs": Wording.pgettext("platform's subjects", "inputs"),
    "tasks": Wording.pgettext("platform's subjects", "tasks"),
}


def roles_words(reading: Reading, raters: str, subjects: str) -> Wording:
    """Who the raters, subjects and ratings of a platform's export are (``raters`` and
    ``subjects`` are keys of the platform's words)."""
    people, things = _PEOPLE[raters], _THINGS[subjects]
    if reading.item is None:
        # Translators: how a crowd platform's export is read: {raters} is what the platform calls
        # its raters ("workers"), {rater} the column naming them; {subjects} what it calls the
        # things rated ("HITs"), {subject} their column; {rating} the column of the answers.
        return Wording.of(N_("{raters} ({rater}) are the raters, {subjects} ({subject}) the "
                             "subjects, {rating} the rating"), raters=people, rater=Name(reading.rater),
                          subjects=things, subject=Name(reading.subject), rating=Name(reading.rating))
    # Translators: as above, when the export has several answer columns (questions).
    return Wording.of(N_("{raters} ({rater}) are the raters, {subjects} ({subject}) the "
                         "subjects, each answer column one question (item)"), raters=people,
                      rater=Name(reading.rater), subjects=things, subject=Name(reading.subject))


# --------------------------------------------------------------------- MTurk
_ANSWER = re.compile(r"^Answer\.(.+)$")


def mturk(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    answers = [c for c in table.columns if _ANSWER.match(c.strip())]
    if "hitid" not in names or "workerid" not in names or not answers:
        return None
    hit, worker = names["hitid"], names["workerid"]
    status = names.get("assignmentstatus")
    if status is not None:
        rejected = np.array([t.lower() == "rejected" for t in table.texts(status)])
        # Translators: {rows} is "row 5" or "rows 5 and 9"; {column} the status column's name.
        table = drop_rows(table, book, rejected, N_("{rows}: assignments the requester rejected "
                                                    "({column} Rejected: work not done as "
                                                    "asked), so no ratings: left out; approved and "
                                                    "submitted assignments are kept"),
                          column=Name(status))
    table = _task_answers(table, book, answers)
    answers = [c for c in table.columns if _ANSWER.match(c.strip())]
    table = fold_one_hot(table, book, _radio_groups(table, answers),
                         # Translators: {columns} is the names of the columns in quotes; {group}
                         # the new column's name.
                         N_("the MTurk answer columns {columns} are one answer ticked among "
                            "options (one column per option): they were read as one rating "
                            "column, {group}, holding the option ticked"))
    answers = [c for c in table.columns if _ANSWER.match(c.strip())]
    ratings, _ = answer_columns(table, answers, lambda c: c.split(".")[-1])
    if not ratings:
        return None
    items = {c: c.strip()[len("Answer."):].removesuffix(".label") for c in ratings}
    gold = [c for c in table.columns if c.strip().startswith("Input.") and
            _GOLD.search(c.strip()[len("Input."):])]
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = leave_out_gold(table, book, gold, Nn_(
        "{columns} holds the answers the requester expected (gold questions the workers were "
        "checked against), not a worker's rating, and was left out",
        "{columns} hold the answers the requester expected (gold questions the workers were "
        "checked against), not a worker's rating, and were left out"))
    mturk = Wording.of(N_("an Amazon Mechanical Turk batch file"))
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table, reading = long_reading(table, book, mturk, hit, worker, items, Nn_(
        "{columns} holds the HITs' bookkeeping, the items shown to the workers (Input.*) and "
        "written answers, not ratings, and was left out",
        "{columns} hold the HITs' bookkeeping, the items shown to the workers (Input.*) and "
        "written answers, not ratings, and were left out"))
    say(book, reading, roles_words(reading, "workers", "HITs"))
    return table, reading


def _task_answers(table: Table, book: NoteBook, answers: list[str]) -> Table:
    """'Answer.taskAnswers' as MTurk's crowd-html forms write it, one JSON list per assignment
    ('[{"sentiment": {"label": "Positive"}}]', radio buttons as '{"positive": true, ...}'):
    one column per question, holding the label, the option ticked or the value."""
    columns: dict[str, np.ndarray] = {}
    read = []
    for c in table.columns:
        parsed = _json_answers(table.texts(c)) if c in answers else None
        if parsed is None:
            columns[c] = table.body[c].to_numpy(dtype=object)
            continue
        read.append(c)
        keys = list(dict.fromkeys(k for row in parsed for k in row))
        for k in keys:
            columns[f"Answer.{k}"] = np.array([_answer_value(row.get(k)) for row in parsed],
                                              dtype=object)
    if not read:
        return table
    # Translators: {columns} is column names in quotes joined by ", ".
    book.add("format", Wording.ngettext(
        "{columns} holds each assignment's answers as JSON (MTurk's crowd-html forms): each "
        "question was read as one answer column (the label, or the option ticked)",
        "{columns} hold each assignment's answers as JSON (MTurk's crowd-html forms): each "
        "question was read as one answer column (the label, or the option ticked)", len(read),
        columns=", ".join(repr(c) for c in read)), columns=read, action="kept")
    return rebuild(table, columns)


def _json_answers(texts: list[str]) -> list[dict] | None:
    """The answers of each row when every filled cell is a JSON list of one object."""
    out: list[dict] = []
    for t in texts:
        if not t:
            out.append({})
            continue
        if not t.startswith("["):
            return None
        try:
            value = json.loads(t)
        except ValueError:
            return None
        if not isinstance(value, list) or len(value) != 1 or not isinstance(value[0], dict):
            return None
        out.append(value[0])
    return out if any(out) else None


def _answer_value(value) -> str | None:
    """One question's answer: a label, the one option ticked, or a plain value."""
    if isinstance(value, dict):
        if "label" in value:
            return _answer_value(value["label"])
        ticked = [k for k, on in value.items() if on is True]
        return ticked[0] if len(ticked) == 1 and all(isinstance(v, bool) for v in value.values()) \
            else None
    if isinstance(value, list):
        return _answer_value(value[0]) if len(value) == 1 else None
    return None if value is None or value == "" else str(value)


def _radio_groups(table: Table, answers: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Radio buttons as MTurk writes them: 'Answer.<question>.<option>', true or false."""
    stems: dict[str, list[tuple[str, str]]] = {}
    for c in answers:
        stem, _, option = c.strip().rpartition(".")
        if stem.startswith("Answer.") and option:
            stems.setdefault(stem, []).append((c, option))
    return {s: m for s, m in stems.items() if one_hot(table, [c for c, _ in m])}


# ------------------------------------------------------------- Figure Eight
def figure_eight(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    if "unitid" not in names or "workerid" not in names or \
            not any(c.startswith("_") for c in table.columns):
        return None
    unit, worker = names["unitid"], names["workerid"]
    tainted = names.get("tainted")
    if tainted is not None:
        drop = np.array([truth_value(t) is True for t in table.texts(tainted)])
        # Translators: {rows} is "row 5" or "rows 5 and 9"; {column} the column's name.
        table = drop_rows(table, book, drop, N_("{rows}: judgments marked tainted ({column} "
                                                "true: the worker failed the job's test "
                                                "questions), which the platform leaves out of its "
                                                "results: left out here too"), column=Name(tainted))
    golden = names.get("golden")
    tested = golden is not None and any(truth_value(t) for t in table.texts(golden))
    gold = [c for c in table.columns if re.search(r"_gold(_reason)?$", c.strip())]
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = leave_out_gold(table, book, gold, Nn_(
        "{columns} holds the answers of the test questions (the gold standard the job was "
        "checked against), not a worker's rating, and was left out",
        "{columns} hold the answers of the test questions (the gold standard the job was checked "
        "against), not a worker's rating, and were left out"))
    asked = {c[: -len('_gold')] for c in gold if c.strip().endswith("_gold")}
    rest = [c for c in table.columns if not c.startswith("_") and c not in gold and
            not c.startswith("orig_")]
    answers = [c for c in rest if c in asked] or \
        [c for c in rest if varies_within(table, unit, c)] or few_values(table, rest)
    ratings, _ = answer_columns(table, answers, lambda c: c)
    if not ratings:
        return None
    report = Wording.of(N_("a Figure Eight (Appen) full report"))
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table, reading = long_reading(table, book, report, unit, worker, {c: c for c in ratings}, Nn_(
        "{columns} holds the judgments' bookkeeping (times, channel, trust, place) and the "
        "units' data, not ratings, and was left out",
        "{columns} hold the judgments' bookkeeping (times, channel, trust, place) and the units' "
        "data, not ratings, and were left out"))
    roles = roles_words(reading, "workers", "units")
    # Translators: {roles} says who the raters and subjects are; {column} is a column's name.
    say(book, reading, Wording.of(N_("{roles}; the test questions' units ({column} true) are "
                                     "kept: the workers' answers to them are ratings too"),
                                  roles=roles, column=Name(golden)) if tested else roles)
    return table, reading


# -------------------------------------------------------------------- Prodigy
def prodigy(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    rater = next((names[k] for k in ("annotatorid", "sessionid") if k in names and
                  any(table.texts(names[k]))), None)
    if "inputhash" not in names or "answer" not in names or rater is None:
        return None
    subject, answer = names["inputhash"], names["answer"]
    answers = [t.lower() for t in table.texts(answer)]
    accept = names.get("accept")
    name = Wording.of(N_("a Prodigy annotation export (db-out)"))
    if accept is not None:
        values, many = [], []
        for i, (a, cell) in enumerate(zip(answers, table.texts(accept))):
            chosen, n = unwrap(cell)
            values.append(chosen if a == "accept" else None)
            if a == "accept" and n > 1:
                many.append(table.row_of(i))
        table = rebuild(table, {subject: table.body[subject].to_numpy(dtype=object),
                                rater: table.body[rater].to_numpy(dtype=object),
                                "chosen option": np.array(values, dtype=object)} |
                        {c: table.body[c].to_numpy(dtype=object) for c in table.columns
                         if c not in (subject, rater)})
        if many:
            # Translators: {rows} is "row 5" or "rows 5 and 9".
            book.add("format", Wording.ngettext(
                "{rows} accepts more than one option: a rating has one answer, so it was read as "
                "no rating", "{rows} accept more than one option: a rating has one answer, so "
                "they were read as no rating", len(many), rows=Rows(tuple(many))),
                rows=many, action="warning")
        # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
        table, reading = long_reading(table, book, name, subject, rater, {"chosen option": ""}, Nn_(
            "{columns} holds the task's text, options, hashes and answer, not ratings, and was "
            "left out", "{columns} hold the task's text, options, hashes and answer, not ratings, "
            "and were left out"))
        # Translators: {roles} says who the raters and subjects are.
        say(book, reading, Wording.of(N_("{roles}; in this choice task the rating is the option "
                                         "accepted, and an example answered 'reject' or 'ignore' "
                                         "(skipped) has no rating"),
                                      roles=roles_words(reading, "annotators", "inputs")))
        return table, reading
    label = names.get("label")
    labels = {t for t in table.texts(label) if t} if label else set()
    rated = np.array([a if a in ("accept", "reject") else None for a in answers], dtype=object)
    table = rebuild(table, {c: (rated if c == answer else table.body[c].to_numpy(dtype=object))
                            for c in table.columns})
    items = [label] if label and len(labels) > 1 else []
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = keep_columns(table, book, [subject, rater] + items + [answer], Nn_(
        "{columns} holds the task's text, hashes, scores and times, not ratings, and was left out",
        "{columns} hold the task's text, hashes, scores and times, not ratings, and were left "
        "out"))
    reading = Reading(name, "long", subject, rater, answer, label if items else None)
    roles = roles_words(reading, "annotators", "inputs")
    if len(labels) == 1:
        # Translators: {roles} says who the raters and subjects are; {label} is a label's name.
        how = Wording.of(N_("{roles}; in this binary task 'accept' and 'reject' are the ratings "
                            "of label {label}, and 'ignore' (skipped) is no rating"),
                         roles=roles, label=Name(next(iter(labels))))
    elif items:
        # Translators: {roles} as above; {column} is the column of labels.
        how = Wording.of(N_("{roles}; in this binary task 'accept' and 'reject' are the ratings "
                            "of each label in {column} (one item per label), and 'ignore' "
                            "(skipped) is no rating"), roles=roles, column=Name(label))
    else:
        # Translators: {roles} as above.
        how = Wording.of(N_("{roles}; in this binary task 'accept' and 'reject' are the ratings "
                            "of the task's question, and 'ignore' (skipped) is no rating"),
                         roles=roles)
    say(book, reading, how)
    return table, reading


# ----------------------------------------------------------- Label Studio
_LABEL_STUDIO = {"id", "annotator", "annotationid", "createdat", "updatedat", "leadtime",
                 "agreement", "drafts", "predictions", "annotations", "totalannotations",
                 "cancelledannotations", "totalpredictions", "completedby", "innerid",
                 "updatedby", "filenumber", "fileupload", "storagefilename", "projectid"}


def label_studio(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    if not {"id", "annotator", "annotationid"} <= set(names):
        return None
    task, annotator = names["id"], names["annotator"]
    rest = [c for f, c in names.items() if f not in _LABEL_STUDIO]
    answers = [c for c in rest if varies_within(table, task, c) or
               any(t.startswith('{"') for t in table.texts(c))] or few_values(table, rest)
    ratings, _ = answer_columns(table, answers, lambda c: c)
    if not ratings:
        return None
    cells, many = {}, []
    for c in ratings:
        got = [unwrap(t) for t in table.texts(c)]
        cells[c] = np.array([v for v, _ in got], dtype=object)
        many += [table.row_of(i) for i, (_, n) in enumerate(got) if n > 1]
    table = rebuild(table, {c: cells.get(c, table.body[c].to_numpy(dtype=object))
                            for c in table.columns})
    if many:
        rows = sorted(set(many))
        # Translators: {rows} is "row 5" or "rows 5 and 9".
        book.add("format", Wording.ngettext(
            "{rows} chooses more than one label: a rating has one answer, so it was read as no "
            "rating", "{rows} choose more than one label: a rating has one answer, so they were "
            "read as no rating", len(rows), rows=Rows(tuple(rows))), rows=many, action="warning")
    export = Wording.of(N_("a Label Studio export"))
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table, reading = long_reading(table, book, export, task, annotator, {c: c for c in ratings}, Nn_(
        "{columns} holds the tasks' data and the annotations' ids and times, not ratings, and was "
        "left out", "{columns} hold the tasks' data and the annotations' ids and times, not "
        "ratings, and were left out"))
    say(book, reading, roles_words(reading, "annotators", "tasks"))
    return table, reading


# -------------------------------------------------------------- crowd-kit
def crowd_kit(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    if not {"task", "worker", "label"} <= set(names) or len(names) > 4:
        return None
    reading = Reading(Wording.of(N_("crowd-kit answers (task, worker, label)")), "long", names["task"],
                      names["worker"], names["label"])
    say(book, reading, roles_words(reading, "workers", "tasks"))
    return table, reading


# ------------------------------------------------------------------ Toloka
_TOLOKA_PART = re.compile(r"^\s*(INPUT|OUTPUT|GOLDEN|HINT|ASSIGNMENT|ACCEPT)\s*:(.+)$",
                          re.IGNORECASE)


def toloka(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    """Toloka's assignments export: every column named PART:field, the task's inputs
    (INPUT:), the worker's answers (OUTPUT:), the control answer of a golden task (GOLDEN::
    the reference, not a rater) and the assignment's bookkeeping (ASSIGNMENT:worker_id is the
    rater)."""
    found = {c: _TOLOKA_PART.match(c) for c in table.columns}
    parts = {c: m for c, m in found.items() if m is not None}
    if len(parts) < len(found):
        return None
    kind = {c: m.group(1).upper() for c, m in parts.items()}
    inputs = [c for c in table.columns if kind[c] == "INPUT"]
    worker = folded_names(table).get("assignmentworkerid")
    if not inputs or worker is None:
        return None
    gold = [c for c in table.columns if kind[c] == "GOLDEN"]
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = leave_out_gold(table, book, gold, Nn_(
        "{columns} holds the control answers of the golden tasks (what the answers were checked "
        "against), not a rating, and was left out",
        "{columns} hold the control answers of the golden tasks (what the answers were checked "
        "against), not ratings, and were left out"))
    outputs = [c for c in table.columns if kind.get(c) == "OUTPUT"]
    ratings, _ = answer_columns(table, outputs, lambda c: parts[c].group(2))
    if not ratings:
        return None
    # Translators: the kind of export TapDesk recognised (Toloka is a crowd platform).
    export = Wording.of(N_("a Toloka assignments export"))
    table, reading = long_reading(
        table, book, export, inputs[0], worker, {c: parts[c].group(2).strip() for c in ratings},
        # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
        Nn_(
            "{columns} holds the assignments' bookkeeping (links, ids, status, times) and the "
            "tasks' hints, not ratings, and was left out",
            "{columns} hold the assignments' bookkeeping (links, ids, status, times) and the "
            "tasks' hints, not ratings, and were left out"))
    say(book, reading, roles_words(reading, "workers", "tasks"))
    return table, reading
