"""Frozen, complete result objects shared by the GUI, the CLI and the report.

A :class:`FitResult` holds everything a fit found, plus a :meth:`summary`
that renders it in plain words and tables. Nothing in here computes a
statistic; models build these objects.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from tapdesk import __version__
from tapdesk.data.ratings import Exclusion, Provenance
from tapdesk.data.scale import Scale
from tapdesk.engine.iterations import iteration_counts, iteration_phrase
from tapdesk.engine.request import FitRequest
from tapdesk.engine.subjects.estimate import SubjectEstimate as SubjectEstimate  # re-exported
from tapdesk.engine.words import (
    ACCURACY_BELOW_0,
    ACCURACY_BELOW_CHANCE,
    accuracy_below_0_note,
    category_label,
    category_phrase,
    estimate_words,
    interval_name,
    interval_sentence,
    method_words,
    number,
    number_text,
    quantity_words,
    with_minus,
)
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source as _english
from tapdesk.i18n.deferred import made, shown
from tapdesk.i18n.tables import displayed, kept
from tapdesk.i18n.text import Interval, Number, Text, ctext, english, text

if TYPE_CHECKING:
    from tapdesk.data.binary import ClassChoice
    from tapdesk.data.ratings import RatingsTable
    from tapdesk.engine.bayes.pooled_result import Pooling
    from tapdesk.engine.bayes.posterior_result import PosteriorSummary
    from tapdesk.engine.subjects.table import SubjectTable

ACCURACIES = ("a", "accuracy")
"""The names a rater's accuracy goes by among their estimates."""


@dataclass(frozen=True)
class Estimate:
    """One estimated quantity.

    ``ci`` is a 95% interval unless the result's ``interval_method`` says
    otherwise. ``category`` is set for entries of a vector parameter (such
    as ``p`` of the K-category model), one Estimate per category.
    ``identified`` False marks a quantity the data cannot pin down.
    """

    name: str
    value: float
    se: float | None = None
    ci: tuple[float, float] | None = None
    meaning: str = ""
    category: str | None = None
    identified: bool = True
    on_boundary: bool = False


@dataclass(frozen=True)
class Notice:
    """Something the reader is told beside the numbers: a stable code plus a plain-words message.

    ``said`` keeps the message as data (a :class:`~tapdesk.i18n.text.Text`: template and
    arguments, issue 54) or as a plain text; ``message`` makes it in the current language.

    ``kind`` "warning" marks what changes how a result should be read (a
    rater flagged, a boundary estimate, a sampler that has not settled);
    "note" marks a setting stated for the record (the priors, a seed, the
    number of resamples). Only warnings are counted and shown as warnings.
    ``settings`` names, as data, the settings that can act on it (``"bootstrap"``,
    ``"method"`` ...): the message never writes command-line syntax; each client adds
    its own way to change them (:mod:`tapdesk.library.hints`, :mod:`tapdesk.gui.hint_words`).
    """

    code: str
    said: str | Text
    kind: str = "warning"
    settings: tuple[str, ...] = ()
    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"message": "said"}
    """A project saved before issue 54 keeps the message under its old name."""

    @property
    def message(self) -> str:
        """The message in the current language."""
        return shown(self.said)

    @property
    def is_warning(self) -> bool:
        return self.kind != "note"


@dataclass(frozen=True)
class RaterComparison:
    """One rater's quantity (``name`` "a" accuracy or "p" guess rate) against the rest of the panel.

    ``difference`` is the rater's value minus the others' weighted average;
    ``interval`` its interval at ``level`` (None when it could not be found);
    ``verdict`` "higher"/"lower" (accuracy), "more"/"less" (guess rate),
    "not shown to differ" or "unknown"; ``method`` says how the interval was
    found, or why there is none. Where the rater's own quantity cannot be
    estimated from the data, ``interval`` is None and ``method`` begins
    "cannot be estimated from these data: " followed by the reason.
    """

    rater_id: str
    name: str
    difference: float
    interval: tuple[float, float] | None
    verdict: str
    method: str
    level: float = 0.95
    p_value: float | None = None
    """The test of "no difference" at 0 on its own (likelihood ratio, or Wald where the
    interval is Wald); None for posterior draws and for results saved before 1.1."""
    family_size: int = 0
    """How many comparisons the verdict allowed for (0: the verdict read this interval alone,
    as results saved before 1.1 did)."""

    @property
    def differs(self) -> bool:
        return self.verdict in ("higher", "lower", "more", "less")

    @property
    def interval_excludes_zero(self) -> bool:
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)

    @property
    def held_back(self) -> bool:
        """Its own interval leaves out 0, yet the panel-wide procedure did not name the rater."""
        return self.family_size > 1 and not self.differs and self.verdict != "unknown" \
            and self.interval_excludes_zero


