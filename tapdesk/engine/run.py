"""Run a fit request: as a generator of progress events, or to completion."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import ProgressEvent
from tapdesk.engine.registry import FitGenerator, get_model
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult, with_scale_labels
from tapdesk.errors import SettingError
from tapdesk.i18n import SOURCE
from tapdesk.i18n.current import each_step_in
from tapdesk.i18n.deferred import made, said, shown

T = TypeVar("T")
E = TypeVar("E")

RESULT_CHECKS: list[Callable[[FitResult], None]] = []
"""Called on every result :func:`fit_events` returns, in this process: empty in the app; the
command line adds report/consistency.py's check of p-values against their intervals when
``TAPDESK_CHECK_P_VALUES`` is set (:mod:`tapdesk.cli.fit_checks`; the test suite sets it, so
the fits of the commands it runs as processes are checked too, issue 55)."""


def fit_events(request: FitRequest, table: RatingsTable,
               cancel: CancelToken | None = None) -> FitGenerator:
    """Generator of progress events whose return value is the FitResult (made in English
    whatever the language current: :func:`tapdesk.i18n.current.each_step_in`)."""
    spec = get_model(request.model)
    fitter = spec.fitter(request.method, explains=request.explains)
    if spec.entry.needs_rater_ids and not table.has_rater_ids:
        # Translators: {model} is the model's title ("Dawid-Skene (one confusion matrix per
        # rater)").
        raise SettingError(said("the {model} model needs to know which rater gave each rating, "
                                "but these data have no rater identities",
                                model=made(shown, spec.title)))
    # a result keeps data and English (its texts are written again when shown, issue 54)
    result = yield from each_step_in(SOURCE, fitter(request, table, cancel or NEVER_CANCELLED))
    result = with_scale_labels(result, table.scale)
    for check in RESULT_CHECKS:
        check(result)
    return result


def drive(gen: Generator[E, None, T], on_event: Callable[[E], None] | None = None) -> T:
    """Run an engine generator to the end: events go to ``on_event``, its return value back."""
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            return stop.value
        if on_event is not None:
            on_event(event)


def fit(request: FitRequest, table: RatingsTable, *,
        on_event: Callable[[ProgressEvent], None] | None = None,
        cancel: CancelToken | None = None) -> FitResult:
    """Run a fit to the end and return its result (events go to ``on_event``)."""
    return drive(fit_events(request, table, cancel), on_event)
