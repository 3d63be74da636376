"""The bounded Newton ascent that replaced scipy's L-BFGS-B in the t-a-p fit finds the same maximum.

``tapdesk fit`` no longer imports scipy.optimize (a third of a second of
start-up, issue 15): the EM result is polished by
:func:`tapdesk.engine.binary.mixture_newton.newton_ascent` with exact
derivatives. Checked here against scipy itself: the exact derivatives against
finite differences, the ascent against L-BFGS-B on bounded quadratics, and
the whole t-a-p estimate (point and 95% profile interval) against the same
fit polished by L-BFGS-B, on many seeded data sets with estimates at 0 or 1,
the kappa paradox, t near 0 or 1, two raters and tiny data.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize

from tapdesk.data.binary import CountHistogram, binary_counts
from tapdesk.engine import FitRequest
from tapdesk.engine.binary import mixture_fit
from tapdesk.engine.binary.likelihood import Mixture, log_likelihood
from tapdesk.engine.binary.mixture_newton import MixtureLikelihood, ascent_direction, newton_ascent
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.binary.tap import tap_estimates
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.run import drive
from tests.engine.binary.derivative_checks import assert_derivatives_match

EDGE = mixture_fit.EDGE


def scipy_polish(hist: CountHistogram, mix: Mixture) -> Mixture:
    """The polish as it was before issue 15: L-BFGS-B with the analytic gradient."""
    def objective(x):
        value, grad = mixture_fit.value_and_gradient(hist, x)
        return -value, -grad

    res = minimize(objective, mix.as_array(), jac=True, method="L-BFGS-B",
                   bounds=[(EDGE, 1 - EDGE)] * 3,
                   options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 500})
    cand = Mixture(*map(float, res.x))
    return cand if log_likelihood(hist, cand) >= log_likelihood(hist, mix) else mix


def histogram(t, a, p, subjects, raters, seed):
    return binary_counts(simulate_table(TapParameters(t, a, p), subjects, raters, seed)).histogram()


# (t, a, p, subjects, raters): the kinds of data where a local search can go astray
NAMED = {
    "typical": (0.3, 0.6, 0.4, 300, 5),
    "few raters": (0.5, 0.8, 0.5, 50, 3),
    "many raters": (0.1, 0.7, 0.3, 100, 8),
    "weak raters": (0.39, 0.34, 0.67, 20, 5),
    "t near 0": (0.01, 0.7, 0.3, 200, 5),
    "t near 1": (0.99, 0.6, 0.5, 150, 4),
    "t = 0": (0.0, 0.8, 0.4, 100, 6),
    "t = 1": (1.0, 0.5, 0.5, 80, 4),
    "a = 0": (0.4, 0.0, 0.5, 200, 5),
    "a near 0": (0.5, 0.02, 0.6, 300, 6),
    "a = 1": (0.3, 1.0, 0.4, 100, 5),
    "a near 1": (0.5, 0.98, 0.2, 60, 4),
    "p = 0": (0.3, 0.5, 0.0, 150, 5),
    "p = 1": (0.4, 0.6, 1.0, 150, 5),
    "kappa paradox, Class 0": (0.02, 0.9, 0.02, 300, 5),
    "kappa paradox, Class 1": (0.97, 0.8, 0.95, 200, 4),
    "two raters": (0.4, 0.6, 0.4, 200, 2),
    "tiny, 4 subjects": (0.5, 0.7, 0.5, 4, 3),
    "tiny, 6 subjects, 2 raters": (0.3, 0.6, 0.4, 6, 2),
    "tiny, 3 subjects": (0.2, 0.9, 0.1, 3, 5),
}


def random_cases(n: int, seed: int) -> list[tuple]:
    """Seeded draws, a quarter with t, a fifth with a, a seventh with p at or next to an edge."""
    rng = np.random.default_rng(seed)
    cases = []
    for i in range(n):
        t, a, p = rng.uniform(0, 1, 3)
        t = rng.choice([0.0, 1.0, 0.01, 0.99]) if i % 4 == 0 else t
        a = rng.choice([0.0, 1.0, 0.02, 0.98]) if i % 5 == 0 else a
        p = rng.choice([0.0, 1.0, 0.01]) if i % 7 == 0 else p
        cases.append((float(t), float(a), float(p), int(rng.integers(3, 300)),
                      int(rng.integers(2, 9))))
    return cases


CASES = [(name, *case, 11) for name, case in NAMED.items()]
CASES += [(f"random {i}", *case, 100 + i) for i, case in enumerate(random_cases(30, 15))]


def fitted(hist, monkeypatch, polish):
    monkeypatch.setattr(mixture_fit, "polish", polish)
    return drive(tap_estimates(hist, FitRequest(), NEVER_CANCELLED, emit=False))


@pytest.mark.parametrize("name, t, a, p, subjects, raters, seed", CASES,
                         ids=[case[0] for case in CASES])
def test_the_tap_fit_is_the_one_lbfgsb_polish_gives(name, t, a, p, subjects, raters, seed,
                                                    monkeypatch):
    hist = histogram(t, a, p, subjects, raters, seed)
    new_fit, new = fitted(hist, monkeypatch, mixture_fit.polish)
    old_fit, old = fitted(hist, monkeypatch, scipy_polish)
    # never a lower maximum (Newton often ends a little higher, L-BFGS-B stopping short)
    assert new_fit.log_likelihood >= old_fit.log_likelihood - 1e-9
    assert new_fit.log_likelihood == pytest.approx(old_fit.log_likelihood, abs=1e-6)
    for ours, theirs in zip(new, old):                 # the 95% profile intervals
        assert ours.ci == pytest.approx(theirs.ci, abs=1e-6), ours.name
    t_hat, a_hat, _ = (e.value for e in new)
    # Where the data identify (t, a, p) the point is the same. They do not with two raters
    # (3 parameters, 2 free cell probabilities: a ridge), with a = 0 (then any t fits, and
    # the result says to ignore t) or with t at 0 or 1 (then only one of q1, q0 is seen):
    # each search stops at its own point of the same flat ridge, equally likely.
    if raters > 2 and a_hat > 1e-4 and 1e-4 < t_hat < 1 - 1e-4:
        for ours, theirs in zip(new, old):
            assert ours.value == pytest.approx(theirs.value, abs=1e-6), ours.name


@pytest.mark.parametrize("counts", [
    [(5, 0, 30)],                                   # every rating Class 0: t, q0 at edges
    [(5, 5, 30)],                                   # every rating Class 1
    [(4, 0, 10), (4, 4, 10)],                       # perfect agreement: a = 1
    [(3, 0, 2), (3, 1, 1)],                         # tiny
    [(6, 0, 50), (6, 1, 9), (6, 6, 1)],             # one subject truly Class 1: t near 0
])
def test_polish_on_edge_cases_matches_lbfgsb(counts):
    n, k, w = (np.array(column) for column in zip(*counts))
    hist = CountHistogram(n, k, w)
    # parameters stay EDGE = 1e-9 inside [0, 1]: where the maximum is a corner (one class
    # empty), corners differ by up to (ratings x EDGE) nats, which no search need resolve
    slack = max(1e-9, 2 * hist.n_ratings * EDGE)
    for start in (Mixture(0.5, 0.8, 0.2), Mixture(0.1, 0.6, 0.3), Mixture(0.9, 0.95, 0.05)):
        ours, theirs = mixture_fit.polish(hist, start), scipy_polish(hist, start)
        assert log_likelihood(hist, ours) >= log_likelihood(hist, theirs) - slack
        assert log_likelihood(hist, ours) >= log_likelihood(hist, start)


def test_mixture_derivatives_match_finite_differences():
    hist = histogram(0.3, 0.6, 0.4, 200, 5, 11)
    lik = MixtureLikelihood(hist)
    point = np.array([0.35, 0.7, 0.25])
    value, grad, hess = lik.derivatives(point)
    assert value == pytest.approx(log_likelihood(hist, Mixture(*point)), rel=1e-12)
    assert_derivatives_match(lik, point, 1e-6, grad_abs=1e-5, hess_atol=1e-3)
    np.testing.assert_allclose(grad, mixture_fit.value_and_gradient(hist, point)[1], rtol=1e-10)


def test_ascent_direction_is_newton_when_concave_and_uphill_otherwise():
    rng = np.random.default_rng(3)
    for _ in range(50):
        root = rng.normal(size=(3, 3))
        grad = rng.normal(size=3)
        concave = -(root @ root.T + 0.1 * np.eye(3))
        np.testing.assert_allclose(ascent_direction(grad, concave), -np.linalg.solve(concave, grad),
                                   rtol=1e-8, atol=1e-10)
        indefinite = (root + root.T) / 2
        assert grad @ ascent_direction(grad, indefinite) > 0


@pytest.mark.parametrize("centre", [(0.3, 0.5, 0.7), (1.4, 0.5, -0.3), (-1.0, 2.0, 0.5)])
def test_newton_ascent_finds_the_bounded_maximum_scipy_finds(centre):
    """A concave quadratic whose peak may lie outside the box: the maximum on the box."""
    rng = np.random.default_rng(7)
    root = rng.normal(size=(3, 3))
    curvature = root @ root.T + 0.5 * np.eye(3)
    centre = np.array(centre)

    def value(x):
        d = x - centre
        return float(-d @ curvature @ d)

    def derivatives(x):
        d = x - centre
        return value(x), -2 * curvature @ d, -2 * curvature

    found, best, _ = newton_ascent(derivatives, value, np.full(3, 0.5), (0, 1, 2), 0.0, 1.0,
                                   lambda v: 1e-15, 100)
    reference = minimize(lambda x: -value(x), np.full(3, 0.5), jac=lambda x: -derivatives(x)[1],
                         method="L-BFGS-B", bounds=[(0, 1)] * 3,
                         options={"ftol": 1e-15, "gtol": 1e-12})
    np.testing.assert_allclose(found, reference.x, atol=1e-6)
    assert best >= -reference.fun - 1e-12
    assert np.all((found >= 0) & (found <= 1))


def test_newton_ascent_moves_only_the_parameters_it_is_given():
    lik = MixtureLikelihood(histogram(0.3, 0.6, 0.4, 200, 5, 11))
    start = np.array([0.4, 0.7, 0.2])
    found, value, grad = newton_ascent(lik.derivatives, lik.value, start.copy(), (1, 2), EDGE,
                                       1 - EDGE, lambda v: 1e-12, 100)
    assert found[0] == start[0]
    assert np.abs(grad[1:]).max() < 1e-4                # the other two are at their maximum
    assert value > lik.value(start)
