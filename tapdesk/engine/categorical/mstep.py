"""M-steps for (a, p) from a soft confusion matrix: the closed form and the exact one.

Given the expected K x K confusion matrix C of one rater (or of all raters
pooled; rows true class, columns rating, not row-normalised), the EM update
maximises Q(a, p) = sum_k D_k log(a + (1-a) p_k) + O_k log((1-a) p_k), where
D_k = C_kk and O_k is the off-diagonal sum of column k.

Closed form (moment matching, from issue 3): with r_k the share of ratings
whose true class is k, a = trace(C) - sum_k r_k/(1-r_k) O_k and
p_k = O_k / ((1-r_k)(1-a)) (C scaled to sum 1). It equals the maximiser only
when C has exactly the model's structure, so callers check it.

Exact maximiser (derived here; no library solves it): write u_k = (1-a) p_k.
The Lagrange conditions give multiplier N = sum C and, for a > 0,
u_k = c_k - 2 a d_k / (sqrt((a - c_k)^2 + 4 o_k a) + a + c_k) with d = D/N,
o = O/N, c = d + o, and a the root of the nondecreasing function
h(a) = 1 - sum_k 2 d_k / (sqrt((a - c_k)^2 + 4 o_k a) + a + c_k).
If h(0) = 1 - sum_k d_k / c_k >= 0 the maximum is at a = 0 (p = c). Q is
concave in (a, u), so this is the global maximiser of the M-step.
"""

from __future__ import annotations

import numpy as np

MAX_ROOT_STEPS = 80


def split_confusion(confusion: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(D, O): diagonal and off-diagonal column sums; works on (K, K) or (J, K, K)."""
    diag = np.diagonal(confusion, axis1=-2, axis2=-1)
    return diag, confusion.sum(axis=-2) - diag


def q_value(confusion: np.ndarray, a: np.ndarray | float, p: np.ndarray) -> np.ndarray:
    """The M-step objective Q(a, p) (per rater when stacked)."""
    diag, off = split_confusion(confusion)
    a = np.asarray(a, float)[..., None]
    with np.errstate(divide="ignore"):
        on = np.log(np.maximum(a + (1 - a) * p, 1e-300))
        guess = np.log(np.maximum((1 - a) * p, 1e-300))
    return (diag * on).sum(axis=-1) + (off * guess).sum(axis=-1)


def _h(a: np.ndarray, d: np.ndarray, o: np.ndarray, c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """h(a) and its derivative (h is nondecreasing in a)."""
    ax = a[..., None]
    root = np.sqrt((ax - c) ** 2 + 4 * o * ax)
    denom = np.maximum(root + ax + c, 1e-300)
    slope = np.where(root > 0, (ax - c + 2 * o) / np.maximum(root, 1e-300), 1.0) + 1
    return 1 - (2 * d / denom).sum(axis=-1), (2 * d * slope / denom ** 2).sum(axis=-1)


ROOT_TOL = 1e-13
"""A rater's root is found once Newton's step is this small (h is nondecreasing and smooth, so
near the root the step is its distance from it), or the bracket this narrow."""


def _root(d: np.ndarray, o: np.ndarray, c: np.ndarray, guess: np.ndarray) -> np.ndarray:
    """Root of h in (0, 1]: Newton from ``guess``, kept inside a shrinking bisection bracket.

    A Newton point on an end of the bracket is taken (at the root the bracket closes on it;
    refusing it sent the search away by bisection for some fifty steps). A rater is done when
    h is zero there, the Newton step is under ROOT_TOL or the bracket is narrower than it.
    Each step works only on the raters still moving (a thousand raters: most settle in a few
    steps, and one slow rater no longer keeps them all stepping)."""
    shape = d.shape[:-1]
    d, o, c = d.reshape(-1, d.shape[-1]), o.reshape(-1, o.shape[-1]), c.reshape(-1, c.shape[-1])
    lo = np.zeros(len(d))
    hi = np.ones(len(d))
    a = np.clip(np.broadcast_to(guess, shape).reshape(-1), 1e-9, 1 - 1e-9).copy()
    live = np.arange(len(d))
    for _ in range(MAX_ROOT_STEPS):
        at = a[live]
        value, slope = _h(at, d[live], o[live], c[live])
        neg = value < 0
        low = np.where(neg, at, lo[live])
        high = np.where(neg, hi[live], at)
        lo[live], hi[live] = low, high
        with np.errstate(divide="ignore", invalid="ignore"):
            newton = at - value / slope
        inside = np.isfinite(newton) & (newton >= low) & (newton <= high)
        new = np.where(inside, newton, 0.5 * (low + high))
        a[live] = new
        done = (value == 0) | (inside & (np.abs(newton - at) <= ROOT_TOL)) | (high - low <= ROOT_TOL)
        live = live[~done]
        if not len(live):
            break
    return a.reshape(shape)


def exact_m_step(confusion: np.ndarray, previous_p: np.ndarray,
                 previous_a: np.ndarray | float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """Maximise Q(a, p) exactly; vectorised over a leading rater axis.

    ``previous_a`` only warm-starts the root search. Returns (a, p) with
    shapes (...,) and (..., K). Where every rating is on
    the diagonal (a = 1) p is not identified and ``previous_p`` is kept.
    """
    diag, off = split_confusion(np.asarray(confusion, float))
    total = diag.sum(axis=-1) + off.sum(axis=-1)
    total = np.where(total > 0, total, 1.0)
    d = diag / total[..., None]
    o = off / total[..., None]
    c = d + o
    with np.errstate(divide="ignore", invalid="ignore"):
        h0 = 1 - np.where(c > 0, d / c, 0.0).sum(axis=-1)
    active = h0 < 0
    a = np.zeros(total.shape)
    if np.any(active):       # only these: elsewhere h > 0 on (0, 1] and the search would crawl to 0
        guess = np.broadcast_to(np.asarray(previous_a, float), a.shape)
        a[active] = _root(d[active], o[active], c[active], guess[active])
    root = np.sqrt((a[..., None] - c) ** 2 + 4 * o * a[..., None])
    u = c - 2 * a[..., None] * d / np.maximum(root + a[..., None] + c, 1e-300)
    u = np.clip(u, 0.0, None)
    mass = u.sum(axis=-1, keepdims=True)
    all_diagonal = o.sum(axis=-1) <= 1e-15
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(mass > 0, u / mass, np.asarray(previous_p, float))
    p = np.where(all_diagonal[..., None], previous_p, p)
    a = np.where(all_diagonal, 1.0, a)
    return a, p


def closed_form_m_step(confusion: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The issue's closed-form update, or None when it leaves the parameter range.

    The closed-form p sums to 1 only when C has the model's structure, so it
    is renormalised onto the simplex before the range check.
    """
    scaled = np.asarray(confusion, float) / max(float(confusion.sum()), 1e-300)
    r = scaled.sum(axis=1)
    if np.any(r >= 1 - 1e-12):
        return None
    _, off = split_confusion(scaled)
    a = float(np.trace(scaled) - (r / (1 - r) * off).sum())
    if not (0.0 <= a < 1.0):
        return None
    p = off / ((1 - r) * (1 - a))
    if np.any(p < 0) or p.sum() <= 0:
        return None
    return a, p / p.sum()
