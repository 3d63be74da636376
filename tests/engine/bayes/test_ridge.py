"""Posteriors of the ridge models t-a0a1-p, t-a-p0p1, t-a0a1-p0p1 (issue 4).

Checked against three independent routes: the fibre integral against
scipy's adaptive quadrature (and closed forms under uniform priors), the
exact posterior against importance sampling from the prior in the models' own
parameters (no change of variables at all) and against a long run of the
generic random-walk sampler; the independent draws against the exact
posterior. Plus the prior's effect on the ridge, streaming, seeds, cancel.
"""

import functools

import numpy as np
import pytest
from scipy import integrate

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes.diagnostics import diagnose
from tapdesk.engine.bayes.ridge_fibres import RIDGE_FIBRES, log_fibre_mass, prior_map
from tapdesk.engine.bayes.ridge_grid import ridge_grid
from tapdesk.engine.bayes.ridge_marginals import exact_marginals
from tapdesk.engine.bayes.samplers import dispersed_starts, random_walk
from tapdesk.engine.bayes.summaries import cdf_at
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, LogitTarget, mixture_log_likelihood
from tapdesk.engine.binary.simulate import TapParameters, expected_counts, simulate_table
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Draws
from tapdesk.engine.request import Prior
from tests.engine.bayes.fit_run import run

MODELS = list(RIDGE_FIBRES)
SMALL = expected_counts(TapParameters(0.4, 0.6, 0.5), 40, 4)
INFORMATIVE = {"a0": (4, 2), "p": (2, 3), "a": (3, 2), "p1": (2, 2), "t": (2, 2)}


def priors_of(model: str, table: dict | None = None) -> tuple[Prior, ...]:
    return tuple(Prior(n, *(table or {}).get(n, (1, 1))) for n in HISTOGRAM_MODELS[model].names)


def exact(model: str, hist, priors):
    pm = prior_map(priors)
    fibres = RIDGE_FIBRES[model]
    return exact_marginals(ridge_grid(model, hist, fibres, pm), fibres, pm,
                           HISTOGRAM_MODELS[model].names + ("q1", "q0"))


@functools.cache
def exact_small(model: str):
    """The exact posterior of SMALL under the informative priors, shared by the tests below
    (each takes seconds)."""
    return exact(model, SMALL, priors_of(model, INFORMATIVE))


def beta(x, prior):
    return x ** (prior.alpha - 1) * (1 - x) ** (prior.beta - 1)


@pytest.mark.parametrize("q1,q0", [(0.8, 0.2), (0.55, 0.5), (0.3, 0.6), (0.999, 1e-4)])
@pytest.mark.parametrize("informative", [False, True])
def test_fibre_mass_matches_adaptive_quadrature(q1, q0, informative):
    table = {"a0": (0.5, 0.5), "a1": (3, 2), "p": (2, 5), "a": (0.5, 2), "p0": (4, 4),
             "p1": (0.7, 0.9)} if informative else {}
    P = {n: Prior(n, *table.get(n, (1, 1))) for n in ("a0", "a1", "p", "a", "p0", "p1")}

    def quad(f, lo, hi):
        return integrate.quad(f, lo, hi, limit=200)[0] if hi > lo else 0.0

    m = min(q1, 1 - q0)
    expected = {
        "tap-a0a1": quad(lambda p: beta(1 - q0 / p, P["a0"]) * beta((q1 - p) / (1 - p), P["a1"])
                         * beta(p, P["p"]) / (p * (1 - p)), q0, q1),
        "tap-p0p1": quad(lambda a: beta(a, P["a"]) * beta(q0 / (1 - a), P["p0"])
                         * beta((q1 - a) / (1 - a), P["p1"]) / (1 - a) ** 2, 0, m),
        "tap-a0a1-p0p1": quad(lambda a: beta(a, P["a1"]) * beta((q1 - a) / (1 - a), P["p1"])
                              / (1 - a), 0, q1)
                         * quad(lambda a: beta(a, P["a0"]) * beta(q0 / (1 - a), P["p0"]) / (1 - a),
                                0, 1 - q0)}
    if not informative:      # closed forms under uniform priors
        closed = {"tap-a0a1": max(np.log(q1 / (1 - q1) * (1 - q0) / q0), 0.0),
                  "tap-p0p1": m / (1 - m), "tap-a0a1-p0p1": np.log(1 - q1) * np.log(q0)}
        for name in MODELS:
            assert expected[name] == pytest.approx(closed[name], rel=1e-8)
    for name in MODELS:
        ours = np.exp(log_fibre_mass(RIDGE_FIBRES[name], np.array(q1), np.array(q0), P))
        assert ours == pytest.approx(expected[name], rel=1e-5, abs=1e-300)


