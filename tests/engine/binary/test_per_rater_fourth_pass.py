"""Issue 57's fourth pass at the per-rater fit's memory: each leaner path gives the numbers of
the code it replaced, element for element (``==``), on small panels."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest
from tapdesk.engine.binary import rater_own_labels as own
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.crowd_family import Design, alike, drawn
from tapdesk.engine.binary.per_rater_em import EDGE, RaterParams, rater_data
from tapdesk.engine.binary.rater_own_labels import (
    LabelPairs,
    _cells,
    _several,
    accuracy_line,
    guess_line,
    own_labels,
    terms,
)
from tests.engine.binary.test_crowd_verdicts import crowd_table
from tests.engine.binary.test_per_rater_memory import panel


def old_terms(labels, line, s):
    """:func:`terms` as it was: every one-label pair's arrays at once."""
    q1, q0 = (np.clip(q, EDGE, 1 - EDGE) for q in line.at(s))
    cell = 2 * labels.rater + labels.said
    signed_pi = np.where(labels.said, labels.one, -labels.one)
    said = np.take(_cells(1 - q0, q0), cell)
    term = np.take(q1 - q0, labels.rater)
    term *= signed_pi
    said += term
    u0 = np.broadcast_to(line.u0, q0.shape)
    ratio = np.take(_cells(-u0, u0), cell)
    slope = line.u1 - line.u0
    if np.any(slope):
        np.take(np.broadcast_to(slope, q0.shape), labels.rater, out=term)
        term *= signed_pi
        ratio += term
    ratio /= said
    several = _several(labels, q1, q0, line)
    first = labels.per_rater(ratio, several[1])
    level = labels.per_rater(np.log(said), several[0])
    return level, first, -labels.per_rater(np.square(ratio), -several[2])


def fitted(table, class1):
    data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=(class1,)), table))
    rng = np.random.default_rng(data.n_raters)
    params = RaterParams(0.4, rng.uniform(0.6, 0.95, data.n_raters),
                         rng.uniform(0.05, 0.4, data.n_raters))
    params.q1[0], params.q0[1] = 1 - EDGE, EDGE                # estimates on their edges
    return data, params


@pytest.mark.parametrize("chunk", [1 << 17, 50, 7, 1])
def test_each_raters_terms_read_a_chunk_at_a_time_are_the_old_ones(monkeypatch, chunk):
    monkeypatch.setattr(own, "TERMS_CHUNK", chunk)      # one chunk, several, a rater each
    cases = [fitted(panel(seed), "1") for seed in (1, 2)]        # labels repeated by a rater
    cases.append(fitted(crowd_table(np.linspace(0.5, 0.9, 40), 400, 3), "yes"))
    for data, params in cases:
        labels = own_labels(data, params)
        rng = np.random.default_rng(5)
        some = rng.random(data.n_raters) < 0.3
        for subset in (labels, labels.of_raters(some)):
            s = rng.uniform(0.3, 0.9, data.n_raters)
            for line in (accuracy_line(s), guess_line(s)):
                for mine, theirs in zip(terms(subset, line, s), old_terms(subset, line, s)):
                    assert np.array_equal(mine, theirs)


def test_the_signed_chances_are_np_wheres_to_the_sign_of_zero():
    from tests.engine.binary.test_per_rater_memory import old_own_labels
    for seed in (1, 2, 3):
        data, params = fitted(panel(seed), "1")
        params.q1[2], params.q0[2] = 1 - EDGE, EDGE              # chances of exactly 0 and 1
        _, (rater, said, one) = old_own_labels(data, params)
        labels = own_labels(data, params)
        cell, signed = labels.signs
        old = np.where(said, one, -one)
        assert np.array_equal(signed, old) and np.array_equal(np.signbit(signed), np.signbit(old))
        assert np.array_equal(cell, 2 * rater + said) and np.array_equal(labels.one, one)
        some = np.arange(data.n_raters) % 3 == 0
        subset = labels.of_raters(some)
        keep = some[rater]
        assert np.array_equal(subset.signs[1], old[keep]) and np.array_equal(subset.said, said[keep])