@dataclass(frozen=True)
class PanelTest:
    """How the verdicts on a panel's raters hold their error rate as a family.

    ``n_comparisons`` comparisons (every rater's accuracy and guess rate) were
    judged together; ``method`` says how, in a reader's words. For maximum
    likelihood ``statistic`` is the likelihood-ratio statistic of "every rater
    alike" (the one-accuracy, one-guess-rate model) against the per-rater model,
    on ``df`` degrees of freedom, with ``p_value``; for posterior draws those are
    None.
    """

    n_comparisons: int
    method: str
    level: float = 0.95
    statistic: float | None = None
    df: int | None = None
    p_value: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"n_comparisons": self.n_comparisons, "method": self.method, "level": self.level,
                "statistic": self.statistic, "df": self.df, "p_value": self.p_value}


@dataclass(frozen=True)
class LikelihoodRatioTest:
    """A likelihood-ratio test of a nested model (issue 42): "the groups differ" against one
    class share, "the attributes matter" against constant accuracy. ``question`` says what was
    tested, in a reader's words; ``method`` how the p value was found (the chi-square limit, or
    ``simulated_panels`` panels simulated under the nested model, issue 55, whose ``critical``
    value the test rejects above)."""

    statistic: float
    df: int
    p_value: float
    question: str = ""
    method: str = ""
    simulated_panels: int = 0
    critical: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"statistic": self.statistic, "df": self.df, "p_value": self.p_value,
                "question": self.question, "method": self.method,
                "simulated_panels": self.simulated_panels}


@dataclass(frozen=True)
class GroupShare:
    """One subject group's class share (issue 42): ``t`` is the share of Class 1 (binary) or of
    ``category`` (K categories: one GroupShare per group and category), with its interval;
    ``mean_probability`` the mean of its subjects' probabilities of that class."""

    group: str
    n_subjects: int
    t: float
    interval: tuple[float, float] | None
    category: str | None = None
    mean_probability: float | None = None


@dataclass(frozen=True)
class AttributeEffect:
    """How a rater attribute moves accuracy (issue 42).

    ``coefficient`` is the change in the logit of accuracy per ``per`` units of a numeric
    attribute, or of a level against ``reference``, with its profile interval. ``effect`` is the
    difference in accuracy (a share: 0.12 is 12 points) between raters at ``high`` and at
    ``low`` (a numeric attribute) or between the level and the reference, the other attributes
    held at their mean or reference, with its interval; ``scale`` says that in words.
    ``p_value`` is its own likelihood-ratio test of no effect; ``verdict`` ("higher", "lower",
    "not shown to differ", "unknown") holds the error rate for all ``family_size`` effects
    tested together (issue 32's procedure).
    """

    attribute: str
    level: str
    reference: str
    coefficient: float
    coefficient_interval: tuple[float, float] | None
    per: float
    low: float
    high: float
    effect: float
    interval: tuple[float, float] | None
    scale: str
    p_value: float | None = None
    verdict: str = "unknown"
    family_size: int = 0
    centre: float = 0.0
    """A numeric attribute's mean over the raters (the point ``FitResult`` "a" describes)."""

    @property
    def numeric(self) -> bool:
        return not self.level

    def to_dict(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "level": self.level or None,
                "reference": self.reference or None, "effect": self.effect,
                "interval": list(self.interval) if self.interval else None, "scale": self.scale,
                "coefficient": self.coefficient,
                "coefficient_interval": (list(self.coefficient_interval)
                                         if self.coefficient_interval else None),
                "per": self.per, "coefficient_per_unit": self.coefficient / self.per,
                "low": self.low if self.numeric else None,
                "high": self.high if self.numeric else None, "p_value": self.p_value,
                "verdict": self.verdict, "family_size": self.family_size}


@dataclass(frozen=True)
class LogLikelihood:
    """Log-likelihood in several units.

    ``nats`` is the likelihood of the ratings as given (no binomial
    coefficients); ``nats_with_binomial`` adds log C(N_r, N_c) per subject
    (the likelihood of the counts). ``bits_per_rating`` = -nats / (n ln 2).
    """

    nats: float
    n_ratings: int
    nats_with_binomial: float | None = None
    n_categories: int = 2

    @property
    def bits_per_rating(self) -> float:
        return -self.nats / (self.n_ratings * math.log(2)) if self.n_ratings else float("nan")

    @property
    def krits_per_rating(self) -> float:
        """-log base K per rating (0 = deterministic, 1 = uniform noise)."""
        if not self.n_ratings:
            return float("nan")
        return -self.nats / (self.n_ratings * math.log(self.n_categories))


@dataclass(frozen=True)
class RaterEstimate:
    """Per-rater estimates (accuracy, guess rate, sensitivity ...)."""

    rater_id: str
    n_ratings: int
    estimates: tuple[Estimate, ...]
    flagged: str = ""
    chance: str = ""
    """Where these data cannot show the rater rates better than chance (the interval of the
    accuracy reaches it) and no flag says more: the words, without a flag or a highlight
    (:func:`tapdesk.engine.rater_words.chance_words`, issue 78)."""

    def get(self, name: str) -> Estimate:
        return next(e for e in self.estimates if e.name == name)


