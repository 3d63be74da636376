"""A deterministic work budget for the per-rater fit's profile-likelihood searches.

The profile path (each rater's own intervals, every comparison with the rest of the panel,
the panel's test) maximises the whole likelihood under a constraint thousands of times. Where
the estimates sit inside (0, 1) Newton steps settle each search in a handful of evaluations;
where many sit at 0 or 1 (a sparse design: three labels an item, a few dozen a rater) the
Newton steps fail, the searches go on over the box and then by SLSQP, hundreds of
evaluations each, and a small file takes minutes (30 raters x 300 items, 3 labels each:
about 170 s).

The work is counted as it is done, in evaluations of the whole likelihood (its value and
gradient, or its information matrix), each weighted by its size (:func:`spend`): a count,
never a clock, so the same file always takes the same path. Once the budget is spent the
searches stop with :class:`ProfileBudgetSpent`, and the per-rater fit compares the raters
from their own labels instead (the many-raters path, :mod:`crowd_standing` and
:mod:`crowd_family`, judged together against simulated panels).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

EVALUATION_BUDGET = 100_000
"""Evaluations (of a small panel: see :func:`spend`) one per-rater fit's profile searches may
make, about 4 s of CPU here. Measured, in these units: wine (4 judges, Class 1 silver or
below, guess rates near 1) 48,000 (3.0 s in all), the most of any panel in the tests; 20
raters x 200 subjects, every rater rating every subject, 28,000 (1.2 s); sparse designs of 3
labels an item: 12 raters x 300 items 63,000 (2.7 s), 20 raters 824,000 (38 s), 30 raters
more still."""


class ProfileBudgetSpent(Exception):
    """The profile searches of one fit have spent their budget (not a ValueError: the
    searches' own fall-backs, which catch those, must let this through)."""


class _Left:
    """The evaluations a fit's searches may still make."""

    def __init__(self, evaluations: int) -> None:
        self.evaluations: float = evaluations


_left: ContextVar[_Left | None] = ContextVar("profile_budget_left", default=None)


@contextmanager
def profile_budget(evaluations: int = EVALUATION_BUDGET) -> Iterator[None]:
    """Within the block the profile searches may make ``evaluations`` (outside any block they
    are not counted). The block must not yield (it would carry the budget to the caller)."""
    token = _left.set(_Left(evaluations))
    try:
        yield
    finally:
        _left.reset(token)


FIXED_COST = 15_000
"""An evaluation's fixed cost (Python, numpy calls: about 50 us here) in pattern-parameters,
the unit of its arithmetic (about 3 ns each)."""


def spend(patterns: int, parameters: int) -> None:
    """Count one evaluation over ``patterns`` distinct rating patterns (or subjects) and
    ``parameters``, in evaluations of a small panel (1 + patterns x parameters / FIXED_COST);
    raise ProfileBudgetSpent once the budget is spent."""
    left = _left.get()
    if left is None:
        return
    left.evaluations -= 1 + patterns * parameters / FIXED_COST
    if left.evaluations < 0:
        raise ProfileBudgetSpent("the profile searches spent their budget of evaluations")
