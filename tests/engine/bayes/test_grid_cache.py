"""Exact grids are kept for the next request that needs the same one (and only then)."""

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import grid_cache, methods
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.request import Prior


@pytest.fixture
def counted(monkeypatch):
    """How many proposal grids the MCMC method computed (the cache starts empty)."""
    grid_cache.forget_all()
    calls = []
    real = methods.adaptive_grid

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(methods, "adaptive_grid", counting)
    yield calls
    grid_cache.forget_all()


def mcmc(table, seed, **kw):
    return fit(FitRequest(model="tap", method="mcmc", draws=200, warmup=100, seed=seed, **kw), table)


def test_a_rerun_with_another_seed_reuses_the_grid_and_changes_only_what_it_should(counted):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 1)
    first = mcmc(table, 1)
    again = mcmc(table, 1)
    other_seed = mcmc(table, 2)
    assert len(counted) == 1
    np.testing.assert_array_equal(first.posterior.draws, again.posterior.draws)
    assert not np.array_equal(first.posterior.draws, other_seed.posterior.draws)
    # the same draws as a fresh computation: the cache changes nothing but the time
    grid_cache.forget_all()
    np.testing.assert_array_equal(mcmc(table, 1).posterior.draws, first.posterior.draws)
    assert len(counted) == 2


def test_other_data_or_other_priors_get_their_own_grid(counted):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 1)
    mcmc(table, 1)
    mcmc(simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 2), 1)
    mcmc(table, 1, priors=(Prior("a", 2, 2),))
    assert len(counted) == 3
    assert len(grid_cache._grids) == grid_cache.KEEP


def test_a_cancelled_grid_is_not_kept_and_a_cancelled_request_is_not_served_from_the_cache(counted):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 1)
    token = CancelToken()
    token.cancel()
    cancelled = fit(FitRequest(model="tap", method="mcmc", draws=200, seed=1), table, cancel=token)
    assert not cancelled.complete and not grid_cache._grids
    mcmc(table, 1)
    token = CancelToken()
    token.cancel()
    again = fit(FitRequest(model="tap", method="mcmc", draws=200, seed=1), table, cancel=token)
    assert not again.complete
