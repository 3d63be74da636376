"""Plans by target: the subjects a study needs for a given interval width or power (no Qt).

For each number of raters per subject, :func:`target_events` searches the
number of subjects at which the plan's own figure for a design (the median
width of the interval for t, a or p, or the power against ``versus``, both
from :func:`~tapdesk.engine.planning.run.plan_events` and
:func:`~tapdesk.engine.planning.result.summarise_design`) meets the target.
Every probe is a one-design plan with the request's seed, studies and level,
so a probe's figure is exactly what ``tapdesk plan`` reports for that design.

The search starts at the middle of the request's subjects grid, proposes the
next number from the ~1/sqrt(n) scaling of widths (doubling or halving for
power), brackets the crossing and bisects on whole numbers until the bracket
is within 5% or 5 subjects. It reports the upper end (the smallest number
seen to meet the target) with its simulated figure and Monte Carlo error.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.planning.classical import ClassicalAnswer, classical_words, kappa_subjects
from tapdesk.engine.planning.classical_power import (
    ClassicalPowerAnswer,
    classical_power_words,
    kappa_power_subjects,
)
from tapdesk.engine.planning.request import PlanRequest
from tapdesk.engine.planning.result import PlanDesign, _finite
from tapdesk.engine.planning.run import PlanEvent, plan_events
from tapdesk.engine.run import drive
from tapdesk.engine.words import plus_minus
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.text import Level, Number, english

MIN_TARGET_SUBJECTS = 5
MAX_TARGET_SUBJECTS = 20_000
"""The search looks between these numbers of subjects; beyond the cap the target counts as
out of reach (the simulations would take minutes and such studies are rarely run)."""
RELATIVE_BRACKET = 0.05
ABSOLUTE_BRACKET = 5
MAX_PROBES = 30


@dataclass(frozen=True)
class Target:
    """What the study must achieve: a median interval width at most ``value`` for
    ``parameter``, or a power at least ``value`` against the request's ``versus``.

    Parameters
    ----------
    kind
        "width" or "power".
    value
        The width in (0, 1], or the power in (0, 1).
    parameter
        "t", "a" or "p" (widths; power is always about a).
    """

    kind: str
    value: float
    parameter: str = "a"

    def __post_init__(self) -> None:
        if self.kind not in ("width", "power"):
            # Translators: {kind} is the target asked for; "width" and "power" are the option's
            # values (keep them).
            raise SettingError(_("no target called {kind}; use width or power").format(
                kind=formats.quoted(self.kind)))
        if self.parameter not in ("t", "a", "p"):
            # Translators: --for is a command-line option; {value} what was given.
            raise SettingError(_("--for must be a, t or p; got {value}").format(
                value=formats.quoted(self.parameter)),
                               settings=("for",))
        high_ok = self.value <= 1 if self.kind == "width" else self.value < 1
        if not (self.value > 0 and high_ok and math.isfinite(self.value)):
            raise SettingError(_target_range(self.kind, self.value),
                               settings=(f"target-{self.kind}",))

    def figure(self, design: PlanDesign) -> tuple[float, float]:
        """(value, Monte Carlo error) of the design's width or power."""
        if self.kind == "width":
            return design.width(self.parameter), getattr(design.mc_error, f"width_{self.parameter}")
        # a power target needs the request's versus (target_events), and then every design has a power
        assert design.power is not None and design.mc_error.power is not None
        return float(design.power), float(design.mc_error.power)

    def met(self, value: float) -> bool:
        return value <= self.value if self.kind == "width" else value >= self.value

    def words(self) -> str:
        """"a median interval for a at most 0.2 wide" / "a power of at least 80%"."""
        if self.kind == "width":
            # Translators: a target search's target: {parameter} is a, t or p, {width} "0.2".
            return _("a median interval for {parameter} at most {width} wide").format(
                parameter=self.parameter, width=Number.general(self.value, "g").shown())
        # Translators: a target search's target: {power} is a percent ("80%").
        return _("a power of at least {power}").format(power=Level(self.value).shown())


def _target_range(kind: str, value: float) -> str:
    """Why a target is out of range, in the current language."""
    if kind == "width":
        # Translators: {value} is the target width given ("1.5").
        return _("the target width must be above 0 and at most 1; got {value}").format(
            value=f"{value:g}")
    # Translators: {value} is the target power given ("1.2").
    return _("the target power must be above 0 and below 1; got {value}").format(value=f"{value:g}")


@dataclass(frozen=True)
class SubjectsNeeded:
    """The answer for one number of raters per subject.

    ``subjects`` is the smallest number of subjects seen to meet the target
    (None when out of reach); ``value`` and ``mc_error`` the simulated width or
    power there (at the largest number tried when out of reach); ``probes`` every
    (subjects, value) simulated, in the order tried.
    """

    raters: int
    subjects: int | None
    value: float | None
    mc_error: float | None
    reachable: bool
    reason: str
    probes: tuple[tuple[int, float], ...] = ()

    def to_dict(self, kind: str) -> dict[str, Any]:
        return {"raters": self.raters, "subjects": self.subjects, kind: self.value,
                "mc_error": self.mc_error, "reachable": self.reachable, "reason": self.reason,
                "probes": [{"subjects": n, kind: v} for n, v in self.probes]}


