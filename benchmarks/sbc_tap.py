"""Simulation-based calibration of the t-a-p sampler (Talts et al. 2018).

Draw (t, a, p) from the uniform prior, simulate 50 subjects x 4 raters, run
the default t-a-p sampler (independence Metropolis-Hastings proposing from
the exact grid, :mod:`tapdesk.engine.bayes.grid_sampler`; 4 chains x 500
draws after 300 warm-up; its proposal grid here is a single coarse pass,
which the Metropolis-Hastings step corrects, so this also checks that the
correction works), thin to L = 99 draws, and record the rank of the true
value among them (0..99). If the sampler draws from the exact posterior, the
ranks are uniform: a chi-square test on 10 equal bins must give p > 0.01 for
each of t, a and p.

Run: ``.venv/bin/python benchmarks/sbc_tap.py [N_DATASETS]`` (default 200).
Prints the figures and replaces the section "## Posterior calibration (SBC, issue 4)"
of benchmarks/RESULTS.md. ``tests/engine/bayes/test_sbc.py`` runs a smaller version.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script
from sbc_check import BINS, L_DRAWS, rank_rows, uniformity_p_values  # noqa: F401 (tests)

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.adaptive import uniform_edges
from tapdesk.engine.bayes.coordinates import coordinates_for
from tapdesk.engine.bayes.grid import find_range, posterior_on
from tapdesk.engine.bayes.grid_sampler import GridProposal, independence_sampler
from tapdesk.engine.bayes.methods import coordinate_density, parameter_map
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix
from tapdesk.engine.request import Prior

SECTION = "## Posterior calibration (SBC, issue 4)"
PROPOSAL_CELLS = (32, 12, 24)


def sbc_ranks(n_datasets: int, seed: int = 2026, n_subjects: int = 50, n_raters: int = 4,
              draws: int = 500, warmup: int = 300) -> np.ndarray:
    """(n_datasets, 3) ranks of the true (t, a, p) among L_DRAWS thinned posterior draws."""
    model = HISTOGRAM_MODELS["tap"]
    priors = tuple(Prior(n) for n in model.names)
    master = np.random.default_rng(seed)
    ranks = np.zeros((n_datasets, 3), dtype=int)
    for d in range(n_datasets):
        truth = master.random(3)
        _, ratings = simulate_matrix(TapParameters(*truth), n_subjects, n_raters,
                                     int(master.integers(2 ** 31)))
        hist = CountHistogram.from_counts(np.full(n_subjects, n_raters), ratings.sum(axis=1))
        rng = np.random.default_rng(int(master.integers(2 ** 31)))
        coords = coordinates_for(model, hist, priors)
        (lo, hi), _ = find_range(coords)              # one coarse pass, not refined
        grid = posterior_on(coords, uniform_edges(lo, hi, PROPOSAL_CELLS[0]), PROPOSAL_CELLS)
        gen = independence_sampler(coordinate_density(coords), GridProposal(grid), 4, warmup,
                                   draws, rng, lambda: False, batch=draws + warmup)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                out = stop.value
                break
        flat = parameter_map(coords, model.names)(out.values).reshape(-1, 3)
        keep = flat[np.linspace(0, len(flat) - 1, L_DRAWS).round().astype(int)]
        ranks[d] = (keep < truth).sum(axis=0)
    return ranks




def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.perf_counter()
    ranks = sbc_ranks(n)
    seconds = time.perf_counter() - start
    rows, pvals = rank_rows("tap", ranks)
    lines = [SECTION, "",
             f"`benchmarks/sbc_tap.py`: {n} data sets drawn from the uniform prior, 50 subjects x "
             f"4 raters each; the default t-a-p sampler (independence Metropolis-Hastings from "
             f"a deliberately coarse grid), 4 chains x 500 draws (300 warm-up), thinned to {L_DRAWS} "
             f"draws; rank of the true value, chi-square on {BINS} bins. {seconds:.0f} s.", "",
             "| parameter | chi-square p-value | rank counts per bin | verdict |", "|---|---|---|---|"]
    text = "\n".join(lines + rows) + "\n"
    print(text)
    write_section(SECTION, text)
    return 0 if (pvals > 0.01).all() else 1


if __name__ == "__main__":
    sys.exit(main())
