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
    say,
)
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import RATER_WORDS, fold

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
    reading = Reading("a REDCap export")
    if groups:
        table = fold_one_hot(table, book, groups, "the REDCap checkbox")
    say(book, reading, "its bookkeeping (events, repeat instruments, form status) is not "
        "rated" + (f"; {len(groups)} checkbox field{'s' if len(groups) > 1 else ''} with one "
                   "column per choice read as one rating each" if groups else "")
        + ("; the repeat instance numbers are not read as raters (instance 1 of one record "
           "need not be the same person as instance 1 of another); a form field that names "
           "the rater is read as the rater" if any(k.endswith("repeatinstance") for k in names) else ""),
        columns=[table.columns[0]])
    return table, reading


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
        table = drop_rows(table, book, deleted, f"records deleted in Epi Info ('{status}' "
                          "0), left out")
    keep = [c for f, c in names.items() if f not in _EPI_META]
    table = keep_columns(table, book, [c for c in table.columns if c in keep],
                         "hold Epi Info's record keys and save log")
    reading = Reading("an Epi Info export")
    say(book, reading, "its record keys, record status and save log are not rated",
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
    table = keep_columns(table, book, [subject] + items,
                         "hold OpenClinica's study, event and form (CRF) bookkeeping")
    rater = next((c for c in items if _item_word(c) in RATER_WORDS), None)
    rest = [c for c in items if c != rater]
    if rater and len(rest) == 1:
        reading = Reading("an OpenClinica dataset extract", "long", subject, rater, rest[0])
        how = f"'{subject}' names the subjects, the item '{rater}' the raters and '{rest[0]}' " \
            "holds the ratings (one row per form filled)"
    else:
        reading = Reading("an OpenClinica dataset extract", None, subject)
        how = f"'{subject}' names the subjects; the items (one column each: " \
            f"{', '.join(repr(c) for c in items[:4])}{' ...' if len(items) > 4 else ''}) " \
            "are read as the raters' ratings"
    say(book, reading, how)
    return table, reading


def _item_word(column: str) -> str:
    """The last word of an item OID ('I_READ_READER' -> 'reader')."""
    m = _OID.match(column.strip())
    return fold((m.group("name") if m else column).rsplit("_", 1)[-1])


__all__ = ["redcap", "epi_info", "openclinica"]
