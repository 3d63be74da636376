"""Issue 57's second pass at the per-rater fit's speed and memory: each cheaper path gives the
numbers of the code it replaced, element for element (``==``), on small panels."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest
from tapdesk.engine.binary import per_rater_em as em
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.crowd_family import (
    Design,
    _cell_chances,
    _cells_of,
    _panel_counts,
    alike,
    drawn,
)
from tapdesk.engine.binary.per_rater_em import EDGE, RaterParams, e_step, rater_data
from tapdesk.engine.binary.per_rater_squarem import _exp_minus_abs, _logistic
from tests.engine.binary.test_crowd_verdicts import crowd_table
from tests.engine.binary.test_per_rater_memory import old_drawn, panel


def old_blocks(data, params):
    """The rater blocks of the information as the two sparse score matrices gave them."""
    _, gamma = e_step(data, params)
    v = gamma * (1 - gamma)
    diag = em._curvature(data, params, gamma)
    d1, d0 = em._score_differences(data, params)
    r = data.n_raters
    blocks = np.empty((r, 2, 2))
    blocks[:, 0, 0] = diag[1:r + 1] - d1.multiply(d1).T @ v
    blocks[:, 1, 1] = diag[r + 1:] - d0.multiply(d0).T @ v
    blocks[:, 0, 1] = blocks[:, 1, 0] = -(d1.multiply(d0).T @ v)
    dt = 1.0 / (params.t * (1 - params.t))
    return diag[0] - dt ** 2 * v.sum(), blocks


@pytest.mark.parametrize("chunk", [1 << 16, 50, 1])
def test_the_informations_rater_blocks_are_the_sparse_products_ones(monkeypatch, chunk):
    monkeypatch.setattr(em, "BLOCK_CHUNK", chunk)          # one chunk, several, a row each
    for seed in (1, 2, 3):
        table = panel(seed)                                 # raters labelling a subject twice
        data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))
        rng = np.random.default_rng(seed)
        q1, q0 = rng.uniform(0.6, 0.95, data.n_raters), rng.uniform(0.05, 0.4, data.n_raters)
        q1[:2], q0[2:4] = EDGE, 1 - EDGE                    # estimates on their edges
        params = RaterParams(0.4, q1, q0)
        info_t, blocks = em.observed_information(data, params, blockwise=True)
        old_t, old = old_blocks(data, params)
        assert info_t == old_t and np.array_equal(blocks, old)


def old_logistic(d, e):
    top = np.where(d >= 0, 1.0, e)
    e += 1.0
    np.divide(top, e, out=top)
    return top


def test_the_posteriors_logistic_is_the_branching_ones():
    d = np.r_[np.random.default_rng(1).normal(0, 5, 10_000),
              0.0, -0.0, np.inf, -np.inf, 800.0, -800.0, 1e-300, -1e-300, np.nan]
    assert np.array_equal(_logistic(d, _exp_minus_abs(d)), old_logistic(d, _exp_minus_abs(d)),
                          equal_nan=True)


def test_a_one_label_designs_simulated_panels_are_the_old_ones():
    table = crowd_table(np.linspace(0.5, 0.9, 40), 400, 3)
    data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("yes",)), table))
    design = Design.of(data)
    assert design.one_label_each
    truth = alike(data, RaterParams(0.3, np.linspace(0.6, 0.95, data.n_raters),
                                    np.linspace(0.05, 0.3, data.n_raters)))
    for seed in (1, 2, 3):
        mine, pairs = drawn(data, design, truth, np.random.default_rng(seed))
        matrix, totals, ones = old_drawn(data, design.subject, design.rater, design.labels, truth,
                                         np.random.default_rng(seed))
        assert mine.counts.indices.dtype == matrix.indices.dtype
        assert np.array_equal(mine.counts.indptr, matrix.indptr)
        assert np.array_equal(mine.counts.indices, matrix.indices)
        assert np.array_equal(mine.counts.data, matrix.data)
        assert np.array_equal(mine.cell_totals, totals)
        assert np.array_equal(pairs.n1, ones) and np.array_equal(pairs.n0, 1 - ones)
        general = Design(design.subject, design.rater, design.labels, design.n_raters)
        general.__dict__["one_label_each"] = False          # the two-entries-a-pair path
        zeros = design.labels - ones
        again = _panel_counts(general, zeros, ones, data.counts.shape)
        assert np.array_equal(again[0].indices, matrix.indices)
        assert np.array_equal(again[1], totals)


def test_each_pairs_chance_is_its_raters_q1_or_q0():
    table = panel(4)
    data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))
    design = Design.of(data)
    assert not design.one_label_each
    rng = np.random.default_rng(4)
    truth = RaterParams(0.4, rng.uniform(0.6, 0.9, data.n_raters), rng.uniform(0.1, 0.4, data.n_raters))
    in_one = rng.random(data.n_subjects) < 0.4
    old = np.where(in_one[design.subject], truth.q1[design.rater], truth.q0[design.rater])
    assert np.array_equal(np.take(_cell_chances(truth), _cells_of(design, in_one)), old)

