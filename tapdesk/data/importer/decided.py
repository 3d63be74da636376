"""What the import rules decided about a grid before its ratings are read (the general
pipeline's first half, :func:`~tapdesk.data.importer.pipeline.decide`)."""

from __future__ import annotations

from dataclasses import dataclass

from tapdesk.data.importer.convert import ScaleOptions
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.userroles import Choice
from tapdesk.data.importer.values import ValueRules


@dataclass
class Decided:
    """The table (header found, rows and columns sorted out), the file's columns, the user's
    choice, the layout, the value rules and the scale options."""

    table: Table
    file_columns: tuple[str, ...]
    choice: Choice
    det: Detection
    rules: ValueRules
    scale: ScaleOptions
    whole: Table | None = None
    """The table before its columns were chosen (every column the rows hold), for the audit's
    principles that judge a reading by a column it left out."""
