"""Issue 6 gaps: exact overlay, ordinal analysis, rater accuracy heatmap, coefficients analysis,
background file reading, Qt message filter, garbage collection in the GUI thread only."""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np
import pytest

from tapdesk.engine.analyses import COEFFICIENTS_MODEL, ORDINAL_MODEL
from tapdesk.engine.request import FitRequest
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model, method="mle", timeout=60000):
    assert window.model_pane.select(model, method), model
    with qtbot.waitSignal(window.controller.finished, timeout=timeout) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _plots(window) -> dict:
    window.results_pane.show_tab("Plots")
    return dict(window.results_pane.plots.widgets)


# ------------------------------------------------------------ posterior plot
def test_mcmc_densities_are_smooth_with_the_exact_posterior_overlaid(window, qtbot, monkeypatch):
    from tapdesk.report import extras as result_extras
    threads = []
    real = result_extras.compute_exact

    def spy(*args, **kw):
        threads.append(threading.current_thread())
        return real(*args, **kw)

    monkeypatch.setattr(result_extras, "compute_exact", spy)
    load_example(window, "medals")
    pane = window.model_pane
    pane.chains.setValue(2)
    pane.draws.setValue(400)
    pane.warmup.setValue(200)
    result = _fit(window, qtbot, "tap", "mcmc")
    assert threads == []            # computed in the worker process: none of it in the app's
    exact = result_extras.exact_for(result)
    assert exact is not None and exact.method == "exact" and exact.request.cut == result.request.cut
    plot = _plots(window)["Posterior densities"]
    assert plot.exact_overlaid == ["t", "a", "p"]
    labels = [label.text for _, label in plot.legend.items]
    assert any("MCMC" in t for t in labels) and any("exact" in t for t in labels)
    # the exact posterior mean and the MCMC mean agree within a few MCMC standard errors
    for name in ("t", "a", "p"):
        assert abs(exact.value(name) - result.value(name)) < 0.05


def test_smooth_density_matches_a_known_beta_density():
    from scipy.stats import beta

    from tapdesk.render.plots.posterior import smooth_density
    draws = np.random.default_rng(1).beta(3, 5, 20000)
    x = np.linspace(0.01, 0.99, 99)
    dens = smooth_density(draws, x)
    assert np.max(np.abs(dens - beta.pdf(x, 3, 5))) < 0.12
    # near a bound the reflection keeps the density up (a plain kernel would halve it at 0)
    near = np.random.default_rng(2).beta(1, 4, 20000)
    assert smooth_density(near, np.array([0.002]))[0] == pytest.approx(4.0, rel=0.12)


def test_destep_recovers_a_density_from_logit_cells():
    """A marginal that is constant per logit cell (as the exact grid gives) becomes smooth."""
    from scipy.special import expit, logit
    from scipy.stats import beta

    from tapdesk.render.plots.posterior import destep
    cells = np.linspace(logit(0.05), logit(0.95), 17)      # logit cell edges, several bins wide
    mass = np.diff(beta.cdf(expit(cells), 4, 6))
    x = np.linspace(0.06, 0.94, 60)
    step = x[1] - x[0]
    cdf = np.interp(logit(np.r_[x - step / 2, x[-1] + step / 2]), cells,
                    np.r_[0, np.cumsum(mass)])
    binned = np.diff(cdf) / step
    sx, sy = destep(x, binned)
    step_error = np.max(np.abs(binned - beta.pdf(x, 4, 6)))
    assert np.max(np.abs(sy - beta.pdf(sx, 4, 6))) < step_error
    # no steps: the largest jump between neighbouring points is a small part of the steps' jumps
    fine = np.interp(np.linspace(sx[0], sx[-1], 60), sx, sy)
    assert np.max(np.abs(np.diff(fine))) < 0.5 * np.max(np.abs(np.diff(binned)))
    assert np.trapezoid(sy, sx) == pytest.approx(1.0, abs=0.03)


def test_destep_draws_a_marginal_that_reaches_0_and_1_without_spikes():
    """Weak accuracy piles t's posterior near 0 and near 1: the bins touching them used to be
    read at the middle of their logit span (about -16) and rose to thousands."""
    from scipy.stats import beta

    from tapdesk.render.plots.posterior import destep
    edges = np.linspace(0.0, 1.0, 61)
    x = (edges[1:] + edges[:-1]) / 2
    binned = np.diff(0.5 * beta.cdf(edges, 0.8, 3) + 0.5 * beta.cdf(edges, 3, 0.9)) / np.diff(edges)
    sx, sy = destep(x, binned)
    assert sy.max() < 1.2 * binned.max()
    assert np.trapezoid(sy, sx) == pytest.approx(1.0, abs=0.05)


