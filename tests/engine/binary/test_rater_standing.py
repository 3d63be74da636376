"""Does a rater differ from the rest of the panel? The per-rater fit's one rule (issue 25).

The interval for the difference between a rater's accuracy and the others'
weighted average is a profile-likelihood interval: checked against an
independent constrained optimiser (SLSQP from several starts), against its
own definition (the likelihood drops by half the chi-square quantile at each
end), at the boundary (a rater who mostly guesses), and by simulation (false
"differs" claims no more often than the level allows; the weakest rater never
told "not shown to differ" while a better one is told "less often").
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import rater_standing as rs
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater_dense import dense_information
from tapdesk.engine.binary.per_rater_em import RaterParams, log_likelihood, observed_information, rater_data
from tapdesk.engine.binary.rating_patterns import observed_patterns
from tapdesk.engine.intervals import chi2_1
from tests import WINE
from tests.engine.binary.global_profile import IndependentProfile, difference, own


def panel(rng: np.random.Generator, a, p: float = 0.5, t: float = 0.4, n: int = 150,
          ) -> RatingsTable:
    """Subjects x raters with rater j accurate with probability a[j], else guessing 1 with p."""
    a = np.asarray(a, float)
    truth = rng.random(n) < t
    accurate = rng.random((n, len(a))) < a
    guess = rng.random((n, len(a))) < p
    y = np.where(accurate, truth[:, None], guess).astype(int)
    return RatingsTable.from_wide(y.tolist(), rater_ids=[f"R{j + 1}" for j in range(len(a))])


def per_rater(table: RatingsTable, level: float = 0.95):
    return fit(FitRequest(model="per-rater", class1=("1",), n_starts=4, level=level), table)


@pytest.fixture(scope="module")
def weak_panel():
    """Five raters; R1 almost always guesses (a = 0.02), the others are accurate 60% of the time."""
    table = panel(np.random.default_rng(5), [0.02, 0.6, 0.6, 0.6, 0.6], n=300)
    request = FitRequest(model="per-rater", class1=("1",), n_starts=4)
    data = rater_data(table, counts_for(request, table))
    return table, data, per_rater(table)


def mle_of(result) -> np.ndarray:
    """(t, q1, q0) of the fit, raters in the fit's order (the order of its RaterData)."""
    q1 = [r.get("sensitivity").value for r in result.raters]
    q0 = [r.get("false_positive_rate").value for r in result.raters]
    return np.concatenate([[result.value("t")], q1, q0])


def test_dense_information_is_the_engines_sparse_one(weak_panel):
    _, data, _ = weak_panel
    x = np.concatenate([[0.37], np.linspace(0.5, 0.9, 5), np.linspace(0.1, 0.45, 5)])
    sparse = observed_information(data, RaterParams(x[0], x[1:6], x[6:]))
    dense = dense_information(observed_patterns(data), x)
    assert np.allclose(dense, sparse, rtol=1e-10, atol=1e-8)


def best_slsqp(data, mle, contrast, target, rng) -> float:
    """An independent maximum: SLSQP from the MLE and from five random starts."""
    starts = [mle] + [np.clip(mle + rng.normal(0, 0.1, len(mle)), 0.02, 0.98) for _ in range(5)]
    return max(rs.constrained_slsqp(data, s, contrast, target)[0] for s in starts)


def test_interval_ends_are_where_the_profile_drops_by_half_the_chi_square(weak_panel):
    table, data, result = weak_panel
    mle = mle_of(result)
    ll_max = log_likelihood(data, RaterParams(mle[0], mle[1:6], mle[6:]))
    rng = np.random.default_rng(1)
    weights = data.rater_ratings
    for j in (0, 2):
        contrast = rs.accuracy_contrast(5, j, weights)
        comparison = result.comparison(f"R{j + 1}", "a")
        assert comparison.method == "profile likelihood"
        assert comparison.difference == pytest.approx(contrast.value(mle), abs=1e-9)
        for end in comparison.interval:
            newton = rs.constrained_maximum(data, mle, contrast, end)[0]
            independent = best_slsqp(data, mle, contrast, end, rng)
            assert newton == pytest.approx(independent, abs=2e-4)
            assert ll_max - independent == pytest.approx(chi2_1(0.95) / 2, abs=5e-3)


