"""Issue 29: the ridge models' exact posteriors by Gauss rules on boxes
(tapdesk/engine/bayes/ridge_box.py), against the adaptive grid they used before.

The brute-force reference (tests/engine/bayes/reference.py, via tests/engine/bayes/test_exact.py) covers
300 x 5 data; here a larger data set whose two readings (classes swapped or not) are
separate peaks, each on a box of its own, is checked against the grid on every parameter,
the ridge parameters included.
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import grid_cache, ridge_methods
from tapdesk.engine.binary.simulate import TapParameters, simulate_table

SWAPPED = simulate_table(TapParameters(0.3, 0.6, 0.4), 5000, 8, 7)


def figures(result) -> dict[str, np.ndarray]:
    return {p.name: np.array([p.mean, p.sd, *p.quantiles, *p.hdi])
            for p in result.posterior.parameters}


@pytest.mark.slow
@pytest.mark.parametrize("model", ["tap-p0p1", "tap-a0a1-p0p1"])
def test_two_boxes_agree_with_the_grid_within_the_stated_errors(model, monkeypatch):
    grid_cache.forget_all()
    boxed = fit(FitRequest(model=model, method="exact"), SWAPPED)
    assert "2 boxes" in boxed.posterior.verdict and boxed.posterior.trustworthy
    monkeypatch.setattr(ridge_methods, "ridge_box_posterior", lambda *a, **k: None)
    grid_cache.forget_all()
    gridded = fit(FitRequest(model=model, method="exact"), SWAPPED)
    assert "adaptive grid" in gridded.posterior.verdict
    allowed = boxed.posterior.grid_error + gridded.posterior.grid_error
    ours, theirs = figures(boxed), figures(gridded)
    for name in ours:
        gap = np.abs(ours[name] - theirs[name]).max() / theirs[name][1]
        assert gap <= allowed, (name, gap, allowed)
    swap = [n for n in boxed.warnings if n.code == "class-swap"]
    assert swap and swap[0].message == next(n for n in gridded.warnings if n.code == "class-swap").message


def test_a_prior_below_shape_1_goes_to_the_grid():
    from tapdesk.engine.request import Prior
    request = FitRequest(model="tap-a0a1", method="exact", priors=(Prior("p", 0.5, 0.5),))
    result = fit(request, simulate_table(TapParameters(0.3, 0.7, 0.4), 200, 4, 3))
    assert "adaptive grid" in result.posterior.verdict
