"""Results pane: the plain-language summary first, then tables, plots and the fit history.

Tabs: Summary (headline, parameters with intervals, warnings in words,
classical coefficients), Raters, Subjects, Tables (the result's extra tables:
cut points, pairs of categories ...), Plots, Compare (history side by side),
and Progress (live plots while a fit runs).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QSplitter, QTableView, QTabWidget, QTextBrowser, QVBoxLayout,
                               QWidget)

from tapdesk.engine.analyses import COEFFICIENTS_MODEL
from tapdesk.engine.results import FitResult, fmt
from tapdesk.gui.plots.live import LiveProgress
from tapdesk.gui.results_views import (ComparePanel, PlotsPanel, RatersPanel, SubjectsPanel,
                                       agreement_for, coefficients_rows, explain_warnings)
from tapdesk.gui.table_models import RowsModel, table_view
from tapdesk.gui.tables_panel import TablesPanel

PARAM_COLUMNS = ("Parameter", "Estimate", "SE", "Interval", "Meaning")
COEFFICIENT_COLUMNS = ("Coefficient", "Estimate", "SE", "95% interval", "Method, or why undefined")


def result_label(result: FitResult, index: int) -> str:
    method = {"mle": "ML", "exact": "exact", "mcmc": "MCMC", "classical": "analytic SE"}.get(
        result.method, result.method)
    status = "" if result.complete else " (incomplete)"
    return f"{index}. {result.title} - {method}{status}"


def summary_html(result: FitResult) -> str:
    """The headline sentences, large, then the facts in a small table."""
    summ = result.summary()
    parts = [f"<h2 style='margin-bottom:4px'>{html.escape(summ.title)}</h2>"]
    if not result.complete:
        parts.append("<p style='color:#B35900'><b>This fit was stopped before the end; the numbers "
                     "below are incomplete.</b></p>")
    if summ.headline:
        parts.append("<ul style='font-size:13pt; margin-left:-20px'>" +
                     "".join(f"<li style='margin-bottom:4px'>{html.escape(s)}</li>"
                             for s in summ.headline) + "</ul>")
    parts.append("<table cellspacing='0' cellpadding='2'>" + "".join(
        f"<tr><td style='color:gray; padding-right:12px'>{html.escape(k)}</td>"
        f"<td>{html.escape(v)}</td></tr>" for k, v in summ.facts) + "</table>")
    return "".join(parts)


def fit_height(view: QTableView, max_rows: int) -> None:
    """Size a short table to its rows (up to ``max_rows``), so the summary keeps the space."""
    rows = max(1, min(view.model().rowCount(), max_rows))
    height = view.horizontalHeader().sizeHint().height() + rows * view.verticalHeader().defaultSectionSize()
    view.setFixedHeight(height + 2 * view.frameWidth() + 2)


class ResultsPane(QWidget):
    """Everything about fitted models; keeps a history of fits."""

    current_changed = Signal(object)     # FitResult or None
    plan_requested = Signal()            # "Plan next study...": the dialog uses current()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.history: list[FitResult] = []
        self.table = None                 # RatingsTable the fits used (for plots)
        self._build()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        title = QLabel("Results")
        title.setObjectName("paneTitle")
        top.addWidget(title)
        top.addStretch()
        layout.addLayout(top)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Result views")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self._build_summary(), "Summary")
        self.raters = RatersPanel()
        self.raters.feedback_requested.connect(self._write_feedback)
        self.tabs.addTab(self.raters, "Raters")
        self.subjects = SubjectsPanel()
        self.tabs.addTab(self.subjects, "Subjects")
        self.tables = TablesPanel()
        self.tabs.addTab(self.tables, "Tables")
        self.plots = PlotsPanel()
        self.tabs.addTab(self.plots, "Plots")
        self.compare = ComparePanel()
        self.tabs.addTab(self.compare, "Compare")
        self.live = LiveProgress()
        self.tabs.addTab(self.live, "Progress")
        split.addWidget(self.tabs)
        side = QWidget()
        sv = QVBoxLayout(side)
        sv.setContentsMargins(0, 0, 0, 0)
        sv.addWidget(QLabel("Fits (newest last):"))
        self.history_list = QListWidget()
        self.history_list.setAccessibleName("Fit history")
        self.history_list.setWordWrap(True)
        self.history_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.history_list.setToolTip("Every fit of this session. Click one to show it; tick several "
                                     "and open Compare to see them side by side.")
        self.history_list.currentRowChanged.connect(self._show_index)
        self.history_list.itemChanged.connect(lambda _: self.compare.set_results(self.checked()))
        sv.addWidget(self.history_list, 1)
        self.remove_button = QPushButton("Remove fit")
        self.remove_button.setToolTip("Remove the selected fit from the history.")
        self.remove_button.clicked.connect(self.remove_current)
        sv.addWidget(self.remove_button)
        self.plan_button = QPushButton("Plan next study...")
        self.plan_button.setToolTip("How many raters and subjects the next study needs, "
                                    "starting from this fit's estimates.")
        self.plan_button.clicked.connect(self.plan_requested)
        sv.addWidget(self.plan_button)
        split.addWidget(side)
        split.setStretchFactor(0, 5)
        split.setStretchFactor(1, 1)
        split.setSizes([760, 230])
        layout.addWidget(split, 1)

    def _build_summary(self) -> QWidget:
        page = QSplitter(Qt.Orientation.Vertical)
        self.summary = QTextBrowser()
        self.summary.setObjectName("summary")
        self.summary.setAccessibleName("Summary in words")
        self.summary.setOpenExternalLinks(False)
        self.summary.setHtml("<p style='color:gray'>Fit a model to see what the ratings say.</p>")
        page.addWidget(self.summary)
        lower = QWidget()
        lv = QVBoxLayout(lower)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(QLabel("<b>Parameters</b>"))
        self.param_model = RowsModel()
        self.param_view = table_view(self.param_model, "Parameter table", sort=False, fit_columns=True)
        lv.addWidget(self.param_view)
        self.warnings = QLabel()
        self.warnings.setObjectName("notice")
        self.warnings.setWordWrap(True)
        self.warnings.setTextFormat(Qt.TextFormat.RichText)
        self.warnings.setAccessibleName("Warnings")
        lv.addWidget(self.warnings)
        self.coef_title = QLabel("<b>Classical agreement coefficients</b> (same Class 1)")
        lv.addWidget(self.coef_title)
        self.coef_model = RowsModel()
        self.coef_view = table_view(self.coef_model, "Agreement coefficients", sort=False, fit_columns=True)
        lv.addWidget(self.coef_view)
        lv.addStretch()
        page.addWidget(lower)
        page.setSizes([420, 300])
        return page


    def _write_feedback(self, result: FitResult | None) -> None:
        from tapdesk.gui.feedback_action import export_feedback
        if result is not None and self.table is not None:
            export_feedback(self, result, self.table)

    # ----------------------------------------------------------------- API
    def add_data_tab(self, widget: QWidget) -> None:
        """The ratings table lives in the first tab (the dataset pane owns it)."""
        self.tabs.insertTab(0, widget, "Data")

    def add_result(self, result: FitResult, table=None) -> None:
        """Append a fit to the history and show it."""
        if table is not None:
            self.table = table
        self.history.append(result)
        item = QListWidgetItem(result_label(result, len(self.history)))
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked)
        item.setToolTip(" ".join(result.headline))
        self.history_list.blockSignals(True)
        self.history_list.addItem(item)
        self.history_list.blockSignals(False)
        self.history_list.setCurrentRow(len(self.history) - 1)
        self.compare.set_results(self.checked())

    def clear(self) -> None:
        self.history.clear()
        self.history_list.clear()
        self.show_result(None)
        self.compare.set_results([])

    def checked(self) -> list[FitResult]:
        return [r for i, r in enumerate(self.history)
                if self.history_list.item(i) is not None
                and self.history_list.item(i).checkState() == Qt.CheckState.Checked]

    def current(self) -> FitResult | None:
        row = self.history_list.currentRow()
        return self.history[row] if 0 <= row < len(self.history) else None

    def remove_current(self) -> None:
        row = self.history_list.currentRow()
        if 0 <= row < len(self.history):
            del self.history[row]
            self.history_list.takeItem(row)
            for i, res in enumerate(self.history):
                self.history_list.item(i).setText(result_label(res, i + 1))
            self._show_index(self.history_list.currentRow())
            self.compare.set_results(self.checked())

    def _show_index(self, row: int) -> None:
        self.show_result(self.history[row] if 0 <= row < len(self.history) else None)

    def show_result(self, result: FitResult | None) -> None:
        if result is None:
            self.summary.setHtml("<p style='color:gray'>Fit a model to see what the ratings say.</p>")
            self.param_model.set_rows((), ())
            self.warnings.setText("")
            self.coef_model.set_rows((), ())
        else:
            self.summary.setHtml(summary_html(result))
            summ = result.summary()
            coefficients = result.model == COEFFICIENTS_MODEL
            self.param_model.set_rows(COEFFICIENT_COLUMNS if coefficients else PARAM_COLUMNS,
                                      summ.parameter_rows,
                                      tooltips=("", "", "Standard error", result.interval_method, ""))
            self.warnings.setText(explain_warnings(result, agreement_for(result, self.table)))
            self.warnings.setVisible(bool(self.warnings.text()))
            cols, rows = ((), []) if coefficients else coefficients_rows(result, self.table)
            self.coef_model.set_rows(cols, rows)
            self.coef_title.setText("<b>Classical agreement coefficients</b> " +
                                    ("(same Class 1 as the model)" if result.class_choice
                                     is not None else "(on the whole scale)"))
        for w in (self.coef_title, self.coef_view):
            w.setVisible(self.coef_model.rowCount() > 0)
        fit_height(self.param_view, 14)
        fit_height(self.coef_view, 6)
        self.raters.set_result(result)
        self.subjects.set_result(result)
        self.tables.set_result(result)
        self.plots.set_result(result, self.table)
        self.current_changed.emit(result)

    def show_tab(self, name: str) -> QWidget:
        for i in range(self.tabs.count()):
            if self.tabs.tabText(i) == name:
                self.tabs.setCurrentIndex(i)
                return self.tabs.widget(i)
        raise KeyError(name)

    def tab_names(self) -> list[str]:
        return [self.tabs.tabText(i) for i in range(self.tabs.count())]


__all__ = ["ResultsPane", "summary_html", "result_label", "fmt"]
