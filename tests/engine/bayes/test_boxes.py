"""Issue 29: the boxes the Gauss rules integrate on (tapdesk/engine/bayes/boxes.py), and a
posterior with separate peaks on a box each, against its closed form."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm

from tapdesk.engine.bayes.box_rule import TensorDensity, rules_on_a_box
from tapdesk.engine.bayes.boxes import Box, disjoint, find_boxes, pieces

PEAKS = ((0.7, np.array([0.25, 0.30, 0.70]), 0.004), (0.3, np.array([0.75, 0.70, 0.30]), 0.006))
"""(weight, centre, sd) of two round Gaussian peaks in the unit cube, 0.7 apart: the two
readings of a ridge model with swapped classes on 100,000 subjects look like this."""


class TwoPeaks(TensorDensity):
    def log_density(self, axes):
        grids = np.meshgrid(*axes, indexing="ij", sparse=True)
        parts = [np.log(w) - sum((g - c) ** 2 for g, c in zip(grids, centre)) / (2 * sd ** 2)
                 - 3 * np.log(sd) for w, centre, sd in PEAKS]
        return np.logaddexp(*parts)


def test_pieces_are_cut_at_gaps_in_a_projection():
    ball = np.argwhere(np.ones((5, 5, 5), bool))
    assert len(pieces(ball)) == 1
    two = np.concatenate([ball, ball + [20, 0, 0]])
    assert sorted(len(p) for p in pieces(two)) == [125, 125]
    near = np.concatenate([ball, ball + [7, 0, 0]])          # a gap of 2 cells: boxes touch
    assert len(pieces(near)) == 1


def test_overlapping_boxes_are_joined():
    a = Box(np.array([[0.1, 0.3], [0.1, 0.3]]))
    b = Box(np.array([[0.25, 0.5], [0.2, 0.4]]))
    c = Box(np.array([[0.7, 0.9], [0.7, 0.9]]))
    out = disjoint([a, b, c])
    assert len(out) == 2
    np.testing.assert_array_equal(out[0].ends, [[0.1, 0.5], [0.1, 0.4]])


def test_separate_peaks_get_a_box_each():
    boxes = find_boxes(TwoPeaks(), 3)
    assert len(boxes) == 2
    for _, centre, _ in PEAKS:
        assert sum(bool(((b.ends[:, 0] < centre) & (centre < b.ends[:, 1])).all())
                   for b in boxes) == 1
    assert all((b.ends[:, 1] - b.ends[:, 0] < 30 * 0.006).all() for b in boxes)


def test_a_posterior_on_two_boxes_matches_its_closed_form():
    post = rules_on_a_box(TwoPeaks(), ("t", "q1", "q0"), 0.005, 0.95).posterior
    assert post is not None and len(post.parts) == 2
    assert "2 boxes" in post.how
    for i, name in enumerate(("t", "q1", "q0")):
        mean = sum(w * c[i] for w, c, _ in PEAKS)
        second = sum(w * (c[i] ** 2 + sd ** 2) for w, c, sd in PEAKS)
        sd_all = np.sqrt(second - mean ** 2)
        assert post.mean(name) == pytest.approx(mean, abs=0.005 * sd_all)
        assert post.sd(name) == pytest.approx(sd_all, abs=0.005 * sd_all)
        for q in (0.05, 0.5, 0.9):                # each point falls inside a peak
            x = float(post.quantile(name, q))
            cdf = sum(w * norm.cdf(x, c[i], sd) for w, c, sd in PEAKS)
            assert cdf == pytest.approx(q, abs=0.002), (name, q)
