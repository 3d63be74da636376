"""Issue 25: an exact posterior's stated error is honest, also where mass piles against a = 1.

Perfect agreement (every subject's ratings identical) put the exact posterior
of a 0.12 posterior sd from brute force while it stated 0.03, advised MCMC,
and MCMC advised the exact method. The cause: the prior's 1 / (1 - a) at the
corner q1 = 1, q0 = 0 left the density of the grid's middle coordinate a log
singularity (first-order convergence), and the stated error compared two
passes whose middle levels hardly differed. The reference is the brute-force
posterior of tests/engine/bayes/reference.py (Gauss-Legendre, no engine code).
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tests.engine.bayes.reference import FIGURES, tap_reference

PERFECT = RatingsTable.from_wide([[1, 1, 1]] * 15 + [[0, 0, 0]] * 15)


def real_errors(posterior, reference) -> dict[str, np.ndarray]:
    """Per parameter, |ours - brute force| / sd of every figure (FIGURES order); the HDI ends
    of a marginal the engine calls flat (its HDI's place not determined) are compared by the
    interval's width instead."""
    out = {}
    for name, ref in reference.items():
        p = posterior.parameter(name)
        ours = np.array([p.mean, p.sd, *p.quantiles, *p.hdi])
        err = np.abs(ours - ref) / ref[1]
        if p.undetermined:
            err[-2:] = abs((p.hdi[1] - p.hdi[0]) - (ref[-1] - ref[-2])) / ref[1]
        out[name] = err
    return out


def test_perfect_agreement_matches_brute_force_and_states_its_error_honestly():
    result = fit(FitRequest(method="exact"), PERFECT)
    post = result.posterior
    errors = real_errors(post, tap_reference(PERFECT))
    worst = max(e.max() for e in errors.values())
    assert worst <= 0.02, {n: dict(zip(FIGURES, np.round(e, 4))) for n, e in errors.items()}
    assert post.trustworthy and worst <= post.grid_error <= 0.02, (worst, post.grid_error)
    assert not post.advice                           # nothing to send the user elsewhere for
    assert "estimated error" in post.verdict
    assert post.parameter("p").undetermined          # p's posterior is flat within 1%
    assert any(n.code == "flat-posterior" for n in result.warnings)


def test_the_advice_never_sends_the_user_round_in_a_circle():
    """The exact method's way out is the sampler, run until it is trusted; the sampler names
    the exact method only where that confirms its own accuracy."""
    from tapdesk.data.binary import binary_counts
    from tapdesk.engine.bayes.diagnostics import verdict
    from tapdesk.engine.bayes.grid import grid_posterior
    from tapdesk.engine.bayes.methods import MCMC_ADVICE, exact_verdict
    from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, priors_for
    model = HISTOGRAM_MODELS["tap"]
    coarse = grid_posterior(model, binary_counts(PERFECT).histogram(),
                            priors_for(FitRequest(), model.names), tolerance=0.0,
                            schedule=((32, 12, 24), (36, 14, 26)))
    words, ok, advice = exact_verdict(coarse)
    assert not ok and advice == MCMC_ADVICE and "mcmc" in advice
    assert "exact method" not in advice.replace("running the exact method again", "")
    from tapdesk.engine.bayes.diagnostics import Diagnostics
    poor = Diagnostics(rhat=1.2, ess_bulk=20.0, ess_tail=20.0, mcse_mean=0.1, mcse_q05=0.1,
                       mcse_q95=0.1)
    fix = verdict({"a": poor}, 4, 1000, has_exact=True).fix
    assert "exact method" in fix and "accuracy confirmed" in fix
    trusted, _, _ = exact_verdict(grid_posterior(model, binary_counts(PERFECT).histogram(),
                                                 priors_for(FitRequest(), model.names)))
    assert "accuracy confirmed" in trusted


def _small_data_sets(n: int = 20):
    rng = np.random.default_rng(25)
    for i in range(n):
        t, a, p = rng.uniform(0.05, 0.95, 3)
        subjects, raters = int(rng.choice([20, 30, 50])), int(rng.choice([2, 3, 4]))
        yield f"{i}: t={t:.2f} a={a:.2f} p={p:.2f} {subjects}x{raters}", \
            simulate_table(TapParameters(t, a, p), subjects, raters, 100 + i)


@pytest.mark.slow
def test_stated_error_covers_the_real_error_on_20_data_sets():
    """Every exact t-a-p posterior of 20 small random data sets is within its stated error of
    brute force on every mean, sd, quantile and 95% HDI end (the stated error used to
    understate the real one by up to 2.7x)."""
    short = []
    for label, table in _small_data_sets():
        post = fit(FitRequest(method="exact"), table).posterior
        worst = max(e.max() for e in real_errors(post, tap_reference(table)).values())
        if not worst <= post.grid_error:
            short.append((label, round(worst, 4), round(post.grid_error, 4)))
        assert worst <= 0.02, (label, worst)
    assert not short, short
