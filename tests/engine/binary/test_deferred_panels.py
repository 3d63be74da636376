"""The simulated panels' full refits left to the end (issue 57): the largest root of all the
panels in each direction (issue 78), and which panels reach the largest observed root, are those
of refitting every panel in full, with one or two full refits instead of one for every panel that
set a new largest root."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest
from tapdesk.engine.binary import crowd_family as cf
from tapdesk.engine.cancel import NEVER_CANCELLED
from tests.engine.binary.test_crowd_verdicts import crowd_table
from tests.engine.binary.test_per_rater_fourth_pass import fitted

PANELS = 19


def setting(seed: int):
    data, params = fitted(crowd_table(np.linspace(0.5, 0.9, 40), 1500, seed), "yes")
    return data, cf.Design.of(data), cf.alike(data, params), np.arange(2 * data.n_raters)


def full_and_screened(data, design, truth, tested, seed):
    """Every panel's largest root in each direction refitted in full, and at the screen, from
    the same draws (one row a panel)."""
    rng, request, full, screen = np.random.default_rng(seed), FitRequest(model="per-rater"), [], []
    for _ in range(PANELS):
        panel, pairs = cf.drawn(data, design, truth, rng)
        refit = cf.Refit(panel, truth, request.max_iterations)
        screen.append(cf.largest_root(panel, refit.to(cf.SCREEN_TOLERANCE), tested, pairs))
        full.append(cf.largest_root(panel, refit.to(cf.SIMULATION_TOLERANCE), tested, pairs))
    return np.array(full), np.array(screen)


def deferred(data, design, truth, tested, seed, top, allowed, monkeypatch):
    refits = []
    real = cf.Refit.resumed
    monkeypatch.setattr(cf.Refit, "resumed", lambda *a: refits.append(1) or real(*a))
    events = cf.deferred_maxima(data, design, truth, np.random.default_rng(seed),
                                FitRequest(model="per-rater"), tested, (top, allowed, PANELS),
                                NEVER_CANCELLED)
    with pytest.raises(StopIteration) as stop:
        while True:
            next(events)
    return np.array(stop.value.value), len(refits)


def one_by_one(data, design, truth, tested, seed, top, allowed, monkeypatch):
    """The panels' largest roots taken one at a time (:func:`cf.panel_maximum`'s screen), and
    how many of them were refitted in full."""
    monkeypatch.setattr(cf, "SCREEN_LABELS", 0)
    full = []
    to = cf.Refit.to
    monkeypatch.setattr(cf.Refit, "to", lambda self, tol: (
        full.append(1) if tol == cf.SIMULATION_TOLERANCE else None) or to(self, tol))
    rng, request, maxima = np.random.default_rng(seed), FitRequest(model="per-rater"), []
    for _ in range(PANELS):
        maxima.append(cf.panel_maximum(data, design, truth, rng, request, tested,
                                       cf.needed_above(maxima, top, allowed)))
    monkeypatch.setattr(cf.Refit, "to", to)
    return np.array(maxima), len(full)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_deferred_panels_give_the_full_refits_largest_root(seed, monkeypatch):
    data, design, truth, tested = setting(seed)
    full, screen = full_and_screened(data, design, truth, tested, seed)
    assert np.abs(full - screen).max() < cf.SCREEN_MARGIN       # the screen's own premise
    gained = False
    highest, lowest = full.max(axis=0), full.min(axis=0)
    for top in (highest + 1.0, np.sort(full, axis=0)[-3], np.median(full, axis=0), lowest - 1.0,
                np.array([highest[0] + 1.0, np.median(full[:, 1])])):
        for allowed in (0, -1):
            maxima, refits = deferred(data, design, truth, tested, seed, top, allowed,
                                      monkeypatch)
            before, refits_before = one_by_one(data, design, truth, tested, seed, top,
                                               allowed, monkeypatch)
            assert maxima.shape == (PANELS, 2)
            reached = [(m >= top).sum(axis=0).tolist() for m in (maxima, full, before)]
            assert reached[0] == reached[1] == reached[2]
            if allowed == 0:                # which observed roots a panel reaches, each way
                for d in (0, 1):
                    for root in np.linspace(lowest[d] - 0.5, min(top[d], highest[d] + 0.5), 41):
                        assert (maxima[:, d] >= root).any() == (full[:, d] >= root).any() == \
                            (before[:, d] >= root).any()
            assert refits <= refits_before
            gained |= refits < refits_before
    assert gained


def weak_three(items: int, seed: int):
    """40 workers, three of them weak for the panel to name, and their per-rater EM fit."""
    from tapdesk.engine.binary.per_rater_em import RaterParams
    from tapdesk.engine.binary.per_rater_fit import run_em
    accuracy = np.linspace(0.5, 0.9, 40)
    accuracy[:3] = 0.1
    data, _ = fitted(crowd_table(accuracy, items, seed), "yes")
    start = RaterParams(0.5, np.full(data.n_raters, 0.8), np.full(data.n_raters, 0.2))
    events = run_em(data, start, tolerance=1e-10, max_iterations=500, cancel=NEVER_CANCELLED)
    with pytest.raises(StopIteration) as stop:
        while True:
            next(events)
    return data, stop.value.value.params


def test_the_verdicts_reach_the_deferred_panels_and_are_the_one_by_one_ones(monkeypatch):
    from tapdesk.engine.binary.crowd_standing import crowd_comparisons
    data, params = weak_three(1500, 3)
    ids = tuple(f"w{j}" for j in range(data.n_raters))
    comparisons = crowd_comparisons(data, params, ids, 0.95)
    request = FitRequest(model="per-rater", class1=("yes",))
    monkeypatch.setattr(cf, "SCREEN_LABELS", 0)
    assert cf.screened(data, request)

    def verdicts():
        events = cf.crowd_verdicts(data, params, comparisons, request, NEVER_CANCELLED)
        with pytest.raises(StopIteration) as stop:
            while True:
                next(events)
        return stop.value.value

    used = []
    real = cf.deferred_maxima
    monkeypatch.setattr(cf, "deferred_maxima", lambda *a: used.append(1) or (yield from real(*a)))
    now = verdicts()
    assert used
    monkeypatch.setattr(cf, "screened", lambda *a: False)
    assert verdicts() == now
    assert sum(c.differs for c in now[0]) > 0


def test_a_paused_refit_taken_on_from_a_panel_drawn_again_is_the_one_run():
    """A screened refit's state, taken on at the end on the same panel drawn again from the
    generator's state, stops where one uninterrupted run stops, with the same numbers."""
    data, design, truth, _ = setting(3)
    rng = np.random.default_rng(5)
    state = rng.bit_generator.state
    panel, _ = cf.drawn(data, design, truth, rng)
    refit = cf.Refit(panel, truth, 1000)
    refit.to(cf.SCREEN_TOLERANCE)
    paused = refit.paused()
    again = np.random.default_rng()
    again.bit_generator.state = state
    same, _ = cf.drawn(data, design, truth, again)
    resumed = cf.Refit.resumed(same, paused)
    fit, whole = resumed.to(cf.SIMULATION_TOLERANCE), cf.Refit(panel, truth, 1000)
    alone = whole.to(cf.SIMULATION_TOLERANCE)
    assert len(paused.trace) < len(resumed.trace) == len(whole.trace)
    assert resumed.trace == whole.trace and fit.t == alone.t
    assert np.array_equal(fit.q1, alone.q1) and np.array_equal(fit.q0, alone.q0)