# ---------------------------------------------------------------- ordinal
def test_ordinal_analysis_runs_in_the_worker_and_shows_tables_and_plots(window, qtbot):
    from tapdesk.engine.binary.ordinal import ordinal_analysis
    load_example(window, "medals")
    index = window.model_pane.model_combo.findData(ORDINAL_MODEL)
    item = window.model_pane.model_combo.model().item(index)
    assert not item.isEnabled() and "three categories" in item.toolTip()
    load_example(window, "ordinal")
    assert window.model_pane.model_combo.model().item(index).isEnabled()
    events = []
    window.controller.progress.connect(events.extend)
    result = _fit(window, qtbot, ORDINAL_MODEL)
    assert result.model == ORDINAL_MODEL and events
    table = window.dataset_pane.table
    direct = ordinal_analysis(table, FitRequest())
    cuts = [c.label for c in direct.cuts]
    assert [e.category for e in result.params if e.name == "a"] == cuts
    for c in direct.cuts:
        assert result.value("a", c.label) == pytest.approx(c.a.value, abs=1e-9)
    rp = window.results_pane
    rp.show_tab("Tables")
    own = [t.title for t in result.tables]
    assert [rp.tables.chooser.itemText(i) for i in range(len(own))] == own == [
        rp.tables.chooser.currentText(), own[1]]
    assert rp.tables.chooser.itemText(rp.tables.chooser.count() - 1) == "Ratings by rater and category"
    assert rp.tables.model.rowCount() == len(cuts)
    assert [rp.tables.view.model().index(r, 0).data() for r in range(len(cuts))] == cuts
    header = rp.tables.model.columns
    assert {"t 95% interval", "a 95% interval", "p 95% interval", "Fleiss kappa",
            "Accuracy from kappa"} <= set(
        header
    )
    plots = _plots(window)
    assert plots["Estimates by cut point"].cut_labels == cuts
    heat = plots["Category-pair accuracy"]
    expected = np.array([[np.nan if v is None else v for v in row]
                         for row in direct.pairwise_matrix()], dtype=float)
    np.testing.assert_allclose(heat.matrix, expected, equal_nan=True)
    assert all("diagonal" in heat.cell_notes[(i, i)] for i in range(len(table.categories)))


def test_cutpoint_plot_from_an_ordinal_result_or_per_cut_fits(app):
    from tapdesk.engine.analyses import run_ordinal
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.render.plots import cutpoint_plot
    table = example_dataset("ordinal")[0].table
    packed = cutpoint_plot([run_ordinal(FitRequest(model=ORDINAL_MODEL), table)])
    fits = [fit(FitRequest(cut=c), table) for c in table.categories[:-1]]
    separate = cutpoint_plot(fits)
    assert packed.cut_labels == ["poor|fair", "fair|good", "good|excellent"]
    assert separate.cut_labels == list(table.categories[:-1])


# ------------------------------------------------------ rater accuracy heatmap
def _kappa_by_hand(x: np.ndarray, y: np.ndarray) -> float:
    po = np.mean(x == y)
    pe = np.mean(x) * np.mean(y) + np.mean(1 - x) * np.mean(1 - y)
    return (po - pe) / (1 - pe)


def test_rater_pair_heatmap_is_sqrt_cohen_kappa_with_a_blank_diagonal(window, qtbot):
    from tapdesk.data.binary import class1_mask
    load_example(window, "medals")
    result = _fit(window, qtbot, "tap")
    heat = _plots(window)["Rater-pair accuracy"]
    assert "Cohen" in heat.getPlotItem().titleLabel.text and "a\u00b2" in \
        heat.getPlotItem().titleLabel.text
    assert np.isnan(np.diag(heat.matrix)).all()
    table = window.dataset_pane.table
    grid = np.full((table.n_subjects, table.n_raters), -1)
    grid[table.subject, table.rater] = class1_mask(table, result.class_choice)
    for i, j in ((0, 1), (1, 3), (2, 3)):
        assert heat.matrix[i, j] == pytest.approx(np.sqrt(_kappa_by_hand(grid[:, i], grid[:, j])),
                                                  abs=1e-9)
    assert "Raw percent agreement" in _plots(window)


def test_accuracy_matrix_leaves_undefined_pairs_blank_with_the_reason():
    from tapdesk.engine.coefficients import PairwiseCohen
    from tapdesk.render.plots.heatmaps import accuracy_matrix
    pw = PairwiseCohen(("A", "B", "C"), ((None, 0.49, -0.2), (0.49, None, None), (-0.2, None, None)),
                       ((None,) * 3,) * 3, ((10, 10, 10), (10, 10, 0), (10, 0, 10)))
    matrix, notes = accuracy_matrix(pw)
    assert matrix[0, 1] == pytest.approx(0.7)
    assert np.isnan(matrix[0, 2]) and "negative" in notes[(0, 2)]
    assert np.isnan(matrix[1, 2]) and "no subject rated by both" in notes[(1, 2)]
    assert np.isnan(matrix[1, 1]) and "diagonal" in notes[(1, 1)]


