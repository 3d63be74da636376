"""The text of ``tapdesk --help`` around the options: the commands by task, and examples.

Written out here (not by argparse, which lists subcommands in one flat block) so the
commands stand in their groups (:data:`tapdesk.cli.commands.GROUPS`) and the help ends with
:data:`EXAMPLES`, the same commands the README's synopsis starts from.
"""

from __future__ import annotations

import textwrap

from tapdesk.cli.commands import COMMANDS, GROUP_WORDS, GROUPS
from tapdesk.i18n import N_, _, pgettext

WIDTH = 79
NAME_WIDTH = 13

DESCRIPTION = N_("Rater-agreement analysis with the t-a-p model family. Run with no command to open "
               "the app; 'tapdesk FILE' opens a project (.tapdesk) or a ratings file (.csv, "
               ".xlsx, .ods, .sav, .dta ...) in it. Where a command reads DATA, '-' reads it "
               "from standard input.")

EXAMPLES: tuple[tuple[str, str], ...] = (
    ("tapdesk examples --copy examples", N_("copy the example data into the folder examples")),
    ("tapdesk fit examples/wine.csv --cut 1", N_("t-a-p for the wine judges, Class 1 = rating 1")),
    ("cat examples/wine.csv | tapdesk agreement -", N_("kappas and more, the data piped in")),
)
"""Three commands a newcomer can run in order, each with what it does."""


def commands_text() -> str:
    """The commands, group by group, each with its one-line help."""
    # Translators: the heading of the commands in "tapdesk --help"; "tapdesk help COMMAND" is
    # typed as it is.
    lines = [_("commands (tapdesk help COMMAND lists a command's options):")]
    for group in GROUPS:
        # Translators: a group of commands in "tapdesk --help"; {group} is its name ("analyse").
        lines.append("  " + _("{group}:").format(group=pgettext("group of commands", GROUP_WORDS[group])))
        for entry in (e for e in COMMANDS if e.group == group):
            lines.append(_entry_line(entry.name, entry.help_text()))
    return "\n".join(lines)


def _entry_line(name: str, help_text: str) -> str:
    indent = " " * (4 + NAME_WIDTH)
    return textwrap.fill(help_text, WIDTH, initial_indent=f"    {name:<{NAME_WIDTH}}",
                         subsequent_indent=indent)


def description_text() -> str:
    """What TapDesk is, then its commands by group."""
    return textwrap.fill(_(DESCRIPTION), WIDTH) + "\n\n" + commands_text()


def examples_text() -> str:
    """The examples at the end of the help: each command, then what it does, indented."""
    # Translators: the heading of the example commands at the end of "tapdesk --help".
    lines = [_("examples:")]
    for command, meaning in EXAMPLES:
        lines += [f"  {command}", f"      {_(meaning)}"]
    return "\n".join(lines)
