"""Exact grid posterior: resolution-independence, an independent Monte Carlo check, the kappa paradox."""

import numpy as np
import pytest

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.grid import grid_posterior
from tapdesk.engine.bayes.summaries import summarise_grid
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, mixture_log_likelihood
from tapdesk.engine.binary.likelihood import tap_log_likelihood_grid
from tapdesk.engine.binary.simulate import TapParameters, expected_counts
from tapdesk.engine.request import Prior

TAP = HISTOGRAM_MODELS["tap"]
UNIFORM = tuple(Prior(n) for n in TAP.names)
KAPPA = CountHistogram(np.array([2, 2]), np.array([0, 1]), np.array([998, 2]))
QS = [0.05, 0.25, 0.5, 0.75, 0.95]


def test_own_likelihood_matches_the_binary_module():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 300, 5)
    t, a, p = np.meshgrid([0.1, 0.5, 0.9], [0.05, 0.5, 0.95], [0.2, 0.7], indexing="ij")
    ours = mixture_log_likelihood(hist, *TAP.mixture(t, a, p))
    np.testing.assert_allclose(ours, tap_log_likelihood_grid(hist, t, a, p), rtol=1e-12)


@pytest.mark.parametrize("hist", [KAPPA, expected_counts(TapParameters(0.3, 0.6, 0.4), 300, 5),
                                  expected_counts(TapParameters(0.2, 0.8, 0.3), 100000, 10)])
def test_grid_is_accurate_to_0005_two_resolutions_agree(hist):
    coarse = grid_posterior(TAP, hist, UNIFORM, n_points=96)
    fine = grid_posterior(TAP, hist, UNIFORM, n_points=160)
    for name in TAP.names:
        assert abs(coarse.mean(name) - fine.mean(name)) < 0.005
        np.testing.assert_allclose(coarse.quantile(name, QS), fine.quantile(name, QS), atol=0.005)


def test_grid_agrees_with_independent_importance_sampling():
    """Posterior means by weighting 400,000 prior draws with the likelihood (no grid at all)."""
    hist = expected_counts(TapParameters(0.4, 0.5, 0.5), 40, 4)
    rng = np.random.default_rng(5)
    theta = rng.random((400_000, 3))
    ll = tap_log_likelihood_grid(hist, theta[:, 0], theta[:, 1], theta[:, 2])
    w = np.exp(ll - ll.max())
    w /= w.sum()
    grid = grid_posterior(TAP, hist, UNIFORM)
    ess = 1 / (w ** 2).sum()
    for i, name in enumerate(TAP.names):
        mc = (w * theta[:, i]).sum()
        sd = np.sqrt((w * (theta[:, i] - mc) ** 2).sum())
        assert abs(grid.mean(name) - mc) < 4 * sd / np.sqrt(ess) + 1e-3


def test_kappa_paradox_accuracy_is_bimodal_on_the_grid():
    grid = grid_posterior(TAP, KAPPA, UNIFORM)
    a = summarise_grid("a", grid)
    assert a.multimodal
    assert min(a.modes) < 0.05 and max(a.modes) > 0.95
    lo, hi = grid.quantile("a", [0.1, 0.9])      # substantial mass at both ends
    assert lo < 0.05 and hi > 0.95
    assert not summarise_grid("t", grid).multimodal


def test_identified_posterior_is_unimodal_and_centred():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 2000, 6)
    grid = grid_posterior(TAP, hist, UNIFORM)
    for name, true in zip(TAP.names, (0.3, 0.6, 0.4)):
        s = summarise_grid(name, grid)
        assert not s.multimodal
        assert s.hdi90[0] < true < s.hdi90[1]
        assert s.quantiles[0] < s.quantiles[2] < s.quantiles[4]


def test_expert_model_grid_and_prior_changes_posterior():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.3), 50, 3)
    expert = HISTOGRAM_MODELS["expert"]
    flat = grid_posterior(expert, hist, (Prior("t"), Prior("a")))
    strong = grid_posterior(expert, hist, (Prior("t"), Prior("a", 50, 50)))
    assert abs(flat.mean("t") - 0.3) < 0.05
    assert abs(strong.mean("a") - 0.5) < abs(flat.mean("a") - 0.5)
