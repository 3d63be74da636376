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
    labels = own.OwnLabels(np.zeros(6, np.int32), np.array([1, 0, 1, 0, 0, 1], bool),
                           np.array([0.0, 0.0, 0.3, 0.7, np.nan, 1.0]), (np.zeros(0),) * 5, 1)
    cell, signed = labels.signs
    old = np.where(labels.said, labels.one, -labels.one)
    assert np.array_equal(signed, old, equal_nan=True)
    assert np.array_equal(np.signbit(signed), np.signbit(old))
    assert np.array_equal(cell, 2 * labels.rater + labels.said)


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
