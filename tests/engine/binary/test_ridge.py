"""The not-identified t-a-p variants: identified (t, q1, q0) plus an honest ridge.

Also the kappa-paradox data set run through every binary variant model of
issue 2 (ridge variants, expert, per-rater): finite numbers, warnings, clean JSON.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import ridge
from tapdesk.engine.binary.likelihood import Mixture, log_likelihood
from tapdesk.engine.binary.simulate import TapParameters, expected_counts, simulate_table

VARIANT_MODELS = ("tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1")

# Generating values for each variant (all with t = 0.3).
TRUTH = {
    "tap-a0a1": TapParameters(t=0.3, a=0.0, p=0.35, a0=0.5, a1=0.75),
    "tap-p0p1": TapParameters(t=0.3, a=0.55, p=0.0, p0=0.25, p1=0.6),
    "tap-a0a1-p0p1": TapParameters(t=0.3, a=0.0, p=0.0, a0=0.45, a1=0.7, p0=0.3, p1=0.55),
}


def truth_values(model: str) -> dict[str, float]:
    g = TRUTH[model]
    a0, a1, p0, p1 = (float(v[0]) for v in g.rater_params(1))
    return {"a0": a0, "a1": a1, "a": a1, "p0": p0, "p1": p1, "p": p1,
            "q1": a1 + (1 - a1) * p1, "q0": (1 - a0) * p0}


VARIANT_FUNCTIONS = {"tap-a0a1": ridge.ridge_a0a1, "tap-p0p1": ridge.ridge_p0p1,
                     "tap-a0a1-p0p1": ridge.ridge_a0a1p0p1}


def table_from_histogram(hist) -> RatingsTable:
    """A 0/1 table whose (N_r, N_c) histogram is ``hist`` with weights rounded to subjects."""
    per_subject = []
    for n, k, w in zip(hist.n_rated, hist.n_class1, hist.weight):
        per_subject += [[1] * int(k) + [0] * int(n - k)] * int(round(w))
    ratings = np.array(per_subject, dtype=np.int64)
    n_subj, n_rat = ratings.shape
    return RatingsTable(subject=np.repeat(np.arange(n_subj), n_rat),
                        rater=np.tile(np.arange(n_rat), n_subj), rating=ratings.ravel(),
                        subject_ids=tuple(str(i) for i in range(n_subj)),
                        rater_ids=tuple(f"R{j}" for j in range(n_rat)), scale=Scale(("0", "1")))


@pytest.fixture(scope="module")
def exact_fits():
    """Fits on tables built from expected counts (rounded to whole subjects, 200,000 subjects)."""
    out = {}
    for model in VARIANT_MODELS:
        hist = expected_counts(TRUTH[model], 200_000, 6)
        table = table_from_histogram(hist)
        out[model] = (fit(FitRequest(model=model, n_starts=4), table), table)
    return out


@pytest.mark.parametrize("model", VARIANT_MODELS)
def test_identified_quantities_match_and_ridge_contains_truth(model, exact_fits):
    result, _ = exact_fits[model]
    truth = truth_values(model)
    assert result.value("t") == pytest.approx(0.3, abs=2e-3)
    assert result.value("q1") == pytest.approx(truth["q1"], abs=2e-3)
    assert result.value("q0") == pytest.approx(truth["q0"], abs=2e-3)
    ranges = {row[0]: (row[1], row[2]) for row in result.table(ridge.RANGE_TABLE).rows}
    for name, (lo, hi) in ranges.items():
        assert lo - 1e-9 <= truth[name] <= hi + 1e-9, (name, lo, hi, truth[name])
    # The generating point lies on the fitted ridge: a dense ridge passes next to it.
    dense = VARIANT_FUNCTIONS[model](result.value("q1"), result.value("q0"), 4001)
    groups = [("a1", "p1"), ("a0", "p0")] if model == "tap-a0a1-p0p1" else [dense.names]
    for group in groups:
        cols = [dense.names.index(n) for n in group]
        target = np.array([truth[n] for n in group])
        distance = np.abs(dense.points[:, cols] - target).max(axis=1).min()
        assert distance < 3e-3, (group, distance)


@pytest.mark.parametrize("model", VARIANT_MODELS)
def test_every_ridge_point_has_the_maximum_likelihood(model, exact_fits):
    result, table = exact_fits[model]
    hist = binary_counts(table).histogram()
    t = result.value("t")
    ll_max = result.log_likelihood.nats
    points = result.table(ridge.POINTS_TABLE)
    assert len(points.rows) == ridge.N_RIDGE_POINTS
    for row in points.rows:
        q1, q0 = ridge.ridge_q(points.columns, np.array(row))
        assert log_likelihood(hist, Mixture(t, q1, q0)) == pytest.approx(ll_max, abs=1e-8)
    # A point off the ridge is worse: the ridge really is where the maximum is.
    assert log_likelihood(hist, Mixture(t, result.value("q1") + 0.01, result.value("q0"))) < ll_max - 1


@pytest.mark.parametrize("model", VARIANT_MODELS)
def test_json_gives_no_arbitrary_ridge_point(model, exact_fits):
    result, _ = exact_fits[model]
    payload = result.to_dict()
    json.dumps(payload, allow_nan=False)
    ridge_names = [row[0] for row in result.table(ridge.RANGE_TABLE).rows]
    assert ridge_names and all(payload["params"][n] is None for n in ridge_names)
    assert all(payload["ci"][n] is None and payload["se"][n] is None for n in ridge_names)
    for name in ("t", "q1", "q0"):
        assert isinstance(payload["params"][name], float)
        assert payload["ci"][name][0] < payload["params"][name] < payload["ci"][name][1]
    assert "not-identified" in payload["warning_codes"]
    titles = [t["title"] for t in payload["tables"]]
    assert ridge.RANGE_TABLE in titles and ridge.POINTS_TABLE in titles
    text = result.summary().as_text()
    assert text.count("not identified") >= len(ridge_names)


def test_ridge_formulas_at_the_edges_stay_finite():
    for q1, q0 in ((1 - 1e-9, 1e-9), (0.5, 1e-9), (1 - 1e-9, 0.4), (0.3, 0.3)):
        for make in (ridge.ridge_a0a1, ridge.ridge_p0p1, ridge.ridge_a0a1p0p1):
            r = make(q1, q0)
            assert np.isfinite(r.points).all()
            assert ((r.points >= 0) & (r.points <= 1)).all()
            for row in r.points:
                got = ridge.ridge_q(r.names, row)
                assert got == pytest.approx((q1, q0), abs=1e-7)


def test_variants_on_a_sample_agree_with_the_tap_likelihood():
    """The variants contain t-a-p, and all share the mixture MLE, so their maxima are equal."""
    table = simulate_table(TapParameters(t=0.4, a=0.5, p=0.3), 400, 5, seed=11)
    tap = fit(FitRequest(model="tap"), table)
    for model in VARIANT_MODELS:
        result = fit(FitRequest(model=model), table)
        assert result.log_likelihood.nats == pytest.approx(tap.log_likelihood.nats, abs=1e-7)
        # q1, q0 of the variant equal the ones implied by tap's (a, p).
        a, p = tap.value("a"), tap.value("p")
        assert result.value("q1") == pytest.approx(a + (1 - a) * p, abs=1e-6)
        assert result.value("q0") == pytest.approx((1 - a) * p, abs=1e-6)


def test_bootstrap_intervals_for_identified_quantities():
    table = simulate_table(TapParameters(t=0.4, a=0.5, p=0.3), 300, 4, seed=5)
    result = fit(FitRequest(model="tap-a0a1", bootstrap=40, seed=3), table)
    assert "bootstrap" in result.interval_method
    for name in ("t", "q1", "q0"):
        est = result.param(name)
        assert est.se is not None and est.se > 0 and est.ci[0] <= est.value <= est.ci[1]


# ------------------------------------------------------------------ kappa paradox
def kappa_paradox_table() -> RatingsTable:
    """1000 subjects, 2 raters: 998 agree on 0, two split pairs (99.8% raw agreement)."""
    rows = [[0, 0]] * 998 + [[0, 1], [1, 0]]
    return RatingsTable.from_wide(rows, rater_ids=["A", "B"])


@pytest.mark.parametrize("model", VARIANT_MODELS + ("expert", "per-rater"))
def test_kappa_paradox_gives_finite_results_and_warnings(model):
    result = fit(FitRequest(model=model, n_starts=4), kappa_paradox_table())
    assert result.n_subjects == 1000
    for est in result.params:
        if est.identified:
            assert math.isfinite(est.value), est
    for rater in result.raters:
        assert all(math.isfinite(e.value) for e in rater.estimates)
    assert all(math.isfinite(p) for s in result.subjects for p in s.probabilities)
    assert math.isfinite(result.log_likelihood.nats)
    assert result.warnings, "the kappa paradox must come with a warning"
    payload = json.dumps(result.to_dict(), allow_nan=False)
    assert "NaN" not in payload and "Infinity" not in payload
