"""Profile-likelihood intervals of t, a and p for many simulated studies at once.

The same definition and the same search as
:class:`tapdesk.engine.binary.tap_profile.TapProfile`, one step for every
study's interval end together:

- an end whose limit (0 or 1) is still inside the region (the grid-guarded
  profile there is at or above the level) is the limit itself;
- otherwise the end is solved for directly (Newton on the three conditions
  that hold at an interval end, from the quadratic approximation's end) and
  checked with the grid-guarded profile maximum;
- where that fails, a root search (Newton steps on the profile, safeguarded
  by bisection) takes over.

The inner maxima are batched projected Newton ascents
(:mod:`tapdesk.engine.planning.batch_newton`) from the warm start and from
the local maxima of the same grid. An interval whose search does not settle
is marked failed; the caller then fits that study one at a time, exactly as
``tapdesk fit`` does (with its fallbacks).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.mixture_newton import Q_EDGE
from tapdesk.engine.binary.tap_profile import (
    _GRID_U1,
    _GRID_U2,
    CHECK_TOL,
    GAIN_SHARE,
    GAIN_TOL,
    GRID,
    GUARD_DISTANCE,
    GUARD_STARTS,
    HI,
    KKT_TOL,
    LO,
    MAX_DAMPING,
    MAX_KKT_STEPS,
    MAX_NEWTON_STEPS,
    MAX_ROOT_STEPS,
    ROOT_TOL,
)
from tapdesk.engine.intervals import chi2_1
from tapdesk.engine.planning.batch_likelihood import BatchLikelihood
from tapdesk.engine.planning.batch_newton import batch_newton_ascent, free_mask


def _tap_values(lik: BatchLikelihood, x: np.ndarray) -> np.ndarray:
    return lik.tap_values(x)


def _tap_derivatives(lik: BatchLikelihood, x: np.ndarray):
    return lik.tap_derivatives(x)


def batch_inverse(matrices: np.ndarray) -> np.ndarray:
    """Inverse of each matrix; NaN for a singular one (as ``TapProfile.covariance``)."""
    try:
        return np.linalg.inv(matrices)
    except np.linalg.LinAlgError:
        out = np.full(matrices.shape, np.nan)
        for i, matrix in enumerate(matrices):
            try:
                out[i] = np.linalg.inv(matrix)
            except np.linalg.LinAlgError:
                pass
        return out


def batch_solve(matrices: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """Solution of each system; NaN for a singular one."""
    try:
        return np.linalg.solve(matrices, rhs[:, :, None])[:, :, 0]
    except np.linalg.LinAlgError:
        out = np.full(rhs.shape, np.nan)
        for i, (matrix, b) in enumerate(zip(matrices, rhs, strict=True)):
            try:
                out[i] = np.linalg.solve(matrix, b)
            except np.linalg.LinAlgError:
                pass
        return out


ORDER = np.array([[1, 2, 0], [0, 2, 1], [0, 1, 2]])
"""For parameter i (row i): the other two parameters, then i itself."""


@dataclass
class Ends:
    """Interval ends of many studies and parameters: the problems of one search step."""

    study: np.ndarray
    index: np.ndarray
    limit: np.ndarray

    def __getitem__(self, rows: np.ndarray) -> Ends:
        return Ends(self.study[rows], self.index[rows], self.limit[rows])

    def __len__(self) -> int:
        return len(self.study)


class BatchProfile:
    """Profile-likelihood interval ends of t, a, p around each study's maximum-likelihood fit.

    Parameters
    ----------
    weight
        (studies, R + 1) counts of subjects with k Class-1 ratings.
    estimate
        (studies, 3) maximum-likelihood (t, a, p).
    ll_max
        (studies,) log-likelihoods at the estimates.
    level
        The intervals' level.
    """

    def __init__(self, weight: np.ndarray, estimate: np.ndarray, ll_max: np.ndarray,
                 level: float = 0.95) -> None:
        self.lik = BatchLikelihood(np.asarray(weight, float))
        self.estimate = np.clip(np.asarray(estimate, float), LO, HI)
        self.chi2 = chi2_1(level)
        self.target = np.asarray(ll_max, float) - self.chi2 / 2
        _, _, hess = self.lik.tap_derivatives(self.estimate)
        self.covariance = -batch_inverse(hess)

    def intervals(self) -> tuple[np.ndarray, np.ndarray]:
        """(studies, 3, 2) interval ends and a (studies, 3) mask of the searches that failed.

        Every end of every parameter of every study is one row of the same searches.
        """
        n = len(self.estimate)
        ends = Ends(np.tile(np.arange(n), 6), np.repeat(np.arange(3), 2 * n),
                    np.tile(np.repeat([LO, HI], n), 3))
        found = self.edges(ends).reshape(3, 2, n).transpose(2, 0, 1)
        return found, ~np.isfinite(found).all(axis=2)

    # ----------------------------------------------------------- inner maximum
    def maximise(self, ends: Ends, v: np.ndarray, warm: np.ndarray,
                 guard: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Maximise ll over the other two parameters with parameter ``index`` fixed at ``v``.

        Row by row :meth:`TapProfile.maximise`: (maximisers, profile values, slopes in v).
        """
        rows = np.arange(len(ends))
        start = np.array(warm, float)
        start[rows, ends.index] = v
        movable = np.ones(start.shape, bool)
        movable[rows, ends.index] = False
        best, value, grad = self._polish(ends.study, movable, np.clip(start, LO, HI))
        if guard:
            polished = [best.copy()]
            for grid_start, valid in self._grid_maxima(ends, v):
                # the fixed parameter is v in both: the largest difference is over the others
                distance = np.min([np.abs(grid_start - c).max(axis=1) for c in polished], axis=0)
                todo = np.flatnonzero(valid & (distance > GUARD_DISTANCE))
                candidate = np.full(start.shape, np.inf)   # far from everything: never "near"
                if len(todo):
                    x, val, g = self._polish(ends.study[todo], movable[todo], grid_start[todo])
                    candidate[todo] = x
                    higher = val > value[todo]            # the first of equal maxima is kept
                    won = todo[higher]
                    best[won], value[won], grad[won] = x[higher], val[higher], g[higher]
                polished.append(candidate)
        return best, value, grad[rows, ends.index]

    def _polish(self, study: np.ndarray, movable: np.ndarray,
                x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        target = self.target[study]
        return batch_newton_ascent(
            self.lik.rows(study), _tap_derivatives, _tap_values, x, movable, LO, HI,
            lambda value, rows: np.maximum(GAIN_TOL, GAIN_SHARE * np.abs(value - target[rows])),
            MAX_NEWTON_STEPS)

    def _grid_maxima(self, ends: Ends, v: np.ndarray):
        """The grid's local maxima (8 neighbours), best first: GUARD_STARTS pairs of
        (full parameter vectors, rows that have that many maxima)."""
        size = len(GRID)
        n = len(ends)
        points = np.empty((n, _GRID_U1.size, 3))
        for index in range(3):
            sel = ends.index == index
            points[sel, :, index] = v[sel, None]
            points[sel, :, ORDER[index, 0]] = _GRID_U1
            points[sel, :, ORDER[index, 1]] = _GRID_U2
        values = self._grid_values(ends, v, points).reshape(-1, size, size)
        padded = np.full((n, size + 2, size + 2), -np.inf)
        padded[:, 1:-1, 1:-1] = values
        peak = np.ones(values.shape, bool)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                if di or dj:
                    peak &= values >= padded[:, 1 + di:1 + di + size, 1 + dj:1 + dj + size]
        key = np.where(peak & np.isfinite(values), -values, np.inf).reshape(n, -1)
        order = np.argsort(key, axis=1, kind="stable")[:, :GUARD_STARTS]
        rows = np.arange(n)
        for rank in range(GUARD_STARTS):
            where = order[:, rank]
            yield points[rows, where], np.isfinite(key[rows, where])

    def _grid_values(self, ends: Ends, v: np.ndarray, points: np.ndarray) -> np.ndarray:
        """ll of each study at each of its grid points (as ``TapLikelihood.values``).

        Rows with the same grid (the same parameter fixed at the same value, as in the
        searches at a limit, 0 or 1) share the per-cell log-likelihoods: only the weighted
        sums differ.
        """
        weight = self.lik.weight[ends.study]
        _, first, which = np.unique(np.stack([ends.index, v], axis=1), axis=0, return_index=True,
                                    return_inverse=True)
        if 2 * len(first) <= len(points):
            cells = self._cell_terms(points[first])[which.reshape(-1)]
        else:
            cells = self._cell_terms(points)
        return np.einsum("pgc,pc->pg", cells, weight)

    def _cell_terms(self, points: np.ndarray) -> np.ndarray:
        """Per-cell log-likelihood terms (rows x grid points x cells)."""
        t, a, p = points[..., 0], points[..., 1], points[..., 2]
        clip = lambda q: np.minimum(np.maximum(q, Q_EDGE), 1 - Q_EDGE)[..., None]
        q1, q0 = clip(a + (1 - a) * p), clip((1 - a) * p)
        k = self.lik.k
        m = self.lik.raters - k
        l1 = np.log(t)[..., None] + np.log(q1) * k + np.log1p(-q1) * m
        l0 = np.log1p(-t)[..., None] + np.log(q0) * k + np.log1p(-q0) * m
        return np.logaddexp(l1, l0)

    # --------------------------------------------------------------- the ends
    def edges(self, ends: Ends) -> np.ndarray:
        """The ends: the limit if still inside the region, else the crossing (NaN where no
        search settled)."""
        _, at_limit, _ = self.maximise(ends, ends.limit, self.estimate[ends.study])
        out = np.where(at_limit >= self.target[ends.study], ends.limit, np.nan)
        todo = np.flatnonzero(np.isnan(out))
        if len(todo):
            out[todo] = self._solve_ends(ends[todo])
        todo = np.flatnonzero(np.isnan(out))
        if len(todo):
            out[todo] = self._search_ends(ends[todo])
        return out

    def _own(self, ends: Ends) -> tuple[np.ndarray, np.ndarray]:
        """Each row's estimate of its parameter, and that parameter's variance."""
        return (self.estimate[ends.study, ends.index],
                self.covariance[ends.study, ends.index, ends.index])

    def _wald_ends(self, ends: Ends) -> np.ndarray:
        """Where the quadratic approximation's region reaches furthest towards each limit
        (NaN rows where the approximation is of no use)."""
        cov = self.covariance[ends.study]
        estimate, variance = self._own(ends)
        usable = np.isfinite(variance) & (variance > 0) & np.isfinite(cov).all(axis=(1, 2))
        column = cov[np.arange(len(ends)), :, ends.index]
        with np.errstate(all="ignore"):
            reach = np.minimum(np.sqrt(self.chi2 * variance), np.abs(ends.limit - estimate) / 2)
            usable &= reach > 0
            x = (self.estimate[ends.study]
                 + (np.sign(ends.limit - estimate) * reach / variance)[:, None] * column)
        return np.where(usable[:, None], np.clip(x, LO, HI), np.nan)

    def _solve_ends(self, ends: Ends) -> np.ndarray:
        """Newton's method on the conditions at an interval end (:meth:`TapProfile._solve_end`),
        checked with the grid-guarded profile maximum; NaN where it fails."""
        x = self._wald_ends(ends)
        result = np.full(len(x), np.nan)
        estimate, _ = self._own(ends)
        low, high = np.minimum(estimate, ends.limit), np.maximum(estimate, ends.limit)
        order = ORDER[ends.index]                   # the two others, then the parameter
        active = np.flatnonzero(np.isfinite(x).all(axis=1))
        settled = np.zeros(len(x), bool)
        for _ in range(MAX_KKT_STEPS):
            if not len(active):
                break
            study, perm = ends.study[active], order[active]
            lines = np.arange(len(active))[:, None]
            value, grad, hess = self.lik.rows(study).tap_derivatives(x[active])
            grad, hess = grad[lines, perm], hess[lines[:, :, None], perm[:, :, None], perm[:, None, :]]
            at = x[lines, perm]
            free = free_mask(at[:, :2], grad[:, :2], LO, HI)
            jacobian = np.zeros((len(active), 3, 3))
            jacobian[:, :2, :] = hess[:, :2, :]
            jacobian[:, 2, :] = grad
            jacobian[:, :, :2] *= free[:, None, :]              # a held parameter does not move
            jacobian[:, :2, :][~free] = np.eye(3)[:2][np.nonzero(~free)[1]]
            residual = np.concatenate([np.where(free, grad[:, :2], 0.0),
                                       (value - self.target[study])[:, None]], axis=1)
            step = batch_solve(jacobian, -residual)
            ok = np.isfinite(step).all(axis=1)
            step, ok = self._damped(step, ok, at[:, 2], low[active], high[active])
            moved = np.flatnonzero(ok)
            new = at[moved] + step[moved]
            new[:, :2] = np.clip(new[:, :2], LO, HI)
            x[active[moved][:, None], perm[moved]] = new
            done = (ok & (np.abs(step[:, 2]) < ROOT_TOL * 1e-2)
                    & (np.abs(value - self.target[study]) < KKT_TOL))
            settled[active[done]] = True
            active = active[ok & ~done]
        rows = np.flatnonzero(settled)
        if len(rows):
            v = x[rows, ends.index[rows]]
            _, value, slope = self.maximise(ends[rows], v, x[rows], guard=True)
            good = ((np.abs(value - self.target[ends.study[rows]]) <= CHECK_TOL)
                    & ~(slope * (ends.limit[rows] - estimate[rows]) > 0))
            result[rows[good]] = v[good]
        return result

    @staticmethod
    def _damped(step: np.ndarray, ok: np.ndarray, at: np.ndarray, low: np.ndarray,
                high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each step halved (up to 20 times) until the end stays strictly inside its bracket."""
        step = np.where(ok[:, None], step, 0.0)
        inside = np.zeros(len(step), bool)
        for _ in range(MAX_DAMPING):
            inside = (low < at + step[:, 2]) & (at + step[:, 2] < high)
            if (inside | ~ok).all():
                break
            step = np.where((ok & ~inside)[:, None], step / 2, step)
        return step, ok & inside

    def _search_ends(self, ends: Ends) -> np.ndarray:
        """The crossings by Newton steps on the profile, safeguarded by bisection
        (:meth:`TapProfile._search_end`); NaN where the search does not settle."""
        estimate, _ = self._own(ends)
        inside, outside = estimate.copy(), ends.limit.copy()
        v, warm = self._first_guesses(ends), self.estimate[ends.study]
        result = np.full(len(ends), np.nan)
        active = np.arange(len(ends))
        for _ in range(MAX_ROOT_STEPS):
            if not len(active):
                break
            these = ends[active]
            target = self.target[these.study]
            x, value, slope = self.maximise(these, v[active], warm[active], guard=False)
            low = np.flatnonzero(value < target)
            if len(low):
                x[low], value[low], slope[low] = self.maximise(these[low], v[active][low], x[low],
                                                               guard=True)
            warm[active] = x
            excess = value - target
            here = v[active]
            inside[active] = np.where(excess >= 0, here, inside[active])
            outside[active] = np.where(excess < 0, here, outside[active])
            with np.errstate(all="ignore"):
                newton = np.where((slope != 0) & np.isfinite(slope), here - excess / slope, np.nan)
            between = self._between(newton, inside[active], outside[active])
            mid = 0.5 * (inside[active] + outside[active])
            close = between & (np.abs(newton - here) < ROOT_TOL)
            narrow = ~close & (np.abs(outside[active] - inside[active]) < ROOT_TOL)
            result[active[close]] = newton[close]
            result[active[narrow]] = mid[narrow]
            v[active] = np.where(between, newton, mid)
            active = active[~close & ~narrow]
        return result

    @staticmethod
    def _between(v: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.isfinite(v) & (np.minimum(a, b) <= v) & (v <= np.maximum(a, b))

    def _first_guesses(self, ends: Ends) -> np.ndarray:
        """The quadratic approximation's ends, kept strictly inside each bracket."""
        x, variance = self._own(ends)
        mid = 0.5 * (x + ends.limit)
        with np.errstate(all="ignore"):
            guess = x + np.sign(ends.limit - x) * np.sqrt(self.chi2 * variance)
        usable = (np.isfinite(variance) & (variance > 0) & self._between(guess, x, ends.limit)
                  & (guess != ends.limit))
        return np.where(usable, guess, mid)
