"""Typed progress events that fits yield while they run.

A fit is a generator: it yields these frozen events and returns a
:class:`~tapdesk.engine.results.FitResult`. The GUI turns each event into a
plot update; the command line ignores them or prints progress. Events carry
no string-keyed dicts: parameter values travel as ``names`` plus ``values``
tuples in a fixed order.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FitStarted:
    """A fit began: the model, and how many optimisation starts it will run."""

    request_id: int
    model: str
    n_starts: int


@dataclass(frozen=True)
class Iteration:
    """One iteration of one start of an iterative optimiser (EM, Newton...)."""

    request_id: int
    start: int
    iteration: int
    log_likelihood: float
    names: tuple[str, ...]
    values: tuple[float, ...]


@dataclass(frozen=True)
class StartFinished:
    """A start converged (or hit its iteration limit)."""

    request_id: int
    start: int
    log_likelihood: float
    iterations: int
    converged: bool


@dataclass(frozen=True)
class StageProgress:
    """Progress through a counted stage such as a bootstrap (done of total)."""

    request_id: int
    stage: str
    done: int
    total: int


@dataclass(frozen=True)
class Draws:
    """New posterior draws from one chain (for live trace plots and densities).

    ``values`` is a tuple of draws, each draw a tuple in the order of ``names``.
    """

    request_id: int
    chain: int
    first_draw: int
    warmup: bool
    names: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    log_posterior: tuple[float, ...]


@dataclass(frozen=True)
class RunningSummary:
    """Posterior summaries of the kept draws so far, all chains pooled (after each batch).

    ``draws_per_chain`` says how many kept draws each chain has contributed;
    the statistics tuples follow the order of ``names``.
    """

    request_id: int
    names: tuple[str, ...]
    draws_per_chain: tuple[int, ...]
    mean: tuple[float, ...]
    sd: tuple[float, ...]
    q05: tuple[float, ...]
    q50: tuple[float, ...]
    q95: tuple[float, ...]


ProgressEvent = FitStarted | Iteration | StartFinished | StageProgress | Draws | RunningSummary
