"""The self-test walks the Plan, Check-this-rater and Export dialogs at each screen size
(issue 41) and finds text they cut."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


class Walk:
    """The parts of the self-test's Walkthrough the dialog walks use."""

    def __init__(self, app, window, out) -> None:
        self.app, self.window, self.out = app, window, out
        self.layout_problems: list[str] = []
        self.notes: list[str] = []
        self.steps: list[str] = []
        self.failures: list[str] = []
        self.shots: list[str] = []

    def shot(self, name: str, widget=None) -> None:
        self.shots.append(name)

    def step(self, name: str, ok: bool, why: str = "") -> bool:
        (self.steps if ok else self.failures).append(name if ok else f"{name}: {why}")
        return ok


def _fit(window, qtbot, model):
    assert window.model_pane.select(model, "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120_000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10_000)


def test_the_three_dialogs_are_walked_at_each_size_with_nothing_cut(window, qtbot, qapp,
                                                                    tmp_path):
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    from tapdesk.gui.selftest.dialog_walks import SCREENS, walk_committee_dialogs
    window.load_dataset(simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3),
                        "simulated panel")
    _fit(window, qtbot, "per-rater")
    _fit(window, qtbot, "tap")
    walk = Walk(qapp, window, tmp_path)
    walk_committee_dialogs(walk)
    assert walk.failures == [] and walk.layout_problems == [], (walk.failures,
                                                                walk.layout_problems)
    assert walk.shots == ["dialog-plan", "dialog-plan-search", "dialog-rater-check",
                          "dialog-export", "dialog-export-done"]
    assert any(s.startswith("plan dialog: a 'Subjects needed...' search") for s in walk.steps)
    assert (tmp_path / "dialog-walk-report.html").exists()
    assert len(SCREENS) == 3 and walk.steps[-1].startswith("Plan, Check-this-rater and Export")


def test_a_cut_text_is_reported_by_screen_and_dialog(qtbot, qapp, tmp_path):
    from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

    from tapdesk.gui.selftest.dialog_walks import walk_sizes
    dialog = QDialog()
    qtbot.addWidget(dialog)
    label = QLabel("a label far too long for the room it is given " * 8)
    label.setMinimumWidth(50)
    QVBoxLayout(dialog).addWidget(label)
    dialog.resize(1600, 200)
    dialog.show()
    walk = Walk(qapp, None, tmp_path)
    walk_sizes(walk, dialog, "narrow")
    assert walk.layout_problems and all(" narrow dialog: " in p for p in walk.layout_problems)
    assert walk.layout_problems[0].startswith("1280 x 800 narrow dialog: ")


def test_the_plan_is_walked_from_the_latest_fit_it_can_start_from(window, qtbot):
    """After the coefficients (no t, a, p) the Plan dialog starts from the t-a-p fit, so its
    notes name where t, a and p came from ("estimates of the ... fit", which the walk never
    met while it planned from the shown coefficients)."""
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    from tapdesk.gui.selftest.dialog_walks import plan_start
    window.load_dataset(simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3),
                        "simulated panel")
    _fit(window, qtbot, "tap")
    _fit(window, qtbot, "coefficients")
    assert window.results_pane.current().model == "coefficients"
    assert plan_start(window) is window.results_pane.entries[0].result
