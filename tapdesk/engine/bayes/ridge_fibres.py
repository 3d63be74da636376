"""The ridge of a non-identified binary model as fibres over the identified (q1, q0).

The likelihood of t-a0a1-p, t-a-p0p1 and t-a0a1-p0p1 depends on the data only
through (t, q1, q0). Changing variables from the model's parameters to
(t, q1, q0, ridge coordinate) factorises the posterior exactly::

    p(t, q1, q0, c | data) = pi(t) L(t, q1, q0) g(q1, q0)  x  w(c | q1, q0) / g(q1, q0)

where w(c | q1, q0) is the joint prior of the model's parameters written
along the fibre {parameters with these q1, q0}, times the Jacobian of the
change of variables, and g(q1, q0) = integral of w over the fibre. So the
posterior of (t, q1, q0) is a 3-dimensional density (the likelihood times the
prior mass g of each fibre), and given (q1, q0) the ridge coordinate follows
the prior restricted to the fibre, which the data cannot change.

==============  ==================  =============================  =================
model           fibre coordinate    range                          1 / |Jacobian|
==============  ==================  =============================  =================
t-a0a1-p        p                   q0 <= p <= q1                  1 / (p (1 - p))
t-a-p0p1        a                   0 <= a <= min(q1, 1 - q0)      1 / (1 - a)^2
t-a0a1-p0p1     a1 (q1's fibre)     0 <= a1 <= q1                  1 / (1 - a1)
                a0 (q0's fibre)     0 <= a0 <= 1 - q0              1 / (1 - a0)
==============  ==================  =============================  =================

(t-a0a1-p: a1 = (q1 - p)/(1 - p), a0 = 1 - q0/p, d(q1, q0)/d(a1, a0) = (1 - p) p;
t-a-p0p1: p1 = (q1 - a)/(1 - a), p0 = q0/(1 - a), d(q1, q0)/d(p1, p0) = (1 - a)^2;
t-a0a1-p0p1: p1 = (q1 - a1)/(1 - a1), p0 = q0/(1 - a0), dq1/dp1 = 1 - a1,
dq0/dp0 = 1 - a0, so its two fibres are independent given (q1, q0).)

Numerics: a fibre is parametrised by its relative position u in (0, 1) and
integrated on z = logit(u) with the midpoint rule. Beta priors make the
integrand a power of u or 1 - u at the fibre's ends (integrable, possibly
infinite for alpha < 1); on the logit scale it decays exponentially instead,
and the trapezoid/midpoint rule on a smooth, decaying integrand over the real
line converges geometrically (Trefethen & Weideman, SIAM Review 56, 2014).
A coarse pass over z in [-30, 30] finds where the mass lies, a fine pass
integrates there. Every parameter and its complement 1 - v is computed from
u and 1 - u without cancellation, so Beta priors with alpha < 1 stay finite.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.special import log_expit, logsumexp

from tapdesk.engine.request import Prior

Z_LIMIT = 30.0
COARSE_NODES = 60
NEGLIGIBLE = 30.0
"""Fibre nodes more than this many nats below the fibre's maximum are outside its window."""
INTEGRAL_NODES = 96
"""Fine nodes for g(q1, q0): the midpoint rule is accurate to ~1e-7 here."""
PROFILE_NODES = 160
PROFILE_NEGLIGIBLE = 18.0
"""Fine nodes and window for the conditional distribution along a fibre (draws and ridge
marginals): the window then holds all but ~1e-7 of it, in cells of at most ~0.2 logit."""

LogPair = tuple[np.ndarray, np.ndarray]          # (log v, log(1 - v))
Curve = Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                 tuple[np.ndarray, np.ndarray, Callable[[], dict[str, LogPair]]]]


