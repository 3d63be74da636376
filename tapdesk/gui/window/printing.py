"""File > Print report... (Ctrl+P): the report of the shown data set's fits through the system's
print dialog, with no export first.

The report is the one File > Export report writes by default (every fit of the shown data set,
the study plan included, :meth:`MainWindow.report_inputs`), with the title, author, note,
signers and language Export was last given (the report job,
:mod:`~tapdesk.gui.project.report_job`), built and laid out as a PDF in the
report worker process (:class:`~tapdesk.gui.tasks.report_task.ReportExport`, the same
``build_report`` and ``write_report``) while a progress box with Cancel is shown: the window
stays alive. The PDF then goes where the print dialog said:

* to a file ("Print to File (PDF)", or no printer installed): the report's PDF itself is put
  there, as laid out for print (vector text, the fonts embedded);
* to a printer: to the system's print spooler (CUPS' ``lp``, on Linux and macOS), which prints
  PDF, with the copies and the page range chosen in the dialog. Qt's widgets cannot show a PDF's
  pages (Qt PDF is not in the app's Qt), so the spooler prints them. Where there is no ``lp``
  the message says so and how to print the exported PDF instead.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from PySide6.QtCore import QProcess
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter

from tapdesk.gui import settings
from tapdesk.gui.window.pack import progress_box
from tapdesk.i18n import _

DEFAULT_FILE = "tapdesk-report.pdf"
"""The file a report printed to a file is written to, unless the print dialog names another
(in English; in the window's language: :func:`default_file`)."""


def default_file() -> str:
    """:data:`DEFAULT_FILE` in the window's language ("tapdesk-Bericht.pdf")."""
    from tapdesk.report.file_names import REPORT, word
    return f"tapdesk-{word(REPORT)}.pdf"


def page_size_of(printer: QPrinter) -> str:
    """The report's paper ("A4" or "Letter") for the printer's paper."""
    return "Letter" if printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter \
        else "A4"


def new_printer() -> QPrinter:
    """A printer set up as the dialog first shows it: printing to a file it names, in the last
    folder used, unless the user picks a printer."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    # Translators: the print job's name, as the system's printer queue lists it.
    printer.setDocName(_("TapDesk report"))
    if not printer.outputFileName():
        printer.setOutputFileName(str(Path(settings.last_folder()) / default_file()))
    return printer


def print_report(window, printer: QPrinter | None = None):
    """File > Print report...: ask the print dialog, then print in the background. Returns the
    running job (its ``finished``/``failed``/``cancelled`` end it), or None."""
    if not window.report_candidates():
        name = window.session.name if window.session is not None else _("these data")
        # Translators: {name} is the data set's name.
        window.report_error(_("There is no fit of {name} to print yet.").format(name=name),
                            _("Fit a model first."))
        return None
    job = print_job(window)
    if job.running:
        return None
    printer = printer or new_printer()
    dialog = QPrintDialog(printer, window)
    dialog.setWindowTitle(_("Print report"))
    try:
        if not dialog.exec():
            return None
    finally:
        dialog.deleteLater()
    job.printer = printer
    job.folder = Path(tempfile.mkdtemp(prefix="tapdesk-print-"))
    # Translators: the progress box's title and first words while a report is printed.
    box = progress_box(window, job, _("Print report"), "print_box",
                       _("Laying out the report for printing..."))
    job.start(window.report_inputs(), job.folder / "report.pdf", "pdf", page_size_of(printer))
    box.show()
    return job


def print_job(window):
    """The window's print job (made on first use, its ends shown in the window)."""
    job = getattr(window, "print_job", None)
    if job is None:
        from tapdesk.gui.tasks.report_task import ReportExport
        job = ReportExport(window)
        job.finished.connect(lambda pdf: deliver(window, job, Path(pdf)))
        job.failed.connect(lambda message, details: (window.report_error(message, details),
                                                     _clean(job)))
        # Translators: the status bar after printing was cancelled.
        job.cancelled.connect(lambda: (window.tell(
            lambda: _("Printing cancelled: nothing was printed")), _clean(job)))
        window.print_job = job
    return job


def deliver(window, job, pdf: Path) -> None:
    """The report's PDF is written: to the file the dialog named, or to the printer."""
    printer: QPrinter = job.printer
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
        target = Path(printer.outputFileName() or Path(settings.last_folder()) / default_file())
        target = target if target.suffix.lower() == ".pdf" else target.with_suffix(".pdf")
        try:
            shutil.move(str(pdf), str(target))
        except OSError as exc:
            # Translators: {path} is a file's path, {cause} why it could not be written.
            window.report_error(_("The report could not be printed to {path}: {cause}").format(
                path=target, cause=exc.strerror or exc))
        else:
            # Translators: the status bar; {path} is the file printed to.
            window.tell(lambda: _("Report printed to the file {path}").format(path=target))
        _clean(job)
        return
    spool(window, job, printer, pdf)


def spool_command(printer: QPrinter, pdf: Path) -> list[str]:
    """The ``lp`` arguments that print ``pdf`` as the dialog asked (printer, copies, pages)."""
    args = ["-d", printer.printerName()] if printer.printerName() else []   # else the default
    args += ["-n", str(max(1, printer.copyCount())), "-t", printer.docName() or "TapDesk report"]
    if printer.printRange() == QPrinter.PrintRange.PageRange and printer.fromPage() > 0:
        args += ["-P", f"{printer.fromPage()}-{printer.toPage() or printer.fromPage()}"]
    return [*args, str(pdf)]


def spool(window, job, printer: QPrinter, pdf: Path) -> None:
    """Hand ``pdf`` to the print spooler without waiting for it."""
    lp = shutil.which("lp")
    if lp is None:
        window.report_error(_("The report could not be sent to the printer: this computer has no "
                              "print spooler TapDesk can use (lp)."),
                            _("Export the report as a PDF (File > Export report) and print the "
                              "PDF from your PDF viewer."))
        _clean(job)
        return
    process = QProcess(window)
    job.spooler = process

    def ended(code: int, _status) -> None:
        said = bytes(process.readAllStandardError()).decode(errors="replace").strip()
        if code == 0:
            name = printer.printerName()
            # Translators: {printer} is the printer's name.
            window.tell(lambda: _("Report sent to the printer {printer}").format(printer=name))
        else:
            # Translators: {printer} is the printer's name.
            window.report_error(_("The printer {printer} did not take the report.").format(
                printer=printer.printerName()),
                                said)
        process.deleteLater()
        job.spooler = None
        _clean(job)

    process.finished.connect(ended)
    process.start(lp, spool_command(printer, pdf))


def _clean(job) -> None:
    """Remove the print job's temporary folder."""
    folder = getattr(job, "folder", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        job.folder = None
