"""Issue 29: the exact grid's outermost range is widened only where it cuts off mass.

A face was called open when the largest point density of its end cell was
within 18 nats of the peak; on weakly identified t a thin region with almost
no mass did that, so the range was widened to the logit limit, trimmed back
to all but 1e-10 of the mass by the next pass, and widened again, eight times
(2-4 s of a 5 s grid).
"""

from __future__ import annotations

import numpy as np

import tapdesk.engine.bayes.grid as grid
from tapdesk.data.binary import binary_counts
from tapdesk.engine import FitRequest
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, priors_for
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


def _tail_marginal(cut: float) -> tuple[np.ndarray, np.ndarray]:
    """Cells over [cut, 25] of a density falling as e^-|z| (a uniform prior's logistic tails)."""
    edges = np.linspace(cut, 25.0, 81)
    mid = (edges[1:] + edges[:-1]) / 2
    return edges, np.exp(-np.abs(mid)) * np.diff(edges)


def test_a_face_trimmed_to_a_negligible_tail_is_closed_and_a_cut_through_mass_is_open():
    closed = grid.open_faces(*_tail_marginal(-25.0))        # ~1e-11 of the mass beyond
    cut = grid.open_faces(*_tail_marginal(-4.0))            # ~1% of the mass beyond
    assert not closed[0] and cut[0]
    assert not closed[1] and not cut[1]                     # the high face: ~1e-11 beyond
    at_limit = grid.open_faces(*_tail_marginal(-grid.LOGIT_LIMIT))
    assert not at_limit[0]                                  # nowhere further to go


def test_weakly_identified_t_is_not_widened_round_in_circles(monkeypatch):
    calls = []
    real = grid.posterior_on

    def counted(*args, **kwargs):
        calls.append(args[2])
        return real(*args, **kwargs)
    monkeypatch.setattr(grid, "posterior_on", counted)
    table = simulate_table(TapParameters(0.05, 0.1, 0.7), 300, 5, 11)
    model = HISTOGRAM_MODELS["tap"]
    post = grid.adaptive_posterior(model, binary_counts(table).histogram(),
                                   priors_for(FitRequest(), model.names))
    assert post.complete and post.error <= 0.02
    # the first pass, then one per schedule entry used (no widening passes)
    assert len(calls) == post.passes + 1, calls


def test_the_numpy_pchip_is_scipys():
    """The exact grid's CDF curve (no scipy.interpolate import) is scipy's PCHIP to rounding,
    flat stretches and steep ends included."""
    from scipy.interpolate import PchipInterpolator

    from tapdesk.engine.bayes.adaptive import pchip_pieces
    rng = np.random.default_rng(29)
    for _ in range(20):
        x = np.cumsum(rng.uniform(0.01, 1.0, 40))
        y = np.cumsum(rng.exponential(1.0, 40) * (rng.uniform(size=40) < 0.7))
        s = rng.uniform(0, 1, (39, 7)) * np.diff(x)[:, None]
        c = pchip_pieces(x, y)[:, :, None]
        ours = ((c[0] * s + c[1]) * s + c[2]) * s + c[3]
        theirs = PchipInterpolator(x, y)(x[:-1, None] + s)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12 * np.abs(y).max())
