"""The app's coefficient tables show PABAK and the two indices, each explained by its tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.engine.analyses import COEFFICIENTS_MODEL
from tapdesk.engine.coefficients import coefficients_for_fit
from tapdesk.engine.coefficients.report import how_computed
from tapdesk.gui.window.menus import load_example
from tapdesk.report.glossary import lookup

pytestmark = pytest.mark.gui

NAMES = ("PABAK (prevalence- and bias-adjusted kappa)", "Prevalence index", "Bias index")


def _fit(window, qtbot, model: str):
    assert window.model_pane.select(model, "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _tip(model, name: str) -> str:
    row = next(i for i, r in enumerate(model.rows) if r[0] == name)
    return model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)


def test_beside_a_two_class_fit(window, qtbot):
    load_example(window, "paradox")
    result = _fit(window, qtbot, "tap")
    model = window.results_pane.coef_model
    shown = {r[0]: r for r in model.rows}
    direct = coefficients_for_fit(result, window.dataset_pane.table, bootstrap=0)
    for name in NAMES:
        coef = next(c for c in direct.coefficients if c.name == name)
        assert shown[name][1] == pytest.approx(coef.value)
        tip = _tip(model, name)             # the glossary's meaning, then how it was computed
        assert tip.startswith(f"{lookup(name).term}: {lookup(name).meaning}")
        assert tip.endswith(f"How computed: {how_computed(coef)}")
        assert how_computed(coef) not in shown[name][3]     # the method is not on the screen
    assert "equally common" in _tip(model, NAMES[0])
    bias = direct.get("bias_index")          # the words column says what it finds
    assert bias.verdict and shown["Bias index"][3].endswith(bias.verdict)
    assert shown[NAMES[0]][1] == shown["Brennan-Prediger"][1]


def test_in_the_coefficients_analysis(window, qtbot):
    load_example(window, "medals")
    _fit(window, qtbot, COEFFICIENTS_MODEL)
    model = window.results_pane.param_model
    assert "how often they say Class 1" in _tip(model, "Bias index")
    assert "how unequal" in _tip(model, "Prevalence index").lower()


def test_the_coefficients_analysis_heads_its_interval_with_the_fits_level():
    from tapdesk.data.ratings import RatingsTable
    from tapdesk.engine import FitRequest
    from tapdesk.engine.analyses import run_coefficients
    from tapdesk.gui.results.pane import coefficient_columns
    table = RatingsTable.from_wide([[1, 1, 2], [2, 2, 2], [1, 2, 1], [2, 1, 1]] * 5)
    result = run_coefficients(FitRequest(model=COEFFICIENTS_MODEL, level=0.9), table, bootstrap=0)
    assert coefficient_columns(result)[3] == "90% interval"
