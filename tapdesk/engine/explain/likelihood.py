"""One marginal likelihood for every explanatory model, with its exact gradient (issue 42).

Subject i of group g is truly in class c with probability ``t[g, c]``. Rater j's rating is
accurate with probability ``a_j`` (then it is the true class), otherwise a guess that says
category k with probability ``P[j, k]``:

    Pr(rating y | class c) = a_j [y = c] + (1 - a_j) P[j, y].

The binary t-a-p model is K = 2 (class 1 is Class 1). The parameters are unconstrained:

* class shares, per group, as the logit of one *focus* class's share (a coordinate, so its
  profile interval is a profile over one coordinate) and the log-ratios of the other classes'
  shares among themselves;
* accuracy on the logit scale: one for the panel ("shared"), one per rater ("free"), or
  ``b0 + x_j . b`` from the raters' attributes ("linear", ``x_j`` centred);
* guess rates as softmax logits against category 0: shared, per rater, or (two categories)
  ``c0 + x_j . c``.

The gradient comes from the subjects' class posteriors (the E-step weights): exact, so the
optimiser and the profile searches need no finite differences.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
from scipy.special import expit

ACCURACY_MODES = ("shared", "free", "linear")
GUESS_MODES = ("shared", "free", "linear")
BOUND = 12.0
"""Logit-scale coordinates stay within +-BOUND (shares from 6e-6 to 1 - 6e-6)."""
_CLIP = 35.0


@dataclass(frozen=True, eq=False)
class ExplainData:
    """The ratings as codes: per rating its subject, rater and category; per subject its group;
    the raters' centred attribute matrix ``x`` (raters x coefficients)."""

    subject: np.ndarray
    rater: np.ndarray
    y: np.ndarray
    group: np.ndarray
    n_groups: int
    k: int
    x: np.ndarray

    @property
    def n_subjects(self) -> int:
        return len(self.group)

    @property
    def n_raters(self) -> int:
        return self.x.shape[0]

    @property
    def n_ratings(self) -> int:
        return len(self.y)


@dataclass(frozen=True)
class Layout:
    """Which parameters a model has: groups, classes, accuracy and guess modes, focus class."""

    n_groups: int
    k: int
    n_raters: int
    n_coefficients: int
    accuracy: str = "shared"
    guess: str = "shared"
    focus: int = 1

    @property
    def n_t(self) -> int:
        return self.n_groups * (self.k - 1)

    @property
    def n_accuracy(self) -> int:
        return {"shared": 1, "free": self.n_raters, "linear": 1 + self.n_coefficients}[self.accuracy]

    @property
    def n_guess(self) -> int:
        return {"shared": self.k - 1, "free": self.n_raters * (self.k - 1),
                "linear": 1 + self.n_coefficients}[self.guess]

    @property
    def size(self) -> int:
        return self.n_t + self.n_accuracy + self.n_guess

    @property
    def accuracy_slice(self) -> slice:
        return slice(self.n_t, self.n_t + self.n_accuracy)

    @property
    def guess_slice(self) -> slice:
        return slice(self.n_t + self.n_accuracy, self.size)

    def t_index(self, group: int) -> int:
        """The coordinate holding group ``group``'s focus-class share (its logit)."""
        return group * (self.k - 1)

    def coefficient_index(self, m: int) -> int:
        """The coordinate of accuracy coefficient ``m`` (linear accuracy)."""
        return self.n_t + 1 + m

    def with_focus(self, focus: int) -> Layout:
        return replace(self, focus=focus)

    def bounds(self, x: np.ndarray) -> list[tuple[float, float]]:
        """Box bounds: +-BOUND on logit coordinates; coefficients so that b . x stays in it."""
        out = [(-BOUND, BOUND)] * self.size
        reach = np.maximum(np.abs(x).max(axis=0), 1e-9) if x.size else np.ones(0)
        for m in range(self.n_coefficients if self.accuracy == "linear" else 0):
            b = 2 * BOUND / reach[m]
            out[self.coefficient_index(m)] = (-b, b)
        if self.guess == "linear":
            start = self.guess_slice.start + 1
            for m in range(self.n_coefficients):
                b = 2 * BOUND / reach[m]
                out[start + m] = (-b, b)
        return out


