"""What every EM fit shares, whatever its model: when a run has reached its maximum
(:func:`settled`), and SQUAREM's extrapolated jump (:func:`squarem_jump`).

Shared by the binary per-rater fit (and its simulated panels) and the categorical fits
(Dawid-Skene, per-rater t-a-p, MACE), so a fit that says it converged means the same thing
everywhere: its log-likelihood is within the tolerance of the maximum EM is heading for,
not merely rising slowly.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

NOISE = 1e-14
"""A rise of the log-likelihood smaller than this, relative to its size, is rounding: a sum over
millions of labels carries about that much error, so EM is at its maximum."""


def settled(trace: Sequence[float], tolerance: float) -> bool:
    """Whether the log-likelihoods of an EM run (one a step or SQUAREM cycle, never falling
    beyond rounding) have reached their maximum within ``tolerance`` times (1 + |ll|).

    The last rise alone says little when EM crawls: rises shrinking by a ratio r per step
    still add up to rise * r / (1 - r) (Aitken's extrapolation of the limit, as used to stop
    EM by Boehning et al. 1994 and McNicholas et al. 2010). SQUAREM's rises zigzag (a small
    one between two large), so the ratio is taken between the sums of the last two rises and
    the two before (for rises shrinking geometrically this gives the same remainder exactly).
    The run is settled when the last rise and that projected remainder are both within the
    tolerance and the rises shrink; a rise at rounding level (NOISE) settles it whatever came
    before."""
    if len(trace) < 2:
        return False
    scale = 1.0 + abs(trace[-1])
    rise = trace[-1] - trace[-2]
    if rise <= NOISE * scale:
        return True
    if rise > tolerance * scale or len(trace) < 5:
        return False
    rises = np.diff(np.asarray(trace[-5:], float))
    before, recent = rises[0] + rises[1], rises[2] + rises[3]
    if before <= 0 or recent >= before:
        return False
    ratio = recent / before
    return recent * ratio / (1 - ratio) <= tolerance * scale


JUMP_FLOOR = 1e-12
"""An extrapolated probability is kept at least this far from 0 (EM never revives an exact 0)."""


def _norm(x: np.ndarray) -> float:
    """Euclidean length without BLAS: ``np.linalg.norm`` goes through a threaded dot product
    that on a busy machine waited some 6 ms a call for 40,000 numbers (a 1M-label fit's
    Dawid-Skene vector), longer than the E-step."""
    return float(np.sqrt(np.einsum("i,i->", x, x)))


def squarem_jump(x0: np.ndarray, x1: np.ndarray, x2: np.ndarray) -> np.ndarray | None:
    """SQUAREM's extrapolated point from three successive EM iterates (step length
    alpha = -|r| / |v|, at most -1), or None when the path has no curvature to follow."""
    r = x1 - x0
    v = x2 - x1 - r
    norm_v = _norm(v)
    if norm_v == 0.0 or not np.isfinite(norm_v):
        return None
    alpha = min(-_norm(r) / norm_v, -1.0)
    return x0 - 2 * alpha * r + alpha ** 2 * v


TELL_APART = 1e3
"""Each start runs to the tolerance times this, enough to tell the starts apart (distinct optima
differ by far more); only the best goes on to the tolerance itself. At 10,000,000 labels the
per-rater fit's start and the majority vote's took 4 and 11 SQUAREM cycles and the best 15 more,
where running both to the tolerance took 14 and 24 and the best still more."""


POLISH = 1e-4
"""The best start goes on toward its tolerance times this (with the default tolerance, rises at
rounding level), within POLISH_PASSES: EM's last steps are small but many, and the starts need
only be told apart."""
POLISH_PASSES = 12_000_000
"""The polish beyond the request's tolerance spends at most this many labels' worth of
SQUAREM cycles (150,000 labels: 80 cycles, enough to reach the maximum a long plain EM run
finds; 10,000,000 labels: one). Where EM crawls to a boundary (confusion entries or guess
rates tending to 0, rises of 1e-7 a cycle for hundreds of cycles at 10 million labels) a
tolerance of 1e-13 is not reached in any affordable time, and a gap of a micro-nat says
nothing a reader can use."""
