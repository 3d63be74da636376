"""Adaptive random-walk Metropolis for the histogram models, all chains at once.

Why this sampler: the average models' log posterior is a sum over a few
dozen histogram cells whatever the number of subjects, so one evaluation for
all chains together costs tens of microseconds. A random walk on the logit
scale (Jacobian included, see :class:`~tapdesk.engine.bayes.targets.LogitTarget`)
needs no gradients and, with its proposal covariance learned during
warm-up (Haario et al. 2001, scaled 2.38^2/d as in Roberts & Rosenthal
2001), mixes well in these 2-5 dimensional, sometimes strongly correlated
posteriors (the a0-a1 ridge). Gradient samplers (HMC/NUTS) would need a
compiled model or autodiff, which a frozen desktop bundle cannot carry.

Every chain draws its random numbers from one seeded Generator in a fixed
order per iteration, so the draws are bit-identical whether or not anyone
consumes the progress batches, and whenever the run is cancelled the draws
so far are a prefix of the full run's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np

TARGET_ACCEPT = 0.3
MIN_ITERATIONS = 20
"""Iterations always run, even when cancelled at once, so a cancelled run still has draws."""
MIX_WIDE = 0.1
"""Share of proposals made 3x wider, so chains also cross between distant modes."""


@dataclass(frozen=True, eq=False)
class Batch:
    """Iterations [first, first + n) of every chain: values (chains, n, dim) and log posterior."""

    first: int
    warmup: bool
    values: np.ndarray
    log_posterior: np.ndarray


@dataclass(frozen=True, eq=False)
class ChainsOutput:
    """Kept (post-warm-up) draws: values (chains, n, dim), log posterior (chains, n)."""

    values: np.ndarray
    log_posterior: np.ndarray
    complete: bool
    accept_rate: np.ndarray
    extra: dict


SamplerGenerator = Generator[Batch, None, ChainsOutput]


class BatchCutter:
    """Cuts a sampler's iterations into Batches for streaming.

    A batch ends every ``size`` iterations, at the end of warm-up and at the
    last iteration; ``rest`` returns what is left after an early stop (cancel).
    """

    def __init__(self, values: np.ndarray, trace: np.ndarray, n_warmup: int, total: int,
                 size: int) -> None:
        self.values, self.trace = values, trace
        self.n_warmup, self.total, self.size = n_warmup, total, size
        self.first = 0

    def take(self, done: int) -> tuple[Batch, ...]:
        """The batch ending at iteration ``done``, if one ends there (``yield from`` it)."""
        if done - self.first == self.size or done == self.n_warmup or done == self.total:
            return (self._cut(done),)
        return ()

    def advance(self, runner: RunUntil, done: int) -> tuple[Batch, ...]:
        """After sweep ``done``: lets ``runner`` extend the run, then :meth:`take`."""
        self.total = runner.extend(self.values, done)
        return self.take(done)

    def rest(self, done: int) -> tuple[Batch, ...]:
        """What is left after the last batch, if anything (``yield from`` it)."""
        return (self._cut(done),) if done > self.first else ()

    def _cut(self, done: int) -> Batch:
        first, self.first = self.first, done
        return Batch(first, first < self.n_warmup, self.values[:, first:done],
                     self.trace[:, first:done])


class KeptMean:
    """A per-sweep array (chains first) averaged over the chains' kept sweeps (after warm-up);
    before any sweep is kept, the last sweep's chain mean. The samplers' Rao-Blackwellised
    class probabilities."""

    def __init__(self, first: np.ndarray, n_warmup: int) -> None:
        self.last, self.total, self.n_warmup = first, np.zeros_like(first), n_warmup

    def add(self, i: int, value: np.ndarray) -> np.ndarray:
        """Sweep ``i``'s value, kept when past warm-up; returns it."""
        self.last = value
        if i >= self.n_warmup:
            self.total += value
        return value

    def mean(self, done: int) -> np.ndarray:
        """The mean after ``done`` sweeps."""
        kept = max(done - self.n_warmup, 0)
        return self.total.mean(axis=0) / kept if kept else self.last.mean(axis=0)


