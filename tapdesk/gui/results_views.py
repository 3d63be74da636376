"""The result tabs other than the summary: raters, subjects, plots, comparison."""

from __future__ import annotations

import csv
import html
import math
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFileDialog, QHBoxLayout, QLabel,
                               QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from tapdesk.engine.results import FitResult, fmt
from tapdesk.gui import result_extras
from tapdesk.gui.plots import export_png, export_svg, plots_for
from tapdesk.gui.table_models import RowsModel, table_view




# ------------------------------------------------------------------ warnings
KAPPA_PARADOX = ("<b>The kappa paradox.</b> Raw agreement is high ({agree:.0%}) but Fleiss' kappa is "
                 "only {kappa:.2f}. When almost every subject is in one class, raters agree a lot "
                 "just by saying the common class, and kappa subtracts that chance agreement. The "
                 "t-a-p model separates the two: its accuracy a is the share of ratings that are "
                 "not guesses, whatever the class balance.")


def explain_warnings(result: FitResult, agreement=None) -> str:
    """The fit's warnings as an HTML list, plus the kappa paradox when it applies."""
    items = [html.escape(n.message) for n in result.warnings]
    if agreement is not None and agreement.kappa is not None:
        if agreement.percent_agreement > 0.8 and agreement.kappa < 0.4:
            items.append(KAPPA_PARADOX.format(agree=agreement.percent_agreement,
                                              kappa=agreement.kappa))
    if not items:
        return ""
    return ("<b style='color:#B35900'>Please read:</b><ul style='margin-left:-20px'>" +
            "".join(f"<li>{m}</li>" for m in items) + "</ul>")


def precompute(result: FitResult, table) -> None:
    """Compute the coefficients and agreement for ``result`` (safe in the fit's worker thread)."""
    result_extras.precompute(result, table)


def coefficients_rows(result: FitResult, table) -> tuple[tuple[str, ...], list[tuple]]:
    """Classical coefficients beside the model (on the model's binary view for binary models)."""
    out = result_extras.extras_for(result, table).coefficients
    if out is None:
        return (), []
    rows = []
    for c in out.coefficients:
        if c.category is not None:
            continue
        ci = c.ci
        value = c.value if c.value is not None else float("nan")
        rows.append((c.name, value, f"{fmt(ci[0])} - {fmt(ci[1])}" if ci else "-",
                     c.undefined_reason or c.note or c.method))
    return ("Coefficient", "Value", "Interval", "Meaning"), rows


def agreement_for(result: FitResult, table):
    return result_extras.extras_for(result, table).agreement


