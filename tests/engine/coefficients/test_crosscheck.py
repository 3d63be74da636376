"""Cross-checks against independent implementations (statsmodels, krippendorff) and theory.

statsmodels and krippendorff are test-only dependencies. Standard errors that
no package computes are checked against the delete-one jackknife, which
estimates the same (non-null) variance independently of the linearization.
"""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa, fleiss_kappa

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import agreement_coefficients, kappas, multirater
from tapdesk.engine.coefficients.prepared import prepare
from tapdesk.engine.coefficients.weights import standard_weights

SCALE5 = Scale(("1", "2", "3", "4", "5"), ordinal=True, declared=True)


def random_grid(seed: int, n: int, raters: int, k: int, missing: float) -> np.ndarray:
    """Correlated ratings: a latent class plus noise; -1 marks missing."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, k, n)
    noisy = rng.random((n, raters)) < 0.4
    grid = np.where(noisy, rng.integers(0, k, (n, raters)), truth[:, None])
    grid[rng.random((n, raters)) < missing] = -1
    return grid


def skewed_grid(seed: int, n: int, raters: int, k: int, missing: float) -> np.ndarray:
    """Weak agreement on skewed categories: where chance agreement's own variance matters."""
    rng = np.random.default_rng(seed)
    shares = 0.3 ** np.arange(k)
    shares /= shares.sum()
    truth = rng.choice(k, n, p=shares)
    noisy = rng.random((n, raters)) < 0.8
    grid = np.where(noisy, rng.choice(k, (n, raters), p=shares[::-1]), truth[:, None])
    grid[rng.random((n, raters)) < missing] = -1
    return grid


def table_from_grid(grid: np.ndarray, k: int) -> RatingsTable:
    values = np.where(grid >= 0, grid + 1, -1).astype(object)
    values[grid < 0] = None
    scale = Scale(tuple(str(i + 1) for i in range(k)), ordinal=True, declared=True)
    return RatingsTable.from_wide(values.tolist(), scale=scale)


grids = st.builds(random_grid, seed=st.integers(0, 10_000), n=st.integers(5, 40),
                  raters=st.integers(2, 6), k=st.integers(2, 5), missing=st.sampled_from([0.0, 0.2]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids)
def test_krippendorff_alpha_matches_package(grid):
    k = int(grid.max()) + 1 if grid.max() >= 0 else 1
    table = table_from_grid(grid, max(k, 2))
    result = agreement_coefficients(table, bootstrap=0)
    data = np.where(grid >= 0, grid + 1.0, np.nan).T            # coders x units
    pairable = (grid >= 0).sum(axis=1) >= 2
    for level in ("nominal", "ordinal", "interval", "ratio"):
        ours = result.get(f"krippendorff_alpha_{level}")
        values_seen = np.unique(data[:, pairable][~np.isnan(data[:, pairable])])
        if len(values_seen) < 2:
            assert ours.value is None and ours.undefined_reason
            continue
        theirs = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
        assert ours.value == pytest.approx(theirs, abs=1e-9), level


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids.filter(lambda g: True))
def test_fleiss_kappa_matches_statsmodels_on_complete_data(grid):
    grid = np.where(grid < 0, 0, grid)               # statsmodels needs equal raters per subject
    k = int(grid.max()) + 1
    counts = np.stack([(grid == c).sum(axis=1) for c in range(k)], axis=1)
    result = agreement_coefficients(table_from_grid(grid, k), bootstrap=0, keep_unused=False)
    ours = result.get("fleiss_kappa")
    if counts.sum(axis=0).max() == counts.sum():       # one category only
        assert ours.value is None and "same category" in ours.undefined_reason
        return
    theirs = fleiss_kappa(counts[:, counts.sum(axis=0) > 0], method="fleiss")
    assert ours.value == pytest.approx(theirs, abs=1e-10)
    theirs_bp = fleiss_kappa(counts[:, counts.sum(axis=0) > 0], method="randolph")
    assert result.get("brennan_prediger").value == pytest.approx(theirs_bp, abs=1e-10)


def test_per_category_fleiss_matches_statsmodels_binary_collapse():
    grid = random_grid(7, 60, 5, 4, 0.0)
    counts = np.stack([(grid == c).sum(axis=1) for c in range(4)], axis=1)
    result = agreement_coefficients(table_from_grid(grid, 4), bootstrap=0)
    for c, coef in enumerate(result.per_category_fleiss):
        binary = np.column_stack([counts[:, c], 5 - counts[:, c]])
        assert coef.value == pytest.approx(fleiss_kappa(binary), abs=1e-10)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cohen_kappa_and_se_match_statsmodels(seed):
    grid = random_grid(seed, 80, 2, 4, 0.15)
    table = table_from_grid(grid, 4)
    both = (grid >= 0).all(axis=1)
    contingency = np.zeros((4, 4))
    np.add.at(contingency, (grid[both, 0], grid[both, 1]), 1)
    for weights, wt in ((None, None), ("linear", "linear"), ("quadratic", "quadratic")):
        result = agreement_coefficients(table, weights=weights, bootstrap=0)
        key = "cohen_kappa" if weights is None else "cohen_kappa_weighted"
        theirs = cohens_kappa(contingency, wt=wt)
        assert result.get(key).value == pytest.approx(theirs.kappa, abs=1e-10)
        if weights is None:       # statsmodels has the non-null SE only for the simple kappa
            assert result.get(key).se == pytest.approx(theirs.std_kappa, abs=1e-10)


