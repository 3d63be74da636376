"""The validity check against a reference answer: numbers by hand, by brute force and by
independent implementations; the words where the data cannot tell."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest

from tapdesk.data.binary import choose_class1
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.validity import MIN_COMMON, validity_check, validity_for_fit
from tapdesk.engine.validity.shares import effective_n, wilson_interval


def long_table(rows: dict[str, dict[str, str]], **kw) -> RatingsTable:
    """{subject: {rater: rating}} as a table."""
    subjects, raters, ratings = [], [], []
    for sid, by_rater in rows.items():
        for rid, rating in by_rater.items():
            subjects.append(sid)
            raters.append(rid)
            ratings.append(rating)
    return RatingsTable.from_labels(subjects, raters, ratings, **kw)


def simulated(n: int = 80, raters: str = "ABCD", accuracy: float = 0.8, seed: int = 3):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 2, n)
    rows = {f"s{i}": {r: str(truth[i] if rng.random() < accuracy else 1 - truth[i]) for r in raters}
            for i in range(n)}
    return long_table(rows), {f"s{i}": str(truth[i]) for i in range(n)}


# ----------------------------------------------------------------- shares
@pytest.mark.parametrize(("hits", "n", "level"), [(0, 10, 0.95), (7, 10, 0.95), (10, 10, 0.9),
                                                   (37, 120, 0.99), (1, 1, 0.95)])
def test_wilson_interval_matches_scipy(hits, n, level):
    ours = wilson_interval(hits, n, level)
    ci = binomtest(hits, n).proportion_ci(confidence_level=level, method="wilson")
    assert ours == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_wilson_interval_by_hand():
    # 8 of 10 at 95%: centre (0.8 + 1.96^2/20) / (1 + 1.96^2/10), Wilson (1927)
    z = 1.959963984540054
    centre = (0.8 + z * z / 20) / (1 + z * z / 10)
    half = z * np.sqrt(0.8 * 0.2 / 10 + z * z / 400) / (1 + z * z / 10)
    assert wilson_interval(8, 10) == pytest.approx((centre - half, centre + half))


def test_effective_n_is_about_the_subjects_when_each_subject_s_ratings_are_all_alike():
    hits = np.array([3.0, 0, 3, 3, 0, 3, 0, 3])
    trials = np.full(8, 3.0)
    assert effective_n(hits, trials) == pytest.approx(7.0)      # subjects less one (n - 1)
    independent = np.array([1.0, 2, 2, 1, 2, 1, 2, 1])      # less alike than binomial
    assert effective_n(independent, trials) == pytest.approx(24.0)


# ----------------------------------------------------------------- numbers
def two_raters_and_reference():
    """12 subjects, raters A and B, and a reference; A agrees on 9, B on 11."""
    ref = list("110011001100")
    a = list("110011001011")          # differs at 9, 10, 11 -> 9 agree
    b = list("110011001101")          # differs at 11 -> 11 agree
    rows = {f"s{i}": {"A": a[i], "B": b[i]} for i in range(12)}
    return long_table(rows), {f"s{i}": ref[i] for i in range(12)}, a, b, ref


def test_each_rater_against_the_reference_by_hand():
    table, reference, a, b, ref = two_raters_and_reference()
    v = validity_check(table, reference, "gold")
    row_a = v.rater_rows[0]
    assert (row_a.who, row_a.agreement.hits, row_a.agreement.n) == ("A", 9, 12)
    assert row_a.agreement.interval == pytest.approx(wilson_interval(9, 12))
    # sensitivity: reference Class 1 ('1') at 0,1,4,5,8,9 -> A says 1 at 0,1,4,5,8 -> 5 of 6
    assert (row_a.sensitivity.hits, row_a.sensitivity.n) == (5, 6)
    # specificity: reference '0' at 2,3,6,7,10,11 -> A says 0 at 2,3,6,7 -> 4 of 6
    assert (row_a.specificity.hits, row_a.specificity.n) == (4, 6)
    assert v.rater_rows[1].agreement.hits == 11
    panel = v.row("panel")
    assert (panel.agreement.hits, panel.agreement.n) == (20, 24)


def test_kappa_is_the_coefficients_own_cohen_kappa():
    table, reference, a, b, ref = two_raters_and_reference()
    v = validity_check(table, reference, "gold")
    as_raters = long_table({f"s{i}": {"A": a[i], "gold": ref[i]} for i in range(12)})
    cohen = next(c for c in agreement_coefficients(as_raters).coefficients if c.key == "cohen_kappa")
    assert v.rater_rows[0].kappa.value == pytest.approx(cohen.value)
    assert v.rater_rows[0].kappa.interval == pytest.approx(cohen.ci)


def test_kappa_matches_statsmodels():
    from statsmodels.stats.inter_rater import cohens_kappa
    table, reference = simulated(n=50, raters="AB")
    v = validity_check(table, reference)
    rated = np.array([int(r) for r in table.rating[table.rater == 0]])
    truth = np.array([int(reference[table.subject_ids[s]]) for s in table.subject[table.rater == 0]])
    # table ratings are codes; with categories '0','1' the code is the label
    pairs = np.zeros((2, 2))
    np.add.at(pairs, (rated, truth), 1)
    assert v.rater_rows[0].kappa.value == pytest.approx(cohens_kappa(pairs).kappa)


def test_weighted_kappa_on_an_ordered_scale_is_the_linear_weighted_cohen():
    rng = np.random.default_rng(5)
    truth = rng.integers(1, 5, 40)
    a = np.clip(truth + rng.integers(-1, 2, 40), 1, 4)
    table = long_table({f"s{i}": {"A": str(a[i])} for i in range(40)}, ordinal=True)
    reference = {f"s{i}": str(truth[i]) for i in range(40)}
    v = validity_check(table, reference)
    assert v.weights == "linear"
    both = long_table({f"s{i}": {"A": str(a[i]), "ref": str(truth[i])} for i in range(40)},
                      ordinal=True)
    coefs = agreement_coefficients(both, weights="linear").coefficients
    weighted = next(c for c in coefs if c.key == "cohen_kappa_weighted")
    assert v.rater_rows[0].weighted.value == pytest.approx(weighted.value)
    assert v.class1 == ()                           # four categories: no sensitivity
    assert v.rater_rows[0].sensitivity is None


def test_brute_force_panel_and_majority():
    table, reference = simulated(n=70, raters="ABC")
    v = validity_check(table, reference)
    hits = sum(table.scale.categories[r] == reference[table.subject_ids[s]]
               for s, r in zip(table.subject, table.rating))
    assert v.row("panel").agreement.hits == hits
    assert v.row("panel").agreement.n == table.n_ratings
    majority_hits = 0
    for i, sid in enumerate(table.subject_ids):
        votes = [table.scale.categories[r] for r in table.rating[table.subject == i]]
        top = max(set(votes), key=votes.count)
        majority_hits += top == reference[sid]
    assert v.row("majority").agreement.hits == majority_hits
    assert v.row("majority").agreement.n == 70        # three raters on two classes: no ties


def test_majority_ties_are_left_out():
    rows = {f"s{i}": {"A": "1", "B": "0"} for i in range(6)}
    rows |= {f"t{i}": {"A": "1", "B": "1"} for i in range(6)}
    table = long_table(rows)
    v = validity_check(table, dict.fromkeys(rows, "1"))
    assert v.row("majority").agreement.n == 6


def test_panel_interval_is_wider_than_treating_ratings_as_independent():
    # every subject's four ratings are alike: they carry one subject's worth of evidence
    rows = {f"s{i}": dict.fromkeys("ABCD", "1" if i % 5 else "0") for i in range(40)}
    table = long_table(rows)
    v = validity_check(table, dict.fromkeys(rows, "1"))
    panel = v.row("panel").agreement
    low, high = panel.interval
    assert (panel.hits, panel.n) == (128, 160)
    assert high - low > np.diff(wilson_interval(128, 160))[0] * 1.5
    assert (low, high) == pytest.approx(wilson_interval(0.8 * 39, 39))   # 40 subjects less one


def test_answers_by_label_number_and_those_not_on_the_scale():
    scale = Scale(("1", "2"), labels=("no", "yes"))
    rows = {f"s{i}": {"A": "2" if i % 2 else "1"} for i in range(12)}
    table = long_table(rows, scale=scale)
    reference = {f"s{i}": ("yes" if i % 2 else "1.0") for i in range(10)}
    reference |= {"s10": "maybe", "s11": " ", "elsewhere": "yes"}
    v = validity_check(table, reference, "panel answer")
    assert v.n_answers == 10 and v.unknown == ("maybe",) and v.n_elsewhere == 1
    assert v.rater_rows[0].agreement.hits == 10
    lead = v.sentences()[0]
    assert "'maybe' is not on the ratings' scale" in lead and "1 answer is for a subject" in lead


# ----------------------------------------------------------------- words
def test_a_reference_made_from_the_raters_is_said_to_inflate_agreement():
    table, _ = simulated(n=120, raters="ABC")
    votes = {}
    for i, sid in enumerate(table.subject_ids):
        ratings = [table.scale.categories[r] for r in table.rating[table.subject == i]]
        votes[sid] = max(set(ratings), key=ratings.count)
    v = validity_check(table, votes, "consensus")
    assert v.from_raters
    assert any("inflated by construction" in s for s in v.sentences())
    for accuracy in (0.8, 0.9):          # an answer made apart from accurate raters
        independent, truth = simulated(n=300, raters="ABC", accuracy=accuracy)
        w = validity_check(independent, truth)
        assert w.majority_match.n >= 30 and not w.from_raters
        assert not any("inflated" in s for s in w.sentences())


def test_too_few_subjects_say_the_data_cannot_tell():
    table, reference = simulated(n=MIN_COMMON - 4, raters="AB")
    v = validity_check(table, reference)
    text = " ".join(v.sentences())
    assert "cannot tell" in text and "%" not in text
    assert all(row[2] == "cannot tell" and row[3] == "cannot tell" for row in v.table_rows())
    panel = v.row("panel").agreement           # 12 ratings, but of 6 subjects only
    assert panel.n == 12 and panel.subjects == 6 and not panel.told


def test_a_rater_with_few_compared_ratings_is_untold_and_counted():
    table, reference = simulated(n=40, raters="AB")
    extra = long_table({f"s{i}": {"C": "1"} for i in range(4)})
    merged = RatingsTable.from_labels(
        [*(table.subject_ids[s] for s in table.subject), *(f"s{i}" for i in range(4))],
        [*(table.rater_ids[r] for r in table.rater), *("C",) * 4],
        [*(table.scale.categories[c] for c in table.rating), *("1",) * 4])
    assert extra.n_ratings == 4
    v = validity_check(merged, reference)
    c_row = next(r for r in v.rater_rows if r.who == "C")
    assert not c_row.agreement.told
    assert any("For 1 rater the data cannot tell" in s for s in v.sentences())


def test_sentences_and_table_name_the_honest_limits():
    table, reference = simulated()
    v = validity_check(table, reference, "gold")
    text = " ".join(v.sentences())
    assert "not the truth" in text
    assert "sensitivity" in text and "specificity" in text
    assert v.columns()[-2:] == ("Sensitivity (95% interval)", "Specificity (95% interval)")
    assert [row[0] for row in v.table_rows()] == ["A", "B", "C", "D", "every rating", "majority vote"]
    data = v.to_dict()
    assert data["sentences"] == list(v.sentences())
    assert data["rows"][0]["agreement"]["hits"] == v.rater_rows[0].agreement.hits


def test_class1_follows_the_fit_and_t_is_set_beside_the_reference_share():
    table, reference = simulated(n=120)
    result = fit(FitRequest(model="tap"), table)
    (v,) = validity_for_fit(result, table, {"gold": reference})
    assert v.class1 == result.class_choice.class1
    share = np.mean([reference[s] == "1" for s in table.subject_ids])
    assert v.reference_class1.value == pytest.approx(share)
    line = next(s for s in v.sentences() if "t-a-p fit estimates" in s)
    assert f"{round(100 * result.value('t'))}%" in line


def test_class1_of_a_split_gives_sensitivity_on_a_larger_scale():
    rows = {f"s{i}": {"A": str(1 + i % 3), "B": str(1 + (i + 1) % 3)} for i in range(30)}
    table = long_table(rows)
    choice = choose_class1(table.scale, ["3"])
    v = validity_check(table, {f"s{i}": str(1 + i % 3) for i in range(30)}, class_choice=choice)
    row_a = v.rater_rows[0]
    assert (row_a.sensitivity.hits, row_a.sensitivity.n) == (10, 10)
    assert row_a.agreement.hits == 30


def test_a_rater_who_always_gives_the_reference_s_answer_is_named():
    table, _ = simulated(n=30, raters="ABC")
    first = {table.subject_ids[s]: table.scale.categories[r]
             for s, r, g in zip(table.subject, table.rating, table.rater) if g == 0}
    v = validity_check(table, first, "final")
    line = next(s for s in v.sentences() if "every subject compared" in s)
    assert line.startswith("Rater A gave") and "that rater's own answer" in line
