"""Exact posterior of a low-dimensional histogram model on a zoomed tensor grid.

For t-a-p (3 parameters) and the expert model (2) the posterior is computed
by brute force: the unnormalised log posterior at the midpoints of a regular
grid, normalised in log space. The grid lives on the logit scale (density
times the Jacobian theta (1 - theta)): posteriors piled against 0 or 1, such
as the kappa paradox's t near 0, are smooth bumps there, where a grid on the
probability scale would need a spacing of 1e-4 to resolve them. The box is
found by zooming from [-30, 30]^d onto the region holding all but a
negligible share (< e^-25 per point) of the mass, so narrow posteriors
(100,000 subjects: sd 0.001) get fine resolution too. Marginals and pairwise
joints are sums over the other axes; quantiles come from the piecewise-linear
CDF (density constant within a logit cell), mapped back through expit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import CountHistogram
from scipy.special import expit, log_expit

from tapdesk.engine.bayes.targets import HistogramModel, mixture_log_likelihood
from tapdesk.engine.request import Prior

NEGLIGIBLE = 25.0
"""Grid points more than this many nats below the maximum are treated as empty when zooming."""

LOGIT_LIMIT = 30.0
DEFAULT_POINTS = {1: 2000, 2: 400, 3: 128}


@dataclass(frozen=True, eq=False)
class GridPosterior:
    """Normalised posterior mass on a tensor grid of logit-scale cell midpoints."""

    names: tuple[str, ...]
    axes: tuple[np.ndarray, ...]
    widths: tuple[float, ...]
    mass: np.ndarray
    log_max: float
    complete: bool = True

    def _axis(self, name: str) -> int:
        return self.names.index(name)

    def marginal_mass(self, name: str) -> np.ndarray:
        i = self._axis(name)
        other = tuple(j for j in range(len(self.names)) if j != i)
        return self.mass.sum(axis=other) if other else self.mass

    def logit_edges(self, name: str) -> np.ndarray:
        i = self._axis(name)
        x, w = self.axes[i], self.widths[i]
        return np.append(x - w / 2, x[-1] + w / 2)

    def marginal(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """(cell midpoints, average density per unit of the parameter in each cell)."""
        edges = expit(self.logit_edges(name))
        with np.errstate(divide="ignore", invalid="ignore"):
            dens = self.marginal_mass(name) / np.diff(edges)
        return expit(self.axes[self._axis(name)]), np.nan_to_num(dens, posinf=0.0)

    def joint(self, first: str, second: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(x midpoints, y midpoints, mass[x, y]) of a pair of parameters (logit cells)."""
        i, j = self._axis(first), self._axis(second)
        other = tuple(k for k in range(len(self.names)) if k not in (i, j))
        mass = self.mass.sum(axis=other) if other else self.mass
        if i > j:
            mass = mass.T
        return expit(self.axes[i]), expit(self.axes[j]), mass

    def mean(self, name: str) -> float:
        return float((expit(self.axes[self._axis(name)]) * self.marginal_mass(name)).sum())

    def sd(self, name: str) -> float:
        m = self.marginal_mass(name)
        x = expit(self.axes[self._axis(name)])
        mu = (x * m).sum()
        return float(np.sqrt(max(((x - mu) ** 2 * m).sum(), 0.0)))

    def quantile(self, name: str, q) -> np.ndarray:
        edges = self.logit_edges(name)
        cdf = np.concatenate([[0.0], np.cumsum(self.marginal_mass(name))])
        cdf /= cdf[-1]
        keep = np.concatenate([[True], np.diff(cdf) > 0])   # strictly increasing for interp
        return expit(np.interp(q, cdf[keep], edges[keep]))

    def hdi(self, name: str, prob: float = 0.9) -> tuple[float, float]:
        """Shortest interval (on the probability scale) holding ``prob`` of the mass."""
        lower = np.linspace(0.0, 1.0 - prob, 2001)
        lo, hi = self.quantile(name, lower), self.quantile(name, lower + prob)
        best = int(np.argmin(hi - lo))
        return float(lo[best]), float(hi[best])


