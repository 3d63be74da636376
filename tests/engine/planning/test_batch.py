"""Batched planning fits against the one-at-a-time t-a-p fit, on the same simulated studies.

Tolerances: EM paths are the same to rounding (1e-12); estimates agree to 1e-6 and
interval ends to 1e-4 (they agree to about 1e-10). Where the likelihood has
a ridge of equal maxima (2 raters per subject, or accuracy at 0, where t is
not identified), the point each fit reports on that ridge is decided by
rounding: there the batched estimate must be a maximum of the same height
(to 1e-9 nats), and the intervals, which are what the plan reports, still agree.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from tapdesk.engine.binary.likelihood import from_tap, log_likelihood
from tapdesk.engine.binary.mixture_fit import run_em, start_points
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.planning import PlanRequest
from tapdesk.engine.planning import batch as batch_module
from tapdesk.engine.planning.batch import class1_count_table, fit_counts, histogram_of
from tapdesk.engine.planning.batch_fit import run_em_batch
from tapdesk.engine.planning.run import STUDIES_PER_CHUNK, chunks
from tapdesk.engine.planning.studies import COLUMNS, Chunk, fit_request, fit_study, run_chunk, simulate_study
from tapdesk.engine.run import drive

DESIGNS = [
    # t, a, p, raters, subjects
    (0.3, 0.6, 0.4, 2, 30),       # 2 raters: t, a, p not identified (a ridge of maxima)
    (0.3, 0.6, 0.4, 3, 50),       # small, EM slow from some starts
    (0.05, 0.5, 0.5, 3, 30),      # rare class, few subjects
    (0.3, 0.05, 0.4, 3, 40),      # accuracy near 0: estimates on the a = 0 edge
    (0.7, 0.95, 0.1, 5, 100),     # accuracy near 1
    (0.5, 0.2, 0.5, 2, 30),       # flat and non-identified
    (0.1, 0.9, 0.2, 8, 60),       # many raters, rare class
]
STUDIES = 8


def simulated(t, a, p, raters, subjects, n=STUDIES):
    chunk = Chunk(t, a, p, raters, subjects, raters, subjects, 29, 0, n, 12, 1e-10)
    ratings = [simulate_study(chunk, sim)[1] for sim in range(n)]
    return chunk, ratings, class1_count_table(np.array([r.sum(axis=1) for r in ratings]), raters)


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def test_count_table_and_histogram_are_the_studies_counts():
    counts = np.array([[0, 2, 2, 3, 0], [1, 1, 1, 1, 1]])
    table = class1_count_table(counts, 3)
    np.testing.assert_array_equal(table, [[2, 0, 2, 1], [0, 5, 0, 0]])
    hist = histogram_of(table[0])
    np.testing.assert_array_equal(hist.n_class1, [0, 2, 3])
    np.testing.assert_array_equal(hist.weight, [2, 2, 1])
    assert set(hist.n_rated.tolist()) == {3}


@pytest.mark.parametrize("design", DESIGNS[:4])
def test_batched_em_follows_each_start_to_rounding(design):
    """The batched EM runs each start's own iterations: the same numbers to rounding. (Not bit
    for bit: numpy sums arrays of other shapes along other SIMD paths, and on an AVX-512
    machine a few estimates came out 7e-15 apart.)"""
    chunk, _, table = simulated(*design, n=4)
    request = fit_request(chunk)
    starts = start_points(request.n_starts, np.random.default_rng(request.seed))
    found, last, converged = run_em_batch(table.astype(float), np.array([m.as_array() for m in starts]),
                                          request.tolerance, request.max_iterations)
    for row, counts in enumerate(table):
        runs = drive(run_em(histogram_of(counts), starts, request_id=0, tolerance=request.tolerance,
                            max_iterations=request.max_iterations, cancel=NEVER_CANCELLED,
                            emit=False))
        np.testing.assert_allclose(found[row], np.stack([runs.t, runs.q1, runs.q0], axis=1),
                                   rtol=1e-12, atol=1e-14)
        np.testing.assert_array_equal(converged[row], runs.converged)
        ends = [tr[-1] for tr, ok in zip(runs.traces, runs.converged, strict=True) if ok]
        np.testing.assert_allclose(last[row][converged[row]], ends, rtol=1e-12)


@pytest.mark.parametrize("design", DESIGNS)
def test_batched_fits_and_intervals_equal_the_one_at_a_time_fit(design):
    chunk, ratings, table = simulated(*design)
    fits = fit_counts(table, fit_request(chunk))
    for row, study in enumerate(ratings):
        single, converged = fit_study(chunk, study)
        assert bool(fits.converged[row]) == converged
        values = np.array([e.value for e in single])
        ends = np.array([e.ci for e in single])
        np.testing.assert_allclose(fits.intervals[row], ends, rtol=0, atol=1e-4)
        if np.abs(fits.estimates[row] - values).max() < 1e-6:
            continue
        # a ridge of equal maxima: the same height, in a design where t-a-p is not identified
        hist = histogram_of(table[row])
        assert log_likelihood(hist, from_tap(*fits.estimates[row])) == pytest.approx(
            log_likelihood(hist, from_tap(*values)), abs=1e-9)
        assert chunk.raters == 2 or values[1] < 0.05 or values[1] > 1 - 1e-6, (row, values)


def test_identical_studies_are_fitted_once_and_share_their_fit(monkeypatch):
    chunk, _, table = simulated(0.3, 0.6, 0.4, 5, 80, n=5)
    doubled = np.vstack([table, table[::-1], table[:1]])
    seen = []
    real = batch_module.batch_fit
    monkeypatch.setattr(batch_module, "batch_fit", lambda weight, **kw: seen.append(len(weight))
                        or real(weight, **kw))
    fits = fit_counts(doubled, fit_request(chunk))
    assert seen == [5]
    for row, twin in [(0, 9), (0, 10), (1, 8), (4, 5)]:
        np.testing.assert_array_equal(fits.estimates[row], fits.estimates[twin])
        np.testing.assert_array_equal(fits.intervals[row], fits.intervals[twin])


def test_a_search_that_does_not_settle_is_fitted_one_at_a_time(monkeypatch):
    chunk, ratings, table = simulated(0.3, 0.6, 0.4, 4, 60, n=3)
    real = batch_module.BatchProfile.intervals

    def unsettled(self):
        ends, failed = real(self)
        ends[:, 2] = np.nan
        failed[:, 2] = True
        return ends, failed

    monkeypatch.setattr(batch_module.BatchProfile, "intervals", unsettled)
    fits = fit_counts(table, fit_request(chunk))
    assert np.isfinite(fits.intervals).all()
    for row, study in enumerate(ratings):
        single, _ = fit_study(chunk, study)
        np.testing.assert_array_equal(fits.intervals[row], np.array([e.ci for e in single]))
        np.testing.assert_array_equal(fits.estimates[row], [e.value for e in single])


def test_a_cancelled_chunk_gives_no_rows():
    token = CancelToken()
    token.cancel()
    chunk = Chunk(0.3, 0.6, 0.4, 3, 40, 3, 40, 1, 0, 10, 12, 1e-10)
    assert run_chunk(chunk, token).shape == (0, len(COLUMNS))
    _, _, table = simulated(0.3, 0.6, 0.4, 3, 40, n=3)
    assert fit_counts(table, fit_request(chunk), token) is None


def test_chunks_cover_every_study_of_every_design_once():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(40, 80), sims=2 * STUDIES_PER_CHUNK + 7)
    tasks = chunks(request)
    for design in request.designs:
        mine = sorted((c.first, c.stop) for c in tasks if (c.raters, c.subjects) == design)
        assert mine[0][0] == 0 and mine[-1][1] == request.sims
        assert all(a[1] == b[0] for a, b in zip(mine, mine[1:]))
        assert max(stop - first for first, stop in mine) <= STUDIES_PER_CHUNK