@pytest.mark.parametrize("model", MODELS)
def test_exact_matches_importance_sampling_in_the_models_own_parameters(model):
    """Prior draws of (t, a0, a1, p ...) weighted by the likelihood: no reparametrisation.

    Under informative priors (every prior shape enters the fibre masses); the flat priors'
    exact posteriors are checked against brute force in tests/engine/bayes/test_exact.py and against
    the draws below."""
    priors = priors_of(model, INFORMATIVE)
    post = exact_small(model)
    spec = HISTOGRAM_MODELS[model]
    rng = np.random.default_rng(1)
    theta = np.column_stack([rng.beta(p.alpha, p.beta, 300_000) for p in priors])
    t, q1, q0 = spec.mixture(*theta.T)
    ll = mixture_log_likelihood(SMALL, t, q1, q0)
    w = np.exp(ll - ll.max())
    w /= w.sum()
    ess = 1 / (w ** 2).sum()
    values = np.column_stack([theta, q1, q0])
    for i, name in enumerate(spec.names + ("q1", "q0")):
        mc = (w * values[:, i]).sum()
        sd = np.sqrt((w * (values[:, i] - mc) ** 2).sum())
        assert abs(post.mean(name) - mc) < 4 * sd / np.sqrt(ess) + 1e-3, name
        assert post.sd(name) == pytest.approx(sd, rel=0.05), name
        # CDFs agree at the importance-sampling quantiles (robust where a marginal is bimodal)
        order = np.argsort(values[:, i])
        cdf = np.cumsum(w[order])
        for q in (0.05, 0.25, 0.5, 0.75, 0.95):
            at = values[order[np.searchsorted(cdf, q)], i]
            assert abs(cdf_at(post, name, np.array([at]))[0] - q) < 0.01, (name, q)


@pytest.mark.parametrize("model", MODELS)
def test_exact_matches_a_long_random_walk_on_the_original_parameters(model):
    spec = HISTOGRAM_MODELS[model]
    priors = priors_of(model, INFORMATIVE)
    post = exact_small(model)
    rng = np.random.default_rng(3)
    walk = random_walk(LogitTarget(spec, SMALL, priors), dispersed_starts(spec.dim, 4, rng),
                       2000, 15000, rng, lambda: False, batch=5000)
    while True:
        try:
            next(walk)
        except StopIteration as stop:
            draws = 1 / (1 + np.exp(-stop.value.values))
            break
    for i, name in enumerate(spec.names):
        d = diagnose(draws[:, :, i])
        assert d.rhat < 1.02
        assert abs(post.mean(name) - draws[:, :, i].mean()) < 4 * d.mcse_mean + 1e-3, name


@pytest.fixture(scope="module")
def table_300x5():
    return simulate_table(TapParameters(0.3, 0.7, 0.4), 300, 5, 4)


@functools.cache
def flat_exact_300x5(model: str):
    """The exact fit under flat priors, shared by the tests below (each takes seconds)."""
    return fit(FitRequest(model=model, method="exact"),
               simulate_table(TapParameters(0.3, 0.7, 0.4), 300, 5, 4))


