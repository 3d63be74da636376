"""Coordinates in which the exact grids integrate the t-a-p posteriors.

A grid is only as good as its coordinates. On weakly identified data the
t-a-p posterior is a thin sheet: the ratings pin the overall Class-1 rate

    r = t q1 + (1 - t) q0 = t a + (1 - a) p

to about 0.01 (1500 ratings), the excess agreement t (1 - t) a^2 more
loosely, and t hardly at all. In (t, a, p) the sheet is curved and meets the
faces of the cube (p = 0 or 1, a = 0) along curves, so any grid in those
coordinates needs a few hundred cells per axis to get the marginals right
(128 equal cells per axis were off by up to 0.7 posterior sd).

:class:`MixtureCoordinates` use (t, r, u) instead, all on the logit scale:
given t and r the mixture rates are q1 = r + (1 - t) d, q0 = r - t d with
d = q1 - q0 (the accuracy a in t-a-p), and d runs over the segment
[d_min, d_max] that keeps q1 and q0 in [0, 1]; u is the relative position on
it. The pinned rate is a coordinate (its window hardly moves), and the faces
of the cube are u = 0 and u = 1, at logit -inf and +inf, where the density
fades smoothly. The map (t, q1, q0) -> (t, r, d) has Jacobian 1, so the
density is pi(t) L(t, q1, q0) g(q1, q0) (d_max - d_min) times the logit
Jacobians, with g the prior density of (q1, q0): for t-a-p,
pi(a) pi(p) / (1 - a) (a = d, p = q0 / (1 - a); |d(q1, q0)/d(a, p)| = 1 - a).

The pinned rate enters as w, logit r = logit t + w^3 / (w^2 + 1)
(:func:`unfold`): the prior's 1 / (1 - a) gives the density a log singularity
at r = t, u = 1 (the corner q1 = 1, q0 = 0), which the cube removes (issue 25:
perfect agreement was 0.12 sd off).

:class:`PlainCoordinates` are the model's own parameters (the expert model,
where t = p = r is pinned directly and nothing meets a face).

Both give, for any logit-scale point, the log density and the reported
parameters as (log v, log(1 - v)); every quantity near 0 or 1 is computed as a
sum of non-negative terms, so nothing cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import expit, log_expit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.targets import HistogramModel, log_mixture_likelihood
from tapdesk.engine.request import Prior

LogPair = tuple[np.ndarray, np.ndarray]


def _log_sum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.logaddexp(a, b)


def beta_log(pair: LogPair, prior: Prior) -> np.ndarray | float:
    """log of x^(alpha-1) (1-x)^(beta-1) from (log x, log(1 - x)) (0.0 for a flat prior)."""
    out: np.ndarray | float = 0.0
    if prior.alpha != 1:
        out = out + (prior.alpha - 1) * pair[0]
    if prior.beta != 1:
        out = out + (prior.beta - 1) * pair[1]
    return out


@dataclass(frozen=True)
class MixtureCoordinates:
    """(t, r, u) coordinates of a model whose likelihood depends on (t, q1, q0) only.

    The middle coordinate is w with logit r = logit t + w^3 / (w^2 + 1) (see
    :func:`unfold`): the density has a log singularity at r = t, which the cube
    removes; away from it logit r - logit t is about w.

    ``log_g(q1_pair, q0_pair, d)`` is the log prior density of (q1, q0)
    (Jacobian included), with further reported parameters (d is (log d, 1 - d)
    without ``swap``); ``swap`` allows d < 0
    (q1 < q0: the classes read the other way round, as t-a-p0p1 permits).
    """

    hist: CountHistogram
    t_prior: Prior
    log_g: Callable[[LogPair, LogPair, np.ndarray], tuple[np.ndarray, dict[str, LogPair]]]
    reported: tuple[str, ...]
    swap: bool = False
    names: tuple[str, ...] = ("t", "r", "u")
    unfolded: bool = True
    """Whether the middle coordinate is w (:func:`cube`) or logit r itself. The exact grids
    need w; the samplers' proposal grids do without (in w the conditional of a window of r
    around t has a notch at w = 0, which a coarse proposal grid follows poorly: on t = .9,
    a = .2, p = .5 the draws' 5% quantile of t moved 0.26 sd)."""

    def _mixture(self, z: list[np.ndarray]):
        """Logs of t, r, u, the segment length and (q1, 1 - q1), (q0, 1 - q0) at (t, r, u).

        d runs from -d_neg (u = 0; 0 without ``swap``) to d_max (u = 1), with
        d_max = min(1, r/t, (1-r)/(1-t)) and d_neg = min(1, r/(1-t), (1-r)/t).
        Each of q1, 1 - q1, q0, 1 - q0 is linear in d, so it is
        (its value at u = 0) (1 - u) + (its value at u = 1) u: two non-negative
        end values (below, worked out so that none is a difference of nearly
        equal numbers), hence no cancellation however close to 0 or 1.
        """
        zt, zw, zu = z
        zr = zt + cube(zw) if self.unfolded else zw
        t, r = expit(zt), expit(zr)
        lt, l1t, lr, l1r = log_expit(zt), log_expit(-zt), log_expit(zr), log_expit(-zr)
        u, v = expit(zu), expit(-zu)
        with np.errstate(divide="ignore", invalid="ignore"):
            d_max = np.minimum(np.minimum(1.0, r / t), (1 - r) / (1 - t))
            top = (r + (1 - t) * d_max, np.maximum(0.0, t - r) / t,
                   np.maximum(0.0, r - t) / (1 - t), (1 - r) + t * d_max)
            if self.swap:
                d_neg = np.minimum(np.minimum(1.0, r / (1 - t)), (1 - r) / t)
                bottom = (np.maximum(0.0, r + t - 1) / t, (1 - r) + (1 - t) * d_neg,
                          r + t * d_neg, np.maximum(0.0, 1 - r - t) / (1 - t))
                span = d_max + d_neg
            else:
                bottom, span = (r, 1 - r, r, 1 - r), d_max
            q = tuple(b * v + e * u for b, e in zip(bottom, top))    # q1, 1-q1, q0, 1-q0
            lq1, l1q1, lq0, l1q0 = (np.log(x) for x in q)
            log_span = np.log(span)
        lu, l1u = np.log(u), np.log(v)          # |zu| <= 30: no underflow
        with np.errstate(divide="ignore"):      # r = 1 or 0 (logit r beyond +-36): d_max = 0
            log_d = None if self.swap else (np.log(d_max) + lu, q[1] + q[2])   # (log a, 1 - a)
        return lt, l1t, lr, l1r, lu, l1u, log_span, (lq1, l1q1), (lq0, l1q0), log_d

    def kinks(self, level: int, prefix: np.ndarray) -> np.ndarray | None:
        """Logit places (B, K) where the density of ``level`` given ``prefix`` has a kink.

        d_max = min(1, r/t, (1-r)/(1-t)) switches formula at r = t (the
        segment's end passes through the corner q1 = 1, q0 = 0), and d_neg at
        r = 1 - t: kinks of the density in r. Nothing else bends.
        """
        if level != 1:
            return None
        zt = prefix[:, :1]
        if not self.unfolded:
            return np.column_stack([zt, -zt]) if self.swap else zt
        at_t = np.zeros_like(zt)                 # r = t: w = 0
        return np.column_stack([at_t, uncube(-2 * zt)]) if self.swap else at_t

    def log_density(self, z: list[np.ndarray]) -> np.ndarray:
        """Log posterior density (unnormalised) at logit-scale (t, r, u)."""
        lt, l1t, lr, l1r, lu, l1u, log_span, q1, q0, log_d = self._mixture(z)
        log_g, _ = self.log_g(q1, q0, log_d)
        ll = log_mixture_likelihood(self.hist, lt, l1t, *q1, *q0)
        lp = (ll + log_g + log_span + self.t_prior.alpha * lt + self.t_prior.beta * l1t
              + lr + l1r + lu + l1u + (unfold(z[1]) if self.unfolded else 0.0))
        return np.where(np.isnan(lp), -np.inf, lp)

    def parameters(self, z: list[np.ndarray]) -> dict[str, LogPair]:
        """Reported parameters at logit-scale (t, r, u), as (log v, log(1 - v))."""
        lt, l1t, *_, q1, q0, log_d = self._mixture(z)
        _, extra = self.log_g(q1, q0, log_d)
        return {"t": (lt, l1t), "q1": q1, "q0": q0, **extra}


