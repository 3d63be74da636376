"""The per-rater path's leaner arrays (issue 57: ten million labels within crowd-kit's peak
memory) give the matrices and panels of the old code, element for element."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from tapdesk.data.binary import class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.crowd_family import Design, alike, drawn, largest_root
from tapdesk.engine.binary.per_rater_em import EDGE, RaterParams, rater_data
from tapdesk.engine.binary.rater_own_labels import (
    _cells,
    _log_ratio,
    _several,
    _subject_log_odds,
    accuracy_line,
    guess_line,
    label_pairs,
    own_labels,
    terms,
)


def old_rater_data(table, counts):
    """The count matrix as it was built before (int64 copies, ``np.unique``'s sort)."""
    row_of = np.full(table.n_subjects, -1, dtype=np.int64)
    row_of[counts.subject_index] = np.arange(len(counts.subject_index))
    rows = row_of[table.subject]
    keep = rows >= 0
    y = class1_mask(table, counts.choice)[keep].astype(np.int64)
    used, rater = np.unique(table.rater[keep], return_inverse=True)
    cells = 2 * rater.astype(np.int64) + y
    shape = (len(counts.subject_index), 2 * len(used))
    matrix = sp.csr_matrix((np.ones(len(cells)), (rows[keep], cells)), shape=shape)
    matrix.sum_duplicates()
    return matrix, used, np.bincount(cells, minlength=shape[1]).astype(float)


def panel(seed: int) -> RatingsTable:
    """30 raters (two of them unused after the single-rated subjects go), 200 subjects, some
    rated once, some labels repeated by the same rater."""
    rng = np.random.default_rng(seed)
    subject = np.repeat(np.arange(200), rng.integers(1, 5, 200))
    rater = rng.integers(0, 28, len(subject))
    rater[subject == 0] = 29                     # subject 0 rated once: rater 29 left out
    rating = rng.integers(0, 2, len(subject))
    return RatingsTable(subject, rater, rating, tuple(f"s{i}" for i in range(200)),
                        tuple(f"r{j}" for j in range(30)), Scale.infer(("0", "1")))


def test_the_count_matrix_is_the_old_one():
    for seed in (1, 2, 3):
        table = panel(seed)
        counts = counts_for(FitRequest(model="per-rater", class1=("1",)), table)
        data = rater_data(table, counts)
        matrix, used, totals = old_rater_data(table, counts)
        assert np.array_equal(data.rater_codes, used)
        assert data.counts.indices.dtype == matrix.indices.dtype
        assert np.array_equal(data.counts.indptr, matrix.indptr)
        assert np.array_equal(data.counts.indices, matrix.indices)
        assert np.array_equal(data.counts.data, matrix.data)
        assert np.array_equal(data.cell_totals, totals)


def old_design(data):
    """The design as it was read before (``np.unique`` over int64 keys)."""
    cells = data.counts.tocoo()
    r = data.n_raters
    pairs, index = np.unique(cells.row.astype(np.int64) * r + cells.col // 2, return_inverse=True)
    return pairs // r, pairs % r, np.bincount(index, weights=cells.data).astype(np.int64)


def old_drawn(data, subject, rater, labels, truth, rng):
    """A simulated panel's count matrix and column totals as they were drawn before."""
    in_one = rng.random(data.n_subjects) < truth.t
    chance = np.where(in_one[subject], truth.q1[rater], truth.q0[rater])
    ones = rng.binomial(labels, chance)
    counts = np.empty(2 * len(ones))
    counts[0::2], counts[1::2] = labels - ones, ones
    keep = counts > 0
    cells = (2 * rater[:, None] + np.arange(2)).ravel()
    rows = np.repeat(subject, 2)[keep]
    matrix = sp.csr_matrix((counts[keep], (rows, cells[keep])), shape=data.counts.shape)
    return matrix, np.bincount(cells, weights=counts, minlength=data.counts.shape[1]), ones


def test_the_design_and_its_simulated_panels_are_the_old_ones():
    for seed in (1, 2, 3):
        table = panel(seed)
        data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))
        design = Design.of(data)
        for new, old in zip((design.subject, design.rater, design.labels), old_design(data)):
            assert np.array_equal(new, old)
        assert design.labels.max() > 1                  # a rater labelling a subject twice
        old = Design(*old_design(data), data.n_raters)
        truth = alike(data, RaterParams(0.4, np.full(data.n_raters, 0.8), np.full(data.n_raters, 0.3)))
        mine, theirs = (drawn(data, d, truth, np.random.default_rng(seed)) for d in (design, old))
        matrix, totals, ones = old_drawn(data, *old_design(data), truth, np.random.default_rng(seed))
        assert np.array_equal(mine[0].counts.indptr, matrix.indptr)
        assert np.array_equal(mine[0].counts.indices, matrix.indices)
        assert np.array_equal(mine[0].counts.data, matrix.data)
        assert np.array_equal(mine[0].cell_totals, totals)
        assert np.array_equal(mine[1].n1, ones) and np.array_equal(mine[1].n0, design.labels - ones)
        for field in ("subject", "rater", "n1", "n0"):
            assert np.array_equal(getattr(mine[1], field), getattr(theirs[1], field))
        tested = np.arange(2 * data.n_raters)
        assert np.array_equal(largest_root(mine[0], truth, tested, mine[1]),
                              largest_root(theirs[0], truth, tested, theirs[1]))


