"""A committee pack: what a committee meeting needs, in one folder (or one zip), under one title.

:func:`write_pack` writes the report (PDF), every rater's feedback sheet (PDF) with
``feedback_summary.csv``, the list of subjects to review (``subjects_to_review.csv``: the subjects
whose most likely true class is less certain than :data:`~tapdesk.report.views.REVIEW_BELOW`
or differs from the majority vote, least certain first, as the Subjects tab flags them) and
``README.txt`` listing the files, from a per-rater fit. ``tapdesk pack`` and File > Committee
pack both write through it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError

REPORT_NAME = "report.pdf"
REVIEW_NAME = "subjects_to_review.csv"
README_NAME = "README.txt"
FEEDBACK_FOLDER = "feedback"
DEFAULT_TITLE = "Committee pack"
PACK_MODEL = "per-rater"
"""The fit a pack is made from: its raters' feedback and every subject's probabilities."""


def write_pack(result: Any, table: Any, folder: Path, title: str, author: str = "",
               command: str = "") -> list[Path]:
    """The pack's files in ``folder``: report, feedback sheets, subjects to review, README."""
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.render.feedback import write_feedback_files
    from tapdesk.render.writer import write_report
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    doc = build_report(ReportInputs.of([ReportAnalysis(result, table)], title=title,
                                       author=author, command=command or None))
    files = [write_report(doc, folder / REPORT_NAME)]
    feedback = rater_feedback(result, table)
    files += write_feedback_files(feedback, folder / FEEDBACK_FOLDER, command,
                                  title=title)
    files.append(write_review_list(result, table, folder / REVIEW_NAME))
    files.append(write_readme(folder, title, files))
    return files


def write_review_list(result: Any, table: Any, path: Path) -> Path:
    """The subjects the Subjects tab flags for review (:mod:`tapdesk.report.labels`), least
    certain first, with their labels."""
    from tapdesk.report.labels import subject_labels, write_labels
    labels = subject_labels(result, table)
    if labels is None:
        raise SettingError("this fit gives no probability of each subject's class, so there is "
                           "no list of subjects to review")
    return write_labels(labels, path, labels.review_rows())


def write_readme(folder: Path, title: str, files: list[Path]) -> Path:
    from tapdesk.report.views import REVIEW_BELOW
    what = {REPORT_NAME: "the report: conclusion, numbers, plots and method",
            REVIEW_NAME: f"subjects whose most likely class is less than {REVIEW_BELOW:.0%} "
                         "certain or not the raters' majority vote, least certain first",
            "feedback_summary.csv": "one row per rater: the numbers of their feedback sheet"}
    lines = [title, "=" * len(title), "", "Files in this pack:", ""]
    for path in files:
        name = str(path.relative_to(folder))
        note = what.get(path.name, "feedback sheet for one rater"
                        if path.suffix == ".pdf" else "")
        lines.append(f"- {name}: {note}" if note else f"- {name}")
    path = folder / README_NAME
    lines.append(f"- {README_NAME}: this list")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def zip_pack(folder: Path) -> Path:
    """``folder`` as ``folder.zip`` beside it."""
    try:
        return Path(shutil.make_archive(str(folder), "zip", root_dir=folder))
    except OSError as exc:
        raise SettingError(f"cannot write {folder}.zip: {exc.strerror or exc}") from None
