"""Classical coefficients against published values (source in each comment)."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import agreement_coefficients

# Fleiss (1971), Psychol Bull 76:378-382, Table 1: 30 patients, 6 psychiatrists each (different
# psychiatrists per patient, so no rater identities), 5 diagnoses (1 depression, 2 personality
# disorder, 3 schizophrenia, 4 neurosis, 5 other). Rows list each patient's six diagnoses, as
# in R irr's `diagnoses` data set.
DIAGNOSES = [
    [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5],
    [2, 2, 2, 4, 4, 4], [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4],
    [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5], [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4],
    [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5], [3, 3, 3, 3, 3, 5],
    [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
    [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4],
    [1, 4, 4, 4, 4, 5], [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4],
    [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
]

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", Annenberg School for
# Communication, section C (4 observers x 12 units, values 1-5, None = missing).
KRIPPENDORFF = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
]


def two_rater_table(contingency, categories) -> RatingsTable:
    """Subjects x 2 raters from a contingency table (rows: rater A, columns: rater B)."""
    subjects, raters, ratings = [], [], []
    for i, row in enumerate(contingency):
        for j, count in enumerate(row):
            for _ in range(count):
                s = len(subjects) // 2
                subjects += [s, s]
                raters += ["A", "B"]
                ratings += [categories[i], categories[j]]
    return RatingsTable.from_labels(subjects, raters, ratings,
                                    scale=Scale(tuple(categories), ordinal=True, declared=True))


def test_fleiss_1971_psychiatric_diagnoses():
    subjects = np.repeat(np.arange(30), 6)
    table = RatingsTable.from_labels(subjects, None, np.ravel(DIAGNOSES))
    result = agreement_coefficients(table, bootstrap=0)
    assert round(result.get("fleiss_kappa").value, 4) == 0.4302     # Fleiss (1971): 0.430
    # Per-category kappas, Fleiss (1971) p. 381 (also R irr::kappam.fleiss(diagnoses, detail=TRUE)).
    per = [round(c.value, 3) for c in result.per_category_fleiss]
    assert per == [0.245, 0.245, 0.520, 0.471, 0.566]
    assert result.n_subjects == 30 and result.n_ratings == 180


def test_krippendorff_canonical_example():
    grid = np.array(KRIPPENDORFF, dtype=object).T.tolist()         # units x coders
    table = RatingsTable.from_wide(grid, rater_ids=["A", "B", "C", "D"])
    result = agreement_coefficients(table, bootstrap=200)
    # Krippendorff (2011), section C: nominal .743, ordinal .815, interval .849, ratio .797.
    expected = {"nominal": 0.743, "ordinal": 0.815, "interval": 0.849, "ratio": 0.797}
    for level, value in expected.items():
        coef = result.get(f"krippendorff_alpha_{level}")
        assert round(coef.value, 3) == value, level
        assert coef.method == "bootstrap, 200 resamples, seed 20261121, percentile 95%"
        assert coef.se is not None and coef.se > 0
    assert result.n_excluded == 1          # unit 12 has a single value: unpairable, reported


def test_sas_cohen_3x3_example():
    # SAS/STAT User's Guide, PROC FREQ, agreement example with table [[0,4,1],[0,8,0],[0,1,5]]
    # (also statsmodels' test_inter_rater.py, table10): simple kappa 0.4842, ASE 0.1380;
    # weighted kappa (Cicchetti-Allison = linear weights) 0.4701, ASE 0.1457.
    table = two_rater_table([[0, 4, 1], [0, 8, 0], [0, 1, 5]], ["1", "2", "3"])
    result = agreement_coefficients(table, weights="linear", bootstrap=0)
    simple, weighted = result.get("cohen_kappa"), result.get("cohen_kappa_weighted")
    assert round(simple.value, 4) == 0.4842 and round(simple.se, 4) == 0.1380
    assert round(weighted.value, 4) == 0.4701 and round(weighted.se, 4) == 0.1457
    assert simple.method.startswith("analytic: Fleiss, Cohen & Everitt")


def test_irrcac_cont3x3abstractors():
    # irrCAC vignette "Calculating Chance-corrected Agreement Coefficients" (Gwet, CRAN 2019):
    # kappa2.table(cont3x3abstractors): Cohen's kappa 0.7964094, SE 0.05891072;
    # scott2.table: Scott's pi 0.7962397, SE 0.05905473. The table functions divide the
    # linearized variance by n^2; for raw ratings (as here) Gwet divides by n(n - 1), so our SE
    # times sqrt((n - 1) / n) must reproduce the published one.
    table = two_rater_table([[13, 0, 0], [0, 20, 7], [0, 4, 56]], ["Ectopic", "AIU", "NIU"])
    result = agreement_coefficients(table, bootstrap=0)
    n = result.n_subjects
    cohen, scott = result.get("cohen_kappa"), result.get("scott_pi")
    assert cohen.value == pytest.approx(0.7964094, abs=5e-8)
    assert cohen.se == pytest.approx(0.05891072, abs=5e-9)
    assert scott.value == pytest.approx(0.7962397, abs=5e-8)
    assert scott.se * np.sqrt((n - 1) / n) == pytest.approx(0.05905473, abs=5e-9)
    # Conger's kappa for two raters with no missing ratings is Cohen's kappa (Conger 1980).
    assert result.get("conger_kappa").value == pytest.approx(cohen.value, abs=1e-12)


# Gwet's irrCAC data set cac.raw4raters (Gwet 2014, Handbook of Inter-Rater Reliability, 4th
# ed., ch. 2): 12 units, 4 raters, categories 1-5, unit 12 rated once (by Rater3). Published
# values from irrCAC's documentation (R: fleiss.kappa.raw, gwet.ac1.raw, conger.kappa.raw,
# bp.coeff.raw; the same printed by the Python port irrCAC 0.4.4's docstring): Fleiss' kappa
# 0.76117 (SE 0.15302, 95% CI 0.42438-1), AC1 0.77544 (SE 0.14295, CI 0.46081-1), pa 0.81818.
# Conger's kappa 0.76282 (SE 0.14917) and Brennan-Prediger 0.77273 (SE 0.14472) were computed
# with irrCAC 0.4.4 (Python). Gwet keeps a unit rated once in the category shares pi_k and in
# n; leaving it out gives Fleiss 0.7625 and AC1 0.7752, which is what TapDesk printed before.
_ = None
RAW4RATERS = [[1, 1, _, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2], [1, 2, 3, 4],
              [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [_, 5, 5, 5], [_, _, 1, 1], [_, _, 3, _]]


def test_irrcac_raw4raters_keeps_the_unit_rated_once_in_the_shares():
    table = RatingsTable.from_wide(RAW4RATERS, rater_ids=["Rater1", "Rater2", "Rater3", "Rater4"])
    result = agreement_coefficients(table, bootstrap=0)
    published = {"fleiss_kappa": (0.76117, 0.15302, 0.42438), "gwet_ac1": (0.77544, 0.14295, 0.46081),
                 "conger_kappa": (0.76282, 0.14917, 0.43450),
                 "brennan_prediger": (0.77273, 0.14472, 0.45421),
                 "percent_agreement": (0.81818, None, None)}
    for key, (value, se, lower) in published.items():
        coef = result.get(key)
        assert round(coef.value, 5) == value, key
        if se is not None:
            assert round(coef.se, 5) == se, key
            assert round(coef.ci[0], 5) == lower and coef.ci[1] == 1.0, key
    # Krippendorff's alpha pairs values within units: the unit rated once is not a unit of it
    assert round(result.get("krippendorff_alpha_nominal").value, 3) == 0.743
    assert result.n_subjects == 11 and result.n_excluded == 1
    assert "still counts in the category shares" in result.exclusions[0].reason


def test_irrcac_raw4raters_ac2_with_bipolar_weights():
    # irrCAC 0.4.4 docstring: CAC(raw_4raters(), weights="bipolar").gwet(): AC2 0.90037,
    # SE 0.10582, pa 0.96836; its bipolar weight matrix as printed there.
    w = np.array([[1, 6 / 7, 2 / 3, 0.4, 0], [6 / 7, 1, 14 / 15, 0.75, 0.4],
                  [2 / 3, 14 / 15, 1, 14 / 15, 2 / 3], [0.4, 0.75, 14 / 15, 1, 6 / 7],
                  [0, 0.4, 2 / 3, 6 / 7, 1]])
    table = RatingsTable.from_wide(RAW4RATERS, rater_ids=["Rater1", "Rater2", "Rater3", "Rater4"])
    result = agreement_coefficients(table, weights=w, bootstrap=0)
    ac2 = next(c for c in result.coefficients if c.key == "gwet_ac2")
    assert round(ac2.value, 5) == 0.90037 and round(ac2.se, 5) == 0.10582
