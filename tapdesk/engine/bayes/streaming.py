"""Running a sampler as progress events: Draws per chain per batch and running summaries."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tapdesk.engine.bayes.samplers import Batch, ChainsOutput
from tapdesk.engine.events import Draws, RunningSummary, StageProgress
from tapdesk.engine.request import FitRequest


class RunningDraws:
    """Collects kept draws as batches arrive and summarises them (for RunningSummary events).

    A summary sorts every kept draw so far, so one per batch would make a long run's cost
    grow with the square of its length: summaries come when the kept draws have grown by
    GROWTH since the last one (every batch early on, every few near the end), and
    :meth:`summary` gives the last one when the run ends.
    """

    GROWTH = 1.1

    def __init__(self, request_id: int, names: tuple[str, ...]) -> None:
        self.request_id, self.names = request_id, names
        self.parts: list[np.ndarray] = []         # each: chains x batch draws x params
        self.count = self.summarised = 0          # kept draws per chain: in all, at the last summary

    @property
    def pending(self) -> bool:
        """Draws arrived since the last summary."""
        return self.count > self.summarised

    def add(self, theta: np.ndarray) -> RunningSummary | None:
        """Keep a batch; the summary of all kept draws when they have grown enough."""
        self.parts.append(np.asarray(theta, dtype=float))
        self.count += theta.shape[1]
        return self.summary() if self.count >= self.GROWTH * self.summarised else None

    def summary(self) -> RunningSummary:
        kept = np.concatenate(self.parts, axis=1)
        self.parts, self.summarised = [kept], kept.shape[1]
        pooled = kept.reshape(-1, kept.shape[2])
        q05, q50, q95 = np.quantile(pooled, [0.05, 0.5, 0.95], axis=0)
        sd = pooled.std(axis=0, ddof=1) if len(pooled) > 1 else np.zeros(pooled.shape[1])
        return RunningSummary(self.request_id, self.names, (kept.shape[1],) * kept.shape[0],
                              tuple(pooled.mean(axis=0).tolist()), tuple(sd.tolist()),
                              tuple(q05.tolist()), tuple(q50.tolist()), tuple(q95.tolist()))


CANCELLED_DRAWS = 5000
"""A cancelled run keeps at most this many draws per chain, evenly spaced: summarising every
draw of a long run (sorts, ranks, FFT autocovariances: about 375 ms for 4 x 25,000 draws of
3 parameters) would hold up the answer to the cancel, which must come within 100 ms."""


Mapper = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]


def identity(values: np.ndarray, log_post: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return values, log_post


def stream_chains(request: FitRequest, sampler, names: tuple[str, ...], mapper: Mapper = identity,
                  max_names: int = 64):
    """Run a sampler generator, yielding Draws per chain per batch; returns its ChainsOutput.

    ``mapper(values, log_posterior)`` turns a batch of the sampler's state
    into (parameters (chains, n, len(names)), reported log posterior); it is
    called once per batch, in order (so a mapper may draw random numbers), and
    the returned ChainsOutput holds the mapped kept draws. ``first_draw``
    counts warm-up iterations from 0 for warm-up batches and kept draws from 0
    afterwards. Events carry at most ``max_names`` values per draw (the first
    ones), to keep streaming cheap for large models.
    """
    total = request.warmup + request.draws
    shown = names[:max_names]
    running = RunningDraws(request.request_id, shown)
    thetas: list[np.ndarray] = []
    traces: list[np.ndarray] = []
    while True:
        try:
            batch: Batch = next(sampler)
        except StopIteration as stop:
            out = stop.value
            if running.pending and out.complete:      # (a cancelled run stops at once)
                yield running.summary()
            kept = out.values.shape[1]
            done = sum(t.shape[1] for t in thetas)
            theta = np.concatenate(thetas, axis=1)[:, done - kept:done]
            trace = np.concatenate(traces, axis=1)[:, done - kept:done]
            if not out.complete and kept > CANCELLED_DRAWS:
                pick = np.linspace(0, kept - 1, CANCELLED_DRAWS).round().astype(int)
                theta, trace = theta[:, pick], trace[:, pick]
            return ChainsOutput(theta, trace, out.complete, out.accept_rate, out.extra)
        theta, log_post = mapper(batch.values, batch.log_posterior)
        thetas.append(theta)
        traces.append(log_post)
        first = batch.first if batch.warmup else batch.first - request.warmup
        for chain in range(theta.shape[0]):
            yield Draws(request.request_id, chain, first, batch.warmup, shown,
                        tuple(map(tuple, theta[chain, :, :len(shown)].tolist())),
                        tuple(log_post[chain].tolist()))
        summary = None if batch.warmup else running.add(theta[:, :, :len(shown)])
        if summary is not None:
            yield summary
        done = batch.first + batch.values.shape[1]
        stage = ("warm-up" if batch.warmup else "sampling" if done <= total else
                 "more draws, until every parameter has 1000 effective draws")
        yield StageProgress(request.request_id, stage, done, max(total, done))
