"""The boxes of the unit cube that hold a posterior's mass, for the Gauss rules of
:mod:`.box_rule` (issue 29).

Zooming from the cube on a coarse midpoint grid finds where the density is
within BOX_DROP nats of its best. Where that region falls apart into pieces
far from each other (the two readings of a ridge model that lets the classes
swap, on 100,000 subjects: two peaks 0.001 wide, 0.6 apart), one box around
both would need thousands of nodes per axis; each piece gets a box of its
own instead (at most MAX_BOXES; pieces are told apart by gaps in their
projections on the axes, :func:`pieces`), boxes that overlap are merged,
and each is zoomed on by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.bayes.gauss_nodes import legendre

BOX_CELLS = 32
ZOOMS = 4
BOX_DROP = 30.0
"""A box holds every zoom cell whose midpoint density is within this many nats of the best
(e^-30: no mass a figure could show) ..."""
MARGIN = 1.5
"""... plus this many cells of the zoom grid on each side."""
MAX_BOXES = 4
"""More separate pieces than this are held by one box around them all."""
FACE_DROP = 20.0
"""A face inside the cube must lie this many nats below the peak at its nearest nodes."""


@dataclass(frozen=True, eq=False)
class Box:
    """A region of the cube the rules cover: (d, 2) low and high ends per parameter."""

    ends: np.ndarray

    def nodes(self, counts: tuple[int, ...]) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Per axis, its ``counts`` Gauss nodes and their weights on the box."""
        half = (self.ends[:, 1] - self.ends[:, 0]) / 2
        centre = (self.ends[:, 1] + self.ends[:, 0]) / 2
        rules = [legendre(n)[:2] for n in counts]
        return ([c + h * x for c, h, (x, _) in zip(centre, half, rules)],
                [h * w for h, (_, w) in zip(half, rules)])

    def cells(self) -> tuple[list[np.ndarray], np.ndarray]:
        """(midpoints per axis, cell widths) of the BOX_CELLS^d zoom grid on the box."""
        h = (self.ends[:, 1] - self.ends[:, 0]) / BOX_CELLS
        return [lo + w * (np.arange(BOX_CELLS) + 0.5) for lo, w in zip(self.ends[:, 0], h)], h

    def widened(self, low: np.ndarray, high: np.ndarray) -> Box:
        """The box with the ``low``/``high`` faces moved out by half its width (within the
        cube)."""
        ends = self.ends.copy()
        width = ends[:, 1] - ends[:, 0]
        ends[:, 0] = np.where(low, np.maximum(ends[:, 0] - width / 2, 0.0), ends[:, 0])
        ends[:, 1] = np.where(high, np.minimum(ends[:, 1] + width / 2, 1.0), ends[:, 1])
        return Box(ends)

    def overlaps(self, other: Box) -> bool:
        return bool(((self.ends[:, 0] < other.ends[:, 1])
                     & (other.ends[:, 0] < self.ends[:, 1])).all())

    def joined(self, other: Box) -> Box:
        """The smallest box holding both."""
        return Box(np.stack([np.minimum(self.ends[:, 0], other.ends[:, 0]),
                             np.maximum(self.ends[:, 1], other.ends[:, 1])], axis=1))


def disjoint(boxes: list[Box]) -> list[Box]:
    """``boxes`` with every two that overlap joined, until none do; one box around them all
    where more than MAX_BOXES remain."""
    boxes = list(boxes)
    joined = True
    while joined:
        joined = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                if boxes[i].overlaps(boxes[j]):
                    boxes[i] = boxes[i].joined(boxes.pop(j))
                    joined = True
                    break
            if joined:
                break
    if len(boxes) > MAX_BOXES:
        whole = boxes[0]
        for b in boxes[1:]:
            whole = whole.joined(b)
        boxes = [whole]
    return boxes


def pieces(hit: np.ndarray) -> list[np.ndarray]:
    """The cells ``hit`` ((k, d) indices on the zoom grid) cut into pieces wherever their
    projection on an axis has a gap wider than 2 MARGIN cells (the pieces' boxes would not
    touch there), each piece cut again the same way.

    Cheaper than labelling connected cells (a few dozen passes over the grid), and enough for
    what splits a posterior: its separate peaks differ in some parameter. Pieces that overlap
    in every projection share one box."""
    for i in range(hit.shape[1]):
        occupied = np.unique(hit[:, i])
        gaps = np.flatnonzero(np.diff(occupied) > 2 * MARGIN + 1)
        if gaps.size:
            cut = occupied[gaps[0]]
            return pieces(hit[hit[:, i] <= cut]) + pieces(hit[hit[:, i] > cut])
    return [hit]


def zoomed(box: Box, lp: np.ndarray, threshold: float) -> list[Box]:
    """The boxes around each piece of ``box``'s zoom cells above ``threshold`` (``lp`` the log
    density at their midpoints), MARGIN cells wider on every side (within the cube)."""
    axes, h = box.cells()
    out = []
    for hit in pieces(np.argwhere(lp > threshold)):
        lo = np.array([axes[i][hit[:, i].min()] for i in range(lp.ndim)]) - MARGIN * h
        hi = np.array([axes[i][hit[:, i].max()] for i in range(lp.ndim)]) + MARGIN * h
        out.append(Box(np.stack([np.maximum(lo, 0.0), np.minimum(hi, 1.0)], axis=1)))
    return out


def find_boxes(density: Callable[[list[np.ndarray]], np.ndarray], d: int) -> list[Box]:
    """Zoom from the unit cube onto the cells within BOX_DROP nats of the best, a box per
    separate piece (see the module docstring)."""
    boxes = [Box(np.array([[0.0, 1.0]] * d))]
    for _ in range(ZOOMS):
        lps = [density(box.cells()[0]) for box in boxes]
        top = max(float(lp.max()) for lp in lps)
        boxes = disjoint([b for box, lp in zip(boxes, lps)
                          for b in zoomed(box, lp, top - BOX_DROP)])
    return boxes


def open_faces(lp: np.ndarray, box: Box, top: float) -> tuple[np.ndarray, np.ndarray]:
    """Which low and high faces of ``box`` (inside the cube) have nodes within FACE_DROP nats of
    the peak ``top`` (``lp`` the log density at the box's nodes)."""
    d = lp.ndim
    low, high = np.zeros(d, bool), np.zeros(d, bool)
    for i in range(d):
        first, last = np.take(lp, 0, axis=i), np.take(lp, -1, axis=i)
        low[i] = box.ends[i, 0] > 0.0 and first.max() > top - FACE_DROP
        high[i] = box.ends[i, 1] < 1.0 and last.max() > top - FACE_DROP
    return low, high
