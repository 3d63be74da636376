"""Rater-paired coefficients: Cohen's kappa (two raters), the pairwise matrix, Conger's kappa.

Cohen's kappa and its weighted form use the contingency table of subjects
both raters rated, with the large-sample variance of Fleiss, Cohen &
Everitt (1969, Psychol Bull 72:323-327), as SAS PROC FREQ reports it:

    var = [sum_ij p_ij (w_ij - (wbar_i. + wbar_.j)(1 - k))^2 - (k - pe (1 - k))^2]
          / (n (1 - pe)^2),
    wbar_i. = sum_j p_.j w_ij,  wbar_.j = sum_i p_i. w_ij.

Conger's (1980) kappa averages rater-specific chance agreement over all
pairs of raters: pe = sum_{g != h} p_g' W p_h / (r (r - 1)), with p_g rater
g's category shares over the subjects g rated (Gwet 2014, ch. 5, which also
allows missing ratings). Its variance is Gwet's linearization, the influence
of pe being derived from the rater shares p_g (each a ratio of means).
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.coefficients.multirater import ONE_CATEGORY, agreement_parts
from tapdesk.engine.coefficients.prepared import MAX_PAIRWISE_RATERS, Prepared
from tapdesk.engine.coefficients.result import Coefficient, PairwiseCohen, undefined
from tapdesk.engine.coefficients.variance import (
    CHANCE_ONE,
    chance_floor,
    fce_method,
    gwet_method,
    linearized,
    normal_interval,
    t_interval,
)
from tapdesk.i18n.deferred import said


def cohen_from_table(table: np.ndarray, w: np.ndarray) -> tuple[float | None, float | None, str]:
    """(kappa, SE, reason-if-undefined) for a K x K contingency table of counts."""
    n = float(table.sum())
    if n < 2:
        return None, None, "fewer than two subjects were rated by both raters"
    p = table / n
    rows, cols = p.sum(axis=1), p.sum(axis=0)
    po = float((w * p).sum())
    pe = float(rows @ w @ cols)
    if pe >= CHANCE_ONE:
        return None, None, ("both raters put every subject in the same single category, so "
                            "chance agreement is 100% and kappa is 0/0")
    kappa = (po - pe) / (1 - pe)
    w_row = w @ cols               # wbar_i.
    w_col = rows @ w               # wbar_.j
    inner = (p * (w - (w_row[:, None] + w_col[None, :]) * (1 - kappa)) ** 2).sum()
    var = (inner - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2)
    return kappa, float(np.sqrt(max(var, 0.0))), ""


def pair_table(grid: np.ndarray, g: int, h: int, k: int) -> np.ndarray:
    both = (grid[:, g] >= 0) & (grid[:, h] >= 0)
    flat = np.bincount(grid[both, g] * k + grid[both, h], minlength=k * k)
    return flat.reshape(k, k)


def active_raters(prep: Prepared) -> np.ndarray:
    """Codes of raters with at least one analysed rating, in data order."""
    return np.flatnonzero(np.bincount(prep.rater, minlength=len(prep.rater_ids)) > 0)


def cohen_kappa(prep: Prepared, w: np.ndarray, name: str, key: str,
                level: float = 0.95) -> Coefficient:
    if prep.rater_problem:
        return undefined(name, key, prep.rater_problem)
    raters = active_raters(prep)
    if len(raters) != 2:
        # Translators: why Cohen's kappa is not given; {n} is the number of raters (not 2).
        return undefined(name, key, said("Cohen's kappa compares exactly two raters and there "
                                         "are {n}; see the pairwise matrix and Conger's kappa",
                                         n=len(raters)))
    kappa, se, reason = cohen_from_table(pair_table(prep.rater_grid(), raters[0], raters[1], prep.k), w)
    if kappa is None:
        return undefined(name, key, reason)
    return Coefficient(name, kappa, se, normal_interval(kappa, se, level=level), fce_method(level),
                       None, key,
                       note=f"raters {prep.rater_ids[raters[0]]} (rows) and "
                            f"{prep.rater_ids[raters[1]]} (columns)")


def pairwise_cohen(prep: Prepared, w: np.ndarray, weights_label: str,
                   level: float = 0.95) -> PairwiseCohen | None:
    """Cohen's kappa (weighted as asked) for every pair of raters (standard errors only; the
    method text names the interval at ``level`` they would give)."""
    method = fce_method(level)
    if prep.rater_problem:
        return PairwiseCohen((), (), (), (), weights_label, method, prep.rater_problem)
    raters = active_raters(prep)
    ids = tuple(prep.rater_ids[g] for g in raters)
    if len(raters) > MAX_PAIRWISE_RATERS:
        # Translators: why the pairwise Cohen's kappas are not shown; {n} raters (a count, more
        # than {most}), {most} the most raters the matrix is built for.
        too_many = said("{n} raters give too many pairs to show; the matrix is built for at most "
                        "{most} raters", n=len(raters), most=MAX_PAIRWISE_RATERS)
        return PairwiseCohen(ids, (), (), (), weights_label, method, too_many)
    grid = prep.rater_grid()
    r = len(raters)
    kap: list[list[float | None]] = [[None] * r for _ in range(r)]
    ses: list[list[float | None]] = [[None] * r for _ in range(r)]
    nsub = [[0] * r for _ in range(r)]
    for a in range(r):
        for b in range(a, r):
            table = pair_table(grid, raters[a], raters[b], prep.k)
            nsub[a][b] = nsub[b][a] = int(table.sum())
            if a == b:
                continue
            value, se, _ = cohen_from_table(table, w)
            kap[a][b] = kap[b][a] = value
            ses[a][b] = ses[b][a] = se
    return PairwiseCohen(ids, tuple(map(tuple, kap)), tuple(map(tuple, ses)),
                         tuple(map(tuple, nsub)), weights_label, method)


def conger_kappa(prep: Prepared, w: np.ndarray, name: str, key: str,
                 level: float = 0.95) -> Coefficient:
    """Conger's kappa with missing ratings and weights; Gwet's linearization SE."""
    if prep.rater_problem:
        return undefined(name, key, prep.rater_problem)
    n, k = prep.counts.shape
    n_rater = len(prep.rater_ids)
    n_g = np.bincount(prep.rater, minlength=n_rater).astype(float)
    active = n_g > 0
    r = int(active.sum())
    if r < 2:
        # Translators: why Conger's kappa is not given.
        return undefined(name, key, said("Conger's kappa needs at least two raters"))
    shares = np.bincount(prep.rater * k + prep.rating, minlength=n_rater * k).reshape(n_rater, k)
    p = np.zeros((n_rater, k))
    p[active] = shares[active] / n_g[active, None]
    total = p.sum(axis=0)
    pe = float((total @ w @ total - np.einsum("gk,kl,gl->", p, w, p)) / (r * (r - 1)))
    if pe >= CHANCE_ONE:
        return undefined(name, key, ONE_CATEGORY)
    sym = (w + w.T) / 2
    grad = 2 * (total[None, :] - p) @ sym            # r(r-1) * d pe / d p_g
    base = (p * grad).sum(axis=1)
    scale = np.zeros(n_rater)
    scale[active] = n / n_g[active]
    per_rating = scale[prep.rater] * (grad[prep.rater, prep.rating] - base[prep.rater])
    dpe_i = np.bincount(prep.subject, weights=per_rating, minlength=n) / (r * (r - 1))
    pa_i, _, _ = agreement_parts(prep.counts, w)
    value, se = linearized(pa_i, pe, dpe_i, prep.pairable)
    return Coefficient(name, value, se, t_interval(value, se, n, lo=chance_floor(pe), level=level),
                       gwet_method(level), None, key)
