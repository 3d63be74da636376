"""Issue 43, item 2: the Subjects tab's "Export labels..." writes the file the command line's
``tapdesk fit --subjects-out`` writes (one source: :mod:`tapdesk.report.labels`)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from tapdesk.cli.main import main

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model):
    assert window.model_pane.select(model, "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def test_export_labels_button_writes_the_cli_file(window, qtbot, tmp_path, shared_data,
                                                  monkeypatch, capsys):
    assert window.open_path(shared_data / "wine.csv")
    _fit(window, qtbot, "dawid-skene")
    rp = window.results_pane
    rp.show_tab("Subjects")
    panel = rp.subjects
    assert panel.labels_button.isVisible() and panel.labels is not None
    panel.threshold.setValue(0.8)
    app_file = tmp_path / "app.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(app_file), ""))
    panel.labels_button.click()
    assert main(["fit", str(shared_data / "wine.csv"), "--model", "dawid-skene",
                 "--subjects-out", str(tmp_path / "cli.csv"), "--review-below", "0.8"]) == 0
    capsys.readouterr()
    assert app_file.read_bytes() == (tmp_path / "cli.csv").read_bytes()
    highlighted = panel.model.highlight
    assert len(highlighted) == panel.labels.n_review > 0
    assert all(panel.model.rows[i][panel.model.columns.index("Review")] == "yes"
               for i in highlighted)


def test_a_file_that_cannot_be_written_is_said(window, qtbot, tmp_path, shared_data, monkeypatch):
    assert window.open_path(shared_data / "wine.csv")
    _fit(window, qtbot, "dawid-skene")
    window.results_pane.show_tab("Subjects")
    panel = window.results_pane.subjects
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "labels.txt"), ""))
    panel.labels_button.click()
    assert panel.error_box is not None and ".csv or .parquet" in panel.error_box.text() + \
        panel.error_box.detailedText()
    panel.error_box.close()
