"""File > Committee pack...: the report, the feedback sheets and the subjects to review of the
shown data set's per-rater fit (the selected one, else the latest; the title question and the
status bar name it), under one title, in one folder (:func:`tapdesk.render.pack.write_pack`, as
``tapdesk pack`` writes them). It is a rendering of the report job
(:mod:`~tapdesk.gui.project.report_job`): the author, the approval block's signers and the
language last set in File > Export report (as ``tapdesk pack --sign`` gives them), its title
the suggested one.

The pack is written in the report worker process (:class:`~tapdesk.gui.tasks.pack_task.
PackExport`) while a progress box with Cancel is shown; the window stays alive. A cancelled or
failed pack leaves nothing in the folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QInputDialog, QProgressDialog

from tapdesk.gui.project.report_job import report_job, without_fit_number
from tapdesk.i18n import _, formats

if TYPE_CHECKING:          # the first window lists the action; the job's code loads when used
    from tapdesk.gui.tasks.pack_task import PackExport
    from tapdesk.gui.tasks.report_task import ReportExport


def pack_fit(window):
    """The fit the pack is made from, ``(name, result, table)``: the selected fit when it is a
    per-rater fit of the shown data set, else that data set's latest per-rater fit; None when
    there is none. The name is the fits list's ("3. t-a-p per rater (...)"), which the pack
    says."""
    from tapdesk.render.pack import PACK_MODEL
    fits = [c for c in window.report_candidates() if c[1].model == PACK_MODEL]
    shown = window.results_pane.current()
    return next((c for c in fits if c[1] is shown), fits[-1] if fits else None)


def committee_pack(window, folder: str | Path | None = None,
                   title: str | None = None) -> PackExport | None:
    """Start writing the committee pack; without ``folder`` and ``title`` (scripts, tests) the
    user is asked for them. Returns the running job (its ``finished``/``failed``/``cancelled``
    signals end it), or None when nothing was started."""
    from tapdesk.render.pack import DEFAULT_TITLE
    found = pack_fit(window)
    if found is None:
        from tapdesk.engine.models import MODELS
        per_rater = next(m.title for m in MODELS if m.name == "per-rater")
        window.report_error(_("A committee pack needs the per-rater model fitted to these data."),
                            # Translators: {model} is the per-rater model's name as the
                            # Analysis pane lists it.
                            _("Choose {model} and press Fit; the pack is made from that fit "
                              "(its feedback sheets and each subject's probabilities).").format(
                                model=formats.quoted(_(per_rater))))
        return None
    job = pack_job(window)
    if job.running:
        return None
    name, result, table = found
    job_settings = report_job(window, window.report_candidates())
    in_report = next(n for n, r, _t in window.candidates_in(job_settings.language) if r is result)
    if title is None:
        # Translators: the question for the committee pack's title; "README" is a file's name;
        # {fit} the fit the pack is made from, as the fits list names it.
        question = _("Title of the pack (on the report, every feedback sheet and the README), "
                     "made from the fit {fit}:").format(fit=formats.quoted(name))
        title, ok = QInputDialog.getText(window, _("Committee pack"), question,
                                         text=job_settings.title or _(DEFAULT_TITLE))
        if not ok:
            return None
    if folder is None:
        # Translators: the title of the dialog choosing where the committee pack is written.
        folder = QFileDialog.getExistingDirectory(window, _("Folder for the committee pack"))
        if not folder:
            return None
    # Translators: the progress box's first words while the committee pack is started.
    box = progress_box(window, job, _("Committee pack"), "pack_box",
                       _("Starting the committee pack..."))
    job.source = window.session        # its data go first in File > Open recent once written
    job.fit_name = name
    job.start_pack(result, table, Path(folder), title.strip(),     # empty: the default title
                   author=job_settings.author, signers=job_settings.signers,
                   language=job_settings.language, fit_name=without_fit_number(in_report),
                   sign_on_page_one=job_settings.sign_on_page_one)
    box.show()
    return job


def pack_job(window) -> PackExport:
    """The window's committee-pack job (made on first use, its ends shown in the window)."""
    job = getattr(window, "pack_export", None)
    if job is None:
        from tapdesk.gui.tasks.pack_task import PackExport
        job = PackExport(window)
        job.finished.connect(lambda folder: pack_written(window, job, folder))
        job.failed.connect(lambda message, details: window.report_error(message, details))
        # Translators: the status bar after the committee pack was cancelled.
        job.cancelled.connect(lambda: window.tell(
            lambda: _("Committee pack cancelled: nothing was written")))
        window.pack_export = job
    return job


