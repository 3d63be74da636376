"""Exact conditional draws of the ridge coordinates given (q1, q0) (for the ridge "mcmc").

Given (q1, q0), the ridge models' own parameters follow the prior
restricted to the fibre through (q1, q0) (:mod:`.ridge_fibres`), which the
data cannot change; each fibre coordinate is drawn from that conditional by
inverse CDF on fine nodes, so these draws add no Markov-chain error to the
(t, q1, q0) chain they ride on.
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.bayes.ridge_fibres import Fibre, draw_on_fibre
from tapdesk.engine.request import Prior


def fibre_draws(fibres: tuple[Fibre, ...], q1: np.ndarray, q0: np.ndarray,
                priors: dict[str, Prior], rng: np.random.Generator) -> dict[str, np.ndarray]:
    """{parameter: draws} of every fibre's parameters given arrays q1, q0 (any shape)."""
    shape = np.shape(q1)
    flat1, flat0 = np.ravel(q1), np.ravel(q0)
    out: dict[str, np.ndarray] = {}
    for fibre in fibres:
        u = rng.random((2, flat1.size))
        drawn = draw_on_fibre(fibre, flat1, flat0, priors, u[0], u[1])
        out.update({name: v.reshape(shape) for name, v in drawn.items()})
    return out
