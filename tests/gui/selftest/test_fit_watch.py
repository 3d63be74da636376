"""The self-test's watch on every fit a window finishes (issue 55): each rater comparison's
p-value against its interval, whoever started the fit (the crowd step and the action walk came
after the last "one story" check and were checked by nothing)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QObject, Signal

from tapdesk.engine.results import RaterComparison
from tapdesk.gui.selftest.fit_watch import FitWatch
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


class Controller(QObject):
    finished = Signal(object)


def test_a_fit_whose_p_value_contradicts_its_interval_is_named(app):
    controller = Controller()
    watch = FitWatch(SimpleNamespace(controller=controller))
    agrees = RaterComparison("R1", "a", 0.3, (0.1, 0.5), "higher", "profile", p_value=0.004)
    holds = RaterComparison("R2", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                            p_value=0.017)
    controller.finished.emit(SimpleNamespace(title="first", method="mle", comparisons=(agrees,)))
    controller.finished.emit(SimpleNamespace(title="crowd", method="mle",
                                             comparisons=(agrees, holds)))
    controller.finished.emit(SimpleNamespace(title="an analysis without comparisons"))
    assert watch.fits == 3
    assert len(watch.mismatches) == 1
    assert watch.mismatches[0].startswith("fit 2 (crowd, mle): rater R2's a has p = 0.017")
    assert "(3 fits)" in watch.step_name()


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