def old_pairs(pairs: LabelPairs) -> LabelPairs:
    """The pairs with int64 counts, as the panels drew them before."""
    return LabelPairs(pairs.subject, pairs.rater, pairs.n1.astype(np.int64),
                      pairs.n0.astype(np.int64), pairs.n_raters)


@pytest.mark.parametrize("case", ["one label a pair", "repeated labels"])
def test_a_panels_labels_in_one_byte_a_pair_are_the_old_draws(case):
    table = (crowd_table(np.linspace(0.5, 0.9, 40), 400, 3) if case == "one label a pair"
             else panel(3))
    data, params = fitted(table, "yes" if case == "one label a pair" else "1")
    design = Design.of(data)
    assert design.one_label_each == (case == "one label a pair")
    truth = alike(data, params)
    rng, old_rng = np.random.default_rng(7), np.random.default_rng(7)
    mine, pairs = drawn(data, design, truth, rng)
    in_one = old_rng.random(data.n_subjects) < truth.t
    chance = np.where(in_one[design.subject], truth.q1[design.rater], truth.q0[design.rater])
    ones = old_rng.binomial(design.labels.astype(np.int64), chance)
    assert rng.random() == old_rng.random()              # the same draws, the same state after
    assert pairs.n1.dtype == np.uint8 and pairs.n0.dtype == np.uint8
    assert np.array_equal(pairs.n1, ones) and np.array_equal(pairs.n0, design.labels - ones)
    assert np.array_equal(mine.cell_totals[1::2],
                          np.bincount(design.rater, weights=ones, minlength=data.n_raters))
    assert mine.cell_totals.dtype == float                 # every column's, from the matrix
    assert np.array_equal(mine.cell_totals, np.asarray(mine.counts.sum(axis=0)).ravel())
    before = own_labels(mine, params, old_pairs(pairs))
    after = own_labels(mine, params, pairs)
    for field in ("rater", "said", "one"):
        assert np.array_equal(getattr(after, field), getattr(before, field))
    for a, b in zip(after.many, before.many):
        assert np.array_equal(a, b)
    s = np.full(data.n_raters, 0.5)
    for line in (accuracy_line(s), guess_line(s)):
        for a, b in zip(terms(after, line, s), terms(before, line, s)):
            assert np.array_equal(a, b)


def test_the_one_label_pairs_order_is_the_old_one_in_the_index_type():
    data, _ = fitted(panel(2), "1")
    pairs = Design.of(data).pairs
    order, several = pairs.layout
    single = pairs.n1 + pairs.n0 == 1
    old = np.flatnonzero(single)[np.argsort(pairs.rater[single], kind="stable")]
    assert order.dtype == np.int32 and np.array_equal(order, old)
    assert np.array_equal(several, ~single)


def a_panel(seed: int):
    """A simulated panel of 60 workers (400 items, 3 labels each) and its truth and pairs."""
    from tapdesk.engine.binary import crowd_family as cf
    table = crowd_table(np.linspace(0.5, 0.9, 60), 400, seed)
    data, params = fitted(table, "yes")
    design = cf.Design.of(data)
    truth = alike(data, params)
    panel, pairs = cf.drawn(data, design, truth, np.random.default_rng(seed))
    return data, design, truth, panel, pairs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_refit_taken_on_to_a_tighter_tolerance_is_the_one_run_to_it(seed):
    from tapdesk.engine.binary import crowd_family as cf
    _, _, truth, panel, _ = a_panel(seed)
    for loose in (1e-4, 1e-6, 1e-8):
        refit = cf.Refit(panel, truth, 1000)
        refit.to(loose)
        again = refit.to(1e-10)
        whole = cf.Refit(panel, truth, 1000)
        once = whole.to(1e-10)
        assert refit.trace == whole.trace
        assert again.t == once.t and np.array_equal(again.q1, once.q1) \
            and np.array_equal(again.q0, once.q0)
        alone = cf.refitted(panel, truth, 1e-10, 1000)
        assert np.array_equal(alone.q1, once.q1) and np.array_equal(alone.q0, once.q0)
    few = cf.Refit(panel, truth, 3)                    # the cycles spent before it settles
    few.to(1e-6)
    assert len(few.trace) == 3
    assert np.array_equal(few.to(1e-10).q1, cf.refitted(panel, truth, 1e-10, 3).q1)


