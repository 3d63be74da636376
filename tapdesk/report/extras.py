"""What the results views show beside a fit, computed once, in the fit's worker process.

:class:`ResultExtras` is a small typed holder: the classical coefficients on
the model's view of the data (with the pairwise Cohen kappas for the rater
accuracy heatmap; the paragraph's and the kappa-paradox note's Fleiss' kappa is the same
number, read by :mod:`tapdesk.engine.story.findings`), each subject's
labels (:mod:`tapdesk.report.labels`, the Subjects tab's rows) and, for
an MCMC fit of a model that also has an exact grid posterior, that exact
posterior (overlaid on the posterior densities). :func:`compute_extras`
never touches Qt, so the worker process computes it right after the fit
(:mod:`tapdesk.gui.tasks.fit_task`); the views call
:func:`extras_for`, which only computes (on the GUI thread) what the worker
did not, e.g. for fits reopened from a project.

Holders are keyed by the identity of the result and the table and dropped
when the result is garbage collected.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.coefficients import AgreementResult, PairwiseCohen, coefficients_for_fit
from tapdesk.engine.request import COEFFICIENT_BOOTSTRAP
from tapdesk.engine.results import FitResult
from tapdesk.errors import TapDeskError
from tapdesk.report.labels import SubjectLabels, subject_labels


@dataclass(frozen=True)
class ResultExtras:
    """Extras of one (result, table) pair; any field may be None (not applicable or failed)."""

    coefficients: AgreementResult | None = None
    labels: SubjectLabels | None = None
    """Each subject's labels at the starting review threshold (the Subjects tab's rows)."""

    @property
    def pairwise(self) -> PairwiseCohen | None:
        return self.coefficients.pairwise_cohen if self.coefficients is not None else None


_EXTRAS: dict[tuple[int, int], ResultExtras] = {}
_EXACT: dict[int, FitResult] = {}


def _forget(key) -> None:
    if isinstance(key, tuple):
        _EXTRAS.pop(key, None)
    else:
        _EXACT.pop(key, None)


def _remember(store: dict, key, value, owner: object) -> None:
    store[key] = value
    try:
        weakref.finalize(owner, _forget, key)
    except TypeError:           # an object without weak references: keep a bounded cache instead
        while len(store) > 64:
            store.pop(next(iter(store)))


def compute_extras(result: FitResult, table) -> ResultExtras:
    """The coefficients and subject labels for ``result`` (Qt-free; any thread)."""
    coefficients = labels = None
    if table is not None:
        try:
            labels = subject_labels(result, table)
        except TapDeskError:
            labels = None
        try:
            coefficients = coefficients_for_fit(result, table, bootstrap=COEFFICIENT_BOOTSTRAP)
        except TapDeskError:
            coefficients = None
    return ResultExtras(coefficients, labels)


def precompute(result: FitResult, table) -> ResultExtras:
    """Compute and keep the extras of (result, table) unless they are kept already."""
    key = (id(result), id(table))
    if key not in _EXTRAS:
        keep_extras(result, table, compute_extras(result, table))
    return _EXTRAS[key]


def keep_extras(result: FitResult, table, extras: ResultExtras) -> None:
    """Keep extras computed elsewhere (the worker process) for (result, table)."""
    _remember(_EXTRAS, (id(result), id(table)), extras, result)


def extras_for(result: FitResult, table) -> ResultExtras:
    return precompute(result, table)


# ------------------------------------------------------------- exact posterior
def has_exact_companion(result: FitResult) -> bool:
    """True for a complete MCMC fit of a model that also offers the exact grid posterior."""
    if result.method != "mcmc" or not result.complete or result.posterior is None:
        return False
    from tapdesk.engine.registry import get_model
    try:
        return "exact" in get_model(result.request.model).methods
    except TapDeskError:
        return False


def compute_exact(result: FitResult, table, cancel: CancelToken | None = None) -> FitResult | None:
    """The exact grid posterior for the same request as an MCMC ``result`` (worker thread).

    Same model, data, Class 1 and priors; only the method differs. None when
    the model has no exact method, the computation was cancelled or failed.
    """
    if table is None or not has_exact_companion(result):
        return None
    from tapdesk.engine.run import fit
    cancel = cancel or NEVER_CANCELLED
    try:
        exact = fit(replace(result.request, method="exact"), table, cancel=cancel)
    except TapDeskError:
        return None
    if cancel.requested or not exact.complete or exact.posterior is None:
        return None
    attach_exact(result, exact)
    return exact


def attach_exact(result: FitResult, exact: FitResult) -> None:
    _remember(_EXACT, id(result), exact, result)


def exact_for(result: FitResult) -> FitResult | None:
    """The exact posterior computed beside an MCMC fit, if any."""
    return _EXACT.get(id(result))
