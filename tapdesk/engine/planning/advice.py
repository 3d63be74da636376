"""Which design to advise: the cheapest one that meets what the user needs (never imports Qt).

A *need* is a bound on one quantity a plan gives per design: the typical
width of an interval at most some value, or the power, or the share of
subjects classified right, at least some value. :func:`advise` is the one
place that picks the design to recommend; the dialog, the command line
(text and JSON) and the report only put its :class:`Advice` into words.

The cheapest design is the one that costs least (:class:`Costs`): by default
the one with the fewest ratings (raters per subject x subjects); when the user
says what a subject costs against a rating, each subject adds that much. Among
designs that cost the same, the one that does better on the quantity wins,
then the one with fewer raters per subject; the advice keeps the other designs
of the same cost (``Advice.tied``) so the words can say why this one was
chosen. When no design meets the need, the advice says so and names the design
that comes closest (the best value; cheapest among equals).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.text import Number

if TYPE_CHECKING:
    from tapdesk.engine.planning.result import PlanDesign, PlanResult

WIDTH_KEYS = ("width_a", "width_t", "width_p")
SHARE_KEYS = ("power", "accuracy_model", "accuracy_majority")
"""Quantities where higher is better (shares); the widths are better lower."""

DEFAULT_WIDTH = 0.2
DEFAULT_POWER = 0.8
DEFAULT_RIGHT = 0.9
"""What a plan aims at unless told otherwise: intervals at most 0.2 wide, an 80% chance of
showing that a differs from ``versus``, 90% of subjects classified right."""


@dataclass(frozen=True)
class Costs:
    """What a design costs, counted in ratings (one rater rating one subject).

    Parameters
    ----------
    subject
        What one more subject costs (finding a patient, buying a wine) against one rating:
        0 (the default) counts ratings only; 2 makes a subject cost as much as two ratings.
        A design of ``r`` raters per subject and ``n`` subjects costs ``n * (r + subject)``.
    """

    subject: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.subject) and self.subject >= 0):
            # Translators: {value} is the cost given ("-1").
            raise SettingError(_("the cost of a subject must be 0 or more ratings; got "
                                 "{value}").format(value=f"{self.subject:g}"))

    def of(self, design: PlanDesign) -> float:
        """The design's cost in ratings: its ratings plus ``subject`` for each subject."""
        return design.subjects * (design.raters + self.subject)

    def words(self, design: PlanDesign) -> str:
        """The design's cost in words: "800 ratings", or with subjects costed
        "1,000 rating-costs (800 ratings + 200 subjects x 1)"."""
        # Translators: a design's number of ratings (one rater rating one subject); {n} is grouped
        # ("1,200").
        ratings = ngettext("{n} rating", "{n} ratings", design.ratings).format(
            n=formats.integer(design.ratings))
        if not self.subject:
            return ratings
        cost = self.of(design)
        amount = formats.integer(round(cost)) if cost == round(cost) else formats.decimal(cost, 1)
        if is_source() and cost != round(cost):
            amount = f"{cost:,.1f}"
        # Translators: a design's cost when subjects are costed: {amount} is the cost counted in
        # ratings ("1,000"), {ratings} "800 ratings", {subjects} "200 subjects", {each} what one
        # subject costs in ratings ("1", "0.5").
        return _("cost {amount} in ratings ({ratings} + {subjects} \u00d7 {each})").format(
            amount=amount, ratings=ratings,
            subjects=ngettext("{n} subject", "{n} subjects", design.subjects).format(
                n=formats.integer(design.subjects)),
            each=Number.general(self.subject, "g").shown())


@dataclass(frozen=True)
class Need:
    """A bound on one quantity of a plan: ``key`` at most (widths) or at least (shares) ``target``.

    Parameters
    ----------
    key
        A PlanDesign field: one of :data:`WIDTH_KEYS` or :data:`SHARE_KEYS`.
    target
        The bound: a width in (0, 1], or a share in (0, 1).
    """

    key: str
    target: float

    def __post_init__(self) -> None:
        if self.key not in WIDTH_KEYS + SHARE_KEYS:
            # Translators: {key} is the quantity asked for, as given.
            raise SettingError(_("no plan quantity called {key}").format(
                key=formats.quoted(self.key)))
        low_ok = self.target > 0
        high_ok = self.target <= 1 if self.lower_is_better else self.target < 1
        if not (low_ok and high_ok and math.isfinite(self.target)):
            if self.lower_is_better:
                # Translators: {key} is the quantity's key as the option names it ("width_a"),
                # {value} the need given ("1.5").
                raise SettingError(_("the need for {key} must be above 0 and at most 1; got "
                                     "{value}").format(key=self.key, value=f"{self.target:g}"))
            # Translators: as above, for a share that must stay below 1.
            raise SettingError(_("the need for {key} must be above 0 and below 1; got "
                                 "{value}").format(key=self.key, value=f"{self.target:g}"))

    @property
    def lower_is_better(self) -> bool:
        """True for interval widths (at most), False for shares (at least)."""
        return self.key in WIDTH_KEYS

    def value(self, design: PlanDesign) -> float | None:
        """The design's value of the quantity; None when it has none (or it is not finite)."""
        value = getattr(design, self.key)
        return float(value) if value is not None and math.isfinite(value) else None

    def met_by(self, design: PlanDesign) -> bool:
        """Whether the design's value meets the bound (equal counts as met)."""
        value = self.value(design)
        if value is None:
            return False
        return value <= self.target if self.lower_is_better else value >= self.target

    def goodness(self, design: PlanDesign) -> float:
        """Larger is better: the value, negated for widths (-inf when there is none)."""
        value = self.value(design)
        if value is None:
            return -math.inf
        return -value if self.lower_is_better else value


