"""Marginals of a nested grid's parameters other than its outermost coordinate, in bounded memory.

A parameter that is not the outermost coordinate gets its marginal by adding
up the innermost cells, each a piece uniform on the interval of the parameter
it spans, widened by how far it moves across its parent cells (:func:`smeared`),
and binned exactly (:func:`~.adaptive.piece_marginal`). Made for all cells at
once that took a dozen arrays of the grid's size (1.8 million cells on the
ridge models' 100,000 x 10 data: 180 MB); here the intervals are made and
smeared a block of outermost cells at a time (with one neighbouring cell on
either side, which is all the smearing's differences read), only the pieces'
two ends are kept, and they are binned a block at a time on fixed bins
(:class:`~.ridge_pieces.PieceBins`): the same bins and the same masses as
:func:`~.adaptive.piece_marginal` gives all of them at once, to rounding.
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.bayes.adaptive import PIECE_BINS, TINY_SHARE, binned_pieces, trimmed_range
from tapdesk.engine.bayes.ridge_pieces import PieceBins

CELL_CHUNK = 131_072
"""Cells whose intervals are made and smeared, or whose pieces are binned, at once."""


def inner_marginals(grid, names: tuple[str, ...]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{name: (logit edges, mass per bin)} of each of ``names`` from the cells of ``grid`` (a
    :class:`~.grid.GridPosterior`), as :func:`~.adaptive.piece_marginal` bins the smeared
    pieces of all its cells with a finite interval."""
    mass = grid.mass
    ends = {name: (np.empty(mass.shape), np.empty(mass.shape)) for name in names}
    parents = tuple(axis for axis in range(mass.ndim - 1) if mass.shape[axis] > 2)
    for rows in _blocks(mass.shape[0], _rows(mass.shape)):
        a, b = max(rows.start - 1, 0), min(rows.stop + 1, mass.shape[0])
        inner = slice(rows.start - a, rows.stop - a)
        for name, (lo, hi) in spans(grid, names, slice(a, b)).items():
            lo, hi = smeared(lo, hi, parents)
            ends[name][0][rows], ends[name][1][rows] = lo[inner], hi[inner]
    out = {}
    for name in names:                            # each name's ends dropped once binned
        lo, hi = ends.pop(name)
        out[name] = _binned(lo.reshape(-1), hi.reshape(-1), mass.reshape(-1))
    return out


def _rows(shape: tuple[int, ...]) -> int:
    return max(1, CELL_CHUNK // max(1, int(np.prod(shape[1:]))))


def _blocks(n: int, size: int):
    return [slice(start, min(start + size, n)) for start in range(0, n, size)]


def spans(grid, names: tuple[str, ...], rows: slice = slice(None)
          ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per parameter of ``names``, the logit interval each cell of outermost ``rows`` spans
    along the last coordinate (the parameter at the cell's two ends, its parents at their
    midpoints): (low, high), each of the block's shape."""
    k = grid.mass.ndim - 1
    z = [m[rows] for m in grid.midpoints(full=False)[:-1]]
    edges = grid.edges[k][rows]
    found = grid.coordinates.parameters(z + [edges])
    out = {}
    for name in names:
        x = np.broadcast_to(found[name][0] - found[name][1], edges.shape)
        a, b = x[..., :-1], x[..., 1:]
        out[name] = (np.minimum(a, b), np.maximum(a, b))
    return out


def smeared(lo: np.ndarray, hi: np.ndarray, parents: tuple[int, ...] | None = None
            ) -> tuple[np.ndarray, np.ndarray]:
    """Innermost cells' parameter intervals widened by how far they move across their parents.

    A cell's interval is computed at its parent cells' midpoints, but across
    the extent of a parent cell it moves. Binning it where it sits at the
    midpoint would give the marginal a comb of bumps one parent cell apart;
    instead each cell becomes a uniform piece with the variance of the cell
    plus its movement across every parent level (estimated by differences
    between neighbouring parent cells, along the axes ``parents``: by default
    every parent axis of more than 2 cells), centred where it sits.
    """
    if parents is None:
        parents = tuple(axis for axis in range(lo.ndim - 1) if lo.shape[axis] > 2)
    centre = lo + hi                  # in place from here: arrays of the block's size
    centre /= 2
    spread = np.subtract(hi, lo)
    spread *= spread
    with np.errstate(invalid="ignore"):
        for axis in parents:
            step = np.gradient(centre, axis=axis)
            step[~np.isfinite(step)] = 0.0
            step *= step
            spread += step
    half = np.sqrt(spread, out=spread)
    half /= 2
    low = centre - half
    centre += half
    return low, centre


def _binned(lo: np.ndarray, hi: np.ndarray, mass: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~.adaptive.piece_marginal` of the pieces with finite ends, a block at a time."""
    blocks = _blocks(lo.size, CELL_CHUNK)
    finite = [np.isfinite(lo[b]) & np.isfinite(hi[b]) for b in blocks]
    count = sum(int(f.sum()) for f in finite)
    if count <= PIECE_BINS:                       # few pieces: binned exactly on their ends
        keep = np.concatenate(finite)
        return binned_pieces(lo[keep], hi[keep], mass[keep])
    total = sum(float(mass[b][f].sum()) for b, f in zip(blocks, finite))
    floor = TINY_SHARE * total
    kept = [f & (mass[b] > floor) for b, f in zip(blocks, finite)]
    def centres(b: slice, k: np.ndarray) -> np.ndarray:
        return (lo[b][k] + hi[b][k]) / 2

    low, high = np.inf, -np.inf
    for b, k in zip(blocks, kept):
        if k.any():
            c = centres(b, k)
            low, high = min(low, float(c.min())), max(high, float(c.max()))
    points = PieceBins(low, high, total, PIECE_BINS)     # the centres as points: the range
    for b, k in zip(blocks, kept):
        c = centres(b, k)
        points.add(c, c, mass[b][k])
    span = trimmed_range(points.edges, points.fine_masses()[1])
    bins = PieceBins(*span, total, PIECE_BINS)
    for b, k in zip(blocks, kept):
        bins.add(lo[b][k], hi[b][k], mass[b][k])
    return bins.binned()
