"""Report tables built from results: parameters, coefficients, raters, subjects, extras.

Cells keep raw numbers (exports stay numeric); the print format is a
per-column spec. Estimates print with three decimals, the same rounding as
:func:`tapdesk.engine.results.fmt`, so the PDF and the CLI agree.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any, Iterable, Mapping

from tapdesk.engine.results import Estimate, FitResult, ResultTable
from tapdesk.report.document import Table

EST = ".3f"
PRINT_LIMIT = 2000
"""Rows of a per-subject appendix printed in the PDF (about 45 pages); exports hold all."""


def slug(text: str) -> str:
    """File-name-safe key for a title ("Model fit (G^2)" -> "model-fit-g-2")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def est_label(est: Estimate) -> str:
    return est.name if est.category is None else f"{est.name}[{est.category}]"


def interval_level(interval_method: str) -> str:
    """"95% " (the level named in the interval description, with a space) or ""."""
    found = re.search(r"(\d+(?:\.\d+)?)\s*%", interval_method)
    return f"{found.group(1)}% " if found else ""


def _number(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def parameter_table(result: FitResult, key: str = "parameters") -> Table:
    rows = []
    for est in result.params:
        lo, hi = est.ci if est.ci else (None, None)
        value = est.value if est.identified else "not identified"
        rows.append((est_label(est), value, est.se, lo, hi, est.meaning))
    level = interval_level(result.interval_method)
    return Table(key, f"Parameters: {result.title}",
                 ("Parameter", "Estimate", "SE", f"{level}low", f"{level}high", "Meaning"),
                 tuple(rows), ("", EST, EST, EST, EST, ""),
                 note=f"Intervals: {result.interval_method}.")


def result_tables(result: Any, prefix: str = "") -> list[Table]:
    """The model's extra tables (model fit, cut points ...) as report tables."""
    out = []
    for table in result.tables:
        rows = tuple(tuple(_number(v) for v in row) for row in table.rows)
        formats = tuple(EST if any(isinstance(r[j], float) for r in rows) else ""
                        for j in range(len(table.columns)))
        out.append(Table(prefix + slug(table.title), table.title, tuple(table.columns), rows,
                         formats, table.note))
    return out


def rater_table(result: FitResult) -> Table | None:
    """One row per rater and estimate (long form: readable at any number of estimates)."""
    if not result.raters:
        return None
    rows = []
    for rater in result.raters:
        for est in rater.estimates:
            lo, hi = est.ci if est.ci else (None, None)
            rows.append((rater.rater_id, rater.n_ratings, est_label(est), est.value, est.se,
                         lo, hi, est.meaning, rater.flagged))
    level = interval_level(result.interval_method)
    columns = ("Rater", "Ratings", "Quantity", "Estimate", "SE", f"{level}low", f"{level}high",
               "Meaning", "Flag")
    formats = ("", "d", "", EST, EST, EST, EST, "", "")
    if not any(r.flagged for r in result.raters):          # no flags: no empty column
        columns, formats, rows = columns[:-1], formats[:-1], [row[:-1] for row in rows]
    return Table("raters", "Per-rater estimates", columns, tuple(rows), formats,
                 note=f"Intervals: {result.interval_method}.")


def subject_table(result: FitResult) -> Table | None:
    if not result.subjects:
        return None
    labels = result.class_labels or tuple(f"class {k}" for k in
                                          range(len(result.subjects[0].probabilities)))
    columns = ("Subject", "Ratings", *(f"Pr({lab})" for lab in labels))
    rows = tuple((s.subject_id, s.n_ratings, *s.probabilities) for s in result.subjects)
    note = "Probability that each subject truly belongs to each class, given its ratings."
    limit = None
    if len(rows) > PRINT_LIMIT:
        limit = PRINT_LIMIT
        note += (f" The first {PRINT_LIMIT:,} of {len(rows):,} subjects are printed; every subject "
                 "is in subjects.csv and tables.xlsx (tapdesk report --tables-dir).")
    return Table("subjects", "Per-subject class probabilities", columns, rows,
                 ("", "d", *([EST] * len(labels))), note=note, print_limit=limit)


def _field(item: Any, *names: str) -> Any:
    for name in names:
        if isinstance(item, Mapping) and name in item:
            return item[name]
        if hasattr(item, name):
            return getattr(item, name)
    return None


def coefficient_table(coefficients: Any) -> Table | None:
    """Adapt classical agreement coefficients to a report table.

    Accepts a :class:`ResultTable`, a mapping name -> value (or -> record),
    an object with a ``coefficients`` sequence (the engine's AgreementResult),
    or a sequence of records with ``name``/``value`` and optional ``se``,
    ``ci`` (or ``low``/``high``), ``undefined_reason``, ``note`` and
    ``method`` fields or keys.
    """
    if coefficients is None:
        return None
    if isinstance(coefficients, ResultTable):
        return replace(result_tables(_Holder(coefficients))[0], key="coefficients")
    if hasattr(coefficients, "coefficients"):          # the engine's AgreementResult
        coefficients = coefficients.coefficients
    if isinstance(coefficients, Mapping):
        items: Iterable[Any] = [v if not isinstance(v, (int, float)) or isinstance(v, bool)
                                else {"name": k, "value": v} for k, v in coefficients.items()]
        items = [dict(v, name=k) if isinstance(v, Mapping) and "name" not in v else v
                 for k, v in zip(coefficients, items)]
    else:
        items = list(coefficients)
    rows = []
    for item in items:
        name = _field(item, "name", "label", "coefficient")
        value = _number(_field(item, "value", "estimate"))
        ci = _field(item, "ci", "interval")
        lo, hi = (ci if ci else (_field(item, "low", "ci_low"), _field(item, "high", "ci_high")))
        note = (_field(item, "undefined_reason") or _field(item, "note", "meaning")
                or _field(item, "method") or "")
        rows.append((str(name), value, _number(_field(item, "se")), _number(lo), _number(hi),
                     str(note)))
    if not rows:
        return None
    return Table("coefficients", "Classical agreement coefficients",
                 ("Coefficient", "Value", "SE", "95% low", "95% high", "Note"), tuple(rows),
                 ("", EST, EST, EST, EST, ""))


class _Holder:
    """Lets :func:`result_tables` read a lone ResultTable."""

    def __init__(self, table: ResultTable) -> None:
        self.tables = (table,)
