"""The command line's argument parsers: errors in one line, help that states the defaults.

:class:`CliParser` is the top level's (``tapdesk``) and the base of every command's
:class:`TapDeskParser`. Only argparse is imported here, so ``tapdesk --help`` stays quick.
"""

from __future__ import annotations

import argparse

from tapdesk.i18n import N_, _, pgettext

ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
)
"""argparse's own words that a user of ``tapdesk`` reads (the help's headings, its errors),
marked here for the catalogs; argparse looks each up through its module's ``_``, which
:func:`speak_argparse` points at TapDesk's (argparse has no catalogs of its own to install,
and its texts are built inside its methods, so there is no other place to translate them)."""


def speak_argparse() -> None:
    """Let argparse's own words follow TapDesk's language (:data:`ARGPARSE_TEXTS`). In English
    every text comes back unchanged, so other users of argparse in the process see no change."""
    argparse._ = _      # type: ignore[attr-defined]


speak_argparse()


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and a pointer to the help, exit status 2.

    argparse prints the whole usage (18 lines for ``tapdesk fit``) before its error;
    here the error names the command and the argument, and the next line says where
    the usage is: ``tapdesk fit: error: argument --model: invalid choice: ...`` then
    ``see: tapdesk fit --help``.
    """

    def error(self, message: str):
        # Translators: {command} is "tapdesk" or "tapdesk fit" (a command, never translated);
        # {message} is what is wrong with the arguments. Keep "{command}:" first.
        line = _("{command}: error: {message}").format(command=self.prog,
                                                       message=" ".join(message.split()))
        # Translators: the line after an argument error; {command} as above, "--help" stays.
        see = _("see: {command} --help").format(command=self.prog)
        self.exit(2, f"{line}\n{see}\n")


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that states every option's default: appends "(default: X)" where the text does not
    already say it (options whose default is "none" or "detect" say so in their own words)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        # Translators: the word for "default" as the options' help texts write it, "(default:
        # detect)": a help text holding it names its default itself. Use the same word there.
        own_word = pgettext("an option's default value", "default")
        said = "default" in text.lower() or own_word.lower() in text.lower()
        if said or action.required or action.nargs == 0:
            return text
        if action.default in (None, argparse.SUPPRESS) or action.default == []:
            return text
        # Translators: added to an option's help; {help} is the help text, %(default)s the
        # option's default value as typed on the command line (keep it as it is).
        return _("{help} (default: %(default)s)").format(help=text)


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