class LazyPanel(QWidget):
    """Fills its table only when shown, so a finished fit never stalls the GUI thread."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._lazy = None

    def set_result(self, result: FitResult | None) -> None:
        self._lazy = (result,)
        if self.isVisible():
            self._flush()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._flush()

    def _flush(self) -> None:
        if self._lazy is not None:
            (result,), self._lazy = self._lazy, None
            self.fill(result)


# -------------------------------------------------------------------- raters
class RatersPanel(LazyPanel):
    feedback_requested = Signal(object)      # the per-rater FitResult to write feedback for

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.result: FitResult | None = None
        layout = QVBoxLayout(self)
        self.note = QLabel("Per-rater estimates appear after fitting a per-rater model.")
        self.note.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.note, 1)
        self.feedback_button = QPushButton("Feedback for each rater...")
        self.feedback_button.setToolTip("Write a short PDF for every rater (their accuracy, how "
                                        "their guesses lean, subjects to look at again) and a "
                                        "summary table. Needs the two-class per-rater model.")
        self.feedback_button.clicked.connect(lambda: self.feedback_requested.emit(self.result))
        self.feedback_button.setEnabled(False)
        top.addWidget(self.feedback_button)
        layout.addLayout(top)
        self.model = RowsModel()
        self.view = table_view(self.model, "Per-rater table")
        layout.addWidget(self.view, 1)

    def fill(self, result: FitResult | None) -> None:
        self.result = result
        self.feedback_button.setEnabled(result is not None and result.model == "per-rater")
        if result is None or not result.raters:
            self.model.set_rows((), ())
            self.note.setText("Per-rater estimates appear after fitting a per-rater model "
                              "(the data must say which rater gave each rating).")
            return
        names = [e.name for e in result.raters[0].estimates]
        cols = ["Rater", "Ratings"]
        for n in names:
            cols += [n, f"{n} interval"]
        cols.append("Flag")
        rows, flagged = [], set()
        for i, r in enumerate(result.raters):
            row: list = [r.rater_id, r.n_ratings]
            for n in names:
                est = r.get(n)
                row += [est.value, f"{fmt(est.ci[0])} - {fmt(est.ci[1])}" if est.ci else "-"]
            row.append(r.flagged)
            rows.append(tuple(row))
            if r.flagged:
                flagged.add(i)
        self.model.set_rows(cols, rows, highlight=flagged)
        self.note.setText(f"{len(rows)} raters. Click a column heading to sort. Highlighted raters "
                          f"are flagged as weak ({len(flagged)}).")


# ------------------------------------------------------------------ subjects
class SubjectsPanel(LazyPanel):
    """Per-subject class probabilities with a "needs review" threshold and CSV export."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.result: FitResult | None = None
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Needs review when the most likely class has probability below"))
        self.threshold = QDoubleSpinBox()
        self.threshold.setRange(0.5, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setValue(0.9)
        self.threshold.setAccessibleName("Review threshold")
        self.threshold.setToolTip("Subjects whose most likely true class is less certain than this "
                                  "are marked for review by the committee.")
        self.threshold.valueChanged.connect(lambda _: self.fill(self.result))
        row.addWidget(self.threshold)
        row.addStretch()
        self.export_button = QPushButton("Export adjudication list...")
        self.export_button.setToolTip("Save the subjects that need review, least certain first, as CSV.")
        self.export_button.clicked.connect(self._export_dialog)
        row.addWidget(self.export_button)
        layout.addLayout(row)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.view = table_view(self.model, "Per-subject table")
        layout.addWidget(self.view, 1)

    def review_rows(self) -> list[tuple]:
        if self.result is None:
            return []
        rows = [r for r in self._rows() if r[-1] == "review"]
        return sorted(rows, key=lambda r: r[-2])

    def _rows(self) -> list[tuple]:
        limit = self.threshold.value()
        out = []
        for s in self.result.subjects:
            best = max(s.probabilities) if s.probabilities else math.nan
            out.append((s.subject_id, s.n_ratings, *s.probabilities, best,
                        "review" if best < limit else ""))
        return out

    def fill(self, result: FitResult | None) -> None:
        self.result = result
        if result is None or not result.subjects:
            self.model.set_rows((), ())
            self.note.setText("Per-subject class probabilities appear after fitting a model that "
                              "estimates each subject's true class.")
            self.export_button.setEnabled(False)
            return
        labels = result.class_labels or tuple(f"class {i}" for i in
                                              range(len(result.subjects[0].probabilities)))
        cols = ("Subject", "Ratings", *[f"P({c})" for c in labels], "Certainty", "Review")
        rows = self._rows()
        flagged = {i for i, r in enumerate(rows) if r[-1]}
        self.model.set_rows(cols, rows, highlight=flagged)
        self.export_button.setEnabled(True)
        self.note.setText(f"{len(rows)} subjects; {len(flagged)} need review (highlighted). "
                          "Sort by Certainty to see the least clear cases first.")

    def export_csv(self, path: str | Path) -> int:
        rows = self.review_rows()
        with open(path, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(self.model.columns)
            writer.writerows(rows)
        return len(rows)

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export adjudication list", "adjudication.csv",
                                              "CSV files (*.csv)")
        if path:
            self.export_csv(path)


# --------------------------------------------------------------------- plots
class PlotsPanel(QWidget):
    """A chooser of the plots that apply to the shown result, each savable as PNG/SVG."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Plot:"))
        self.chooser = QComboBox()
        self.chooser.setAccessibleName("Plot")
        self.chooser.setMinimumWidth(220)
        row.addWidget(self.chooser)
        row.addStretch()
        self.png_button = QPushButton("Save PNG...")
        self.svg_button = QPushButton("Save SVG...")
        self.png_button.setToolTip("Save the plot as a picture (PNG).")
        self.svg_button.setToolTip("Save the plot as a scalable drawing (SVG).")
        self.png_button.clicked.connect(lambda: self._save("png"))
        self.svg_button.clicked.connect(lambda: self._save("svg"))
        row.addWidget(self.png_button)
        row.addWidget(self.svg_button)
        layout.addLayout(row)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack, 1)
        self.chooser.currentIndexChanged.connect(self.stack.setCurrentIndex)
        self.widgets: list[tuple[str, QWidget]] = []
        self._pending = None

    def set_result(self, result: FitResult | None, table) -> None:
        """Remember what to plot; the plots are built when the tab is shown (keeps fits snappy)."""
        self._pending = (result, table)
        if self.isVisible():
            self._build_pending()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._build_pending()

    def _build_pending(self) -> None:
        if self._pending is None:
            return
        result, table = self._pending
        self._pending = None
        while self.stack.count():
            w = self.stack.widget(0)
            self.stack.removeWidget(w)
            w.deleteLater()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        self.widgets = plots_for(result, table) if result is not None else []
        for title, widget in self.widgets:
            self.stack.addWidget(widget)
            self.chooser.addItem(title)
        self.chooser.blockSignals(False)
        self.stack.setCurrentIndex(0)
        for b in (self.png_button, self.svg_button):
            b.setEnabled(bool(self.widgets))

    def show_plot(self, index: int) -> None:
        self.chooser.setCurrentIndex(index)

    def _save(self, kind: str) -> None:
        if not self.widgets:
            return
        title, widget = self.widgets[self.chooser.currentIndex()]
        name = title.lower().replace(" ", "-") + f".{kind}"
        path, _ = QFileDialog.getSaveFileName(self, f"Save plot as {kind.upper()}", name,
                                              f"{kind.upper()} files (*.{kind})")
        if path:
            (export_png(widget, path) if kind == "png" else export_svg(widget, path))


# ------------------------------------------------------------------- compare
def comparison_rows(results: list[FitResult]) -> tuple[tuple[str, ...], list[tuple]]:
    """Parameters and fit statistics of several results, one column per result."""
    if not results:
        return (), []
    cols = ("", *[f"{i + 1}. {r.title} ({r.method})" for i, r in enumerate(results)])
    names: list[str] = []
    for r in results:
        for e in r.params:
            label = e.name if e.category is None else f"{e.name}[{e.category}]"
            if label not in names:
                names.append(label)
    rows = []
    for label in names:
        cells = []
        for r in results:
            est = next((e for e in r.params if (e.name if e.category is None
                                                else f"{e.name}[{e.category}]") == label), None)
            if est is None:
                cells.append("")
            else:
                ci = f" ({fmt(est.ci[0])}-{fmt(est.ci[1])})" if est.ci else ""
                cells.append(f"{fmt(est.value)}{ci}" if est.identified else "not identified")
        rows.append((label, *cells))
    rows.append(("Class 1", *[", ".join(r.class_choice.class1) if r.class_choice else "-"
                              for r in results]))
    rows.append(("Log-likelihood (nats)", *[fmt(r.log_likelihood.nats, 2) if r.log_likelihood
                                            else "-" for r in results]))
    rows.append(("Bits per rating", *[fmt(r.log_likelihood.bits_per_rating, 4) if r.log_likelihood
                                      else "-" for r in results]))
    rows.append(("Parameters", *[str(r.n_parameters) for r in results]))
    rows.append(("AIC = 2k - 2 log L", *[fmt(2 * r.n_parameters - 2 * r.log_likelihood.nats, 2)
                                         if r.log_likelihood and r.n_parameters else "-"
                                         for r in results]))
    rows.append(("Subjects", *[str(r.n_subjects) for r in results]))
    rows.append(("Warnings", *[str(len(r.warnings)) for r in results]))
    return cols, rows


class ComparePanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.note = QLabel("Tick fits in the list on the right to compare them side by side. "
                           "Models fitted to the same data and Class 1 can be compared by "
                           "log-likelihood; lower AIC is better.")
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.view = table_view(self.model, "Comparison table", sort=False)
        self.view.horizontalHeader().setDefaultSectionSize(200)
        layout.addWidget(self.view, 1)

    def set_results(self, results: list[FitResult]) -> None:
        cols, rows = comparison_rows(results)
        self.model.set_rows(cols, rows)
