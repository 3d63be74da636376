"""The ridge marginals made chunk by chunk (issue 29): the same as all at once, and exact.

A ridge parameter's marginal is a mixture of millions of uniform pieces; they
are binned a chunk at a time (:class:`~tapdesk.engine.bayes.ridge_pieces.PieceBins`),
so memory stays bounded. Checked here: the CDF at the fine edges against a
direct sum over the pieces, the result against
:func:`~tapdesk.engine.bayes.adaptive.piece_marginal` on all pieces at once,
and whole ridge marginals with tiny chunks against one chunk.
"""

import functools

import numpy as np
import pytest

from tapdesk.engine.bayes.adaptive import Marginals, piece_marginal
from tapdesk.engine.bayes.ridge_fibres import RIDGE_FIBRES, prior_map
from tapdesk.engine.bayes.ridge_grid import ridge_grid
from tapdesk.engine.bayes.ridge_marginals import exact_marginals
from tapdesk.engine.bayes.ridge_pieces import PieceBins
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS
from tapdesk.engine.binary.simulate import TapParameters, expected_counts
from tapdesk.engine.request import Prior

HIST = expected_counts(TapParameters(0.3, 0.7, 0.4), 60, 4)
PRIORS = {"a0": (4, 2), "p": (2, 3), "a": (3, 2), "p1": (2, 2), "t": (2, 2)}


class _Binned(Marginals):
    names = ("x",)

    def __init__(self, edges, mass):
        self._e, self._m = edges, mass

    def logit_edges(self, name):
        return self._e

    def marginal_mass(self, name):
        return self._m


def _pieces(n=20_000, seed=3):
    rng = np.random.default_rng(seed)
    lo = rng.normal(-1.0, 1.5, n)
    hi = lo + rng.gamma(2.0, 0.1, n)
    hi[:50] = lo[:50]                    # some point masses
    mass = rng.gamma(1.0, 1.0, n)
    return lo, hi, mass / mass.sum()


def test_fine_cdf_is_the_exact_cdf_of_the_pieces_whatever_the_chunks():
    lo, hi, mass = _pieces()
    whole = PieceBins(lo.min(), hi.max(), 1.0, bins=512)
    whole.add(lo, hi, mass)
    split = PieceBins(lo.min(), hi.max(), 1.0, bins=512)
    for part in np.array_split(np.arange(lo.size), 7):
        split.add(lo[part], hi[part], mass[part])
    x = whole.edges
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(hi > lo, (x[:, None] - lo) / (hi - lo), (x[:, None] > lo).astype(float))
    direct = (np.clip(share, 0.0, 1.0) * mass).sum(axis=1)
    np.testing.assert_allclose(whole.cdf(), direct, atol=1e-12)
    np.testing.assert_allclose(split.cdf(), whole.cdf(), rtol=1e-12, atol=1e-14)
    assert whole.total == pytest.approx(1.0, rel=1e-12)


def test_marginal_matches_piece_marginal_of_all_the_pieces():
    lo, hi, mass = _pieces()
    bins = PieceBins(lo.min(), hi.max(), 1.0)
    bins.add(lo, hi, mass)
    ours, reference = _Binned(*bins.marginal()), _Binned(*piece_marginal(lo, hi, mass))
    a, b = ours.figures("x"), reference.figures("x")
    assert np.abs(a - b).max() < 1e-3 * b[1]
    assert ours.marginal_mass("x").sum() == pytest.approx(1.0, rel=1e-9)


@functools.cache
def _grid(model):
    pm = prior_map(tuple(Prior(n, *PRIORS.get(n, (1, 1))) for n in HISTOGRAM_MODELS[model].names))
    return ridge_grid(model, HIST, RIDGE_FIBRES[model], pm), pm


@pytest.mark.parametrize("model", list(RIDGE_FIBRES))
def test_chunked_ridge_marginals_equal_the_unchunked_ones(model):
    grid, pm = _grid(model)
    fibres = RIDGE_FIBRES[model]
    names = tuple(n for f in fibres for n in f.params)
    whole = exact_marginals(grid, fibres, pm, names, chunk=10 ** 9)
    chunked = exact_marginals(grid, fibres, pm, names, chunk=37)
    for name in names:
        np.testing.assert_array_equal(chunked.logit_edges(name), whole.logit_edges(name))
        np.testing.assert_allclose(chunked.marginal_mass(name), whole.marginal_mass(name),
                                   rtol=1e-9, atol=1e-14)


def test_chains_of_pieces_bin_as_their_pieces_one_by_one():
    """add_rows (neighbouring pieces sharing an end, one ramp per end) gives what add gives
    for the same pieces: rows rising, falling and turning, non-finite ends, point masses and
    pieces below the floor."""
    rng = np.random.default_rng(5)
    x = np.cumsum(rng.normal(0.05, 0.2, (300, 41)), axis=1)
    x[:100] = np.sort(x[:100], axis=1)[:, ::-1]          # falling rows
    x[7, 3], x[9, 0], x[11, 40] = np.inf, -np.inf, np.nan
    x[13, 5:8] = x[13, 5]                                 # two pieces of no width
    mass = rng.gamma(1.0, 1.0, (300, 40))
    mass[20, :10] = 1e-30                                 # below the floor
    mass /= mass.sum()
    rows = PieceBins(-6.0, 6.0, 1.0, bins=1024)
    rows.add_rows(x, mass)
    one = PieceBins(-6.0, 6.0, 1.0, bins=1024)
    a, b = x[:, :-1], x[:, 1:]
    with np.errstate(invalid="ignore"):
        one.add(np.minimum(a, b).ravel(), np.maximum(a, b).ravel(), mass.ravel())
    np.testing.assert_allclose(rows.cdf(), one.cdf(), rtol=1e-10, atol=1e-13)
    assert (rows.total, rows.low, rows.high) == pytest.approx((one.total, one.low, one.high))
    for got, want in zip(rows.binned(), one.binned()):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-13)
