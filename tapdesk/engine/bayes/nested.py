"""Scans and cell placement of the nested exact grids (see :mod:`.grid`).

Every level of a nested grid gets, per cell of the levels above it (a
*prefix*), its own cells: where the density integrated over the deeper
levels is, dense where its mass is. They are found by scanning: SCAN_LEVELS
scans of SCAN_NODES cells, the first equal over [-30, 30], each next one
placed from the one before by :func:`place_cells`, so narrow peaks are zoomed
in on and skewed or two-peaked conditionals are followed. All of it is
vectorised over prefixes (one row each).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from tapdesk.engine.bayes.adaptive import NODE_POWER

LOGIT_LIMIT = 30.0
SCAN_NODES = 24
SCAN_LEVELS = 3
INNER_LEVELS = 3
INNER_NODES = 16
SCAN_FLOOR = 0.3
CELL_FLOOR = 0.3
TAIL = 1e-10
"""A level's cells cover all but this share of its conditional mass at either end."""
CHUNK_POINTS = 250_000
"""Density points evaluated at once (each chunk is one check for cancel, see grid.checking)."""

LogDensity = Callable[[list[np.ndarray]], np.ndarray]


def last_level(log_density: LogDensity, prefix: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Log density at prefixes (B, d-1) of the outer levels times last-level logits (B, M)."""
    out = np.empty(z.shape)
    step = max(1, CHUNK_POINTS // max(z.shape[1], 1))
    for start in range(0, len(prefix), step):
        part = slice(start, start + step)
        out[part] = log_density([prefix[part, i:i + 1] for i in range(prefix.shape[1])] + [z[part]])
    return out


@dataclass(frozen=True, eq=False)
class Scan:
    """A level's last scan per prefix: cell edges (B, S + 1), log density at midpoints (B, S)."""

    edges: np.ndarray
    lp: np.ndarray

    @cached_property
    def log_mass(self) -> np.ndarray:
        """Log of the density integrated over this level (and the deeper ones), per prefix."""
        top = self.lp.max(axis=1)
        top = np.where(np.isfinite(top), top, 0.0)
        with np.errstate(divide="ignore"):
            return top + np.log((np.exp(self.lp - top[:, None]) * np.diff(self.edges)).sum(axis=1))

    def cells(self, n: int) -> np.ndarray:
        """Edges (B, n + 1) of the final cells per prefix (see :func:`place_cells`)."""
        return place_cells(self.edges, self.lp, n, CELL_FLOOR)


def scan(log_density: LogDensity, depth: int, prefix: np.ndarray, levels: int = SCAN_LEVELS,
         nodes: int = SCAN_NODES) -> Scan:
    """Scan level k = prefix.shape[1] of a ``depth``-level grid, given each prefix (B, k).

    A node's value is the log density integrated over the deeper levels, so a
    thin region of a deeper level is not missed; those inner integrals only
    place this level's cells, so they use a lighter scan (INNER_LEVELS of
    INNER_NODES cells).
    """
    n, k = prefix.shape
    edges = np.tile(np.linspace(-LOGIT_LIMIT, LOGIT_LIMIT, nodes + 1), (n, 1))
    lp: np.ndarray | None = None
    for level in range(levels):
        if level:
            assert lp is not None                   # set by the level before
            edges = place_cells(edges, lp, nodes, SCAN_FLOOR)
        z = (edges[:, 1:] + edges[:, :-1]) / 2
        if k == depth - 1:
            lp = last_level(log_density, prefix, z)
        else:
            longer = np.column_stack([np.repeat(prefix, nodes, axis=0), z.ravel()])
            lp = scan(log_density, depth, longer, INNER_LEVELS, INNER_NODES).log_mass
            lp = lp.reshape(n, nodes)
    assert lp is not None                           # levels >= 1: every caller scans at least once
    return Scan(edges, lp)


def place_cells(edges: np.ndarray, lp: np.ndarray, n: int, floor: float) -> np.ndarray:
    """Per row, n cells placed from a scan (cell ``edges`` (B, S + 1), log density ``lp`` (B, S)).

    The range holds all but TAIL of the scan's mass at either end (read off
    its CDF, so it moves smoothly with the prefix), widened by the end cells'
    widths; inside it the cell density follows the cube root of the scan's
    density (constant within a scan cell) plus ``floor`` times its peak, as on
    the outermost axis: a skewed conditional gets fine cells on its steep
    side, not the spacing its long tail would set.
    """
    rows = np.arange(len(edges))[:, None]
    width = np.diff(edges, axis=1)
    top = lp.max(axis=1, keepdims=True)
    empty = ~np.isfinite(top[:, 0])
    dens = np.exp(lp - np.where(empty[:, None], 0.0, top))
    dens[empty] = 1.0
    cdf = np.concatenate([np.zeros((len(edges), 1)), np.cumsum(dens * width, axis=1)], axis=1)
    cdf = cdf / cdf[:, -1:] + 1e-3 * TAIL * np.linspace(0.0, 1.0, cdf.shape[1])   # strictly rising
    ends = row_inverse(cdf / cdf[:, -1:], edges, np.array([TAIL, 1.0 - TAIL]))
    cell = np.clip(row_search(edges, ends) - 1, 0, width.shape[1] - 1)
    lo = np.maximum(edges[:, :1], ends[:, :1] - width[rows, cell[:, :1]])
    hi = np.minimum(edges[:, -1:], ends[:, 1:] + width[rows, cell[:, 1:]])
    clipped = np.clip(edges, lo, hi)
    g = (dens / dens.max(axis=1, keepdims=True)) ** NODE_POWER + floor
    cum = np.concatenate([np.zeros((len(edges), 1)),
                          np.cumsum(g * np.diff(clipped, axis=1), axis=1)], axis=1)
    return row_inverse(cum / cum[:, -1:], clipped, np.linspace(0.0, 1.0, n + 1))


def row_search(sorted_rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per row, np.searchsorted(sorted_rows[r], values[r]) (all rows in one flat search)."""
    rows, m = sorted_rows.shape
    span = np.nanmax(np.abs(sorted_rows)) + np.nanmax(np.abs(values)) + 1.0
    shift = 2.0 * span * np.arange(rows)[:, None]
    idx = np.searchsorted((sorted_rows + shift).ravel(), (values + shift).ravel())
    return idx.reshape(values.shape) - (np.arange(rows) * m)[:, None]


def row_inverse(cum: np.ndarray, x: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Per row, x where the increasing cum (from 0 to 1) reaches each target, linearly."""
    m = cum.shape[1]
    shift = 2.0 * np.arange(len(cum))[:, None]               # rows apart in one flat search
    idx = np.searchsorted((cum + shift).ravel(), (targets[None, :] + shift).ravel())
    idx = np.clip(idx.reshape(len(cum), -1) - (np.arange(len(cum)) * m)[:, None], 1, m - 1)
    r = np.arange(len(cum))[:, None]
    c0, c1 = cum[r, idx - 1], cum[r, idx]
    with np.errstate(invalid="ignore", divide="ignore"):
        frac = np.clip(np.nan_to_num((targets[None, :] - c0) / (c1 - c0)), 0.0, 1.0)
    out = x[r, idx - 1] + frac * (x[r, idx] - x[r, idx - 1])
    if targets[0] == 0.0:
        out[:, 0] = x[:, 0]
    if targets[-1] == 1.0:
        out[:, -1] = x[:, -1]
    return out
