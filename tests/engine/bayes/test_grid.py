"""Exact grid posterior: resolution-independence, an independent Monte Carlo check, the kappa paradox."""

import numpy as np
import pytest

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.adaptive import HDI_TOLERANCE, TOLERANCE
from tapdesk.engine.bayes.coordinates import coordinates_for
from tapdesk.engine.bayes.grid import adaptive_posterior, grid_posterior
from tapdesk.engine.bayes.methods import EXACT_OK
from tapdesk.engine.bayes.summaries import summarise_grid
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, log_mixture_likelihood, mixture_log_likelihood
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


def test_log_likelihood_from_logs_matches_and_survives_rates_near_one():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 300, 5)
    rng = np.random.default_rng(2)
    t, q1, q0 = rng.random((200, 1)), rng.random((200, 7)), rng.random((200, 7)) ** 6
    direct = mixture_log_likelihood(hist, t, q1, q0)
    logged = log_mixture_likelihood(hist, np.log(t), np.log1p(-t), np.log(q1), np.log1p(-q1),
                                    np.log(q0), np.log1p(-q0))
    np.testing.assert_allclose(logged, direct, rtol=1e-10)
    # 1 - q1 = 1e-20 cannot be held by q1 itself, but its log can
    near = log_mixture_likelihood(hist, np.log(0.5), np.log(0.5), np.log1p(-1e-20),
                                  np.log(1e-20), np.log(0.3), np.log(0.7))
    assert np.isfinite(near) and near < -1000


def test_mixture_coordinates_density_is_the_posterior_times_its_jacobian():
    """The (t, r, u) density equals the t-a-p density on logit(t, a, p) times the Jacobian of
    the map, computed here by finite differences (an independent check of the algebra)."""
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 100, 4)
    priors = (Prior("t", 2, 3), Prior("a", 1.5, 1), Prior("p", 1, 2.5))
    coords = coordinates_for(TAP, hist, priors)
    rng = np.random.default_rng(3)
    z = rng.uniform(-4, 4, (500, 3))

    def tap_logits(z):
        found = coords.parameters([z[:, 0], z[:, 1], z[:, 2]])
        return np.column_stack([found[n][0] - found[n][1] for n in "tap"])
    h = 1e-5
    jac = np.stack([(tap_logits(z + h * e) - tap_logits(z - h * e)) / (2 * h) for e in np.eye(3)],
                   axis=2)
    x = tap_logits(z)
    theta = 1 / (1 + np.exp(-x))
    direct = (mixture_log_likelihood(hist, *TAP.mixture(*theta.T))
              + sum(pr.alpha * np.log(theta[:, i]) + pr.beta * np.log1p(-theta[:, i])
                    for i, pr in enumerate(priors)))
    ours = coords.log_density([z[:, 0], z[:, 1], z[:, 2]])
    np.testing.assert_allclose(ours, direct + np.log(np.abs(np.linalg.det(jac))), atol=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("hist", [KAPPA, expected_counts(TapParameters(0.3, 0.6, 0.4), 300, 5),
                                  expected_counts(TapParameters(0.2, 0.8, 0.3), 100000, 10)])
def test_grid_states_its_error_and_a_finer_grid_agrees(hist):
    """The default grid stops when its last two passes agree to 0.005 sd on every mean, sd and
    quantile and to 0.01 sd on the HDI ends, and states an error within the 0.02 sd it must
    meet (the change extrapolated, plus the figures' own error: issue 25); a much finer grid
    agrees with it about as closely (the HDI ends to 0.015 sd: the finer grid's own are
    uncertain by about 0.01)."""
    grid = adaptive_posterior(TAP, hist, UNIFORM)
    assert grid.complete and HDI_TOLERANCE / 2 <= grid.error <= EXACT_OK
    finer = adaptive_posterior(TAP, hist, UNIFORM, tolerance=0.0,
                               schedule=((48, 16, 32), (72, 20, 48), (162, 32, 128), (240, 40, 192)))
    for name in TAP.names:
        moved = np.abs(grid.figures(name) - finer.figures(name)) / finer.sd(name)
        assert moved[:-2].max() <= 2 * TOLERANCE and moved[-2:].max() <= 0.015, (name, moved)


def test_cancelled_grid_is_marked_incomplete():
    calls = iter(range(1000))
    grid = grid_posterior(TAP, KAPPA, UNIFORM, cancelled=lambda: next(calls) > 2)
    assert not grid.complete


def test_a_cancel_in_the_middle_of_a_pass_stops_that_pass_at_its_next_chunk():
    """Cancel is checked before every chunk of density evaluations, not only between passes
    (a late pass takes about a second), and the last finished pass is returned."""
    from dataclasses import dataclass

    from tapdesk.engine.bayes.coordinates import MixtureCoordinates
    from tapdesk.engine.bayes.grid import SCHEDULE, adaptive_grid

    calls: list[int] = []

    @dataclass(frozen=True)
    class Counting(MixtureCoordinates):
        def log_density(self, z):
            calls.append(z[-1].size)
            return super().log_density(z)

    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 300, 5)
    base = coordinates_for(TAP, hist, UNIFORM)
    coords = Counting(base.hist, base.t_prior, base.log_g, base.reported)
    schedule = SCHEDULE[3][:6]               # all six passes: the last, 884,736 cells, in 4 chunks
    full = adaptive_grid(coords, schedule, tolerance=0.0)
    total = len(calls)
    calls.clear()
    stop_at = total - 3                      # within the last pass
    cut = adaptive_grid(coords, schedule, tolerance=0.0,
                        cancelled=lambda: len(calls) >= stop_at)
    assert full.complete and not cut.complete
    assert len(calls) == stop_at             # not one evaluation after the cancel was seen
    assert cut.passes == full.passes - 1 and cut.mass.shape != full.mass.shape


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
    assert a.multimodal and len(a.modes) == 2
    assert min(a.modes) < 0.05 and max(a.modes) > 0.95
    assert all(m >= 0.05 for m in a.mode_masses) and sum(a.mode_masses) <= 1 + 1e-9
    lo, hi = grid.quantile("a", [0.1, 0.9])      # substantial mass at both ends
    assert lo < 0.05 and hi > 0.95
    assert not summarise_grid("t", grid).multimodal


