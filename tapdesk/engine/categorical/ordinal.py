"""Ordinal scales: the K-category fit beside the per-cut-point binary t-a-p fits.

Collapsing the K-category model at a cut (Class 1 = categories at or below
it) gives exactly a binary t-a-p model with t = sum of t_k at or below the
cut, the same a, and p = sum of p_k at or below the cut. The table sets these
implied values beside binary fits made at each cut: if the binary accuracies
differ much between cuts, one accuracy for the whole scale does not fit.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical.likelihood import TapK
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import ResultTable
from tapdesk.i18n import N_

# Translators: the columns of the table "Ordinal scale: K-category fit and binary fits at each
# cut point"; t, a, p are the model's letters; each binary fit splits the scale at the cut into
# the categories at or below it against those above (the fit of several categories has no
# Class 1, so the heading names none).
COLUMNS = (N_("cut (at or below it vs above)"), N_("t (K-category)"), N_("t (binary fit)"),
           N_("a (K-category)"), N_("a (binary fit)"), N_("p (K-category)"), N_("p (binary fit)"))
TITLE = N_("Ordinal scale: K-category fit and binary fits at each cut point")


def implied_binary(theta: TapK, cut_index: int) -> tuple[float, float, float]:
    """(t, a, p) of the binary model the K-category model implies at a cut."""
    return (float(np.sum(theta.t[:cut_index + 1])), float(theta.a),
            float(np.sum(theta.p[:cut_index + 1])))


def binary_at_cut(table: RatingsTable, cut: str, request: FitRequest) -> np.ndarray:
    """(t, a, p) of the binary t-a-p fit at ``cut`` (Class 1 = at or below it): the estimates
    of ``tapdesk fit --model tap --cut CUT`` with the request's seed, starts and tolerance. Only
    the maximum likelihood fit is run, not the profile intervals, subject table and notices
    of the whole binary result, which the table does not show (they were three quarters of
    the K-category fit of the 183 wines)."""
    from tapdesk.engine.binary.common import counts_for
    from tapdesk.engine.binary.mixture_fit import fit_mixture
    from tapdesk.engine.binary.tap import tap_values
    from tapdesk.engine.run import drive  # late import: run -> registry -> models -> here
    counts = counts_for(FitRequest(model="tap", cut=cut), table)
    fit = drive(fit_mixture(counts.histogram(), n_starts=request.n_starts, seed=request.seed,
                            tolerance=request.tolerance, max_iterations=request.max_iterations,
                            cancel=NEVER_CANCELLED, emit=False))
    return tap_values(fit.mixture)


def side_by_side_table(table: RatingsTable, theta: TapK, request: FitRequest) -> ResultTable:
    rows = []
    for index, cut in enumerate(table.categories[:-1]):
        t_b, a_b, p_b = binary_at_cut(table, cut, request).tolist()
        t_k, a_k, p_k = implied_binary(theta, index)
        rows.append((table.scale.display(cut), t_k, t_b, a_k, a_b, p_k, p_b))
    return ResultTable(TITLE, COLUMNS, tuple(rows),
                       N_("The K-category model implies one binary t-a-p model at each cut, with "
                       "the same accuracy a at every cut. Binary fits whose a differs much from "
                       "cut to cut suggest raters are more accurate at some boundaries of the "
                       "scale than at others."))


def ordinal_side_by_side(table: RatingsTable, request: FitRequest | None = None) -> ResultTable:
    """Fit the K-category model, then compare it with binary fits at every cut point."""
    from tapdesk.engine.run import fit
    request = request or FitRequest(model="categorical")
    result = fit(FitRequest(model="categorical", seed=request.seed, n_starts=request.n_starts,
                            tolerance=request.tolerance, max_iterations=request.max_iterations),
                 table)
    k = len(table.categories)
    values = np.array([e.value for e in result.params])
    theta = TapK(values[:k], float(values[k]), values[k + 1:])
    return side_by_side_table(table, theta, request)