def test_a_rater_who_mostly_guesses_gets_an_honest_interval(weak_panel):
    """Near a = 0 the logit-Wald interval of a_j blew up to most of (0, 1); the difference's
    profile interval stays short and says the rater was accurate less often than the panel."""
    _, _, result = weak_panel
    weak = result.comparison("R1", "a")
    lo, hi = weak.interval
    assert weak.verdict == "lower" and hi < 0 and hi - lo < 0.4
    assert -0.58 - 0.2 < weak.difference < -0.58 + 0.2          # truth: 0.02 - 0.6
    assert "R1 was accurate less often" in " ".join(result.headline)
    others = [result.comparison(f"R{j}", "a") for j in range(2, 6)]
    assert all(c.verdict in ("not shown to differ", "higher") for c in others)


def test_a_lower_level_gives_a_nested_interval(weak_panel):
    table, _, result = weak_panel
    narrow = per_rater(table, level=0.8)
    for wide in (c for c in result.comparisons if c.interval):
        inner = narrow.comparison(wide.rater_id, wide.name)
        assert inner.level == 0.8 and wide.level == 0.95
        assert wide.interval[0] < inner.interval[0] <= inner.interval[1] < wide.interval[1]


def test_few_ratings_and_one_rating_every_time_are_not_compared():
    rng = np.random.default_rng(2)
    table = panel(rng, [0.6, 0.6, 0.6], n=120)
    rows = [[*map(int, r), 1] for r in table.rater_matrix().tolist()]
    same = RatingsTable.from_wide(rows, rater_ids=["R1", "R2", "R3", "Same"])
    result = per_rater(same)
    assert result.comparison("Same", "a").verdict == "unknown"
    assert "same rating" in result.comparison("Same", "a").method


@pytest.mark.slow
def test_claims_are_right_at_the_stated_level():
    """Equal raters: "differs" claimed no more often than 5% allows (plus simulation error).
    A panel with a weak rater: that rater is never told "not shown to differ" while a
    better one is told "less often"."""
    rng = np.random.default_rng(20261123)
    verdicts = [c.verdict for _ in range(40) for c in per_rater(panel(rng, [0.6] * 5, n=100))
                .comparisons if c.name == "a"]
    claims = sum(v in ("higher", "lower") for v in verdicts)
    n = len(verdicts)
    assert claims / n <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / n), (claims, n)
    for _ in range(20):
        result = per_rater(panel(rng, [0.05, 0.3, 0.6, 0.6, 0.6], n=100))
        by_estimate = sorted(result.raters, key=lambda r: r.get("a").value)
        weakest = result.comparison(by_estimate[0].rater_id, "a")
        for better in by_estimate[1:]:
            if result.comparison(better.rater_id, "a").verdict == "lower":
                assert weakest.verdict == "lower", list(result.comparisons)


def test_draws_give_the_difference_and_its_credible_interval():
    """Synthetic draws: rater 1 is 0.3 below the others, whose weights are their ratings."""
    from tapdesk.engine.bayes.rater_draws import compare_from_draws
    rng = np.random.default_rng(3)
    a = np.column_stack([rng.normal(0.3, 0.05, 4000), rng.normal(0.6, 0.05, 4000),
                         rng.normal(0.6, 0.05, 4000)])
    p = np.full_like(a, 0.5) + rng.normal(0, 0.01, a.shape)
    found, panel_test = compare_from_draws(a, p, ("A", "B", "C"), np.array([100, 100, 300]),
                                           np.array([40, 50, 150]), 0.95)
    assert panel_test is not None and panel_test.n_comparisons == 6
    first = next(c for c in found if c.rater_id == "A" and c.name == "a")
    others = (a[:, 1] * 100 + a[:, 2] * 300) / 400
    expected = np.quantile(a[:, 0] - others, [0.025, 0.975])
    assert first.difference == pytest.approx((a[:, 0] - others).mean())
    assert first.interval == pytest.approx(tuple(expected))
    assert first.verdict == "lower"
    assert next(c for c in found if c.rater_id == "A" and c.name == "p").verdict == \
        "not shown to differ"


def test_the_bayesian_fit_compares_raters_as_maximum_likelihood_does(weak_panel):
    table, _, ml = weak_panel
    request = FitRequest(model="per-rater", class1=("1",), method="mcmc", chains=2, draws=1000,
                         warmup=500)
    bayes = fit(request, table)
    assert bayes.comparison("R1", "a").verdict == ml.comparison("R1", "a").verdict == "lower"
    assert bayes.panel_test is not None and bayes.panel_test.p_value is None     # a joint band
    assert "credible band" in bayes.panel_test.method
    assert "R1 was accurate less often" in " ".join(bayes.headline)


@pytest.fixture(scope="module")
def sure_panel():
    """Raters with accuracy 0.95 to 0.3: the strongest ones' q0 profile onto the edge 0."""
    table = panel(np.random.default_rng(7), [0.95, 0.9, 0.6, 0.3], n=200)
    data = rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))
    return table, data, per_rater(table)


