"""Issue 12, points 1, 2 and 9: every fit keeps its own data; the report never mixes data sets."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import Qt

from tapdesk.data.binary import binary_counts
from tapdesk.engine.binary.agreement import binary_agreement
from tapdesk.gui.project.session import FitEntry, table_sha256
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle", timeout=60000, **options):
    assert window.model_pane.select(model, method), model
    for name, value in options.items():
        getattr(window.model_pane, name).setValue(value)
    with qtbot.waitSignal(window.controller.finished, timeout=timeout) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _simulate(window):
    """What Analysis > Simulate data... > Generate does."""
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(window)
    dialog.subjects.setValue(200)
    dialog.raters.setValue(5)
    dataset = dialog.dataset()
    dialog.close()
    window.load_dataset(dataset, "Simulated data", source="generated")
    return dataset


def _percent_agreement_shown(window) -> float:
    rows = {r[0]: r for r in window.results_pane.coef_model.rows}
    return float(rows["Percent agreement"][1])


def test_generated_data_open_beside_the_fitted_data(window, qtbot, shared_data):
    """Point 1: Simulate after fitting wine keeps wine and its fit; the results stay wine's."""
    assert window.open_path(shared_data / "wine.csv")
    wine = window.session
    wine_table = window.dataset_pane.table
    result = _fit(window, qtbot)
    entry = window.results_pane.current_entry()
    assert entry.table is wine_table and entry.data.name == "wine.csv"
    assert entry.data.sha256 == table_sha256(wine_table)
    assert (entry.data.n_subjects, entry.data.n_raters, entry.data.n_ratings) == (183, 4, 732)
    assert entry.data.file_sha256 == wine_table.provenance.sha256 != ""
    _simulate(window)
    # both data sets are open; the new one is shown; the wine fit is untouched and still wine's
    assert [s.name for s in window.sessions.values()] == ["wine.csv", "Simulated data"]
    assert window.session.name == "Simulated data" and window.dataset_pane.table.n_subjects == 200
    assert window.results_pane.entries == [entry] and entry.table is wine_table
    assert window.results_pane.current_entry() is None          # no fit of these data yet
    assert "Fit a model" in window.results_pane.summary_text()
    assert window.report_candidates() == []
    assert window.export_report() is None and "no fit of Simulated data" in window.last_error
    # picking the wine fit brings wine back, and everything shown is computed on wine
    window.results_pane.select(0)
    assert window.session is wine and window.dataset_pane.table is wine_table
    assert "wine.csv" in window.results_pane.data_line.text()
    assert "wine.csv: 183 subjects" in window.results_pane.summary_text()
    direct = binary_agreement(binary_counts(wine_table, choice=result.class_choice).histogram())
    assert _percent_agreement_shown(window) == pytest.approx(direct.percent_agreement, abs=5e-4)


def test_fits_list_groups_fits_by_data_set_and_tells_them_apart(window, qtbot):
    """Points 1 and 9: a heading per data set; method, draws and Class 1 on every entry."""
    load_example(window, "medals")
    _fit(window, qtbot)
    classes = window.dataset_pane.class_list
    classes.item(0).setCheckState(Qt.CheckState.Checked)
    classes.item(1).setCheckState(Qt.CheckState.Unchecked)
    _fit(window, qtbot)
    _fit(window, qtbot, "tap", "mcmc", draws=200, warmup=100, chains=2)
    _simulate(window)
    _fit(window, qtbot)
    fits = window.results_pane.history_list
    texts = [fits.item_text(i) for i in range(fits.count())]
    assert len(set(texts)) == 4                                  # no two entries alike
    assert "Class 1 = medal" in texts[0] and "Class 1 = no medal" in texts[1]
    assert "Bayesian" in texts[2] and "2 \u00d7 200 draws" in texts[2]    # simulation: draws
    assert "Maximum likelihood" in texts[3]
    assert [h.split("\n")[0] for h in fits.heading_texts()] == ["Simulated medals", "Simulated data"]
    assert fits.heading_of(3).startswith("Simulated data") and fits.heading_of(0).startswith(
        "Simulated medals"
    )
    width = fits.viewport().width()
    for i in range(fits.count()):
        for line in texts[i].split("\n"):                        # nothing runs off the list
            assert fits.fontMetrics().horizontalAdvance(line) < width


def test_data_without_fits_is_replaced_not_piled_up(window):
    load_example(window, "medals")
    load_example(window, "balanced")
    assert [s.name for s in window.sessions.values()] == ["Simulated balanced classes"]


def test_report_candidates_are_the_current_data_sets_fits_with_their_own_tables(window, qtbot,
                                                                              tmp_path):
    """Point 2: export offers exactly the current data set's fits, in order, each with its table."""
    load_example(window, "ordinal")
    ordinal_table = window.dataset_pane.table
    tap = _fit(window, qtbot)
    coefficients = _fit(window, qtbot, "coefficients")
    load_example(window, "medals")
    _fit(window, qtbot)
    medals_table = window.dataset_pane.table
    candidates = window.report_candidates()
    assert [(r.model, t) for _, r, t in candidates] == [("tap", medals_table)]
    window.results_pane.select(1)                   # the coefficients fit of the ordinal data
    candidates = window.report_candidates()
    assert [r for _, r, _ in candidates] == [tap, coefficients]
    assert all(t is ordinal_table for _, _, t in candidates)
    assert candidates[0][0].startswith("1. t-a-p") and "Class 1" in candidates[0][0]
    analyses = window.report_inputs().analyses()    # all, in order: the model leads
    assert [a.result for a in analyses] == [tap, coefficients]
    assert all(a.table is ordinal_table for a in analyses)
    analyses = window.report_inputs([candidates[1]]).analyses()   # the user's choice leads
    assert [a.result for a in analyses] == [coefficients]
    pytest.importorskip("tapdesk.render.pdf")
    path = window.export_report(tmp_path / "report.pdf", chosen=[0])
    assert path is not None and path.stat().st_size > 1000


