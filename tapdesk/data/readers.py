"""Read ratings data into a :class:`Dataset` (the interface every client uses).

``read_ratings(path, options)`` reads a file (CSV/TSV/TXT, Excel, OpenDocument,
SPSS, Stata) in any of the six layouts in :data:`LAYOUTS`; ``read_text`` reads
pasted text and ``read_frame`` a pandas DataFrame with the same parser. The work is done by
:mod:`tapdesk.data.importer`; this module keeps the stable names.
Any problem raises :class:`tapdesk.errors.DataError` naming the file (and row
and column where relevant); nothing is ever written over the input.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from tapdesk.data import importer
from tapdesk.data.importer import Dataset, ImportNote, ImportOptions
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.wording import Wording
from tapdesk.errors import DataError, TapDeskError
from tapdesk.i18n import N_

if TYPE_CHECKING:
    from tapdesk.data.importer import DELIMITER_NAMES, LAYOUTS, export_long_csv, sheet_names

__all__ = ["DELIMITER_NAMES", "LAYOUTS", "Dataset", "ImportNote", "ImportOptions", "export_long_csv",
           "frame_text", "read_frame", "read_items", "read_ratings", "read_stream", "read_text",
           "sheet_names", "with_raters_file"]
_FROM_IMPORTER = ("DELIMITER_NAMES", "LAYOUTS", "export_long_csv", "sheet_names")


def __getattr__(name: str) -> object:
    """The importer's names, loaded (with pandas) on first use, as in the importer itself."""
    if name not in _FROM_IMPORTER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importer, name)


def read_ratings(path: str | Path, options: ImportOptions = ImportOptions()) -> Dataset:
    """Read ``path`` into a Dataset; DataError (naming the file) on any problem."""
    return _guarded(lambda: importer.import_path(path, options), str(path))


def read_stream(stream: BinaryIO, options: ImportOptions = ImportOptions()) -> Dataset:
    """Read a stream of a file's bytes (standard input) into a Dataset; it is named
    "standard input" in messages and provenance."""
    return _guarded(lambda: importer.import_stream(stream, options), importer.STANDARD_INPUT)


def read_text(text: str, options: ImportOptions = ImportOptions()) -> Dataset:
    """Read pasted text (clipboard) into a Dataset with the same parser as files."""
    return _guarded(lambda: importer.import_text(text, options), "(pasted text)")


FRAME = "(pandas DataFrame)"
"""The name messages and provenance give ratings taken from a pandas DataFrame."""


def read_frame(frame: Any, options: ImportOptions = ImportOptions()) -> Dataset:
    """Read a pandas DataFrame (wide: a row per subject; or long: a row per rating) into a
    Dataset with the same importer as files, so every guess is made and said the same way.

    The frame's columns are handed over as they are, never written out as text and read back:
    a named index (``subject``) becomes a column; a column of whole numbers that pandas holds
    as floats because of a missing cell keeps its labels ("3", not "3.0"); a missing cell
    (NaN, None) is a blank, so a missing rating; an ordered categorical column is read as an
    ordinal scale. The provenance's checksum is that of the frame as CSV text
    (:func:`frame_text`), so a report names the same data however it was handed over."""
    from tapdesk.data.importer.pipeline import import_grid
    return _guarded(lambda: import_grid(lambda: frame_grid(frame), frame_text(frame).encode("utf-8"),
                                        options, FRAME), FRAME)


def frame_text(frame: Any) -> str:
    """``frame`` as CSV text: what its provenance's checksum is taken of."""
    return _columns(frame).to_csv(index=False)


def frame_grid(frame: Any):
    """``frame``'s cells as the importer's grid (named columns, a blank for a missing cell, a
    categorical column's categories in their order, an ordered one as an ordinal scale), as a
    statistics file's are."""
    import numpy as np
    import pandas as pd

    from tapdesk.data.importer.grid import RawGrid
    table = _columns(frame)
    cells = pd.DataFrame({j: table[c].astype(object).where(table[c].notna(), "").to_numpy()
                          for j, c in enumerate(table.columns)}, index=range(len(table)))
    # by position: the frame's own index (filtered rows, a range from 100) is not the rows'
    # numbers, and aligned on it the cells would be read from other rows or not at all
    kinds = {c: table[c].dtype for c in table.columns
             if isinstance(table[c].dtype, pd.CategoricalDtype)}
    order = {c: tuple((str(v), str(v)) for v in kind.categories) for c, kind in kinds.items()}
    ordinal = frozenset(c for c, kind in kinds.items() if kind.ordered)
    return RawGrid(cells, "frame", FRAME, np.arange(2, len(cells) + 2), names=list(table.columns),
                   value_labels=order, ordinal_columns=ordinal)


def _columns(frame: Any):
    """``frame`` with its named index as a column, columns named by text, and whole numbers
    held as floats (a missing cell) as whole numbers."""
    import pandas as pd
    if not isinstance(frame, pd.DataFrame):
        # Translators: {kind} is a Python type's name ("list").
        raise DataError(Wording.of(N_("expected a pandas DataFrame, not {kind}"),
                                   kind=type(frame).__name__), file=FRAME)
    if any(name is not None for name in frame.index.names):
        frame = frame.reset_index()
    columns = {}
    for name in frame.columns:
        column = frame[name]
        if pd.api.types.is_float_dtype(column):
            whole = column.dropna()
            if len(whole) and (whole == whole.round()).all() and whole.abs().max() < 2**53:
                column = column.astype("Int64")
        columns[str(name)] = column
    return pd.DataFrame(columns)


def with_raters_file(dataset: Dataset, path: str | Path) -> Dataset:
    """The dataset with the rater attributes of a second table (one row per rater: the id, then
    the attributes); rows matching no rater and raters without a row are said in warnings."""
    from tapdesk.data.importer.raterfile import attach_rater_table, read_rater_file
    return attach_rater_table(dataset, read_rater_file(path), str(path))


def read_items(path: str | Path, options: ImportOptions = ImportOptions()) -> dict[str | None, RatingsTable]:
    """Every item's table (key None when the data have no item column)."""
    ds = read_ratings(path, options)
    return dict(ds.item_tables.items()) if ds.items else {None: ds.table}


def _guarded(work, file: str) -> Dataset:
    """Run the import; anything unexpected still reaches the user as a DataError."""
    try:
        return work()
    except DataError as exc:
        if exc.file is None:              # every message names the file the user gave
            raise DataError(exc.wording, file=file, row=exc.row, column=exc.column) from None
        raise
    except TapDeskError:
        raise
    except MemoryError:
        raise DataError(Wording.of(N_("the file is too large to import in the memory available")),
                        file=file) from None
    except RecursionError:
        raise DataError(Wording.of(N_("the file is nested too deeply to be read")),
                        file=file) from None
    except Exception as exc:          # last line of defence: never a traceback for the user
        # Translators: {error} is the internal error's name and message (English, technical).
        raise DataError(Wording.of(N_("could not be imported because of an internal error "
                                      "({error}); please report this together with the file"),
                                   error=f"{type(exc).__name__}: {exc}"), file=file) from None
