"""A fit as it runs in the worker process: the job, then what the results views show beside it.

Qt-free, and imported by the worker process (:mod:`tapdesk.engine.process`)
by name: :func:`run_fit` runs the job (by default :func:`run_model`, fit the
registered model; the analyses of :mod:`tapdesk.engine.analyses` are jobs
too), then computes the extras of :mod:`tapdesk.report.extras` (the
classical coefficients, and after an MCMC fit the exact posterior to overlay),
so none of that work happens in the app's process. Jobs must be module-level
functions (or ``functools.partial`` of one) so that they pickle by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.process import ENGINE_MODULES
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult
from tapdesk.engine.run import fit

if TYPE_CHECKING:
    from tapdesk.report import extras as result_extras

Job = Callable[..., FitResult]          # job(request, table, cancel, on_event) -> FitResult


EXTRAS_MODULE = "tapdesk.report.extras"
WORKER_PRELOAD = (*ENGINE_MODULES, __name__, EXTRAS_MODULE)
"""What the app's worker processes import before their first fit (the engine, this module and
the extras; the app's first window imports none of them)."""

@dataclass(frozen=True)
class FitOutcome:
    """A finished job's result with the extras computed beside it (None: not applicable/failed)."""

    result: FitResult
    extras: result_extras.ResultExtras | None = None
    exact: FitResult | None = None


def run_model(request: FitRequest, table: RatingsTable, cancel: CancelToken,
              on_event) -> FitResult:
    """The default job: fit the registered model named by the request."""
    return fit(request, table, on_event=on_event, cancel=cancel)


def run_fit(job: Job | None, request: FitRequest, table: RatingsTable, *,
            cancel: CancelToken, on_event) -> FitOutcome:
    """Run ``job`` (default :func:`run_model`) and compute the results views' extras."""
    from tapdesk.report import extras as result_extras
    result = (job or run_model)(request, table, cancel, on_event)
    if result is None or cancel.requested:
        return FitOutcome(result)
    try:
        extras = result_extras.compute_extras(result, table)
    except Exception:   # noqa: BLE001 - the view recomputes (and reports) if this fails
        extras = None
    exact = None
    if result_extras.has_exact_companion(result):
        on_event(StageProgress(request.request_id, "exact posterior", 0, 1))
        try:
            exact = result_extras.compute_exact(result, table, cancel)
        except Exception:   # noqa: BLE001 - the densities are then shown without the overlay
            exact = None
    return FitOutcome(result, extras, exact)


def adopt(outcome: FitOutcome, table: RatingsTable) -> FitResult:
    """In the app: keep the extras computed by the worker for the views; return the result."""
    from tapdesk.report import extras as result_extras
    if outcome.extras is not None:
        result_extras.keep_extras(outcome.result, table, outcome.extras)
    if outcome.exact is not None:
        result_extras.attach_exact(outcome.result, outcome.exact)
    return outcome.result
