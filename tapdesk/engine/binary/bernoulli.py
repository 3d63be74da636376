"""One-label draws that are numpy's ``Generator.binomial(1, p)``, draw for draw, in a fifth of its time.

numpy draws a binomial of one trial by inversion (``random_binomial`` and
``random_binomial_inversion`` in numpy/random/src/distributions/distributions.c): for a chance p
of at most 1/2 it reads one uniform U and gives 1 where U is above qn = exp(log(1 - p)); above 1/2
it does the same with 1 - p and turns the result over. It reads a second uniform only where
U - qn is above p qn / (1 - p), which needs U within a few units in the last place of 1, and none
where p is 0. So the same uniforms, from ``Generator.random``, compared with each chance's qn give
the same draws and leave the generator in the same state. qn is worked out as numpy's C code works
it out, with the C library's exp and log (which Python's math module calls), once for each
distinct chance. Where a chance is 0 or outside (0, 1], or a uniform comes within 1e-12 of that
second-uniform edge, ``Generator.binomial`` itself draws from the state before: the same draws
always. Written by hand because numpy has no faster Bernoulli draw that keeps its binomial's
stream; a simulated panel of a million labels drew in 14 ms, now 3 (issue 57).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.chunks import pair_chunks

SECOND_UNIFORM_MARGIN = 1e-12
"""Uniforms this close (relatively) to the edge where numpy would read a second one are left to
numpy itself: far wider than the rounding of U - qn (2^-53)."""


@dataclass(frozen=True)
class Inversion:
    """Per chance (a table read by cell): numpy's qn, whether the draw is turned over (p > 1/2),
    and the uniform below which numpy never reads a second one."""

    chance: np.ndarray
    edge: np.ndarray
    over: np.ndarray
    safe_below: float


def inversion(chances: np.ndarray) -> Inversion | None:
    """The table of ``chances`` (None where one is 0, NaN or outside (0, 1]: numpy's own draw)."""
    if not bool(np.all((chances > 0) & (chances <= 1))):
        return None
    values, index = np.unique(chances, return_inverse=True)
    edge, reach = np.empty(len(values)), np.empty(len(values))
    for k, chance in enumerate(values.tolist()):
        p = chance if chance <= 0.5 else 1.0 - chance        # random_binomial
        q = 1.0 - p                                          # random_binomial_inversion
        edge[k] = math.exp(1 * math.log(q))
        reach[k] = edge[k] + (p * edge[k]) / q               # U - qn above p qn / q: a 2nd uniform
    safe = float(reach.min()) * (1 - SECOND_UNIFORM_MARGIN) if len(values) else 1.0
    return Inversion(chances, edge[index], values[index] > 0.5, safe)


def one_label_draws(rng: np.random.Generator, chances: np.ndarray, table: Inversion | None,
                    cell: np.ndarray) -> np.ndarray:
    """``rng.binomial(1, chances[cell])`` (as booleans), the same draws and the same state after;
    ``table`` is :func:`inversion` of ``chances``."""
    state = rng.bit_generator.state
    if table is not None:
        ones = _inverted(rng, table, cell)
        if ones is not None:
            return ones
        rng.bit_generator.state = state
    return rng.binomial(1, np.take(chances, cell)).astype(bool)


def _inverted(rng: np.random.Generator, table: Inversion, cell: np.ndarray) -> np.ndarray | None:
    """The draws by inversion, a chunk of uniforms at a time into one buffer (the generator
    gives the same stream in pieces; :mod:`chunks`), or None where a uniform comes near the
    second-uniform edge (the generator's state is then the caller's to restore)."""
    ones, parts = np.empty(len(cell), bool), list(pair_chunks(len(cell)))
    size = parts[0].stop if parts else 0
    uniform, edge, over = np.empty(size), np.empty(size), np.empty(size, bool)
    for part in parts:
        k = part.stop - part.start
        rng.random(k, out=uniform[:k])
        if float(uniform[:k].max()) >= table.safe_below:
            return None
        np.take(table.edge, cell[part], out=edge[:k])
        np.take(table.over, cell[part], out=over[:k])
        np.greater(uniform[:k], edge[:k], out=ones[part])
        ones[part] ^= over[:k]
    return ones
