"""The Plan dialog (menu and results pane, pre-filled, background run, cancel, report) and the
Raters tab's feedback action."""

from __future__ import annotations

import zipfile

import pytest

from tapdesk.engine.binary.simulate import TapParameters

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model):
    assert window.model_pane.select(model, "mle"), model
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _load_panel(window):
    from tapdesk.gui.examples import simulated_dataset
    dataset = simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3)
    window.load_dataset(dataset, "simulated panel")
    return dataset.table


def _dialog(window):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    dialogs = window.findChildren(PlanDialog)
    assert dialogs
    return dialogs[-1]


def _small(dialog):
    dialog.workers = 1
    dialog.raters.setText("3,5")
    dialog.subjects.setText("30,60")
    dialog.sims.setValue(20)


def test_plan_from_a_fit_runs_in_the_background_and_goes_into_the_report(window, qtbot):
    _load_panel(window)
    result = _fit(window, qtbot, "tap")
    window.results_pane.plan_button.click()
    dialog = _dialog(window)
    assert dialog.boxes["a"].value() == pytest.approx(result.value("a"), abs=5e-4)
    assert "fit" in dialog.source_label.text()
    assert "120" in dialog.subjects.text()           # the data's own design is among the choices
    _small(dialog)
    dialog.versus_on.setChecked(True)
    assert dialog.start()
    assert dialog.running and not dialog.run_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=240000)
    qtbot.waitUntil(lambda: not dialog.running, timeout=10000)
    plan = dialog.result
    assert plan.complete and len(plan.designs) == 4
    grid = dialog.grid
    assert (grid.rowCount(), grid.columnCount()) == (2, 2)
    cell = grid.item(1, 1).text()
    assert cell[2:].startswith(f"{plan.design(5, 60).width_a:.3f}")
    from tapdesk.gui.dialogs.plan_dialog import BAD, GOOD
    from tapdesk.report.plan import MEETS, MISSES
    need = dialog.shown_need()
    for i, r in enumerate((3, 5)):      # coloured and marked by the need, cell by cell
        for j, n in enumerate(plan.request.subjects):
            met = need.met_by(plan.design(r, n))
            assert grid.item(i, j).background().color() == (GOOD if met else BAD)
            assert grid.item(i, j).text().startswith(f"{MEETS if met else MISSES} ")
    assert dialog.grid_note.text().startswith(f"{MEETS} meets the need (at most 0.2)")
    assert dialog.plot is not None and len(dialog.plot.getPlotItem().listDataItems()) == 2
    dialog.quantity.setCurrentIndex(dialog.quantity.findData("power"))
    assert "%" in grid.item(0, 0).text()
    dialog.include.setChecked(True)
    inputs = window.report_inputs()
    assert inputs.plan.designs == plan.designs and inputs.plan.needs[0].key == "power"
    from tapdesk.report import build_report
    assert build_report(inputs).section("plan").title == "Plan for the next study"
    dialog.close()


def test_the_need_and_cost_chosen_in_the_dialog_go_to_the_report_and_the_command(window, qtbot):
    """The report's Plan section opens with the dialog's answer sentence, for the need and the
    cost of a subject chosen in the dialog; its reproduce command gives ``tapdesk plan`` the same
    need and cost, so the command prints the same sentence."""
    from tapdesk.engine.planning.advice import default_needs
    from tapdesk.library.plan import chosen_needs
    from tapdesk.report import build_report
    from tapdesk.report.plan import answer_sentence, headline
    from tapdesk.report.reproduce import plan_command
    _load_panel(window)
    _fit(window, qtbot, "tap")
    window.results_pane.plan_button.click()
    dialog = _dialog(window)
    _small(dialog)
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.result is not None and not dialog.running, timeout=240000)
    dialog.quantity.setCurrentIndex(dialog.quantity.findData("width_a"))
    dialog.need.setValue(0.3)
    dialog.subject_cost.setValue(4.0)
    dialog.include.setChecked(True)
    dialog.need.setValue(0.25)                   # changed after ticking: the report follows
    plan = window.report_inputs().plan
    answer = dialog.headline.text().split("</b>")[0].removeprefix("<b>")
    assert plan.needs[0].key == "width_a" and plan.needs[0].target == pytest.approx(0.25)
    assert plan.costs.subject == 4.0
    assert answer_sentence(plan) == headline(plan)[0] == answer.replace("&amp;", "&")
    section = build_report(window.report_inputs()).section("plan")
    texts = [getattr(block, "text", "") for block in section.blocks]
    assert answer_sentence(plan) in texts
    assert any("a subject costing as much as 4 ratings" in text for text in texts)
    command = plan_command(plan).split()
    assert "--need" in command and "width_a=0.25" in command
    assert command[command.index("--subject-cost") + 1] == "4.0"
    assert chosen_needs(default_needs(None), ["width_a=0.25"])[0] == plan.needs[0]
    dialog.close()