@pytest.mark.slow
@pytest.mark.parametrize("model", MODELS)
def test_draws_agree_with_exact_and_chains_agree_at_default_settings(model, table_300x5):
    ex = flat_exact_300x5(model)
    mc = fit(FitRequest(model=model, method="mcmc", seed=2), table_300x5)
    assert ex.complete and mc.complete and mc.converged and mc.posterior.trustworthy
    assert "chains agree" in mc.posterior.verdict
    for p in mc.posterior.parameters:
        e = ex.posterior.parameter(p.name)
        assert p.diagnostics.rhat <= 1.01 and p.diagnostics.ess_bulk >= 1000
        assert abs(e.mean - p.mean) < 4 * p.diagnostics.mcse_mean, p.name
        # the 5% and 95% points within 0.02, or 4 of their Monte Carlo errors where those are
        # larger (p0's 95% point on t-a-p0p1: 0.010, seed to seed as stated)
        d = p.diagnostics
        assert abs(e.quantiles[0] - p.quantiles[0]) < max(0.02, 4 * d.mcse_q05), p.name
        assert abs(e.quantiles[4] - p.quantiles[4]) < max(0.02, 4 * d.mcse_q95), p.name
    # the ridge pair's joint density, from the exact route and from the draws, show the same ridge
    pair = HISTOGRAM_MODELS[model].ridge
    je = next(j for j in ex.posterior.joints if (j.x_name, j.y_name) == pair)
    assert je.mass.shape == (40, 40) and abs(je.mass.sum() - 1) < 1e-9
    draws = mc.posterior.draws.reshape(-1, mc.posterior.draws.shape[-1])
    names = mc.posterior.draw_names
    sampled = np.histogram2d(draws[:, names.index(pair[0])], draws[:, names.index(pair[1])],
                             bins=[je.x_edges, je.y_edges])[0] / len(draws)

    def blocks(mass):                       # 5 x 5 blocks of bins: 8 x 8 cells, less noise
        return mass.reshape(8, 5, 8, 5).sum(axis=(1, 3))

    assert 0.5 * np.abs(blocks(sampled) - blocks(je.mass)).sum() < 0.06
    assert {"t", "q1", "q0"} <= {e.name for e in ex.params}
    assert any(n.code == "ridge" for n in ex.warnings)


def test_informative_prior_moves_the_ridge_not_the_identified_part(table_300x5):
    strong_prior = Prior("a0", 40, 4)
    flat = flat_exact_300x5("tap-a0a1").posterior
    strong = fit(FitRequest(model="tap-a0a1", method="exact", priors=(strong_prior,)),
                 table_300x5).posterior
    assert strong.parameter("a0").mean > flat.parameter("a0").mean + 0.2
    assert strong.parameter("a0").sd < 0.5 * flat.parameter("a0").sd
    # p = q0 / (1 - a0) follows along the ridge
    assert strong.parameter("p").mean > flat.parameter("p").mean + 0.2
    for name in ("t", "q1", "q0"):
        f, s = flat.parameter(name), strong.parameter(name)
        assert abs(f.mean - s.mean) < 0.5 * f.sd, name
        assert s.sd == pytest.approx(f.sd, rel=0.25), name
    # ... and what (t, q1, q0) do move is exactly the fibre-integral effect: reweighting the
    # flat posterior's draws by g_strong / g_flat reproduces the strong posterior
    draws = fit(FitRequest(model="tap-a0a1", method="mcmc", draws=4000, seed=8),
                table_300x5).posterior
    names = draws.draw_names
    flat_draws = draws.draws.reshape(-1, len(names))
    q1, q0 = flat_draws[:, names.index("q1")], flat_draws[:, names.index("q0")]
    fibres = RIDGE_FIBRES["tap-a0a1"]
    base = prior_map(priors_of("tap-a0a1"))
    log_w = (log_fibre_mass(fibres, q1, q0, dict(base, a0=strong_prior))
             - log_fibre_mass(fibres, q1, q0, base))
    w = np.exp(log_w - log_w.max())
    w /= w.sum()
    ess = 1 / (w ** 2).sum()
    for name in ("t", "q1", "q0"):
        x = flat_draws[:, names.index(name)]
        mean = (w * x).sum()
        se = np.sqrt((w * (x - mean) ** 2).sum() / ess)
        assert abs(mean - strong.parameter(name).mean) < 4 * se + 1e-3, name