class Params(NamedTuple):
    """The natural parameters: class shares (groups x K), accuracies and their logits (raters),
    guess rates (raters x K)."""

    t: np.ndarray
    a: np.ndarray
    p: np.ndarray
    alpha: np.ndarray


def _others(k: int, focus: int) -> list[int]:
    return [c for c in range(k) if c != focus]


def shares(layout: Layout, theta: np.ndarray) -> np.ndarray:
    """The groups' class shares (groups x K)."""
    k, f = layout.k, layout.focus
    block = theta[: layout.n_t].reshape(layout.n_groups, k - 1)
    t = np.empty((layout.n_groups, k))
    t[:, f] = expit(block[:, 0])
    rest = np.hstack([np.zeros((layout.n_groups, 1)), block[:, 1:]])
    rest = np.exp(rest - rest.max(axis=1, keepdims=True))
    rest /= rest.sum(axis=1, keepdims=True)
    t[:, _others(k, f)] = (1 - t[:, [f]]) * rest
    return t


def _softmax_rows(logits: np.ndarray) -> np.ndarray:
    full = np.hstack([np.zeros((logits.shape[0], 1)), logits])
    full = np.exp(full - full.max(axis=1, keepdims=True))
    return full / full.sum(axis=1, keepdims=True)


def unpack(layout: Layout, data: ExplainData, theta: np.ndarray) -> Params:
    acc = theta[layout.accuracy_slice]
    if layout.accuracy == "shared":
        alpha = np.full(layout.n_raters, acc[0])
    elif layout.accuracy == "free":
        alpha = acc.copy()
    else:
        alpha = acc[0] + data.x @ acc[1:]
    guess = theta[layout.guess_slice]
    k = layout.k
    if layout.guess == "shared":
        logits = np.tile(guess, (layout.n_raters, 1))
    elif layout.guess == "free":
        logits = guess.reshape(layout.n_raters, k - 1)
    else:
        logits = (guess[0] + data.x @ guess[1:])[:, None]
    alpha = np.clip(alpha, -_CLIP, _CLIP)
    return Params(shares(layout, theta), expit(alpha), _softmax_rows(logits), alpha)


def pack_shares(layout: Layout, t: np.ndarray) -> np.ndarray:
    """The t block of ``theta`` for the shares ``t`` (groups x K) in ``layout``'s focus."""
    k, f = layout.k, layout.focus
    t = np.clip(t, 1e-12, 1.0)
    out = np.empty((layout.n_groups, k - 1))
    out[:, 0] = np.log(t[:, f]) - np.log1p(-np.minimum(t[:, f], 1 - 1e-12))
    other = t[:, _others(k, f)]
    out[:, 1:] = np.log(other[:, 1:]) - np.log(other[:, [0]])
    return np.clip(out, -BOUND, BOUND).ravel()


@dataclass(frozen=True)
class Evaluation:
    log_likelihood: float
    gradient: np.ndarray
    posterior: np.ndarray


def evaluate(layout: Layout, data: ExplainData, theta: np.ndarray) -> Evaluation:
    """Log-likelihood, its gradient in ``theta`` and every subject's class posterior."""
    par = unpack(layout, data, theta)
    rj, y, k = data.rater, data.y, layout.k
    a_r = par.a[rj]
    guess_y = par.p[rj, y]
    onehot = np.zeros((len(y), k))
    onehot[np.arange(len(y)), y] = 1.0
    m = ((1 - a_r) * guess_y)[:, None] + a_r[:, None] * onehot
    m = np.maximum(m, 1e-300)
    logm = np.log(m)
    summed = np.stack([np.bincount(data.subject, weights=logm[:, c], minlength=data.n_subjects)
                       for c in range(k)], axis=1)
    joint = np.log(np.maximum(par.t[data.group], 1e-300)) + summed
    per_subject = _row_logsumexp(joint)
    w = np.exp(joint - per_subject[:, None])
    grad = np.concatenate([_t_gradient(layout, data, par.t, w),
                           *_rater_gradients(layout, data, par, w, onehot, m)])
    return Evaluation(float(per_subject.sum()), grad, w)


