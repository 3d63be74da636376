"""File > Export report: choose the analyses, title, author, note, signers, format and file.

``ExportDialog(candidates, parent)`` takes the fits and analyses of the
current dataset as ``(display_name, FitResult, RatingsTable)`` tuples, in
order, and shows them as a checklist (all ticked). Export writes the report
with exactly the code ``tapdesk report`` uses, in a worker process
(:mod:`tapdesk.gui.tasks.report_task`): the window stays responsive, the dialog
shows a progress bar and Cancel stops the export without leaving a
half-written file. Replacing an existing file is asked first. When the
report is written the dialog says so in place of the form, with **Open
report** and **Show in folder** under a short summary of what was written
(file, folder, format, analyses, title), and the dialog shrinks to it. When
no program opens the report, the dialog says so, naming the file and its
folder. A problem (an unwritable folder ...) is shown in the dialog, which
keeps everything the user typed. The author's name, the signers, format and folder are
remembered for the next export; the title and note for the next export of the same data.

*Approval by* takes the people who sign the report, one "Name, role" a line: the report
then ends its main part with an approval block (:mod:`tapdesk.report.approval`), a line
for each to sign and date.

Each analysis is listed whole (wrapped onto more lines, never cut), so fits
that differ only by their method are told apart.

Keyboard: Tab in the Note box moves to the next control (Ctrl+Tab types a
tab); every label and button has a mnemonic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tapdesk import i18n
from tapdesk.errors import TapDeskError
from tapdesk.gui import settings
from tapdesk.gui.opening import open_failed_words, open_place, problem_line
from tapdesk.gui.project.report_job import (
    REMEMBERED,
    data_key,
    is_unticked,
    remember_unticked,
    remembered,
    setting_key,
    without_fit_number,
)
from tapdesk.gui.tasks.report_task import ReportExport, ReportProgress
from tapdesk.i18n import N_, _, formats, ngettext, pgettext

FORMATS = ((N_("PDF (for circulating)"), "pdf"), (N_("OpenDocument text (ODT, editable)"), "odt"),
           (N_("Word document (DOCX, editable)"), "docx"), (N_("HTML page (editable)"), "html"))
FILTERS = {"pdf": N_("PDF files (*.pdf)"), "odt": N_("OpenDocument text (*.odt)"),
           "docx": N_("Word documents (*.docx)"), "html": N_("HTML files (*.html *.htm)")}
PAGED = ("pdf", "odt", "docx")
"""The formats written on pages of the chosen paper size."""
DEFAULT_NAME = "tapdesk-report"
"""The report's file the dialog first offers, in English ("tapdesk-Bericht" in German:
:func:`default_name`)."""
NO_WRAP = " style='white-space:nowrap'"
"""A cell that keeps its text on one line (the folder the report was written to)."""


def default_name() -> str:
    """The report's file the dialog first offers, without its suffix, in the window's language."""
    from tapdesk.report.file_names import REPORT, word
    return f"tapdesk-{word(REPORT)}"
WAIT_S = 900.0
"""How long a scripted export (:meth:`ExportDialog.export_and_wait`) may take at most."""


class NoteEdit(QPlainTextEdit):
    """The Note box: Tab moves to the next control; Ctrl+Tab types a tab character."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_Tab and \
                event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.insertPlainText("\t")
            return
        super().keyPressEvent(event)


