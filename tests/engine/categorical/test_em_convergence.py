"""EM's inner and outer stopping (issue 43): the M-step's root search finds Q's maximiser in a
few steps, and the EM runs stop at the log-likelihood's maximum, not where its rises get small."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical import ds_em, mstep
from tapdesk.engine.categorical.common import prepare
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.restarts import em_from
from tapdesk.engine.em.steps import NOISE, settled

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "crowd_small.csv"


def best_q(confusion: np.ndarray) -> float:
    """Q's maximum by brute force, independent of the root search under test: for a fixed a,
    Q is separable and concave in u_k = (1 - a) p_k under sum u = 1 - a, so its maximiser has
    each u_k at the stationary point of D_k log(a + u) + O_k log(u) - lam u for the multiplier
    lam that makes them sum to 1 - a (found by bisection); then a by a grid and a bounded
    scalar search around the grid's best."""
    diag, off = mstep.split_confusion(confusion)

    def u_for(a: float, lam: float) -> np.ndarray:
        b = lam * a - diag - off                  # lam u^2 + b u - O a = 0, the root >= 0
        root = (-b + np.sqrt(b * b + 4 * lam * off * a)) / (2 * lam)
        return np.where(off > 0, root, np.maximum(diag / lam - a, 0.0))

    def q_at(a: float) -> float:
        if a >= 1.0:
            return float(mstep.q_value(confusion, 1.0, np.full(len(diag), 1 / len(diag))))
        lo, hi = 1e-12, 1e15
        for _ in range(80):
            lam = np.sqrt(lo * hi)
            lo, hi = (lam, hi) if u_for(a, lam).sum() > 1 - a else (lo, lam)
        u = u_for(a, np.sqrt(lo * hi))
        return float(mstep.q_value(confusion, a, u / u.sum()))

    grid = np.linspace(0.0, 1.0, 51)
    values = [q_at(a) for a in grid]
    i = int(np.argmax(values))
    found = minimize_scalar(lambda a: -q_at(a), bounds=(grid[max(i - 1, 0)], grid[min(i + 1, 50)]),
                            method="bounded", options={"xatol": 1e-12})
    return max(max(values), -float(found.fun))


def confusions(seed: int) -> list[np.ndarray]:
    """Soft confusion matrices as raters give them: good and poor raters, a handful of labels,
    a category never used, a rater almost always right."""
    rng = np.random.default_rng(seed)
    out = []
    for k in (2, 3, 4):
        for accuracy in (0.05, 0.4, 0.8, 0.97, 0.9999):
            t = rng.dirichlet(np.ones(k))
            p = rng.dirichlet(np.ones(k))
            model = t[:, None] * (accuracy * np.eye(k) + (1 - accuracy) * p[None, :])
            for n in (5, 100, 10_000):
                out.append(rng.multinomial(n, model.ravel()).reshape(k, k) + rng.random((k, k)) * 1e-3)
    zero = out[7].copy()
    zero[:, 0] = 0.0
    return out + [zero]


def test_the_root_search_reaches_the_brute_force_maximum_of_q():
    mats = confusions(1)
    for conf in mats:
        k = conf.shape[0]
        a, p = mstep.exact_m_step(conf, np.full(k, 1 / k))
        assert float(mstep.q_value(conf, a, p)) >= best_q(conf) - 1e-9 * conf.sum()


def test_the_root_search_takes_a_few_newton_steps_whatever_the_warm_start(monkeypatch):
    """At the root Newton lands on an end of the bracket; taking it ends the search there
    (refusing it sent the search off by bisection for some fifty steps)."""
    calls = []
    real = mstep._h

    def counted(a, d, o, c):
        calls.append(len(a))
        return real(a, d, o, c)
    monkeypatch.setattr(mstep, "_h", counted)
    rng = np.random.default_rng(3)
    stacked = np.array([c for c in confusions(4) if c.shape == (3, 3)])
    for guess in (0.5, rng.uniform(0.01, 0.99, len(stacked))):
        calls.clear()
        a, _ = mstep.exact_m_step(stacked, np.full((len(stacked), 3), 1 / 3), guess)
        assert len(calls) <= 12
        calls.clear()
        again, _ = mstep.exact_m_step(stacked, np.full((len(stacked), 3), 1 / 3), a)
        assert len(calls) <= 3                    # started at the root: done at once
        assert again == pytest.approx(a, abs=1e-12)


def geometric(first: float, ratio: float, n: int, start: float = -1000.0) -> list[float]:
    return list(start + first * np.cumsum(ratio ** np.arange(n)))


def test_settled_waits_while_small_rises_still_add_up():
    tol = 1e-10
    scale = 1001.0
    # rises shrinking by 0.99 a step: the last rise is under the tolerance long before the
    # sum of those still to come (rise * 0.99 / 0.01) is
    trace = geometric(1.0, 0.99, 3000)
    first_small = next(i for i in range(2, len(trace)) if trace[i] - trace[i - 1] <= tol * scale)
    assert not settled(trace[:first_small + 1], tol)
    stop = next(i for i in range(3, len(trace)) if settled(trace[:i + 1], tol))
    remaining = trace[-1] + (trace[-1] - trace[-2]) * 0.99 / 0.01 - trace[stop]
    assert stop > first_small and remaining <= tol * scale * 1.01


def test_settled_takes_fast_convergence_at_its_last_rise_and_stops_at_rounding():
    tol = 1e-10
    assert settled(geometric(1.0, 0.1, 14), tol)                # rise 1e-13, the rest 1e-14
    assert not settled(geometric(1.0, 0.1, 8), tol)
    flat = [-1000.0, -990.0, -990.0 + NOISE * 100]
    assert settled(flat, tol)
    growing = [-1000.0, -1000.0 + 1e-9, -1000.0 + 3e-9]     # rises growing: not yet
    assert not settled(growing, 1e-11)


@pytest.fixture(scope="module")
def small() -> RaterData:
    return RaterData.from_prepared(prepare(read_ratings(FIXTURE).table))


def plain_em_maximum(data: RaterData) -> float:
    """The reference: plain EM (no extrapolation) from the majority vote, run until the
    log-likelihood rises no more than rounding."""
    start = ds_em.from_posterior(data, data.vote_shares())
    gen = em_from(data, start, e_step=e_step, m_step=ds_em.m_step,
                  confusion=lambda params: params.confusion, shown=lambda params: params.t,
                  start_index=0, request_id=0, tolerance=1e-15, max_iterations=200_000,
                  cancel=NEVER_CANCELLED, names=(), emit=False)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value[1]


def test_dawid_skene_stops_at_the_maximum_a_long_plain_em_run_reaches(small):
    reference = plain_em_maximum(small)
    result = fit(FitRequest(model="dawid-skene"), read_ratings(FIXTURE).table)
    assert result.converged
    assert result.log_likelihood.nats >= reference - 1e-9