EXPECTED_300x5 = expected_counts(TapParameters(0.3, 0.7, 0.4), 300, 5)


@functools.cache
def p0p1_grid():
    """The (t, q1, q0) grid of t-a-p0p1 on EXPECTED_300x5 under flat priors."""
    return ridge_grid("tap-p0p1", EXPECTED_300x5, RIDGE_FIBRES["tap-p0p1"],
                      prior_map(priors_of("tap-p0p1")))


def test_light_q_cells_merged_in_blocks_keep_mass_centre_and_marginals():
    """The ridge marginals use (q1, q0) cells fine where the mass is and merged 4 x 4 in the
    tails: the mass and its centre are kept exactly, and the marginals do not move."""
    grid, pm = p0p1_grid(), prior_map(priors_of("tap-p0p1"))
    merged, every = grid.q_cells(), grid.q_cells(merge_below=0.0)
    assert len(merged[0]) < 0.5 * len(every[0])
    for (_q1, _q0, mass) in (merged, every):
        assert mass.sum() == pytest.approx(every[2].sum(), rel=1e-12)
    for i in (0, 1):            # the mass-weighted mean logit of q1 and of q0
        logit = [np.log(c[i] / (1 - c[i])) for c in (merged, every)]
        assert (logit[0] * merged[2]).sum() == pytest.approx((logit[1] * every[2]).sum(), rel=1e-9)
    fibres, names = RIDGE_FIBRES["tap-p0p1"], ("a", "p0", "p1")
    fast = exact_marginals(grid, fibres, pm, names)
    slow = exact_marginals(grid, fibres, pm, names, merge_below=0.0)
    for name in names:
        a, b = fast.figures(name)[:7], slow.figures(name)[:7]   # mean, sd, 5 quantiles
        assert np.abs(a - b).max() < 0.005 * b[1], name


def test_class_swapped_reading_gets_its_prior_weight():
    """t-a-p0p1 allows q1 < q0 (accuracy ~0, class-specific guessing): a mirrored mode."""
    hist = EXPECTED_300x5
    priors = priors_of("tap-p0p1")
    pm = prior_map(priors)
    swapped = p0p1_grid().swapped
    # the likelihood is symmetric, so the weights are the fibre masses g near the mode
    q1, q0 = 0.7 + 0.3 * 0.4, 0.3 * 0.4
    ratio = np.exp(log_fibre_mass(RIDGE_FIBRES["tap-p0p1"], np.array(q0), np.array(q1), pm)
                   - log_fibre_mass(RIDGE_FIBRES["tap-p0p1"], np.array(q1), np.array(q0), pm))
    assert swapped / (1 - swapped) == pytest.approx(ratio, rel=0.15)
    none = ridge_grid("tap-a0a1", hist, RIDGE_FIBRES["tap-a0a1"], prior_map(priors_of("tap-a0a1")))
    assert none.swapped == 0




@pytest.mark.parametrize("model", MODELS)
def test_streaming_seed_and_cancel(model):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 100, 4, 9)
    request = FitRequest(model=model, method="mcmc", draws=300, seed=5)
    watched, events = run(request, table)
    unwatched = fit(request, table)
    assert np.array_equal(watched.posterior.draws, unwatched.posterior.draws)
    other = fit(FitRequest(model=model, method="mcmc", draws=300, seed=6), table)
    assert not np.array_equal(other.posterior.draws, unwatched.posterior.draws)
    chain0 = [e for e in events if isinstance(e, Draws) and e.chain == 0 and not e.warmup]
    np.testing.assert_array_equal(np.array([v for e in chain0 for v in e.values]),
                                  watched.posterior.draws[0])
    assert chain0[0].names == HISTOGRAM_MODELS[model].names + ("q1", "q0")
    assert np.isfinite(np.concatenate([e.log_posterior for e in chain0])).all()
    first_draws = next(i for i, e in enumerate(events) if isinstance(e, Draws) and not e.warmup)
    cancelled, _ = run(request, table, cancel_after=first_draws + 1)
    assert not cancelled.complete and any(n.code == "cancelled" for n in cancelled.warnings)
    kept = cancelled.posterior.draws
    assert 0 < kept.shape[1] < 300
    np.testing.assert_array_equal(kept, watched.posterior.draws[:, :kept.shape[1]])


