"""The frozen description of a study plan: assumed t, a, p and the candidate designs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest, check_level, next_request_id
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import level_percent
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.text import Text

MAX_DESIGNS = 100
MAX_SIMS = 20_000
MAX_SUBJECTS = 100_000
MAX_RATERS = 200
MIN_SIMS = 20
"""Fewer simulated studies per design would make the Monte Carlo error as large as the effect."""

PLAN_STARTS = FitRequest.n_starts
PLAN_TOLERANCE = FitRequest.tolerance
"""Each simulated study is fitted with the settings of ``tapdesk fit`` (12 optimisation starts,
EM to a relative tolerance of 1e-10, then a Newton polish): fewer starts missed the global
maximum on about one simulated study in two hundred (low accuracy, few subjects)."""


@dataclass(frozen=True)
class PlanRequest:
    """Everything that decides a plan's result; equal requests give equal results.

    Parameters
    ----------
    t, a, p
        The assumed truth: share of subjects in Class 1, accuracy, guess rate.
    raters
        Candidate numbers of raters per subject (each at least 2).
    subjects
        Candidate numbers of subjects (each at least 5).
    sims
        Simulated studies per design.
    seed
        Seed of every simulated study.
    versus
        Accuracy to compare with: the plan reports how often the interval
        for a (at ``level``) excludes it (None: no comparison).
    level
        Level of the intervals of every simulated study's fit (0.95: 95%
        intervals); widths and power are those of intervals at this level.
    n_starts, tolerance
        Settings of the t-a-p fit of each simulated study (those of ``tapdesk fit``).
    workers
        Processes to use; None decides from the cores available.
    source
        Where t, a, p came from, in words (a fit of a file, or "typed in").
    """

    t: float
    a: float
    p: float
    raters: tuple[int, ...] = (2, 3, 5, 8)
    subjects: tuple[int, ...] = (50, 100, 200, 400)
    sims: int = 200
    seed: int = 1
    versus: float | None = None
    level: float = DEFAULT_LEVEL
    n_starts: int = PLAN_STARTS
    tolerance: float = PLAN_TOLERANCE
    workers: int | None = None
    # Translators: where a plan's assumed t, a, p come from when the user typed them.
    source: str | Text = Text(N_("typed in"))
    request_id: int = field(default_factory=next_request_id, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "raters", tuple(sorted({int(r) for r in self.raters})))
        object.__setattr__(self, "subjects", tuple(sorted({int(n) for n in self.subjects})))
        self.validate()

    def validate(self) -> None:
        for name in ("t", "a", "p"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                # Translators: a plan's setting out of range: {name} is t, a or p, {value} the
                # number given ("1.5").
                raise SettingError(_("{name} must lie between 0 and 1; got {value}").format(
                    name=name, value=f"{value:g}"), settings=(name,))
        if not self.raters:
            # Translators: a plan's setting left empty ("3,5" is typed as it is).
            raise SettingError(_("give at least one number of raters per subject, like 3,5"),
                               settings=("raters",))
        if not self.subjects:
            # Translators: a plan's setting left empty ("100,200" is typed as it is).
            raise SettingError(_("give at least one number of subjects, like 100,200"),
                               settings=("subjects",))
        if self.raters[0] < 2 or self.raters[-1] > MAX_RATERS:
            # Translators: {most} is the largest number of raters a plan takes ("200"), {value}
            # the number given.
            raise SettingError(_("each number of raters per subject must be between 2 and {most} "
                                 "(a subject needs two ratings to show agreement); got {value}").format(
                most=MAX_RATERS, value=self.raters[0] if self.raters[0] < 2 else self.raters[-1]),
                settings=("raters",))
        if self.subjects[0] < 5 or self.subjects[-1] > MAX_SUBJECTS:
            # Translators: {most} is the largest number of subjects a plan takes ("100,000"),
            # {value} the number given.
            raise SettingError(_("each number of subjects must be between 5 and {most}; got "
                                 "{value}").format(
                most=formats.integer(MAX_SUBJECTS),
                value=self.subjects[0] if self.subjects[0] < 5 else self.subjects[-1]),
                settings=("subjects",))
        if len(self.raters) * len(self.subjects) > MAX_DESIGNS:
            # Translators: {raters} numbers of raters times {subjects} numbers of subjects make
            # {designs} designs, more than {most} ("100").
            raise SettingError(_("{raters} x {subjects} = {designs} designs is more than {most}; "
                                 "plan with fewer candidate numbers").format(
                raters=len(self.raters), subjects=len(self.subjects),
                designs=len(self.raters) * len(self.subjects), most=MAX_DESIGNS),
                settings=("raters", "subjects"))
        if not MIN_SIMS <= self.sims <= MAX_SIMS:
            # Translators: {fewest} and {most} bound the simulated studies per design ("20",
            # "20,000"); {value} is the number given.
            raise SettingError(_("the number of simulated studies per design must be between "
                                 "{fewest} and {most}; got {value}").format(
                fewest=MIN_SIMS, most=formats.integer(MAX_SIMS), value=self.sims),
                settings=("sims",))
        if self.versus is not None and not 0.0 < self.versus < 1.0:
            # Translators: {value} is the number given ("1.2").
            raise SettingError(_("the accuracy to compare with must lie strictly between 0 and 1; "
                                 "got {value}").format(value=f"{self.versus:g}"),
                               settings=("versus",))
        object.__setattr__(self, "level", check_level(self.level))
        if self.n_starts < 1:
            # Translators: n_starts is a setting's name (as the API spells it): keep it.
            raise SettingError(_("n_starts must be at least 1"))
        if self.workers is not None and self.workers < 1:
            # Translators: workers is a setting's name (the number of processes): keep it.
            raise SettingError(_("workers must be at least 1"))

    @property
    def designs(self) -> tuple[tuple[int, int], ...]:
        """(raters, subjects) pairs, raters first, both ascending."""
        return tuple((r, n) for r in self.raters for n in self.subjects)

    @property
    def n_studies(self) -> int:
        return len(self.designs) * self.sims


def estimates_from_fit(result: FitResult | None) -> tuple[float, float, float] | None:
    """(t, a, p) to plan from: the fit's own, averaged over classes or raters when it has no
    single a or p; None when the result has no t."""
    if result is None:
        return None
    values = {e.name: e.value for e in result.params if e.category is None and e.identified}
    if "t" not in values:
        return None

    def pooled(name: str, pair: tuple[str, str]) -> float | None:
        if name in values:
            return values[name]
        if all(k in values for k in pair):
            return (values[pair[0]] + values[pair[1]]) / 2
        raters = [r for r in result.raters if any(e.name == name for e in r.estimates)]
        total = sum(r.n_ratings for r in raters)
        return sum(r.get(name).value * r.n_ratings for r in raters) / total if total else None

    a, p = pooled("a", ("a0", "a1")), pooled("p", ("p0", "p1"))
    if a is None or p is None:
        return None
    clip = lambda v: min(max(float(v), 0.0), 1.0)
    return clip(values["t"]), clip(a), clip(p)


def parse_counts(text: str, option: str) -> tuple[int, ...]:
    """"2,3,5,8" -> (2, 3, 5, 8); a SettingError naming ``option`` otherwise."""
    parts = [part.strip() for part in str(text).replace(";", ",").split(",") if part.strip()]
    try:
        values = tuple(int(part) for part in parts)
    except ValueError:
        # Translators: {option} is a command-line option ("--raters"), {text} what was given.
        raise SettingError(_("{option} must be whole numbers separated by commas, like 2,3,5,8; "
                             "got {text}").format(option=option,
                                                  text=formats.quoted(text))) from None
    if not values:
        # Translators: {option} is a command-line option ("--raters").
        raise SettingError(_("{option} is empty; give whole numbers separated by commas, like "
                             "2,3,5").format(option=option))
    return values


level_words = level_percent
"""A level as a percent ("95%", "97.5%"): the words module's one rule."""


def counts_text(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)
