"""Export the cleaned ratings as a long CSV, safe to open in a spreadsheet, that imports
back to the same table.

Any text cell starting with = + - @ (or tab / carriage return) is prefixed
with an apostrophe so a spreadsheet shows it as text instead of running it as
a formula (OWASP "CSV injection"). Plain numbers such as -1 cannot run as
formulas and are written unchanged so the data stay numeric.

Round trip: subjects without any rating get one row with an empty rating, and
when the scale cannot be told from the ratings alone (unused categories, an
order other than the natural one, nominal numbers, ordered text) the rating
column's header carries it as JSON, e.g. ``rating {"categories": ["none",
"bronze", "silver", "gold"], "ordinal": true}``. Importing such a file declares
that scale again and removes the apostrophes the export added.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.valuechecks import mixes_text_and_numbers
from tapdesk.data.importer.values import refuse_continuous
from tapdesk.data.scale import Scale
from tapdesk.data.wording import Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

if TYPE_CHECKING:
    from tapdesk.data.importer.grid import Coded
    from tapdesk.data.importer.model import Dataset
    from tapdesk.data.importer.table import Table
    from tapdesk.data.ratings import RatingsTable

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")   # no backtracking
_RATING_HEADER = re.compile(r"^rating\s*(\{.*\})\s*$", re.DOTALL)


def escape_cell(text: str) -> str:
    """``text`` made inert for spreadsheets (see module docstring)."""
    if text and text.startswith(FORMULA_START) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def unescape_cell(text: str) -> str:
    """The inverse of :func:`escape_cell`."""
    if text.startswith("'") and text[1:].startswith(FORMULA_START) and \
            not _PLAIN_NUMBER.match(text[1:]):
        return text[1:]
    return text


def _escape_labels(labels) -> np.ndarray:
    return np.asarray([escape_cell(str(x)) for x in labels] + [""], dtype=object)


def _refused_undeclared(used: tuple[str, ...]) -> bool:
    """Would a plain import refuse these ratings (as measurements, too many categories, or text
    mixed with numbers) unless their categories are declared? (A file read with a raised
    maximum, e.g. 0-100.)"""
    try:
        refuse_continuous(used, "", None)
    except DataError:
        return True
    return mixes_text_and_numbers(used)           # e.g. items of two scales, 'yes' and '1'-'5'



def rating_header(scale: Scale, used: tuple[str, ...]) -> str:
    """'rating', or 'rating {...}' when the scale cannot be told from the ratings alone
    (its categories, their order, ordinal or not, and their value labels)."""
    try:
        inferred = Scale.infer(used)
    except DataError:
        inferred = None
    if inferred is not None and inferred.categories == scale.categories and \
            inferred.ordinal == scale.ordinal and not scale.has_labels and \
            not _refused_undeclared(used):
        return "rating"
    spec = {"categories": list(scale.categories), "ordinal": bool(scale.ordinal)}
    if scale.has_labels:
        spec["labels"] = dict(scale.label_pairs())
    return "rating " + json.dumps(spec, ensure_ascii=False)


def _frame(t: RatingsTable, item: str | None) -> pd.DataFrame:
    frame = {"subject": _escape_labels(t.subject_ids)[t.subject],
             "rater": _escape_labels(t.rater_ids)[t.rater],       # -1 -> "" (no rater)
             "rating": _escape_labels(t.scale.categories)[t.rating]}
    unrated = np.flatnonzero(t.ratings_per_subject() == 0)
    if len(unrated):                      # keep subjects whose every rating is missing
        order = np.argsort(np.concatenate([t.subject, unrated]), kind="stable")
        blank = np.full(len(unrated), "", object)
        frame = {"subject": np.concatenate([frame["subject"],
                                            _escape_labels(t.subject_ids)[unrated]])[order],
                 "rater": np.concatenate([frame["rater"], blank])[order],
                 "rating": np.concatenate([frame["rating"], blank])[order]}
    out = pd.DataFrame(frame)
    if item is not None:
        out.insert(2, "item", escape_cell(item))
    return out


def long_frame(ds: Dataset) -> pd.DataFrame:
    """Cleaned ratings, one row per rating: subject, rater, [item], rating (escaped)."""
    tables = list(ds.item_tables.items()) if ds.items else [(None, ds.table)]
    frame = pd.concat([_frame(t, item) for item, t in tables], ignore_index=True)
    scale = ds.shared_scale if ds.items and ds.shared_scale is not None else ds.table.scale
    return frame.rename(columns={"rating": rating_header(scale, _used(tables))})   # all items


def _used(tables) -> tuple[str, ...]:
    used: dict[str, None] = {}
    for _, t in tables:
        used.update(dict.fromkeys(t.used_categories()))
    return tuple(used)


def export_long_csv(ds: Dataset, path: str | Path) -> int:
    """Write the cleaned long CSV; returns the number of rows written.

    Refuses to write over the input file.
    """
    target = Path(path)
    if ds.source_path and target.exists() and target.resolve() == Path(ds.source_path).resolve():
        raise DataError(Wording.of(N_("the export would write over the input file; choose "
                                      "another file name")), file=str(target))
    if target.suffix.lower() not in (".csv", ".txt"):
        raise DataError(Wording.of(N_("the cleaned data are written as CSV; give a file name "
                                      "ending in .csv")), file=str(target))
    frame = long_frame(ds)
    try:
        frame.to_csv(target, index=False, encoding="utf-8")
    except OSError as exc:
        # Translators: {reason} is the operating system's own message ("Permission denied").
        raise DataError(Wording.of(N_("cannot write the file ({reason})"),
                                   reason=str(exc.strerror or exc)), file=str(target)) from None
    return len(frame)


# ------------------------------------------------------------- reading back
@dataclass(frozen=True)
class ExportedScale:
    categories: tuple[str, ...] | None
    ordinal: bool | None
    labels: tuple[tuple[str, str], ...] = ()


def recognise_export(table: Table, book: NoteBook) -> tuple[Table, ExportedScale | None]:
    """A TapDesk export (subject, rater, [item,] rating): its declared scale, and its cells
    without the apostrophes the export added."""
    cols = [c.strip() for c in table.columns]
    if cols[:2] != ["subject", "rater"] or len(cols) not in (3, 4) or \
            (len(cols) == 4 and cols[2] != "item") or not cols[-1].startswith("rating"):
        return table, None
    scale = ExportedScale(None, None)
    match = _RATING_HEADER.match(cols[-1])
    if match:
        try:
            spec = json.loads(match.group(1))
            scale = ExportedScale(tuple(str(c) for c in spec["categories"]), bool(spec["ordinal"]),
                                  tuple((str(c), str(lab))
                                        for c, lab in dict(spec.get("labels") or {}).items()))
        except (ValueError, KeyError, TypeError):
            return table, None
    elif cols[-1] != "rating":
        return table, None
    from tapdesk.data.importer.table import Table
    names = list(table.columns[:-1]) + ["rating"]
    coded: Coded | None                     # None once the cells change: Table codes them anew
    body, coded = table.body.copy(), table.codes()
    if any(t.startswith("'") for t in coded.text):           # only then: apostrophes to remove
        for col in body.columns:
            codes, uniques = pd.factorize(body[col].to_numpy(dtype=object), use_na_sentinel=True)
            clean = np.array([unescape_cell(u) if isinstance(u, str) else u for u in uniques]
                             + [""], dtype=object)
            body[col] = clean[codes]
        coded = None
    body.columns = names
    out = Table(names, body, table.rows, table.grid, table.header_row, table.formulas, coded)
    if scale.categories:
        # Translators: {categories} is the scale's categories joined by ", ".
        said = N_("a TapDesk export: the scale written in its rating header ({categories}; "
                  "nominal) was declared again")
        if scale.ordinal:
            # Translators: as above.
            said = N_("a TapDesk export: the scale written in its rating header ({categories}; "
                      "ordinal) was declared again")
        book.add("header-words", Wording.of(said, categories=", ".join(scale.categories)),
                 columns=[table.columns[-1]], action="kept")
    return out, scale
