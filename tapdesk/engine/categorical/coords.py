"""Standard errors by observed information in unconstrained coordinates.

Probabilities are mapped to the logit scale and each simplex (t, p, a
confusion row) to additive log-ratios against its largest entry; entries on
the boundary (below 1e-6 or above 1 - 1e-6) are held fixed and get no
standard error. The Hessian is the central difference of the analytic
gradient (each gradient is one E-step, by Fisher's identity), and the
covariance goes back to the natural parameters by the delta method.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.intervals import BOUNDARY

STEP = 1e-4


@dataclass(frozen=True)
class Block:
    """A group of natural parameters: one probability, or one simplex."""

    kind: str          # "prob" or "simplex"
    start: int
    size: int


def blocks_for(layout: Sequence[tuple[str, int]]) -> list[Block]:
    out, pos = [], 0
    for kind, size in layout:
        out.append(Block(kind, pos, size))
        pos += size
    return out


class Coordinates:
    """Map between natural parameters x and free unconstrained coordinates theta."""

    def __init__(self, x: np.ndarray, blocks: Sequence[Block]) -> None:
        self.x = np.asarray(x, float).copy()
        self.blocks = list(blocks)
        self.free = np.zeros(len(self.x), bool)
        self.pieces: list[tuple[Block, np.ndarray, int]] = []   # (block, free idx, ref)
        for block in self.blocks:
            idx = np.arange(block.start, block.start + block.size)
            vals = self.x[idx]
            if block.kind == "prob":
                ok = BOUNDARY < vals[0] < 1 - BOUNDARY
                self.free[idx] = ok
                self.pieces.append((block, idx[:1] if ok else idx[:0], -1))
            else:
                inside = vals > BOUNDARY
                ref = int(idx[np.argmax(vals)])
                self.free[idx[inside]] = inside.sum() > 1
                frees = idx[inside & (idx != ref)] if inside.sum() > 1 else idx[:0]
                self.pieces.append((block, frees, ref))

    @property
    def n_free(self) -> int:
        return sum(len(f) for _, f, _ in self.pieces)

    def theta0(self) -> np.ndarray:
        out = []
        for block, frees, ref in self.pieces:
            if block.kind == "prob":
                out += [float(np.log(self.x[i] / (1 - self.x[i]))) for i in frees]
            else:
                out += [float(np.log(self.x[i] / self.x[ref])) for i in frees]
        return np.array(out)

    def natural(self, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(x, J): natural parameters and their Jacobian d x / d theta."""
        x = self.x.copy()
        jac = np.zeros((len(x), len(theta)))
        pos = 0
        for block, frees, ref in self.pieces:
            m = len(frees)
            if not m:
                continue
            z = theta[pos:pos + m]
            if block.kind == "prob":
                v = 1 / (1 + np.exp(-z[0]))
                x[frees[0]] = v
                jac[frees[0], pos] = v * (1 - v)
            else:
                idx = np.concatenate([frees, [ref]])
                rest = 1.0 - (self.x[block.start:block.start + block.size].sum()
                              - self.x[idx].sum())
                e = np.exp(np.concatenate([z, [0.0]]) - max(z.max(), 0.0))
                v = rest * e / e.sum()
                x[idx] = v
                # d v_i / d z_j = v_i (delta_ij - v_j / rest)
                local = -np.outer(v, v[:-1]) / rest
                local[np.arange(m), np.arange(m)] += v[:-1]
                jac[idx, pos:pos + m] = local
            pos += m
        return x, jac


def observed_information_se(coords: Coordinates,
                            gradient: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """SEs of the natural parameters (NaN where fixed or not identified).

    ``gradient(x)`` returns the gradient of the log-likelihood in the natural
    parameters.
    """
    se = np.full(len(coords.x), np.nan)
    n = coords.n_free
    if n == 0:
        return se
    theta = coords.theta0()

    def grad_theta(th):
        x, jac = coords.natural(th)
        return jac.T @ gradient(x)

    hess = np.zeros((n, n))
    for j in range(n):
        e = np.zeros(n)
        e[j] = STEP
        hess[:, j] = (grad_theta(theta + e) - grad_theta(theta - e)) / (2 * STEP)
    info = -(hess + hess.T) / 2
    try:
        eig = np.linalg.eigvalsh(info)
        if eig.min() <= 1e-9 * max(eig.max(), 1e-300):
            return se
        cov_theta = np.linalg.inv(info)
    except np.linalg.LinAlgError:
        return se
    _, jac = coords.natural(theta)
    cov = jac @ cov_theta @ jac.T
    var = np.diag(cov)
    se[coords.free] = np.sqrt(np.clip(var[coords.free], 0, None))
    return se
