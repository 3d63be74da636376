"""A fit's name reads without brackets inside brackets (issue 79): the Export dialog's list of
fits, the report's analysis heading and the Compare tab's sentence join a model's
name ("t-a-p (average rater)") and its details ("Bayesian (exact)") with a dash, never as
"t-a-p (average rater) (Bayesian (exact))" or "fit 1 (t-a-p (average rater), ...)"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tests.gui.dialogs.test_plan_feedback import _load_panel

pytestmark = pytest.mark.gui


def nested(text: str) -> bool:
    """Whether ``text`` holds a bracket inside a bracket."""
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth > 1:
            return True
    return False


def test_nested_finds_brackets_in_brackets():
    assert nested("3 fits (1. t-a-p (average rater))")
    assert not nested("1. t-a-p (average rater) \u2013 Bayesian (exact)")


def _offered(window) -> list[str]:
    """The fits File > Export report's dialog lists."""
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExportDialog):
            QTimer.singleShot(50, answer)
            return
        seen.extend(dialog.analyses.item(i).text() for i in range(len(dialog.candidates)))
        dialog.reject()

    QTimer.singleShot(0, answer)
    window.action_export_report.trigger()
    return seen


def _fit(window, qtbot, model: str, method: str):
    assert window.model_pane.select(model, method), (model, method)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_export_and_compare_name_fits_without_nested_brackets(window, qtbot):
    _load_panel(window)
    _fit(window, qtbot, "tap", "mle")
    _fit(window, qtbot, "tap", "exact")                      # "Bayesian (exact)"
    offered = _offered(window)
    assert len(offered) == 2 and "Bayesian (exact)" in offered[1], offered
    assert not any(nested(name) for name in offered), offered
    inputs = window.report_inputs()
    assert not any(nested(part.name) for part in inputs.analyses())
    _fit(window, qtbot, "tap-a0a1", "mle")
    pane = window.results_pane
    for row in (0, 2):                                        # the two maximum-likelihood fits
        pane.history_list.set_checked(row, True)
    pane.show_tab("Compare")
    verdict = pane.compare.verdict.text()
    assert "t-a-p (average rater)" in verdict and not nested(verdict), verdict


def test_a_method_keeps_its_letter_case_inside_a_german_sentence():
    """English lowers the first letter of 'Maximum likelihood' inside the Compare sentence; a
    German noun keeps its capital ('mit Maximum-Likelihood', not 'maximum-likelihood')."""
    from tapdesk import i18n
    from tapdesk.gui.project.session import method_words
    from tapdesk.gui.results.compare_panel import _in_sentence
    assert _in_sentence(method_words("mle")) == "maximum likelihood"
    assert _in_sentence("Bootstrap (BCa)") == "bootstrap (BCa)"
    i18n.set_language("de")
    german = method_words("mle")
    assert german[:1].isupper() and _in_sentence(german) == german
    i18n.set_language("en")
