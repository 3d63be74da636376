"""The data importer: files and pasted text in six layouts to RatingsTables.

Modules: ``sniff`` (encoding, delimiter, decimal mark), ``sources`` (text,
spreadsheets, SPSS/Stata to a raw grid), ``table`` (header row), ``layouts``
(detection with confidence and reason), ``values`` (missing markers, labels,
continuous-value refusal), ``convert`` (layouts to tables), ``pipeline``,
``summary`` and ``export``. Nothing here imports Qt.
"""

from tapdesk.data.importer.export import escape_cell, export_long_csv, long_frame
from tapdesk.data.importer.layouts import LAYOUT_WORDS, LAYOUTS
from tapdesk.data.importer.model import Dataset, ImportNote, ImportOptions
from tapdesk.data.importer.pipeline import import_path, import_text
from tapdesk.data.importer.summary import summary_dict, summary_text

__all__ = ["LAYOUTS", "LAYOUT_WORDS", "Dataset", "ImportNote", "ImportOptions", "escape_cell", "export_long_csv",
           "import_path", "import_text", "long_frame", "summary_dict", "summary_text"]