def old_panel_maximum(data, design, truth, rng, request, tested, floor=0.0):
    """A simulated panel's largest root in each direction as it was found before: always
    refitted to the simulation tolerance."""
    from tapdesk.engine.binary import crowd_family as cf
    panel, pairs = cf.drawn(data, design, truth, rng)
    refit = cf.refitted(panel, truth, max(request.tolerance, cf.SIMULATION_TOLERANCE),
                        request.max_iterations)
    return cf.largest_root(panel, refit, tested, pairs, floor)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_screened_panel_gives_the_largest_root_or_floor_the_full_refit_gives(seed, monkeypatch):
    from tapdesk.engine.binary import crowd_family as cf
    data, design, truth, _, _ = a_panel(seed)
    tested = np.arange(2 * data.n_raters)
    request = FitRequest(model="per-rater")
    root = old_panel_maximum(data, design, truth, np.random.default_rng(seed), request, tested)
    monkeypatch.setattr(cf, "SCREEN_LABELS", 0)    # the screen itself, on a small panel (the
    asked: list[float] = []                          # fifth pass keeps it to large panels)
    to = cf.Refit.to
    monkeypatch.setattr(cf.Refit, "to", lambda self, tol: asked.append(tol) or to(self, tol))
    for floor in (0.0, root - 1.0, root - 0.2, root - 0.05, root, root + 0.05, root + 0.2,
                  root + 1.0, root + [1.0, -0.2], root + [0.05, 1.0]):
        old = old_panel_maximum(data, design, truth, np.random.default_rng(seed), request,
                                tested, floor)
        asked.clear()
        new = cf.panel_maximum(data, design, truth, np.random.default_rng(seed), request,
                               tested, floor)
        assert np.array_equal(new, old)
        screened = bool(np.all(floor > root + cf.SCREEN_MARGIN))
        assert asked == ([cf.SCREEN_TOLERANCE] if screened else
                         [cf.SCREEN_TOLERANCE, cf.SIMULATION_TOLERANCE]
                         if np.all(floor > cf.SCREEN_MARGIN) else [cf.SIMULATION_TOLERANCE])


def old_rating_raters(data):
    """Each rating's (subject row, rater column) as they were read before."""
    per_rater = (data.counts[:, 0::2] + data.counts[:, 1::2]).tocoo()
    times = np.rint(per_rater.data).astype(np.int64)
    rows = np.repeat(per_rater.row.astype(np.int64), times)
    cols = np.repeat(per_rater.col.astype(np.int64), times)
    order = np.argsort(rows, kind="stable")
    return rows[order], cols[order]


@pytest.mark.parametrize("case", ["one label a pair", "repeated labels", "not canonical"])
def test_each_ratings_subject_and_rater_are_the_old_ones(case):
    import scipy.sparse as sp

    from tapdesk.engine.binary import per_rater_counts as pc
    from tapdesk.engine.binary.per_rater_em import RaterData
    table = panel(5) if case == "repeated labels" else crowd_table(np.linspace(0.5, 0.9, 40),
                                                                    300, 5)
    data, params = fitted(table, "1" if case == "repeated labels" else "yes")
    if case == "not canonical":                    # the same entries, a row's columns reversed
        m = data.counts
        rows = np.repeat(np.arange(m.shape[0]), np.diff(m.indptr))
        order = np.lexsort((-m.indices, rows))
        counts = sp.csr_matrix((m.data[order], m.indices[order], m.indptr), shape=m.shape)
        counts.has_sorted_indices = False
        data = RaterData(counts, counts.T, data.subject_codes, data.rater_codes,
                         data.n_per_subject, data.cell_totals)
    fast = pc._one_entry_each(data.counts)
    assert (fast is not None) == (case == "one label a pair")
    for mine, theirs in zip(pc.rating_raters(data), old_rating_raters(data)):
        assert np.array_equal(mine, theirs)
    mine = pc.expected_by_group(data, params)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(pc, "rating_raters", old_rating_raters)
        theirs = pc.expected_by_group(data, params)
    assert mine.keys() == theirs.keys()
    assert all(np.array_equal(mine[n], theirs[n]) for n in mine)
