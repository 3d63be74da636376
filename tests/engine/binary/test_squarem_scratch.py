"""SQUAREM cycles that write into one run's scratch arrays give the numbers fresh arrays give
(issue 57: at ten million labels each fresh subject array cost the kernel's zeroing again)."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater_squarem import Scratch, cycle, evaluated
from tests.engine.binary.test_deferred_panels import weak_three


def test_cycles_in_scratch_arrays_are_the_cycles_in_fresh_ones():
    data, params = weak_three(600, 5)
    start = type(params)(0.5, np.clip(params.q1 * 0.8, 0.05, 0.95), np.clip(params.q0 * 1.3, 0.05, 0.95))
    fresh_ll, fresh_gamma = evaluated(data, start, None)
    kept_ll, kept_gamma = fresh_ll, fresh_gamma.copy()
    fresh, kept, scratch, seen = start, start, Scratch(data.n_subjects), set()
    for _ in range(8):
        fresh, fresh_ll, fresh_gamma = cycle(data, fresh, fresh_gamma, None)
        before = kept_gamma.copy()
        kept, kept_ll, gamma = cycle(data, kept, kept_gamma, None, scratch)
        assert np.array_equal(kept_gamma, before)               # its input is left as it was
        assert gamma is not kept_gamma and any(gamma is slot for slot in scratch.slots)
        seen.add(id(gamma))
        kept_gamma = gamma
        assert kept_ll == fresh_ll and np.array_equal(kept_gamma, fresh_gamma)
        assert np.array_equal(kept.vector(), fresh.vector())
    assert len(seen) == 2                                       # the two slots in turn
