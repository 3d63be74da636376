"""Entry point of the ``tapdesk`` command.

With no arguments it opens the main window (with no display it says how to start the app or
run the self-test, exit status 2); ``tapdesk FILE`` opens a project or a ratings file in it
(what a double click on the file does). Each subcommand lives in its own module with
``add_parser`` and ``run``; they are listed in :data:`tapdesk.cli.commands.COMMANDS`, by task;
``tapdesk help [COMMAND]`` prints the help of the whole or of one command.

Start-up stays quick: ``tapdesk --version`` and ``tapdesk --help`` import no
numerical library and no Qt, because the top-level parser lists the
subcommands from :data:`COMMANDS` (name and one-line help) and imports only
the module of the command actually given (``tapdesk fit ...`` imports
``cmd_fit`` and what it needs, nothing else).

A Unix-friendly command: an argument error is one line and a pointer to the
help (:class:`CliParser`, exit status 2), a close miss of a command's name adds
"did you mean 'fit'?", and output into a pipe that closes early
(``tapdesk fit DATA --json | head -3``) ends quietly with status 141 (:func:`main`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from tapdesk import __version__
from tapdesk.cli.commands import COMMANDS, HELP_COMMAND, Command, command_names, did_you_mean
from tapdesk.cli.language import OPTION, language_option, set_cli_language, unknown_language
from tapdesk.cli.overview import description_text, examples_text
from tapdesk.cli.parsers import CliParser, TapDeskParser
from tapdesk.errors import TapDeskError
from tapdesk.i18n import _
from tapdesk.threads import limit_this_process
from tapdesk.userfiles import check_regular_file

__all__ = ["COMMANDS", "Command", "build_parser", "main"]


_OPTIONS_WITH_VALUE = ("--out",)

BROKEN_PIPE_STATUS = 141
"""Exit status when the reader of our output went away: 128 + SIGPIPE, what a shell reports
for any Unix tool a closed pipe stops (``set -o pipefail`` sees the same as for ``yes | head``)."""


def positional_words(argv: list[str]) -> list[str]:
    """The words of ``argv`` that are neither an option nor an option's value."""
    words: list[str] = []
    skip = ended = False
    for arg in argv:
        if skip:
            skip = False
        elif ended or not arg.startswith("-"):
            words.append(arg)
        elif arg == "--":
            ended = True
        else:
            # "--out DIR" (or an abbreviation such as "--ou DIR"); "--out=DIR" carries its value
            skip = "=" not in arg and len(arg) > 2 and any(o.startswith(arg)
                                                           for o in _OPTIONS_WITH_VALUE)
    return words


def chosen_command(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not an option or its value)."""
    words = positional_words(argv)
    return words[0] if words else None


def build_parser(command: str | None = None, *, lazy: bool = False) -> argparse.ArgumentParser:
    """The whole parser, every command's module imported.

    With ``lazy`` (what :func:`main` uses) only ``command``'s module is imported;
    the other commands are listed by name and one-line help alone.
    """
    parser = CliParser(
        prog="tapdesk", usage="tapdesk [-h] [--version] [--selftest] [--out OUT] COMMAND ...\n"
        "       tapdesk help [COMMAND]\n"
        "       tapdesk [FILE ...]",
        description=description_text(), epilog=examples_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"TapDesk {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--selftest", action="store_true",
                        help=_("run the scripted app walkthrough headless and exit"))
    parser.add_argument("--out", help=_("with --selftest: folder for the screenshots"))
    parser.add_argument(OPTION, metavar="CODE",
                        help=_("the language of the text the command prints (en, de, fr, es; "
                               "given anywhere, default: the system's, from LANG)"))
    # a command's own parser states its defaults (TapDeskParser)
    loaded = [entry for entry in COMMANDS if not lazy or entry.name == command]
    parser_class: type[argparse.ArgumentParser] = CliParser
    if loaded:
        parser_class = TapDeskParser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", prog="tapdesk",
                                parser_class=parser_class, help=argparse.SUPPRESS)
    for entry in COMMANDS:
        if entry in loaded:
            importlib.import_module(entry.module).add_parser(sub)
        else:
            sub.add_parser(entry.name, help=entry.help_text(), add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``tapdesk ARGV``; the exit status (0 done, 2 bad input, 141 output pipe closed)."""
    argv = sys.argv[1:] if argv is None else argv
    limit_this_process()               # TapDesk's own process: one BLAS thread (tapdesk/threads.py)
    unicode_output()
    try:
        status = run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()         # a closed pipe shows here, not in the interpreter's last flush
        return status
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE_STATUS


