"""Partial pooling (issue 42 item 3): error on sparse panels, and simulation-based calibration.

1. Error: sparse panels (every subject rated by 3 of 30 raters, so a rater gives about 20
   ratings), raters' true logit accuracies and guess rates drawn from a normal population;
   each data set fitted with the pooled per-rater sampler and with the same model without
   pooling (a flat prior for every rater). The root-mean-square error of the posterior-mean
   accuracies a_j over the raters, pooled against unpooled, per data set and over all.
2. Simulation-based calibration (Talts et al. 2018): the population (mu, sigma) drawn from its
   prior, the raters from the population, t from its Beta(1, 1) prior, ratings simulated; the
   rank of each true value among L = 99 thinned posterior draws must be uniform (chi-square
   on 10 bins, p > 0.01) for t, mu_a, sigma_a, mu_p, sigma_p and the first rater's a and p;
   then again with one numeric rater attribute, for those and its effects b and c.

Run: ``.venv/bin/python benchmarks/bench_pooled.py [N_ERROR] [N_SBC]`` (defaults 200 and
200). Prints the figures and replaces the section "## Partial pooling (issue 42)" of
benchmarks/RESULTS.md. ``tests/engine/bayes/test_pooled.py`` runs smaller versions.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import numpy as np
from sbc_check import BINS, L_DRAWS, rank_rows, uniformity_p_values  # noqa: F401 (tests use it)
from scipy.special import expit

from tapdesk.engine.bayes.gibbs import RaterData, per_rater_gibbs
from tapdesk.engine.bayes.pooled import (
    EFFECT_SD,
    MU_SD,
    SIGMA_SD,
    Attributes,
    PooledLayout,
    pooled_gibbs,
)
from tapdesk.engine.request import Prior

SECTION = "## Partial pooling (issue 42)"
SBC_NAMES = ("t", "mu_a", "sigma_a", "mu_p", "sigma_p", "a_1", "p_1")


@dataclass(frozen=True)
class Panel:
    """One simulated panel: the data, the raters' true a and p, the truth of SBC_NAMES."""

    data: RaterData
    a: np.ndarray
    p: np.ndarray
    truth: np.ndarray


def sparse_panel(rng: np.random.Generator, n_subjects: int, n_raters: int, per_subject: int,
                 t: float, mu: tuple[float, float], sigma: tuple[float, float],
                 shift: tuple[np.ndarray, np.ndarray] | None = None) -> Panel:
    """Every subject rated once by each of ``per_subject`` raters drawn at random; the raters'
    logit accuracies and guess rates drawn from Normal(mu + shift, sigma^2)."""
    shift = shift if shift is not None else (np.zeros(n_raters), np.zeros(n_raters))
    a = expit(rng.normal(mu[0], sigma[0], n_raters) + shift[0])
    p = expit(rng.normal(mu[1], sigma[1], n_raters) + shift[1])
    truth = np.array([t, mu[0], sigma[0], mu[1], sigma[1], a[0], p[0]])
    return Panel(ratings_of(rng, a, p, n_subjects, per_subject, t), a, p, truth)


def ratings_of(rng: np.random.Generator, a: np.ndarray, p: np.ndarray, n_subjects: int,
               per_subject: int, t: float) -> RaterData:
    """Ratings by raters with accuracies ``a`` and guess rates ``p``, ``per_subject`` of them
    (drawn at random) rating each subject once."""
    n_raters = len(a)
    z = rng.random(n_subjects) < t
    who = np.argsort(rng.random((n_subjects, n_raters)), axis=1)[:, :per_subject]
    accurate = rng.random(who.shape) < a[who]
    says = np.where(accurate, z[:, None], rng.random(who.shape) < p[who])
    ones, zeros = np.zeros((n_subjects, n_raters)), np.zeros((n_subjects, n_raters))
    rows = np.repeat(np.arange(n_subjects), per_subject)
    ones[rows, who.ravel()] = says.ravel()
    zeros[rows, who.ravel()] = ~says.ravel()
    return RaterData(ones, zeros)


