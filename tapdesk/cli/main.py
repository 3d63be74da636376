"""Entry point of the ``tapdesk`` command.

With no arguments it opens the main window (or, with no display, runs the
self-test). Each subcommand lives in its own module with ``add_parser`` and
``run``; they are listed in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType

from tapdesk import __version__
from tapdesk.errors import TapDeskError


def _command_modules() -> list[ModuleType]:
    from tapdesk.cli import cmd_fit
    from tapdesk.cli import cmd_modelfit, cmd_ordinal, cmd_simulate
    from tapdesk.cli import cmd_agreement
    from tapdesk.cli import cmd_report
    from tapdesk.cli import cmd_inspect
    from tapdesk.cli import cmd_posterior
    from tapdesk.cli import cmd_examples
    return [cmd_fit, cmd_ordinal, cmd_modelfit, cmd_simulate, cmd_agreement, cmd_report,
            cmd_inspect, cmd_posterior, cmd_examples]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tapdesk", description="Rater-agreement analysis with the t-a-p model family. "
        "Run with no command to open the app.")
    parser.add_argument("--version", action="version", version=f"TapDesk {__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="run the scripted app walkthrough headless and exit")
    parser.add_argument("--out", help="with --selftest: folder for the screenshots")
    from tapdesk.cli.common import TapDeskParser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=TapDeskParser)
    for module in _command_modules():
        module.add_parser(sub)
    return parser



def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # argparse already printed a one-line usage error
        return 2 if exc.code not in (0, None) else 0
    if args.command is None:
        from tapdesk.cli.launch import launch_app
        return launch_app(selftest=args.selftest, out=args.out)
    try:
        return int(args.run(args) or 0)
    except TapDeskError as exc:
        print(f"tapdesk: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tapdesk: interrupted", file=sys.stderr)
        return 130