def _row_logsumexp(values: np.ndarray) -> np.ndarray:
    """log(sum(exp(row))) of each row. Not scipy's logsumexp: its array-API checks took half
    of a likelihood evaluation on a small panel, and the tests' simulated panels (issue 55)
    evaluate it thousands of times."""
    top = values.max(axis=1)
    return top + np.log(np.exp(values - top[:, None]).sum(axis=1))


def _t_gradient(layout: Layout, data: ExplainData, t: np.ndarray, w: np.ndarray) -> np.ndarray:
    k, f, g = layout.k, layout.focus, layout.n_groups
    by_group = np.stack([np.bincount(data.group, weights=w[:, c], minlength=g) for c in range(k)],
                        axis=1)
    n_g = np.bincount(data.group, minlength=g).astype(float)
    out = np.empty((g, k - 1))
    out[:, 0] = by_group[:, f] - n_g * t[:, f]
    others = _others(k, f)
    if k > 2:
        rest = t[:, others] / np.maximum(1 - t[:, [f]], 1e-300)
        out[:, 1:] = by_group[:, others[1:]] - (n_g - by_group[:, f])[:, None] * rest[:, 1:]
    return out.ravel()


def _rater_gradients(layout: Layout, data: ExplainData, par: Params, w: np.ndarray,
                     onehot: np.ndarray, m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rj, y, n_r, k = data.rater, data.y, layout.n_raters, layout.k
    wm = w[data.subject] / m
    total = wm.sum(axis=1)
    guess_y = par.p[rj, y]
    d_a = (wm * onehot).sum(axis=1) - guess_y * total
    d_alpha = par.a * (1 - par.a) * np.bincount(rj, weights=d_a, minlength=n_r)
    h = (1 - par.a[rj]) * total * guess_y
    by_cat = np.stack([np.bincount(rj, weights=h * onehot[:, c], minlength=n_r)
                       for c in range(k)], axis=1)
    d_pi = (by_cat - par.p * np.bincount(rj, weights=h, minlength=n_r)[:, None])[:, 1:]
    return (_accuracy_gradient(layout, data, d_alpha), _guess_gradient(layout, data, d_pi))


def _accuracy_gradient(layout: Layout, data: ExplainData, d_alpha: np.ndarray) -> np.ndarray:
    if layout.accuracy == "shared":
        return np.array([d_alpha.sum()])
    if layout.accuracy == "free":
        return d_alpha
    return np.concatenate([[d_alpha.sum()], data.x.T @ d_alpha])


def _guess_gradient(layout: Layout, data: ExplainData, d_pi: np.ndarray) -> np.ndarray:
    if layout.guess == "shared":
        return d_pi.sum(axis=0)
    if layout.guess == "free":
        return d_pi.ravel()
    return np.concatenate([[d_pi[:, 0].sum()], data.x.T @ d_pi[:, 0]])


def value_and_gradient(layout: Layout, data: ExplainData):
    """``theta -> (log-likelihood, gradient)`` for the optimisers."""
    def vg(theta: np.ndarray) -> tuple[float, np.ndarray]:
        ev = evaluate(layout, data, theta)
        return ev.log_likelihood, ev.gradient
    return vg


def log_likelihood(layout: Layout, data: ExplainData):
    """``theta -> log-likelihood``."""
    return lambda theta: evaluate(layout, data, theta).log_likelihood