class ExportDialog(QDialog):
    """The export dialog; once the report is written, :attr:`written` is the file.

    ``exported(Path)`` is emitted when a report has been written.
    """

    exported = Signal(object)

    def __init__(self, candidates: Sequence[tuple[str, Any, Any]], parent: QWidget | None = None,
                 plan: Any = None, references: Any = None,
                 names: Callable[[], Sequence[str]] | None = None):
        super().__init__(parent)
        self.names = names          # the candidates' names again, in the language current then
        self.plan = plan            # a study plan of the same data, printed after the analyses
        self.references = references or {}     # the data's reference answers (a validity check)
        self.setWindowTitle(_("Export report"))
        self.candidates = list(candidates)
        self.written: Path | None = None
        self.job = ReportExport(self)
        self.job.warm_up()          # the report worker loads Qt while the user fills the form
        self._make_fields()
        self._make_progress()
        self._make_done_page()
        self._make_buttons()
        self._lay_out()
        self.job.progress.connect(self._progress)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(self._cancelled)
        self.analyses.itemChanged.connect(self._update)
        self.path.textChanged.connect(self._update)
        self.format.currentIndexChanged.connect(self._format_changed)
        self._update()

    # ------------------------------------------------------------ widgets
    def _make_fields(self) -> None:
        from tapdesk.report.approval import SIGN_FORMAT
        self.analyses = QListWidget()
        self.analyses.setWordWrap(True)             # a long name wraps: its method is never cut
        self.analyses.setUniformItemSizes(False)
        self.analyses.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.analyses.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        for name, result, _table in self.candidates:
            item = QListWidgetItem(name or _(getattr(result, "title", "analysis")))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            left = is_unticked(self.parent(), self.candidates, result)   # as the last export
            item.setCheckState(Qt.CheckState.Unchecked if left else Qt.CheckState.Checked)
            item.setToolTip(item.text())
            self.analyses.addItem(item)
        self.plan_item = self._plan_item() if self.plan is not None else None
        self.analyses.setMaximumHeight(200)
        self.data_key = data_key(self.candidates)
        self.title = QLineEdit(remembered("title", self.data_key))
        self.title.setPlaceholderText(_("Rater agreement report"))
        self.author = QLineEdit(remembered("author", self.data_key))
        self.author.setPlaceholderText(_("a person or a committee (optional)"))
        self.note = NoteEdit()
        self.note.setPlainText(remembered("note", self.data_key))
        self.note.setPlaceholderText(_("printed on page one (optional)"))
        self.note.setMaximumHeight(90)
        self.signers = NoteEdit()
        self.signers.setPlainText(remembered("sign"))
        # Translators: {form} is how a signer is written ("Name, role"), as the report reads it.
        self.signers.setPlaceholderText(_("who signs the report, one a line: {form} (optional)").format(
            form=_(SIGN_FORMAT)))
        self.signers.setMaximumHeight(70)
        # Translators: a check box under the Export dialog's "Approval by"; the approval block
        # is always at the report's end.
        self.sign_on_page_one = QCheckBox(_("Also at t&he foot of page one"))
        self.sign_on_page_one.setChecked(remembered("sign_on_page_one") == "1")
        self.format = QComboBox()
        for label, key in FORMATS:
            self.format.addItem(_(label), key)
        last_format = str(settings.value("report/format", "pdf") or "pdf")
        self.format.setCurrentIndex(max(0, [k for _label, k in FORMATS].index(last_format)
                                        if last_format in FILTERS else 0))
        self.page_size = QComboBox()
        self.page_size.addItem("A4", "A4")
        # Translators: the US paper size.
        self.page_size.addItem(pgettext("paper size", "Letter"), "Letter")
        self.language = report_language_box(getattr(self.parent(), "report_language", None))
        self.path = QLineEdit(str(Path(settings.last_folder()) /
                                  f"{default_name()}.{self.chosen_format()}"))
        self.browse_button = QPushButton(_("&Browse..."))
        self.browse_button.clicked.connect(self.browse)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        for widget, name, what in (
                (self.analyses, _("Analyses to report"), _("Tick the analyses the report holds.")),
                (self.title, _("Report title"), _("Printed at the top of page one.")),
                (self.author, _("Prepared by"), _("A person or a committee, printed on page one.")),
                (self.note, _("Note"), _("Printed on page one. Tab moves on; Ctrl+Tab types a tab.")),
                (self.signers, _("Approval by"),
                 # Translators: {form} is how a signer is written ("Name, role").
                 _("Who signs the report, one {form} a line: the report gets a line for each to "
                   "sign and date.").format(form=formats.quoted(_(SIGN_FORMAT)))),
                (self.sign_on_page_one, _("Approval also on page one"),
                 _("The approval block is always the report's last section; ticked, it is also "
                   "at the foot of page one.")),
                (self.format, _("Report format"), _("PDF for circulating; ODT, DOCX or HTML to edit.")),
                (self.page_size, _("Paper size"), _("A4 or Letter (PDF, ODT and DOCX).")),
                (self.language, _("Report language"), _("The language the report is written in, "
                                                        "apart from the app's; saved with the "
                                                        "project.")),
                (self.path, _("Save as"), _("The file the report is written to.")),
                (self.browse_button, _("Browse for the file"), _("Choose the file in a dialog.")),
                (self.error, _("Problem"), _("Why the report could not be written."))):
            widget.setAccessibleName(name)
            widget.setAccessibleDescription(what)

    def _plan_item(self) -> QListWidgetItem:
        """The study plan in the list of what the report holds, ticked: printed after the
        analyses unless unticked (issue 53)."""
        from tapdesk.report.plan import PLAN_TITLE
        # Translators: {plan} is the study plan's title, as the report heads it.
        item = QListWidgetItem(_("{plan} (after the analyses)").format(plan=_(PLAN_TITLE)))
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked)
        item.setToolTip(_("The plan the Plan dialog was asked to include in the report."))
        self.analyses.addItem(item)
        return item

    def included_plan(self) -> Any:
        """The study plan, when the report will hold it (listed and ticked), else None."""
        item = self.plan_item
        return self.plan if item is not None and item.checkState() == Qt.CheckState.Checked \
            else None

    def _make_progress(self) -> None:
        self.bar = QProgressBar()
        self.bar.setAccessibleName(_("Export progress"))
        self.bar.setTextVisible(False)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName(_("Export status"))
        self.bar.hide()
        self.status.hide()

    def _make_done_page(self) -> None:
        self.done_page = QWidget()
        self.done_message = QLabel()
        self.done_message.setWordWrap(True)
        self.done_message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.done_message.setAccessibleName(_("Report written"))
        font = self.done_message.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.done_message.setFont(font)
        self.done_summary = QLabel()
        self.done_summary.setWordWrap(True)
        self.done_summary.setTextFormat(Qt.TextFormat.RichText)
        self.done_summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.done_summary.setAccessibleName(_("What was written"))
        self.open_button = QPushButton(_("&Open report"))
        self.open_button.setAccessibleDescription(_("Open the report in the program your computer "
                                                    "uses for this kind of file."))
        self.folder_button = QPushButton(_("Show in &folder"))
        self.folder_button.setAccessibleDescription(_("Open the folder that holds the report."))
        self.open_button.clicked.connect(self.open_report)
        self.folder_button.clicked.connect(self.show_folder)
        self.open_problem = problem_line()
        row = QHBoxLayout()
        row.addWidget(self.open_button)
        row.addWidget(self.folder_button)
        row.addStretch(1)
        layout = QVBoxLayout(self.done_page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.done_message)
        layout.addWidget(self.done_summary)
        layout.addLayout(row)
        layout.addWidget(self.open_problem)

    def _make_buttons(self) -> None:
        self.buttons = QDialogButtonBox()
        self.export_button = self.buttons.addButton(_("&Export"),
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton(_("&Cancel"),
                                                    QDialogButtonBox.ButtonRole.RejectRole)
        self.close_button = self.buttons.addButton(_("C&lose"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button.hide()
        self.export_button.setAccessibleDescription(_("Write the report to the chosen file."))
        self.cancel_button.setAccessibleDescription(_("Stop the export, or close the dialog."))
        # not connect(self.export): clicked(False) would reach export(ask=False) and replace a
        # file without asking
        self.export_button.clicked.connect(lambda: self.export())
        self.cancel_button.clicked.connect(self.reject)
        self.close_button.clicked.connect(self.accept)

    def _lay_out(self) -> None:
        self.form_page = QWidget()
        self.fields = QWidget()
        form = QFormLayout(self.fields)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(_("&Analyses"), self.analyses)
        form.addRow(_("&Title"), self.title)
        form.addRow(_("Prepared b&y"), self.author)
        form.addRow(_("&Note"), self.note)
        signing = QVBoxLayout()
        signing.setContentsMargins(0, 0, 0, 0)
        signing.addWidget(self.signers)
        signing.addWidget(self.sign_on_page_one)
        approval = QLabel(_("Appro&val by"))
        approval.setBuddy(self.signers)             # the row is the box and its check box
        form.addRow(approval, signing)
        form.addRow(_("&Format"), self.format)
        form.addRow(_("&Paper size"), self.page_size)
        form.addRow(_("Report lan&guage"), self.language)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(self.browse_button)
        save_as = QLabel(_("&Save as"))
        save_as.setBuddy(self.path)
        form.addRow(save_as, row)
        layout = QVBoxLayout(self.form_page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.fields)
        layout.addWidget(self.error)
        layout.addWidget(self.status)
        layout.addWidget(self.bar)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.form_page)
        self.pages.addWidget(self.done_page)
        outer = QVBoxLayout(self)
        outer.addWidget(self.pages)
        outer.addWidget(self.buttons)
        self.browse_button.setAutoDefault(False)      # Enter exports, from any field
        self.export_button.setDefault(True)           # (once in the dialog: else Qt picks one)
        self.resize(560, 520)

    # ---------------------------------------------------------------- state
    def chosen_format(self) -> str:
        return str(self.format.currentData() or "pdf")

    def chosen_language(self) -> str:
        return str(self.language.currentData() or "en")

    def selected(self) -> list[tuple[str, Any, Any]]:
        """The ticked candidates, in their order."""
        return [c for i, c in enumerate(self.candidates)
                if self.analyses.item(i).checkState() == Qt.CheckState.Checked]

    def selected_in_report_language(self) -> list[tuple[str, Any, Any]]:
        """:meth:`selected` with each analysis named in the report's language (the list shows
        them in the app's)."""
        named = self.candidates
        if self.names is not None:
            with i18n.language(self.chosen_language()):
                again = list(self.names())
            if len(again) == len(self.candidates):
                named = [(name, result, table)
                         for name, (_old, result, table) in zip(again, self.candidates)]
        return [c for i, c in enumerate(named)
                if self.analyses.item(i).checkState() == Qt.CheckState.Checked]

    def target(self) -> Path:
        """The file to write: the typed path, with the chosen format's suffix."""
        path = Path(self.path.text().strip()).expanduser()
        fmt = self.chosen_format()
        if path.suffix.lower().lstrip(".") not in (fmt, "htm" if fmt == "html" else fmt):
            path = path.with_suffix(f".{fmt}")
        return path

    def _update(self) -> None:
        ok = bool(self.selected()) and bool(self.path.text().strip()) and not self.job.running
        self.export_button.setEnabled(ok)
        self.page_size.setEnabled(self.chosen_format() in PAGED)

    def _format_changed(self) -> None:
        text = self.path.text().strip()
        if text:
            self.path.setText(str(Path(text).with_suffix(f".{self.chosen_format()}")))
        self._update()

    def browse(self) -> None:
        fmt = self.chosen_format()
        path, _kind = QFileDialog.getSaveFileName(self, _("Export report"), self.path.text(),
                                                  _(FILTERS[fmt]))
        if path:
            self.path.setText(path if Path(path).suffix else f"{path}.{fmt}")

    def show_error(self, message: str, details: str = "") -> None:
        self.error.setText(message)
        self.error.setToolTip(details[-2000:])
        self.error.show()

    # --------------------------------------------------------------- export
    def inputs(self):
        """The ReportInputs for the current choices (the same object ``tapdesk report`` builds)."""
        from tapdesk.report import ReportAnalysis, ReportInputs
        path = Path(self.path.text().strip())
        return ReportInputs.of([ReportAnalysis(result, table, without_fit_number(name))
                                for name, result, table in self.selected_in_report_language()],
                               title=self.title.text().strip(), author=self.author.text().strip(),
                               note=self.note.toPlainText().strip(), out=path.name,
                               plan=self.included_plan(), references=self.references,
                               signers=self.signer_texts(), language=self.chosen_language(),
                               sign_on_page_one=self.sign_on_page_one.isChecked())

    def signer_texts(self) -> tuple[str, ...]:
        """The signers typed in *Approval by*, "Name, role" each (a blank line skipped; a line
        without a name is refused with a message, as ``--sign`` refuses it)."""
        from tapdesk.report.approval import signers_of
        return tuple(s.label() for s in signers_of(self.signers.toPlainText().splitlines()))

    def may_replace(self, path: Path) -> bool:
        """Ask before writing over an existing file; True when the user says Yes."""
        answer = QMessageBox.question(
            # Translators: {name} is a file's name, {folder} the folder that holds it.
            self, _("Replace the file?"),
            # Translators: {name} is a file's name, {folder} the folder that holds it.
            _("{name} already exists in {folder}.\n\nReplace it with this report?").format(
                name=path.name, folder=path.parent),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def export(self, ask: bool = True) -> bool:
        """Start writing the report in the worker (asking first before replacing a file when
        ``ask``); True when it started. The dialog shows the progress and then the outcome."""
        if self.job.running:
            return False
        if not self.selected():
            self.show_error(_("Tick at least one analysis to report."))
            return False
        path = self.target()
        if ask and path.exists() and not self.may_replace(path):
            return False
        try:
            inputs = self.inputs()
        except TapDeskError as exc:
            # Translators: {problem} says what is wrong (a setting, a file).
            self.show_error(_("The report could not be written: {problem}").format(problem=exc))
            return False
        self.error.hide()
        self.job.start(inputs, path, self.chosen_format(), self.page_size.currentData())
        self._working(True)
        return True

    def export_and_wait(self, ask: bool = False, timeout_s: float = WAIT_S) -> Path | None:
        """Export and wait for the end (scripts, the self-test), the window kept responsive:
        the file written, or None (the reason is in :attr:`error`)."""
        if not self.export(ask):
            return None
        loop = QEventLoop()
        for signal in (self.job.finished, self.job.failed, self.job.cancelled):
            signal.connect(loop.quit)
        limit = QTimer(loop)
        limit.setSingleShot(True)
        limit.timeout.connect(self.job.cancel)
        limit.start(round(timeout_s * 1000))
        if self.job.running:
            loop.exec()
        limit.stop()
        for signal in (self.job.finished, self.job.failed, self.job.cancelled):
            signal.disconnect(loop.quit)
        return self.written

    def _working(self, on: bool) -> None:
        """While the report is written: the form kept but locked, a progress bar, Cancel."""
        self.fields.setEnabled(not on)
        self.bar.setVisible(on)
        self.status.setVisible(on)
        if on:
            self.bar.setRange(0, 0)
            self.status.setText(_("Starting the export..."))
            self.setCursor(Qt.CursorShape.BusyCursor)
            self.cancel_button.setFocus()
        else:
            self.unsetCursor()
        self._update()

    def _progress(self, event: ReportProgress) -> None:
        self.bar.setRange(0, event.total)
        self.bar.setValue(event.done)
        self.status.setText(_("{step}...").format(step=event.shown()))

    def _finished(self, path: Path) -> None:
        self._working(False)
        self.written = path
        remember_unticked(self.parent(), self.candidates, self.selected())   # Print prints these
        texts = (self.title.text(), self.author.text(), self.note.toPlainText(),
                 self.signers.toPlainText())
        settings.set_values({**{setting_key(key, self.data_key): text.strip()
                                for key, text in zip(REMEMBERED, texts)},
                             "report/format": self.chosen_format(),
                             setting_key("sign_on_page_one", self.data_key):
                                 "1" if self.sign_on_page_one.isChecked() else "",
                             "last_folder": settings.folder_of(path.parent)})
        self.done_message.setText(_("Report written"))
        self.done_summary.setText(self.summary_html(path))
        self._show_page(self.done_page)
        for button in (self.export_button, self.cancel_button):
            button.hide()
        self.close_button.show()
        self.open_button.setDefault(True)
        self.open_button.setFocus()
        window = self.parent()
        if window is not None and hasattr(window, "choose_report_language"):
            window.choose_report_language(self.chosen_language())     # kept with the project
        self.exported.emit(path)

    def summary_html(self, path: Path) -> str:
        """What was written, in a few lines: file, folder, format, analyses, title."""
        rows = [(_("File"), path.name), (_("Folder"), self._folder_shown(path.parent)),
                (_("Format"), re.sub(r" \([^()]*\)", "", self.format.currentText())  # no aside
                 + (f", {self.page_size.currentText()}" if self.chosen_format() in PAGED else "")),
                (_("Title"), self.title.text().strip() or self.title.placeholderText())]
        names = [name for name, _result, _table in self.selected()]
        rows.append((_("Holds"),
                     # Translators: what the report holds: {n} analyses, then their names.
                     ngettext("{n} analysis: {names}", "{n} analyses: {names}",
                              len(names)).format(n=len(names), names=formats.clauses(names))))
        if self.included_plan() is not None:
            rows.append((_("Also"), _("the plan for the next study")))
        signers = self.signers.toPlainText().split("\n")
        if any(s.strip() for s in signers):
            rows.append((_("To sign"), formats.clauses([s.strip() for s in signers if s.strip()])))
        self.done_summary.setToolTip(str(path))
        cells = "".join(f"<tr><td style='padding-right:8px'><b>{_html(k)}</b></td>"
                        f"<td{NO_WRAP if k == _('Folder') else ''}>{_html(v)}</td></tr>"
                        for k, v in rows)
        return f"<table>{cells}</table>"

    def _folder_shown(self, folder: Path) -> str:
        """The folder on one line (issue 79: it wrapped after its first "/"), elided in the
        middle to the summary's room; the whole path is the summary's tooltip."""
        metrics = self.done_summary.fontMetrics()
        room = max(self.width() - 4 * metrics.horizontalAdvance(_("Folder")), 240)
        return metrics.elidedText(str(folder), Qt.TextElideMode.ElideMiddle, room)

    def _show_page(self, page: QWidget) -> None:
        """Show ``page`` and fit the dialog to it (a hidden page takes no room)."""
        for other in (self.form_page, self.done_page):
            policy = QSizePolicy.Policy.Preferred if other is page else QSizePolicy.Policy.Ignored
            other.setSizePolicy(policy, policy)
        self.pages.setCurrentWidget(page)
        self.fit_height()

    def fit_height(self) -> None:
        """The dialog as tall as its page needs at its width (wrapped text included)."""
        layout = self.layout()
        layout.activate()
        wanted = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                  else layout.totalSizeHint().height())
        self.resize(self.width(), max(wanted, layout.totalMinimumSize().height()))

    def _failed(self, message: str, details: str) -> None:
        self._working(False)
        self.show_error(message, details)

    def _cancelled(self) -> None:
        self._working(False)
        self.status.setText(_("Export cancelled; no file was written."))
        self.status.show()

    # ------------------------------------------------------------ finished
    def open_report(self) -> bool:
        """Open the written report with the system's program for it."""
        return self._open(self.written, "the report")

    def show_folder(self) -> bool:
        """Open the folder that holds the written report."""
        return self._open(self.written.parent if self.written is not None else None,
                          "the folder")

    def _open(self, target: Path | None, what: str) -> bool:
        if target is None:
            return False
        ok = open_place(target)
        self.open_problem.setText("" if ok else open_failed_words(target, what))
        self.open_problem.setVisible(not ok)
        if not ok:
            self.fit_height()
        return ok

    def reject(self) -> None:
        """Cancel (or Escape, or closing the window): stops a running export and keeps the
        dialog; otherwise closes it (Accepted once a report was written)."""
        if self.job.running:
            self.status.setText(_("Cancelling the export..."))
            self.job.cancel()
            return
        if self.written is not None:
            self.accept()
            return
        super().reject()

    def done(self, result: int) -> None:  # noqa: D401 - Qt API
        if self.job.running:              # never leave a worker writing for a closed dialog
            self.job.cancel()
            self.job.wait()
        super().done(result)


def report_language_box(saved: str | None) -> QComboBox:
    """The report's language, apart from the app's: the project's choice, else the app's
    language (each language by its own name, as View > Language lists them)."""
    from tapdesk import i18n
    box = QComboBox()
    for language in i18n.offered():
        box.addItem(language.name, language.code)
    index = box.findData(i18n.known(saved) or i18n.current_language())
    box.setCurrentIndex(max(index, 0))
    return box


def _html(text: str) -> str:
    import html
    return html.escape(text, quote=False)
