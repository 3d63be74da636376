"""The command line's argument parsers: errors in one line, help that states the defaults.

:class:`CliParser` is the top level's (``tapdesk``) and the base of every command's
:class:`TapDeskParser`. Only argparse is imported here, so ``tapdesk --help`` stays quick.
"""

from __future__ import annotations

import argparse


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and a pointer to the help, exit status 2.

    argparse prints the whole usage (18 lines for ``tapdesk fit``) before its error;
    here the error names the command and the argument, and the next line says where
    the usage is: ``tapdesk fit: error: argument --model: invalid choice: ...`` then
    ``see: tapdesk fit --help``.
    """

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\nsee: {self.prog} --help\n")


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that states every option's default: appends "(default: X)" where the text does not
    already say it (options whose default is "none" or "detect" say so in their own words)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text.lower() or action.required or action.nargs == 0:
            return text
        if action.default in (None, argparse.SUPPRESS) or action.default == []:
            return text
        return f"{text} (default: %(default)s)"


    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """Wrap each line on its own, so descriptions and lists keep their line breaks."""
        import textwrap
        return "\n".join(textwrap.fill(line, width, initial_indent=indent,
                                        subsequent_indent=indent + (" " * 25 if line[:2] == "  " else ""))
                         if line.strip() else "" for line in text.splitlines())


class TapDeskParser(CliParser):
    """A command's parser: its help states the defaults (:class:`DefaultsFormatter`), its
    errors are one line and a pointer to the help (:class:`CliParser`)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)
