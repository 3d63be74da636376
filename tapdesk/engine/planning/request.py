"""The frozen description of a study plan: assumed t, a, p and the candidate designs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest, check_level, next_request_id
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import level_percent
from tapdesk.errors import SettingError
from tapdesk.i18n import N_
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
                raise SettingError(f"{name} must lie between 0 and 1; got {value:g}", settings=(name,))
        if not self.raters:
            raise SettingError("give at least one number of raters per subject, like 3,5",
                               settings=("raters",))
        if not self.subjects:
            raise SettingError("give at least one number of subjects, like 100,200",
                               settings=("subjects",))
        if self.raters[0] < 2 or self.raters[-1] > MAX_RATERS:
            raise SettingError(f"each number of raters per subject must be between 2 and "
                               f"{MAX_RATERS} (a subject needs two ratings to show agreement); "
                               f"got {self.raters[0] if self.raters[0] < 2 else self.raters[-1]}",
                               settings=("raters",))
        if self.subjects[0] < 5 or self.subjects[-1] > MAX_SUBJECTS:
            raise SettingError(f"each number of subjects must be between 5 and {MAX_SUBJECTS:,}; got "
                               f"{self.subjects[0] if self.subjects[0] < 5 else self.subjects[-1]}",
                               settings=("subjects",))
        if len(self.raters) * len(self.subjects) > MAX_DESIGNS:
            raise SettingError(f"{len(self.raters)} x {len(self.subjects)} = "
                               f"{len(self.raters) * len(self.subjects)} designs is more than "
                               f"{MAX_DESIGNS}; plan with fewer candidate numbers",
                               settings=("raters", "subjects"))
        if not MIN_SIMS <= self.sims <= MAX_SIMS:
            raise SettingError(f"the number of simulated studies per design must be between "
                               f"{MIN_SIMS} and {MAX_SIMS:,}; got {self.sims}", settings=("sims",))
        if self.versus is not None and not 0.0 < self.versus < 1.0:
            raise SettingError(f"the accuracy to compare with must lie strictly between 0 and 1; "
                               f"got {self.versus:g}", settings=("versus",))
        object.__setattr__(self, "level", check_level(self.level))
        if self.n_starts < 1:
            raise SettingError("n_starts must be at least 1")
        if self.workers is not None and self.workers < 1:
            raise SettingError("workers must be at least 1")

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
        raise SettingError(f"{option} must be whole numbers separated by commas, like 2,3,5,8; "
                           f"got '{text}'") from None
    if not values:
        raise SettingError(f"{option} is empty; give whole numbers separated by commas, like 2,3,5")
    return values


level_words = level_percent
"""A level as a percent ("95%", "97.5%"): the words module's one rule."""


def counts_text(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)
