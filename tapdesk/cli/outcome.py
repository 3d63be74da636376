"""What a command computed, before it is printed: the engine's result, the JSON ``--json``
prints and the text printed without it.

Every data command makes its :class:`Outcome` in one function (``outcome(args)`` in its
``cmd_*`` module); the command line prints it (:func:`print_outcome`) and the Python API
(:mod:`tapdesk.api`) hands it to the caller, so the two never build a result twice.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tapdesk.cli.common import print_json


@dataclass(frozen=True)
class Outcome:
    """A command's result: ``result`` (the engine's frozen result object, None for a command
    that only writes files), ``payload`` (what ``--json`` prints), ``text`` (what the command
    prints without ``--json``, its last newline included) and the data it read (``dataset``,
    None for commands without)."""

    result: Any
    payload: dict[str, Any]
    told: str | Callable[[], str]
    """The text, or the function that makes it: made when :attr:`text` is first read, so
    ``--json`` does not make a text it does not print (a fit's summary at a million labels:
    0.2-0.3 s of CPU; issue 57)."""
    dataset: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    """What a command keeps beside its result (the feedback's rater report ...)."""

    @cached_property
    def text(self) -> str:
        """What the command prints without ``--json``, its last newline included."""
        return self.told() if callable(self.told) else self.told


def print_outcome(args: argparse.Namespace, outcome: Outcome) -> int:
    """Print ``outcome`` as the command line does: its JSON with ``--json``, else its text,
    headed by what the import guessed and warned of (``tapdesk inspect`` says it all itself;
    a paragraph for the minutes stays alone)."""
    if getattr(args, "json", False):
        print_json(outcome.payload)
    else:
        plain = getattr(args, "command", None) == "inspect" or getattr(args, "paragraph", False)
        sys.stdout.write(("" if plain else import_findings(outcome.dataset)) + outcome.text)
    return 0


def import_findings(dataset: Any) -> str:
    """The import's warnings and guesses, as the head of a command's text ("" when it has
    none): the same findings the import preview shows at its top and the report on page one."""
    from tapdesk.data.importer.audit.said import guesses_of
    from tapdesk.i18n import _
    if dataset is None or not hasattr(dataset, "import_notes"):
        return ""
    warned = [n.message for n in dataset.import_notes if n.action == "warning"]
    guessed = list(guesses_of(dataset.import_notes))
    if not warned and not guessed:
        return ""
    # Translators: the head of a command's output: what the import guessed and warned of
    # (the lines below it); {file} is the data file's name.
    lines = [_("How {file} was read (check these):").format(
        file=dataset.provenance.file_name or _("the data"))]
    # Translators: one warning of the import, under the heading above; {message} the warning.
    lines += ["  - " + _("warning: {message}").format(message=w) for w in warned]
    lines += [f"  - {g}" for g in guessed]
    return "\n".join(lines) + "\n\n"


def paragraph_outcome(args: argparse.Namespace, result: Any, paragraph: str,
                      payload: dict[str, Any], dataset: Any = None) -> Outcome:
    """``--paragraph``: the paragraph alone as text; the JSON gets it under "paragraph"."""
    return Outcome(result, {**payload, "paragraph": paragraph}, paragraph + "\n", dataset)
