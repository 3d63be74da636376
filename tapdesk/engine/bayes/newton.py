"""Newton climbs to the modes of a log density in the logits, vectorised over rows (issue 29).

The nested Gauss rules (:mod:`.gauss_rule`) centre every level of every row on a conditional
mode, and the posterior's global mode tells whether it is one peak. Derivatives are central
finite differences (the density is a black box to them), evaluated for all rows at once.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

STEP = 1e-3
"""Finite-difference step (logit units) of the Newton steps' derivatives."""
MAX_NEWTON = 60
"""Newton steps per climb at most."""
SETTLED = 1e-4
"""A Newton step shorter than this (logit units) ends the climb."""
SECOND_MODE = 1e-3
"""A second local mode whose Laplace mass is above this share of the first's: not one peak."""
STARTS = (-2.0, 0.0, 2.0)
"""Logit values of every coordinate the global mode search starts from (all combinations)."""
LOGIT_LIMIT = 30.0
"""Climbs stay within this many logit units of 0 (as the rules' ranges)."""


class NotOnePeak(Exception):
    """The posterior is not one smooth peak the rule can trust (the message says why)."""


@lru_cache(maxsize=4)
def _stencil(m: int) -> np.ndarray:
    """The 3^m offsets (-1, 0, 1 per axis) of the finite-difference stencil, (3^m, m)."""
    return np.stack(np.meshgrid(*([np.array([-1.0, 0.0, 1.0])] * m), indexing="ij"),
                    axis=-1).reshape(-1, m)


def derivatives(logf, fixed: np.ndarray, x: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, gradient, Hessian) of ``logf`` in the free coordinates ``x`` (B, m) with the
    leading coordinates ``fixed`` (B, L), by central differences of step STEP."""
    b, m = x.shape
    s = _stencil(m)
    pts = x[:, None, :] + STEP * s[None, :, :]
    full = np.concatenate([np.broadcast_to(fixed[:, None, :], (b, len(s), fixed.shape[1])),
                           pts], axis=2)
    f = logf(full).reshape((b,) + (3,) * m)
    centre = (slice(None),) + (1,) * m

    def at(**moves):
        idx = [1] * m
        for axis, v in moves.items():
            idx[int(axis[1:])] = v
        return f[(slice(None),) + tuple(idx)]
    g = np.empty((b, m))
    h = np.empty((b, m, m))
    for i in range(m):
        g[:, i] = (at(**{f"a{i}": 2}) - at(**{f"a{i}": 0})) / (2 * STEP)
        h[:, i, i] = (at(**{f"a{i}": 2}) - 2 * f[centre] + at(**{f"a{i}": 0})) / STEP ** 2
        for j in range(i):
            h[:, i, j] = h[:, j, i] = (at(**{f"a{i}": 2, f"a{j}": 2}) - at(**{f"a{i}": 2, f"a{j}": 0})
                                       - at(**{f"a{i}": 0, f"a{j}": 2})
                                       + at(**{f"a{i}": 0, f"a{j}": 0})) / (4 * STEP ** 2)
    return f[centre], g, h


def climb(logf, fixed: np.ndarray, start: np.ndarray
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Conditional modes of the free coordinates per row: (x (B, m), log density there (B,),
    negative Hessian there (B, m, m), converged (B,)).

    Newton steps on -Hessian + mu I (mu lifts a curvature that is not concave), at most 3
    logit units long, halved while they lower the density by more than rounding; a row stops
    when its step is below SETTLED (the modes only centre the ranges)."""
    x = np.array(start, dtype=float)
    b, m = x.shape
    value, g, h = derivatives(logf, fixed, x)
    active = np.arange(b)
    done = np.zeros(b, dtype=bool)
    for _ in range(MAX_NEWTON):
        a = -h[active]
        low = np.linalg.eigvalsh(a)[:, 0]
        mu = np.where(low > 1e-9, 0.0, 1.0 - low)
        step = np.linalg.solve(a + mu[:, None, None] * np.eye(m), g[active][..., None])[..., 0]
        size = np.sqrt((step ** 2).sum(axis=1))
        step *= np.minimum(1.0, 3.0 / np.maximum(size, 1e-300))[:, None]
        base, fix = value[active], fixed[active]
        slack = 1e-9 * (1.0 + np.abs(base))
        trial = x[active] + step
        new = logf(np.concatenate([fix, trial], axis=1))
        for _ in range(30):
            worse = ~(new >= base - slack)
            if not worse.any():
                break
            step[worse] /= 2
            trial[worse] = x[active][worse] + step[worse]
            new[worse] = logf(np.concatenate([fix[worse], trial[worse]], axis=1))
        x[active] = np.clip(trial, -LOGIT_LIMIT, LOGIT_LIMIT)
        done[active] = np.abs(step).max(axis=1) < SETTLED
        v, gg, hh = derivatives(logf, fix, x[active])
        value[active], g[active], h[active] = v, gg, hh
        active = active[~done[active]]
        if not active.size:
            break
    concave = np.linalg.eigvalsh(-h)[:, 0] > 0
    return x, value, -h, done & concave


def global_mode(logf, d: int) -> tuple[np.ndarray, np.ndarray]:
    """(mode (d,), negative Hessian (d, d)) of ``logf``, from every start of STARTS; raises
    NotOnePeak where another start climbs to a second mode of non-negligible Laplace mass."""
    starts = np.stack(np.meshgrid(*([np.array(STARTS)] * d), indexing="ij"), -1).reshape(-1, d)
    x, value, neg_h, ok = climb(logf, np.empty((len(starts), 0)), starts)
    if not ok.any():
        raise NotOnePeak("no start reached a peak")
    sign, logdet = np.linalg.slogdet(neg_h)
    mass = np.where(ok & (sign > 0), value - 0.5 * logdet, -np.inf)
    best = int(np.argmax(mass))
    far = np.sqrt(((x - x[best]) ** 2).sum(axis=1)) > 0.05 + 3 * np.sqrt(
        np.abs(np.linalg.inv(neg_h[best]).diagonal()).max())
    if (far & (mass > mass[best] + np.log(SECOND_MODE))).any():
        raise NotOnePeak("another start reached a second mode")
    return x[best], neg_h[best]