@dataclass(frozen=True)
class TargetResult:
    """Subjects needed per number of raters, for one target."""

    request: PlanRequest
    target: Target
    designs: tuple[SubjectsNeeded, ...]
    complete: bool
    seconds: float
    classical: tuple[ClassicalAnswer | ClassicalPowerAnswer, ...] = ()
    """kappaSize-style answers for Fleiss' kappa (width targets for a, and power targets), one
    per number of raters."""

    def classical_note(self) -> str:
        """How the classical answer's assumptions differ from the t-a-p answer's, in words."""
        return classical_words() if self.target.kind == "width" else classical_power_words()

    def to_dict(self) -> dict[str, Any]:
        req = self.request
        extra = ({"classical": [c.to_dict() for c in self.classical],
                  "classical_note": english_note(self)} if self.classical else {})
        return _finite({
            "t": req.t, "a": req.a, "p": req.p, "source": english(req.source), "sims": req.sims,
            "seed": req.seed, "versus": req.versus, "level": req.level,
            "target": {"kind": self.target.kind, "value": self.target.value,
                       "parameter": self.target.parameter if self.target.kind == "width" else "a"},
            "subjects_needed": [d.to_dict(self.target.kind) for d in self.designs],
            "complete": self.complete, "seconds": round(self.seconds, 3), **extra})


@dataclass(frozen=True)
class TargetProbe:
    """One probe of the search simulated (for live progress)."""

    request_id: int
    raters: int
    subjects: int
    value: float


TargetEvent = PlanEvent | TargetProbe


class _Cancelled(Exception):
    pass


class _Search:
    """The bracket-and-bisect search for one number of raters (probes cached)."""

    def __init__(self, request: PlanRequest, target: Target, raters: int,
                 cancel: CancelToken) -> None:
        self.request, self.target, self.raters, self.cancel = request, target, raters, cancel
        self.seen: dict[int, PlanDesign] = {}
        self.order: list[int] = []

    def probe(self, subjects: int) -> Generator[TargetEvent, None, float]:
        if subjects not in self.seen:
            one = replace(self.request, raters=(self.raters,), subjects=(subjects,))
            result = yield from plan_events(one, self.cancel)
            if not result.complete:
                raise _Cancelled
            self.seen[subjects] = result.designs[0]
            self.order.append(subjects)
            yield TargetProbe(self.request.request_id, self.raters, subjects,
                              self.target.figure(result.designs[0])[0])
        return self.target.figure(self.seen[subjects])[0]

    def propose(self, subjects: int, value: float) -> int:
        """Next number to try: the 1/sqrt(n) scaling of widths, or x2 / /2 for power."""
        if self.target.kind == "width" and value > 0:
            guess = subjects * (value / self.target.value) ** 2
            met = self.target.met(value)
            guess = min(guess, subjects * 0.8) if met else max(guess, subjects * 1.25)
        else:
            guess = subjects / 2 if self.target.met(value) else subjects * 2
        return int(min(max(round(guess), MIN_TARGET_SUBJECTS), MAX_TARGET_SUBJECTS))

    def run(self, start: int) -> Generator[TargetEvent, None, SubjectsNeeded]:
        low, high = None, None                      # largest not met, smallest met
        n = start
        while (low is None or high is None) and len(self.order) < MAX_PROBES:
            value = yield from self.probe(n)
            if self.target.met(value):
                high = n
                if n == MIN_TARGET_SUBJECTS:
                    break
            else:
                low = n
                if n == MAX_TARGET_SUBJECTS:
                    break
            n = self.propose(n, value)
        if high is None:
            return self.answer(None)
        while low is not None and not self.narrow(low, high) and len(self.order) < MAX_PROBES:
            middle = (low + high) // 2
            value = yield from self.probe(middle)
            low, high = (low, middle) if self.target.met(value) else (middle, high)
        return self.answer(high)

    @staticmethod
    def narrow(low: int, high: int) -> bool:
        return high - low <= max(ABSOLUTE_BRACKET, RELATIVE_BRACKET * high)

    def answer(self, subjects: int | None) -> SubjectsNeeded:
        probes = tuple((n, self.target.figure(self.seen[n])[0]) for n in self.order)
        shown = subjects if subjects is not None else max(self.seen)
        value, error = self.target.figure(self.seen[shown])
        if subjects is None:
            return SubjectsNeeded(self.raters, None, value, error, False,
                                  unreachable_reason(self.target, shown, value, error), probes)
        # Translators: why a target search stopped at its smallest study; {n} is its number of
        # subjects ("20").
        reason = (said("already met by the smallest study searched ({n} subjects)",
                       n=MIN_TARGET_SUBJECTS) if subjects == MIN_TARGET_SUBJECTS else "met")
        return SubjectsNeeded(self.raters, subjects, value, error, True, reason, probes)


