"""Report tables built from results: parameters, coefficients, raters, subjects, extras.

Cells keep raw numbers (exports stay numeric); the print format is a
per-column spec. Estimates print with three decimals, the same rounding as
:func:`tapdesk.engine.results.fmt`, so the PDF and the CLI agree. Column
and quantity names are in plain words, categories by their value labels;
intervals are a "... low" / "... high" pair of columns that the PDF prints
as one cell (see :meth:`tapdesk.report.document.Table.printed`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from tapdesk.engine.rater_words import chance_short, verdict_words
from tapdesk.engine.results import Estimate, FitResult, ResultTable
from tapdesk.engine.story.paragraph import flag_short
from tapdesk.engine.subjects import SubjectTable
from tapdesk.engine.words import level_key
from tapdesk.i18n import N_, NC_, _, ngettext, pgettext
from tapdesk.i18n.deferred import said, shown
from tapdesk.i18n.formats import clauses, integer
from tapdesk.i18n.tables import displayed
from tapdesk.i18n.text import Interval, Number
from tapdesk.report.document import ExportedTables, Paragraph, Table
from tapdesk.report.words import (
    NBSP,
    QUOTED,
    class_words,
    cut_name,
    estimate_label,
    humanise,
    interval_name,
    plain,
    quoted_labels,
)

EST = ".3f"
PRINT_LIMIT = 2000
"""Rows of a per-subject appendix printed in the PDF (about 45 pages); exports hold all."""

LANDIS_KOCH = ((0.0, "poor"), (0.20, "slight"), (0.40, "fair"), (0.60, "moderate"),
               (0.80, "substantial"), (1.0, "almost perfect"))
BAND_WORDS = {"poor": NC_("Landis & Koch", "poor"), "slight": NC_("Landis & Koch", "slight"),
              "fair": NC_("Landis & Koch", "fair"), "moderate": NC_("Landis & Koch", "moderate"),
              "substantial": NC_("Landis & Koch", "substantial"),
              "almost perfect": NC_("Landis & Koch", "almost perfect")}
"""The bands' words as shown (``landis_koch`` keeps the English word: a value, compared)."""
"""Upper bounds of the Landis & Koch (1977) verbal bands for kappa-type coefficients."""
LANDIS_KOCH_NOTE = N_("Reading: the verbal bands of Landis & Koch (1977) for kappa-type "
                    "coefficients (below 0 poor, up to 0.20 slight, 0.40 fair, 0.60 moderate, "
                    "0.80 substantial, above almost perfect). Such labels are conventions, not "
                    "findings: read them with the numbers.")
KAPPA_LIKE = re.compile(r"kappa|pi\b|AC[12]|Brennan|alpha", re.IGNORECASE)
HOW = "how computed"
INTERVAL_TEXT = re.compile(r"^(-?\d+\.\d+)(?: - | to )(-?\d+\.\d+)$")


def slug(text: str) -> str:
    """File-name-safe key for a title ("Model fit (G^2)" -> "model-fit-g-2")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def est_label(est: Estimate, result: FitResult | None = None) -> str:
    """An estimate's row label in the report's language ("sensitivity": "Sensitivität")."""
    return _(estimate_label(est, result))


def landis_koch(name: str, value: Any) -> str:
    """The Landis & Koch band of a kappa-type coefficient ("" for others or undefined)."""
    if not KAPPA_LIKE.search(name) or not isinstance(value, (int, float)) or value != value:
        return ""
    if value < 0:
        return "poor"
    return next((word for bound, word in LANDIS_KOCH[1:] if value <= bound), "almost perfect")


def band_words(band: str) -> str:
    """A Landis & Koch band's word in the current language ("" stays "")."""
    return pgettext("Landis & Koch", band) if band in BAND_WORDS else band