def _midpoints(lo: float, hi: float, n: int) -> tuple[np.ndarray, float]:
    width = (hi - lo) / n
    return lo + width * (np.arange(n) + 0.5), width


def _evaluate(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
              box: np.ndarray, n: int) -> tuple[tuple[np.ndarray, ...], tuple[float, ...], np.ndarray]:
    """Log posterior on the logit scale at the grid midpoints of ``box``."""
    d = model.dim
    axes, widths, mesh, lp_prior = [], [], [], 0.0
    for i in range(d):
        x, w = _midpoints(box[i, 0], box[i, 1], n)
        axes.append(x)
        widths.append(w)
        shape = [1] * d
        shape[i] = n
        mesh.append(expit(x).reshape(shape))
        # Beta prior times the Jacobian theta (1 - theta) of the logit map
        lp_prior = lp_prior + (priors[i].alpha * log_expit(x)
                               + priors[i].beta * log_expit(-x)).reshape(shape)
    t, q1, q0 = model.mixture(*mesh)
    lp = mixture_log_likelihood(hist, t, q1, q0) + lp_prior
    return tuple(axes), tuple(widths), lp


def _zoom_box(axes, widths, lp: np.ndarray, limit: float = NEGLIGIBLE) -> np.ndarray:
    keep = lp > lp.max() - limit
    box = np.zeros((len(axes), 2))
    for i, x in enumerate(axes):
        other = tuple(j for j in range(len(axes)) if j != i)
        hit = np.flatnonzero(keep.any(axis=other) if other else keep)
        box[i] = (max(-LOGIT_LIMIT, x[hit[0]] - 1.5 * widths[i]),
                  min(LOGIT_LIMIT, x[hit[-1]] + 1.5 * widths[i]))
    return box


def grid_posterior(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                   n_points: int | None = None, coarse: int = 40,
                   cancelled=lambda: False) -> GridPosterior:
    """Exact (grid) posterior of a histogram model with at most 3 parameters.

    ``cancelled()`` is checked between grid passes; when it turns true, the
    posterior on the current (coarser) grid is returned with complete False.
    """
    d = model.dim
    if d > 3:
        raise ValueError("the exact grid posterior is for models with at most 3 parameters")
    n_final = n_points or DEFAULT_POINTS[d]
    box = np.tile([-LOGIT_LIMIT, LOGIT_LIMIT], (d, 1))
    complete = True
    for _ in range(12):                       # zoom until the box stops shrinking
        axes, widths, lp = _evaluate(model, hist, priors, box, coarse)
        if cancelled():
            complete = False
            break
        new = _zoom_box(axes, widths, lp)
        done = np.all(new[:, 1] - new[:, 0] > 0.7 * (box[:, 1] - box[:, 0]))
        box = new
        if done:
            break
    for _ in range(4 if complete else 0):     # final grid; widen if mass touches an inner edge
        axes, widths, lp = _evaluate(model, hist, priors, box, n_final)
        if cancelled():
            complete = False
            break
        wider = _zoom_box(axes, widths, lp, limit=NEGLIGIBLE + 5)
        low = (wider[:, 0] < box[:, 0] + 1e-9) & (box[:, 0] > -LOGIT_LIMIT)
        high = (wider[:, 1] > box[:, 1] - 1e-9) & (box[:, 1] < LOGIT_LIMIT)
        if not (low.any() or high.any()):
            break
        span = box[:, 1] - box[:, 0]
        box = np.column_stack([np.where(low, np.maximum(-LOGIT_LIMIT, box[:, 0] - span / 2), box[:, 0]),
                               np.where(high, np.minimum(LOGIT_LIMIT, box[:, 1] + span / 2), box[:, 1])])
    top = float(lp.max())
    mass = np.exp(lp - top)
    mass /= mass.sum()
    return GridPosterior(model.names, axes, widths, mass, top, complete)
