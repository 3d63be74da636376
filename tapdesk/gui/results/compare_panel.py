"""The Compare tab: ticked fits side by side, each headed by its number, method and data."""

from __future__ import annotations

import textwrap

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tapdesk.engine.results import FitResult, ci_text, fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.gui.project.session import FitEntry, method_words
from tapdesk.gui.results.views import interval_heading
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, table_view

NOTE = ("Tick fits in the list on the right to compare them side by side. Models fitted to the "
        "same data and Class 1 can be compared by log-likelihood; lower AIC is better.")


def _label(e) -> str:
    return e.name if e.category is None else f"{e.name}[{e.category}]"


def _cell(result: FitResult, label: str) -> str:
    est = next((e for e in result.params if _label(e) == label), None)
    if est is None:
        return ""
    if not est.identified:
        return "not identified"
    ci = f" ({ci_text(est.ci)})" if est.ci else ""
    return f"{fmt(est.value)}{ci}"


HEADING_CHARS = 40
"""A model's title wraps onto further lines beyond this many characters (columns stay narrow)."""


def column_heading(entry: FitEntry, number: int) -> str:
    """Short lines: number and model (wrapped), method, data."""
    title = "\n".join(textwrap.wrap(f"{number}. {entry.result.title}", HEADING_CHARS))
    return f"{title}\n{method_words(entry.result.method)}\n{entry.data.title}"


def comparison_rows(entries: list[FitEntry], numbers: list[int] | None = None
                    ) -> tuple[tuple[str, ...], list[tuple]]:
    """Parameters and fit statistics of several fits, one column per fit."""
    if not entries:
        return (), []
    numbers = numbers or list(range(1, len(entries) + 1))
    results = [e.result for e in entries]
    cols = ("Estimate or statistic", *[column_heading(e, n) for e, n in zip(entries, numbers)])
    names: list[str] = []
    for r in results:
        for e in r.params:
            if _label(e) not in names:
                names.append(_label(e))
    rows = [(label, *[_cell(r, label) for r in results]) for label in names]
    rows.append(("Intervals in brackets", *[interval_heading(r) for r in results]))
    rows.append(("Data", *[e.data.title for e in entries]))
    rows.append(("Class 1", *[", ".join(map(r.class_choice.name, r.class_choice.class1))
                              if r.class_choice else "-" for r in results]))
    rows.append(("Log-likelihood", *[fmt(r.log_likelihood.nats, 2) if r.log_likelihood
                                            else "-" for r in results]))
    rows.append(("Bits per rating", *[fmt(r.log_likelihood.bits_per_rating, 4) if r.log_likelihood
                                      else "-" for r in results]))
    rows.append(("Parameters", *[str(r.n_parameters) for r in results]))
    rows.append(("AIC = 2k - 2 log L", *[fmt(2 * r.n_parameters - 2 * r.log_likelihood.nats, 2)
                                         if r.log_likelihood and r.n_parameters else "-"
                                         for r in results]))
    rows.append(("Subjects", *[str(r.n_subjects) for r in results]))
    rows.append(("Warnings", *[str(len(findings_for(e.result, e.table).warnings))
                               for e in entries]))
    return cols, rows


def mixed_data_note(entries: list[FitEntry]) -> str:
    """A warning when the compared fits come from different data (their likelihoods differ)."""
    hashes = {e.data.sha256 for e in entries}
    if len(hashes) <= 1:
        return ""
    names = sorted({e.data.title for e in entries})
    return ("<b style='color:#B35900'>These fits come from different data</b> (" +
            ", ".join(names) + "): compare log-likelihood and AIC only between fits of the same "
            "data.")


class ComparePanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.note = QLabel(NOTE)
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.view = table_view(self.model, "Comparison table", sort=False)
        layout.addWidget(self.view, 1)

    def set_entries(self, entries: list[FitEntry], numbers: list[int] | None = None) -> None:
        cols, rows = comparison_rows(entries, numbers)
        self.model.set_rows(cols, rows)
        fit_columns(self.view)
        warning = mixed_data_note(entries)
        self.note.setText(NOTE + ("<br>" + warning if warning else ""))
