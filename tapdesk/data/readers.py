"""Read a ratings file into a :class:`Dataset` (the interface the importer keeps).

This first reader handles CSV in two layouts: long (columns named like
subject / rater / rating, any case) and wide (one row per subject, one column
per rater, optional subject-id column). The full importer replaces the body
of :func:`read_ratings` but keeps its signature and return type.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.errors import DataError

LAYOUTS = ("long", "wide", "wide-rows", "category-counts", "binary-counts", "contingency")

SUBJECT_NAMES = ("subject", "subjectid", "subject_id", "id", "item_id", "case", "unit", "wine")
RATER_NAMES = ("rater", "raterid", "rater_id", "judge", "coder", "annotator", "observer")
RATING_NAMES = ("rating", "score", "value", "label", "category", "grade", "code")


@dataclass(frozen=True)
class ImportOptions:
    """User overrides for reading a file; None means "detect"."""

    layout: str | None = None
    subject_col: str | None = None
    rater_col: str | None = None
    rating_col: str | None = None
    item_col: str | None = None
    item: str | None = None
    sheet: str | None = None
    ordinal: bool | None = None
    missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dataset:
    """A ratings table plus how it was read."""

    table: RatingsTable
    layout: str
    confidence: float
    reason: str
    mapping: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    provenance: Provenance = field(default_factory=Provenance)


def file_provenance(path: Path, layout: str, mapping, sheet: str | None = None) -> Provenance:
    data = path.read_bytes()
    return Provenance(file_name=path.name, size_bytes=len(data),
                      sha256=hashlib.sha256(data).hexdigest(), sheet=sheet, layout=layout,
                      mapping=tuple(mapping))


def _find(columns, names, override: str | None, path: Path) -> str | None:
    if override is not None:
        for col in columns:
            if col == override or col.lower() == override.lower():
                return col
        raise DataError(f"there is no column '{override}'; the columns are "
                        f"{', '.join(map(str, columns))}", file=path.name)
    for col in columns:
        if str(col).strip().lower().replace(" ", "_") in names:
            return col
    return None


def read_ratings(path: str | Path, options: ImportOptions = ImportOptions()) -> Dataset:
    """Read ``path`` into a Dataset; DataError (naming the file) on any problem."""
    path = Path(path)
    if not path.exists():
        raise DataError("the file does not exist", file=str(path))
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False, sep=None, engine="python")
    except (pd.errors.ParserError, UnicodeDecodeError, ValueError, OSError) as exc:
        raise DataError(f"cannot be read as CSV ({exc})", file=path.name) from None
    if frame.empty:
        raise DataError("the file has no data rows", file=path.name)
    frame.columns = [str(c).strip() for c in frame.columns]
    missing = {"", "NA", "N/A", "NaN", "nan", ".", "-", *options.missing}
    frame = frame.apply(lambda col: col.str.strip()).mask(lambda f: f.isin(missing))
    cols = list(frame.columns)
    subject = _find(cols, SUBJECT_NAMES, options.subject_col, path)
    rater = _find(cols, RATER_NAMES, options.rater_col, path)
    rating = _find(cols, RATING_NAMES, options.rating_col, path)
    layout = options.layout or ("long" if rating is not None and (rater or subject) else "wide")
    if layout == "long":
        if rating is None or subject is None:
            raise DataError("a long layout needs a subject column and a rating column; name them "
                            "with --subject-col and --rating-col", file=path.name)
        mapping = (("subject", subject), ("rater", rater or ""), ("rating", rating))
        table = RatingsTable.from_labels(frame[subject], frame[rater] if rater else None,
                                         frame[rating], ordinal=options.ordinal)
        reason = f"columns '{subject}' and '{rating}' name subjects and ratings"
        confidence = 0.9
    elif layout == "wide":
        rater_cols = [c for c in cols if c != subject]
        if not rater_cols:
            raise DataError("no rater columns found", file=path.name)
        mapping = (("subject", subject or "(row number)"), ("raters", ", ".join(rater_cols)))
        ids = frame[subject].tolist() if subject else None
        table = RatingsTable.from_wide(frame[rater_cols], subject_ids=ids, rater_ids=rater_cols,
                                       ordinal=options.ordinal)
        reason = "one row per subject with one column per rater"
        confidence = 0.7
    else:
        raise DataError(f"layout '{layout}' is not supported by this reader", file=path.name)
    prov = file_provenance(path, layout, mapping)
    table = RatingsTable(table.subject, table.rater, table.rating, table.subject_ids,
                         table.rater_ids, table.scale, table.n_missing, prov)
    return Dataset(table, layout, confidence, reason, mapping, provenance=prov)