def test_a_maximum_on_the_edge_is_slsqps_without_slsqp(sure_panel):
    """Where Newton's steps cannot settle (an estimate pressed against 0), the steps with an
    active set find the same maximum as SLSQP from several starts, or do not settle (None):
    from an estimate with two coordinates on the edge, as EM now reaches them (issue 57),
    two of the eight ends do not, and SLSQP searches there, as in the fit (the next test
    compares the fit's intervals with SLSQP's)."""
    table, data, result = sure_panel
    mle = mle_of(result)
    rng = np.random.default_rng(3)
    checked = 0
    for j in range(4):
        contrast = rs.accuracy_contrast(4, j, data.rater_ratings)
        for end in result.comparison(f"R{j + 1}", "a").interval:
            if rs.constrained_newton(data, mle, contrast, end) is not None:
                continue
            found = rs.constrained_on_box(data, mle, contrast, end)
            if found is None:
                continue
            ll, x = found
            assert contrast.value(x) == pytest.approx(end, abs=1e-9)
            assert np.all((x >= rs.EDGE) & (x <= 1 - rs.EDGE)) and x.min() <= rs.EDGE
            assert ll == pytest.approx(best_slsqp(data, mle, contrast, end, rng), abs=1e-6)
            checked += 1
    assert checked >= 2


def test_the_wine_panels_comparisons_need_no_scipy_optimize():
    """On the wine data every constrained maximum settles by Newton steps, on the box where
    an estimate reaches an edge, and no point of the likelihood-ratio region lies beyond a
    first crossing (issue 39), so the report never imports scipy.optimize for them."""
    code = f"""
import sys
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
table = read_ratings({str(WINE)!r}, ImportOptions()).table
result = fit(FitRequest(model="per-rater", cut=1), table)
assert len(result.comparisons) == 8 and all(c.interval for c in result.comparisons)
print("scipy.optimize" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_the_edge_steps_give_the_intervals_slsqp_gives(sure_panel, monkeypatch):
    table, _, result = sure_panel
    monkeypatch.setattr(rs, "constrained_on_box", lambda *a, **k: None)   # SLSQP instead
    by_slsqp = per_rater(table)
    for ours, theirs in zip(result.comparisons, by_slsqp.comparisons, strict=True):
        assert (ours.rater_id, ours.name, ours.verdict) == \
            (theirs.rater_id, theirs.name, theirs.verdict)
        assert ours.interval == pytest.approx(theirs.interval, abs=1e-4)


# ------------------------------------------------------------- global profiles (issue 39)
CUTOFF = chi2_1(0.95) / 2


def independent_for(table, request, result, rater: str, name: str) -> IndependentProfile:
    """The independent multi-start profile (tests/engine/binary/global_profile.py) of the
    difference the engine compared: rater minus the others, weighted by ratings (a) or by
    ratings that are guesses at the fit (p)."""
    data = rater_data(table, counts_for(request, table))
    mle = mle_of(result)
    r = data.n_raters
    a = mle[1:1 + r] - mle[1 + r:]
    weights = data.rater_ratings * (1.0 if name == "a" else np.clip(1 - a, 0, None))
    j = [x.rater_id for x in result.raters].index(rater)
    return IndependentProfile(data.counts.toarray(), difference(r, j, weights, name), mle)


def assert_ends_on_the_global_profile(independent: IndependentProfile, interval, tol=0.01):
    """0.01 inside each end the independent profile is within the cut-off, 0.01 outside it
    is not: the ends agree with the independent optimiser's to 0.01."""
    for end, side in zip(interval, (-1, 1)):
        assert independent.drop(end - side * tol) <= CUTOFF, (end, "inside")
        assert independent.drop(end + side * tol) > CUTOFF, (end, "outside")


@pytest.fixture(scope="module")
def wine_silver():
    """Wine, Class 1 = silver or below (cut 3): the raters' guess rates sit near 1."""
    from tapdesk.data.importer.model import ImportOptions
    from tapdesk.data.readers import read_ratings
    table = read_ratings(str(WINE), ImportOptions()).table
    request = FitRequest(model="per-rater", cut=3)
    return table, request, fit(request, table)