def english_note(result: TargetResult) -> str:
    """The classical note in English, as JSON keeps it whatever the language."""
    from tapdesk.i18n import language
    from tapdesk.i18n.languages import SOURCE
    with language(SOURCE):
        return result.classical_note()


def unreachable_reason(target: Target, subjects: int, value: float, error: float) -> str:
    """Why the target was not reached, in words (the figure at the largest study tried, with
    its Monte Carlo error)."""
    args = {"n": made(formats.integer, subjects), "most": made(formats.integer, MAX_TARGET_SUBJECTS)}
    if target.kind == "width":
        # Translators: why a width target was not reached: {n} subjects, {figure} the median
        # width there ("0.213 \u00b1 0.004"), {most} the largest study searched ("100,000").
        return said("not reached: with {n} subjects the median width is still {figure} (the "
                    "search stops at {most} subjects)", figure=made(width_figure, value, error),
                    **args)
    # Translators: as above for a power: {figure} is "71.2% \u00b1 1.4".
    return said("not reached: with {n} subjects the power is still {figure} (the search stops "
                "at {most} subjects)", figure=made(power_figure, value, error), **args)


def width_figure(value: float, error: float) -> str:
    """A simulated median width with its Monte Carlo error: "0.213 \u00b1 0.004"."""
    return formats.decimal(value, 3) + plus_minus(error, 3)


def power_figure(value: float, error: float) -> str:
    """A simulated power with its Monte Carlo error: "71.2% \u00b1 1.4"."""
    return formats.percent(value, 1) + plus_minus(100 * error, 1)


# Translators: why no number of subjects is enough with two raters per subject.
TWO_RATERS_REASON = said("not reachable: with only two ratings per subject the t-a-p model "
                         "cannot tell t, a and p apart, so their intervals stay wide however many "
                         "subjects are rated")


def start_subjects(request: PlanRequest) -> int:
    """Where the search starts: the middle of the request's subjects grid."""
    grid = request.subjects
    return int(min(max(grid[len(grid) // 2], MIN_TARGET_SUBJECTS), MAX_TARGET_SUBJECTS))


def target_events(request: PlanRequest, target: Target, cancel: CancelToken | None = None
                  ) -> Generator[TargetEvent, None, TargetResult]:
    """Generator of search events whose return value is the TargetResult.

    Parameters
    ----------
    request
        The plan: assumed t, a, p, the numbers of raters to answer for, the subjects grid
        (the search starts at its middle), studies per probe, seed, level and ``versus``.
    target
        The width or power wanted; a power target needs ``request.versus``.
    cancel
        Checked between simulated batches; cancelled, the result holds the raters done.
    """
    if target.kind == "power" and request.versus is None:
        # Translators: --versus is a command-line option (keep it).
        raise SettingError(_("a target power needs --versus (the accuracy to tell a apart from)"),
                           settings=("versus",))
    cancel = cancel or NEVER_CANCELLED
    started = time.monotonic()
    answers: list[SubjectsNeeded] = []
    for raters in request.raters:
        if raters == 2:
            answers.append(SubjectsNeeded(2, None, None, None, False, TWO_RATERS_REASON))
            continue
        try:
            answers.append((yield from _Search(request, target, raters, cancel)
                            .run(start_subjects(request))))
        except _Cancelled:
            break
        yield StageProgress(request.request_id, "target search", len(answers),
                            len(request.raters))
    complete = len(answers) == len(request.raters)
    return TargetResult(request, target, tuple(answers), complete, time.monotonic() - started,
                        classical_answers(request, target))


def classical_answers(request: PlanRequest, target: Target
                      ) -> tuple[ClassicalAnswer | ClassicalPowerAnswer, ...]:
    """The classical answer per number of raters, where one exists (a width target for a, or a
    power target)."""
    if target.kind == "power":
        assert request.versus is not None       # a power target needs it (target_events)
        return tuple(kappa_power_subjects(request.t, request.a, request.p, request.versus,
                                          raters, request.level, target.value)
                     for raters in request.raters)
    if target.parameter != "a":
        return ()
    return tuple(kappa_subjects(request.t, request.a, request.p, raters, target.value,
                                request.level) for raters in request.raters)


def find_subjects(request: PlanRequest, target: Target, *,
                  on_event: Callable[[TargetEvent], None] | None = None,
                  cancel: CancelToken | None = None) -> TargetResult:
    """Run the search to the end and return its result (events go to ``on_event``)."""
    return drive(target_events(request, target, cancel), on_event)
