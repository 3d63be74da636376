"""``tapdesk pack DATA [class options] --title TITLE --out DIR [--zip]``: a committee pack.

One folder (or one zip) holding what a committee meeting needs, all under the same title
(:func:`tapdesk.render.pack.write_pack`, which File > Committee pack uses too). The analysis is
the per-rater t-a-p model, which gives both the feedback and each subject's probabilities.
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_sign_argument,
    load_dataset,
)
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.i18n import _, formats, ngettext
from tapdesk.render.pack import DEFAULT_TITLE, PACK_MODEL, write_pack, zip_pack


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "pack", help=_("write a committee pack: report, feedback sheets, subjects to review"),
        description=_("Fit the per-rater model and write, under one title, the report (PDF), "
                      "every rater's feedback sheet, the list of subjects to review (CSV) and a "
                      "README.txt listing them, into one folder or one zip."))
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--title", default="",
                        # Translators: {title} is the pack's default title.
                        help=_("title of the pack, on every file (default: {title})").format(
                            title=_(DEFAULT_TITLE)))
    parser.add_argument("--author", default="", help=_("who prepared the pack"))
    add_sign_argument(parser)
    parser.add_argument("--out", required=True, metavar="DIR",
                        help=_("folder for the pack (created if needed)"))
    parser.add_argument("--zip", action="store_true",
                        help=_("also put the pack into DIR.zip (one file to send)"))
    parser.add_argument("--seed", type=int, default=20261121, help=_("random seed of the fit"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print the files written as JSON"))
    parser.set_defaults(run=run)


def command_text(args: argparse.Namespace) -> str:
    from tapdesk.cli.cmd_feedback import class_words
    words = ["tapdesk", "pack", args.data, *class_words(args)]
    words += ["--title", args.title] if args.title else []
    for signer in args.sign or ():
        words += ["--sign", signer]
    words += ["--sign-on-page-one"] if args.sign and args.sign_on_page_one else []
    words += ["--out", args.out]
    return shlex.join(words + (["--zip"] if args.zip else []))


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The per-rater fit and the pack written: the files as JSON, a line each as text."""
    from tapdesk.cli.cmd_report import check_folder
    from tapdesk.engine import FitRequest, fit
    folder = Path(args.out)
    check_folder(folder)
    dataset = load_dataset(args)
    request = FitRequest(model=PACK_MODEL, class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, seed=args.seed, level=args.level)
    result = fit(request, dataset.table)
    title = args.title.strip() or _(DEFAULT_TITLE)          # the default in the pack's language
    files = write_pack(result, dataset.table, folder, title, args.author, command_text(args),
                       signers=tuple(args.sign or ()), sign_on_page_one=args.sign_on_page_one)
    archive = zip_pack(folder, files) if args.zip else None
    payload = {"title": title, "folder": str(folder),
               "files": [str(p.relative_to(folder)) for p in files],
               "zip": str(archive) if archive else None}
    # Translators: {title} is the pack's title; {n} a number of files (English says "files" for
    # one too); {folder} where.
    text = ngettext("Wrote the committee pack {title} ({n} files) to {folder}",
                    "Wrote the committee pack {title} ({n} files) to {folder}",
                    len(files)).format(title=formats.quoted(title), n=len(files),
                                       folder=folder.resolve()) + "\n"
    if archive is not None:
        # Translators: the next line after "Wrote the committee pack ..."; {zip} the zip file.
        text += _("and into {zip}").format(zip=archive.resolve()) + "\n"
    return Outcome(result, payload, text, dataset)
