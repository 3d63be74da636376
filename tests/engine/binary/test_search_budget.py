"""The per-rater fit's profile searches have a deterministic work budget (issue 43): a sparse
design whose estimates sit at 0 or 1 (three labels an item, a few dozen a rater) took minutes
on the profile path; once the budget is spent its raters are compared from their own labels
and judged together against simulated panels, while dense panels keep the profile path."""

from __future__ import annotations

import time

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import search_budget as sb
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.crowd_standing import OWN_LABELS_METHOD
from tapdesk.engine.binary.per_rater_em import rater_data
from tapdesk.engine.binary.per_rater_fit import fit_per_rater
from tapdesk.engine.binary.per_rater_profile import RaterProfile
from tapdesk.engine.cancel import CancelToken
from tests import FIXTURES


def test_work_outside_a_budget_is_not_counted_and_inside_it_stops_at_the_budget():
    sb.spend(10**9, 10**9)                      # no budget: nothing to spend
    with sb.profile_budget(10):
        for _ in range(10):
            sb.spend(0, 1)
        with pytest.raises(sb.ProfileBudgetSpent):
            sb.spend(0, 1)
    with sb.profile_budget(10), pytest.raises(sb.ProfileBudgetSpent):
        sb.spend(300, 60 * sb.FIXED_COST)       # this one weighs 1 + 300 x 60 small ones
    sb.spend(10**9, 10**9)                      # the block's budget ended with it


def test_a_spent_budget_is_not_taken_for_a_failed_search():
    """The raters' intervals fall back to Wald where a profile search fails (a ValueError);
    a spent budget must stop the whole profile path instead."""
    table = read_ratings(str(FIXTURES / "crowd_small.csv")).table
    request = FitRequest(model="per-rater", class1=("1",))
    counts = counts_for(request, table)
    data = rater_data(table, counts)
    gen = fit_per_rater(data, counts, table.rater_ids, request, CancelToken())
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        params = stop.value.params
    with sb.profile_budget(50), pytest.raises(sb.ProfileBudgetSpent):
        RaterProfile(data, params).interval(0, "a")


def test_the_sparse_900_label_file_is_compared_from_own_labels_and_finishes():
    """30 workers x 300 items x 3 labels (tests/fixtures/crowd_small.csv): about 170 s on the
    profile path before; now the budget sends it to the many-raters path (a few seconds: the
    guard is at ten times that, not a timing target)."""
    table = read_ratings(str(FIXTURES / "crowd_small.csv")).table
    start = time.process_time()
    result = fit(FitRequest(model="per-rater", class1=("1",)), table)
    assert time.process_time() - start < 60
    shown = [c for c in result.comparisons if c.interval is not None]
    assert shown and all(c.method == OWN_LABELS_METHOD for c in shown)
    assert "simulated panels in which every rater is alike" in result.panel_test.method
    assert "logit-Wald" in result.interval_method and "profile" not in result.interval_method


def dense_table(raters: int, subjects: int, seed: int) -> RatingsTable:
    """Every rater rates every subject, right 80% of the time, else 'yes' 40% of the time."""
    rng = np.random.default_rng(seed)
    truth = rng.random(subjects) < 0.3
    said = np.where(rng.random((subjects, raters)) < 0.8, truth[:, None],
                    rng.random((subjects, raters)) < 0.4)
    return RatingsTable.from_labels(np.repeat(np.arange(subjects), raters).astype(str),
                                    np.tile([f"r{j}" for j in range(raters)], subjects),
                                    np.where(said.ravel(), "yes", "no"))


def test_a_dense_panel_of_as_many_ratings_keeps_the_profile_path():
    """20 raters x 200 subjects, every rater rating every subject: the profile searches settle
    by Newton steps, well within the budget."""
    result = fit(FitRequest(model="per-rater", class1=("yes",)), dense_table(20, 200, 1))
    shown = [c for c in result.comparisons if c.interval is not None]
    assert shown and all(c.method == "profile likelihood" for c in shown)
    assert "profile likelihood" in result.interval_method