def test_wine_j2s_guess_rate_difference_ends_on_the_global_profile(wine_silver):
    """Reported -0.062 to 0.209 before: the ends stopped at the first local maximum. The global
    profile plateaus at a drop of about 1.44 from 0.15 to 0.26, below the 1.92 cut-off."""
    table, request, result = wine_silver
    j2 = result.comparison("J2", "p")
    assert j2.method == "profile likelihood" and j2.verdict == "not shown to differ"
    lo, hi = j2.interval
    assert -0.10 < lo < -0.075 and 0.29 < hi < 0.32
    independent = independent_for(table, request, result, "J2", "p")
    assert independent.drop(0.2) < CUTOFF            # the plateau is inside
    assert_ends_on_the_global_profile(independent, j2.interval)


@pytest.mark.slow
def test_wine_j2s_interval_is_the_independent_optimisers_hull(wine_silver):
    """The whole set of values inside the cut-off, traced on a grid over [-1, 1] by the
    independent optimiser, has the engine's ends (to 0.01)."""
    table, request, result = wine_silver
    independent = independent_for(table, request, result, "J2", "p")
    hull = independent.interval(2 * CUTOFF / 2, (-1.0, 1.0), step=0.04, tol=2e-3)
    assert result.comparison("J2", "p").interval == pytest.approx(hull, abs=0.01)


@pytest.fixture(scope="module")
def extreme_panel():
    """R1 always accurate (a = 1), R2 always guessing (a = 0), two raters at 0.6."""
    table = panel(np.random.default_rng(1), [1.0, 0.0, 0.6, 0.6], n=120)
    request = FitRequest(model="per-rater", class1=("1",), n_starts=4)
    return table, request, fit(request, table)


def test_a_guess_rate_that_cannot_be_estimated_gets_no_verdict(extreme_panel):
    """R1 is accurate on every rating, so its own guess rate's interval is 0 to 1: its
    difference from the panel is "unknown", with the reason, not "guesses Class 1 less"."""
    _, _, result = extreme_panel
    r1 = next(r for r in result.raters if r.rater_id == "R1")
    assert r1.get("p").ci == pytest.approx((0.0, 1.0), abs=1e-3)
    guess = result.comparison("R1", "p")
    assert guess.verdict == "unknown" and guess.interval is None and not guess.differs
    assert guess.method.startswith(rs.CANNOT)
    assert "R1 was accurate on (nearly) every rating the model could check, so how R1 " \
           "guesses cannot be told" in guess.method
    assert result.comparison("R1", "a").verdict == "higher"       # its accuracy is estimated
    assert result.comparison("R2", "a").verdict == "lower"


def test_the_rule_is_the_span_of_the_raters_own_interval():
    assert rs.not_identified("X", "p", (0.0, 0.79), 0.95, 0.95) is None
    assert "how X guesses cannot be told" in rs.not_identified("X", "p", (0.0, 0.8), 0.95, 0.95)
    assert "cannot tell how X guesses" in rs.not_identified("X", "p", (0.1, 0.95), 0.3, 0.95)
    assert rs.not_identified("X", "a", (-0.5, 1.0), 0.5, 0.95) is None
    assert "how often X is accurate" in rs.not_identified("X", "a", (-0.6, 1.0), 0.5, 0.95)


@pytest.mark.parametrize("rater,name", [("R2", "a"), ("R2", "p"), ("R4", "p")])
def test_ends_next_to_raters_at_0_and_1_are_on_the_global_profile(extreme_panel, rater, name):
    table, request, result = extreme_panel
    comparison = result.comparison(rater, name)
    assert comparison.method == "profile likelihood"
    assert_ends_on_the_global_profile(independent_for(table, request, result, rater, name),
                                      comparison.interval)


@pytest.mark.parametrize("rater,name", [("R2", "a"), ("R3", "a"), ("R3", "p"), ("R4", "p")])
def test_raters_own_interval_ends_are_on_the_global_profile(extreme_panel, rater, name):
    """A rater's own accuracy and guess rate (per_rater_profile.py), beside raters at a = 1
    and a = 0: every end agrees with the independent multi-start optimiser's to 0.01 (where the
    range goes on past it)."""
    table, request, result = extreme_panel
    data = rater_data(table, counts_for(request, table))
    j = [x.rater_id for x in result.raters].index(rater)
    independent = IndependentProfile(data.counts.toarray(), own(data.n_raters, j, name),
                                     mle_of(result))
    limits = (-1.0, 1.0) if name == "a" else (0.0, 1.0)
    for end, side in zip(result.raters[j].get(name).ci, (-1, 1)):
        assert independent.drop(end - side * 0.01) <= CUTOFF, (end, "inside")
        if limits[0] < end + side * 0.01 < limits[1]:
            assert independent.drop(end + side * 0.01) > CUTOFF, (end, "outside")