def pack_written(window, job: PackExport, folder) -> None:
    """The pack is written: said in a box naming its folder, with **Show in folder** (issue 79:
    a line in the status bar was all), and in the status bar; the data it was made from go first
    in File > Open recent (the pack itself is no data to open; its folder holds the report, the
    feedback and the subjects to review). The box opens once the progress box has closed."""
    number = fit_number(getattr(job, "fit_name", ""))
    # Translators: the status bar; {folder} is the folder the committee pack was written to,
    # {number} the number of the fit it was made from in the fits list.
    window.tell(lambda: _("Committee pack written to {folder} (from fit {number})").format(
        folder=folder, number=number))
    source = getattr(job, "source", None)
    if source is not None:
        window.remember_source(source)
    QTimer.singleShot(0, window, lambda: written_box(window, Path(folder), number))


def written_box(window, folder: Path, number: str):
    """The box that says the committee pack was written, naming its folder, with **Show in
    folder** (:class:`~tapdesk.gui.opening.WrittenBox`, as the Export dialog opens what it
    wrote); the window holds it as ``pack_written_box``."""
    from tapdesk.gui.opening import WrittenBox
    old = getattr(window, "pack_written_box", None)
    if old is not None:
        try:
            old.close()
        except RuntimeError:           # closed and deleted already
            pass
    # Translators: what the box after a committee pack says is in its folder; {number} is the
    # number of the fit it was made from in the fits list, {folder} the folder (on a line of its
    # own).
    words = _("The report, the feedback sheets and the list of subjects to review, made from fit "
              "{number}, are in this folder:\n{folder}").format(number=number, folder=folder)
    title = _("Committee pack")
    # Translators: the heading of the box shown when the committee pack is written.
    heading = _("Committee pack written")
    box = WrittenBox(window, title, heading, words, folder, "the pack")
    window.pack_written_box = box
    box.open()
    return box


def fit_number(name: str) -> str:
    """The fit's number in the fits list, from its name there ("3. t-a-p ..." -> "3")."""
    return name.split(".", 1)[0]


def progress_box(window, job: ReportExport, title: str, attr: str,
                 first: str) -> QProgressDialog:
    """A window-modal progress box titled ``title`` with Cancel, saying ``first`` until the job's
    first step, closed when the job ends; the window holds it as ``attr`` meanwhile (committee
    pack, print)."""
    # Translators: the button of a progress box (committee pack, printing).
    box = QProgressDialog(first, _("Cancel"), 0, 0, window)
    box.setWindowTitle(title)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setMinimumDuration(0)
    box.setAutoClose(False)
    box.setAutoReset(False)
    box.setMinimumWidth(420)
    box.canceled.connect(job.cancel)
    # Translators: a progress box's words after Cancel was pressed, until the job stops.
    cancelling = _("Cancelling...")
    box.canceled.connect(lambda: box.setLabelText(cancelling))

    def progress(event) -> None:
        if event.total:
            box.setRange(0, event.total)
            box.setValue(event.done)
        # Translators: a progress box's words; {step} is the step under way ("The report").
        box.setLabelText(_("{step}...").format(step=event.shown()))

    job.progress.connect(progress)

    def end(*_args) -> None:
        for signal, slot in ((job.progress, progress), (job.finished, end), (job.failed, end),
                             (job.cancelled, end)):
            signal.disconnect(slot)
        box.canceled.disconnect()          # no cycle box -> slot -> box left for the collector
        box.close()
        # A modal box's setValue runs the event loop, where the job's end can arrive: the box is
        # deleted from the event loop, never inside the setValue still running.
        QTimer.singleShot(0, box.deleteLater)
        if getattr(window, attr, None) is box:
            setattr(window, attr, None)

    for signal in (job.finished, job.failed, job.cancelled):
        signal.connect(end)
    setattr(window, attr, box)
    return box
