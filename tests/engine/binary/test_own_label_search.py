"""A rater's own-label search near a log's pole: a growing Newton step is lengthened (issue 57),
and the search still ends at the maximum of the line."""

import numpy as np
import pytest

import tapdesk.engine.binary.rater_own_labels as own


def pole_labels(n: int = 400) -> own.OwnLabels:
    """One rater's labels, 20 of them Class 1 for subjects the others call Class 0 for sure:
    along the accuracy line the log-likelihood rises like log(q0) from q0 = EDGE."""
    rng = np.random.default_rng(3)
    pi = rng.uniform(0.05, 0.95, n)
    truth = rng.random(n) < pi
    said = np.where(truth, rng.random(n) < 0.9, rng.random(n) < 0.2)
    pi[:20], said[:20] = 1e-9, True
    none = np.zeros(0, int)
    return own.OwnLabels(np.zeros(n, np.int32), said, np.where(said, pi, -pi), (none,) * 5, 1)


@pytest.mark.parametrize("expansion", [16.0, 1.0])
def test_the_search_from_the_pole_ends_at_the_lines_maximum(monkeypatch, expansion):
    labels, line = pole_labels(), own.accuracy_line(np.array([0.5]))
    monkeypatch.setattr(own, "EXPANSION", expansion)
    calls = []
    terms = own.terms
    monkeypatch.setattr(own, "terms", lambda *args: calls.append(1) or terms(*args))
    ll, s = own.line_maximum(labels, line, np.array([own.EDGE]))
    grid = np.linspace(line.low[0], line.high[0], 4001)
    values = [terms(labels, line, np.array([x]))[0][0] for x in grid]
    best = int(np.argmax(values))
    assert abs(s[0] - grid[best]) < 2 * (grid[1] - grid[0])
    assert ll[0] >= max(values) - 1e-9
    if expansion > 1:
        assert len(calls) <= 20          # plain Newton steps from the pole took 30 here
    else:
        assert len(calls) >= 25


@pytest.mark.parametrize("raters", [7, 2 ** 16, 2 ** 16 + 1, 300_000])
def test_the_pairs_rater_order_is_a_stable_argsort(raters):
    codes = np.random.default_rng(raters).integers(0, raters, 200_000).astype(np.int32)
    assert np.array_equal(own._stable_order(codes, raters), np.argsort(codes, kind="stable"))
    assert len(own._stable_order(codes[:0], raters)) == 0
