"""The whole path through the app: open, fit, results, export; cancel; errors; projects."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import QElapsedTimer, QTimer

from tapdesk.engine.request import FitRequest
from tapdesk.gui.examples import example_dataset
from tapdesk.gui.tasks.worker import FitWorker
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle", timeout=30000):
    assert window.model_pane.select(model, method)
    with qtbot.waitSignal(window.controller.finished, timeout=timeout) as blocker:
        assert window.start_fit() is not None
    return blocker.args[0]


def test_open_file_fit_results_and_exports(window, qtbot, tmp_path, shared_data):
    assert window.open_path(shared_data / "wine.csv")
    pane = window.dataset_pane
    assert pane.table.n_subjects == 183 and pane.table.categories == ("1", "2", "3", "4")
    pane.by_cut.setChecked(True)
    pane.cut_combo.setCurrentText("1")
    assert pane.class_choice().class1 == ("1",)
    result = _fit(window, qtbot)
    assert result.class_choice.class1 == ("1",)
    shown = window.results_pane.param_model.rows
    assert [r[0] for r in shown] == ["Truly Class 1", "Accuracy", "Guesses Class 1"]   # words
    assert float(shown[1][1]) == pytest.approx(result.value("a"), abs=1e-3)
    rp = window.results_pane
    rp.show_tab("Plots")
    assert [t for t, _ in rp.plots.widgets][:2] == ["Observed vs fitted", "Convergence"]
    from tapdesk.render.plots import export_png, export_svg
    png = export_png(rp.plots.widgets[0][1], tmp_path / "fit.png", 800, 500)
    assert png.stat().st_size > 5000
    assert export_svg(rp.plots.widgets[0][1], tmp_path / "fit.svg").read_text().startswith("<?xml")
    from tapdesk.gui.settings import recent_files
    assert recent_files() == [str((shared_data / "wine.csv").resolve())]   # only this test's file


def test_subjects_adjudication_list(window, qtbot, tmp_path):
    from tapdesk.engine.registry import model_names
    load_example(window, "medals")
    model = next((m for m in ("per-rater", "dawid-skene") if m in model_names()), None)
    if model is None:
        pytest.skip("no model with per-subject probabilities is registered")
    result = _fit(window, qtbot, model)
    if not result.subjects:
        pytest.skip(f"{model} gives no per-subject probabilities")
    sp = window.results_pane.subjects
    window.results_pane.show_tab("Subjects")
    n = sp.export_csv(tmp_path / "review.csv")
    rows = list(csv.reader((tmp_path / "review.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert len(rows) == n + 1 and n == sp.labels.n_review
    certainty = [float(r[rows[0].index("Probability of the most likely class")]) for r in rows[1:]]
    assert certainty == sorted(certainty) and all(r[-2] == "yes" for r in rows[1:])
    assert all(c < sp.threshold.value() or r[-1].startswith("the model and the majority vote")
               for c, r in zip(certainty, rows[1:]))


def test_cancel_mid_fit_keeps_earlier_results(window, qtbot):
    load_example(window, "medals")
    first = _fit(window, qtbot)
    window.model_pane.bootstrap.setValue(5000)
    rid = window.start_fit()
    qtbot.waitUntil(lambda: window.results_pane.live.bar.maximum() == 5000
                    or window.results_pane.live.redraws > 1, timeout=10000)
    with qtbot.waitSignal(window.controller.cancelled, timeout=1000) as blocker:
        window.cancel_fit()
    assert blocker.args == [rid]
    assert not window.controller.running and window.model_pane.fit_button.isEnabled()
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=5000)
    assert window.results_pane.history == [first]


def test_bad_file_shows_message_and_keeps_data(window, tmp_path):
    load_example(window, "balanced")
    before = window.dataset_pane.table
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"\x00\x01\x02 not a table")
    assert not window.open_path(bad)
    assert window.error_box is not None and "bad.csv" in window.error_box.text()
    assert window.dataset_pane.table is before
    assert not window.open_path(tmp_path / "missing.csv")
    assert window.dataset_pane.table is before


def test_worker_signals_in_strict_order(window, qtbot):
    """started, one or more progress batches (how many depends on the machine's speed),
    then finished and idle, and nothing after idle."""
    load_example(window, "balanced")
    c = window.controller
    seen: list[str] = []
    for name in ("started", "progress", "finished", "failed", "cancelled", "idle"):
        getattr(c, name).connect(lambda *_, name=name: seen.append(name))
    with qtbot.waitSignal(c.idle, timeout=60000):
        window.start_fit()
    qtbot.waitUntil(lambda: c.thread_count() == 0, timeout=5000)
    qtbot.wait(50)
    n = seen.count("progress")
    assert n >= 1 and seen == ["started"] + ["progress"] * n + ["finished", "idle"], seen


def test_worker_alone_reports_errors_in_words(qtbot):
    ds, _ = example_dataset("balanced")
    worker = FitWorker(FitRequest(model="tap", class1=("no such label",)), ds.table)
    messages = []
    worker.failed.connect(lambda m, d: messages.append(m))
    with qtbot.waitSignals([worker.started, worker.failed, worker.done], order="strict"):
        worker.run()                       # in this thread: the signals and their order are the same
    message = messages[0]
    assert "no such label" in message and "Traceback" not in message


def test_stale_result_is_dropped(window, qtbot):
    load_example(window, "balanced")
    window.model_pane.bootstrap.setValue(2000)
    old = window.start_fit()
    window.model_pane.bootstrap.setValue(0)
    results = []
    window.controller.finished.connect(results.append)
    new = window.start_fit()
    qtbot.waitUntil(lambda: bool(results), timeout=30000)
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    assert old != new and [r.request.request_id for r in results] == [new]


def _longest_gap_during_fit(window, qtbot) -> tuple[float, int, float]:
    """(longest gap between ticks of a 10 ms GUI-thread timer, ticks, ms the fit ran)."""
    gaps, clock, whole = [], QElapsedTimer(), QElapsedTimer()
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: gaps.append(clock.restart()))
    window.start_fit()
    clock.start()
    whole.start()
    timer.start()
    qtbot.waitUntil(lambda: not window.controller.running, timeout=60000)
    timer.stop()
    return (max(gaps) if gaps else float("inf")), len(gaps), float(whole.elapsed())


STALL_GUARD_MS = 1000
"""10x the target: the strict < 100 ms figure is measured and reported by
benchmarks/bench_responsiveness.py (quiet and with one core kept busy), not asserted here."""


def test_gui_thread_keeps_ticking_during_a_long_fit(window, qtbot):
    """The GUI thread keeps running while a long fit computes in the worker process.

    Guards against a freeze (a fit or heavy work on the GUI thread) at 10x the
    100 ms target, so a busy machine cannot fail it; the figure itself is printed.
    """
    load_example(window, "medals")
    window.model_pane.bootstrap.setValue(150)     # a second or more of work in the worker
    longest, ticks, elapsed = _longest_gap_during_fit(window, qtbot)
    print(f"longest GUI-thread gap during the {elapsed:.0f} ms fit: {longest:.0f} ms "
          f"over {ticks} ticks")
    # a tick every 10 ms when all is well; a frozen thread gives none (10x guard, as below)
    assert ticks >= elapsed / (10 * 10), "the GUI thread froze while the fit ran"
    assert longest < STALL_GUARD_MS, f"the GUI thread stalled {longest:.0f} ms during the fit"


def test_project_round_trip_shows_same_numbers(window, qtbot, tmp_path, app):
    from tapdesk.gui.window.main_window import MainWindow
    load_example(window, "paradox")
    result = _fit(window, qtbot)
    path = tmp_path / "analysis.tapdesk"
    assert window.save_project(path)
    assert not list(tmp_path.glob(".analysis.tapdesk.*"))      # the temporary file was renamed
    other = MainWindow()
    qtbot.addWidget(other)
    try:
        assert other.open_project(path)
        again = other.results_pane.history[0]
        assert again.to_dict() == result.to_dict()
        assert other.dataset_pane.table.n_ratings == window.dataset_pane.table.n_ratings
        assert other.dataset_pane.binary_choice() == window.dataset_pane.binary_choice()
        assert other.results_pane.summary_text() == window.results_pane.summary_text()
    finally:
        other.close()


def test_damaged_project_gives_message(window, tmp_path):
    path = tmp_path / "x.tapdesk"
    path.write_text('{"format": "tapdesk-project", "version": 1, "dataset": {"__type__": "os.system"}}')
    assert not window.open_project(path)
    assert "unknown object type" in window.error_box.detailedText() + window.error_box.text() \
        or window.error_box is not None


def test_million_ratings_table_model():
    from tapdesk.gui.widgets.table_models import RatingsModel
    ds, _ = example_dataset("large")
    model = RatingsModel(ds.table)
    assert model.rowCount() == 1_000_000
    last = model.index(999_999, 0)
    assert model.data(last) == "100000"
    assert model.data(model.index(999_999, 1)) == "R10"


def test_simulate_dialog_preview_and_data(window):
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(window)
    dialog.subjects.setValue(150)
    dialog.raters.setValue(4)
    k, expected = dialog.expected()
    assert list(k) == [0, 1, 2, 3, 4] and expected.sum() == pytest.approx(150)
    ds = dialog.dataset()
    assert ds.table.n_ratings == 600
    dialog.close()


def test_simulate_dialog_with_k_categories(window):
    """Issue 6: the Simulate dialog also makes K-category data, with a preview first."""
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(window)
    dialog.k.setValue(4)
    dialog.t_vec.setText("0.1, 0.2, 0.3, 0.4")
    dialog.p_vec.setText("0.4, 0.3, 0.2, 0.1")
    dialog.boxes["a"].setValue(0.5)
    dialog.subjects.setValue(100)
    dialog.raters.setValue(5)
    k, expected = dialog.expected_categories()
    # expected ratings in category k: N R (a t_k + (1 - a) p_k) = 500 x 0.25 for every k here
    assert list(k) == [0, 1, 2, 3] and expected == pytest.approx([125.0] * 4)
    ds = dialog.dataset()
    assert ds.table.categories == ("1", "2", "3", "4") and ds.table.scale.ordinal
    assert ds.table.n_ratings == 500 and ds.table.n_raters == 5
    dialog.p_vec.setText("0.5, 0.5")                 # wrong length: explained, Generate disabled
    assert not dialog.generate.isEnabled() and "4 shares" in dialog.note.text()
    dialog.close()