def cube(w: np.ndarray) -> np.ndarray:
    """logit r - logit t at the middle coordinate w: w^3 / (w^2 + 1) (about w^3 near 0, about w
    far from it, so the coordinate's range stays that of a logit)."""
    w2 = w * w
    return w * w2 / (w2 + 1.0)


def uncube(x: np.ndarray) -> np.ndarray:
    """The w with :func:`cube` (w) = x, by bisection (cube is increasing, and |cube(w) - w| < 1,
    so w lies within 1 of x)."""
    x = np.asarray(x, float)
    lo, hi = x - 1.0, x + 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        below = cube(mid) < x
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    return (lo + hi) / 2


def unfold(w: np.ndarray) -> np.ndarray:
    """log |d logit(r) / dw| of the middle coordinate w (:func:`cube`): the derivative of
    w^3 / (w^2 + 1) is w^2 (w^2 + 3) / (w^2 + 1)^2.

    Where the rates q1 = 1 and q0 = 0 meet (a = 1, r = t), the density of
    (q1, q0) has the prior's 1 / (1 - a), and integrating it over u leaves the
    conditional density of logit r a log singularity at r = t: the midpoint
    rule converges only as the cell width there (first order), so data with
    perfect agreement (mass piled against a = 1) were 0.12 posterior sd off
    at 4 million cells, and two resolutions agreed while sharing the bias. In
    w the singularity is multiplied by about 3 w^2 and vanishes: the density is
    smooth to second order, and the midpoint rule's usual accuracy returns.
    Away from r = t the map is a smooth change of scale.
    """
    w2 = w * w
    with np.errstate(divide="ignore"):
        return np.log(w2) + np.log(w2 + 3.0) - 2.0 * np.log1p(w2)


