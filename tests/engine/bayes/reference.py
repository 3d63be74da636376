"""A brute-force posterior for the t-a-p family, sharing no code with the engine (issue 11).

The likelihood is written from the model definition on the probability
scale, the posterior is a Gauss-Legendre tensor grid (NODES per axis) on a
box found by zooming on a coarse grid, and each marginal's CDF is the
integral of its Legendre series (spectral accuracy for these smooth
posteriors: 80 and 120 nodes agree to 1e-4 sd on the test cases). The ridge
models' parameters that the data do not identify have, under uniform priors,
closed-form conditional CDFs along the ridge given (q1, q0), averaged over
the (t, q1, q0) grid. Used by tests/engine/bayes/test_exact.py and
tests/engine/bayes/test_sampler.py.
"""

from __future__ import annotations

import numpy as np
from numpy.polynomial import legendre as leg

from tapdesk.data.binary import binary_counts

NODES = 80
RIDGE_NODES = 120
"""The ridge models' reference takes more nodes: at the 95% level their HDI ends moved 0.02 sd
from 80 nodes to 120 (and 0.002 from 120 to 160)."""
LEVEL = 0.95
"""The HDI's level when none is given (FitRequest.level's default)."""
FIGURES = ("mean", "sd", "q05", "q25", "q50", "q75", "q95", "hdi-lo", "hdi-hi")


def counts_of(table):
    hist = binary_counts(table).histogram()
    return [np.asarray(v, float) for v in (hist.n_rated, hist.n_class1, hist.weight)]


def mixture_loglik(counts, t, q1, q0):
    """sum_cells w log(t q1^k (1-q1)^(n-k) + (1-t) q0^k (1-q0)^(n-k)), plainly."""
    out = 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        for n, k, w in zip(*counts):
            one = np.log(t) + k * np.log(q1) + (n - k) * np.log1p(-q1)
            zero = np.log1p(-t) + k * np.log(q0) + (n - k) * np.log1p(-q0)
            out = out + w * np.logaddexp(one, zero)
    return np.where(np.isnan(out), -np.inf, out)


def find_box(log_post, d, n=40, drop=30.0):
    """Zoom from the unit cube onto the cells within ``drop`` nats of the best one."""
    box = np.array([[0.0, 1.0]] * d)
    for _ in range(4):
        h = (box[:, 1] - box[:, 0]) / n
        axes = [box[i, 0] + h[i] * (np.arange(n) + 0.5) for i in range(d)]
        lp = log_post(*np.meshgrid(*axes, indexing="ij", sparse=True))
        keep = lp > lp.max() - drop
        for i in range(d):
            hit = np.flatnonzero(keep.any(axis=tuple(j for j in range(d) if j != i)))
            box[i] = (max(0.0, axes[i][hit[0]] - 1.5 * h[i]), min(1.0, axes[i][hit[-1]] + 1.5 * h[i]))
    return box


def gauss_grid(log_post, d, nodes=None):
    """(box, nodes per axis, weights per axis, normalised weighted density on the tensor grid);
    ``nodes`` per axis (default NODES)."""
    nodes = nodes or NODES
    box = find_box(log_post, d)
    x, w = leg.leggauss(nodes)
    axes = [lo + (hi - lo) * (x + 1) / 2 for lo, hi in box]
    weights = [w * (hi - lo) / 2 for lo, hi in box]
    lp = log_post(*np.meshgrid(*axes, indexing="ij", sparse=True))
    dens = np.exp(lp - lp.max())
    for i in range(d):
        shape = [1] * d
        shape[i] = nodes
        dens = dens * weights[i].reshape(shape)
    return box, axes, weights, dens / dens.sum()