def test_plan_from_the_menu_without_a_fit_cancels_cleanly(window, qtbot):
    window.action_plan.trigger()
    dialog = _dialog(window)
    assert dialog.boxes["t"].value() == pytest.approx(0.3) and "Type in" in dialog.source_label.text()
    _small(dialog)
    dialog.sims.setValue(300)     # 4 designs x 300 studies: far more work than the test waits for
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.progress.value() > 0, timeout=120000)
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=60000)
    assert dialog.result is not None and not dialog.result.complete
    assert dialog.run_button.isEnabled() and "Stopped early" in dialog.status.text()
    dialog.raters.setText("1,2")
    assert not dialog.start() and "between 2" in dialog.status.text()
    dialog.close()


def test_closing_the_window_stops_a_running_plan(window, qtbot):
    window.action_plan.trigger()
    dialog = _dialog(window)
    _small(dialog)
    dialog.sims.setValue(300)     # 4 designs x 300 studies: far more work than the test waits for
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.progress.value() > 0, timeout=120000)
    window.close()
    assert not dialog.running


def test_feedback_from_the_raters_tab(window, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox
    _load_panel(window)
    _fit(window, qtbot, "tap")
    window.results_pane.show_tab("Raters")
    button = window.results_pane.raters.feedback_button
    assert not button.isEnabled()                     # the average-rater model has no raters
    result = _fit(window, qtbot, "per-rater")
    window.results_pane.show_tab("Raters")
    assert button.isEnabled()
    out = tmp_path / "feedback.zip"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: told.append(a[2]))
    button.click()
    job = window.results_pane.feedback_job
    qtbot.waitUntil(lambda: bool(told), timeout=60000)
    with zipfile.ZipFile(out) as archive:
        written = sorted(archive.namelist())
    assert written == sorted([f"feedback_{r.rater_id}.pdf" for r in result.raters]
                             + ["feedback_summary.csv"])
    assert "4 raters" in told[0] and str(out) in told[0] and not job.running


def test_a_target_answer_goes_into_the_exported_report(window, qtbot, tmp_path):
    import docx

    from tapdesk.report import build_report
    from tapdesk.report.plan import target_words
    _load_panel(window)
    _fit(window, qtbot, "tap")
    window.results_pane.plan_button.click()
    dialog = _dialog(window)
    _small(dialog)
    dialog.raters.setText("3")
    dialog.question.setCurrentIndex(dialog.question.findData("power"))
    assert dialog.versus_on.isChecked()
    assert not dialog.include.isEnabled()
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.target_result is not None, timeout=240000)
    qtbot.waitUntil(lambda: not dialog.running, timeout=10000)
    answer = dialog.target_result
    assert dialog.include.isEnabled()
    dialog.include.setChecked(True)
    assert window.report_inputs().plan is answer
    words = target_words(answer)
    section = build_report(window.report_inputs()).section("plan")
    assert words.answers[0] in section.blocks[1].items and words.classical
    written = window.export_report(tmp_path / "with-target.docx")
    assert written is not None
    paragraphs = [p.text.replace("\u00a0", " ").replace("\u2011", "-")   # no-break: plain
                  for p in docx.Document(str(written)).paragraphs]
    assert "Plan for the next study" in paragraphs
    for line in (*words.answers, *words.classical, words.classical_note):
        assert line in paragraphs, line
    dialog.include.setChecked(False)
    assert window.report_inputs().plan is None
    dialog.close()


def test_feedback_sheets_from_the_window_keep_the_raters_letters(window, qtbot, tmp_path,
                                                               monkeypatch):
    from dataclasses import replace

    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from tapdesk.gui.examples import simulated_dataset
    people = ("Ärztin Müller", "Dr. Öztürk", "Weiß", "Groß")
    dataset = simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3)
    dataset = replace(dataset, table=replace(dataset.table, rater_ids=people))
    window.load_dataset(dataset, "panel with names")
    _fit(window, qtbot, "per-rater")
    window.results_pane.show_tab("Raters")
    out = tmp_path / "Rückmeldung.zip"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: told.append(a[2]))
    window.results_pane.raters.feedback_button.click()
    qtbot.waitUntil(lambda: bool(told), timeout=60000)
    with zipfile.ZipFile(out) as archive:
        written = sorted(archive.namelist())
    assert written == sorted(["feedback_Ärztin_Müller.pdf", "feedback_Dr._Öztürk.pdf",
                              "feedback_Weiß.pdf", "feedback_Groß.pdf", "feedback_summary.csv"])