def unicode_output() -> None:
    """Write text output as UTF-8 when the console's code page cannot hold every label.

    On Windows, output redirected to a file or pipe uses the ANSI code page (cp1252 ...), where
    Greek, Cyrillic or Chinese category labels would end the command with UnicodeEncodeError.
    Elsewhere (UTF-8 locales) nothing changes; a stream that is not a text file is left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(encoding="utf-8", errors="replace")
            except (OSError, ValueError):      # already written to, or not reconfigurable
                pass


def silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush of what is still
    buffered for a closed pipe does not print "Exception ignored ... BrokenPipeError"."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):    # no stdout, or not a file (a test's buffer)
        pass


def run(argv: list[str]) -> int:
    """Parse ``argv`` and run the command, print the help, open the files, or start the app."""
    argv, language = language_option(argv)
    if not set_cli_language(language):
        print(unknown_language(str(language)), file=sys.stderr)
        return 2
    command = chosen_command(argv)
    opens_files = command is not None and command not in command_names()
    try:
        if command == HELP_COMMAND:
            return print_help(positional_words(argv)[1:])
        if opens_files:
            files = files_to_open(argv)
        else:
            start_early(command, argv)
            args = parse(build_parser(command, lazy=True), argv)
            if args.command is not None and not hasattr(args, "run"):
                args = parse(build_parser(args.command, lazy=True), argv)
    except SystemExit as exc:          # argparse printed the help, or a one-line error
        return 2 if exc.code not in (0, None) else 0
    except TapDeskError as exc:        # a file to open is missing, a folder ...
        return report_error(exc)
    if opens_files or args.command is None:
        from tapdesk.cli.launch import launch_app
        return launch_app(files=files) if opens_files else \
            launch_app(selftest=args.selftest, out=args.out)
    return run_command(args)


def run_command(args: argparse.Namespace) -> int:
    """Run the parsed command; its errors as one line, exit status 2."""
    from tapdesk.cli.fit_checks import install_checks
    install_checks()
    try:
        return int(args.run(args) or 0)
    except TapDeskError as exc:
        return report_error(exc)
    except KeyboardInterrupt:
        print(_("tapdesk: interrupted"), file=sys.stderr)
        return 130


def report_error(exc: TapDeskError) -> int:
    """Print ``exc`` as the one line every error is (with the flags it names); status 2."""
    from tapdesk.library.hints import error_text
    # Translators: {message} is the error itself; keep "tapdesk:" first.
    print(_("tapdesk: error: {message}").format(message=error_text(exc)), file=sys.stderr)
    return 2


def print_help(words: list[str]) -> int:
    """``tapdesk help [COMMAND]``: the top level's help, or that command's; status 0.
    An unknown command is an argument error (SystemExit, status 2) with a "did you mean"."""
    name = words[0] if words else HELP_COMMAND
    parser = build_parser(name, lazy=True)
    if len(words) > 1:
        # Translators: {n} is the number of words given after "tapdesk help" (2 or more).
        parser.error(_("help takes one command, not {n}: tapdesk help COMMAND").format(
            n=len(words)))
    chosen = parser if name == HELP_COMMAND else subcommand_parser(parser, name)
    if chosen is None:
        # Translators: {name} is the word typed; {did_you_mean} is "" or "; did you mean 'fit'?".
        parser.error(_("no such command: {name}{did_you_mean}").format(
            name=name, did_you_mean=did_you_mean(name)))
    chosen.print_help()
    return 0


def start_early(command: str | None, argv: list[str]) -> None:
    """Call the command's ``early`` function (see :class:`Command`), unless only its help is
    wanted."""
    entry = next((e for e in COMMANDS if e.name == command and e.early), None)
    if entry is None or {"-h", "--help"} & set(argv):
        return
    module, name = entry.early.split(":")
    getattr(importlib.import_module(module), name)()


def parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """``parser.parse_args(argv)``, an unrecognised argument blamed on the command it follows
    (``tapdesk fit: error: unrecognized arguments: --foo``, not the top level's)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        sub = subcommand_parser(parser, getattr(args, "command", None)) or parser
        sub.error(_("unrecognized arguments: %s") % " ".join(extra))
    return args


def subcommand_parser(parser: argparse.ArgumentParser,
                      command: str | None) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return action.choices[command]
    return None


def files_to_open(argv: list[str]) -> list[Path]:
    """``tapdesk FILE ...``: the projects and ratings files to open in the app.

    Every word that is not an option must be an existing file. A word that is neither a
    command nor a file is an argument error (:class:`CliParser`, exit status 2 through
    ``SystemExit``), with "did you mean" for a close miss of a command; a missing file or a
    folder is a DataError in the words the importer uses (:func:`check_regular_file`).
    """
    words = positional_words(argv)
    parser = build_parser(None, lazy=True)
    for word in words:
        path = Path(word)
        if path.exists() or path.suffix or os.sep in word or "/" in word:
            check_regular_file(path, word)                  # no command has a dot or a slash
        else:
            # Translators: {name} is the word typed; {did_you_mean} is "" or "; did you mean
            # 'fit'?".
            parser.error(_("no such command or file: {name}{did_you_mean}").format(
                name=word, did_you_mean=did_you_mean(word)))
    args = parse(parser, [word for word in argv if word not in words and word != "--"])
    if args.selftest:
        parser.error(_("--selftest opens no file: run it alone"))
    return [Path(word) for word in words]


if __name__ == "__main__":          # python -m tapdesk.cli.main, as python -m tapdesk
    sys.exit(main())