def tap_log_g(priors: dict[str, Prior]):
    """g(q1, q0) = pi(a) pi(p) / (1 - a) of t-a-p, with a = q1 - q0 and p = q0 / (1 - a)."""
    def log_g(q1: LogPair, q0: LogPair, d):
        with np.errstate(divide="ignore", invalid="ignore"):
            l1a = np.log(d[1])                        # 1 - a = (1 - q1) + q0
            a = (d[0], l1a)
            p = (q0[0] - l1a, q1[1] - l1a)            # 1 - p = (1 - q1) / (1 - a)
        return beta_log(a, priors["a"]) + beta_log(p, priors["p"]) - l1a, {"a": a, "p": p}
    return log_g


@dataclass(frozen=True)
class PlainCoordinates:
    """A model's own parameters on the logit scale, nested in ``names`` order."""

    model: HistogramModel
    hist: CountHistogram
    priors: tuple[Prior, ...]
    names: tuple[str, ...]

    @property
    def reported(self) -> tuple[str, ...]:
        return self.model.names

    def log_density(self, z: list[np.ndarray]) -> np.ndarray:
        logits = dict(zip(self.names, z))
        lp = 0.0
        pairs = {}
        for prior in self.priors:
            x = logits[prior.name]
            pairs[prior.name] = (log_expit(x), log_expit(-x))
            # Beta prior times the Jacobian theta (1 - theta) of the logit map
            lp = lp + prior.alpha * pairs[prior.name][0] + prior.beta * pairs[prior.name][1]
        t, q1, q0 = self.model.mixture(*(np.exp(pairs[n][0]) for n in self.model.names))
        with np.errstate(divide="ignore", invalid="ignore"):
            ll = log_mixture_likelihood(self.hist, np.log(t), np.log1p(-t), np.log(q1),
                                        np.log1p(-q1), np.log(q0), np.log1p(-q0))
        out = ll + lp
        return np.where(np.isnan(out), -np.inf, out)

    def parameters(self, z: list[np.ndarray]) -> dict[str, LogPair]:
        return {n: (log_expit(x), log_expit(-x)) for n, x in zip(self.names, z)}


def coordinates_for(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                    unfolded: bool = True):
    """The grid coordinates of an exact-method model (``unfolded``: see
    :attr:`MixtureCoordinates.unfolded`)."""
    by_name = {p.name: p for p in priors}
    if model.name == "tap":
        return MixtureCoordinates(hist, by_name["t"], tap_log_g(by_name), ("t", "a", "p"),
                                  unfolded=unfolded)
    if model.name == "expert":
        return PlainCoordinates(model, hist, priors, ("a", "t"))
    raise ValueError(f"no grid coordinates for model '{model.name}'")