ESS_TARGET = 1000
"""Run-until: the bulk effective sample size every parameter should reach."""
EXTEND_CAP = 4
"""Run-until: at most this many times the requested draws."""


class RunUntil:
    """Extends a sampler past its requested draws until its draws are good enough, with a cap.

    After the requested draws, and after every further ``chunk`` iterations,
    the kept draws are checked: every bulk ESS >= ESS_TARGET, every tail ESS
    >= 400 and every R-hat <= 1.01 stop the run; otherwise it continues, up to
    EXTEND_CAP times the requested draws. Checking costs a few milliseconds
    per parameter, far less than the iterations between checks.
    """

    def __init__(self, n_warmup: int, n_draws: int, enabled: bool = True) -> None:
        self.n_warmup, self.n_draws = n_warmup, n_draws
        self.cap = n_warmup + (EXTEND_CAP * n_draws if enabled else n_draws)
        self.chunk = max(n_draws // 2, 100)
        self.total = n_warmup + n_draws

    def extend(self, values: np.ndarray, done: int) -> int:
        """The new total after ``done`` iterations (values (chains, iterations, params))."""
        from tapdesk.engine.bayes.diagnostics import ESS_OK, RHAT_OK, diagnose
        if done < self.total or self.total >= self.cap:
            return self.total
        kept = values[:, self.n_warmup:done]
        for k in range(kept.shape[2]):
            d = diagnose(kept[:, :, k])
            if d.ess_bulk < ESS_TARGET or d.ess_tail < ESS_OK or d.rhat > RHAT_OK:
                self.total = min(self.cap, self.total + self.chunk)
                break
        return self.total


def dispersed_starts(dim: int, chains: int, rng: np.random.Generator) -> np.ndarray:
    """Logit-scale starts spread over the parameter space: stratified in each coordinate."""
    strata = (rng.permuted(np.tile(np.arange(chains), (dim, 1)), axis=1).T
              + rng.random((chains, dim))) / chains
    theta = 0.05 + 0.9 * strata
    return np.log(theta) - np.log1p(-theta)


class _Adapter:
    """Per-chain proposal: Cholesky factor of (2.38^2/d) x the warm-up covariance, times a
    Robbins-Monro scale that steers the acceptance rate to TARGET_ACCEPT."""

    def __init__(self, chains: int, dim: int, n_warmup: int) -> None:
        self.factor = 2.38 / np.sqrt(dim)
        self.log_scale = np.zeros(chains)
        self.chol = np.tile(self.factor * np.eye(dim), (chains, 1, 1))
        self.n_warmup = n_warmup
        self.dim = dim

    def step(self, i: int, accepted: np.ndarray, history: np.ndarray) -> None:
        gain = 1.0 / (1.0 + i) ** 0.6
        self.log_scale += gain * 3.0 * (accepted - TARGET_ACCEPT)
        if i >= 100 and i % 50 == 0 and i < 0.9 * self.n_warmup:
            self._set_covariance(history[:, i // 2:i + 1])

    def _set_covariance(self, window: np.ndarray) -> None:
        centred = window - window.mean(axis=1, keepdims=True)
        cov = np.einsum("cni,cnj->cij", centred, centred) / max(window.shape[1] - 1, 1)
        cov += 1e-8 * np.eye(self.dim)
        self.chol = self.factor * np.linalg.cholesky(cov)


def _proposal(x: np.ndarray, adapter: _Adapter, archive: np.ndarray | None,
              rng: np.random.Generator) -> np.ndarray:
    """Mixture proposal, every piece symmetric (so plain Metropolis acceptance holds).

    Always the same random numbers in the same order, whatever piece is used:
    Gaussian step (adapted covariance; 1 in 10 three times wider); with an
    archive, 4 in 10 differential-evolution steps gamma (z1 - z2) between two
    archived warm-up draws of the same chain (ter Braak & Vrugt 2008: they
    follow the posterior's own local shape and scale, which a single Gaussian
    cannot in curved or funnel-like posteriors such as the kappa paradox's),
    and 1 in 10 with gamma = 1, which jumps between modes.
    """
    chains: int                      # (x.shape does not say so, and rng.random(chains) is an array)
    chains, dim = x.shape
    z = rng.standard_normal((chains, dim))
    kind = rng.random(chains)
    picks = rng.integers(0, archive.shape[1] if archive is not None else 1, size=(2, chains))
    size = np.exp(adapter.log_scale) * np.where(kind < MIX_WIDE, 3.0, 1.0)
    step = np.matmul(adapter.chol, z[:, :, None])[:, :, 0] * size[:, None]
    if archive is not None:
        rows = np.arange(chains)
        diff = archive[rows, picks[0]] - archive[rows, picks[1]]
        gamma = np.where(kind > 0.9, 1.0, 2.38 / np.sqrt(2 * dim))
        # the DE step's small jitter reuses z: it is independent of the difference, so symmetric
        step = np.where((kind > 0.5)[:, None], gamma[:, None] * diff + 1e-4 * z, step)
    return x + step


def random_walk(target: Callable[[np.ndarray], np.ndarray], start: np.ndarray, n_warmup: int,
                n_draws: int, rng: np.random.Generator, cancelled: Callable[[], bool],
                batch: int = 100) -> SamplerGenerator:
    """Adaptive random-walk Metropolis on all chains at once (a generator of Batches).

    The proposal adapts during warm-up only; afterwards it is fixed (the
    archive for differential-evolution steps is the second half of warm-up),
    so the kept draws come from a proper Markov chain.
    """
    chains, dim = start.shape
    total = n_warmup + n_draws
    x = start.astype(float).copy()
    lp = target(x)
    values = np.empty((chains, total, dim))
    trace = np.empty((chains, total))
    adapter = _Adapter(chains, dim, n_warmup)
    accepted_sum = np.zeros(chains)
    done = 0
    cutter = BatchCutter(values, trace, n_warmup, total, batch)
    de_from = max(n_warmup // 2, 1)
    for i in range(total):
        if i >= MIN_ITERATIONS and cancelled():
            break
        if i >= n_warmup and n_warmup >= 20:
            archive = values[:, de_from:n_warmup]
        elif i >= max(de_from, 20):
            archive = values[:, i // 2:i]
        else:
            archive = None
        proposal = _proposal(x, adapter, archive, rng)
        u = rng.random(chains)
        lp_new = target(proposal)
        with np.errstate(invalid="ignore", over="ignore"):
            accept = np.log(u) < lp_new - lp
        x = np.where(accept[:, None], proposal, x)
        lp = np.where(accept, lp_new, lp)
        values[:, i], trace[:, i] = x, lp
        if i < n_warmup:
            adapter.step(i, accept.astype(float), values)
        else:
            accepted_sum += accept
        done = i + 1
        yield from cutter.take(done)
    yield from cutter.rest(done)
    kept = max(done - n_warmup, 0)
    return finish_chains(values, trace, done, n_warmup, total, accepted_sum / max(kept, 1), {})


def finish_chains(values: np.ndarray, trace: np.ndarray, done: int, n_warmup: int, total: int,
                  accept_rate: np.ndarray, extra: dict) -> ChainsOutput:
    """The kept draws; a run cancelled in warm-up keeps the second half of what it has."""
    first = n_warmup if done - n_warmup >= 4 else done // 2
    extra = dict(extra, from_warmup=first < n_warmup)
    return ChainsOutput(values[:, first:done], trace[:, first:done], done == total,
                        accept_rate, extra)