def run(generator):
    """Run a sampler generator to its end; its ChainsOutput."""
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value


def pooled_draws(data: RaterData, seed: int, draws: int, warmup: int, chains: int = 4,
                 run_until: bool = False, attributes: Attributes | None = None) -> np.ndarray:
    """(chains x draws, layout) of the pooled sampler with a flat prior on t."""
    rng = np.random.default_rng(seed)
    start = 0.05 + 0.9 * rng.random((chains, 1 + 2 * data.n_raters))
    attributes = attributes or Attributes.none(data.n_raters)
    out = run(pooled_gibbs(data, attributes, Prior("t"), start, warmup, draws,
                           rng, lambda: False, batch=draws + warmup, run_until=run_until))
    return out.values.reshape(-1, out.values.shape[2])


def unpooled_draws(data: RaterData, seed: int, draws: int, warmup: int,
                   chains: int = 4) -> np.ndarray:
    rng = np.random.default_rng(seed)
    start = 0.05 + 0.9 * rng.random((chains, 1 + 2 * data.n_raters))
    out = run(per_rater_gibbs(data, {n: Prior(n) for n in "tap"}, start, warmup, draws, rng,
                              lambda: False, batch=draws + warmup, run_until=False))
    return out.values.reshape(-1, out.values.shape[2])


def rmse_pair(panel: Panel, seed: int, draws: int = 500, warmup: int = 300) -> tuple[float, float]:
    """(pooled, unpooled) root-mean-square error of the posterior-mean a_j."""
    j = panel.data.n_raters
    pooled = pooled_draws(panel.data, seed, draws, warmup)[:, 1:1 + j].mean(axis=0)
    own = unpooled_draws(panel.data, seed, draws, warmup)[:, 1:1 + j].mean(axis=0)
    return (float(np.sqrt(((pooled - panel.a) ** 2).mean())),
            float(np.sqrt(((own - panel.a) ** 2).mean())))


def error_study(n_datasets: int, seed: int = 42, n_subjects: int = 200, n_raters: int = 30,
                per_subject: int = 3) -> np.ndarray:
    """(n_datasets, 2) RMSE of a_j, pooled and unpooled, on sparse panels."""
    master = np.random.default_rng(seed)
    out = np.zeros((n_datasets, 2))
    for d in range(n_datasets):
        panel = sparse_panel(master, n_subjects, n_raters, per_subject, master.uniform(0.2, 0.8),
                             (master.uniform(0.0, 1.5), master.uniform(-1.0, 1.0)),
                             (master.uniform(0.2, 1.0), master.uniform(0.2, 1.0)))
        out[d] = rmse_pair(panel, int(master.integers(2 ** 31)))
    return out


def prior_panel(master: np.random.Generator, n_subjects: int, n_raters: int,
                per_subject: int, attribute: bool = False) -> tuple[Panel, Attributes]:
    """A panel whose every parameter is drawn from the pooled model's prior; with
    ``attribute``, one numeric rater attribute (ages around 40) with effects b (accuracy) and c
    (guess rate) drawn from their prior per standard deviation of the attribute, appended to
    the truth in the attribute's own unit."""
    mu = tuple(master.normal(0, MU_SD, 2))
    sigma = tuple(np.abs(master.normal(0, SIGMA_SD, 2)))
    t = master.random()
    if not attribute:
        return (sparse_panel(master, n_subjects, n_raters, per_subject, t, mu, sigma),
                Attributes.none(n_raters))
    attributes = Attributes(master.normal(40, 10, (n_raters, 1)), (("age", None),))
    standard = attributes.design()[:, 1]
    effect = master.normal(0, EFFECT_SD, 2)
    panel = sparse_panel(master, n_subjects, n_raters, per_subject, t, mu, sigma,
                         (effect[0] * standard, effect[1] * standard))
    truth = np.concatenate([panel.truth, effect / attributes.spread[0]])
    return Panel(panel.data, panel.a, panel.p, truth), attributes


