"""PABAK, the prevalence index and the bias index (Byrt, Bishop & Carlin 1993; issue 30 part 3)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import t as student_t

from tapdesk.cli.main import main
from tapdesk.data.binary import choose_class1
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.coefficients import agreement_coefficients, coefficients_for_fit
from tapdesk.engine.coefficients.kappas import cohen_from_table
from tapdesk.report.glossary import lookup
from tapdesk.report.tables import coefficient_table
from tapdesk.resources.examples import get_example

WINE = str(get_example("wine").path)


def two_by_two(a: int, b: int, c: int, d: int, first: str = "A",
               second: str = "B") -> RatingsTable:
    """Two raters, classes 'no' / 'yes' (Class 1 = 'yes' by the default rule).

    a = both say yes, b = only the first rater says yes, c = only the second, d = both say no.
    """
    cells = [("yes", "yes")] * a + [("yes", "no")] * b + [("no", "yes")] * c + [("no", "no")] * d
    subjects, raters, ratings = [], [], []
    for s, (x, y) in enumerate(cells):
        subjects += [s, s]
        raters += [first, second]
        ratings += [x, y]
    return RatingsTable.from_labels(subjects, raters, ratings,
                                    scale=Scale(("no", "yes"), declared=True))


def byrt(table: RatingsTable, **options):
    """(pabak, prevalence index, bias index) coefficients of a table."""
    result = agreement_coefficients(table, bootstrap=options.pop("bootstrap", 0), **options)
    return result, result.get("pabak"), result.get("prevalence_index"), result.get("bias_index")


# ------------------------------------------------------------------ by hand
def test_hand_computation_on_a_small_two_by_two_table():
    # a = 40, b = 9, c = 6, d = 5, n = 60: po = 45/60 = 0.75, so PABAK = 2 po - 1 = 0.5;
    # PI = (40 - 5)/60 = 35/60; BI = (9 - 6)/60 = 0.05.
    # Cohen: rater A says yes 49/60, B 46/60; pe = (49*46 + 11*14)/3600 = 2408/3600,
    # kappa = (2700 - 2408)/(3600 - 2408) = 292/1192.
    result, pabak, pi, bi = byrt(two_by_two(40, 9, 6, 5))
    assert pabak.value == pytest.approx(0.5)
    assert pi.value == pytest.approx(35 / 60)
    assert bi.value == pytest.approx(0.05)
    assert result.get("cohen_kappa").value == pytest.approx(292 / 1192)
    # SEs by hand: PABAK = 2 po - 1 has SE 2 sqrt(po (1 - po) / (n - 1));
    # PI's per-subject values are 1 (40 times), -1 (5), 0 (15): sample variance 5/12, SE 1/12;
    # BI's are +1 (9), -1 (6), 0 (45): sum of squared deviations 15 - 60 * 0.05^2 = 14.85.
    assert pabak.se == pytest.approx(2 * math.sqrt(0.75 * 0.25 / 59))
    assert pi.se == pytest.approx(1 / 12)
    assert bi.se == pytest.approx(math.sqrt(14.85 / (59 * 60)))
    half = student_t.ppf(0.975, 59) * pabak.se
    assert pabak.ci == pytest.approx((0.5 - half, 0.5 + half))
    assert "rater A minus rater B" in bi.note
    assert "Class 1 = 'yes'" in pi.note


def test_pabak_is_brennan_prediger_and_says_so():
    result, pabak, _, _ = byrt(two_by_two(40, 9, 6, 5))
    bp = result.get("brennan_prediger")
    assert (pabak.value, pabak.se, pabak.ci, pabak.method) == (bp.value, bp.se, bp.ci, bp.method)
    assert "2 po - 1" in pabak.note and "Brennan-Prediger" in pabak.note


def test_signs_follow_the_rater_order_and_the_class_choice():
    _, _, pi, bi = byrt(two_by_two(40, 9, 6, 5))
    _, _, _, swapped = byrt(two_by_two(40, 6, 9, 5))        # the raters' roles swapped
    assert swapped.value == pytest.approx(-bi.value)
    table = two_by_two(40, 9, 6, 5)
    no_is_class1 = choose_class1(table.scale, ["no"])
    _, pabak, flipped_pi, flipped_bi = byrt(table, split=no_is_class1)
    assert flipped_pi.value == pytest.approx(-pi.value)
    assert flipped_bi.value == pytest.approx(-bi.value)
    assert pabak.value == pytest.approx(0.5)                 # PABAK does not depend on it


# ------------------------------------------------------------------ Byrt et al.'s identity
def _identity(kappa_pabak: float, pi: float, bi: float) -> float:
    """Byrt et al. (1993): kappa = (PABAK - PI^2 + BI^2) / (1 - PI^2 + BI^2)."""
    return (kappa_pabak - pi ** 2 + bi ** 2) / (1 - pi ** 2 + bi ** 2)


def test_identity_on_the_hand_example():
    result, pabak, pi, bi = byrt(two_by_two(40, 9, 6, 5))
    assert _identity(pabak.value, pi.value, bi.value) == pytest.approx(
        result.get("cohen_kappa").value, abs=1e-12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(*[st.integers(0, 25)] * 4).filter(lambda t: sum(t) >= 2))
def test_identity_holds_exactly_on_random_two_by_two_tables(cells):
    a, b, c, d = cells
    kappa, _, _ = cohen_from_table(np.array([[d, c], [b, a]]), np.eye(2))   # rows: rater A
    _, pabak, pi, bi = byrt(two_by_two(a, b, c, d))
    n = a + b + c + d
    assert pabak.value == pytest.approx(2 * (a + d) / n - 1, abs=1e-12)
    assert pi.value == pytest.approx((a - d) / n, abs=1e-12)
    assert bi.value == pytest.approx((b - c) / n, abs=1e-12)
    if kappa is not None:                        # kappa is 0/0 when both raters use one class
        assert _identity(pabak.value, pi.value, bi.value) == pytest.approx(kappa, abs=1e-9)


# ------------------------------------------------------------------ published examples
# Two published 2 x 2 tables, with the estimates the R package epiR (2.0.57, epi.kappa; an
# independent implementation, run on Debian's r-cran-epir) prints for them in its own examples:
# - Dohoo, Martin & Stryhn, Veterinary Epidemiologic Research: an IFAT test on kidney samples of
#   291 salmon, split between two laboratories (both positive 19, lab 2 only 10, lab 1 only 6,
#   both negative 256): PABAK 0.8900344, PI -0.814433, BI 0.0137457, kappa 0.6735838.
# - Watson & Petrie (2010, Theriogenology 73:1167-1179, p. 1170), from Silva et al. (2007):
#   ELISA against ultrasound for pregnancy in 1,673 dairy cows (596, 61, 29, 987): PABAK
#   0.8924088, PI -0.2337119, BI 0.01912732, kappa 0.8862366; the paper gives kappa 0.89
#   (95% CI 0.86 to 0.91).
# epiR's standard errors of PI and BI use other formulas than the variance of a mean over
# subjects used here (checked by hand above), so only the estimates are compared with it.
PUBLISHED = [
    ((19, 10, 6, 256), 0.8900344, -0.814433, 0.0137457, 0.6735838),
    ((596, 61, 29, 987), 0.8924088, -0.2337119, 0.01912732, 0.8862366),
]


@pytest.mark.parametrize(("cells", "pabak", "pi", "bi", "kappa"), PUBLISHED)
def test_published_examples_match_epir(cells, pabak, pi, bi, kappa):
    result, got_pabak, got_pi, got_bi = byrt(two_by_two(*cells, first="second lab",
                                                        second="first lab"))
    assert got_pabak.value == pytest.approx(pabak, abs=5e-8)
    assert got_pi.value == pytest.approx(pi, abs=5e-7)
    assert got_bi.value == pytest.approx(bi, abs=5e-8)
    assert result.get("cohen_kappa").value == pytest.approx(kappa, abs=5e-8)


def test_published_kappa_interval_of_watson_and_petrie():
    result = byrt(two_by_two(596, 61, 29, 987))[0]
    kappa = result.get("cohen_kappa")
    assert (round(kappa.value, 2), round(kappa.ci[0], 2), round(kappa.ci[1], 2)) == (0.89, 0.86, 0.91)


# ------------------------------------------------------------------ intervals
def test_intervals_hold_the_estimate_and_narrow_with_more_subjects():
    small = byrt(two_by_two(40, 9, 6, 5))[1:]
    large = byrt(two_by_two(160, 36, 24, 20))[1:]       # the same shares, four times the subjects
    for few, many in zip(small, large):
        assert few.value == pytest.approx(many.value)
        for coef in (few, many):
            assert coef.ci[0] <= coef.value <= coef.ci[1]
        assert many.ci[1] - many.ci[0] < 0.6 * (few.ci[1] - few.ci[0])


def test_the_level_sets_every_interval():
    wide = byrt(two_by_two(40, 9, 6, 5), level=0.99)[1:]
    narrow = byrt(two_by_two(40, 9, 6, 5), level=0.8)[1:]
    for w, n in zip(wide, narrow):
        assert w.ci[1] - w.ci[0] > n.ci[1] - n.ci[0]
        assert "99%" in w.method and "80%" in n.method


# ------------------------------------------------------------------ more raters
def three_raters() -> RatingsTable:
    """Six subjects, raters A B C, 'x' = missing; Class 1 = 'yes'."""
    rows = ["yes yes yes", "yes yes no", "no no no", "no yes x", "yes no no", "no no yes"]
    subjects, raters, ratings = [], [], []
    for s, row in enumerate(rows):
        for rater, value in zip("ABC", row.split()):
            if value != "x":
                subjects.append(s)
                raters.append(rater)
                ratings.append(value)
    return RatingsTable.from_labels(subjects, raters, ratings,
                                    scale=Scale(("no", "yes"), declared=True))


def test_three_raters_by_hand():
    result, pabak, pi, bi = byrt(three_raters())
    # Class-1 share minus Class-0 share per subject: 1, 1/3, -1, 0, -1/3, -1/3 -> mean -1/18
    assert pi.value == pytest.approx((1 + 1 / 3 - 1 + 0 - 1 / 3 - 1 / 3) / 6)
    # Class-1 shares: A 3/6, B 3/6 (rated all), C 2/5; pair gaps 0, 1/10, 1/10 -> mean 1/15
    assert bi.value == pytest.approx(1 / 15)
    # pairwise agreement per subject: 1, 1/3, 1, 0, 1/3, 1/3 -> po = 1/2, PABAK = 2 po - 1 = 0
    assert pabak.value == pytest.approx(0.0, abs=1e-12)
    assert pabak.value == pytest.approx(2 * result.get("percent_agreement").value - 1)
    # no interval for a gap that cannot be below 0; a test of equal rates instead
    assert bi.ci is None and bi.se is None and bi.method.startswith("no interval")
    assert "3 pairs of raters" in bi.note and "A says Class 1 most often (50%" in bi.note
    assert "not shown to differ" in bi.verdict and bi.p_value > 0.05


def _panel(rng, n: int, rates=(0.3, 0.4, 0.6), missing: float = 0.2) -> RatingsTable:
    """Raters who say 'yes' at their own rates, some ratings missing."""
    says = rng.random((n, len(rates))) < np.asarray(rates)
    kept = rng.random((n, len(rates))) >= missing
    subject, rater = np.nonzero(kept)
    return RatingsTable.from_labels(subject.tolist(), [f"R{g}" for g in rater],
                                    np.where(says[kept], "yes", "no").tolist(),
                                    scale=Scale(("no", "yes"), declared=True))


def test_many_rater_bias_index_is_the_mean_gap_and_finds_raters_who_differ():
    # true gaps 0.1, 0.3, 0.2: mean 0.2; 400 subjects leave no doubt that the rates differ
    rng = np.random.default_rng(30)
    bi = byrt(_panel(rng, 400))[3]
    assert bi.value == pytest.approx(0.2, abs=0.05)
    assert bi.p_value == pytest.approx(1 / 1001) and bi.verdict.startswith("raters differ")
    assert "R2 says Class 1 most often" in bi.verdict and "R0 least" in bi.verdict


def test_several_categories_give_pabak_for_q_categories_and_ask_for_a_split():
    table = RatingsTable.from_labels([0, 0, 1, 1, 2, 2, 3, 3], list("ABABABAB"),
                                     ["1", "1", "2", "3", "3", "3", "2", "1"],
                                     scale=Scale(("1", "2", "3"), ordinal=True, declared=True))
    result, pabak, pi, bi = byrt(table)
    po = result.get("percent_agreement").value
    assert pabak.value == pytest.approx((3 * po - 1) / 2)
    assert "(3 po - 1) / 2" in pabak.note
    for coef in (pi, bi):
        assert not coef.defined and "two-class split" in coef.undefined_reason
        assert "--" not in coef.undefined_reason          # the words fit every surface, not only the CLI
    split = choose_class1(table.scale, cut="1")
    _, pabak2, pi2, bi2 = byrt(table, split=split)
    # Class 1 = '1': subjects (1,1), (2,3), (3,3), (2,1) -> a = 1, b = 0, c = 1, d = 2
    assert (pabak2.value, pi2.value, bi2.value) == pytest.approx((0.5, -0.25, -0.25))


def test_no_rater_column_leaves_only_the_bias_index_undefined():
    table = RatingsTable.from_labels([0, 0, 1, 1, 2, 2], None, ["yes", "yes", "no", "yes", "no", "no"],
                                     scale=Scale(("no", "yes"), declared=True))
    _, pabak, pi, bi = byrt(table)
    assert pabak.defined and pi.value == pytest.approx(0.0)
    assert not bi.defined and "rater" in bi.undefined_reason


# ------------------------------------------------------------------ beside a fit, CLI, report
def test_beside_a_two_class_fit_the_split_is_the_fits():
    table = RatingsTable.from_wide([[1, 1, 2], [2, 2, 2], [3, 3, 4], [1, 2, 1], [4, 4, 3]] * 8)
    result = fit(FitRequest(model="tap", cut="2"), table)
    coefs = coefficients_for_fit(result, table, bootstrap=50)
    direct = agreement_coefficients(table, bootstrap=50, seed=result.request.seed,
                                    split=result.class_choice)
    assert coefs.get("prevalence_index").value == direct.get("prevalence_index").value
    assert coefs.split == result.class_choice.describe() != ""
    assert coefs.get("pabak").defined and coefs.get("bias_index").defined


def run_json(capsys, *argv) -> dict:
    assert main(["agreement", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_json_keys_with_a_cut(capsys):
    payload = run_json(capsys, WINE, "--cut", "1", "--bootstrap", "50")
    listed = {c["key"]: c for c in payload["coefficients"]}
    for key in ("pabak", "prevalence_index", "bias_index"):
        assert payload[key] == listed[key] and payload[key]["value"] is not None
    for key in ("pabak", "prevalence_index"):
        assert payload[key]["ci"][0] <= payload[key]["value"] <= payload[key]["ci"][1]
    # four judges: the bias index has no interval, and a test of equal rates instead
    assert payload["bias_index"]["ci"] is None and 0 < payload["bias_index"]["p_value"] <= 1
    assert "differ in how often they say Class 1" in payload["bias_index"]["verdict"]
    assert payload["pabak"]["value"] == listed["brennan_prediger"]["value"]
    assert payload["pabak"]["value"] == pytest.approx(2 * listed["percent_agreement"]["value"] - 1)
    assert payload["class_split"] == "Class 1 = {1}; Class 0 = {2, 3, 4}"
    assert payload["categories"] == ["2 or 3 or 4", "1"]


def test_cli_without_a_split_on_four_categories(capsys):
    payload = run_json(capsys, WINE, "--bootstrap", "0")
    assert payload["class_split"] is None
    assert payload["prevalence_index"]["value"] is None
    assert "two-class split" in payload["bias_index"]["undefined_reason"]
    assert payload["pabak"]["value"] is not None


def test_cli_text_explains_in_words(capsys):
    assert main(["agreement", WINE, "--class1", "1", "--bootstrap", "0"]) == 0
    text = capsys.readouterr().out
    assert "as if both classes were equally common and raters had no bias" in text
    assert "Two classes: Class 1 = {1}" in text
    assert "how much raters differ in how often they say Class 1" in text


def test_cli_refuses_both_ways_of_choosing_class1(capsys):
    assert main(["agreement", WINE, "--class1", "1", "--cut", "2"]) == 2
    assert "not both" in capsys.readouterr().err


def test_report_table_and_glossary():
    result = agreement_coefficients(two_by_two(40, 9, 6, 5), bootstrap=0)
    table = coefficient_table(result)
    rows = {row[0]: row for row in table.rows}
    pabak = next(row for name, row in rows.items() if name.startswith("PABAK"))
    assert pabak[1] == pytest.approx(0.5) and pabak[5]          # a Landis & Koch reading
    assert rows["Prevalence index"][1] == pytest.approx(35 / 60) and not rows["Prevalence index"][5]
    assert rows["Bias index"][1] == pytest.approx(0.05) and not rows["Bias index"][5]
    for name in ("PABAK (prevalence- and bias-adjusted kappa)", "prevalence index", "Bias index"):
        assert lookup(name) is not None, name
    assert "equally common" in lookup("pabak").meaning
    assert "how often they say Class 1" in lookup("bias_index").meaning


def test_a_negative_interval_reads_with_to_not_a_dash():
    from tapdesk.engine.coefficients.report import ci_text
    assert ci_text((-0.602, -0.426)) == "\u22120.602 to \u22120.426"
    assert ci_text((0.226, 0.418)) == "0.226 to 0.418"
    assert ci_text((-0.383, 0.052)) == "\u22120.383 to 0.052"
