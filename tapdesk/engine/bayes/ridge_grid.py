"""Exact posterior of (t, q1, q0) for the ridge models, on a zoomed logit grid.

The density is pi(t) L(t, q1, q0) g(q1, q0) (see :mod:`.ridge_fibres`). Two
things make a plain tensor grid over (t, q1, q0) a poor fit, and this module
handles both:

* Label switching. L(t, q1, q0) = L(1 - t, q0, q1): the same data are
  explained with the classes swapped. t-a0a1-p forbids q1 < q0 (its fibre is
  empty there), but t-a-p0p1 and t-a0a1-p0p1 allow it (with accuracy near 0),
  so their posteriors have a second, mirrored mode whose weight is the prior
  ratio g(q0, q1) / g(q1, q0). A box around both modes would waste the grid's
  resolution on the empty space between them. The grid therefore covers the
  canonical half q1 >= q0 only and carries two weights per cell: orientation
  A (as it stands) and orientation B (the mirrored point (1 - t, q0, q1)),
  which share the likelihood.
* The fibre mass g changes only with (q1, q0), so it is computed on the
  2-D (q1, q0) mesh, never on the 3-D grid.

The box zooms like :func:`tapdesk.engine.bayes.grid.grid_posterior`'s, but on mass
rather than density (see :func:`_mass_box`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import expit, log_expit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.grid import LOGIT_LIMIT
from tapdesk.engine.bayes.ridge_fibres import Fibre, log_fibre_mass
from tapdesk.engine.bayes.targets import mixture_log_likelihood
from tapdesk.engine.request import Prior

GRID_POINTS = 112
COARSE_POINTS = 36


@dataclass(frozen=True, eq=False)
class RidgeGrid:
    """Normalised posterior mass of (t, q1, q0) in both orientations on a canonical grid.

    ``axes`` are logit-scale midpoints of t, q1, q0 (q1 >= q0 cells only carry
    mass); ``mass_a[i, j, k]`` is the mass of the cell as it stands and
    ``mass_b[i, j, k]`` that of its mirror (1 - t, q0, q1). Together they sum to 1.
    """

    axes: tuple[np.ndarray, np.ndarray, np.ndarray]
    widths: tuple[float, float, float]
    mass_a: np.ndarray
    mass_b: np.ndarray
    complete: bool = True

    def pieces(self, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Logit-scale cells (low, high) and their masses of t, q1 or q0, both orientations."""
        axis_a, axis_b, sign_b = {"t": (0, 0, -1.0), "q1": (1, 2, 1.0), "q0": (2, 1, 1.0)}[name]

        def sums(mass, axis):
            return mass.sum(axis=tuple(i for i in range(3) if i != axis))

        lows, highs, masses = [], [], []
        for mass, axis, sign in ((self.mass_a, axis_a, 1.0), (self.mass_b, axis_b, sign_b)):
            mid, half = sign * self.axes[axis], self.widths[axis] / 2
            lows.append(mid - half)
            highs.append(mid + half)
            masses.append(sums(mass, axis))
        return np.concatenate(lows), np.concatenate(highs), np.concatenate(masses)

    def q_cells(self, threshold: float = 1e-10):
        """(actual q1, actual q0, mass) of every (q1, q0) cell and orientation holding mass."""
        q1, q0 = expit(self.axes[1]), expit(self.axes[2])
        m_a, m_b = self.mass_a.sum(axis=0), self.mass_b.sum(axis=0)
        g1, g0 = np.meshgrid(q1, q0, indexing="ij")
        big = max(m_a.max(), m_b.max())
        ka, kb = m_a > threshold * big, m_b > threshold * big
        return (np.concatenate([g1[ka], g0[kb]]), np.concatenate([g0[ka], g1[kb]]),
                np.concatenate([m_a[ka], m_b[kb]]))


def _midpoints(lo: float, hi: float, n: int) -> tuple[np.ndarray, float]:
    width = (hi - lo) / n
    return lo + width * (np.arange(n) + 0.5), width


