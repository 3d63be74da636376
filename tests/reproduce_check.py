"""Every PDF report the suite writes: its "Reproducing this report" commands, copied out of the
PDF as a reader copies them, are whole commands that ``tapdesk``'s argument parser takes.

The text is taken out with pypdf (in the test lock; pdftotext is not installed by CI), a line
at a time as a PDF viewer copies it. A command may break only between whole arguments: each
line must read as shell words on its own (no quote open across a break, no word cut after a
hyphen such as "--" | "cut 1"), and the lines joined must parse, and be the report's command.
pypdf gives the gap between two words of a Qt-written PDF as a tab, and puts a space between
letters set apart by kerning ("W ine"): its spaces are dropped and its tabs read as spaces.

``tests/conftest.py`` records each PDF written in the tests' own process (and the pages that
hold a command, and the language it was written in: the label and the footer are read in it);
``tests/cli/test_report.run_cli`` checks the reports the command writes.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Sequence
from pathlib import Path

LABEL = "Reproducing this report"
END = "References"


def _words(text: str) -> str:
    """A catalog's text (a label of the report) in the current language, as copied."""
    from tapdesk.i18n import _
    return " ".join(_(text).split())


def _footer() -> re.Pattern[str]:
    """The page footer "Page 3 of 9" in the current language."""
    from tapdesk.i18n import _
    pattern = re.escape(" ".join(_("Page {number} of {total}").split()))
    return re.compile("^" + re.sub(r"\\\{(?:number|total)\\\}", r"\\d+", pattern) + "$")


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def page_lines(reader, index: int) -> list[str]:
    """The lines of a page's body, as copied (the footer, drawn last, left out)."""
    lines = [" ".join(line.replace(" ", "").split("\t"))      # see the module's note
             for line in reader.pages[index].extract_text().splitlines()]
    lines = [" ".join(line.split()) for line in lines]
    footer = _footer()
    ends = [i for i, line in enumerate(lines) if footer.match(line)]
    return lines[:ends[-1]] if ends else lines


def copied_commands(path: Path, pages: Iterable[int] | None = None) -> list[list[str]]:
    """Each command under "Reproducing this report" (and the study plan's) as its lines."""
    from pypdf import PdfReader
    reader = PdfReader(path)
    label, end = _words(LABEL), _words(END)
    lines: list[str] = []
    for index in range(len(reader.pages)) if pages is None else pages:
        lines += page_lines(reader, index)
        if label in lines and end in lines[lines.index(label):]:
            break
    if label not in lines:
        return []
    start = lines.index(label) + 1
    block = lines[start:lines.index(end, start) if end in lines[start:] else len(lines)]
    commands: list[list[str]] = []
    for line in block:
        if line.startswith("tapdesk "):
            commands.append([line])
        elif (line.endswith(":") or line.startswith("[")) and not line.startswith("-"):
            # a sentence between them (the pseudo-language's starts with its bracket)
            commands.append([])
        elif commands and commands[-1]:
            commands[-1].append(line)
    return [c for c in commands if c]


def command_problems(path: Path, pages: Iterable[int] | None = None,
                     expected: Sequence[str] = ()) -> list[str]:
    """What is wrong with the commands as copied out of ``path`` (empty: nothing)."""
    from tapdesk.cli.language import language_option
    from tapdesk.cli.main import build_parser
    problems = []
    found = copied_commands(path, pages)
    if expected and len(found) != len(expected):
        problems.append(f"{len(expected)} commands in the report, {len(found)} copied: {found}")
    for lines in found:
        for line in lines:
            try:
                shlex.split(line)
            except ValueError:
                problems.append(f"a quote is open at the end of the line {line!r}")
            if line.endswith("-"):
                problems.append(f"the line {line!r} ends inside a word")
        text = " ".join(lines)
        if expected and _flat(text) not in {_flat(c) for c in expected}:
            problems.append(f"copied {text!r}, not one of {list(expected)}")
        words = shlex.split(text) if not any("quote" in p for p in problems) else []
        if len(words) < 2 or words[0] != "tapdesk":
            problems.append(f"not a tapdesk command: {text!r}")
            continue
        try:
            argv, _language = language_option(words[1:])        # as tapdesk.cli.main.run takes it
            build_parser(words[1], lazy=True).parse_args(argv)
        except SystemExit as stop:
            problems.append(f"tapdesk's parser refused {text!r} (status {stop.code})")
    return problems