@dataclass(frozen=True)
class ResultTable:
    """A titled table of extra output (ridge ranges, model fit, cut points ...)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""
    texts: tuple[tuple[str, Any], ...] = ()
    """The texts made from a template (issue 54): each English text above with the
    :class:`~tapdesk.i18n.text.Text` that shows it in another language
    (:func:`tapdesk.i18n.tables.displayed`); the English stays the key."""


@dataclass(frozen=True)
class Summary:
    """What every front end shows: headline sentences, parameter rows, warnings.

    ``facts`` are in plain words for every reader; ``details`` keep the
    precise terms a statistician looks for (log-likelihood in nats, the
    exact interval method, convergence). ``interval_header`` names the
    interval column with its level ("95% interval", "90% credible interval").
    """

    title: str
    headline: tuple[str, ...]
    parameter_rows: tuple[tuple[str, str, str, str, str], ...]
    warnings: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]
    tables: tuple[ResultTable, ...] = ()
    details: tuple[tuple[str, str], ...] = ()
    interval_header: str = "95% interval"
    name_header: str = "parameter"

    def as_text(self) -> str:
        """The summary as plain text (the command line's), in the current language: a kept
        text (a headline's sentence, a reason, a fact's marked name) written in it now."""
        title = shown(self.title)
        lines = [title, "=" * len(title), ""]
        lines += [*map(shown, self.headline), ""]
        # Translators: the summary's column heads: a parameter's estimate, its standard error
        # (keep "SE" short), and what it means.
        estimate, se_head, meaning_head = _("estimate"), _("SE"), _("meaning")
        rows = [tuple(map(shown, row)) for row in self.parameter_rows]
        name_header, interval_header = shown(self.name_header), shown(self.interval_header)
        width = max([len(r[0]) for r in rows] + [len(name_header)])
        est_w = max([len(r[1]) for r in rows] + [8, len(estimate)])
        ci_w = max([len(r[3]) for r in rows] + [len(interval_header)])
        lines.append(f"{name_header:<{width}}  {estimate:>{est_w}}  {se_head:>8}  "
                     f"{interval_header:>{ci_w}}  {meaning_head}")
        for name, value, se, ci, meaning in rows:
            lines.append(f"{name:<{width}}  {value:>{est_w}}  {se:>8}  {ci:>{ci_w}}  {meaning}")
        lines.append("")
        lines += [_fact_line(shown(k), shown(v)) for k, v in self.facts]
        for table in self.tables:
            lines += ["", *table_text(table)]
        if self.warnings:
            lines += ["", _("Warnings:")] + [f"  - {shown(w)}" for w in self.warnings]
        if self.details:
            heading = _("Details (precise terms; see the glossary)")
            lines += ["", heading, "-" * len(heading)]
            lines += [_fact_line(shown(k), shown(v)) for k, v in self.details]
        return "\n".join(lines)


def _fact_line(name: str, value: str) -> str:
    # Translators: one line of the summary: {name} a fact's name ("Ratings"), {value} its value.
    return _("{name}: {value}").format(name=name, value=value)


def cell_text(value: Any) -> str:
    """Text for a table cell: numbers to 3 decimals, None as a dash."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return fmt(value)
    return str(value)


def table_text(table: ResultTable) -> list[str]:
    """A ResultTable as aligned plain-text lines (title, header, rows, note), in the current
    language (:func:`~tapdesk.i18n.tables.displayed`: its title, columns, worded cells and note)."""
    table = displayed(table)
    cells = [[cell_text(v) for v in row] for row in table.rows]
    widths = [max([len(str(c))] + [len(r[i]) for r in cells]) for i, c in enumerate(table.columns)]
    lines = [table.title, "-" * len(table.title),
             "  ".join(f"{c:>{w}}" for c, w in zip(table.columns, widths))]
    lines += ["  ".join(f"{v:>{w}}" for v, w in zip(row, widths)) for row in cells]
    if table.note:
        lines.append(table.note)
    return lines


def fmt(value: float | None, digits: int = 3) -> str:
    """Fixed-point text for a number (:func:`tapdesk.i18n.formats.decimal`: a real minus sign,
    a dash for None or NaN, the language's decimal mark)."""
    return formats.decimal(value, digits)


def interval_words(low: str, high: str, joint: str = " to ") -> str:
    """The one way an interval is shown from its two shown ends: "\u22120.383 to 0.052"."""
    return f"{with_minus(low)}{joint}{with_minus(high)}"


def ci_text(ci: tuple[float, float] | None, digits: int = 3) -> str:
    """"0.226 to 0.418", "\u22120.602 to \u22120.426" (a real minus sign, and "to" between;
    :func:`tapdesk.i18n.formats.interval`, "0,226 bis 0,418" in German)."""
    if not ci:
        return "-"
    return formats.interval(ci[0], ci[1], digits)


_PLAIN = frozenset({str, int, bool, type(None)})
"""Types JSON takes as they are (checked first: a crowd fit's raters and tables are millions of
cells, and the general checks below cost several times more)."""


def _jsonable(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if type(value) is float:
        return value if math.isfinite(value) else None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item"):
        return _jsonable(value.item())
    return value


def _comparison_json(c: RaterComparison) -> dict[str, Any]:
    """A comparison's JSON entry, each value made clean as it is put in (:func:`_clean`'s
    values: a crowd fit of ten million labels has 200,000 comparisons; issue 57)."""
    interval = [_jsonable(end) for end in c.interval] if c.interval else None
    return {"rater": _jsonable(c.rater_id), "quantity": _jsonable(c.name),
            "difference": _jsonable(c.difference), "interval": interval,
            "verdict": _jsonable(c.verdict), "method": _jsonable(c.method),
            "p_value": _jsonable(c.p_value), "family_size": _jsonable(c.family_size)}


def converged_words(result: FitResult) -> str:
    """Whether the fit converged and after how many iterations, each count labelled.

    For example "yes after 58 iterations in the best of 4 starts (151 over all 4 starts
    together)"; the numbers come from :func:`tapdesk.engine.iterations.iteration_counts`,
    as the report's settings table and convergence caption do.
    """
    if not result.iterations:
        return _("yes") if result.converged else _("NO")
    # Translators: whether a fit converged (the "Converged" fact); {iterations} says after how
    # many iterations ("58 iterations in the best of 4 starts").
    template = _("yes after {iterations}") if result.converged else (
        # Translators: as above, for a fit that did not converge.
        _("NO after {iterations}"))
    return template.format(iterations=shown(iteration_phrase(iteration_counts(result))))


def _no_subjects() -> SubjectTable:
    """An empty subject table (numpy loads only when a result is made, not when it is named)."""
    from tapdesk.engine.subjects.table import SubjectTable
    return SubjectTable()


@dataclass(frozen=True)
class FitResult:
    """The complete result of one fit. Build with keyword arguments."""

    request: FitRequest
    model: str
    title: str
    params: tuple[Estimate, ...]
    log_likelihood: LogLikelihood | None
    n_subjects: int
    n_ratings: int
    exclusions: tuple[Exclusion, ...] = ()
    converged: bool = True
    iterations: int = 0
    traces: tuple[tuple[float, ...], ...] = ()
    warnings: tuple[Notice, ...] = ()
    class_choice: ClassChoice | None = None
    categories: tuple[str, ...] = ()
    class_labels: tuple[str, ...] = ()
    raters: tuple[RaterEstimate, ...] = ()
    subjects: SubjectTable | tuple[SubjectEstimate, ...] = field(default_factory=_no_subjects)
    """Every subject's class probabilities, as arrays: a tuple of :class:`SubjectEstimate` given
    here becomes a :class:`SubjectTable` (a project saved before the table opens with the tuple;
    :meth:`SubjectTable.of` reads either)."""
    tables: tuple[ResultTable, ...] = ()
    headline: tuple[str, ...] = ()
    interval_method: str = "observed information (Wald on the logit scale), 95%"
    method: str = "mle"
    complete: bool = True
    n_parameters: int = 0
    provenance: Provenance = field(default_factory=Provenance)
    version: str = __version__
    posterior: PosteriorSummary | None = None
    """Bayesian methods only: per-parameter summaries, diagnostics, densities, draws."""
    category_labels: tuple[str, ...] = ()
    """Value labels parallel to ``categories`` ("" where a code has none); see :meth:`label`."""
    comparisons: tuple[RaterComparison, ...] = ()
    """Per-rater models: each rater against the rest of the panel (see :mod:`rater_standing`)."""
    panel_test: PanelTest | None = None
    """Per-rater models: how the comparisons hold their error rate as a family (see
    :mod:`tapdesk.engine.binary.rater_family`)."""
    pooling: Pooling | None = None
    """Pooled per-rater posteriors: the population and each rater shrunk toward it
    (:mod:`tapdesk.engine.bayes.pooled_result`)."""
    groups: tuple[GroupShare, ...] = ()
    """Explanatory models (issue 42): each subject group's class share."""
    group_test: LikelihoodRatioTest | None = None
    """Explanatory models: the test that the groups' class shares differ."""
    effects: tuple[AttributeEffect, ...] = ()
    """Explanatory models: how each rater attribute moves accuracy."""
    attribute_test: LikelihoodRatioTest | None = None
    """Explanatory models: the test that the rater attributes matter at all."""

    def __post_init__(self) -> None:
        from tapdesk.engine.subjects.table import SubjectTable  # numpy: not for the first window
        if not isinstance(self.subjects, SubjectTable):
            object.__setattr__(self, "subjects", SubjectTable.of(self.subjects))

    @property
    def level(self) -> float:
        """The level of every interval of this result (the request's)."""
        return getattr(self.request, "level", 0.95) or 0.95

    @property
    def real_warnings(self) -> tuple[Notice, ...]:
        """The warnings, without the notes that only state settings."""
        return tuple(n for n in self.warnings if n.is_warning)

    @property
    def notes(self) -> tuple[Notice, ...]:
        """Settings stated for the record (priors ...), not warnings."""
        return tuple(n for n in self.warnings if not n.is_warning)

    def comparison(self, rater_id: str, name: str = "a") -> RaterComparison | None:
        """This rater's comparison with the rest of the panel, or None."""
        return next((c for c in self.comparisons if c.rater_id == rater_id and c.name == name),
                    None)

    def label(self, category: str) -> str:
        """The category's value label ("gold"), or the code itself when it has none."""
        return category_label(category, self.categories, self.category_labels)

    @property
    def n_excluded(self) -> int:
        return sum(e.n_subjects for e in self.exclusions)

    def param(self, name: str, category: str | None = None) -> Estimate:
        for est in self.params:
            if est.name == name and est.category == category:
                return est
        raise KeyError(name if category is None else f"{name}[{category}]")

    def value(self, name: str, category: str | None = None) -> float:
        return self.param(name, category).value

    def table(self, title: str) -> ResultTable:
        return next(t for t in self.tables if t.title == title)

    # --------------------------------------------------------------- render
    def summary(self, warnings: tuple[str, ...] | None = None) -> Summary:
        """The plain summary, written in the current language; ``warnings`` (the findings' own,
        see :func:`tapdesk.engine.story.findings.findings_for`) replace the fit's bare list."""
        rows = []
        for est in self.params:
            # Translators: in the estimate column, for a quantity the data cannot pin down.
            value = fmt(est.value) if est.identified else _("not identified")
            rows.append((self.estimate_name(est), value, fmt(est.se), ci_text(est.ci),
                         shown(est.meaning)))
        tables = ((self.rater_table(),) if self.raters else ()) + self.tables
        said = tuple(n.message for n in self.real_warnings) if warnings is None else warnings
        return Summary(shown(self.title), tuple(shown(h) for h in self.headline), tuple(rows),
                       tuple(shown(w) for w in said), tuple(self.facts()), tables,
                       details=tuple(self.details()),
                       interval_header=shown(interval_name(self.method, self.level)),
                       # Translators: the summary's first column head: a parameter's name.
                       name_header=_("parameter"))

    def facts(self) -> list[tuple[str, str]]:
        """The summary's facts (name, value), written in the current language."""
        facts = [(_("Model"), shown(self.title)), (_("Method"), shown(method_words(self.method))),
                 (_("Subjects analysed"), number(self.n_subjects)),
                 (_("Ratings"), number(self.n_ratings))]
        for exc in self.exclusions:
            # Translators: {n} subjects left out of the analysis and {reason} why.
            facts.append((_("Excluded subjects"),
                          # Translators: {n} subjects left out of the analysis and {reason} why.
                          _("{n} ({reason})").format(
                n=_count(exc.n_subjects), reason=shown(exc.reason))))
        if self.class_choice is not None:
            class1 = [self.class_choice.name(c) for c in self.class_choice.class1]
            names = ", ".join(class1) if _english() else formats.joined(class1)
            # Translators: the "Class 1" fact: {names} the categories that make Class 1, {how}
            # how they were chosen.
            facts.append((_("Class 1"),
                          # Translators: the "Class 1" fact: {names} the categories that make
                          # Class 1, {how} how they were chosen.
                          _("{names} ({how})").format(
                names=names, how=shown(self.class_choice.how()))))
        facts.append((_("Intervals"), shown(interval_sentence(self.method, self.level))))
        facts += [(_("Note"), shown(n.message)) for n in self.notes]
        if self.method == "mle" and not self.converged:
            facts.append((_("Converged"), _("NO: the search for the best fit did not settle; "
                                            "treat these numbers with care")))
        if not self.complete:
            facts.append((_("Status"), _("cancelled before the end: these numbers are "
                                         "incomplete")))
        for name, test in ((_("Groups differ?"), self.group_test),
                           (_("Attributes matter?"), self.attribute_test)):
            if test is not None:
                facts.append((name, lr_test_words(test)))
        return facts

    def details(self) -> list[tuple[str, str]]:
        """The precise terms behind the plain summary (model and method codes, likelihood ...),
        in the current language (the codes themselves stay as the program knows them)."""
        out = [(_("Model code"), self.model), (_("Method code"), self.method),
               (_("Interval method"), shown(self.interval_method))]
        ll = self.log_likelihood
        if ll is not None:
            # Translators: a log-likelihood's size per rating; {bits} is a number ("0.8123").
            per_rating = (_("{bits} bits per rating").format(bits=fmt(ll.bits_per_rating, 4))
                          if ll.n_categories == 2 else
                          # Translators: as "bits per rating", in base K ("krits").
                          _("{krits} krits per rating").format(krits=fmt(ll.krits_per_rating, 4)))
            # Translators: {nats} is the log-likelihood in nats ("-512.3456"), {per_rating}
            # the same per rating ("0.8123 bits per rating").
            out.append((_("Log-likelihood"),
                        # Translators: {nats} is the log-likelihood in nats ("-512.3456"),
                        # {per_rating} the same per rating ("0.8123 bits per rating").
                        _("{nats} nats ({per_rating})").format(
                nats=fmt(ll.nats, 4), per_rating=per_rating)))
        if self.method == "mle":
            out.append((_("Converged"), converged_words(self)))
        if self.n_parameters:
            out.append((_("Free parameters"), _count(self.n_parameters)))
        return out

    def estimate_name(self, est: Estimate) -> str:
        """A parameter's row name: "t", or "t: gold (4)" for one category of a vector parameter."""
        name = shown(quantity_words(est.name))
        if est.category is None:
            return name
        return formats.labelled(name, category_phrase(est.category, self.label(est.category)))

    def estimate_words(self, name: str, category: str | None = None) -> str:
        """An estimate's name in words, as a working screen heads it: ``category`` is the
        category it is of (an :class:`Estimate`'s), or ``name`` carries it in brackets ("t[4]");
        a fit without Class 1 names a t or p of a category by its label ("Truly gold", issue
        79). The rules: :func:`tapdesk.engine.words.estimate_words`, which a running fit's live
        plots follow too (:func:`estimate_words_for`)."""
        return estimate_words(name, category, categories=self.categories, label=self.label,
                              class1=self.class_choice is not None)

    def explain_tables(self) -> tuple[ResultTable, ...]:
        """The class shares by group and the effects of rater attributes, as tables (an
        explanatory fit keeps them in ``tables``, so every surface lists them); their words and
        numbers are written in the language of the surface that shows them (English kept as the
        tables' keys and exported columns)."""
        out = []
        interval = interval_name(self.method, self.level)
        if self.groups:
            rows = tuple((g.group, g.n_subjects, g.category or "", g.t, Interval.of(g.interval),
                          g.mean_probability) for g in self.groups)
            # Translators: the table of an explanatory fit's class shares by subject group: its
            # title, columns ("class": the category a row is about, in a model of several) and
            # note.
            out.append(ResultTable(**kept(N_("Class share by subject group"), (
                N_("group"), N_("subjects"), N_("class"), N_("share"), interval,
                N_("mean probability")), rows, N_(
                    "share: the share of the group's subjects truly in the class; mean "
                    "probability: the mean of its subjects' probabilities of that class."))))
        if self.effects:
            effect_rows = tuple(
                (e.attribute, e.level or _per(e.per), e.reference or "", e.coefficient,
                 Interval.of(e.coefficient_interval), _scale(e), Number.signed(100 * e.effect, 1),
                 _points(e.interval), e.p_value, _verdict(e.verdict)) for e in self.effects)
            # Translators: the table of an explanatory fit's effects of rater attributes: its
            # title, columns ("level": the attribute's value compared, "against": the value it
            # is compared with, "points": the difference in percentage points) and note.
            out.append(ResultTable(**kept(N_("Accuracy by rater attributes"), (
                N_("attribute"), N_("level"), N_("against"), N_("logit change"), interval,
                N_("effect"), N_("points"), interval, "p", N_("verdict")), effect_rows, N_(
                    "logit change: on the logit scale of accuracy; points: the difference in "
                    "accuracy in percentage points."))))
        return tuple(out)

    def accuracy_below_0_note(self) -> str:
        """" J1: accuracy interval below 0; an accuracy below 0 would mean ..." for the raters
        whose accuracy interval starts below 0 ("" where none does): the sentence every table
        of the raters' accuracies carries beside those numbers, in the current language."""
        below = [r.rater_id for r in self.raters for e in r.estimates
                 if e.name in ACCURACIES and e.ci is not None and e.ci[0] < 0]
        if not below:
            return ""
        meaning = ACCURACY_BELOW_0 if self.class_choice is not None or not self.categories \
            else ACCURACY_BELOW_CHANCE                  # several categories: no Class 1 (issue 79)
        return f" {shown(accuracy_below_0_note(below, meaning))}"

    def rater_table(self) -> ResultTable:
        """Per-rater estimates as one table: value and interval of each estimate (written in the
        current language: the summary shows it; machine output reads ``raters``)."""
        names: list[str] = []
        for rater in self.raters:
            for est in rater.estimates:
                label = self.estimate_name(est)
                if label not in names:
                    names.append(label)
        rows = []
        for rater in self.raters:
            by_label = {self.estimate_name(e): e for e in rater.estimates}
            cells: list[Any] = [rater.rater_id, rater.n_ratings]
            for label in names:
                found = by_label.get(label)
                if found is None:
                    cells.append(None)
                else:
                    ci = f" ({ci_text(found.ci)})" if found.ci else ""
                    cells.append(f"{fmt(found.value)}{ci}")
            cells.append(shown(rater.flagged or rater.chance))    # the words: no flag
            rows.append(tuple(cells))
        # Translators: the per-rater table's note; {interval} is the interval's name ("95%
        # interval").
        note = _("Each cell: estimate ({interval}).").format(
            interval=shown(interval_name(self.method, self.level))) + self.accuracy_below_0_note()
        # Translators: the per-rater table's title and its column heads ("rater", "ratings",
        # the estimates' symbols, "flag": why a rater is flagged for a closer look).
        return ResultTable(_("Per-rater estimates"), (_("rater"), _("ratings"), *names, _("flag")),
                           tuple(rows), note)

    def to_dict(self, stream: bool = False) -> dict[str, Any]:
        """JSON-ready dictionary (the CLI's ``--json`` output). With ``stream`` the subjects
        are a :class:`~tapdesk.engine.subjects.SubjectRows`, made a slice at a time as a
        writer takes them (:func:`tapdesk.cli.common.print_json`), not a list of millions of
        dictionaries."""
        params: dict[str, Any] = {}
        se: dict[str, Any] = {}
        ci: dict[str, Any] = {}
        for est in self.params:
            value = est.value if est.identified else None
            interval = list(est.ci) if est.ci else None
            if est.category is None:
                params[est.name], se[est.name], ci[est.name] = value, est.se, interval
            else:
                params.setdefault(est.name, []).append(value)
                se.setdefault(est.name, []).append(est.se)
                ci.setdefault(est.name, []).append(interval)
        ll = self.log_likelihood
        out: dict[str, Any] = {
            "model": self.model, "title": self.title, "method": self.method,
            "params": params, "se": se, "ci": ci,
            "interval_method": self.interval_method,
            "log_likelihood": ll.nats if ll else None,
            "log_likelihood_with_binomial": ll.nats_with_binomial if ll else None,
            "bits_per_rating": ll.bits_per_rating if ll else None,
            "krits_per_rating": ll.krits_per_rating if ll else None,
            "n_subjects": self.n_subjects, "n_ratings": self.n_ratings,
            "n_excluded": self.n_excluded,
            "exclusions": [{"n_subjects": e.n_subjects, "reason": e.reason} for e in self.exclusions],
            "converged": self.converged, "iterations": self.iterations, "complete": self.complete,
            "level": self.level,
            "warnings": [english(n.said) for n in self.real_warnings],
            "warning_codes": [n.code for n in self.real_warnings],
            "notes": [english(n.said) for n in self.notes],
            "headline": list(self.headline),
            "seed": self.request.seed, "version": self.version,
        }
        if self.categories:
            out["categories"] = list(self.categories)
            if any(self.category_labels):
                out["category_labels"] = [self.label(c) for c in self.categories]
        if self.class_choice is not None:
            out["class1"] = list(self.class_choice.class1)
            out["class1_labels"] = [self.class_choice.name(c) for c in self.class_choice.class1]
            out["class1_reason"] = self.class_choice.reason
        out["method_words"] = method_words(self.method)
        out["interval_level"] = interval_name(self.method, self.level)
        if self.raters:
            out["raters"] = [self._rater_json(r) for r in self.raters]
        if self.comparisons:               # its place; filled below
            out["rater_comparisons"] = None
        if self.panel_test is not None:
            out["rater_panel_test"] = self.panel_test.to_dict()
        if self.pooling is not None:
            out["pooling"] = self.pooling.to_dict()
        out.update(self._explain_json())
        if self.subjects:                  # its place; filled below
            out["subjects"] = None
        if self.tables:
            out["tables"] = [{"title": t.title, "columns": list(t.columns),
                              "rows": [[_jsonable(v) for v in row] for row in t.rows],
                              "note": t.note} for t in self.tables]
        if self.posterior is not None:
            out["params"] = self.posterior.params_json()
            out["diagnostics"] = self.posterior.diagnostics_json()
        out = _clean(out)
        if self.comparisons:               # made clean as they are built: 200,000 on a crowd file
            out["rater_comparisons"] = [_comparison_json(c) for c in self.comparisons]
        if self.subjects:                  # made clean as they are built: millions on a crowd file
            from tapdesk.engine.subjects.table import SubjectTable
            rows = SubjectTable.of(self.subjects).json_rows(self.class_choice is not None)
            out["subjects"] = rows if stream else list(rows)
        return out

    def _explain_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.groups:
            out["groups"] = [{"group": g.group, "category": g.category, "t": g.t,
                              "interval": list(g.interval) if g.interval else None,
                              "n_subjects": g.n_subjects, "mean_probability": g.mean_probability}
                             for g in self.groups]
        if self.group_test is not None:
            out["group_test"] = self.group_test.to_dict()
        if self.effects:
            out["effects"] = [e.to_dict() for e in self.effects]
        if self.attribute_test is not None:
            out["attribute_test"] = self.attribute_test.to_dict()
        return out

    def _rater_json(self, rater: RaterEstimate) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": rater.rater_id, "n_ratings": rater.n_ratings,
                                 "se": {}, "ci": {}, "flag": rater.flagged,
                                 "chance": rater.chance}
        for est in rater.estimates:
            ci = list(est.ci) if est.ci else None
            if est.category is None:
                entry[est.name], entry["se"][est.name], entry["ci"][est.name] = est.value, est.se, ci
            else:                          # one value per category, in category order
                entry.setdefault(est.name, []).append(est.value)
                entry["se"].setdefault(est.name, []).append(est.se)
                entry["ci"].setdefault(est.name, []).append(ci)
        return entry


def lr_test_words(test: LikelihoodRatioTest) -> str:
    """"likelihood ratio 12.4 on 3 df, p = 0.006 from 200 panels simulated ..." with what was
    tested and how its p was found (in the current language)."""
    # Translators: a likelihood-ratio test; {statistic} is a number ("12.40"), {df} its degrees
    # of freedom, {p} "p = 0.006" or "p < 0.001".
    text = _("likelihood ratio {statistic} on {df} df, {p}").format(
        statistic=fmt(test.statistic, 2), df=number(test.df), p=_p_text(test.p_value))
    if test.method:
        text = f"{text} {shown(test.method)}"
    if test.question:
        # Translators: {question} is what a test asks ("do the groups differ"), {test} its result.
        text = _("{question}: {test}").format(question=shown(test.question), test=text)
    return text


def _count(n: int) -> str:
    """A count as the summary has always written it in English ("1000"), grouped in another
    language."""
    return str(n) if _english() else number(n)


def _p_text(p: float) -> str:
    if p < 0.001:
        return _("p < {p}").format(p=fmt(0.001, 3))
    return _("p = {p}").format(p=fmt(p, 3))


def _points(interval: tuple[float, float] | None) -> Text | str:
    """An effect's interval in points, each end with its sign ("+3.2 to +21.0")."""
    if interval is None:
        return "-"
    return text(N_("{low} to {high}"), low=Number.signed(100 * interval[0], 1),
                high=Number.signed(100 * interval[1], 1))


def _per(per: float) -> Text:
    """A numeric attribute's unit of change ("per 10")."""
    # Translators: the "level" of a numeric rater attribute's effect: its logit change is per
    # {unit} of the attribute ("per 10", ten years of age).
    return text(N_("per {unit}"), unit=Number.general(per, "g"))


def _scale(effect: AttributeEffect) -> Text:
    """What an effect's number is, in words: the engine's ``scale``, made when shown."""
    if effect.level:
        value, reference = effect.level, effect.reference
    else:
        value, reference = made(number_text, effect.high, "g"), made(number_text, effect.low, "g")
    # Translators: what an effect of a rater attribute is, in a table's cell; {attribute} is the
    # attribute ("age"), {value} and {reference} the two values or levels compared ("55", "35";
    # "B", "A").
    return text(N_("accuracy of raters with {attribute} {value} minus that of raters with "
                   "{attribute} {reference}"), attribute=effect.attribute, value=value,
                reference=reference)


VERDICTS = ("higher", "lower", "not shown to differ", "unknown")
"""An effect's verdicts, each its own words in English (translated with the context "verdict",
as ``engine.rater_words.VERDICT_WORDS`` marks them)."""


def _verdict(code: str) -> Text | str:
    """An effect's verdict as a table cell says it."""
    return ctext("verdict", code) if code in VERDICTS else code


def labels_for(scale: Scale, categories: tuple[str, ...]) -> tuple[str, ...]:
    """Value labels parallel to ``categories`` ("" where none); () when the scale has none."""
    if not scale.has_labels:
        return ()
    names = dict(scale.label_pairs())
    return tuple(names.get(c, "") for c in categories)


def estimate_words_for(table: RatingsTable, class1: bool) -> Callable[[str], str]:
    """How a fit of ``table`` names its estimates (``class1``: a model of Class 1 and Class 0,
    else one of the scale's categories), as its :class:`FitResult` will name them
    (:meth:`FitResult.estimate_words`): "t[4]" is "Truly gold" in a model of several categories.
    A running fit's live plots are titled so, before there is a result."""
    categories = tuple(table.categories)
    labels = labels_for(table.scale, categories)
    return partial(estimate_words, categories=categories,
                   label=partial(category_label, categories=categories, labels=labels),
                   class1=class1)


def with_scale_labels(result: FitResult, scale: Scale) -> FitResult:
    """The result with the value labels of the scale it was fitted on."""
    if result.category_labels or not scale.has_labels:
        return result
    return replace(result, category_labels=labels_for(scale, result.categories))


def _clean(value: Any) -> Any:
    """Replace NaN/inf by None recursively so the JSON is standard (the commonest types read
    off first: a crowd fit's dictionary holds millions of values; issue 57)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is float:
        return value if math.isfinite(value) else None
    if kind is dict:
        return {k: _clean(v) for k, v in value.items()}
    if kind is list:
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return _jsonable(value)
