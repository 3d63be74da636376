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

from tapdesk.engine.results import FitResult, ResultTable
from tapdesk.engine.words import parameter_words
from tapdesk.gui.errors import show_error
from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.results.views import LazyPanel
from tapdesk.gui.widgets.eliding_combo import ElidingComboBox
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, table_view
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _
from tapdesk.i18n.tables import displayed, numbers_kept
from tapdesk.report.document import Table
from tapdesk.report.glossary import lookup
from tapdesk.report.views import count_tables

# Translators: a column heading of the Tables tab, a statistic in plain words (its term is in
# the tooltip).
HEADINGS = {"p_value": N_("p-value"), "G2": N_("Misfit (G\u00b2)"), "df": N_("Free counts"),
            "log_likelihood": N_("Fit (higher is better)"),
            "log-likelihood": N_("Fit (higher is better)"),
            "sqrt_kappa": N_("Accuracy from kappa"), "sqrt(kappa)": N_("Accuracy from kappa"),
            "fleiss_kappa": N_("Fleiss' kappa"), "sd": N_("Spread"),
            "R-hat": N_("Chain disagreement (1.00 = none)"), "ESS bulk": N_("Independent draws"),
            "ESS tail": N_("Independent draws (extremes)"), "AIC": N_("Fit allowing for size"),
            "BIC": N_("Fit allowing for size and subjects"), "parameters": N_("Numbers estimated"),
            "LR statistic vs Dawid-Skene": N_("Test against Dawid-Skene"),
            "SE": N_("Margin of error")}
"""Statistical headings of the Tables tab in words (the term itself is in the tooltip)."""
TABLES_WAIT = N_("Fit a model to see its tables: counts of the ratings, and the cut-point, "
                 "category-pair and coefficient tables of those analyses.")
SYMBOL = re.compile(r"^[a-z]\d?(\[[^\]]+\])?$")
"""A parameter written as a symbol: "a", "p1", "a[J1]"."""


def plain_heading(column: str, result: FitResult | None = None) -> str:
    """A column heading in words: statistics named ("R-hat" -> "Chain disagreement"), symbols
    spelled out ("a" -> "Accuracy"), underscores out; as ``result`` names its estimates where
    given ("t[4]" -> "Truly gold" in a fit of several categories)."""
    if column in HEADINGS:
        return _(HEADINGS[column])
    if SYMBOL.match(column) or "_" in column:
        return result.estimate_words(column) if result is not None else parameter_words(column)
    return column


def heading_tip(column: str) -> str:
    """A heading's tooltip: the statistician's term and what it means ("" when unchanged)."""
    if plain_heading(column) == column:
        return ""
    entry = lookup(column.replace("_", "-")) or lookup(column)
    return f"{column}: {entry.shown_meaning()}" if entry is not None else column


def plain_cell(value, column: str, result: FitResult | None = None):
    """A parameter name in a "parameter" column in words ("a[R1]" -> "Accuracy (R1)"; "t[4]"
    -> "Truly gold" where ``result`` is a fit of several categories)."""
    if column == "parameter" and isinstance(value, str) and SYMBOL.match(value):
        return result.estimate_words(value) if result is not None else parameter_words(value)
    return value


class TablesPanel(LazyPanel):
    """A chooser of the result's tables (``FitResult.tables``), each savable as CSV or XLSX."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(say(QLabel(), "setText", N_("Table:")))
        self.chooser = ElidingComboBox()        # a long title ends in "…", whole in its tooltip
        say(self.chooser, "setAccessibleName", N_("Result table"))
        self.chooser.setMinimumContentsLength(20)
        self.chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chooser.currentIndexChanged.connect(self._show)
        row.addWidget(self.chooser, 1)
        layout.addLayout(row)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.model.counts_grouped = True      # a result table's whole numbers are counts
        self.view = table_view(self.model, "Result table view")
        say(self.view, "setAccessibleName", N_("Result table view"))
        layout.addWidget(self.view, 1)
        below = QHBoxLayout()
        below.addStretch()
        self.csv_button = say(QPushButton(), "setText", N_("Save table..."))
        say(self.csv_button, "setToolTip", N_("Save the shown table as CSV (opens in any "
                                              "spreadsheet) or as an Excel workbook (XLSX)."))
        self.csv_button.clicked.connect(self._save_dialog)
        below.addWidget(self.csv_button)
        layout.addLayout(below)
        self.tables: tuple[ResultTable, ...] = ()
        self.result: FitResult | None = None

    def fill(self, entry: FitEntry | None) -> None:
        self.result = None if entry is None else entry.result
        self.tables = () if entry is None else \
            tuple(entry.result.tables) + count_tables(entry.result, entry.table)
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for table in self.tables:
            self.chooser.addItem(displayed(table).title)
        self.chooser.blockSignals(False)
        self.csv_button.setEnabled(bool(self.tables))
        self._show(0)

    def _show(self, index: int) -> None:
        if not (0 <= index < len(self.tables)):
            self.model.set_rows((), ())
            self.note.setText(_(TABLES_WAIT))
            return
        table = self.tables[index]
        words = displayed(table)             # the keys stay the English columns and cells
        named = table.columns[0] if table.columns else ""
        fit = self.result
        self.model.set_rows([plain_heading(c, fit) if plain_heading(c, fit) != c else shown
                             for c, shown in zip(table.columns, words.columns, strict=True)],
                            [(plain_cell(r[0], named, fit) if plain_cell(r[0], named, fit) != r[0]
                              else s[0], *numbers_kept(table, r[1:], s[1:])) if r else tuple(r)
                             for r, s in zip(table.rows, words.rows, strict=True)],
                            tooltips=[heading_tip(c) for c in table.columns],
                            row_tips=[str(r[0]) if r and plain_cell(r[0], named) != r[0] else ""
                                      for r in table.rows])
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)   # the table's own order first
        fit_columns(self.view)
        self.note.setText(words.note)

    def show_table(self, title: str) -> bool:
        """Show the table titled ``title`` (its English title, or as the chooser shows it)."""
        index = next((i for i, t in enumerate(self.tables) if t.title == title),
                     self.chooser.findText(title))
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
        path, chosen = QFileDialog.getSaveFileName(
            self, _("Save table"), name, _("CSV files (*.csv)") + ";;" + _("Excel workbook (*.xlsx)"))
        if not path:
            return
        xlsx = Path(path).suffix.lower() == ".xlsx" or (not Path(path).suffix and "xlsx" in chosen)
        path = path if Path(path).suffix else f"{path}.{'xlsx' if xlsx else 'csv'}"
        try:
            (self.export_xlsx if xlsx else self.export_csv)(path)
        except OSError as exc:
            # Translators: {path} is a file's path, {cause} why it could not be written.
            show_error(self, _("The table could not be saved to {path}: {cause}").format(
                path=path, cause=exc.strerror or exc))
