"""What a posterior fit hands back beside the usual FitResult fields.

:class:`PosteriorSummary` holds the per-parameter summaries and diagnostics,
the plain-words verdict, densities ready for plotting (marginals; pairwise
joints, which for the a0/a1 and p0/p1 models show the ridge of equal
likelihood), and the draws themselves for CSV export.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np

from tapdesk.engine.bayes.summaries import ParameterSummary, cdf_at, padded
from tapdesk.errors import DataError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.text import Text, english, shown, text

DENSITY_BINS = 60
JOINT_BINS = 40


@dataclass(frozen=True, eq=False)
class Density:
    """A marginal density for plotting: bin centres x and density values."""

    name: str
    x: np.ndarray
    density: np.ndarray


@dataclass(frozen=True, eq=False)
class JointDensity:
    """A pairwise joint: bin edges on each axis and the mass in each (x, y) bin."""

    x_name: str
    y_name: str
    x_edges: np.ndarray
    y_edges: np.ndarray
    mass: np.ndarray


@dataclass(frozen=True, eq=False)
class PosteriorSummary:
    """Posterior summaries, diagnostics, plotting densities and the draws."""

    method: str
    parameters: tuple[ParameterSummary, ...]
    priors: str
    verdict: str | Text
    trustworthy: bool
    n_chains: int
    n_draws: int
    n_warmup: int
    complete: bool
    marginals: tuple[Density, ...] = ()
    joints: tuple[JointDensity, ...] = ()
    ridge: tuple[str, str] | None = None
    draw_names: tuple[str, ...] = ()
    draws: np.ndarray | None = None             # (chains, draws, len(draw_names))
    log_posterior: np.ndarray | None = None     # (chains, draws)
    accept_rate: tuple[float, ...] = ()
    advice: str | Text = ""
    """What to do when the numbers are not trustworthy (more draws, the exact method ...)."""
    priors_words: str | Text = ""
    """The priors in plain words (:mod:`~tapdesk.engine.bayes.prior_words`); ``priors`` keeps
    the formula for the JSON."""
    grid_error: float | None = None
    """Exact method: the grid's estimated error, in posterior sd: the largest change of any
    reported figure between its last two resolutions, extrapolated, plus the figures' own error
    (see :class:`~tapdesk.engine.bayes.grid.GridPosterior`)."""
    grid_cells: int = 0
    level: float = 0.95
    """The credible level of every parameter's interval."""

    @property
    def priors_shown(self) -> str:
        """The priors as every screen and the report show them: plain words (the formula when
        an older result has none), in the current language."""
        return shown(self.priors_words) or self.priors

    @property
    def warning(self) -> str:
        """The sentence every front end shows first when the numbers cannot be trusted."""
        return shown(self.warning_text)

    @property
    def warning_text(self) -> str | Text:
        """:attr:`warning` as data ("" when the numbers can be trusted)."""
        if self.trustworthy:
            return ""
        if not self.advice:
            # Translators: {verdict} says why ("too few independent draws (...)").
            return text(N_("Not trustworthy yet: {verdict}."), verdict=self.verdict)
        # Translators: {verdict} says why ("too few independent draws (...)"); {advice} is
        # a sentence saying what to do ("Run more draws (about 4000 per chain).").
        return text(N_("Not trustworthy yet: {verdict}. {advice}"), verdict=self.verdict,
                    advice=self.advice)

    def parameter(self, name: str) -> ParameterSummary:
        return next(p for p in self.parameters if p.name == name)

    @property
    def multimodal(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters if p.multimodal)

    def params_json(self) -> dict:
        return {p.name: p.to_dict() for p in self.parameters}

    def diagnostics_json(self) -> dict:
        rhats = [p.diagnostics.rhat for p in self.parameters if p.diagnostics]
        ess = [min(p.diagnostics.ess_bulk, p.diagnostics.ess_tail)
               for p in self.parameters if p.diagnostics]
        finite = [r for r in rhats if np.isfinite(r)]
        return {"method": self.method, "verdict": english(self.verdict), "trustworthy": self.trustworthy,
                "chains": self.n_chains, "draws_per_chain": self.n_draws, "warmup": self.n_warmup,
                "complete": self.complete, "priors": self.priors, "level": self.level,
                "warning": english(self.warning_text),
                "advice": english(self.advice), "grid_error": self.grid_error, "grid_cells": self.grid_cells,
                "max_rhat": max(finite) if finite else None, "min_ess": min(ess) if ess else None,
                "accept_rate": list(self.accept_rate), "multimodal": list(self.multimodal)}

    def write_draws_csv(self, path: str | Path) -> None:
        """One row per draw: chain, draw, log_posterior and every parameter."""
        if self.draws is None:
            raise DataError(said("this posterior was computed exactly on a grid and has no "
                                 "draws; fit it with the MCMC method to export draws"),
                            settings=("method",))
        chains, n, _ = self.draws.shape
        assert self.log_posterior is not None      # kept with the draws (summarise_chains)
        try:
            with open(path, "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(["chain", "draw", "log_posterior", *self.draw_names])
                for c in range(chains):
                    for i in range(n):
                        writer.writerow([c + 1, i + 1, repr(float(self.log_posterior[c, i])),
                                         *(repr(float(v)) for v in self.draws[c, i])])
        except OSError as exc:
            # Translators: {path} is the file asked for; {reason} the system's reason ("Permission
            # denied").
            raise DataError(said("cannot write draws to {path}: {reason}",
                                 path=made(quoted, str(path)),
                                 reason=exc.strerror or str(exc))) from None


def _plot_range(x: np.ndarray) -> tuple[float, float]:
    lo, hi = (float(v) for v in np.quantile(x, [0.001, 0.999]))
    return padded(lo, hi, max(hi - lo, 1e-6) * 0.05)


def draw_densities(names, draws: np.ndarray, pairs=None):
    """Histogram marginals and pairwise joints from draws (chains, draws, params)."""
    flat = draws.reshape(-1, draws.shape[-1])
    ranges = [_plot_range(flat[:, i]) for i in range(flat.shape[1])]
    marginals = []
    for i, name in enumerate(names):
        dens, edges = np.histogram(flat[:, i], bins=DENSITY_BINS, range=ranges[i], density=True)
        marginals.append(Density(name, (edges[1:] + edges[:-1]) / 2, dens))
    joints = []
    for i, j in pairs if pairs is not None else combinations(range(len(names)), 2):
        mass, xe, ye = np.histogram2d(flat[:, i], flat[:, j], bins=JOINT_BINS,
                                      range=[ranges[i], ranges[j]])
        joints.append(JointDensity(names[i], names[j], xe, ye, mass / max(len(flat), 1)))
    return tuple(marginals), tuple(joints)


def grid_densities(grid):
    """Marginals on equal bins (from the exact CDF) and pairwise joints of a grid posterior."""
    marginals, ranges = [], []
    for name in grid.names:
        lo, hi = (float(v) for v in grid.quantile(name, [0.001, 0.999]))
        pad = max(hi - lo, 1e-6) * 0.05
        lo, hi = max(0.0, lo - pad), min(1.0, hi + pad)
        ranges.append((lo, hi))
        edges = np.linspace(lo, hi, DENSITY_BINS + 1)
        mass = np.diff(cdf_at(grid, name, edges))
        marginals.append(Density(name, (edges[1:] + edges[:-1]) / 2, mass / np.diff(edges)))
    return tuple(marginals), grid_joints(grid, ranges)


def grid_joints(grid, ranges: list[tuple[float, float]]) -> tuple[JointDensity, ...]:
    """Pairwise joint densities of a grid posterior on JOINT_BINS x JOINT_BINS equal cells of
    ``ranges``: the posterior's own ``pair_mass`` where it has one (a rule whose nodes are too
    few to bin), else its cells' mass binned by their values."""
    edges = [np.linspace(lo, hi, JOINT_BINS + 1) for lo, hi in ranges]
    pairs = list(combinations(range(len(grid.names)), 2))
    if hasattr(grid, "pair_mass"):
        return tuple(JointDensity(grid.names[i], grid.names[j], edges[i], edges[j],
                                  grid.pair_mass(i, j, edges[i], edges[j])) for i, j in pairs)
    values = grid.cell_values(grid.names)
    bins = [equal_bin_index(values[name], *ranges[k], JOINT_BINS).ravel()
            for k, name in enumerate(grid.names)]
    mass, side = grid.mass.ravel(), JOINT_BINS + 1      # bin JOINT_BINS: outside the range
    joints = []
    for i, j in pairs:
        flat = bins[i] * side
        flat += bins[j]
        hist = np.bincount(flat, mass, side ** 2).reshape(side, side)[:-1, :-1]
        joints.append(JointDensity(grid.names[i], grid.names[j], edges[i], edges[j], hist))
    return tuple(joints)


def equal_bin_index(x: np.ndarray, lo: float, hi: float, bins: int) -> np.ndarray:
    """The bin of ``np.linspace(lo, hi, bins + 1)`` each x falls in; ``bins`` outside [lo, hi].

    The bins np.histogram2d gives (the last one closed; a value on an inner edge goes to the
    bin above), by arithmetic and a one-step correction against the edges, as np.histogram
    does for equal bins: histogram2d would search the edges for each of a grid's million
    values, once per pair of parameters.
    """
    edges = np.linspace(lo, hi, bins + 1)
    at = np.subtract(x, lo)
    at *= bins / (hi - lo)
    np.fmax(at, 0, out=at)                      # (fmax: NaN becomes 0, then goes outside)
    np.fmin(at, bins - 1, out=at)
    idx = at.astype(np.intp)
    idx -= x < edges[idx]                       # rounding put it one bin too high
    idx += (x >= edges[idx + 1]) & (idx < bins - 1)     # ... or one too low
    with np.errstate(invalid="ignore"):
        idx[~((x >= lo) & (x <= hi))] = bins    # NaN is outside
    return idx
