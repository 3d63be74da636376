"""The validity block of ``tapdesk inspect`` and ``tapdesk fit``: the raters against each
reference answer the file holds (``Dataset.references``), as the engine words it
(:mod:`tapdesk.engine.validity`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapdesk.data.importer.model import Dataset
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult, table_text
from tapdesk.engine.validity import ValidityResult, validity_checks, validity_for_fit
from tapdesk.i18n import _


def checks_for(dataset: Dataset, result: FitResult | None = None,
               table: RatingsTable | None = None) -> tuple[ValidityResult, ...]:
    """The checks of every reference answer (none when the file has none), beside ``result``
    when there is a fit."""
    if not dataset.references:
        return ()
    table = table if table is not None else dataset.table
    if result is not None:
        return validity_for_fit(result, table, dataset.references)
    return validity_checks(table, dataset.references)


def validity_json(checks: Sequence[ValidityResult]) -> dict[str, Any]:
    """``{"validity": [...]}`` for a JSON payload, or nothing when there are no checks."""
    return {"validity": [c.to_dict() for c in checks]} if checks else {}


def validity_text(checks: Sequence[ValidityResult]) -> str:
    """The checks in words and a table each, under one heading ("" when there are none)."""
    if not checks:
        return ""
    # Translators: a heading of the command's text (underlined to its length).
    title = _("Against the reference answer")
    lines = ["", "", title, "=" * len(title)]
    for check in checks:
        lines += ["", *check.sentences(), "", *table_text(check.table())]
    return "\n".join(lines)
