"""The self-test's watch on every fit a window finishes (issue 55): each rater comparison's
p-value against its interval, whoever started the fit (the crowd step and the action walk came
after the last "one story" check and were checked by nothing)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QObject, Signal

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.results import AttributeEffect, RaterComparison
from tapdesk.gui.selftest.fit_watch import FitWatch
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


class Controller(QObject):
    finished = Signal(object)


def test_a_fit_whose_p_value_contradicts_its_interval_is_named(app):
    controller = Controller()
    watch = FitWatch(SimpleNamespace(controller=controller))
    fitted = fit(FitRequest(), simulate_table(TapParameters(0.3, 0.7, 0.4), 60, 3, seed=3))
    agrees = RaterComparison("R1", "a", 0.3, (0.1, 0.5), "higher", "profile", p_value=0.004)
    holds = RaterComparison("R2", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                            p_value=0.017)
    age = AttributeEffect("age", "", "", 0.1, (0.01, 0.3), 10.0, 30.0, 60.0, 0.05, (0.01, 0.2),
                          "age 60 against 30", 0.38, "higher", 1)
    controller.finished.emit(replace(fitted, comparisons=(agrees,)))
    controller.finished.emit(replace(fitted, comparisons=(agrees, holds)))
    controller.finished.emit(replace(fitted, effects=(age,)))
    controller.finished.emit(SimpleNamespace(title="an analysis beside the models"))
    assert watch.fits == 4
    assert len(watch.mismatches) == 2
    assert watch.mismatches[0].startswith(f"fit 2 ({fitted.title}, {fitted.method}): rater "
                                          "R2's a has p = 0.017")
    assert "fit 3" in watch.mismatches[1] and "the effect of age has p = 0.38" in \
        watch.mismatches[1]
    assert "(4 fits)" in watch.step_name()


def test_every_fit_the_window_finishes_is_checked(window, qtbot):
    """A per-rater fit made in the window (in its worker process) reaches the watch with its
    p-values, and they agree with its intervals."""
    watch = FitWatch(window)
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    assert window.start_fit() is not None
    qtbot.waitUntil(lambda: not window.controller.running, timeout=120_000)
    result = window.results_pane.current()
    assert watch.fits == 1 and watch.mismatches == []
    assert sum(c.p_value is not None for c in result.comparisons) >= 2
