"""The data importer: files and pasted text in six layouts to RatingsTables.

Modules, in the order an import runs: ``budget`` (only regular files, size and
time limits), ``sniff`` and ``textlines``/``textgrid`` (encoding, delimiter,
decimal mark, ``sep=`` and comment lines, quoted line breaks), ``sources``
(spreadsheets with their formula cells via ``formulas``, SPSS/Stata), each giving a
``grid`` of raw cells; ``gridrules`` (title lines, two-level headers, ragged rows,
mixed delimiters, pandas' index-name line), ``table`` (header row), ``rowrules`` (repeated
headers, survey header rows, footers known by their content), ``colrules`` (metadata,
row-name and calculated columns), ``margins`` (cross-tables whose labels name the raters)
and ``factorial`` (rater x item column names, melted to raters and items),
``roles`` and ``layouts`` (column roles from header words in several languages,
layout detection with confidence and reason), ``values``, ``valuechecks`` and ``offscale``
(missing markers, missing-value marks of any language known by being off the scale, labels,
suspect missing codes, continuous-value refusal), ``idratings`` (a reading whose ratings
are the file's subject or rater ids, refused),
``convert`` (layouts to tables), ``pipeline``, ``summary`` (the counts of what was
read; the command line words them) and ``export``. A plain long text file of more rows than
any rule reads takes ``longread`` instead of the grid: the rules decide on a sample
(``decided``), ``bytecolumns`` splits the whole file into coded columns and ``intcodes``
recodes them in linear time; what the sample did not see sends the file back to the grid.
``notes`` collects what each rule did as ImportNotes; ``words`` holds the words the rules recognise. Nothing
here imports Qt.
"""

import importlib
from typing import TYPE_CHECKING

from tapdesk.data.import_words import LAYOUT_WORDS
from tapdesk.data.importer.model import COLUMN_ROLES, Dataset, ImportNote, ImportOptions

if TYPE_CHECKING:
    from tapdesk.data.importer.export import escape_cell, export_long_csv, long_frame
    from tapdesk.data.importer.layouts import LAYOUTS
    from tapdesk.data.importer.pipeline import STANDARD_INPUT, import_path, import_stream, import_text
    from tapdesk.data.importer.sniff import DELIMITER_NAMES
    from tapdesk.data.importer.sources import sheet_names

__all__ = ["COLUMN_ROLES", "DELIMITER_NAMES", "LAYOUTS", "LAYOUT_WORDS", "STANDARD_INPUT",
           "Dataset", "ImportNote", "ImportOptions", "escape_cell", "export_long_csv", "import_path",
           "import_stream", "import_text", "long_frame", "sheet_names"]

_LAZY = {"escape_cell": "export", "export_long_csv": "export", "long_frame": "export",
         "LAYOUTS": "layouts", "STANDARD_INPUT": "pipeline",
         "import_path": "pipeline", "import_stream": "pipeline", "import_text": "pipeline",
         "DELIMITER_NAMES": "sniff", "sheet_names": "sources"}
"""The names whose modules load on first use: the rules read with pandas, which a program
that only names a Dataset (the app's first window) need not import."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value