def _evaluate(hist: CountHistogram, fibres: tuple[Fibre, ...], t_prior: Prior,
              priors: dict[str, Prior], box: np.ndarray, n: int):
    """Log mass (on the logit scale) of both orientations at the grid midpoints of ``box``."""
    axes, widths = zip(*(_midpoints(box[i, 0], box[i, 1], n) for i in range(3)))
    xt, x1, x0 = axes
    t, q1, q0 = expit(xt), expit(x1), expit(x0)
    g1, g0 = np.meshgrid(q1, q0, indexing="ij")
    canonical = x1[:, None] >= x0[None, :]
    log_g_a = np.where(canonical, log_fibre_mass(fibres, g1, g0, priors), -np.inf)
    log_g_b = np.where(canonical, log_fibre_mass(fibres, g0, g1, priors), -np.inf)
    # logit-scale Jacobians q (1 - q) of q1 and q0 (symmetric under the swap)
    jac_q = (log_expit(x1) + log_expit(-x1))[:, None] + (log_expit(x0) + log_expit(-x0))[None, :]
    # Beta prior of t times the Jacobian t (1 - t); orientation B holds 1 - t
    lt, l1t = log_expit(xt), log_expit(-xt)
    prior_a = t_prior.alpha * lt + t_prior.beta * l1t
    prior_b = t_prior.alpha * l1t + t_prior.beta * lt
    ll = mixture_log_likelihood(hist, t[:, None, None], q1[None, :, None], q0[None, None, :])
    with np.errstate(invalid="ignore"):
        lp_a = ll + prior_a[:, None, None] + (jac_q + log_g_a)[None]
        lp_b = ll + prior_b[:, None, None] + (jac_q + log_g_b)[None]
    lp_a = np.where(np.isnan(lp_a), -np.inf, lp_a)
    lp_b = np.where(np.isnan(lp_b), -np.inf, lp_b)
    return axes, widths, lp_a, lp_b


TAIL = 1e-7
"""Each axis keeps the range holding all but this share of its marginal mass at each end."""


def _mass_box(axes, widths, lp: np.ndarray, margin: float = 1.5) -> tuple[np.ndarray, np.ndarray]:
    """(box, touches): per axis the range of cells holding all but TAIL of the marginal mass
    at either end, widened by ``margin`` cells; touches[i, side] when mass sits in the end cell.

    Mass-based rather than the density threshold of the t-a-p grid: on the logit scale the
    tails of these posteriors are long and thin (a few hundred ratings leave t near 0 or 1
    within e^-25 of the peak), and a box reaching out to them would leave the bulk only a
    few cells.
    """
    mass = np.exp(lp - lp.max())
    mass /= mass.sum()
    box = np.zeros((3, 2))
    touches = np.zeros((3, 2), dtype=bool)
    for i, x in enumerate(axes):
        m = mass.sum(axis=tuple(j for j in range(3) if j != i))
        cum = np.cumsum(m)
        first = int(np.argmax(cum > TAIL))
        last = int(len(m) - 1 - np.argmax((cum[::-1] - m[::-1]) < 1 - TAIL))
        box[i] = (max(-LOGIT_LIMIT, x[first] - margin * widths[i]),
                  min(LOGIT_LIMIT, x[last] + margin * widths[i]))
        touches[i] = (m[0] > TAIL, m[-1] > TAIL)
    return box, touches


def ridge_grid(hist: CountHistogram, fibres: tuple[Fibre, ...], t_prior: Prior,
               priors: dict[str, Prior], n_points: int = GRID_POINTS, coarse: int = COARSE_POINTS,
               cancelled=lambda: False) -> RidgeGrid:
    """Exact posterior of (t, q1, q0) (both orientations) on a zoomed logit grid.

    ``cancelled()`` is checked between grid passes; when it turns true, the
    current (coarser) grid is returned with complete False.
    """
    box = np.tile([-LOGIT_LIMIT, LOGIT_LIMIT], (3, 1))
    complete = True
    for _ in range(12):                       # zoom until the box stops shrinking
        axes, widths, lp_a, lp_b = _evaluate(hist, fibres, t_prior, priors, box, coarse)
        if cancelled():
            complete = False
            break
        new, _ = _mass_box(axes, widths, np.logaddexp(lp_a, lp_b))
        done = np.all(new[:, 1] - new[:, 0] > 0.7 * (box[:, 1] - box[:, 0]))
        box = new
        if done:
            break
    for _ in range(4 if complete else 0):     # final grid; widen if mass touches an inner edge
        axes, widths, lp_a, lp_b = _evaluate(hist, fibres, t_prior, priors, box, n_points)
        if cancelled():
            complete = False
            break
        _, touches = _mass_box(axes, widths, np.logaddexp(lp_a, lp_b))
        low = touches[:, 0] & (box[:, 0] > -LOGIT_LIMIT)
        high = touches[:, 1] & (box[:, 1] < LOGIT_LIMIT)
        if not (low.any() or high.any()):
            break
        span = box[:, 1] - box[:, 0]
        box = np.column_stack([np.where(low, np.maximum(-LOGIT_LIMIT, box[:, 0] - span / 2), box[:, 0]),
                               np.where(high, np.minimum(LOGIT_LIMIT, box[:, 1] + span / 2), box[:, 1])])
    top = max(float(lp_a.max()), float(lp_b.max()))
    mass_a, mass_b = np.exp(lp_a - top), np.exp(lp_b - top)
    total = mass_a.sum() + mass_b.sum()
    return RidgeGrid(tuple(axes), tuple(widths), mass_a / total, mass_b / total, complete)
