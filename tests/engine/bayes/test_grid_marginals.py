"""The grid's inner marginals made a block of cells at a time (issue 29): the same as the
smeared pieces of all cells binned at once (:func:`~tapdesk.engine.bayes.adaptive.piece_marginal`),
whatever the blocks."""

import functools

import numpy as np
import pytest

from tapdesk.engine.bayes import grid_marginals
from tapdesk.engine.bayes.adaptive import piece_marginal
from tapdesk.engine.bayes.grid import adaptive_posterior
from tapdesk.engine.bayes.grid_marginals import inner_marginals, smeared, spans
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS
from tapdesk.engine.binary.simulate import TapParameters, expected_counts
from tapdesk.engine.request import Prior


@functools.cache
def _grid():
    hist = expected_counts(TapParameters(0.3, 0.7, 0.4), 60, 4)
    return adaptive_posterior(HISTOGRAM_MODELS["tap"], hist, tuple(Prior(n) for n in "tap"),
                              schedule=((32, 12, 24), (48, 16, 32)))


def _all_at_once(grid, name):
    lo, hi = smeared(*spans(grid, (name,))[name])
    keep = np.isfinite(lo) & np.isfinite(hi)
    return piece_marginal(lo[keep], hi[keep], grid.mass[keep])


@pytest.mark.parametrize("chunk", [10 ** 9, 5000, 1])
def test_blocks_of_cells_give_the_marginals_of_all_cells_at_once(monkeypatch, chunk):
    grid = _grid()
    monkeypatch.setattr(grid_marginals, "CELL_CHUNK", chunk)
    names = grid.names[1:]
    got = inner_marginals(grid, names)
    for name in names:
        edges, mass = _all_at_once(grid, name)
        np.testing.assert_allclose(got[name][0], edges, rtol=0, atol=1e-12)
        # the tails differ by rounding (binned_pieces cancels sums of the whole range there)
        np.testing.assert_allclose(got[name][1], mass, rtol=1e-9, atol=1e-12)
