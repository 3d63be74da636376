"""Category values and agreement weight matrices (1 = full agreement, 0 = none).

Weights follow the scale order. Linear and quadratic weights use the
numeric value of each label when every label is a number ("1", "2.5"),
otherwise the position 1..K in the declared order (as SAS and irrCAC do).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tapdesk.data.scale import numeric_value
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted, quoted_list

WEIGHT_NAMES = ("linear", "quadratic")


def category_values(categories: Sequence[str]) -> tuple[np.ndarray, bool]:
    """Numeric values of the categories and whether they are the labels' own numbers.

    Returns positions 1..K (and False) when any label is not a number.
    """
    numbers = [numeric_value(c) for c in categories]
    if all(v is not None for v in numbers):
        return np.asarray(numbers, dtype=float), True
    return np.arange(1, len(categories) + 1, dtype=float), False


def standard_weights(kind: str, values: np.ndarray) -> np.ndarray:
    """Linear (Cicchetti-Allison) or quadratic (Fleiss-Cohen) agreement weights."""
    k = len(values)
    span = float(values.max() - values.min()) if k else 0.0
    if span == 0:
        return np.eye(k)
    dist = np.abs(values[:, None] - values[None, :]) / span
    return 1.0 - dist if kind == "linear" else 1.0 - dist ** 2


def validate_matrix(matrix, categories: Sequence[str]) -> np.ndarray:
    """A user weight matrix as float array; SettingError naming what is wrong."""
    k = len(categories)
    try:
        w = np.asarray(matrix, dtype=float)
    except (TypeError, ValueError):
        raise SettingError(said("the weight matrix must contain only numbers")) from None
    if w.shape != (k, k):
        named = made(quoted_list, tuple(str(c) for c in categories))
        if w.shape:
            # Translators: {k} categories; {categories} are their names ("'1', '2', '3'"), {shape}
            # the matrix given ("2 x 3").
            raise SettingError(said("the weight matrix must be {k} x {k} (one row and column per "
                                    "category {categories} in scale order); it is {shape}",
                                    k=k, categories=named, shape=" x ".join(map(str, w.shape))))
        # Translators: as above, when a single number was given.
        raise SettingError(said("the weight matrix must be {k} x {k} (one row and column per "
                                "category {categories} in scale order); it is a single number",
                                k=k, categories=named))
    if not np.isfinite(w).all():
        raise SettingError(said("the weight matrix contains an empty or non-finite entry"))
    if (w < 0).any() or (w > 1).any():
        raise SettingError(said("agreement weights must lie between 0 (no agreement) and 1 (full "
                             "agreement)"))
    if not np.allclose(np.diag(w), 1.0):
        raise SettingError(said("the diagonal of the weight matrix must be 1: a category agrees "
                             "fully with itself"))
    return w


def resolve_weights(weights, categories: Sequence[str], ordinal: bool) -> tuple[np.ndarray | None, str]:
    """Turn the ``weights`` argument into (matrix on ``categories``, label).

    ``weights`` is None (unweighted), "linear", "quadratic" or a K x K matrix
    on the declared categories. Returns (None, "unweighted") for None.
    """
    if weights is None:
        return None, "unweighted"
    if isinstance(weights, str):
        kind = weights.strip().lower()
        if kind in ("", "none", "unweighted"):
            return None, "unweighted"
        if kind not in WEIGHT_NAMES:
            # Translators: {names} are the option's values, quoted ("'linear', 'quadratic'");
            # {weights} is what was given, quoted.
            raise SettingError(said("weights must be {names} or a matrix, not {weights}",
                                    names=made(quoted_list, WEIGHT_NAMES),
                                    weights=made(quoted, str(weights))))
        if not ordinal:
            # Translators: {kind} is the option's value ("linear" or "quadratic"), quoted;
            # {scale} the scale's categories, each quoted ("'a', 'b'").
            raise SettingError(said("{kind} weights need ordered categories, but the scale "
                                    "({scale}) is nominal; mark the scale as ordinal or leave "
                                    "the weights out", kind=made(quoted, kind),
                                    scale=made(quoted_list, tuple(str(c) for c in categories))),
                               settings=("ordinal", "weights"))
        values, _numeric = category_values(categories)
        return standard_weights(kind, values), kind
    return validate_matrix(weights, categories), "user matrix"
