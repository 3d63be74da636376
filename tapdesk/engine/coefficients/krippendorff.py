"""Krippendorff's alpha (nominal, ordinal, interval, ratio) from the coincidence matrix.

Krippendorff (2011, "Computing Krippendorff's alpha-reliability"; Content
Analysis, 2004, ch. 11): for unit u with m_u >= 2 values and n_uc of them
in category c, the coincidence matrix is

    o_ck = sum_u (n_uc n_uk - [c = k] n_uc) / (m_u - 1),

n_c = sum_k o_ck, n = sum_c n_c, and

    alpha = 1 - (n - 1) sum_ck o_ck d2_ck / sum_ck n_c n_k d2_ck.

Metric differences d2: nominal [c != k]; ordinal (sum_{g=c..k} n_g - (n_c +
n_k)/2)^2 in scale order; interval (v_c - v_k)^2; ratio ((v_c - v_k) /
(v_c + v_k))^2. Rater identities are not needed. The standard error is a
seeded bootstrap over units (subjects), since alpha has no established
analytic variance.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients.bootstrap import bootstrap_patterns, count_patterns, method_text
from tapdesk.engine.coefficients.result import Coefficient, undefined
from tapdesk.engine.coefficients.variance import percentile_ci
from tapdesk.engine.coefficients.weights import category_values
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import joined_text, said, said_n

LEVELS = ("nominal", "ordinal", "interval", "ratio")
# Translators: a classical coefficient's name (a proper name) with its level of measurement.
ALPHA_NAMES = {"nominal": N_("Krippendorff's alpha (nominal)"),
               "ordinal": N_("Krippendorff's alpha (ordinal)"),
               "interval": N_("Krippendorff's alpha (interval)"),
               "ratio": N_("Krippendorff's alpha (ratio)")}
"""Each level's coefficient name (English, as results keep it; marked for the catalog)."""


def unit_coincidences(counts: np.ndarray) -> np.ndarray:
    """Per-unit coincidence matrices flattened: (units, K*K)."""
    c = counts.astype(float)
    f = 1.0 / (c.sum(axis=1) - 1.0)
    k = c.shape[1]
    outer = (c[:, :, None] * c[:, None, :]) * f[:, None, None]
    idx = np.arange(k)
    outer[:, idx, idx] -= c * f[:, None]
    return outer.reshape(len(c), k * k)


def coincidence(counts: np.ndarray) -> np.ndarray:
    """The K x K coincidence matrix of a subjects x K count matrix (all rows >= 2)."""
    c = counts.astype(float)
    scaled = c / (c.sum(axis=1) - 1.0)[:, None]
    return scaled.T @ c - np.diag(scaled.sum(axis=0))


def ordinal_d2(n_c: np.ndarray) -> np.ndarray:
    """Ordinal metric for marginals n_c of shape (..., K) -> (..., K, K)."""
    cum = np.cumsum(n_c, axis=-1)
    lo_cum, hi_cum = cum[..., :, None], cum[..., None, :]
    lo_n, hi_n = n_c[..., :, None], n_c[..., None, :]
    upper = hi_cum - lo_cum + (lo_n - hi_n) / 2.0          # valid for c <= k
    k = n_c.shape[-1]
    tri = np.triu(np.ones((k, k), bool))
    d = np.where(tri, upper, np.swapaxes(upper, -1, -2))
    return d ** 2


