"""Profile-likelihood intervals of each Dawid-Skene rater's accuracy, and of how far above chance it is.

Rater j names the true category with probability ``acc_j = sum_c t_c pi_j(c, c)``. A rater
whose ratings were unrelated to the true category, with the same spread of ratings
``q_j(r) = sum_c t_c pi_j(c, r)``, would name it with probability
``chance_j = sum_r t_r q_j(r)``. Rater j's accuracy beyond chance is

    a_j = (acc_j - chance_j) / (1 - sum_c t_c^2),

0 for a rater at chance, 1 for a rater who is always right, below 0 (down to -1) for one who
names the true category less often than chance. For a table of the t-a-p form
``a_j I + (1 - a_j) 1 p_j'`` it is exactly the t-a-p models' accuracy a_j. The per-rater
models' one rule reads it (:func:`~tapdesk.engine.rater_words.chance_words`, issue 78): a
rater is flagged "no better than chance" only where the interval of a_j at the panel's level
(Bonferroni over the raters, :func:`panel_intervals` traces it for the raters whose
interval at the shown level already lies at or below 0) lies at or below 0; where the shown
interval merely reaches 0, the words say the data cannot show the rater rates better than
chance, without a flag; never from the estimate alone.

Why the profile likelihood. It is the interval the per-rater K-category model gives each
rater's accuracy (:mod:`.per_rater_profile`), so the flag reads the same kind of interval
with the same rule. It follows the likelihood where the observed information cannot: on a
small panel most raters' tables have entries estimated at 0 (a rating a rater never gave
for some true category), which the information holds fixed and gives no standard error, and
near chance a logit-Wald interval is far from the likelihood's shape. It needs no seed.
Measured on panels of five raters at 30-60 subjects and 3 or 4 categories
(``benchmarks/bench_ds_chance_flag.py``, ``benchmarks/RESULTS.md``), it covers the true a_j
less often than its level: 77-84% of the time at 95% for raters at 51%, 74-78% for a rater at
chance. On so few subjects the Dawid-Skene fit itself strays (a rater at chance can anchor a
latent class and fit as accurate, an accurate one as at chance, the classes relabelled), and
no interval around its estimate corrects that. A bootstrap over subjects (200 refits from the
estimate) covered no better on such panels (70-84%), and needs a seed.

How the profile is traced. ``P(v)``, the log-likelihood maximised over t and every confusion
row with ``h(theta) = v`` (h is a_j or acc_j), is reached by tilting: for a multiplier
``lam``, theta_lam maximises ``l(theta) + lam h(theta)`` (L-BFGS on softmax coordinates of t
and of every confusion row, as :func:`.per_rater_em.polish`). No theta with
``h(theta) = h(theta_lam)`` has a higher likelihood, so ``(h(theta_lam), l(theta_lam))`` is a
point of the profile. Each end is the ``h(theta_lam)`` where ``l`` has fallen by
``chi2_1(level) / 2`` from its maximum, found by a safeguarded search on ``lam`` (the drop
grows as ``lam^2`` near the maximum). Where the profile has a flat stretch the tilted
maximum jumps across it; the search then keeps the far side (the wider interval). An end
whose drop never reaches the target within the range of h is the end of that range.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy import sparse
from scipy.special import softmax

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.ds_information import (
    MAX_FREE,
    ds_simplices,
    full_information,
    function_se,
    n_free,
)
from tapdesk.engine.categorical.likelihood import TINY
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.intervals import chi2_1

Quantity = Callable[[np.ndarray, np.ndarray], tuple[float, np.ndarray, np.ndarray]]
"""(t, one rater's K x K table) -> (value, its gradient in t, its gradient in the table)."""

LOG_FLOOR = -40.0
"""Log-probabilities of the packed fit are at least this (as in :mod:`.per_rater_em`)."""
START_FLOOR = float(np.log(1e-4))
"""Each end's search starts from the fit with every probability lifted to at least 1e-4: in
softmax coordinates a probability at 0 (or a row's 1) barely moves, its gradient is near 0,
and the maximisation would stop at once where the profile leaves the edge (a worker always
right, on 17 labels, got an interval of 0.9999 to 1)."""
SD_FLOOR = 1e-3
"""A Wald standard error under this share of a binomial's at 1/2 (entries on the edge held
fixed) does not place the first step."""
SPREAD_FLOOR = 1e-9
"""Below this 1 - sum t_c^2 (nearly every subject in one category) a_j is not defined."""
DROP_TOLERANCE = 0.01
"""An end is found when the profile's drop is within this of chi2_1(level) / 2 (log-likelihood
units: the end moves by about this divided by the multiplier, under 0.001) ..."""
H_TOLERANCE = 1e-3
"""... or when the two sides of the search are this close in the quantity (the end is then
read between them)."""
JUMP = 1e-3
"""Multipliers this close (relatively) on the two sides of the search, with the quantity still
apart there, mark a jump of the tilted maximum across a stretch the tilt cannot trace: the
far side is taken."""
MOST_STEPS = 40
LAMBDA_LIMIT = 1e7
"""A multiplier this large that still leaves the profile above the target has reached the end
of the quantity's range."""
PROFILE_MAX_RATERS = 30
"""Raters get profile intervals up to this many raters, as in the per-rater model ..."""
PROFILE_BUDGET = 20_000
"""... while raters x ratings stays within this: each end costs a few tilted maximisations of
the whole likelihood, each from a start lifted off the edge (here, 5 raters x 40 subjects took
0.4 s of CPU, the wine judges, 4 x 183, 1.8 s); a larger panel gets Wald intervals from the
exact observed information (:func:`wald_sd`)."""


def profile_affordable(n_raters: int, n_ratings: float) -> bool:
    """Whether the raters' profile intervals fit the time budget."""
    return n_raters <= PROFILE_MAX_RATERS and n_raters * n_ratings <= PROFILE_BUDGET


def naming(t: np.ndarray, pi: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """acc_j = sum_c t_c pi(c, c) and its gradients."""
    diagonal = np.diagonal(pi).copy()
    return float(t @ diagonal), diagonal, np.diag(t)


def beyond_chance(t: np.ndarray, pi: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """a_j = (acc_j - chance_j) / (1 - sum t^2) and its gradients (NaN where undefined)."""
    spread = 1.0 - float(t @ t)
    if spread < SPREAD_FLOOR:
        return float("nan"), np.zeros_like(t), np.zeros_like(pi)
    by_row, by_column = pi @ t, pi.T @ t
    value = (float(t @ np.diagonal(pi)) - float(t @ by_row)) / spread
    grad_t = (np.diagonal(pi) - by_row - by_column + 2.0 * value * t) / spread
    grad_pi = (np.diag(t) - np.outer(t, t)) / spread
    return value, grad_t, grad_pi


def beyond_chance_values(t: np.ndarray, confusion: np.ndarray) -> np.ndarray:
    """Every rater's a_j at once (NaN where undefined)."""
    spread = 1.0 - float(t @ t)
    if spread < SPREAD_FLOOR:
        return np.full(confusion.shape[0], np.nan)
    accuracy = np.einsum("c,jcc->j", t, confusion)
    chance = np.einsum("c,jcr,r->j", t, confusion, t)
    return (accuracy - chance) / spread


QUANTITIES: dict[str, Quantity] = {"a": beyond_chance, "accuracy": naming}
"""The rater estimates that get an interval, by name."""


class RaterProfile:
    """Profile-likelihood intervals of raters' a_j and acc_j around a Dawid-Skene fit.

    Parameters
    ----------
    data
        The fitted ratings.
    t, confusion
        The maximum-likelihood fit.
    level
        The intervals' level.
    """

    def __init__(self, data: RaterData, t: np.ndarray, confusion: np.ndarray,
                 level: float = 0.95) -> None:
        self.data = data
        self.j, self.k = data.n_raters, data.k
        self.scale = 1.0 / max(data.n_ratings, 1.0)
        self.drop = chi2_1(level) / 2
        start = self.pack(t, confusion)
        fitted = e_step(data, t, confusion).log_likelihood
        polished, x = self.tilted(start, 0, naming, 0.0)    # the maximum, polished
        self.x_hat, self.ll_max = (x, polished) if polished > fitted else (start, fitted)


    def pack(self, t: np.ndarray, confusion: np.ndarray, floor: float = LOG_FLOOR) -> np.ndarray:
        """Log t, then the log of every confusion row (softmax coordinates), each at least
        ``floor``."""
        def logs(v: np.ndarray) -> np.ndarray:
            return np.maximum(np.log(np.maximum(v, TINY)), floor)
        return np.concatenate([logs(t), logs(confusion).ravel()])

    def lift(self, x: np.ndarray) -> np.ndarray:
        """``x`` with every probability at least 1e-4 (:data:`START_FLOOR`): the other raters'
        tables too, for the profile is a maximum over them as well (lifting only the rater's
        own table and t missed profile points: the wine judges' J2, a's lower end 0.25, not
        0.19)."""
        return self.pack(*self.unpack(x), floor=START_FLOOR)

    def unpack(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return softmax(x[:self.k]), softmax(x[self.k:].reshape(self.j, self.k, self.k), axis=2)

    def value_and_gradient(self, x: np.ndarray, rater: int, quantity: Quantity,
                           lam: float) -> tuple[float, float, np.ndarray]:
        """(log-likelihood, h, gradient of l + lam h in the packed coordinates)."""
        t, confusion = self.unpack(x)
        step = e_step(self.data, t, confusion)
        g_t = step.class_totals / np.maximum(t, TINY)
        g_pi = step.confusion / np.maximum(confusion, TINY)
        h, h_t, h_pi = quantity(t, confusion[rater])
        if lam:
            g_t = g_t + lam * h_t
            g_pi[rater] += lam * h_pi
        z_t = t * (g_t - t @ g_t)
        z_pi = confusion * (g_pi - (confusion * g_pi).sum(axis=2, keepdims=True))
        return step.log_likelihood, h, np.concatenate([z_t, z_pi.ravel()])

    def tilted(self, start: np.ndarray, rater: int, quantity: Quantity,
               lam: float) -> tuple[float, np.ndarray]:
        """(log-likelihood, packed maximiser) of l + lam h from ``start``."""
        from scipy.optimize import minimize  # here, as in per_rater_em.polish

        def negative(x: np.ndarray) -> tuple[float, np.ndarray]:
            ll, h, grad = self.value_and_gradient(x, rater, quantity, lam)
            return -(ll + lam * h) * self.scale, -grad * self.scale

        res = minimize(negative, start, jac=True, method="L-BFGS-B",
                       options={"ftol": 1e-12, "gtol": 1e-8, "maxiter": 1000})
        x = res.x if res.fun <= negative(start)[0] else start
        return self.value_and_gradient(x, rater, quantity, 0.0)[0], x

    def interval(self, rater: int, name: str, sd: float | None = None) -> tuple[float, float]:
        """(lower, upper) profile interval of the quantity ``name`` (:data:`QUANTITIES`) for
        ``rater`` (0-based); ``sd``, its Wald standard error if known, places the first step."""
        quantity = QUANTITIES[name]
        h_hat = quantity(*self._rater_params(self.x_hat, rater))[0]
        if not np.isfinite(h_hat):
            raise ValueError("the quantity is not defined at this fit")
        return (self._end(rater, quantity, -1.0, h_hat, sd),
                self._end(rater, quantity, 1.0, h_hat, sd))

    def _rater_params(self, x: np.ndarray, rater: int) -> tuple[np.ndarray, np.ndarray]:
        t, confusion = self.unpack(x)
        return t, confusion[rater]

    def _end(self, rater: int, quantity: Quantity, sign: float, h_hat: float,
             sd: float | None) -> float:
        """One end: the search on the multiplier described in the module's docstring, from
        the multiplier a quadratic profile of standard deviation ``sd`` would need."""
        own = 0.5 / np.sqrt(max(float(self.data.ratings_per_rater()[rater]), 1.0))
        if sd is None or not np.isfinite(sd) or sd < SD_FLOOR * own:
            sd = own        # none, or held at 0 by entries on the edge: a binomial's at 1/2
        lam = sign * np.sqrt(2 * self.drop) / sd
        # (|lam|, h, drop - target) on each side of the end; the inside's maximiser is the warm
        # start, so the search follows the branch of the fit (another mode is never entered
        # from a point of lower likelihood and kept)
        inside, outside = (0.0, h_hat, -self.drop), None
        warm, kept = self.x_hat, ""
        h = h_hat
        for _ in range(MOST_STEPS):
            ll, x = self.tilted(self.lift(warm), rater, quantity, lam)
            h = quantity(*self._rater_params(x, rater))[0]
            gap = self.ll_max - ll - self.drop
            if abs(gap) <= DROP_TOLERANCE:
                return h
            if gap < 0:
                inside, warm = (abs(lam), h, gap), x
                if kept == "inside" and outside is not None:     # Illinois: halve the other
                    outside = (outside[0], outside[1], outside[2] / 2)
                kept = "inside"
            else:
                outside = (abs(lam), h, gap)
                if kept == "outside":
                    inside = (inside[0], inside[1], inside[2] / 2)
                kept = "outside"
            if outside is None:
                if abs(lam) >= LAMBDA_LIMIT:
                    return h                                   # the end of h's range
                lam *= float(np.clip(np.sqrt(self.drop / max(gap + self.drop, 1e-12)), 1.5, 30.0))
                continue
            share = -inside[2] / (outside[2] - inside[2])
            if abs(outside[1] - inside[1]) <= H_TOLERANCE:
                return inside[1] + share * (outside[1] - inside[1])
            if outside[0] <= inside[0] * (1 + JUMP):
                return outside[1]                              # the far side of a jump
            lam = sign * (inside[0] + share * (outside[0] - inside[0]))     # regula falsi
        return outside[1] if outside is not None else h


def profile_intervals(data: RaterData, t: np.ndarray, confusion: np.ndarray, level: float,
                      raters: list[int], cancel: CancelToken
                      ) -> dict[str, dict[int, tuple[float, float]]] | None:
    """{quantity name: {rater: (lower, upper)}} for the raters listed, or None when cancelled
    or when a search fails (the caller then uses Wald intervals)."""
    sd = wald_sd(data, t, confusion, raters)
    try:
        profile = RaterProfile(data, t, confusion, level)
        out: dict[str, dict[int, tuple[float, float]]] = {name: {} for name in QUANTITIES}
        for j in raters:
            if cancel.requested:
                return None
            for name in QUANTITIES:
                out[name][j] = profile.interval(j, name, None if sd is None else sd[name][j])
    except (ValueError, FloatingPointError, np.linalg.LinAlgError):
        return None
    return out


def panel_intervals(data: RaterData, t: np.ndarray, confusion: np.ndarray, level: float,
                          raters: list[int], cancel: CancelToken
                          ) -> dict[int, tuple[float, float]]:
    """{rater: the profile interval of a at ``level``} for the raters listed (those whose
    interval at the shown level lies at or below 0: a chance flag needs the panel-adjusted
    interval there too, issue 78); a rater whose search fails is left out (no flag)."""
    out: dict[int, tuple[float, float]] = {}
    if not raters:
        return out
    sd = wald_sd(data, t, confusion, raters)
    try:
        profile = RaterProfile(data, t, confusion, level)
    except (ValueError, FloatingPointError, np.linalg.LinAlgError):
        return out
    for j in raters:
        if cancel.requested:
            return {}
        try:
            out[j] = profile.interval(j, "a", None if sd is None else sd["a"][j])
        except (ValueError, FloatingPointError, np.linalg.LinAlgError):
            continue
    return out


def wald_sd(data: RaterData, t: np.ndarray, confusion: np.ndarray, raters: list[int]
            ) -> dict[str, dict[int, float]] | None:
    """{quantity name: {rater: standard error}} by the delta method on the exact observed
    information (:func:`.ds_information.function_se`: entries on the edge held fixed), or None
    where it cannot be found (too many free parameters, or not invertible)."""
    k = data.k
    values = np.concatenate([t, confusion.ravel()])
    simplices = ds_simplices(data.n_raters, k)
    if not raters or n_free(values, simplices) > MAX_FREE:
        return None
    rows: list[int] = []
    cols: list[int] = []
    grads: list[float] = []
    pairs = [(j, name) for j in raters for name in QUANTITIES]
    for row, (j, name) in enumerate(pairs):
        _, g_t, g_pi = QUANTITIES[name](t, confusion[j])
        rows += [row] * (k + k * k)
        cols += [*range(k), *(k + j * k * k + np.arange(k * k)).tolist()]
        grads += [*g_t.tolist(), *g_pi.ravel().tolist()]
    gradients = sparse.csr_matrix((grads, (rows, cols)), shape=(len(pairs), len(values)))
    se = function_se(full_information(data, t, confusion), values, simplices, gradients)
    if se is None or not np.all(np.isfinite(se)):
        return None
    out: dict[str, dict[int, float]] = {name: {} for name in QUANTITIES}
    for (j, name), value in zip(pairs, se.tolist()):
        out[name][j] = value
    return out