def test_export_dialog_is_handed_exactly_the_current_data_sets_fits(window, qtbot, monkeypatch):
    """File > Export report opens the export dialog with report_candidates(), nothing else."""
    from tapdesk.gui.dialogs import export_dialog
    handed = []

    class Spy(export_dialog.ExportDialog):
        def exec(self):
            handed.append(list(self.candidates))
            return 0

    monkeypatch.setattr(export_dialog, "ExportDialog", Spy)
    load_example(window, "medals")
    tap = _fit(window, qtbot)
    _simulate(window)
    _fit(window, qtbot)
    window.results_pane.select(0)
    assert window.export_report() is None            # cancelled
    assert [(r, t.n_subjects) for _, r, t in handed[0]] == [(tap, 183)]


def test_report_text_names_only_the_fits_data(window, qtbot, tmp_path, shared_data):
    """Point 1: after generating data, the report of the wine fit never mentions other data."""
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("tapdesk.render.pdf")
    assert window.open_path(shared_data / "wine.csv")
    _fit(window, qtbot)
    _simulate(window)
    window.results_pane.select(0)
    path = window.export_report(tmp_path / "wine.pdf")
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
    assert "wine.csv" in text and "Simulated" not in text and "200 subjects" not in text


def test_project_keeps_every_data_set_and_each_fits_own_table(window, qtbot, tmp_path, app):
    from tapdesk.gui.window.main_window import MainWindow
    load_example(window, "medals")
    medal_fit = _fit(window, qtbot)
    _simulate(window)
    sim_fit = _fit(window, qtbot)
    path = tmp_path / "two.tapdesk"
    assert window.save_project(path)
    saved = json.loads(path.read_text())
    assert saved["version"] == 4 and len(saved["datasets"]) == 2 and len(saved["fits"]) == 2
    assert saved["about"] == {"project": "two.tapdesk", "project_path": str(path),
                              "datasets": ["Simulated medals", "Simulated data"], "fits": 2}
    other = MainWindow()
    qtbot.addWidget(other)
    try:
        assert other.open_project(path) and not other.dirty
        entries = other.results_pane.entries
        assert [e.result.to_dict() for e in entries] == [medal_fit.to_dict(), sim_fit.to_dict()]
        assert [e.table.n_subjects for e in entries] == [183, 200]
        assert [e.data.name for e in entries] == ["Simulated medals", "Simulated data"]
        assert len({e.session_key for e in entries}) == 2
        assert other.session.name == "Simulated data"
        other.results_pane.select(0)
        assert other.session.name == "Simulated medals" and other.dataset_pane.table.n_subjects == 183
    finally:
        other.close()


def test_version_1_projects_still_open(window, tmp_path):
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.gui.project.codec import encode
    ds, _ = example_dataset("medals")
    result = fit(FitRequest(model="tap", class1=("medal",)), ds.table)
    old = {"format": "tapdesk-project", "version": 1, "saved_at": "2025-01-02T03:04:05",
           "source": {"kind": "generated", "path": "", "options": None},
           "dataset": encode(ds), "view": {"scale": ["no medal", "medal"], "ordinal": True,
                                           "class1": ["medal"], "cut": None},
           "settings": None, "results": [encode(result)], "current": 0}
    path = tmp_path / "old.tapdesk"
    path.write_text(json.dumps(old))
    assert window.open_project(path)
    entry = window.results_pane.current_entry()
    assert entry.result.to_dict() == result.to_dict() and entry.table.n_ratings == 732
    assert window.dataset_pane.binary_choice().class1 == ("medal",)


def test_fit_started_on_one_data_set_finishing_after_a_switch_stays_with_it(window, qtbot):
    load_example(window, "medals")
    medals = window.session
    _fit(window, qtbot)
    window.model_pane.bootstrap.setValue(300)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        window.start_fit()
        _simulate(window)                             # the user moves on while it runs
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    late = window.results_pane.entries[-1]
    assert late.session_key == medals.key and late.table.n_subjects == 183
    assert window.session.name == "Simulated data"    # the view did not jump back
    assert window.results_pane.current_entry() is None


def test_fit_entry_detail_lines():
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.gui.project.session import DataIdentity
    ds, _ = example_dataset("medals")
    result = fit(FitRequest(model="tap", class1=("medal",), bootstrap=20), ds.table)
    entry = FitEntry(result, ds.table, DataIdentity.of(ds.table, "Simulated medals"))
    assert entry.detail_lines() == ["Maximum likelihood", "20 resamples", "Class 1 = medal"]
    assert entry.describe() == "Maximum likelihood \u00b7 20 resamples \u00b7 Class 1 = medal"
    assert np.isclose(entry.data.n_ratings, 732)
