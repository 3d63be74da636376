"""Every rater's comparisons worked out as arrays are those of one rater at a time (issue 57):
the same differences, intervals, verdicts, p-values and reasons, to the last bit."""

from __future__ import annotations

import pytest

from tapdesk.engine.binary import crowd_standing as cs
from tapdesk.engine.binary.rater_own_labels import log_likelihood, own_labels
from tests.engine.binary.test_deferred_panels import weak_three


def one_at_a_time(data, params, ids, level):
    labels, values = own_labels(data, params), cs.own_values(params)
    ll_max = log_likelihood(labels, params.q1, params.q0)
    tested = cs.panel_roots(data, params, labels)
    ends = {name: cs.own_interval(labels, params, ll_max, name, tested[name], level)
            for name in cs.DIRECTIONS}
    out = []
    for j in range(data.n_raters):
        for name in cs.DIRECTIONS:
            panel, roots = tested[name]
            low, high = ends[name]
            out.append(cs._one(data, j, ids[data.rater_codes[j]], name, values, float(panel[j]),
                               float(roots[j]), (float(low[j]), float(high[j])), level))
    return tuple(out)


@pytest.mark.parametrize("level", [0.95, 0.99])
def test_the_comparisons_as_arrays_are_the_one_at_a_time_ones(level):
    data, params = weak_three(600, 5)
    params.q1[5], params.q0[5] = 1 - 1e-9, 1e-9          # a rater the data cannot tell apart
    ids = tuple(f"w{j}" for j in range(data.n_raters))
    new, old = cs.crowd_comparisons(data, params, ids, level), one_at_a_time(data, params, ids,
                                                                              level)
    assert [repr(c) for c in new] == [repr(c) for c in old]
    verdicts = {c.verdict for c in new}
    assert "not shown to differ" in verdicts and verdicts & {"lower", "less", "more", "higher"}