class FibreValues(Mapping):
    """{parameter: (log v, log(1 - v))} along a fibre, worked out on first use: most
    evaluations need the weights alone (flat priors), and the values cost as much again."""

    def __init__(self, make: Callable[[], dict[str, LogPair]]) -> None:
        self._make = make
        self._values: dict[str, LogPair] | None = None

    def _get(self) -> dict[str, LogPair]:
        if self._values is None:
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                self._values = self._make()
        return self._values

    def __getitem__(self, name: str) -> LogPair:
        return self._get()[name]

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _log(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(x)


def _a0a1_curve(q1, q0, lu, lv):
    """t-a0a1-p, coordinate p = q0 + (q1 - q0) u."""
    s = q1 - q0
    u, v = np.exp(lu), np.exp(lv)
    lp, l1p = _log(q0 + s * u), _log((1 - q1) + s * v)
    ls = _log(s)
    return ls, -lp - l1p, lambda: {"a0": (ls + lu - lp, _log(q0) - lp),
                                   "a1": (ls + lv - l1p, _log(1 - q1) - l1p),
                                   "p": (lp, l1p)}


def _p0p1_curve(q1, q0, lu, lv):
    """t-a-p0p1, coordinate a = m u with m = min(q1, 1 - q0)."""
    m = np.minimum(q1, 1 - q0)
    v = np.exp(lv)
    l1a = _log((1 - m) + m * v)
    return _log(m), -2 * l1a, lambda: {
        "a": (_log(m) + lu, l1a),
        "p0": (_log(q0) - l1a, _log((1 - m - q0) + m * v) - l1a),
        "p1": (_log((q1 - m) + m * v) - l1a, _log(1 - q1) - l1a)}


def _class1_curve(q1, q0, lu, lv):
    """t-a0a1-p0p1, Class-1 fibre: a1 = q1 u, p1 = (q1 - a1)/(1 - a1)."""
    v = np.exp(lv)
    l1a = _log((1 - q1) + q1 * v)
    lq = _log(q1)
    return lq, -l1a, lambda: {"a1": (lq + lu, l1a), "p1": (lq + lv - l1a, _log(1 - q1) - l1a)}


def _class0_curve(q1, q0, lu, lv):
    """t-a0a1-p0p1, Class-0 fibre: a0 = (1 - q0) u, p0 = q0/(1 - a0)."""
    v = np.exp(lv)
    l1a = _log(q0 + (1 - q0) * v)
    lr = _log(1 - q0)
    return lr, -l1a, lambda: {"a0": (lr + lu, l1a), "p0": (_log(q0) - l1a, lr + lv - l1a)}


@dataclass(frozen=True)
class Fibre:
    """One ridge coordinate: the parameters it determines and its curve through them.

    ``curve(q1, q0, log u, log(1 - u))`` returns (log span of the coordinate,
    log of 1/|Jacobian|, a function giving {parameter: (log v, log(1 - v))}).
    """

    coordinate: str
    params: tuple[str, ...]
    curve: Curve
    depends: str = "both"
    """Which of q1, q0 the fibre depends on ("both", "q1" or "q0")."""

    def reads(self, q1, q0) -> tuple[Any, Any]:
        """(q1, q0) as the curve reads them: NaN for the one it does not depend on.

        On broadcastable axes (a table: q1 of shape (n, 1), q0 of shape (1, m))
        a fibre of one coordinate is then integrated once per value of that
        coordinate, not once per cell, with the same numbers.
        """
        return (q1 if self.depends != "q0" else np.nan,
                q0 if self.depends != "q1" else np.nan)


RIDGE_FIBRES: dict[str, tuple[Fibre, ...]] = {
    "tap-a0a1": (Fibre("p", ("a0", "a1", "p"), _a0a1_curve),),
    "tap-p0p1": (Fibre("a", ("a", "p0", "p1"), _p0p1_curve),),
    "tap-a0a1-p0p1": (Fibre("a1", ("a1", "p1"), _class1_curve, "q1"),
                      Fibre("a0", ("a0", "p0"), _class0_curve, "q0")),
}


def fibre_log_weights(fibre: Fibre, q1, q0, z: np.ndarray, priors: dict[str, Prior]):
    """Log integrand on the logit-position scale at nodes ``z`` (shape (..., M)).

    ``q1`` and ``q0`` broadcast against ``z[..., :1]``. Returns (log weight,
    {parameter: (log v, log(1 - v))}, worked out when first read); an empty fibre has weight
    -inf.
    """
    lu = log_expit(z)
    lv = lu - z                    # log(1 - u) = log u - logit u: exact to a few ulp of z
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        log_span, log_jac, make = fibre.curve(q1, q0, lu, lv)
        values = FibreValues(make)
        lw = log_span + log_jac + lu + lv
        for name in fibre.params:
            prior = priors[name]
            if prior.alpha != 1:
                lw = lw + (prior.alpha - 1) * values[name][0]
            if prior.beta != 1:
                lw = lw + (prior.beta - 1) * values[name][1]
    lw = np.where(np.isfinite(log_span) & ~np.isnan(lw), lw, -np.inf)
    return lw, values


def fibre_window(fibre: Fibre, q1, q0, priors: dict[str, Prior], n_nodes: int = INTEGRAL_NODES,
                 negligible: float = NEGLIGIBLE):
    """Each fibre's window on the logit-position scale: (its low end, the width h of its
    ``n_nodes`` fine cells), each of shape S + (1,) for ``q1``, ``q0`` broadcast to shape S.

    A coarse pass over [-Z_LIMIT, Z_LIMIT] keeps the nodes within ``negligible`` nats of the
    fibre's maximum, one coarse step wider on either side.
    """
    q1, q0 = np.broadcast_arrays(np.asarray(q1, float), np.asarray(q0, float))
    q1, q0 = q1[..., None], q0[..., None]
    step = 2 * Z_LIMIT / COARSE_NODES
    coarse = -Z_LIMIT + step * (np.arange(COARSE_NODES) + 0.5)
    lw, _ = fibre_log_weights(fibre, q1, q0, coarse, priors)
    top = lw.max(axis=-1, keepdims=True)
    keep = lw > np.where(np.isfinite(top), top, 0.0) - negligible
    keep[~np.isfinite(top)[..., 0]] = True
    first = np.argmax(keep, axis=-1)[..., None]
    last = COARSE_NODES - 1 - np.argmax(keep[..., ::-1], axis=-1)[..., None]
    lo = np.maximum(coarse[first] - step, -Z_LIMIT)
    hi = np.minimum(coarse[last] + step, Z_LIMIT)
    return lo, (hi - lo) / n_nodes


def window_nodes(lo: np.ndarray, h: np.ndarray, n_nodes: int) -> np.ndarray:
    """The midpoints (S + (n_nodes,)) of the fine cells of windows from :func:`fibre_window`."""
    return lo + h * (np.arange(n_nodes) + 0.5)


def fibre_nodes(fibre: Fibre, q1, q0, priors: dict[str, Prior], n_nodes: int = INTEGRAL_NODES,
                negligible: float = NEGLIGIBLE):
    """Fine midpoint nodes on each fibre's window: (z (..., M), width h (..., 1), log weight).

    ``q1`` and ``q0`` are arrays of one shape S (one fibre each); results have
    shape S + (M,).
    """
    lo, h = fibre_window(fibre, q1, q0, priors, n_nodes, negligible)
    z = window_nodes(lo, h, n_nodes)
    q1, q0 = np.broadcast_arrays(np.asarray(q1, float), np.asarray(q0, float))
    lw, _ = fibre_log_weights(fibre, q1[..., None], q0[..., None], z, priors)
    return z, h, lw


def log_fibre_mass(fibres: tuple[Fibre, ...], q1, q0, priors: dict[str, Prior]) -> np.ndarray:
    """log g(q1, q0): the prior mass of the fibre over (q1, q0), Jacobian included."""
    total = 0.0
    for fibre in fibres:
        z, h, lw = fibre_nodes(fibre, *fibre.reads(q1, q0), priors)
        with np.errstate(divide="ignore"):
            total = total + logsumexp(lw, axis=-1) + np.log(h[..., 0])
    return np.where(np.isnan(total), -np.inf, total)


def draw_on_fibre(fibre: Fibre, q1: np.ndarray, q0: np.ndarray, priors: dict[str, Prior],
                  pick: np.ndarray, jitter: np.ndarray) -> dict[str, np.ndarray]:
    """Exact-conditional draws of the fibre's parameters given (q1, q0), by inverse CDF.

    ``pick`` and ``jitter`` are uniforms (one per draw): the first chooses a
    fine node cell by its mass, the second the position inside the cell.
    Returns {parameter: values}.
    """
    z, h, lw = fibre_nodes(fibre, q1, q0, priors, PROFILE_NODES, PROFILE_NEGLIGIBLE)
    cum = np.cumsum(np.exp(lw - lw.max(axis=-1, keepdims=True)), axis=-1)
    cum /= cum[..., -1:]
    cell = np.minimum((cum < pick[:, None]).sum(axis=-1), z.shape[-1] - 1)
    rows = np.arange(len(pick))
    chosen = z[rows, cell] + h[:, 0] * (jitter - 0.5)
    _, values = fibre_log_weights(fibre, q1, q0, chosen, priors)
    return {name: np.exp(lx) for name, (lx, _) in values.items()}


def distinct_rows(fibre: Fibre, q1: np.ndarray, q0: np.ndarray, mass: np.ndarray):
    """(q1, q0, mass, inverse) with rows that the fibre cannot tell apart merged.

    A fibre of t-a0a1-p0p1 depends on q1 or q0 only, so the (q1, q0) cells
    collapse to one row per value of that coordinate (mass added up);
    ``inverse`` maps every original row to its merged row.
    """
    if fibre.depends == "both":
        return q1, q0, mass, np.arange(len(q1))
    key = q1 if fibre.depends == "q1" else q0
    values, inverse = np.unique(key, return_inverse=True)
    merged = np.bincount(inverse, mass, len(values))
    other = np.full(len(values), 0.5)              # not used by this fibre's curve
    pair = (values, other) if fibre.depends == "q1" else (other, values)
    return pair[0], pair[1], merged, inverse


def prior_map(priors: tuple[Prior, ...]) -> dict[str, Prior]:
    return {p.name: p for p in priors}
