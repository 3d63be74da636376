"""Issue 25: one rule decides whether a Krippendorff level applies to a scale, and every
analysis follows it (the ratio level was refused in one analysis and given in another for
the same scale)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.coefficients import agreement_coefficients, coefficients_for_fit

LEVELS = ("nominal", "ordinal", "interval", "ratio")


def binary_ratings(scale: Scale) -> RatingsTable:
    """40 subjects, 3 raters, the two categories of ``scale``."""
    rng = np.random.default_rng(4)
    truth = rng.random(40) < 0.4
    ratings = np.where(rng.random((40, 3)) < 0.8, truth[:, None], rng.random((40, 3)) < 0.5)
    return RatingsTable(subject=np.repeat(np.arange(40), 3), rater=np.tile(np.arange(3), 40),
                        rating=ratings.astype(np.int64).ravel(),
                        subject_ids=tuple(f"S{i}" for i in range(40)),
                        rater_ids=("A", "B", "C"), scale=scale)


def alpha_story(result) -> list[tuple]:
    """(level, value, reason) of every Krippendorff alpha."""
    out = []
    for level in LEVELS:
        c = result.get(f"krippendorff_alpha_{level}")
        out.append((level, None if c.value is None else round(c.value, 12), c.undefined_reason))
    return out


@pytest.mark.parametrize("scale", [
    Scale(("0", "1"), ordinal=True, labels=("absent", "present")),      # numeric codes, labelled
    Scale(("0", "1"), ordinal=False),                                   # nominal
    Scale(("-1", "1"), ordinal=True),                                   # no true zero
    Scale(("no", "yes"), ordinal=True),                                 # codes are not numbers
], ids=["labelled-codes", "nominal", "negative", "text"])
def test_model_and_coefficients_analysis_agree_on_a_two_category_scale(scale):
    """The split of a two-category scale is the scale itself: the coefficients beside the
    model and the coefficients analysis give or refuse every level alike, for one reason."""
    table = binary_ratings(scale)
    model = fit(FitRequest(model="tap", n_starts=2), table)
    beside = coefficients_for_fit(model, table, bootstrap=0)
    alone = agreement_coefficients(table, bootstrap=0)
    assert alpha_story(beside) == alpha_story(alone)


def test_labelled_numeric_codes_with_a_true_zero_get_the_ratio_level():
    table = binary_ratings(Scale(("0", "1"), ordinal=True, labels=("absent", "present")))
    model = fit(FitRequest(model="tap", n_starts=2), table)
    assert coefficients_for_fit(model, table, bootstrap=0).get(
        "krippendorff_alpha_ratio").value is not None


def test_the_scale_decides_not_the_categories_in_use():
    """A declared scale with an unused negative code has no true zero, whether or not the
    unused category is kept."""
    rng = np.random.default_rng(2)
    ratings = rng.integers(1, 4, (30, 3))                 # codes 0, 1, 2 used; -1 declared
    scale = Scale(("-1", "0", "1", "2"), ordinal=True, declared=True)
    table = RatingsTable(subject=np.repeat(np.arange(30), 3), rater=np.tile(np.arange(3), 30),
                         rating=ratings.ravel(), subject_ids=tuple(f"S{i}" for i in range(30)),
                         rater_ids=("A", "B", "C"), scale=scale)
    kept = agreement_coefficients(table, keep_unused=True, bootstrap=0)
    dropped = agreement_coefficients(table, keep_unused=False, bootstrap=0)
    assert dropped.categories == ("0", "1", "2")
    assert kept.get("krippendorff_alpha_ratio").value is None
    assert dropped.get("krippendorff_alpha_ratio").undefined_reason == \
        kept.get("krippendorff_alpha_ratio").undefined_reason
    # without the declared negative code the same ratings do get the ratio level
    plain = replace(table, rating=table.rating - 1, scale=Scale(("0", "1", "2"), ordinal=True))
    assert agreement_coefficients(plain, bootstrap=0).get(
        "krippendorff_alpha_ratio").value is not None
