"""The least favourable panel for the rater check's simulation: as accurate as the data allow.

Why. The rater check's tests simulate the signed root r of the likelihood
ratio at a hypothesis d = d0 (:mod:`tapdesk.engine.raters.check_calibration`),
and the spread of r depends on the parameters that d leaves free, above all
on how accurate the panel is. On small panels it depends on it a great deal:
3 raters x 60 subjects (t = 0.4, p = 0.5), a rater exactly at a margin of
0.10, the 97.5% point of r is 1.4 with a panel accurate 40% of the time, 1.76
at 60%, 2.06 at 85% and 2.16 at 95%. Simulating only from the fit to the
observed ratings (the panel's accuracy estimated there) then goes wrong in
exactly the studies that matter: a study whose checked rater looks much
better than the panel usually does so because the panel's accuracy came out
low, so its simulated critical value is low too, and the rater passes. The
cure of Berger and Boos (1994) is to take the largest critical value over the
nuisance values the data do not reject; this module finds the point of that
set where the critical value is largest, the most accurate panel.

What. With d held at d0, every rater's accuracy is raised together (which
keeps d) and the other parameters re-maximised (t and every rater's pair
(q1, q0), both d and the panel's weighted accuracy held), until the signed
root of the likelihood ratio against the fit at d0 reaches :data:`NUISANCE_ROOT`,
the one-sided 99.9% normal point, or the accuracies reach 1. The test then
spends :data:`NUISANCE_TAIL` (0.1%) of its error on this set, the price of
Berger and Boos' bound.
"""

from __future__ import annotations

import numpy as np
from scipy.special import ndtri

from tapdesk.engine.binary.per_rater_em import EDGE, RaterData
from tapdesk.engine.binary.rater_standing import Contrast, log_likelihood_and_gradient
from tapdesk.engine.roots import bracketed_root

NUISANCE_TAIL = 0.001
"""The error spent on the panel's accuracy being higher than the nuisance set allows."""
NUISANCE_ROOT = float(ndtri(1 - NUISANCE_TAIL))
"""The signed root at the set's upper end (3.09)."""


def accuracies_raised(x: np.ndarray, r: int, shift: float) -> np.ndarray:
    """(t, q1, q0) with every rater's accuracy a = q1 - q0 raised by ``shift`` and their guess
    rate p = q0 / (1 - a) kept (clipped inside (0, 1)); d and the panel's weighted accuracy
    both move by ``shift`` or not at all (their weights sum to 1), so d is kept."""
    t, q1, q0 = x[0], x[1:r + 1], x[r + 1:]
    a = q1 - q0
    p = np.clip(q0 / np.maximum(1 - a, EDGE), 0.0, 1.0)
    raised = np.clip(a + shift, -1 + EDGE, 1 - EDGE)
    new_q0 = np.clip((1 - raised) * p, EDGE, 1 - EDGE)
    new_q1 = np.clip(raised + new_q0, EDGE, 1 - EDGE)
    return np.concatenate([[t], new_q1, new_q0])


def held_twice(data: RaterData, start: np.ndarray, held: tuple[Contrast, Contrast],
               targets: tuple[float, float]) -> tuple[float, np.ndarray]:
    """The maximum log-likelihood with two linear contrasts held at ``targets`` (SLSQP with the
    exact gradient, on the box [EDGE, 1 - EDGE]), and where it is; -inf where they cannot both
    hold."""
    from scipy.optimize import minimize  # here: scipy.optimize costs start-up time

    def objective(x: np.ndarray) -> tuple[float, np.ndarray]:
        ll, grad = log_likelihood_and_gradient(data, np.clip(x, EDGE, 1 - EDGE))
        return -ll, -grad

    constraints = [{"type": "eq", "fun": (lambda x, c=c, v=v: c.value(x) - v), "jac": c.gradient}
                   for c, v in zip(held, targets)]
    with np.errstate(all="ignore"):
        found = minimize(objective, np.clip(start, EDGE, 1 - EDGE), jac=True, method="SLSQP",
                         bounds=[(EDGE, 1 - EDGE)] * len(start), constraints=constraints,
                         options={"ftol": 1e-10, "maxiter": 300})
    x = np.clip(found.x, EDGE, 1 - EDGE)
    if any(abs(c.value(x) - v) > 1e-6 for c, v in zip(held, targets)):
        return -np.inf, x
    return log_likelihood_and_gradient(data, x)[0], x


def most_accurate_panel(data: RaterData, at_d0: np.ndarray, ll_d0: float, difference: Contrast,
                        panel: Contrast) -> np.ndarray:
    """The parameters, d held where ``at_d0`` has it, of the most accurate panel (``panel``: the
    other raters' weighted accuracy) whose signed root against ``at_d0`` (the maximum at d0,
    log-likelihood ``ll_d0``) stays within :data:`NUISANCE_ROOT`.

    The panel's accuracy can rise until it or the rater's reaches 1; where the
    root stays below its target all the way there, the point there is returned.
    """
    r = data.n_raters
    d0, start = difference.value(at_d0), panel.value(at_d0)
    top = min(1.0, 1.0 - d0) - 1e-4 - start
    if top <= 1e-6:
        return at_d0
    found: dict[float, np.ndarray] = {}

    def excess(shift: float) -> float:
        ll, x = held_twice(data, accuracies_raised(at_d0, r, shift), (difference, panel),
                           (d0, start + shift))
        found[shift] = x
        return float(np.sqrt(2 * max(ll_d0 - ll, 0.0))) - NUISANCE_ROOT if np.isfinite(ll) \
            else np.inf

    if excess(top) <= 0:
        return found[top]
    try:
        shift = bracketed_root(excess, 0.0, top, xtol=1e-3)
    except ValueError:        # no sign change found (an infeasible point): stay at the fit
        return at_d0
    if shift not in found:
        excess(shift)
    return found[shift]