# ------------------------------------------------------ classical coefficients
def test_classical_coefficients_as_an_analysis(window, qtbot):
    from tapdesk.engine.coefficients import agreement_coefficients
    load_example(window, "ordinal")
    pane = window.model_pane
    assert pane.select(COEFFICIENTS_MODEL)
    pane.options_group.set_open(True)
    assert pane.weights.isVisibleTo(pane)
    pane.weights.setCurrentIndex(pane.weights.findData("quadratic"))
    result = _fit(window, qtbot, COEFFICIENTS_MODEL)
    assert result.model == COEFFICIENTS_MODEL and "quadratic" in result.title
    rp = window.results_pane
    assert rp.history[-1] is result and "Classical agreement" in rp.history_list.item_text(0)
    direct = agreement_coefficients(window.dataset_pane.table, weights="quadratic", bootstrap=0)
    shown = {row[0]: row for row in rp.param_model.rows}
    for key in ("fleiss_kappa", "fleiss_kappa_weighted", "gwet_ac2"):
        coef = direct.get(key)
        assert float(shown[coef.name][1]) == pytest.approx(coef.value, abs=5e-4)
    assert shown["Cohen's kappa"][1] == "-" and "undefined" in shown["Cohen's kappa"][4]
    assert rp.param_model.columns[-1] == "What it means, or why undefined"
    assert not rp.coef_view.isVisibleTo(rp)           # not repeated below
    pane.select("tap")
    assert not pane.weights.isVisibleTo(pane)


# ------------------------------------------------------ reading big files
def test_big_files_are_read_off_the_gui_thread(window, qtbot, shared_data, monkeypatch, tmp_path):
    from PySide6.QtCore import QTimer

    from tapdesk.gui.window import datasets as main_window
    threads, ticks, gui_ran_during_read = [], [], []
    ticked = threading.Event()
    real = main_window.read_ratings

    def slow_read(path, options):
        threads.append(threading.current_thread())
        ticked.clear()
        # the GUI thread's timer must fire while this read is still running (waits for it,
        # so a loaded machine that starves the process for a while cannot fail the test)
        gui_ran_during_read.append(ticked.wait(30))
        return real(path, options)

    def tick():
        ticks.append(1)
        ticked.set()

    monkeypatch.setattr(main_window, "READ_IN_BACKGROUND_BYTES", 0)
    monkeypatch.setattr(main_window, "read_ratings", slow_read)
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    try:
        assert window.open_path(shared_data / "wine.csv")
    finally:
        timer.stop()
    assert threads[0] is not threading.main_thread()
    assert gui_ran_during_read == [True]        # the GUI thread kept running while it read
    assert window.dataset_pane.table.n_subjects == 183 and window.isEnabled()
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"\x00\x01\x02 not a table")
    assert not window.open_path(bad)
    assert "bad.csv" in window.error_box.text() and window.dataset_pane.table.n_subjects == 183


# ------------------------------------------------------- app-level plumbing
def test_qt_message_handler_drops_only_the_offscreen_note(capsys):
    from PySide6.QtCore import QtMsgType

    from tapdesk.gui.app import qt_message_handler
    qt_message_handler(QtMsgType.QtWarningMsg, None,
                       "This plugin does not support propagateSizeHints()")
    assert capsys.readouterr().err == ""
    qt_message_handler(QtMsgType.QtWarningMsg, None, "something else went wrong")
    assert "something else went wrong" in capsys.readouterr().err


def test_the_full_collection_waits_while_a_fit_runs(app, monkeypatch):
    """A full collection walks every object of the session (60-110 ms of the GUI thread): while
    a fit controller is running only the young generations are collected; after, all three."""
    from tapdesk.gui import collector as collector_module
    from tapdesk.gui.tasks.worker import FitController
    collector = collector_module._COLLECTOR
    controller = FitController()
    assert controller in collector.fits
    done: list[int] = []
    monkeypatch.setattr(collector_module.gc, "collect", lambda generation=2: done.append(generation) or 0)
    monkeypatch.setattr(collector, "threshold", (-1, -1, -1))     # every generation is due
    controller.current_id = 7                                       # as start() sets it
    collector.check()
    assert done == [0, 1]
    controller.current_id = None
    collector.check()
    assert done == [0, 1, 0, 1, 2]
    controller.deleteLater()


def test_garbage_is_collected_in_the_gui_thread_only(app, qtbot):
    """Cycles holding Qt widgets must never be destroyed by a worker thread's allocation."""
    from PySide6.QtWidgets import QTableView

    from tapdesk.gui import collector as collector_module
    from tapdesk.gui.widgets.table_models import RowsModel
    assert not gc.isenabled() and collector_module._COLLECTOR.timer.isActive()

    class Holder:
        pass

    holder = Holder()
    holder.view, holder.model, holder.me = QTableView(), RowsModel(), holder
    holder.view.setModel(holder.model)
    holder.view.show()
    holder.model.set_rows(("a",), [(1,)])
    alive = weakref.ref(holder)
    del holder
    collected_in = []

    def churn():
        junk = []
        for i in range(200_000):            # far past the gen-0 threshold: would trigger a GC
            junk.append([i])
            if len(junk) > 1000:
                junk = []
        collected_in.append(alive() is None)

    worker = threading.Thread(target=churn)
    worker.start()
    worker.join(20)
    assert not worker.is_alive() and collected_in == [False]     # the worker collected nothing
    gc.collect()                                                 # as the GUI thread's timer does
    assert alive() is None
