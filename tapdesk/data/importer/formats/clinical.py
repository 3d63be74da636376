"""Clinical data systems: REDCap (checkbox fields as one column per choice), Epi Info (record
status and save log columns) and OpenClinica (subject, event and CRF columns, items by OID).
Their bookkeeping is left out and their one-hot fields folded; the layout is then read as for
any table."""

from __future__ import annotations

import re

import numpy as np

from tapdesk.data.importer.formats.base import (
    Reading,
    drop_rows,
    fold_one_hot,
    folded_names,
    keep_columns,
    one_hot,
    rebuild,
    say,
)
from tapdesk.data.importer.formats.crowd import answer_columns as crowd_answer_columns
from tapdesk.data.importer.freetext import is_comment_name
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import RATER_WORDS, fold
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_
from tapdesk.i18n.text import Nn_

# ------------------------------------------------------------------ REDCap
_RAW_CHOICE = re.compile(r"^(?P<field>[a-z][a-z0-9_]*?)___(?P<code>[a-z0-9_-]+)$", re.IGNORECASE)
_LABEL_CHOICE = re.compile(r"^(?P<field>.+?)\s*\(choice=(?P<code>.+)\)$")
_REDCAP = re.compile(r"^(redcap_\w+|.+_complete)$", re.IGNORECASE)