def test_identified_posterior_is_unimodal_and_centred():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 2000, 6)
    grid = grid_posterior(TAP, hist, UNIFORM)
    for name, true in zip(TAP.names, (0.3, 0.6, 0.4)):
        s = summarise_grid(name, grid)
        assert not s.multimodal
        assert s.hdi[0] < true < s.hdi[1]
        assert s.quantiles[0] < s.quantiles[2] < s.quantiles[4]


def test_expert_model_grid_and_prior_changes_posterior():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.3), 50, 3)
    expert = HISTOGRAM_MODELS["expert"]
    flat = grid_posterior(expert, hist, (Prior("t"), Prior("a")))
    strong = grid_posterior(expert, hist, (Prior("t"), Prior("a", 50, 50)))
    assert abs(flat.mean("t") - 0.3) < 0.05
    assert abs(strong.mean("a") - 0.5) < abs(flat.mean("a") - 0.5)


def test_binned_pieces_are_exact_and_points_bin_as_pieces_of_no_width():
    """A mixture of uniform pieces binned on equal bins: each bin holds exactly the mass the
    pieces put in it (checked piece by piece), and points (pieces of no width, as the span
    pass bins them) land in the bin that holds them."""
    from tapdesk.engine.bayes.adaptive import PIECE_BINS, binned_pieces
    rng = np.random.default_rng(4)
    n = PIECE_BINS + 1000                 # more pieces than bins: the equal-bin route
    lo = rng.normal(size=n)
    hi = lo + rng.exponential(0.05, size=n)
    mass = rng.random(n)
    edges, binned = binned_pieces(lo, hi, mass)
    assert edges.size == PIECE_BINS + 1 and binned.sum() == pytest.approx(mass.sum(), rel=1e-9)
    expected = np.zeros(PIECE_BINS)
    for part in np.array_split(np.arange(n), 8):        # piece by piece, 500 at a time
        overlap = np.clip(np.minimum(hi[part, None], edges[None, 1:])
                          - np.maximum(lo[part, None], edges[None, :-1]), 0.0, None)
        expected += (overlap / (hi - lo)[part, None] * mass[part, None]).sum(axis=0)
    np.testing.assert_allclose(binned, expected, rtol=1e-7, atol=1e-9 * mass.sum())
    points = rng.normal(size=n)
    edges, binned = binned_pieces(points, points, mass)
    inner = (points < edges[-1])                  # the top point sits on the last edge
    expected = np.bincount(np.searchsorted(edges, points[inner], side="right") - 1,
                           mass[inner], PIECE_BINS)
    np.testing.assert_allclose(binned, expected, rtol=1e-9, atol=1e-12)


def test_joint_bins_are_the_bins_histogram2d_gives_edges_and_strays_included():
    """The exact joints bin a grid's cells by arithmetic (equal_bin_index); each value lands
    where np.histogram2d puts it: on an edge, a hair either side of one, outside, NaN."""
    from tapdesk.engine.bayes.posterior_result import JOINT_BINS, equal_bin_index
    rng = np.random.default_rng(0)
    for lo, hi in ((0.0, 0.37), (0.1234, 0.9), (0.55, 0.5500031)):
        edges = np.linspace(lo, hi, JOINT_BINS + 1)
        x = np.concatenate([rng.uniform(lo - 0.1, hi + 0.1, 4000), edges,
                            np.nextafter(edges, 2), np.nextafter(edges, -2), [np.nan]])
        y = rng.uniform(0, 1, x.size)
        w = rng.uniform(0, 1, x.size)
        expected = np.histogram2d(x, y, bins=JOINT_BINS, range=[(lo, hi), (0.2, 0.8)],
                                  weights=w)[0]
        bx, by = equal_bin_index(x, lo, hi, JOINT_BINS), equal_bin_index(y, 0.2, 0.8, JOINT_BINS)
        side = JOINT_BINS + 1                   # index JOINT_BINS: outside the range
        got = np.bincount(bx * side + by, w, side ** 2).reshape(side, side)[:-1, :-1]
        np.testing.assert_array_equal(got, expected)
