"""Long MCMC traces are thinned for drawing (every k-th draw, first and last kept), and the
report's trace caption says so in plain words (issue 26)."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes.thinning import (
    MAX_TRACE_POINTS,
    ordinal,
    thinned,
    thinned_indices,
    thinning_step,
    thinning_words,
)
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.report.analysis import traces_caption


@pytest.mark.parametrize("n", [0, 1, 2, 1999, 2000, 2001, 4000, 4001, 99_999, 100_000, 400_000])
def test_at_most_the_limit_evenly_spaced_with_first_and_last(n):
    index = thinned_indices(n)
    assert len(index) <= MAX_TRACE_POINTS
    if n == 0:
        assert len(index) == 0
        return
    assert index[0] == 0 and index[-1] == n - 1
    step = thinning_step(n)
    assert np.all(np.diff(index[:-1]) == step)         # evenly spaced but for the kept last draw
    assert 0 < index[-1] - index[-2] <= step if n > 1 else True
    if n <= MAX_TRACE_POINTS:
        assert len(index) == n                          # short traces keep every draw
    else:
        assert len(index) > MAX_TRACE_POINTS // 2       # and long ones still use the points


def test_thinned_values_are_the_draws_at_the_kept_numbers():
    values = np.arange(100_000) * 0.5
    x, y = thinned(values, limit=1000)
    assert len(x) <= 1000 and x[0] == 0 and x[-1] == 99_999
    assert np.array_equal(y, values[x])


def test_words_name_the_step_and_the_chain_length():
    assert thinning_words(2000) == ""
    assert thinning_words(100_000) == "every 51st draw shown, of 100,000 per chain"
    assert thinning_words(400_000, limit=4001) == "every 100th draw shown, of 400,000 per chain"
    assert [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111, 1000)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th", "1,000th"]


def test_the_report_caption_of_a_long_chain_says_which_draws_are_shown():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 1)
    long = fit(FitRequest(method="mcmc", draws=5000, warmup=100, chains=2, seed=1), table)
    caption = traces_caption(long)
    assert caption.endswith(f"({thinning_words(5000)}).")
    assert "every 3rd draw shown, of 5,000 per chain" in caption
    short = fit(FitRequest(method="mcmc", draws=500, warmup=100, chains=2, seed=1), table)
    assert "shown" not in traces_caption(short) and traces_caption(short).endswith("chain.")
