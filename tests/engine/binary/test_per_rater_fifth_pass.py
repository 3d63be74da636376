"""Issue 57's fifth pass: a simulated panel is screened (refitted only to SCREEN_TOLERANCE) only
where the screen's margin was measured to hold; on a crowd of a few labels a worker a panel's
largest root moved by more than SCREEN_MARGIN between the screen and the full refit, and the
screen returned the floor where the full refit's root is above it."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import crowd_family as cf

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from crowd_data import write_csv  # noqa: E402  (the benchmarks' crowds)


def unscreened(data, design, truth, rng, request, tested, floor=0.0):
    """A simulated panel's largest root in each direction (or ``floor``) as found before the
    screen: always refitted to the simulation tolerance."""
    panel, pairs = cf.drawn(data, design, truth, rng)
    refit = cf.refitted(panel, truth, max(request.tolerance, cf.SIMULATION_TOLERANCE),
                        request.max_iterations)
    return cf.largest_root(panel, refit, tested, pairs, floor)


@pytest.fixture(scope="module")
def eighth_panel(tmp_path_factory):
    """The arguments of the eighth simulated panel of the per-rater fit of 300 workers x 3,000
    items (benchmarks/crowd_data.py, seed 1, Class 1 = label 1: 9,000 labels), and the random
    generator's state before it is drawn (the fit draws 39 panels: one direction's test each at
    2.5%, issue 78). Its largest root is 2.855 refitted to
    SCREEN_TOLERANCE and 3.080 to SIMULATION_TOLERANCE (benchmarks/RESULTS.md, "Per-rater t-a-p:
    fifth pass")."""
    path = tmp_path_factory.mktemp("crowd") / "crowd.csv"
    write_csv(path, 300, 3000, seed=1)
    table = read_ratings(path).table
    seen = []
    real = cf.panel_maximum

    def spy(data, design, truth, rng, request, tested, floor=0.0):
        seen.append((data, design, truth, rng.bit_generator.state, request, tested))
        return real(data, design, truth, rng, request, tested, floor)

    cf.panel_maximum = spy
    try:
        fit(FitRequest(model="per-rater", class1=("1",)), table)
    finally:
        cf.panel_maximum = real
    assert len(seen) == 39
    return seen[7]


def generator(state) -> np.random.Generator:
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    return rng


def test_the_panel_moves_past_the_margin_between_the_screen_and_the_full_refit(eighth_panel):
    data, design, truth, state, request, tested = eighth_panel
    panel, pairs = cf.drawn(data, design, truth, generator(state))
    refit = cf.Refit(panel, truth, request.max_iterations)
    screened = cf.largest_root(panel, refit.to(cf.SCREEN_TOLERANCE), tested, pairs)
    full = cf.largest_root(panel, refit.to(cf.SIMULATION_TOLERANCE), tested, pairs)
    assert (full - screened).max() > cf.SCREEN_MARGIN


@pytest.mark.parametrize("floor", [2.9, 3.0, 3.05, 3.2])
def test_a_panel_of_a_few_labels_a_worker_gives_the_full_refits_answer(eighth_panel, floor):
    data, design, truth, state, request, tested = eighth_panel
    assert float(data.cell_totals.sum()) < cf.SCREEN_LABELS
    new = cf.panel_maximum(data, design, truth, generator(state), request, tested, floor)
    assert np.array_equal(new, unscreened(data, design, truth, generator(state), request,
                                          tested, floor))
