"""Export the cleaned ratings as a long CSV, safe to open in a spreadsheet.

Any text cell starting with = + - @ (or tab / carriage return) is prefixed
with an apostrophe so a spreadsheet shows it as text instead of running it as
a formula (OWASP "CSV injection"). Plain numbers such as -1 cannot run as
formulas and are written unchanged so the data stay numeric.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from tapdesk.errors import DataError

if TYPE_CHECKING:
    from tapdesk.data.importer.model import Dataset

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")


def escape_cell(text: str) -> str:
    """``text`` made inert for spreadsheets (see module docstring)."""
    if text and text.startswith(FORMULA_START) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def _escape_labels(labels) -> np.ndarray:
    return np.asarray([escape_cell(str(x)) for x in labels] + [""], dtype=object)


def long_frame(ds: "Dataset") -> pd.DataFrame:
    """Cleaned ratings, one row per rating: subject, rater, [item], rating (escaped)."""
    tables = list(ds.item_tables.items()) if ds.items else [(None, ds.table)]
    parts = []
    for item, t in tables:
        frame = {"subject": _escape_labels(t.subject_ids)[t.subject],
                 "rater": _escape_labels(t.rater_ids)[t.rater],      # -1 -> "" (no rater)
                 "rating": _escape_labels(t.scale.categories)[t.rating]}
        if item is not None:
            frame = {"subject": frame["subject"], "rater": frame["rater"],
                     "item": np.full(t.n_ratings, escape_cell(item), dtype=object),
                     "rating": frame["rating"]}
        parts.append(pd.DataFrame(frame))
    return pd.concat(parts, ignore_index=True)


def export_long_csv(ds: "Dataset", path: str | Path) -> int:
    """Write the cleaned long CSV; returns the number of rating rows written.

    Refuses to write over the input file.
    """
    target = Path(path)
    if ds.source_path and target.exists() and target.resolve() == Path(ds.source_path).resolve():
        raise DataError("the export would write over the input file; choose another file name",
                        file=str(target))
    if target.suffix.lower() not in (".csv", ".txt"):
        raise DataError("the cleaned data are written as CSV; give a file name ending in .csv",
                        file=str(target))
    frame = long_frame(ds)
    try:
        frame.to_csv(target, index=False, encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot write the file ({exc.strerror or exc})", file=str(target)) from None
    return len(frame)