@dataclass(frozen=True)
class Advice:
    """The advice for one need.

    Parameters
    ----------
    need
        What was asked.
    design
        The cheapest design that meets the need; None when none does.
    best
        The design that comes closest (best value); None when no design has a value.
    tried
        Number of designs looked at.
    costs
        How designs were costed.
    tied
        The other designs that meet the need at the same cost as ``design`` (the advice
        chose ``design`` by the better value, then by fewer raters per subject).
    """

    need: Need
    design: PlanDesign | None
    best: PlanDesign | None
    tried: int
    costs: Costs = Costs()
    tied: tuple[PlanDesign, ...] = ()

    @property
    def met(self) -> bool:
        return self.design is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the need, whether it is met, the advised and the best design."""
        def brief(d: PlanDesign | None) -> dict[str, Any] | None:
            if d is None:
                return None
            return {"raters": d.raters, "subjects": d.subjects, "ratings": d.ratings,
                    "cost": self.costs.of(d), "value": self.need.value(d)}
        return {"quantity": self.need.key, "target": self.need.target,
                "bound": "at most" if self.need.lower_is_better else "at least",
                "met": self.met, "design": brief(self.design), "best": brief(self.best),
                "subject_cost": self.costs.subject,
                "same_cost": [brief(d) for d in self.tied], "designs_tried": self.tried}


def quantity_keys(versus: float | None) -> tuple[str, ...]:
    """The quantities a plan gives, in display order (power only with a ``versus`` value)."""
    shares = SHARE_KEYS if versus is not None else SHARE_KEYS[1:]
    return WIDTH_KEYS + shares


def default_needs(versus: float | None, width: float = DEFAULT_WIDTH,
                  power: float = DEFAULT_POWER, right: float = DEFAULT_RIGHT) -> tuple[Need, ...]:
    """One need per quantity of a plan (see :func:`quantity_keys`).

    Parameters
    ----------
    versus
        The plan's comparison value (None: no power, so no power need).
    width
        Largest typical interval width wanted, for t, a and p alike.
    power
        Smallest chance wanted that the interval for a excludes ``versus``.
    right
        Smallest share of subjects whose true class the panel should get right.

    Returns
    -------
    tuple of Need
    """
    target = {"power": power, "accuracy_model": right, "accuracy_majority": right}
    return tuple(Need(key, target.get(key, width)) for key in quantity_keys(versus))


def advise(result: PlanResult, need: Need, costs: Costs = Costs()) -> Advice:
    """The cheapest design of ``result`` that meets ``need``, or the closest when none does.

    Parameters
    ----------
    result
        A finished (or partial) plan.
    need
        The bound asked for.
    costs
        What a subject costs against a rating (default: ratings only).

    Returns
    -------
    Advice
        ``design`` is the qualifying design that costs least (ties: the better value,
        then fewer raters per subject), ``tied`` the other qualifying designs of that
        cost; ``best`` the design with the best value (ties: cheaper, then fewer raters).
    """
    designs = result.designs
    qualifying = [d for d in designs if need.met_by(d)]
    cheapest = min(qualifying, key=lambda d: (costs.of(d), -need.goodness(d), d.raters),
                   default=None)
    tied = () if cheapest is None else tuple(
        d for d in qualifying if d is not cheapest and math.isclose(costs.of(d), costs.of(cheapest)))
    valued = [d for d in designs if need.value(d) is not None]
    best = min(valued, key=lambda d: (-need.goodness(d), costs.of(d), d.raters), default=None)
    return Advice(need, cheapest, best, len(designs), costs, tied)


def advise_all(result: PlanResult, needs: tuple[Need, ...] | None = None,
               costs: Costs = Costs()) -> tuple[Advice, ...]:
    """:func:`advise` for each need (default: :func:`default_needs` of the plan's request)."""
    if needs is None:
        needs = default_needs(result.request.versus)
    return tuple(advise(result, need, costs) for need in needs)