def test_pairwise_matrix_is_cohen_for_each_pair():
    grid = random_grid(11, 50, 4, 3, 0.1)
    table = table_from_grid(grid, 3)
    result = agreement_coefficients(table, weights="quadratic", bootstrap=0)
    pw = result.pairwise_cohen
    matrix = np.array([[np.nan if v is None else v for v in row] for row in pw.kappa])
    assert np.allclose(matrix, matrix.T, equal_nan=True)
    w = standard_weights("quadratic", np.arange(1.0, 4.0))
    order = [table.rater_ids.index(r) for r in pw.rater_ids]
    for a in range(4):
        for b in range(a + 1, 4):
            ga, gb = grid[:, order[a]], grid[:, order[b]]
            ok = (ga >= 0) & (gb >= 0)
            contingency = np.zeros((3, 3))
            np.add.at(contingency, (ga[ok], gb[ok]), 1)
            value, _, _ = kappas.cohen_from_table(contingency, w)
            assert matrix[a, b] == pytest.approx(value)
            assert matrix[a, b] == pytest.approx(cohens_kappa(contingency, wt="quadratic").kappa)


def _jackknife_se(values: np.ndarray) -> float:
    n = len(values)
    return float(np.sqrt((n - 1) / n * ((values - values.mean()) ** 2).sum()))


@pytest.mark.parametrize("weighted", [False, True])
def test_linearization_se_agrees_with_jackknife(weighted):
    """Gwet's linearization and the jackknife estimate the same variance (within a few %).

    The data have skewed categories and weak agreement, so the chance-agreement term of the
    variance matters (dropping or halving it moves the SE by 10-25%). Subjects rated once are
    taken out first: Gwet's variance for them (test_published's irrCAC values) counts the
    number of subjects rated twice or more as random, which a jackknife over subjects does not.
    """
    grid = skewed_grid(5, 300, 4, 4, 0.25)
    table = table_from_grid(grid, 4)
    table = table.select(table.agreement_mask()[table.subject])
    full = prepare(table)
    w = standard_weights("quadratic", np.arange(1.0, 5.0)) if weighted else np.eye(4)
    funcs = {
        "percent": lambda p: multirater.percent_agreement(p.counts, w, "", ""),
        "fleiss": lambda p: multirater.fleiss_kappa(p.counts, w, "", ""),
        "gwet": lambda p: multirater.gwet_ac(p.counts, w, "", ""),
        "bp": lambda p: multirater.brennan_prediger(p.counts, w, "", ""),
        "conger": lambda p: kappas.conger_kappa(p, w, "", ""),
    }
    kept_ids = np.flatnonzero(table.ratings_per_subject() >= 2)
    for name, func in funcs.items():
        coef = func(full)
        leave_out = []
        for sid in kept_ids:
            sub = table.select(table.subject != sid)
            leave_out.append(func(prepare(sub, keep_unused=True)).value)
        jack = _jackknife_se(np.asarray(leave_out))
        assert coef.se == pytest.approx(jack, rel=0.05), name


def test_conger_equals_cohen_for_two_complete_raters():
    grid = random_grid(21, 70, 2, 5, 0.0)
    result = agreement_coefficients(table_from_grid(grid, 5), weights="linear", bootstrap=0)
    assert result.get("conger_kappa").value == pytest.approx(result.get("cohen_kappa").value)
    assert result.get("conger_kappa_weighted").value == pytest.approx(
        result.get("cohen_kappa_weighted").value)
    # Scott's pi = Fleiss' kappa on two ratings per subject (Fleiss 1971 generalises Scott 1955).
    assert result.get("scott_pi").value == pytest.approx(result.get("fleiss_kappa").value)


def test_bootstrap_is_seeded_and_reproducible():
    table = table_from_grid(random_grid(3, 60, 3, 3, 0.1), 3)
    a = agreement_coefficients(table, bootstrap=300, seed=5).get("krippendorff_alpha_nominal")
    b = agreement_coefficients(table, bootstrap=300, seed=5).get("krippendorff_alpha_nominal")
    c = agreement_coefficients(table, bootstrap=300, seed=6).get("krippendorff_alpha_nominal")
    assert (a.se, a.ci) == (b.se, b.ci)
    assert a.se != c.se
    assert a.method == "bootstrap, 300 resamples, seed 5, percentile 95%"
    assert a.ci[0] < a.value < a.ci[1]


def test_bootstrap_on_patterns_matches_direct_resampling_in_distribution():
    """Resampling distinct count patterns is the subject bootstrap: compare SEs by simulation."""
    grid = random_grid(9, 80, 4, 3, 0.1)
    table = table_from_grid(grid, 3)
    ours = agreement_coefficients(table, bootstrap=2000, seed=1).get("krippendorff_alpha_nominal")
    data = np.where(grid >= 0, grid + 1.0, np.nan)
    rng = np.random.default_rng(2)
    draws = [krippendorff.alpha(reliability_data=data[rng.integers(0, 80, 80)].T,
                                level_of_measurement="nominal") for _ in range(400)]
    assert ours.se == pytest.approx(np.std(draws, ddof=1), rel=0.15)
