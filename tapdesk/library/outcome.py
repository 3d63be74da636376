"""What a command computed, before it is printed: the engine's result, the JSON ``--json``
prints and the text printed without it.

Every command makes its :class:`Outcome` in one function (``outcome(settings)`` in its module
of :mod:`tapdesk.library`); the command line prints it
(:func:`tapdesk.cli.common.print_outcome`) and the Python API (:mod:`tapdesk.api`) hands it
to the caller, so the two never build a result twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any


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


def paragraph_outcome(result: Any, paragraph: str, payload: dict[str, Any],
                      dataset: Any = None) -> Outcome:
    """``--paragraph``: the paragraph alone as text; the JSON gets it under "paragraph"."""
    return Outcome(result, {**payload, "paragraph": paragraph}, paragraph + "\n", dataset)