def old_own_labels(data, params):
    """Each rater's own labels as they were read before (``np.unique``'s pairs, int64)."""
    cells = data.counts.tocoo()
    r = data.n_raters
    pairs, index = np.unique(cells.row.astype(np.int64) * r + cells.col // 2, return_inverse=True)
    n1 = np.bincount(index, weights=cells.data * (cells.col % 2), minlength=len(pairs))
    n0 = np.bincount(index, weights=cells.data * (1 - cells.col % 2), minlength=len(pairs))
    subject, rater = pairs // r, pairs % r
    own = n1 * _log_ratio(params.q1, params.q0)[rater] \
        + n0 * _log_ratio(1 - params.q1, 1 - params.q0)[rater]
    log_odds = _subject_log_odds(data, params)[subject] - own
    single = n1 + n0 == 1
    order = np.flatnonzero(single)[np.argsort(rater[single], kind="stable")]
    return (subject, rater, n1, n0), (rater[order], n1[order] > 0,
                                      1 / (1 + np.exp(-log_odds[order])))


def test_each_raters_own_labels_and_their_terms_are_the_old_ones():
    for seed in (1, 2, 3):
        table = panel(seed)
        data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))
        rng = np.random.default_rng(seed)
        params = RaterParams(0.4, rng.uniform(0.6, 0.95, data.n_raters),
                             rng.uniform(0.05, 0.4, data.n_raters))
        pairs, (rater, said, one) = old_own_labels(data, params)
        new = label_pairs(data)
        for mine, theirs in zip((new.subject, new.rater, new.n1, new.n0), pairs):
            assert np.array_equal(mine, theirs)
        labels = own_labels(data, params)
        assert np.array_equal(labels.rater, rater) and np.array_equal(labels.said, said)
        assert np.array_equal(labels.one, one)
        s = rng.uniform(0.3, 0.9, data.n_raters)
        for line in (accuracy_line(s), guess_line(s)):
            q1, q0 = (np.clip(q, EDGE, 1 - EDGE) for q in line.at(s))
            cell, signed_pi = labels.signs
            said = np.take(_cells(1 - q0, q0), cell) + signed_pi * np.take(q1 - q0, labels.rater)
            u0 = np.broadcast_to(line.u0, q0.shape)
            ratio = np.take(_cells(-u0, u0), cell)
            slope = line.u1 - line.u0
            if np.any(slope):
                ratio += signed_pi * np.take(np.broadcast_to(slope, q0.shape), labels.rater)
            ratio /= said
            several = _several(labels, q1, q0, line)
            old = (labels.per_rater(np.log(said), several[0]), labels.per_rater(ratio, several[1]),
                   -labels.per_rater(np.square(ratio), -several[2]))
            for mine, theirs in zip(terms(labels, line, s), old):
                assert np.array_equal(mine, theirs)
