"""The subcommands of ``tapdesk``: name, module, one-line help and the task they serve.

Only the standard library is imported here, so ``tapdesk --help`` and a mistyped command
stay quick. :data:`COMMANDS` is in the order ``tapdesk --help`` lists them, group by group
(:data:`GROUPS`). Keep each ``help`` equal to the ``help=`` its module gives
(``tests/cli/test_startup.py`` checks).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from tapdesk.i18n import N_, NC_, _, formats

GROUPS = ("analyse", "report", "plan", "data")
"""The tasks the commands are grouped by in ``tapdesk --help``, in that order."""

GROUP_WORDS = {"analyse": NC_("group of commands", "analyse"),
               "report": NC_("group of commands", "report"),
               "plan": NC_("group of commands", "plan"), "data": NC_("group of commands", "data")}
"""Each group's heading in ``tapdesk --help`` (translated where shown; the group names stay)."""

HELP_COMMAND = "help"
"""``tapdesk help [COMMAND]``: handled by the top level, not a module of its own."""


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, the module that adds its parser and runs it, its one-line help
    and its group (one of :data:`GROUPS`)."""

    name: str
    module: str
    help: str
    """In English, marked for the catalogs: translate it where it is shown (:meth:`help_text`)."""
    group: str
    early: str | None = None
    """A function ("module:name") called before the command's module is imported: the report's
    figure process is forked there, so it imports Qt while this process imports the engine."""

    def help_text(self) -> str:
        """The one-line help in the current language."""
        return _(self.help)


COMMANDS: tuple[Command, ...] = (
    Command("fit", "tapdesk.cli.cmd_fit", N_("fit a rater model by maximum likelihood"), "analyse"),
    Command("agreement", "tapdesk.cli.cmd_agreement",
            N_("classical agreement coefficients (kappas, alpha, AC1 ...)"), "analyse"),
    Command("ordinal", "tapdesk.cli.cmd_ordinal",
            N_("ordinal scale: t-a-p and kappa at every cut point"), "analyse"),
    Command("posterior", "tapdesk.cli.cmd_posterior",
            N_("Bayesian posterior of a rater model (exact or MCMC)"), "analyse"),
    Command("modelfit", "tapdesk.cli.cmd_modelfit",
            N_("check how well t-a-p, the expert model and a = 0 fit the counts"), "analyse"),
    Command("rater-check", "tapdesk.cli.cmd_rater_check",
            N_("is a rater's accuracy at least the rest of the panel's minus a margin?"), "analyse"),
    Command("report", "tapdesk.cli.cmd_report",
            N_("write a report (PDF, ODT, DOCX or HTML; plus PNG plots, CSV/XLSX tables)"), "report",
            early="tapdesk.render.figure_process:start_early"),
    Command("feedback", "tapdesk.cli.cmd_feedback",
            N_("write a short feedback PDF for every rater, plus a summary CSV"), "report"),
    Command("pack", "tapdesk.cli.cmd_pack",
            N_("write a committee pack: report, feedback sheets, subjects to review"), "report"),
    Command("plan", "tapdesk.cli.cmd_plan",
            N_("plan the next study: interval widths and power for candidate designs"), "plan"),
    Command("simulate", "tapdesk.cli.cmd_simulate",
            N_("simulate binary ratings from t-a-p parameters into a CSV file"), "plan"),
    Command("inspect", "tapdesk.cli.cmd_inspect",
            N_("show how a data file is read, before analysing it"), "data"),
    Command("examples", "tapdesk.cli.cmd_examples",
            N_("list the example data sets shipped with TapDesk, or copy them out"), "data"),
)


def command_names() -> tuple[str, ...]:
    """Every word that names a command, ``help`` included."""
    return tuple(entry.name for entry in COMMANDS) + (HELP_COMMAND,)


def did_you_mean(word: str) -> str:
    """"; did you mean 'fit'?" for a close miss of a command's name, else ''."""
    close = difflib.get_close_matches(word.lower(), command_names(), n=1, cutoff=0.6)
    # Translators: added to an error about a mistyped command; {command} is a command's name.
    return (_("; did you mean {command}?").format(command=formats.quoted(close[0])) if close
            else "")