def figures_from_cdf(xs, cdf, level=LEVEL):
    """mean, sd, quantiles and the shortest ``level`` interval from a CDF on a fine increasing
    mesh."""
    cdf = np.maximum.accumulate(np.clip(cdf / cdf[-1], 0, 1))
    mass = np.diff(cdf)
    mid = (xs[1:] + xs[:-1]) / 2
    mean = (mass * mid).sum()
    sd = np.sqrt((mass * (mid - mean) ** 2).sum())
    keep = np.concatenate([[True], np.diff(cdf) > 0])
    quantile = lambda q: np.interp(q, cdf[keep], xs[keep])                  # noqa: E731
    low = np.linspace(0, 1 - level, 20001)
    lo, hi = quantile(low), quantile(low + level)
    i = np.argmin(hi - lo)
    return np.array([mean, sd, *quantile([0.05, 0.25, 0.5, 0.75, 0.95]), lo[i], hi[i]])


def axis_figures(box, axes, weights, dens, i, level=LEVEL):
    """Figures of coordinate i: its marginal at the nodes, as a Legendre series, integrated."""
    d = dens.ndim
    f = dens.sum(axis=tuple(j for j in range(d) if j != i)) / weights[i]
    nodes = dens.shape[i]
    x, w = leg.leggauss(nodes)
    coef = (leg.legvander(x, nodes - 1) * (w * f)[:, None]).sum(axis=0) * (2 * np.arange(nodes) + 1) / 2
    u = np.linspace(-1, 1, 40001)
    cdf = leg.Legendre(coef).integ(lbnd=-1)(u)
    lo, hi = box[i]
    return figures_from_cdf(lo + (hi - lo) * (u + 1) / 2, cdf, level)


def tap_reference(table, level=LEVEL) -> dict[str, np.ndarray]:
    counts = counts_of(table)

    def log_post(t, a, p):                       # uniform priors
        return mixture_loglik(counts, t, a + (1 - a) * p, (1 - a) * p)
    box, axes, weights, dens = gauss_grid(log_post, 3)
    return {n: axis_figures(box, axes, weights, dens, i, level) for i, n in enumerate("tap")}


def expert_reference(table, level=LEVEL) -> dict[str, np.ndarray]:
    counts = counts_of(table)

    def log_post(t, a):
        return mixture_loglik(counts, t, a + (1 - a) * t, (1 - a) * t)
    box, axes, weights, dens = gauss_grid(log_post, 2)
    return {n: axis_figures(box, axes, weights, dens, i, level) for i, n in enumerate("ta")}


def _odds(x):
    return x / (1 - x)


def _ridge_conditionals(model):
    """Under uniform priors: fibre mass g(q1, q0) and P(parameter <= x | q1, q0), closed form."""
    lo = lambda x: np.log(x / (1 - x))                                       # noqa: E731
    if model == "tap-a0a1":            # logit p uniform on [logit q0, logit q1]
        def p_cdf(x, q1, q0):
            return np.clip((lo(x) - lo(q0)) / (lo(q1) - lo(q0)), 0, 1)
        g = lambda q1, q0: np.maximum(lo(q1) - lo(q0), 0.0)                  # noqa: E731
        cdfs = {"p": p_cdf,
                "a0": lambda x, q1, q0: p_cdf(np.minimum(q0 / (1 - x), 1 - 1e-15), q1, q0),
                "a1": lambda x, q1, q0: 1 - p_cdf(np.clip((q1 - x) / (1 - x), 1e-15, 1 - 1e-15),
                                                  q1, q0)}
    elif model == "tap-p0p1":          # odds(a) uniform on [0, odds(m)], m = min(q1, 1 - q0)
        def a_cdf(x, q1, q0):
            m = np.minimum(q1, 1 - q0)
            return np.clip(_odds(np.clip(x, 0, 1 - 1e-15)) / _odds(m), 0, 1)
        g = lambda q1, q0: _odds(np.minimum(q1, 1 - q0))                     # noqa: E731
        cdfs = {"a": a_cdf,
                "p0": lambda x, q1, q0: a_cdf(np.clip(1 - q0 / x, 0, 1), q1, q0),
                "p1": lambda x, q1, q0: 1 - a_cdf(np.clip((q1 - x) / (1 - x), 0, 1), q1, q0)}
    else:                              # independent fibres: density 1/(1 - a) on [0, q1], [0, 1-q0]
        def a1_cdf(x, q1, q0):
            return np.clip(np.log1p(-np.minimum(x, q1)) / np.log1p(-q1), 0, 1)

        def a0_cdf(x, q1, q0):
            return np.clip(np.log1p(-np.minimum(x, 1 - q0)) / np.log(q0), 0, 1)
        g = lambda q1, q0: np.log1p(-q1) * np.log(q0)                        # noqa: E731
        cdfs = {"a1": a1_cdf, "a0": a0_cdf,
                "p1": lambda x, q1, q0: 1 - a1_cdf(np.clip((q1 - x) / (1 - x), 0, 1), q1, q0),
                "p0": lambda x, q1, q0: a0_cdf(np.clip(1 - q0 / x, 0, 1), q1, q0)}
    return g, cdfs