def sbc_ranks(n_datasets: int, seed: int = 2042, n_subjects: int = 60, n_raters: int = 8,
              per_subject: int = 3, draws: int = 500, warmup: int = 300,
              attribute: bool = False) -> np.ndarray:
    """(n_datasets, quantities) ranks of the truth among L_DRAWS thinned draws: SBC_NAMES, and
    with ``attribute`` b and c too."""
    master = np.random.default_rng(seed)
    k = int(attribute)
    layout = PooledLayout(n_raters, k)
    a_at, p_at = layout.family("a"), layout.family("p")
    columns = [0, a_at, a_at + 1, p_at, p_at + 1, 1, 1 + n_raters] + \
        ([a_at + 2, p_at + 2] if attribute else [])
    ranks = np.zeros((n_datasets, len(columns)), dtype=int)
    for d in range(n_datasets):
        panel, attributes = prior_panel(master, n_subjects, n_raters, per_subject, attribute)
        flat = pooled_draws(panel.data, int(master.integers(2 ** 31)), draws, warmup,
                            attributes=attributes)
        keep = flat[np.linspace(0, len(flat) - 1, L_DRAWS).round().astype(int)][:, columns]
        ranks[d] = (keep < panel.truth).sum(axis=0)
    return ranks


def main() -> int:
    from results_file import write_section  # benchmarks/ is on sys.path when run as a script
    n_error = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    n_sbc = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    start = time.perf_counter()
    errors = error_study(n_error)
    error_seconds = time.perf_counter() - start
    start = time.perf_counter()
    ranks = sbc_ranks(n_sbc)
    with_attribute = sbc_ranks(n_sbc, seed=2043, attribute=True)
    sbc_seconds = time.perf_counter() - start
    better = float((errors[:, 0] < errors[:, 1]).mean())
    lines = [SECTION, "",
             f"`benchmarks/bench_pooled.py`. Error: {n_error} sparse panels (200 subjects, each "
             "rated by 3 of 30 raters: about 20 ratings per rater; t ~ U(0.2, 0.8), population "
             "mean logits of a and p ~ U(0, 1.5) and U(-1, 1), spreads ~ U(0.2, 1)); pooled and "
             "unpooled (flat prior per rater) samplers, 4 chains x 500 draws after 300 warm-up "
             f"each. {error_seconds:.0f} s.", "",
             "| estimate of a_j | mean RMSE over data sets | median RMSE |", "|---|---|---|",
             f"| pooled | {errors[:, 0].mean():.4f} | {np.median(errors[:, 0]):.4f} |",
             f"| unpooled | {errors[:, 1].mean():.4f} | {np.median(errors[:, 1]):.4f} |", "",
             f"Pooled has the lower RMSE in {100 * better:.0f}% of the data sets.", "",
             f"Calibration (SBC): twice {n_sbc} data sets drawn from the pooled model's prior (60 "
             "subjects, each rated by 3 of 8 raters), without and with one numeric rater "
             "attribute (ages ~ Normal(40, 10), effects b on accuracy and c on the guess rate "
             "from their prior); 4 chains x 500 draws after 300 warm-up, thinned to "
             f"{L_DRAWS}; chi-square on {BINS} bins of the true value's rank. {sbc_seconds:.0f} s.",
             "", "| quantity | chi-square p-value | rank counts per bin | verdict |",
             "|---|---|---|---|"]
    names = [*SBC_NAMES, *(f"{n} (with the attribute)" for n in (*SBC_NAMES, "b", "c"))]
    all_ranks = np.hstack([ranks, with_attribute])
    rows, pvals = rank_rows(names, all_ranks)
    text = "\n".join(lines + rows) + "\n"
    print(text)
    write_section(SECTION, text)
    return 0 if (pvals > 0.01).all() and errors[:, 0].mean() < errors[:, 1].mean() else 1


if __name__ == "__main__":
    sys.exit(main())
