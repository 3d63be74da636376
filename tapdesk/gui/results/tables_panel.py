"""The Tables tab: every table of the shown fit (cut points, pairs, ridge ranges ...).

The result's own tables come first, then the count tables every fit can show
from its own data (:func:`tapdesk.report.views.count_tables`), so the tab is
never blank.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from tapdesk.engine.results import ResultTable
from tapdesk.engine.words import parameter_words
from tapdesk.gui.errors import show_error
from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.results.views import LazyPanel
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, table_view
from tapdesk.report.document import Table
from tapdesk.report.glossary import lookup
from tapdesk.report.views import count_tables

HEADINGS = {"p_value": "p-value", "G2": "Misfit (G\u00b2)", "df": "Free counts",
            "log_likelihood": "Fit (higher is better)", "log-likelihood": "Fit (higher is better)",
            "sqrt_kappa": "Accuracy from kappa", "sqrt(kappa)": "Accuracy from kappa",
            "fleiss_kappa": "Fleiss' kappa", "sd": "Spread",
            "R-hat": "Chain disagreement (1.00 = none)", "ESS bulk": "Independent draws",
            "ESS tail": "Independent draws (extremes)", "AIC": "Fit allowing for size",
            "BIC": "Fit allowing for size and subjects", "parameters": "Numbers estimated",
            "LR statistic vs Dawid-Skene": "Test against Dawid-Skene", "SE": "Margin of error"}
"""Statistical headings of the Tables tab in words (the term itself is in the tooltip)."""
SAVE_FILTER = "CSV files (*.csv);;Excel workbook (*.xlsx)"
SYMBOL = re.compile(r"^[a-z]\d?(\[[^\]]+\])?$")
"""A parameter written as a symbol: "a", "p1", "a[J1]"."""


def plain_heading(column: str) -> str:
    """A column heading in words: statistics named ("R-hat" -> "Chain disagreement"), symbols
    spelled out ("a" -> "Accuracy"), underscores out."""
    if column in HEADINGS:
        return HEADINGS[column]
    if SYMBOL.match(column) or "_" in column:
        return parameter_words(column)
    return column


def heading_tip(column: str) -> str:
    """A heading's tooltip: the statistician's term and what it means ("" when unchanged)."""
    if plain_heading(column) == column:
        return ""
    entry = lookup(column.replace("_", "-")) or lookup(column)
    return f"{column}: {entry.meaning}" if entry is not None else column


def plain_cell(value, column: str):
    """A parameter name in a "parameter" column in words ("a[R1]" -> "Accuracy (R1)")."""
    if column == "parameter" and isinstance(value, str) and SYMBOL.match(value):
        return parameter_words(value)
    return value


class TablesPanel(LazyPanel):
    """A chooser of the result's tables (``FitResult.tables``), each savable as CSV or XLSX."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Table:"))
        self.chooser = QComboBox()
        self.chooser.setAccessibleName("Result table")
        self.chooser.setMinimumContentsLength(20)
        self.chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chooser.currentIndexChanged.connect(self._show)
        row.addWidget(self.chooser, 1)
        layout.addLayout(row)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.view = table_view(self.model, "Result table view")
        layout.addWidget(self.view, 1)
        below = QHBoxLayout()
        below.addStretch()
        self.csv_button = QPushButton("Save table...")
        self.csv_button.setToolTip("Save the shown table as CSV (opens in any spreadsheet) or as "
                                   "an Excel workbook (XLSX).")
        self.csv_button.clicked.connect(self._save_dialog)
        below.addWidget(self.csv_button)
        layout.addLayout(below)
        self.tables: tuple[ResultTable, ...] = ()

    def fill(self, entry: FitEntry | None) -> None:
        self.tables = () if entry is None else \
            tuple(entry.result.tables) + count_tables(entry.result, entry.table)
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for table in self.tables:
            self.chooser.addItem(table.title)
        self.chooser.blockSignals(False)
        self.csv_button.setEnabled(bool(self.tables))
        self._show(0)

    def _show(self, index: int) -> None:
        if not (0 <= index < len(self.tables)):
            self.model.set_rows((), ())
            self.note.setText("Fit a model to see its tables: counts of the ratings, and the "
                              "cut-point, category-pair and coefficient tables of those analyses.")
            return
        table = self.tables[index]
        named = table.columns[0] if table.columns else ""
        self.model.set_rows([plain_heading(c) for c in table.columns],
                            [(plain_cell(r[0], named), *r[1:]) if r else tuple(r)
                             for r in table.rows],
                            tooltips=[heading_tip(c) for c in table.columns],
                            row_tips=[str(r[0]) if r and plain_cell(r[0], named) != r[0] else ""
                                      for r in table.rows])
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)   # the table's own order first
        fit_columns(self.view)
        self.note.setText(table.note)

    def show_table(self, title: str) -> bool:
        index = self.chooser.findText(title)
        if index >= 0:
            self.chooser.setCurrentIndex(index)
        return index >= 0

    def export_csv(self, path: str | Path) -> Path:
        """The shown table as CSV, as the report's tables are written (formula-like text
        escaped)."""
        from tapdesk.report.tables_export import write_csv
        return write_csv(self.shown_table(), path)

    def export_xlsx(self, path: str | Path) -> Path:
        """The shown table as an Excel workbook of one sheet (title, header, rows, note)."""
        from tapdesk.report.tables_export import write_xlsx
        return write_xlsx([self.shown_table()], path)

    def shown_table(self) -> Table:
        """The shown table as the report's exports take it."""
        table = self.tables[self.chooser.currentIndex()]
        key = re.sub(r"[^a-z0-9]+", "-", table.title.lower()).strip("-")[:40] or "table"
        return Table(key, table.title, tuple(table.columns), tuple(map(tuple, table.rows)),
                     note=table.note)

    def _save_dialog(self) -> None:
        if not self.tables:
            return
        name = self.shown_table().key
        path, chosen = QFileDialog.getSaveFileName(self, "Save table", name, SAVE_FILTER)
        if not path:
            return
        xlsx = Path(path).suffix.lower() == ".xlsx" or (not Path(path).suffix and "xlsx" in chosen)
        path = path if Path(path).suffix else f"{path}.{'xlsx' if xlsx else 'csv'}"
        try:
            (self.export_xlsx if xlsx else self.export_csv)(path)
        except OSError as exc:
            show_error(self, f"The table could not be saved to {path}: {exc.strerror or exc}")
