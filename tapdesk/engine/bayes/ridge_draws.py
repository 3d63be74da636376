"""Independent posterior draws for the ridge models (the sampler of their "mcmc" method).

Why not a Markov chain: a random walk on (t, a0, a1, p) has to creep along a
ridge whose shape changes with (q1, q0) and, for t-a-p0p1 and t-a0a1-p0p1,
jump between two mirrored modes (the classes swapped); with 4 x 2000 draws
its chains disagree (R-hat 1.08-1.34). The factorisation of
:mod:`.ridge_fibres` makes that unnecessary: (t, q1, q0) is drawn from its
exact grid posterior (a cell by its mass, then uniformly inside the cell on
the logit scale, which is the grid's own piecewise-constant density; the
orientation with its own weight), and every ridge coordinate from its exact
conditional along the fibre through that (q1, q0) by inverse CDF. The draws
are independent, so R-hat and the effective sample sizes computed on them
are what independent draws give (about 1 and about the number of draws), and
the diagnostics stay an honest check that nothing went wrong.

Random numbers are taken from one seeded Generator in a fixed order per
batch, so the draws are identical whether or not anyone consumes the
batches, and a cancelled run's draws are a prefix of the full run's.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from scipy.special import expit

from tapdesk.engine.bayes.ridge_fibres import Fibre, draw_on_fibre
from tapdesk.engine.bayes.ridge_grid import RidgeGrid
from tapdesk.engine.bayes.samplers import Batch, ChainsOutput, SamplerGenerator
from tapdesk.engine.request import Prior

BATCH = 100


def _draw_identified(grid: RidgeGrid, cum: np.ndarray, rng: np.random.Generator, n: int):
    """n draws of (t, q1, q0) from the grid posterior, both orientations."""
    pick = rng.random(n)
    jitter = rng.random((n, 3)) - 0.5
    flat = np.minimum(np.searchsorted(cum, pick * cum[-1], side="right"), cum.size - 1)
    size = grid.mass_a.size
    mirrored = flat >= size
    cell = np.unravel_index(flat % size, grid.mass_a.shape)
    x = [grid.axes[i][cell[i]] + grid.widths[i] * jitter[:, i] for i in range(3)]
    t = np.where(mirrored, expit(-x[0]), expit(x[0]))
    q1 = np.where(mirrored, expit(x[2]), expit(x[1]))
    q0 = np.where(mirrored, expit(x[1]), expit(x[2]))
    return t, q1, q0


def independent_draws(grid: RidgeGrid, fibres: tuple[Fibre, ...], priors: dict[str, Prior],
                      names: tuple[str, ...], log_posterior: Callable[[np.ndarray], np.ndarray],
                      chains: int, n_draws: int, rng: np.random.Generator,
                      cancelled: Callable[[], bool]) -> SamplerGenerator:
    """Draws of ``names`` (model parameters, then q1, q0) in batches of BATCH per chain.

    ``log_posterior(theta)`` gives the unnormalised log posterior of the
    model parameters (the first len(names) - 2 columns) for the event
    stream. The first batch is always drawn, so even a run cancelled at once
    has draws.
    """
    cum = np.cumsum(np.concatenate([grid.mass_a.ravel(), grid.mass_b.ravel()]))
    values = np.empty((chains, n_draws, len(names)))
    trace = np.empty((chains, n_draws))
    done = 0
    while done < n_draws:
        if done > 0 and cancelled():
            break
        n = min(BATCH, n_draws - done)
        t, q1, q0 = _draw_identified(grid, cum, rng, n * chains)
        found = {"t": t, "q1": q1, "q0": q0}
        for fibre in fibres:
            u = rng.random((2, n * chains))
            found.update(draw_on_fibre(fibre, q1, q0, priors, u[0], u[1]))
        block = np.column_stack([found[name] for name in names])      # draw-major, chain-minor
        block = block.reshape(n, chains, len(names)).transpose(1, 0, 2)
        values[:, done:done + n] = block
        trace[:, done:done + n] = log_posterior(block[:, :, :len(names) - 2])
        yield Batch(done, False, values[:, done:done + n], trace[:, done:done + n])
        done += n
    return ChainsOutput(values[:, :done], trace[:, :done], done == n_draws, np.ones(chains), {})
