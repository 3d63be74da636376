"""Issue 11: "exact" means exact, against a brute-force posterior written in the tests.

The reference (tests/engine/bayes/reference.py) shares no code with the engine:
a Gauss-Legendre tensor grid on the probability scale with Legendre-series
CDFs, and closed-form conditional CDFs along the ridge for the ridge models.
Every mean, sd, 5/25/50/75/95% quantile and 90% HDI end must agree within
0.02 posterior sd, on data sets spanning the cube including the
near-unidentified ones (accuracy < .15, t or 1 - t < .1, two raters and 30
subjects), and the grid must say it is that accurate.
The exhaustive comparisons (300^3 grids over the whole cube, many more data
sets) are in benchmarks/bench_bayes_exact.py and benchmarks/RESULTS.md.
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tests.engine.bayes.reference import FIGURES, expert_reference, ridge_reference, tap_reference

TOLERANCE_SD = 0.02


def assert_close(result, reference: dict[str, np.ndarray]):
    worst = 0.0
    for name, ref in reference.items():
        p = result.posterior.parameter(name)
        ours = np.array([p.mean, p.sd, *p.quantiles, *p.hdi])
        err = np.abs(ours - ref) / ref[1]
        worst = max(worst, err.max())
        assert err.max() <= TOLERANCE_SD, (name, dict(zip(FIGURES, np.round(err, 4))))
    assert result.posterior.trustworthy and result.posterior.grid_error <= 0.02
    return worst


# ------------------------------------------------------------------ t-a-p
KAPPA = RatingsTable.from_wide([[0, 0]] * 998 + [[0, 1], [1, 0]])
TAP_CASES = {
    "accuracy .1 (a < .15)": simulate_table(TapParameters(0.2, 0.1, 0.5), 300, 5, 1),
    "rare class (t < .1)": simulate_table(TapParameters(0.05, 0.6, 0.3), 200, 4, 1),
    "common class (1 - t < .1)": simulate_table(TapParameters(0.95, 0.5, 0.1), 200, 5, 1),
    "two raters, 30 subjects": simulate_table(TapParameters(0.5, 0.6, 0.3), 30, 2, 1),
    "all at once: a = .1, t = .05, 30 x 2": simulate_table(TapParameters(0.05, 0.1, 0.5), 30, 2, 1),
    "kappa paradox (a bimodal)": KAPPA,
    "well identified, 2000 x 6": simulate_table(TapParameters(0.3, 0.6, 0.4), 2000, 6, 1),
}


_FITS: dict[int, object] = {}


def exact_fit(table):
    """The default exact t-a-p fit of ``table``, computed once for the tests below that share
    a data set (the peaks test uses two of the brute-force cases)."""
    if id(table) not in _FITS:
        _FITS[id(table)] = fit(FitRequest(method="exact"), table)
    return _FITS[id(table)]


@pytest.mark.parametrize("case", list(TAP_CASES))
def test_tap_exact_matches_brute_force(case):
    table = TAP_CASES[case]
    assert_close(exact_fit(table), tap_reference(table))


def test_the_check_can_fail():
    """Another data set's posterior is far outside the tolerance (the check has teeth)."""
    other = simulate_table(TapParameters(0.3, 0.6, 0.4), 2000, 6, 2)
    with pytest.raises(AssertionError):
        assert_close(exact_fit(TAP_CASES["well identified, 2000 x 6"]), tap_reference(other))


# ------------------------------------------------------------------ expert
@pytest.mark.parametrize("params,subjects,raters", [((0.3, 0.6), 300, 5), ((0.05, 0.5), 200, 3),
                                                    ((0.5, 0.1), 30, 2), ((0.9, 0.12), 300, 4)])
def test_expert_exact_matches_brute_force(params, subjects, raters):
    t, a = params
    table = simulate_table(TapParameters(t, a, t), subjects, raters, 3)
    assert_close(fit(FitRequest(model="expert", method="exact"), table), expert_reference(table))


# ------------------------------------------------------------------ ridge models
@pytest.mark.slow
@pytest.mark.parametrize("model,params", [("tap-a0a1", (0.2, 0.1, 0.5)),
                                          ("tap-p0p1", (0.3, 0.7, 0.4)),
                                          ("tap-a0a1-p0p1", (0.9, 0.2, 0.5))])
def test_ridge_exact_matches_brute_force(model, params):
    table = simulate_table(TapParameters(*params), 300, 5, 1)
    assert_close(fit(FitRequest(model=model, method="exact"), table), ridge_reference(model, table))


# ------------------------------------------------------------------ issue 11, point 2: peaks
ISSUE_WEAK = {"t=.2 a=.1 p=.5": TAP_CASES["accuracy .1 (a < .15)"],     # the same data set
              "t=.9 a=.2 p=.5": simulate_table(TapParameters(0.9, 0.2, 0.5), 300, 5, 2),
              "t=.95 a=.5 p=.1": simulate_table(TapParameters(0.95, 0.5, 0.1), 200, 5, 3),
              "kappa paradox": KAPPA}


FAINT_IN_DRAWS = {("t=.9 a=.2 p=.5", "t")}
"""t's second peak here is too faint for 8,000 draws' noise threshold: with the default sampler
the draws found it with 1 seed of 6 (seed 1, which this test used) before issue 25's grid
coordinates, and with none of the same 6 after (the draws' quantiles agree with the exact ones
to 0.01 either way); so the draws must only not invent a peak here."""


@pytest.mark.parametrize("case", list(ISSUE_WEAK))
def test_several_peaks_are_reported_only_where_the_brute_force_marginal_has_them(case):
    """The issue's weak cases used to report 'several peaks' for t where the true marginal has
    one; the kappa paradox's a has mass piled at both ends (two peaks, the check has teeth).
    t = .9, a = .2, p = .5 has two peaks in t, which the draws used to miss (their threshold
    was stricter)."""
    from tests.engine.bayes.reference import count_peaks, tap_marginals
    table = ISSUE_WEAK[case]
    post = exact_fit(table).posterior
    for name, (_x, density, mass) in tap_marginals(table).items():
        clear = count_peaks(density, mass, dip=0.6)     # dips below 60% of the lower peak
        loose = count_peaks(density, mass, dip=0.8)     # any dip below 80%
        p = post.parameter(name)
        found = (name, clear, loose, p.modes, p.mode_masses)
        if clear >= 2:
            assert p.multimodal and len(p.modes) == clear, found
        if loose < 2:
            assert not p.multimodal, found
    if case == "kappa paradox":
        assert post.parameter("a").multimodal
    # the default sampler's draws report the same peaks, and a short run no spurious one
    drawn = fit(FitRequest(method="mcmc", seed=1), table).posterior
    short = [fit(FitRequest(method="mcmc", seed=s, draws=100, warmup=100), table).posterior
             for s in (1, 2, 3)]
    for name in ("t", "a", "p"):
        exact_peaks = len(post.parameter(name).modes)
        if (case, name) in FAINT_IN_DRAWS:
            assert len(drawn.parameter(name).modes) <= exact_peaks, (name, drawn.parameter(name))
        else:
            assert len(drawn.parameter(name).modes) == exact_peaks, (name, drawn.parameter(name))
        assert all(len(s.parameter(name).modes) <= exact_peaks for s in short), name
