"""Run a plan: many simulated studies, in worker processes where there are cores.

:func:`plan_events` is a generator like a fit: it yields typed progress
events (:class:`~tapdesk.engine.events.StageProgress` after each batch of
studies, :class:`DesignFinished` when a design's studies are all in) and
returns a :class:`~tapdesk.engine.planning.result.PlanResult`. It checks the
cancel token between batches; cancelled, it returns the designs finished so
far with ``complete`` False. Worker processes are started with "spawn" (safe
from a GUI thread, the same on every platform) and ended when the plan ends,
however it ends.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.planning.request import PlanRequest
from tapdesk.engine.planning.result import PlanDesign, PlanResult, summarise_design
from tapdesk.engine.planning.studies import COLUMNS, Chunk, run_chunk
from tapdesk.engine.run import drive
from tapdesk.threads import limit_this_process

STAGE = "simulated studies"
STUDIES_PER_CHUNK = 200
"""A design's studies are fitted together in batches of at most this many (progress and cancel
points): enough that each array pass does real work, few enough for progress every second or so."""
MIN_STUDIES_FOR_PROCESSES = 1000
"""Smaller plans run in this process: starting workers would cost more than it saves (a worker
spends about a second importing the engine; the batched fits of 1,000 studies take about two)."""
POLL_SECONDS = 0.1


@dataclass(frozen=True)
class DesignFinished:
    """All simulated studies of one design are in (partial results for live tables)."""

    request_id: int
    design: PlanDesign


PlanEvent = StageProgress | DesignFinished
PlanGenerator = Generator[PlanEvent, None, PlanResult]


def available_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_count(request: PlanRequest) -> int:
    """Processes to use: the request's choice, else one per core (1 = this process)."""
    if request.workers is not None:
        return request.workers
    if request.n_studies < MIN_STUDIES_FOR_PROCESSES:
        return 1
    return available_cores()


def chunks(request: PlanRequest) -> list[Chunk]:
    """The plan's studies in batches, design by design (so designs finish one after another)."""
    size = min(request.sims, STUDIES_PER_CHUNK)
    out = []
    for raters, subjects in request.designs:
        for first in range(0, request.sims, size):
            out.append(Chunk(request.t, request.a, request.p, raters, subjects, request.raters[-1],
                             request.subjects[-1], request.seed, first,
                             min(first + size, request.sims), request.n_starts, request.tolerance,
                             request.level))
    return out


def plan_events(request: PlanRequest, cancel: CancelToken | None = None) -> PlanGenerator:
    """Generator of plan events whose return value is the PlanResult."""
    cancel = cancel or NEVER_CANCELLED
    started = time.monotonic()
    tasks = chunks(request)
    workers = min(worker_count(request), len(tasks))
    pending: dict[tuple[int, int], list[np.ndarray]] = {design: [] for design in request.designs}
    remaining = dict.fromkeys(request.designs, 0)
    for task in tasks:
        remaining[(task.raters, task.subjects)] += 1
    finished: dict[tuple[int, int], PlanDesign] = {}
    done = 0
    yield StageProgress(request.request_id, STAGE, 0, request.n_studies)
    source = _in_process(tasks, cancel) if workers == 1 else _in_processes(tasks, workers, cancel)
    for task, rows in source:
        key = (task.raters, task.subjects)
        pending[key].append(rows)
        remaining[key] -= 1
        done += len(rows)
        yield StageProgress(request.request_id, STAGE, done, request.n_studies)
        if remaining[key] == 0:
            finished[key] = summarise_design(request, *key, np.vstack(pending[key]))
            yield DesignFinished(request.request_id, finished[key])
    complete = not cancel.requested and len(finished) == len(request.designs)
    if not complete:
        for key, parts in pending.items():
            rows = np.vstack(parts) if parts else np.empty((0, len(COLUMNS)))
            if key not in finished and len(rows) >= 2:
                finished[key] = summarise_design(request, *key, rows)
    designs = tuple(finished[key] for key in request.designs if key in finished)
    return PlanResult(request, designs, complete, time.monotonic() - started, workers)


def plan(request: PlanRequest, *, on_event: Callable[[PlanEvent], None] | None = None,
         cancel: CancelToken | None = None) -> PlanResult:
    """Run a plan to the end and return its result (events go to ``on_event``)."""
    return drive(plan_events(request, cancel), on_event)


def _in_process(tasks: list[Chunk], cancel: CancelToken) -> Iterator[tuple[Chunk, np.ndarray]]:
    for task in tasks:
        if cancel.requested:
            return
        rows = run_chunk(task, cancel)
        if len(rows):
            yield task, rows


def _start_worker() -> None:
    """Worker start-up: Ctrl+C goes to the main process, which ends the workers itself; one
    BLAS thread, as in every process of TapDesk's own (the caller of :func:`tapdesk.plan` may
    compute with more: a worker inherits its environment, not its limit)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    limit_this_process()


def _in_processes(tasks: list[Chunk], workers: int,
                  cancel: CancelToken) -> Iterator[tuple[Chunk, np.ndarray]]:
    import multiprocessing
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=_start_worker)
    try:
        results = pool.imap_unordered(_run_indexed, list(enumerate(tasks)), chunksize=1)
        for _ in tasks:
            while True:
                if cancel.requested:
                    return
                try:
                    index, rows = results.next(timeout=POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    continue
            yield tasks[index], rows
    finally:
        pool.terminate()
        pool.join()


def _run_indexed(item: tuple[int, Chunk]) -> tuple[int, np.ndarray]:
    index, task = item
    return index, run_chunk(task)
