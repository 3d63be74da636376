"""Issue 79 (a committee's first look): a running Bayesian fit of t-a-p for several categories
titled its live plots "Truly Class 1 (2)": a model of several categories has no Class 1. The
Progress tab names each category's share by the category's label, as the fit's result does
(:func:`tapdesk.engine.words.estimate_words`, one rule for both); a two-class fit after it is
titled "Truly Class 1" again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.window.menus import fill_examples_menu

pytestmark = pytest.mark.gui


def _fit_through_the_window(window, qtbot, model):
    pane = window.model_pane
    assert pane.select(model, "mcmc"), model
    pane.chains.setValue(2)
    pane.draws.setValue(200)
    pane.warmup.setValue(100)
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        qtbot.mouseClick(pane.fit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _live_titles(window) -> list[tuple[str, str]]:
    """The shown rows' (trace, density) axis titles of the Progress tab."""
    live = window.results_pane.live
    return [(trace.getAxis("left").labelText, density.getAxis("bottom").labelText)
            for trace, density in zip(live._trace_plots, live._density_plots) if trace.isVisible()]


def test_the_live_plots_name_each_categorys_share_by_its_label(window, qtbot):
    fill_examples_menu(window)
    window.action_example_wine.trigger()              # Help > Examples > Wine (labelled medals)
    result = _fit_through_the_window(window, qtbot, "categorical")
    titles = _live_titles(window)
    wanted = ["Truly no medal", "Truly bronze", "Truly silver", "Truly gold"]
    assert [trace for trace, _density in titles] == wanted
    assert [density for _trace, density in titles] == wanted
    assert wanted == [result.estimate_words(f"t[{code}]") for code in "1234"]   # as its result
    result = _fit_through_the_window(window, qtbot, "tap")
    assert [trace for trace, _density in _live_titles(window)] == \
        ["Truly Class 1", "Accuracy", "Guesses Class 1"]
