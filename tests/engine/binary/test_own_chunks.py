"""Own labels worked out a chunk of pairs at a time are those of one pass (issue 57: the chunks
spare a simulated panel of ten million labels half a gigabyte of fresh memory)."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary import chunks
from tapdesk.engine.binary import rater_own_labels as rol
from tests.engine.binary.test_deferred_panels import weak_three


def test_own_labels_in_chunks_are_those_of_one_pass(monkeypatch):
    data, params = weak_three(600, 5)
    whole = rol.own_labels(data, params)
    monkeypatch.setattr(chunks, "PAIR_CHUNK", 7)          # chunks that split raters' slices
    assert len(whole.rater) > 20 * chunks.PAIR_CHUNK
    chunked = rol.own_labels(data, params)
    assert np.array_equal(chunked.signed, whole.signed) and np.array_equal(chunked.said, whole.said)
    assert np.array_equal(chunked.signs[0], whole.signs[0])
    assert chunked.said.dtype == bool and chunked.signs[0].dtype == whole.signs[0].dtype
    assert np.array_equal(whole.signed > 0, whole.said)   # + for a Class-1 label, - for Class 0


def test_a_panel_drawn_in_chunks_is_the_one_drawn_at_once(monkeypatch):
    from tapdesk.engine.binary import crowd_family as cf

    data, params = weak_three(600, 5)
    design, truth = cf.Design.of(data), cf.alike(data, params)
    whole, whole_pairs = cf.drawn(data, design, truth, np.random.default_rng(3))
    monkeypatch.setattr(chunks, "PAIR_CHUNK", 5)
    assert len(design.subject) > 20 * chunks.PAIR_CHUNK
    chunked, chunked_pairs = cf.drawn(data, design, truth, np.random.default_rng(3))
    assert np.array_equal(chunked_pairs.n1, whole_pairs.n1) and 0 < chunked_pairs.n1.mean() < 1
    assert np.array_equal(chunked.cell_totals, whole.cell_totals)
    assert (chunked.counts != whole.counts).nnz == 0
