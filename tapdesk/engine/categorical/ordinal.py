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
from tapdesk.engine.categorical.likelihood import TapK
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import ResultTable

COLUMNS = ("cut (Class 1 = at or below)", "t (K-category)", "t (binary fit)",
           "a (K-category)", "a (binary fit)", "p (K-category)", "p (binary fit)")
TITLE = "Ordinal scale: K-category fit and binary fits at each cut point"


def implied_binary(theta: TapK, cut_index: int) -> tuple[float, float, float]:
    """(t, a, p) of the binary model the K-category model implies at a cut."""
    return (float(np.sum(theta.t[:cut_index + 1])), float(theta.a),
            float(np.sum(theta.p[:cut_index + 1])))


def side_by_side_table(table: RatingsTable, theta: TapK, request: FitRequest) -> ResultTable:
    from tapdesk.engine.run import fit  # late import: run -> registry -> models -> here
    rows = []
    for index, cut in enumerate(table.categories[:-1]):
        binary = fit(FitRequest(model="tap", cut=cut, seed=request.seed,
                                n_starts=request.n_starts, tolerance=request.tolerance,
                                max_iterations=request.max_iterations), table)
        t_k, a_k, p_k = implied_binary(theta, index)
        rows.append(
            (table.scale.display(cut), t_k, binary.value("t"), a_k, binary.value("a"), p_k, binary.value("p"))
        )
    return ResultTable(TITLE, COLUMNS, tuple(rows),
                       "The K-category model implies one binary t-a-p model at each cut, with "
                       "the same accuracy a at every cut. Binary fits whose a differs much from "
                       "cut to cut suggest raters are more accurate at some boundaries of the "
                       "scale than at others.")


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