def ridge_reference(model, table, level=LEVEL) -> dict[str, np.ndarray]:
    counts = counts_of(table)
    g, cdfs = _ridge_conditionals(model)

    def log_post(t, q1, q0):
        with np.errstate(divide="ignore", invalid="ignore"):
            return mixture_loglik(counts, t, q1, q0) + np.log(g(q1, q0))
    box, axes, weights, dens = gauss_grid(log_post, 3, RIDGE_NODES)
    out = {n: axis_figures(box, axes, weights, dens, i, level)
           for i, n in enumerate(("t", "q1", "q0"))}
    w = dens.sum(axis=0).ravel()                          # mass of each (q1, q0) node
    q1, q0 = (v.ravel() for v in np.meshgrid(axes[1], axes[2], indexing="ij"))
    keep = w > 1e-14
    xs = np.concatenate([[0.0], np.linspace(1e-6, 1 - 1e-6, 4000), [1.0]])
    for name, cdf in cdfs.items():
        with np.errstate(divide="ignore", invalid="ignore"):
            values = cdf(xs[:, None], q1[keep][None, :], q0[keep][None, :])
        out[name] = figures_from_cdf(xs, np.nan_to_num(values, nan=0.0) @ w[keep], level)
    return out


def tap_marginals(table) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per parameter: (Gauss nodes, marginal density there, quadrature mass at each node)."""
    counts = counts_of(table)

    def log_post(t, a, p):
        return mixture_loglik(counts, t, a + (1 - a) * p, (1 - a) * p)
    box, axes, weights, dens = gauss_grid(log_post, 3)
    out = {}
    for i, name in enumerate("tap"):
        mass = dens.sum(axis=tuple(j for j in range(3) if j != i))
        out[name] = (axes[i], mass / weights[i], mass)
    return out


def count_peaks(density: np.ndarray, mass: np.ndarray, min_mass: float = 0.05,
                dip: float = 0.8) -> int:
    """Separated peaks of a marginal on an increasing mesh: local maxima (the ends included)
    whose basin (up to the lowest points on either side towards higher peaks) holds at least
    ``min_mass``, and between any two of which the density dips below ``dip`` x the lower."""
    n = len(density)
    tops = [i for i in range(n) if (i == 0 or density[i] >= density[i - 1])
            and (i == n - 1 or density[i] >= density[i + 1])]
    kept: list[int] = []
    for i in sorted(tops, key=lambda j: -density[j]):
        separated = all(density[min(i, j):max(i, j) + 1].min() < dip * min(density[i], density[j])
                        for j in kept)
        if not separated:
            continue
        lo, hi = i, i                      # the basin: walk down while the density falls
        while lo > 0 and density[lo - 1] <= density[lo]:
            lo -= 1
        while hi < n - 1 and density[hi + 1] <= density[hi]:
            hi += 1
        if mass[lo:hi + 1].sum() >= min_mass:
            kept.append(i)
    return len(kept)
