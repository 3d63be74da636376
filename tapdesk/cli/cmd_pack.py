"""``tapdesk pack DATA [class options] --title TITLE --out DIR [--zip]``: a committee pack.

One folder (or one zip) holding what a committee meeting needs, all under the same title: the
report (PDF), every rater's feedback sheet (PDF) with ``feedback_summary.csv``, the list of
subjects to review (``subjects_to_review.csv``: the subjects whose most likely true class is
less certain than :data:`~tapdesk.report.views.REVIEW_BELOW`, least certain first, as the
Subjects tab flags them) and ``README.txt`` listing the files. The analysis is the per-rater
t-a-p model, which gives both the feedback and each subject's probabilities.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from pathlib import Path

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    load_dataset,
    print_json,
)
from tapdesk.errors import SettingError

REPORT_NAME = "report.pdf"
REVIEW_NAME = "subjects_to_review.csv"
README_NAME = "README.txt"
FEEDBACK_FOLDER = "feedback"
DEFAULT_TITLE = "Committee pack"


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "pack", help="write a committee pack: report, feedback sheets, subjects to review",
        description="Fit the per-rater model and write, under one title, the report (PDF), "
                    "every rater's feedback sheet, the list of subjects to review (CSV) and a "
                    "README.txt listing them, into one folder or one zip.")
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--title", default=DEFAULT_TITLE,
                        help=f"title of the pack, on every file (default: {DEFAULT_TITLE})")
    parser.add_argument("--author", default="", help="who prepared the pack")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="folder for the pack (created if needed)")
    parser.add_argument("--zip", action="store_true",
                        help="also put the pack into DIR.zip (one file to send)")
    parser.add_argument("--seed", type=int, default=20261121, help="random seed of the fit")
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the files written as JSON")
    parser.set_defaults(run=run)


def command_text(args: argparse.Namespace) -> str:
    from tapdesk.cli.cmd_feedback import class_words
    words = ["tapdesk", "pack", args.data, *class_words(args), "--title", args.title,
             "--out", args.out]
    return shlex.join(words + (["--zip"] if args.zip else []))


def run(args: argparse.Namespace) -> int:
    from tapdesk.cli.cmd_report import check_folder
    from tapdesk.engine import FitRequest, fit
    folder = Path(args.out)
    check_folder(folder)
    dataset = load_dataset(args)
    request = FitRequest(model="per-rater", class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, seed=args.seed, level=args.level)
    result = fit(request, dataset.table)
    files = write_pack(result, dataset.table, folder, args.title, args.author, command_text(args))
    archive = zip_pack(folder) if args.zip else None
    if args.json:
        print_json({"title": args.title, "folder": str(folder),
                    "files": [str(p.relative_to(folder)) for p in files],
                    "zip": str(archive) if archive else None})
        return 0
    sys.stdout.write(f"Wrote the committee pack '{args.title}' ({len(files)} files) to "
                     f"{folder.resolve()}\n")
    if archive is not None:
        sys.stdout.write(f"and into {archive.resolve()}\n")
    return 0


def write_pack(result, table, folder: Path, title: str, author: str = "",
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


def write_review_list(result, table, path: Path) -> Path:
    from tapdesk.report.feedback import write_csv
    from tapdesk.report.views import REVIEW_COLUMNS, review_subjects
    return write_csv(path, REVIEW_COLUMNS, review_subjects(result, table))


def write_readme(folder: Path, title: str, files: list[Path]) -> Path:
    from tapdesk.report.views import REVIEW_BELOW
    what = {REPORT_NAME: "the report: conclusion, numbers, plots and method",
            REVIEW_NAME: f"subjects whose most likely class is less than {REVIEW_BELOW:.0%} "
                         "certain, least certain first",
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