def redcap(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    marks = [c for c in table.columns if _REDCAP.match(c.strip())] + \
        [names[k] for k in ("eventname", "complete", "repeatinstrument", "repeatinstance")
         if k in names]
    if not marks and fold(table.columns[0]) != "recordid":
        return None
    groups: dict[str, list[tuple[str, str]]] = {}
    for c in table.columns:
        m = _RAW_CHOICE.match(c.strip()) or _LABEL_CHOICE.match(c.strip())
        if m:
            groups.setdefault(m.group("field"), []).append((c, m.group("code")))
    groups = {g: m for g, m in groups.items() if one_hot(table, [c for c, _ in m])}
    if not marks and not groups:          # 'record_id' alone: many tables start so
        return None
    reading = Reading(Wording.of(N_("a REDCap export")))
    if groups:
        # Translators: {columns} is the names of the columns in quotes; {group} the new column's
        # name.
        table = fold_one_hot(table, book, groups, N_(
            "the REDCap checkbox columns {columns} are one answer ticked among options (one "
            "column per option): they were read as one rating column, {group}, holding the "
            "option ticked"))
    repeated = _repeating(table, book, names, reading)
    if repeated is not None:
        return repeated
    say(book, reading, _redcap_how(len(groups), any(k.endswith("repeatinstance") for k in names)),
        columns=[table.columns[0]])
    return table, reading


def _repeating(table: Table, book: NoteBook, names: dict[str, str],
               reading: Reading) -> tuple[Table, Reading] | None:
    """A REDCap export with a repeating instrument: each record's base row (age, sex) and one
    row per repeat (a reading of the record). The repeats are the ratings: their field that
    names a person, repeated across records and never twice in one, is the rater (else the
    repeat instance, said); their chosen answers the ratings. The base rows' fields are given
    to each repeat of the record, as the record's attributes. None when nothing repeats."""
    instrument = next((c for f, c in names.items() if f.endswith("repeatinstrument")), None)
    if instrument is None:
        return None
    repeat = np.array([bool(t) for t in table.texts(instrument)])
    if repeat.all() or not repeat.any():
        return None
    record = table.columns[0]
    instance = next((c for f, c in names.items() if f.endswith("repeatinstance")), None)
    marks = {record, instrument, instance} | {c for c in table.columns if _REDCAP.match(c.strip())
                                             or fold(c).startswith("complete")}
    filled = {c: np.array([bool(t) for t in table.texts(c)]) for c in table.columns
              if c not in marks}
    base = [c for c, f in filled.items() if f[~repeat].any() and not f[repeat].any()]
    fields = [c for c, f in filled.items() if f[repeat].any() and not f[~repeat].any() and
              not _dates(table, c)]
    table = _base_to_repeats(table, record, base, repeat)
    rater = _person_field(table, record, fields)
    ratings, _ = crowd_answer_columns(
        table, [c for c in fields if c != rater and not is_comment_name(c)], lambda c: c)
    if not ratings:
        return None
    # Translators: {rows} is "row 5" or "rows 5 and 9"; {column} a column's name.
    table = drop_rows(table, book, ~repeat, N_("{rows}: the records' base rows (no repeat of "
                                               "{column}): their fields are read as each "
                                               "record's attributes, not as ratings"),
                      column=Name(instrument))
    who = rater or instance
    if who is None:
        return None
    keep = [record, who] + ratings + base
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = keep_columns(table, book, keep, Nn_(
        "{columns} holds REDCap's bookkeeping or a written remark, not a rating, and was left out",
        "{columns} hold REDCap's bookkeeping or written remarks, not ratings, and were left out"))
    found = Reading(reading.name, "long", record, who, ratings[0] if len(ratings) == 1 else None)
    if len(ratings) > 1:
        return None
    # Translators: how a REDCap export with a repeating instrument is read; {rater} and {rating}
    # are columns' names.
    how = Wording.of(N_("each repeat of the instrument is one rating: {rater} names the rater "
                        "and {rating} holds the rating"), rater=Name(who), rating=Name(ratings[0]))
    if rater is None:
        # Translators: as above, when no field names the rater.
        how = Wording.of(N_("each repeat of the instrument is one rating ({rating}); no field "
                            "names the rater, so the repeat instance ({rater}) is read as the "
                            "rater: instance 1 of one record need not be the same person as "
                            "instance 1 of another"), rater=Name(who), rating=Name(ratings[0]))
    say(book, found, how, columns=[record])
    return table, found


def _dates(table: Table, column: str) -> bool:
    """Every filled cell is a date or a time (when a reading was made: never a rating)."""
    from tapdesk.data.importer.dates import date_kind
    values = [v for v in table.texts(column) if v]
    return bool(values) and all(date_kind(v) for v in values)


def _base_to_repeats(table: Table, record: str, base: list[str], repeat: np.ndarray) -> Table:
    """The base row's fields copied onto each repeat of its record."""
    if not base:
        return table
    ids = table.texts(record)
    columns = {c: table.body[c].to_numpy(dtype=object).copy() for c in table.columns}
    for c in base:
        values = table.texts(c)
        of_record = {i: v for i, v, r in zip(ids, values, repeat) if not r and v}
        columns[c] = np.array([of_record.get(i, "") if r else v
                               for i, v, r in zip(ids, values, repeat)], dtype=object)
    return rebuild(table, columns)


def _person_field(table: Table, record: str, fields: list[str]) -> str | None:
    """The field naming a person: words, repeated across records, never twice in a record."""
    for c in fields:
        values = [(i, v) for i, v in zip(table.texts(record), table.texts(c)) if v]
        names = {v for _, v in values}
        if not values or any(v.replace(".", "", 1).isdigit() for v in names):
            continue
        if len(names) < len(values) and len(set(values)) == len(values) and \
                len(names) <= max(2, len(values) // 2):
            return c
    return None


def _redcap_how(fields: int, repeated: bool) -> Wording:
    """How a REDCap export is read: its bookkeeping, its ``fields`` checkbox fields folded, and
    whether it repeats instruments."""
    if fields and repeated:
        # Translators: how a REDCap export is read; {n} is a number of checkbox fields.
        return Wording.ngettext(
            "its bookkeeping (events, repeat instruments, form status) is not rated; {n} checkbox "
            "field with one column per choice read as one rating each; the repeat instance "
            "numbers are not read as raters (instance 1 of one record need not be the same person "
            "as instance 1 of another); a form field that names the rater is read as the rater",
            "its bookkeeping (events, repeat instruments, form status) is not rated; {n} checkbox "
            "fields with one column per choice read as one rating each; the repeat instance "
            "numbers are not read as raters (instance 1 of one record need not be the same person "
            "as instance 1 of another); a form field that names the rater is read as the rater",
            fields, n=fields)
    if fields:
        # Translators: how a REDCap export is read; {n} is a number of checkbox fields.
        return Wording.ngettext(
            "its bookkeeping (events, repeat instruments, form status) is not rated; {n} checkbox "
            "field with one column per choice read as one rating each",
            "its bookkeeping (events, repeat instruments, form status) is not rated; {n} checkbox "
            "fields with one column per choice read as one rating each", fields, n=fields)
    if repeated:
        # Translators: how a REDCap export is read.
        return Wording.of(N_(
            "its bookkeeping (events, repeat instruments, form status) is not rated; the repeat "
            "instance numbers are not read as raters (instance 1 of one record need not be the "
            "same person as instance 1 of another); a form field that names the rater is read as "
            "the rater"))
    # Translators: how a REDCap export is read.
    return Wording.of(N_("its bookkeeping (events, repeat instruments, form status) is not rated"))


# ------------------------------------------------------------------ Epi Info
_EPI_META = {"uniquekey", "recstatus", "fkey", "globalrecordid", "firstsavelogonname",
             "firstsavetime", "lastsavelogonname", "lastsavetime"}


def epi_info(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    if not {"uniquekey", "globalrecordid"} <= set(names) and \
            not {"uniquekey", "recstatus"} <= set(names):
        return None
    status = names.get("recstatus")
    if status is not None:
        deleted = np.array([t == "0" for t in table.texts(status)])
        # Translators: {rows} is "row 5" or "rows 5 and 9"; {column} the status column's name.
        table = drop_rows(table, book, deleted, N_("{rows}: records deleted in Epi Info "
                                                   "({column} 0), left out"), column=Name(status))
    parent = names.get("fkey")
    keys = table.texts(parent) if parent is not None else []
    if not all(keys) or len(set(keys)) == len(keys):
        parent = None          # a main form (no parent keys) or one record per parent
    keep = [c for f, c in names.items() if f not in _EPI_META or c == parent]
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = keep_columns(table, book, [c for c in table.columns if c in keep], Nn_(
        "{columns} holds Epi Info's record keys and save log, not ratings, and was left out",
        "{columns} hold Epi Info's record keys and save log, not ratings, and were left out"))
    if parent is not None:
        # A related form's records (readings) each point to their parent record (the
        # subject) by its key: the key names what was rated.
        related = Reading(Wording.of(N_("an Epi Info related-form export")), "long",
                          subject=parent)
        # Translators: how an Epi Info related form's export is read; {column} a column's name.
        say(book, related, Wording.of(N_("each record is one reading of the parent record that "
                                         "{column} names (the subject)"), column=Name(parent)))
        return table, related
    reading = Reading(Wording.of(N_("an Epi Info export")))
    # Translators: how an Epi Info export is read.
    say(book, reading, Wording.of(N_("its record keys, record status and save log are not rated")),
        columns=[table.columns[0]])
    return table, reading


# --------------------------------------------------------------- OpenClinica
_OC_META = {"protocolid", "subjectstatus", "eventname", "studyeventoid", "eventstatus",
            "eventlocation", "eventstartdate", "eventenddate", "crfname", "crfversion",
            "crfstatus", "formoid", "formversion", "itemgroupoid", "interviewername",
            "interviewdate", "dateofbirth", "yearofbirth", "sex", "gender", "secondaryid",
            "studyid", "siteid", "subjectoid", "studysubjectoid", "personid", "uniqueidentifier",
            "versionname", "eventoccurrence", "repeatkey", "statusevent", "crfversionstatus",
            "subjecteventstatus"}
_OC_OWN = {"protocolid", "studyeventoid", "crfname", "crfversion", "crfstatus", "eventname",
           "subjectstatus", "eventstatus", "formoid", "itemgroupoid", "studysubjectoid",
           "crfversionstatus", "subjecteventstatus"}
_OC_SUBJECT = ("studysubjectid", "ssid", "subjid", "studysubjectlabel", "subjectid")
_OID = re.compile(r"^I_[A-Z0-9]+_(?P<name>\w+)$", re.IGNORECASE)


def openclinica(table: Table, book: NoteBook) -> tuple[Table, Reading] | None:
    names = folded_names(table)
    subject = next((names[k] for k in _OC_SUBJECT if k in names), None)
    meta = [c for f, c in names.items() if f in _OC_META]
    own = [c for f, c in names.items() if f in _OC_OWN] + \
        [c for c in table.columns if _OID.match(c.strip())]
    if subject is None or len(meta) < 2 or len(own) < 2:      # 'Sex' and 'Date of birth' are
        return None                                             # in every clinical table
    items = [c for c in table.columns if c != subject and c not in meta]
    # Translators: {columns} is "column 'x'" or "columns 'x', 'y'".
    table = keep_columns(table, book, [subject] + items, Nn_(
        "{columns} holds OpenClinica's study, event and form (CRF) bookkeeping, not ratings, and "
        "was left out", "{columns} hold OpenClinica's study, event and form (CRF) bookkeeping, "
        "not ratings, and were left out"))
    rater = next((c for c in items if _item_word(c) in RATER_WORDS), None)
    rest = [c for c in items if c != rater]
    name = Wording.of(N_("an OpenClinica dataset extract"))
    if rater and len(rest) == 1:
        reading = Reading(name, "long", subject, rater, rest[0])
        # Translators: how an OpenClinica extract is read; {subject}, {rater} and {rating} are
        # column names.
        how = Wording.of(N_("{subject} names the subjects, the item {rater} the raters and "
                            "{rating} holds the ratings (one row per form filled)"),
                         subject=Name(subject), rater=Name(rater), rating=Name(rest[0]))
    else:
        reading = Reading(name, None, subject)
        # Translators: how an OpenClinica extract is read; {subject} is a column's name, {items}
        # the first item columns' names in quotes joined by ", " (and " ..." when there are more).
        how = Wording.of(N_("{subject} names the subjects; the items (one column each: "
                            "{items}) are read as the raters' ratings"), subject=Name(subject),
                         items=", ".join(repr(c) for c in items[:4]) +
                         (" ..." if len(items) > 4 else ""))
    say(book, reading, how)
    return table, reading


def _item_word(column: str) -> str:
    """The last word of an item OID ('I_READ_READER' -> 'reader')."""
    m = _OID.match(column.strip())
    return fold((m.group("name") if m else column).rsplit("_", 1)[-1])


__all__ = ["redcap", "epi_info", "openclinica"]
