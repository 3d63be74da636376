"""A committee pack: what a committee meeting needs, in one folder (or one zip), under one title.

:func:`write_pack` writes the report (PDF), every rater's feedback sheet (PDF) with
``feedback_summary.csv``, the list of subjects to review (``subjects_to_review.csv``: the subjects
whose most likely true class is less certain than :data:`~tapdesk.report.views.REVIEW_BELOW`
or differs from the majority vote, least certain first, as the Subjects tab flags them) and
``README.txt`` listing the files, from a per-rater fit; the report, the README and the sheets
are named in the pack's language (:mod:`tapdesk.report.file_names`), the two tables in English.
``tapdesk pack`` and File > Committee pack both write through it.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import said, shown
from tapdesk.report.file_names import feedback_folder, readme_file, report_file
from tapdesk.report.refusals import cannot_write

REPORT_NAME = "report.pdf"
README_NAME = "README.txt"
FEEDBACK_FOLDER = "feedback"
"""The report's, the README's and the sheets' folder's names in English; in another language
the pack names them in its words (:mod:`tapdesk.report.file_names`: "Bericht.pdf" ...)."""
REVIEW_NAME = "subjects_to_review.csv"
"""A table for a spreadsheet, named in English in every language (as its columns are)."""
# Translators: the committee pack's default title (the Committee pack dialog and tapdesk pack).
DEFAULT_TITLE = N_("Committee pack")
STAGE_NAME = ".tapdesk-pack.part"
"""The hidden folder a pack is written into before its files are moved into place."""
PACK_MODEL = "per-rater"
"""The fit a pack is made from: its raters' feedback and every subject's probabilities."""


PackStep = Callable[[int, int, str], None]
"""``step(done, total, what)``: called before each part of the pack (a figure of the report,
a feedback sheet ...), with what comes next."""


class _Counted:
    """Counts the parts as they start, for a :data:`PackStep` (``total`` known once the report
    is built: its figures, its pages, one sheet per rater and the list of subjects)."""

    def __init__(self, step: PackStep | None) -> None:
        self.step = step
        self.done = 0
        self.total = 0

    def __call__(self, what: str) -> None:
        if self.step is not None:
            self.step(min(self.done, max(self.total - 1, 0)), self.total, what)
        self.done += 1


def write_pack(result: Any, table: Any, folder: Path, title: str, author: str = "",
               command: str = "", step: PackStep | None = None,
               signers: tuple[str, ...] = (), fit_name: str = "",
               sign_on_page_one: bool = False) -> list[Path]:
    """The pack's files in ``folder``: report, feedback sheets, subjects to review, README;
    the report with an approval block for ``signers`` ("Name, role" each) when there are any;
    the README names the fit the pack is made from (``fit_name``, else the model's title);
    ``sign_on_page_one``: that block at the foot of page one too.

    They are written into a hidden folder inside ``folder`` (:data:`STAGE_NAME`) and moved into
    place only when all are written, so a failed or cancelled pack leaves no part of itself and
    never touches other files in ``folder``. Returns the files' final paths. An empty ``title``
    is the default one (:data:`DEFAULT_TITLE`) in the language the pack is written in.
    """
    title = title.strip() or _(DEFAULT_TITLE)
    stage = folder / STAGE_NAME
    discard_stage(folder)
    try:
        stage.mkdir(parents=True)
        written = _write_parts(result, table, stage, title, author, command, step, signers,
                               fit_name, sign_on_page_one)
        return [_move_in(path, stage, folder) for path in written]
    except OSError as exc:
        # Translators: {folder} is the folder asked for; {reason} the system's reason
        # ("Permission denied").
        raise SettingError(said("cannot write the committee pack in {folder}: {reason}",
                                folder=str(folder), reason=exc.strerror or str(exc))) from None
    finally:
        discard_stage(folder)


def _write_parts(result: Any, table: Any, folder: Path, title: str, author: str,
                 command: str, step: PackStep | None, signers: tuple[str, ...],
                 fit_name: str, sign_on_page_one: bool) -> list[Path]:
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.render.feedback import write_feedback_files
    from tapdesk.render.writer import write_report
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    tell = _Counted(step)
    doc = build_report(ReportInputs.of([ReportAnalysis(result, table, fit_name)], title=title,
                                       author=author, command=command or None,
                                       signers=signers, sign_on_page_one=sign_on_page_one))
    tell.total = len(doc.figures()) + 1 + len(result.raters) + 1
    files = [write_report(doc, folder / report_file(), step=tell)]
    feedback = rater_feedback(result, table)

    def sheet_done(done: int, total: int) -> bool:
        # Translators: the pack's progress; {number} and {total} count the raters' sheets.
        tell(_("Feedback sheet {number} of {total}").format(number=done + 1, total=total)
             if done < total else _("The list of subjects to review"))
        return True

    tell(_("Feedback sheet {number} of {total}").format(number=1, total=len(feedback.raters)))
    files += write_feedback_files(feedback, folder / feedback_folder(), command,
                                  on_progress=sheet_done, title=title)
    files.append(write_review_list(result, table, folder / REVIEW_NAME))
    files.append(write_readme(folder, title, files, fit_name or shown(result.title)))
    return files


def _move_in(path: Path, stage: Path, folder: Path) -> Path:
    final = folder / path.relative_to(stage)
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(path, final)
    return final


def discard_stage(folder: Path) -> None:
    """Remove what an unfinished pack left in ``folder`` (its hidden staging folder)."""
    shutil.rmtree(Path(folder) / STAGE_NAME, ignore_errors=True)


def write_review_list(result: Any, table: Any, path: Path) -> Path:
    """The subjects the Subjects tab flags for review (:mod:`tapdesk.report.labels`), least
    certain first, with their labels."""
    from tapdesk.report.labels import subject_labels, write_labels
    labels = subject_labels(result, table)
    if labels is None:
        raise SettingError(said("this fit gives no probability of each subject's class, so "
                                "there is no list of subjects to review"))
    return write_labels(labels, path, review_only=True)


def write_readme(folder: Path, title: str, files: list[Path], fit_name: str = "") -> Path:
    from tapdesk.report.views import REVIEW_BELOW
    # Translators: the committee pack's README.txt: what each file is (after its name).
    what = {report_file(): _("the report: conclusion, numbers, plots and method"),
            # Translators: {share} is a percent ("90%").
            REVIEW_NAME: _("subjects whose most likely class is less than {share} certain or not "
                           "the raters' majority vote, least certain first").format(
                share=f"{REVIEW_BELOW:.0%}" if is_source() else formats.percent(REVIEW_BELOW)),
            "feedback_summary.csv": _("one row per rater: the numbers of their feedback sheet")}
    lines = [title, "=" * len(title), ""]
    if fit_name:
        # Translators: the committee pack's README.txt; {fit} is the fit the pack is made from.
        lines += [_("Made from the fit {fit}.").format(fit=formats.quoted(fit_name)), ""]
    lines += [_("Files in this pack:"), ""]
    for path in files:
        name = str(path.relative_to(folder))
        note = what.get(path.name, _("feedback sheet for one rater")
                        if path.suffix == ".pdf" else "")
        lines.append(f"- {name}: {note}" if note else f"- {name}")
    path = folder / readme_file()
    lines.append(f"- {path.name}: " + _("this list"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def zip_pack(folder: Path, files: list[Path]) -> Path:
    """``folder.zip`` beside ``folder``, holding the pack's ``files`` only (never other files
    that were in the folder already), named as in the folder."""
    archive = folder.with_name(folder.name + ".zip")
    try:
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in files:
                bundle.write(path, path.relative_to(folder).as_posix())
    except OSError as exc:
        raise SettingError(cannot_write(archive, exc)) from None
    return archive
