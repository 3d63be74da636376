"""What a report is built from, and what every section needs to know about it.

:class:`ReportInputs` is the request (the analyses, their data, title,
author, note); :class:`ReportContext` is worked out once from it: the
analyses as numbered :class:`Part` objects with the classical coefficients
shown beside each model, and the warnings of every analysis gathered once
(:class:`ReportNotice`), so no section prints a warning another section
contradicts or repeats.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.analyses import COEFFICIENTS_MODEL, ORDINAL_MODEL
from tapdesk.engine.request import COEFFICIENT_BOOTSTRAP
from tapdesk.engine.results import FitResult, Notice
from tapdesk.engine.story.findings import findings_for, paradox_applies
from tapdesk.errors import TapDeskError
from tapdesk.i18n import _
from tapdesk.i18n.deferred import said
from tapdesk.report.document import Table
from tapdesk.report.tables import coefficient_table
from tapdesk.report.words import method_words, model_words, plain, quoted_labels

AUTO = "auto"


@dataclass(frozen=True)
class ReportAnalysis:
    """One analysis to report: a result, the ratings it was fitted on, a display name."""

    result: FitResult
    table: RatingsTable | None = None
    name: str = ""


@dataclass(frozen=True)
class ReportInputs:
    """What a report is built from (kept on the document so the renderer can draw plots).

    Parameters
    ----------
    result
        The first analysis.
    table
        The ratings it was fitted on (for counts, coefficients and plots).
    coefficients
        Classical coefficients beside the models: "auto" computes them; None
        leaves them out; or pass a ResultTable / records for the first
        analysis (see :func:`tapdesk.report.tables.coefficient_table`).
    extras
        Further analyses, each a FitResult (fitted on ``table``), a
        :class:`ReportAnalysis` or a ``(name, result, table)`` tuple; each
        gets its own section with its tables and plots.
    command
        The command that reproduces the report; derived from the analyses if None.
    title, author, note
        The report's title ("Rater agreement report" if empty), who prepared
        it, and a free text printed on page one.
    name
        Display name of the first analysis ("" = the model's name in words).
    out
        The file name the report is written to (for the reproduce command).
    plan
        A study plan (:class:`~tapdesk.engine.planning.result.PlanResult`) for
        a "Plan for the next study" section after the analyses, or None.
    signers
        The people who sign the report, "Name, role" each, for the approval block
        (:mod:`tapdesk.report.approval`); empty: no such block. The block is the report's
        last section (after the glossary), where a committee signs.
    sign_on_page_one
        The approval block at the foot of page one too (the Export dialog's *Also on page
        one*, ``--sign-on-page-one``), for a committee that signs the first page.
    references
        The data's reference answers (``Dataset.references``: {name: {subject id: answer}})
        for the section "Against the reference answer"; empty: no such section.
    language
        The language the report is written in (a code of ``tapdesk.i18n.LANGUAGES``), chosen
        apart from the app's (the Export dialog, saved with the project).
    """

    result: FitResult
    table: RatingsTable | None = None
    coefficients: Any = AUTO
    extras: tuple[Any, ...] = ()
    command: str | None = None
    title: str = ""
    author: str = ""
    note: str = ""
    name: str = ""
    out: str = "report.pdf"
    plan: Any = None
    signers: tuple[str, ...] = ()
    sign_on_page_one: bool = False
    references: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    language: str = "en"

    @classmethod
    def of(cls, analyses: Sequence[Any], **options: Any) -> ReportInputs:
        """Inputs from a sequence of analyses (ReportAnalysis, (name, result, table) or FitResult)."""
        items = [as_analysis(a, None) for a in analyses]
        if not items:
            raise TapDeskError(said("choose at least one analysis for the report"))
        first = items[0]
        return cls(first.result, first.table, extras=tuple(items[1:]), name=first.name,
                   **options)

    def analyses(self) -> tuple[ReportAnalysis, ...]:
        """Every analysis of the report, in order, with its table."""
        return (ReportAnalysis(self.result, self.table, self.name),
                *(as_analysis(e, self.table) for e in self.extras))


def as_analysis(item: Any, table: RatingsTable | None) -> ReportAnalysis:
    if isinstance(item, ReportAnalysis):
        return item
    if isinstance(item, FitResult):
        return ReportAnalysis(item, table)
    name, result, its_table = item
    return ReportAnalysis(result, its_table, str(name or ""))


def is_coefficients(result: FitResult) -> bool:
    return result.model == COEFFICIENTS_MODEL


def is_ordinal(result: FitResult) -> bool:
    return result.model == ORDINAL_MODEL


@dataclass
class Part:
    """One analysis as the report shows it (numbered from 1)."""

    number: int
    result: FitResult
    table: RatingsTable | None
    name: str
    coefficients: Table | None = None
    """The coefficient table printed in this analysis's section (None: none, or shown elsewhere)."""
    coef_values: dict[str, float] = field(default_factory=dict)
    """Coefficient name -> value on this analysis's view of the data (for the conclusion)."""
    coef_scope: str = ""
    """"split" (Class 1 / Class 0), "all" (every category) or "" (no coefficients)."""
    coef_home: Part | None = None
    """The analysis whose section shows these coefficients when it is another one."""
    coef_note: str = ""
    all_values: dict[str, float] = field(default_factory=dict)
    """Coefficients on all categories, for a model on a Class 1 / Class 0 split."""
    all_home: Part | None = None
    """The analysis whose section lists the coefficients on all categories, if any."""

    @property
    def key(self) -> str:
        return f"analysis-{self.number}"

    def table_key(self, name: str) -> str:
        """Keys of this analysis's tables (export file names): plain for the first analysis,
        numbered after it ("parameters-2")."""
        if self.number == 1:
            return name
        return f"{name}-{self.number}" if name else f"analysis{self.number}-"

    @property
    def title(self) -> str:
        # Translators: an analysis's heading; {number} is its number, {name} its name.
        return _("Analysis {number}: {name}").format(number=self.number, name=self.name)

    @property
    def short(self) -> str:
        # Translators: an analysis's short name, as sentences refer to it; {number} its number.
        return _("Analysis {number}").format(number=self.number)


@dataclass(frozen=True)
class ReportNotice:
    """A warning, once, with the analyses it came from."""

    code: str
    message: str
    sources: tuple[int, ...]


@dataclass
class ReportContext:
    """Everything the section makers share (see :func:`tapdesk.report.build.build_report`)."""

    inputs: ReportInputs
    parts: list[Part]
    notices: list[ReportNotice]
    created: str
    figures: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    """Free room for sections added by other modules (e.g. a study plan)."""

    def next_figure(self) -> int:
        self.figures += 1
        return self.figures

    def notices_of(self, part: Part) -> list[ReportNotice]:
        return [n for n in self.notices if part.number in n.sources]

    @property
    def tables(self) -> list[RatingsTable]:
        seen: dict[int, RatingsTable] = {}
        for part in self.parts:
            if part.table is not None:
                seen.setdefault(id(part.table), part.table)
        return list(seen.values())


def default_name(result: FitResult) -> str:
    """"t-a-p model, average rater – Maximum likelihood"; other analyses by name alone."""
    if result.method in ("classical",) or is_ordinal(result):
        return model_words(result)
    return f"{model_words(result)} \u2013 {method_words(result.method)}"


def make_context(inputs: ReportInputs, created: str | None = None) -> ReportContext:
    parts = [Part(i + 1, a.result, a.table, a.name or default_name(a.result))
             for i, a in enumerate(inputs.analyses())]
    _attach_coefficients(parts, inputs.coefficients)
    ctx = ReportContext(inputs, parts, [], created or _dt.date.today().isoformat())
    ctx.notices = gather_notices(parts)
    return ctx


# ------------------------------------------------------------- coefficients
def _split_key(part: Part) -> tuple[int, tuple[str, ...] | None]:
    choice = part.result.class_choice
    if choice is not None and part.table is not None and \
            len(part.table.used_categories()) > 2:
        return id(part.table), tuple(choice.class1)
    return id(part.table), None


def _values(agreement: Any) -> dict[str, float]:
    return {c.name: c.value for c in getattr(agreement, "coefficients", ())
            if c.value is not None}


def _compute(part: Part) -> Any:
    from tapdesk.engine.coefficients import coefficients_for_fit
    assert part.table is not None               # _attach_coefficients skips parts without one
    return coefficients_for_fit(part.result, part.table, bootstrap=COEFFICIENT_BOOTSTRAP)


def _all_categories(part: Part) -> dict[str, float]:
    from tapdesk.engine.coefficients import agreement_coefficients
    assert part.table is not None               # _attach_coefficients skips parts without one
    try:
        return _values(agreement_coefficients(part.table, bootstrap=0,
                                              seed=part.result.request.seed,
                                              level=part.result.level))
    except TapDeskError:
        return {}


def _attach_coefficients(parts: list[Part], given: Any) -> None:
    """Decide where each coefficient table is printed: once per table and class split."""
    homes: dict[tuple, Part] = {}
    for part in parts:                         # a coefficients analysis owns "all categories"
        if is_coefficients(part.result):
            homes.setdefault((id(part.table), None), part)
            part.coef_scope = "all"
            part.coef_values = {e.name: e.value for e in part.result.params
                                if e.value == e.value}
    for part in parts:
        if is_coefficients(part.result) or is_ordinal(part.result):
            continue
        explicit = part.number == 1 and not (isinstance(given, str) and given == AUTO)
        if given is None and not explicit:
            continue
        key = _split_key(part)
        part.coef_scope = "split" if key[1] is not None else "all"
        if explicit:
            part.coefficients = coefficient_table(given)
            part.coef_values = {row[0]: row[1] for row in part.coefficients.rows} \
                if part.coefficients is not None else {}
            continue
        if part.table is None:
            part.coef_note = _("Classical coefficients need the ratings themselves; they were "
                               "not given.")
            continue
        home = homes.get(key)
        if home is not None:
            part.coef_home, part.coef_values = home, dict(home.coef_values)
        else:
            try:
                agreement = _compute(part)
            except TapDeskError as exc:
                # Translators: {reason} says why (the engine's words).
                part.coef_note = _("Classical coefficients could not be computed: {reason}").format(
                    reason=exc)
                continue
            part.coef_values = _values(agreement)
            part.coefficients = coefficient_table(agreement, key=part.table_key("coefficients"),
                                                  title=coefficient_title(part))
            homes[key] = part
        if part.coef_scope == "split":
            part.all_home = homes.get((id(part.table), None))
            part.all_values = dict(part.all_home.coef_values) if part.all_home is not None \
                else _all_categories(part)


def coefficient_title(part: Part) -> str:
    if part.coef_scope == "split":
        # Translators: a table's title.
        return _("Classical agreement coefficients on the Class 1 / Class 0 split")
    return _("Classical agreement coefficients on all categories")


# ------------------------------------------------------------------ notices
def kappa_paradox_values(values: dict[str, float]) -> tuple[float, float] | None:
    """(percent agreement, Fleiss' kappa) when they show the kappa paradox (the findings' rule)."""
    agreement, kappa = values.get("Percent agreement"), values.get("Fleiss' kappa")
    if agreement is None or kappa is None or not paradox_applies(agreement, kappa):
        return None
    return agreement, kappa


def _part_notices(part: Part) -> list[Notice]:
    """The analysis's warnings: its findings' own, as the app and the CLI list them."""
    return list(findings_for(part.result, part.table).warnings)


def gather_notices(parts: list[Part]) -> list[ReportNotice]:
    """Every warning once (same words = same warning), with the analyses that raised it."""
    found: dict[str, ReportNotice] = {}
    for part in parts:
        for notice in _part_notices(part):
            message = plain(quoted_labels(part.result, notice.message))
            old = found.get(message)
            sources = (old.sources if old else ()) + (part.number,)
            found[message] = ReportNotice(notice.code, message, sources)
    return list(found.values())