@pytest.mark.parametrize("method", ["exact", "mcmc"])
def test_pre_cancelled_gives_incomplete_result(method):
    table = RatingsTable.from_wide([[0, 0, 1], [1, 1, 1], [0, 0, 0], [1, 0, 1]] * 10)
    token = CancelToken()
    token.cancel()
    result = fit(FitRequest(model="tap-a0a1-p0p1", method=method, draws=200), table, cancel=token)
    assert not result.complete and not result.posterior.complete
    assert all(np.isfinite(e.value) for e in result.params)


def test_coarse_fibre_table_is_kept_per_model_and_priors():
    """The coarse g table depends on the model and the priors only, so it is kept for the next
    fit; a fit under other priors gets its own table, the same as one made afresh."""
    from tapdesk.engine.bayes.ridge_grid import COARSE_TABLE, FibreTable, coarse_table
    fibres = RIDGE_FIBRES["tap-a0a1"]
    flat = tuple(sorted(prior_map(priors_of("tap-a0a1")).items()))
    strong = tuple(sorted(prior_map(priors_of("tap-a0a1", INFORMATIVE)).items()))
    assert coarse_table(fibres, flat) is coarse_table(fibres, flat)
    kept = coarse_table(fibres, strong)
    axis = np.linspace(-30.0, 30.0, COARSE_TABLE)
    afresh = FibreTable(fibres, dict(strong), axis, axis)
    np.testing.assert_array_equal(kept.g, afresh.g)
    assert not np.array_equal(kept.g, coarse_table(fibres, flat).g)


@pytest.mark.parametrize("model", MODELS)
def test_fibre_table_on_axes_equals_the_table_cell_by_cell(model, monkeypatch):
    """A table is made from its two axes: each fibre of t-a0a1-p0p1 depends on one of q1, q0,
    so it is integrated once per value of that coordinate. The table must be the one computed
    at every (q1, q0) cell, bit for bit, under informative priors too."""
    from scipy.special import expit

    from tapdesk.engine.bayes import ridge_fibres
    from tapdesk.engine.bayes.ridge_grid import FibreTable
    fibres = RIDGE_FIBRES[model]
    priors = prior_map(priors_of(model, INFORMATIVE))
    x1, x0 = np.linspace(-9.0, 7.0, 41), np.linspace(-6.0, 8.0, 37)
    integrated = []
    nodes = ridge_fibres.fibre_nodes
    monkeypatch.setattr(ridge_fibres, "fibre_nodes", lambda fibre, q1, q0, *rest: (
        integrated.append(np.broadcast_shapes(np.shape(q1), np.shape(q0)))
        or nodes(fibre, q1, q0, *rest)))
    table = FibreTable(fibres, priors, x1, x0)
    assert integrated == [{"both": (41, 37), "q1": (41, 1), "q0": (1, 37)}[f.depends]
                          for f in fibres]
    monkeypatch.undo()
    g1, g0 = np.meshgrid(expit(x1), expit(x0), indexing="ij")
    cell_by_cell = log_fibre_mass(fibres, g1, g0, priors)
    finite = np.isfinite(cell_by_cell)
    assert table.g.shape == (41, 37) and finite.mean() > 0.3
    assert table.scale == cell_by_cell[finite].max()
    np.testing.assert_array_equal(table.g, np.exp(cell_by_cell - table.scale))
