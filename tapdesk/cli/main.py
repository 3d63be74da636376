"""Entry point of the ``tapdesk`` command.

With no arguments it opens the main window (or, with no display, runs the
self-test). Each subcommand lives in its own module with ``add_parser`` and
``run``; they are listed in :data:`COMMANDS`.

Start-up stays quick: ``tapdesk --version`` and ``tapdesk --help`` import no
numerical library and no Qt, because the top-level parser lists the
subcommands from :data:`COMMANDS` (name and one-line help) and imports only
the module of the command actually given (``tapdesk fit ...`` imports
``cmd_fit`` and what it needs, nothing else). Keep each ``help`` here equal to
the ``help=`` its module gives (``tests/test_cli_startup.py`` checks).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass

from tapdesk import __version__
from tapdesk.errors import TapDeskError


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, the module that adds its parser and runs it, its one-line help."""

    name: str
    module: str
    help: str


COMMANDS: tuple[Command, ...] = (
    Command("fit", "tapdesk.cli.cmd_fit", "fit a rater model by maximum likelihood"),
    Command("ordinal", "tapdesk.cli.cmd_ordinal",
            "ordinal scale: t-a-p and kappa at every cut point"),
    Command("modelfit", "tapdesk.cli.cmd_modelfit",
            "check how well t-a-p, the expert model and a = 0 fit the counts"),
    Command("simulate", "tapdesk.cli.cmd_simulate",
            "simulate binary ratings from t-a-p parameters into a CSV file"),
    Command("agreement", "tapdesk.cli.cmd_agreement",
            "classical agreement coefficients (kappas, alpha, AC1 ...)"),
    Command("report", "tapdesk.cli.cmd_report",
            "write a report (PDF, ODT or HTML; plus PNG plots, CSV/XLSX tables)"),
    Command("inspect", "tapdesk.cli.cmd_inspect",
            "show how a data file is read, before analysing it"),
    Command("posterior", "tapdesk.cli.cmd_posterior",
            "Bayesian posterior of a rater model (exact grid or MCMC)"),
    Command("examples", "tapdesk.cli.cmd_examples",
            "list the example data sets shipped with TapDesk, or copy them out"),
    Command("plan", "tapdesk.cli.cmd_plan",
            "plan the next study: interval widths and power for candidate designs"),
    Command("feedback", "tapdesk.cli.cmd_feedback",
            "write a short feedback PDF for every rater, plus a summary CSV"),
)

_OPTIONS_WITH_VALUE = ("--out",)


def chosen_command(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not an option or its value)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--":
            continue
        elif arg.startswith("-"):
            # "--out DIR" (or an abbreviation such as "--ou DIR"); "--out=DIR" carries its value
            skip = "=" not in arg and len(arg) > 2 and any(o.startswith(arg)
                                                           for o in _OPTIONS_WITH_VALUE)
        else:
            return arg
    return None


def build_parser(command: str | None = None, *, lazy: bool = False) -> argparse.ArgumentParser:
    """The whole parser, every command's module imported.

    With ``lazy`` (what :func:`main` uses) only ``command``'s module is imported;
    the other commands are listed by name and one-line help alone.
    """
    parser = argparse.ArgumentParser(
        prog="tapdesk", description="Rater-agreement analysis with the t-a-p model family. "
        "Run with no command to open the app.")
    parser.add_argument("--version", action="version", version=f"TapDesk {__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="run the scripted app walkthrough headless and exit")
    parser.add_argument("--out", help="with --selftest: folder for the screenshots")
    # a command's own parser states its defaults (TapDeskParser); the listing needs no import
    loaded = [entry for entry in COMMANDS if not lazy or entry.name == command]
    parser_class = argparse.ArgumentParser
    if loaded:
        from tapdesk.cli.common import TapDeskParser
        parser_class = TapDeskParser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)
    for entry in COMMANDS:
        if entry in loaded:
            importlib.import_module(entry.module).add_parser(sub)
        else:
            sub.add_parser(entry.name, help=entry.help, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser(chosen_command(argv), lazy=True).parse_args(argv)
        if args.command is not None and not hasattr(args, "run"):
            args = build_parser(args.command, lazy=True).parse_args(argv)
    except SystemExit as exc:          # argparse already printed a one-line usage error
        return 2 if exc.code not in (0, None) else 0
    if args.command is None:
        from tapdesk.cli.launch import launch_app
        return launch_app(selftest=args.selftest, out=args.out)
    try:
        return int(args.run(args) or 0)
    except TapDeskError as exc:
        from tapdesk.cli.hints import error_text
        print(f"tapdesk: error: {error_text(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tapdesk: interrupted", file=sys.stderr)
        return 130