def fixed_d2(level: str, values: np.ndarray) -> np.ndarray:
    k = len(values)
    if level == "nominal":
        return 1.0 - np.eye(k)
    diff = values[:, None] - values[None, :]
    if level == "interval":
        return diff ** 2
    total = values[:, None] + values[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(total == 0, 0.0, diff / np.where(total == 0, 1.0, total))
    return ratio ** 2


def alpha_from(o: np.ndarray, level: str, values: np.ndarray) -> np.ndarray:
    """Alpha for coincidence matrices o of shape (..., K, K); NaN where undefined."""
    n_c = o.sum(axis=-1)
    n = n_c.sum(axis=-1)
    d2 = ordinal_d2(n_c) if level == "ordinal" else fixed_d2(level, values)
    observed = (o * d2).sum(axis=(-2, -1))
    expected = (n_c[..., :, None] * n_c[..., None, :] * d2).sum(axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        alpha = 1.0 - (n - 1.0) * observed / expected
    return np.where(expected > 1e-12 * np.maximum(n, 1.0) ** 2, alpha, np.nan)


def scale_level_problem(level: str, scale: Scale) -> str:
    """Why Krippendorff's ``level`` metric does not apply to ``scale`` ("" when it does).

    The one rule every analysis follows (issue 25: the ratio level was refused
    in one analysis and given in another for the same scale). It is decided
    on the scale itself: its order type and every one of its category codes
    (used or not; value labels do not count), so the coefficients analysis,
    ``tapdesk agreement`` and the coefficients beside a model agree.

    Parameters
    ----------
    level : str
        One of :data:`LEVELS`.
    scale : Scale
        The scale of the ratings analysed.

    Returns
    -------
    str
        The reason in plain words, or "" when the level applies.
    """
    values, numeric = category_values(scale.categories)
    return level_problem(level, scale.ordinal, numeric, values)


def level_problem(level: str, ordinal: bool, numeric: bool, values: np.ndarray) -> str:
    """Why ``level`` does not apply to this scale ("" when it does); see :func:`scale_level_problem`."""
    if level == "nominal":
        return ""
    if not ordinal:
        # Translators: why Krippendorff's alpha at a level is not given; {level} is the level's
        # name as TapDesk's options write it ("ordinal", "interval", "ratio"; keep it English).
        return said("the {level} level needs ordered categories and this scale is nominal "
                    "(declare it ordinal to get it)", level=level)
    if level == "ratio":
        if not numeric:
            # Translators: why Krippendorff's alpha at the ratio level is not given.
            return said("the ratio level needs categories coded as numbers with a true zero, "
                        "and these codes are not all numbers")
        if (values < 0).any():
            # Translators: why Krippendorff's alpha at the ratio level is not given.
            return said("the ratio level needs non-negative category values (a true zero)")
    return ""


def krippendorff_alphas(counts: np.ndarray, ordinal: bool, numeric: bool, values: np.ndarray,
                        bootstrap: int, seed: int,
                        problems: Mapping[str, str] | None = None,
                        ci_level: float = 0.95) -> tuple[Coefficient, ...]:
    """Alpha at every measurement level, with a shared seeded bootstrap over units for SE and
    percentile interval (at ``ci_level``: "level" here is nominal, ordinal ...).

    ``problems`` gives, per level, why it does not apply to the scale
    (:func:`scale_level_problem`); without it the analysed categories decide.
    """
    if problems is None:
        problems = {lv: level_problem(lv, ordinal, numeric, values) for lv in LEVELS}
    levels = [lv for lv in LEVELS if not problems[lv]]
    o = coincidence(counts)
    point = {lv: float(alpha_from(o, lv, values)) for lv in levels}
    samples = {}
    wanted = [lv for lv in levels if np.isfinite(point[lv])]
    if bootstrap > 0 and wanted:
        patterns, freq = count_patterns(counts)
        per_pattern = unit_coincidences(patterns)
        k = counts.shape[1]

        def statistic(weights: np.ndarray) -> np.ndarray:
            ob = (weights @ per_pattern).reshape(-1, k, k)
            return np.column_stack([alpha_from(ob, lv, values) for lv in wanted])

        draws = bootstrap_patterns(freq, bootstrap, seed, statistic)
        samples = {lv: draws[:, j] for j, lv in enumerate(wanted)}
    out = []
    for level in LEVELS:
        name, key = ALPHA_NAMES[level], f"krippendorff_alpha_{level}"
        problem = problems[level]
        if problem:
            out.append(undefined(name, key, problem))
            continue
        if not np.isfinite(point[level]):
            # Translators: why Krippendorff's alpha is not given.
            out.append(undefined(name, key, said("every rating is in the same category, so there "
                                                 "is no variation to agree about and alpha is "
                                                 "0/0")))
            continue
        note = ""
        if level in ("interval", "ratio"):
            # Translators: how Krippendorff's alpha measures a disagreement between two ratings.
            note = (said("distances between the category labels' numeric values") if numeric else
                    # Translators: as above, when the labels are not numbers.
                    said("distances between category positions 1..K in scale order (labels are "
                         "not numbers)"))
        out.append(_with_bootstrap(name, key, point[level], samples.get(level), bootstrap, seed,
                                   note, ci_level))
    return tuple(out)


def _with_bootstrap(name: str, key: str, value: float, draws: np.ndarray | None, bootstrap: int,
                    seed: int, note: str, ci_level: float = 0.95) -> Coefficient:
    if draws is None:
        # Translators: a coefficient's method where no bootstrap was asked for.
        return Coefficient(name, value, None, None, said("no standard error (bootstrap turned "
                                                         "off)"), None, key, note=note)
    good = draws[np.isfinite(draws)]
    if len(good) < len(draws):
        # Translators: {n} of {total} bootstrap resamples were left out ("3", "1000").
        extra = said_n("{n} of {total} resamples had all ratings in one category and were left out",
                       "{n} of {total} resamples had all ratings in one category and were left "
                       "out", len(draws) - len(good), n=len(draws) - len(good),
                       total=len(draws))
        note = joined_text("; ", (note, extra)) if note else extra
    se = float(good.std(ddof=1)) if len(good) > 1 else None
    return Coefficient(name, value, se, percentile_ci(good, ci_level),
                       method_text(bootstrap, seed, ci_level), None,
                       key, note=note)