def _number(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def parameter_table(result: FitResult, key: str = "parameters", title: str = "") -> Table:
    rows = []
    for est in result.params:
        lo, hi = est.ci if est.ci else (None, None)
        value = est.value if est.identified else "not identified"    # printed translated
        rows.append((est_label(est, result), value, est.se, lo, hi, plain(shown(est.meaning))))
    name = interval_name(result)
    spread = N_("Posterior standard deviation") if result.method in ("exact", "mcmc") \
        else N_("Standard error")
    # Translators: a table's title (the model's estimates); its columns follow.
    return Table(key, title or _("Estimates"),
                 (N_("Quantity"), N_("Estimate"), spread, f"{name} low", f"{name} high",
                  N_("Meaning")), tuple(rows), ("", EST, EST, EST, EST, ""))


def _category_cells(result: FitResult, column: str, value: Any) -> Any:
    """A category code (or cut "2|3") in a category column, shown by its label."""
    if not isinstance(value, str) or not result.categories:
        return value
    if column.lower().startswith(("cut", "true category", "category", "first", "second")):
        if "|" in value:
            return cut_name(result, value)
        if value in result.categories:
            return result.label(value)
    return quoted_labels(result, value)


def _header(result: Any, column: str) -> str:
    """A column header in words, with quoted category codes ("rated '4'") shown by label."""
    text = humanise(column)
    if isinstance(result, FitResult) and result.category_labels:
        text = QUOTED.sub(lambda m: result.label(m.group(2)) if m.group(2) in result.categories
                          else m.group(0), text)
    return text


SYMBOL_FIRST = re.compile(r"^[a-z]\d?(?=$|[\s\[(_])")
"""A heading that starts with a model's symbol ("t", "a", "p1", "a[J1]", "t 95% interval"):
written as the glossary and the rest of the report write it, in lower case."""


def _capital(text: str) -> str:
    """A column heading with its first letter a capital, unless it starts with a symbol."""
    if SYMBOL_FIRST.match(text):
        return text
    return text[:1].upper() + text[1:]


def _cell(value: Any) -> Any:
    value = _number(value)
    if isinstance(value, str):
        found = INTERVAL_TEXT.match(value)
        if found:                                  # "0.1 - 0.2": one unbreakable interval
            return f"{found.group(1)}{NBSP}to{NBSP}{found.group(2)}"
        return plain(value)
    return value


def _unbroken(interval: str) -> str:
    """An interval cell ("0,076 bis 0,191") as one unbreakable text, as :func:`_cell` makes an
    English one."""
    return interval.replace(" ", NBSP)


def _kept_digits(kept: ResultTable, column: int) -> str:
    """The print format of a column of numbers the table keeps as numbers (a pairwise kappa,
    :class:`~tapdesk.i18n.text.Number`): its own decimals (".3f"), or "" for any other column.
    Printed as numbers, they stand right-aligned as every number column does."""
    kinds = dict(kept.texts)
    digits = {kinds[row[column]].digits for row in kept.rows
              if isinstance(row[column], str) and isinstance(kinds.get(row[column]), Number)}
    return f".{max(digits)}f" if digits else ""


def result_tables(result: Any, prefix: str = "", skip: Iterable[str] = ()) -> list[Table]:
    """The model's extra tables (model fit, cut points ...) as report tables."""
    out = []
    skip = set(skip)
    for kept in result.tables:
        if kept.title in skip:
            continue
        table = displayed(kept)          # its words in the report's language, kept cells shown
        kinds = dict(kept.texts)
        rows = tuple(tuple(_unbroken(v) if isinstance(k, str) and isinstance(kinds.get(k), Interval)
                           else kinds[k].value if isinstance(k, str) and isinstance(kinds.get(k), Number)
                           else _cell(_category_cells(result, col, v)) if isinstance(result, FitResult)
                           else _cell(v) for col, k, v in zip(kept.columns, keys, row, strict=True))
                     for keys, row in zip(kept.rows, table.rows, strict=True))
        formats = tuple(_kept_digits(kept, j) or (EST if any(isinstance(r[j], float) for r in rows)
                                                  else "") for j in range(len(table.columns)))
        columns = tuple(_capital(_header(result, c)) for c in table.columns)
        footnoted = tuple(j for j, c in enumerate(kept.columns)      # by the English key
                          if _capital(_header(result, c)).lower().startswith(HOW))
        named = _named_as_rows(kept)
        if named:                        # a column named as a row: the row's name, as printed
            columns = columns[:1] + tuple(str(row[0]) for row in rows)
        out.append(Table(prefix + slug(kept.title), plain(_header(result, table.title)), columns,
                         rows, formats, plain(table.note), footnoted=footnoted, named=named))
    return out


def _named_as_rows(table: Any) -> tuple[int, ...]:
    """The columns of a table whose columns after the first are named as its rows, in order
    (the raters of a rater-by-rater matrix): they are headed by those names (never
    capitalised or translated) and may print as numbers (:attr:`Table.named`)."""
    names = tuple(str(row[0]) for row in table.rows)
    if len(names) > 1 and tuple(map(str, table.columns[1:])) == names:
        return tuple(range(1, len(table.columns)))
    return ()


PRINTED_OF_A_KIND = 20
"""Of more tables than this with the same columns (a crowd's table per rater), this many are
printed; the rest are written out with the report's tables."""


def printed_tables(tables: list[Table]) -> list[Table | Paragraph | ExportedTables]:
    """``tables`` as the report prints them: where more than PRINTED_OF_A_KIND share their
    columns (Dawid-Skene's table of each of a thousand raters), the first PRINTED_OF_A_KIND,
    a sentence where the others are, and the others written out only (:class:`ExportedTables`:
    a thousand raters' tables were a thousand pages)."""
    kinds = Counter(t.columns for t in tables)
    held: dict[tuple[str, ...], list[Table]] = {}
    shown: Counter[tuple[str, ...]] = Counter()
    for table in tables:
        if kinds[table.columns] > PRINTED_OF_A_KIND:
            shown[table.columns] += 1
            if shown[table.columns] > PRINTED_OF_A_KIND:
                held.setdefault(table.columns, []).append(table)
    unprinted = {id(t) for rest in held.values() for t in rest}
    out: list[Table | Paragraph | ExportedTables] = []
    for table in tables:
        if id(table) in unprinted:
            rest = held[table.columns]
            if table is rest[0]:
                out += [Paragraph(_unprinted(len(rest)), "small"),
                        ExportedTables(tuple(rest))]
            continue
        out.append(table)
    return out


def _unprinted(n: int) -> str:
    # Translators: under a report's tables; {n} is how many more tables of the same kind
    # there are, {shown} how many were printed above.
    return ngettext("{n} more table like the {shown} above is not printed: every one is in the "
                    "app's Tables tab, and in the files when the report's tables are written out.",
                    "{n} more tables like the {shown} above are not printed: every one is in the "
                    "app's Tables tab, and in the files when the report's tables are written out.",
                    n).format(n=integer(n), shown=PRINTED_OF_A_KIND)


def limited(table: Table, what: str) -> Table:
    """``table`` printed to PRINT_LIMIT rows (exports hold all), its note saying so; ``what``
    is "rater" or "rater's estimate" (what a row is)."""
    if len(table.rows) <= PRINT_LIMIT:
        return table
    # Translators: a long table's note; {first} is how many rows are printed, {total} how many
    # the table has.
    said = (_("The first {first} of {total} rows are printed; every rater is in the app's Raters "
              "tab, and in the files when the report's tables are written out.") if what == "rater"
            # Translators: as above, where a row is a rater's estimate.
            else _("The first {first} of {total} rows are printed; every rater's estimate is in the "
                   "app's Raters tab, and in the files when the report's tables are written out."))
    note = (f"{table.note} " if table.note else "") + said.format(
        first=integer(PRINT_LIMIT), total=integer(len(table.rows)))
    return replace(table, note=note, print_limit=PRINT_LIMIT)


def rater_summary_table(result: FitResult, key: str = "rater-summary") -> Table | None:
    """One row per rater with the first estimate (accuracy) and its interval: the body table.
    A flag is named in a few words (its numbers are the row's, what an accuracy below 0 means is
    the note's); the appendix's table gives it whole."""
    if not result.raters or not result.raters[0].estimates:
        return None
    names = [e.name for e in result.raters[0].estimates]
    name = "a" if "a" in names else "accuracy" if "accuracy" in names else names[0]
    interval = interval_name(result)
    compared = bool(result.comparisons)
    rows = []
    for rater in result.raters:
        est = rater.get(name)
        lo, hi = est.ci if est.ci else (None, None)
        verdicts = tuple(verdict_words(result.comparison(rater.rater_id, q)) for q in "ap")
        rows.append((rater.rater_id, rater.n_ratings, est.value, lo, hi,
                     *(verdicts if compared else ()),
                     plain(flag_short(rater.flagged) or chance_short(rater))))
    label = N_("Accuracy a") if name == "a" else humanise(name).capitalize()
    against = (N_("Accuracy vs the rest of the panel"), N_("Guessing Class 1 vs the rest")) \
        if compared else ()
    note = _("Every estimate of every rater is in the appendix.") + result.accuracy_below_0_note()
    if result.panel_test is not None:
        # Translators: {method} names the statistical test (the engine's words).
        note = _("Against the rest of the panel: {method}. ").format(
            method=shown(result.panel_test.method)) + note
    # Translators: a table's title; {quantity} is an estimate's name ("Accuracy a").
    title = _("{quantity} of each rater").format(quantity=_(label))
    return limited(Table(key, title, (N_("Rater"), N_("Ratings"), label,
                                      f"{interval} low", f"{interval} high", *against, N_("Flag")),
                         tuple(rows), ("", "d", EST, EST, EST, *("" for _ in against), ""),
                         note=note), "rater")


def rater_table(result: FitResult, key: str = "raters") -> Table | None:
    """One row per rater and estimate (long form: readable at any number of estimates)."""
    if not result.raters:
        return None
    rows = []
    for rater in result.raters:
        for est in rater.estimates:
            lo, hi = est.ci if est.ci else (None, None)
            rows.append((rater.rater_id, rater.n_ratings, est_label(est, result), est.value,
                         est.se, lo, hi, plain(shown(est.meaning)),
                         plain(shown(rater.flagged or rater.chance))))
    interval = interval_name(result)
    columns = (N_("Rater"), N_("Ratings"), N_("Quantity"), N_("Estimate"), N_("Standard error"),
               f"{interval} low", f"{interval} high", N_("Meaning"), N_("Flag"))
    formats = ("", "d", "", EST, EST, EST, EST, "", "")
    # the meaning and the flag repeat down the raters: marks, their words once under the table
    # (the German writing report's meanings ran 12 lines a row, the table over four pages)
    return limited(Table(key, _("Per-rater estimates"), columns, tuple(rows), formats,
                         footnoted=(7, 8)), "rater's estimate")


CLASS_NAMES = (N_("Class 0"), N_("Class 1"))
"""A two-class fit's class labels, the words a subject table's columns name."""


def probability_column(label: str) -> str:
    """"Pr(Class 1)", "Pr(gold)": the column of a subject's probability of a class, English in the
    exported files and written in the language on the page (a category's name kept)."""
    name = said(label) if label in CLASS_NAMES else label
    # Translators: a column of the per-subject table: the probability that a subject truly is
    # in {label} ("Class 1", or a category's name such as "gold").
    return said("Pr({label})", label=name)


def subject_table(result: FitResult, key: str = "subjects") -> Table | None:
    if not result.subjects:
        return None
    subjects = SubjectTable.of(result.subjects)
    labels = result.class_labels or tuple(f"class {k}" for k in range(subjects.n_classes))
    shown = [result.label(lab) if lab in result.categories else lab for lab in labels]
    columns = (N_("Subject"), N_("Ratings"), *(probability_column(lab) for lab in shown))
    rows = tuple(zip(subjects.ids, subjects.n_ratings.tolist(), *subjects.probabilities.T.tolist()))
    note = _("Probability that each subject truly belongs to each class, given its ratings.")
    if result.class_choice is not None:
        note += " " + clauses([class_words(result, 1), class_words(result, 0)]) + "."
    limit = None
    if len(rows) > PRINT_LIMIT:
        limit = PRINT_LIMIT
        # Translators: {first} is how many subjects are printed, {total} how many there are;
        # "subjects.csv" is a file's name (keep it).
        note += " " + _("The first {first} of {total} subjects are printed; every subject is in the "
                        "app's Subjects tab, and in subjects.csv when the report's tables are "
                        "written out.").format(first=integer(PRINT_LIMIT), total=integer(len(rows)))
    return Table(key, _("Per-subject class probabilities"), columns, rows,
                 ("", "d", *([EST] * len(labels))), note=note, print_limit=limit)


def _field(item: Any, *names: str) -> Any:
    for name in names:
        if isinstance(item, Mapping) and name in item:
            return item[name]
        if hasattr(item, name):
            return getattr(item, name)
    return None


def coefficient_table(coefficients: Any, key: str = "coefficients",
                      title: str = "") -> Table | None:
    """Adapt classical agreement coefficients to a report table.

    Accepts a :class:`ResultTable`, a mapping name -> value (or -> record),
    an object with a ``coefficients`` sequence (the engine's AgreementResult),
    a coefficients FitResult (``tapdesk.engine.analyses``), or a sequence of
    records with ``name``/``value`` and optional ``se``, ``ci`` (or
    ``low``/``high``), ``undefined_reason``, ``note`` and ``method`` fields
    or keys. Kappa-type values get their Landis & Koch reading.
    """
    if coefficients is None:
        return None
    level = getattr(coefficients, "level", None) or 0.95    # AgreementResult and FitResult say it
    shown = level_key(level)
    if isinstance(coefficients, ResultTable):
        return replace(result_tables(_Holder(coefficients))[0], key=key)
    if isinstance(coefficients, FitResult):
        coefficients = [{"name": e.name, "value": e.value, "se": e.se, "ci": e.ci,
                         "note": e.meaning} for e in coefficients.params]
    elif hasattr(coefficients, "coefficients"):          # the engine's AgreementResult
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
        name = str(_field(item, "name", "label", "coefficient"))
        value = _number(_field(item, "value", "estimate"))
        ci = _field(item, "ci", "interval")
        lo, hi = (ci if ci else (_field(item, "low", "ci_low"), _field(item, "high", "ci_high")))
        note = _how(item)
        rows.append((_(humanise(name)), value, _number(_field(item, "se")), _number(lo), _number(hi),
                     band_words(landis_koch(name, value)), plain(str(note))))
    if not rows:
        return None
    has_reading = any(row[5] for row in rows)
    # Translators: a table's title.
    return Table(key, title or _("Classical agreement coefficients"),
                 (N_("Coefficient"), N_("Value"), N_("Standard error"), f"{shown} interval low",
                  f"{shown} interval high", N_("Reading"), N_("How computed (or why not)")),
                 tuple(rows), ("", EST, EST, EST, EST, "", ""),
                 note=_(LANDIS_KOCH_NOTE) if has_reading else "", footnoted=(6,))


def _how(item: Any) -> str:
    """How a coefficient was computed ("method [note]"), or why it is undefined."""
    reason = _field(item, "undefined_reason")
    if reason:
        return shown(reason)
    method = shown(_field(item, "method") or "")        # kept texts in the report's language
    extra = shown(_field(item, "note", "meaning") or "")
    if method and extra and extra != method:
        return f"{method} [{extra}]"
    return method or extra


class _Holder:
    """Lets :func:`result_tables` read a lone ResultTable."""

    def __init__(self, table: ResultTable) -> None:
        self.tables = (table,)
