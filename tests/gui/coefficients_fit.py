"""The classical coefficients with quadratic weights fitted on the ordinal example through the
window: the tests of the coefficients' tables and pane in German start from it."""

from __future__ import annotations

from tapdesk.gui.window.menus import load_example


def fit_quadratic_coefficients(window, qtbot) -> None:
    load_example(window, "ordinal")
    pane = window.model_pane
    assert pane.select("coefficients", "mle")
    pane.weights.setCurrentIndex(pane.weights.findData("quadratic"))
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
