"""The sampler streams running summaries of the kept draws (issue 4, section 4)."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.events import Draws, RunningSummary


@pytest.mark.parametrize("model", ["tap", "per-rater", "tap-a0a1"])
def test_running_summaries_end_at_the_final_posterior(model):
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=150, n_raters=4, seed=3)
    events = []
    result = fit(FitRequest(model=model, method="mcmc", chains=2, draws=400, warmup=200, seed=9),
                 table, on_event=events.append)
    running = [e for e in events if isinstance(e, RunningSummary)]
    assert len(running) >= 2, "summaries must arrive while sampling, not only at the end"
    post = result.posterior
    total = post.draws.shape[0] * post.draws.shape[1]     # chains x kept draws per chain
    assert total >= 2 * 400        # Gibbs samplers may run on past the request to reach their ESS
    counts = [sum(e.draws_per_chain) for e in running]
    assert counts == sorted(counts) and counts[-1] == total
    kept = [e for e in events if isinstance(e, Draws) and not e.warmup]
    assert sum(len(e.values) for e in kept) == total
    last = running[-1]
    pooled = post.draws.reshape(-1, post.draws.shape[2])
    for i, name in enumerate(last.names):
        j = post.draw_names.index(name)
        assert last.mean[i] == pytest.approx(pooled[:, j].mean(), abs=1e-12)
        assert last.q05[i] == pytest.approx(np.quantile(pooled[:, j], 0.05), abs=1e-12)
        assert last.q95[i] == pytest.approx(np.quantile(pooled[:, j], 0.95), abs=1e-12)


def test_summaries_come_as_the_draws_grow_not_after_every_batch():
    """Each summary sorts every kept draw so far: they come when the kept draws have grown by
    RunningDraws.GROWTH (and once at the end), so a long run does not pay for one per batch."""
    from tapdesk.engine.bayes.streaming import RunningDraws
    rng = np.random.default_rng(0)
    running = RunningDraws(1, ("x",))
    made = [running.add(rng.random((2, 25, 1))) for _ in range(400)]
    counts = [s.draws_per_chain[0] for s in made if s is not None]
    assert counts[0] == 25 and len(counts) < 80                       # 400 batches
    assert all(b >= RunningDraws.GROWTH * a for a, b in zip(counts, counts[1:]))
    assert running.pending and running.summary().draws_per_chain == (10_000, 10_000)
    assert not running.pending


def test_a_cancelled_long_run_keeps_evenly_spaced_draws_so_it_answers_at_once():
    """Summarising every draw of a long run held up the answer to a cancel (a second for
    4 x 100,000 draws): a cancelled run keeps CANCELLED_DRAWS per chain, evenly spaced."""
    from tapdesk.engine.bayes.streaming import CANCELLED_DRAWS
    from tapdesk.engine.cancel import CancelToken
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=150, n_raters=4, seed=3)
    token, chain0 = CancelToken(), []

    def watch(event):                       # cancel once chain 0 has 3 x CANCELLED_DRAWS draws
        if isinstance(event, Draws) and event.chain == 0 and not event.warmup:
            chain0.extend(event.values)
            if len(chain0) > 3 * CANCELLED_DRAWS:
                token.cancel()
    result = fit(FitRequest(method="mcmc", chains=2, draws=200_000, seed=4), table,
                 cancel=token, on_event=watch)
    assert not result.complete
    draws = result.posterior.draws
    assert draws.shape[1] == CANCELLED_DRAWS
    streamed = np.array(chain0)
    pick = np.linspace(0, len(streamed) - 1, CANCELLED_DRAWS).round().astype(int)
    np.testing.assert_array_equal(draws[0], streamed[pick])
