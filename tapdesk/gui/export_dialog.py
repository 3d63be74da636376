"""File > Export report: choose the analyses, title, author, note, format and file.

``ExportDialog(candidates, parent)`` takes the fits and analyses of the
current dataset as ``(display_name, FitResult, RatingsTable)`` tuples, in
order, and shows them as a checklist (all ticked). Export writes the report
with exactly the code ``tapdesk report`` uses (:func:`build_report` and
:func:`tapdesk.gui.report_pdf.write_report`). A problem (an unwritable
folder ...) is shown in the dialog, which stays open with everything the
user typed. The author's name, format and folder are remembered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from tapdesk.errors import TapDeskError
from tapdesk.gui import settings

FORMATS = (("PDF (for circulating)", "pdf"), ("OpenDocument text (ODT, editable)", "odt"),
           ("HTML page (editable)", "html"))
FILTERS = {"pdf": "PDF files (*.pdf)", "odt": "OpenDocument text (*.odt)",
           "html": "HTML files (*.html *.htm)"}
DEFAULT_NAME = "tapdesk-report"


class ExportDialog(QDialog):
    """The export dialog; after ``exec()`` returns Accepted, :attr:`written` is the file."""

    def __init__(self, candidates: Sequence[tuple[str, Any, Any]], parent: QWidget | None = None,
                 plan: Any = None):
        super().__init__(parent)
        self.plan = plan            # a study plan of the same data, printed after the analyses
        self.setWindowTitle("Export report")
        self.candidates = list(candidates)
        self.written: Path | None = None
        self.analyses = QListWidget()
        for name, result, _ in self.candidates:
            item = QListWidgetItem(name or getattr(result, "title", "analysis"))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.analyses.addItem(item)
        self.analyses.setMaximumHeight(150)
        self.title = QLineEdit()
        self.title.setPlaceholderText("Rater agreement report")
        self.author = QLineEdit(str(settings.value("report/author", "") or ""))
        self.author.setPlaceholderText("a person or a committee (optional)")
        self.note = QPlainTextEdit()
        self.note.setPlaceholderText("printed on page one (optional)")
        self.note.setMaximumHeight(90)
        self.format = QComboBox()
        for label, key in FORMATS:
            self.format.addItem(label, key)
        remembered = str(settings.value("report/format", "pdf") or "pdf")
        self.format.setCurrentIndex(max(0, [k for _, k in FORMATS].index(remembered)
                                        if remembered in FILTERS else 0))
        self.page_size = QComboBox()
        self.page_size.addItems(["A4", "Letter"])
        self.path = QLineEdit(str(Path(settings.last_folder()) /
                                  f"{DEFAULT_NAME}.{self.chosen_format()}"))
        browse = QPushButton("Browse...")
        browse.clicked.connect(self.browse)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton("Export",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        self._lay_out(browse)
        self.analyses.itemChanged.connect(self._update)
        self.path.textChanged.connect(self._update)
        self.format.currentIndexChanged.connect(self._format_changed)
        self._update()

    def _lay_out(self, browse: QPushButton) -> None:
        form = QFormLayout()
        form.addRow("Analyses", self.analyses)
        form.addRow("Title", self.title)
        form.addRow("Prepared by", self.author)
        form.addRow("Note", self.note)
        form.addRow("Format", self.format)
        form.addRow("Paper size", self.page_size)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form.addRow("Save as", row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(560, 520)

    # ---------------------------------------------------------------- state
    def chosen_format(self) -> str:
        return str(self.format.currentData() or "pdf")

    def selected(self) -> list[tuple[str, Any, Any]]:
        """The ticked candidates, in their order."""
        return [c for i, c in enumerate(self.candidates)
                if self.analyses.item(i).checkState() == Qt.CheckState.Checked]

    def _update(self) -> None:
        ok = bool(self.selected()) and bool(self.path.text().strip())
        self.export_button.setEnabled(ok)
        self.page_size.setEnabled(self.chosen_format() == "pdf")

    def _format_changed(self) -> None:
        text = self.path.text().strip()
        if text:
            self.path.setText(str(Path(text).with_suffix(f".{self.chosen_format()}")))
        self._update()

    def browse(self) -> None:
        fmt = self.chosen_format()
        path, _ = QFileDialog.getSaveFileName(self, "Export report", self.path.text(),
                                              FILTERS[fmt])
        if path:
            self.path.setText(path if Path(path).suffix else f"{path}.{fmt}")

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()

    # --------------------------------------------------------------- export
    def inputs(self):
        """The ReportInputs for the current choices (the same object ``tapdesk report`` builds)."""
        from tapdesk.report import ReportAnalysis, ReportInputs
        path = Path(self.path.text().strip())
        return ReportInputs.of([ReportAnalysis(result, table, name)
                                for name, result, table in self.selected()],
                               title=self.title.text().strip(), author=self.author.text().strip(),
                               note=self.note.toPlainText().strip(), out=path.name,
                               plan=self.plan)

    def export(self) -> Path | None:
        """Write the report; on success remember the choices and close, else say why."""
        if not self.selected():
            self.show_error("Tick at least one analysis to report.")
            return None
        path = Path(self.path.text().strip()).expanduser()
        fmt = self.chosen_format()
        if path.suffix.lower().lstrip(".") not in (fmt, "htm" if fmt == "html" else fmt):
            path = path.with_suffix(f".{fmt}")
        from tapdesk.gui.report_pdf import write_report
        from tapdesk.report import build_report
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.written = write_report(build_report(self.inputs()), path, fmt,
                                        self.page_size.currentText())
        except (TapDeskError, OSError) as exc:
            self.show_error(f"The report could not be written: {exc}")
            return None
        finally:
            QGuiApplication.restoreOverrideCursor()
        settings.set_value("report/author", self.author.text().strip())
        settings.set_value("report/format", fmt)
        settings.set_last_folder(path.parent)
        self.accept()
        return self.written
