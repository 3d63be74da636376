"""One-label draws are numpy's binomial(1, p), draw for draw, and leave the generator where it
leaves it (issue 57: a simulated panel's labels)."""

import numpy as np
import pytest

from tapdesk.engine.binary.bernoulli import inversion, one_label_draws

EDGE_CHANCES = np.array([1e-9, 1e-6, 0.001, 0.1, 0.3, 0.4999999999, 0.5, 0.5000000001, 0.7, 0.9,
                         0.999, 1 - 1e-6, 1 - 1e-9, 1.0, 1 / 3, 2 / 3])


def both(chances, cells, seed):
    mine, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    got = one_label_draws(mine, chances, inversion(chances), cells)
    expected = theirs.binomial(1, chances[cells])
    return got, expected, mine, theirs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_draws_and_the_state_after_are_numpys(seed):
    rng = np.random.default_rng(100 + seed)
    chances = np.concatenate([EDGE_CHANCES, rng.uniform(0, 1, 2000), rng.uniform(0.49, 0.51, 200)])
    cells = rng.integers(0, len(chances), 400_000)
    got, expected, mine, theirs = both(chances, cells, seed)
    assert got.dtype == bool and np.array_equal(got, expected.astype(bool))
    assert 0 < got.mean() < 1
    assert mine.random() == theirs.random()


def test_a_chance_of_zero_reads_no_uniform_as_numpy_does():
    chances = np.array([0.0, 0.3, 0.8])
    assert inversion(chances) is None
    cells = np.tile([0, 1, 2], 1000)
    got, expected, mine, theirs = both(chances, cells, 5)
    assert np.array_equal(got, expected.astype(bool)) and not got[0::3].any()
    assert mine.random() == theirs.random()


def test_a_uniform_near_the_second_uniform_edge_is_left_to_numpy(monkeypatch):
    import tapdesk.engine.binary.bernoulli as bernoulli
    monkeypatch.setattr(bernoulli, "SECOND_UNIFORM_MARGIN", 0.5)   # every draw "near" the edge
    chances = np.array([0.2, 0.6])
    assert inversion(chances).safe_below < 0.6
    cells = np.tile([0, 1], 5000)
    got, expected, mine, theirs = both(chances, cells, 6)
    assert np.array_equal(got, expected.astype(bool))
    assert mine.random() == theirs.random()
