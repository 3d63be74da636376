"""Issue 42 item 4: "Explain by..." in the Analysis pane, the Explain tab, and the saved project."""

from __future__ import annotations

import html

import pytest
from PySide6.QtCore import Qt

from tapdesk.data.attributes import Attributes
from tapdesk.data.readers import read_text
from tapdesk.engine.results import lr_test_words
from tapdesk.gui.window.explain_box import ExplainBox, availability
from tapdesk.gui.window.menus import load_example
from tapdesk.gui.window.model_pane import ModelPane
from tests.report.test_explained_section import assert_own_intervals_drawn

pytestmark = pytest.mark.gui

LONG = "student,year,instructor,age,site,score\n" + "\n".join(
    f"s{i},{i % 4 + 1},r{j},{30 + 5 * j},{'AB'[j % 2]},{(i * j) % 5 + 1}"
    for i in range(12) for j in range(6))


@pytest.fixture
def table():
    found = read_text(LONG).table
    assert found.attributes.subject_columns == ("year",)
    assert set(found.attributes.rater_columns) == {"age", "site"}
    return found


@pytest.fixture
def pane(qtbot, table):
    made = ModelPane()
    qtbot.addWidget(made)
    made.set_table(table)
    return made


def _tick(box: ExplainBox, *names: str) -> None:
    for check in box.attribute_checks:
        check.setChecked(check.text() in names)


def _fit(window, qtbot, timeout=120000):
    with qtbot.waitSignal(window.controller.finished, timeout=timeout) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def test_choosing_the_columns_builds_the_request(pane):
    assert pane.select("tap", "mle")
    box = pane.explain
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    _tick(box, "age", "site")
    box.guess_check.setChecked(True)
    request = pane.request(None, "2")
    assert request.subject_group == "year"
    assert request.rater_attributes == ("age", "site")
    assert request.guess_by_attributes and not request.pooled and request.explains
    _tick(box)
    request = pane.request(None, "2")
    assert request.rater_attributes == () and not request.guess_by_attributes
    box.group_combo.setCurrentIndex(0)
    assert not pane.request(None, "2").explains


def test_pooling_is_offered_for_the_bayesian_per_rater_model_only(pane):
    box = pane.explain
    assert pane.select("tap", "mle")
    assert not box.pooled_check.isEnabled()
    assert "Bayesian" in box.pooled_check.toolTip()
    assert pane.select("per-rater", "mcmc")
    assert box.pooled_check.isEnabled()
    assert not box.group_combo.isEnabled() and "no subject groups" in box.group_combo.toolTip()
    assert not box.attribute_checks[0].isEnabled()          # rater attributes need pooling
    assert "Pool toward the panel" in box.reason.text()
    box.pooled_check.setChecked(True)
    _tick(box, "age")
    request = pane.request(None, "2")
    assert request.pooled and request.rater_attributes == ("age",)
    assert request.subject_group is None and not request.guess_by_attributes
    assert not request.explains          # the pooled posterior takes its attributes itself


def test_choices_a_model_cannot_take_are_greyed_out_with_a_reason(pane):
    box = pane.explain
    assert pane.select("per-rater", "mle")
    _tick(box, "age")
    assert box.group_combo.isEnabled() and box.attribute_checks[0].isEnabled()
    assert not box.guess_check.isEnabled()          # each rater has an own guess rate
    assert "one guess rate" in box.guess_check.toolTip()
    assert pane.select("dawid-skene", "mle")
    assert not box.group_combo.isEnabled() and not box.attribute_checks[0].isEnabled()
    assert "maximum likelihood with t-a-p" in box.reason.text()
    request = pane.request(None, None)
    assert request.subject_group is None and request.rater_attributes == ()


def test_data_without_attributes_say_so(qtbot):
    pane = ModelPane()
    qtbot.addWidget(pane)
    plain = read_text("subject,rater,score\n" + "\n".join(
        f"s{i},r{j},{(i + j) % 2}" for i in range(10) for j in range(3))).table
    pane.set_table(plain.with_attributes(Attributes()))
    box = pane.explain
    assert box.group_combo.count() == 1 and not box.group_combo.isEnabled()
    assert box.attribute_checks == []
    assert "no subject attributes" in box.reason.text()
    assert "no rater attributes" in box.reason.text()
    pane.set_table(None)
    assert "Open a data set" in box.reason.text()


def test_the_rules_follow_the_registry_without_a_window(table):
    ok = availability(table, "categorical", "mle", False, True)
    assert ok.groups == "" and ok.attributes == "" and "one guess rate" in ok.guess
    refused = availability(table, "tap", "exact", False, False)
    assert refused.groups and refused.attributes and refused.pooled
    assert availability(None, "tap", "mle", False, False).all_blocked


def test_the_box_is_keyboard_reachable(pane):
    pane.show()
    box = pane.explain
    for widget in (box.group_combo, *box.attribute_checks, box.guess_check):
        assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        assert widget.accessibleName()


def test_worked_example_explained_in_the_app_and_saved(window, qtbot, tmp_path):
    from tapdesk.gui.window.main_window import MainWindow
    load_example(window, "writing")
    pane = window.model_pane
    assert pane.select("tap", "mle")
    box = pane.explain
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    _tick(box, "age")
    result = _fit(window, qtbot)
    assert result.groups and result.effects and result.request.subject_group == "year"
    window.results_pane.show_tab("Explain")
    panel = window.results_pane.explain
    qtbot.waitUntil(lambda: bool(panel.plot_widgets), timeout=10000)
    words = panel.words.text()
    assert "Accuracy rises with age" in words and "by year" in words
    assert panel.effects_model.rowCount() == 1 and panel.groups_model.rowCount() == 4
    assert panel.effects_model.rows[0][0] == "age 55 against 35"
    tip = panel.effects_model.data(panel.effects_model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert "logit" in tip and "p = " in tip
    share_tip = panel.groups_model.headerData(2, Qt.Orientation.Horizontal,
                                              Qt.ItemDataRole.ToolTipRole)
    assert share_tip.startswith("The share of the group's subjects")
    group_tip = panel.groups_model.data(panel.groups_model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert "likelihood ratio" in group_tip
    # issue 55: the p the tests were calibrated to, and how, on the tab and in the summary
    for test in (result.group_test, result.attribute_test):
        words = lr_test_words(test)
        assert "from 200 panels simulated from the fit" in words
        assert html.escape(words) in panel.tests.text()
        assert words in window.results_pane.summary_text()
    kinds = [k for k, _ in panel.plot_widgets]
    assert kinds == ["explain-accuracy:age", "explain-groups", "explain-subjects"]
    assert_own_intervals_drawn(panel.plot_widgets[0][1], result)       # issue 53
    assert any("fitted curve" in c for c in panel.captions())
    raters = window.results_pane.show_tab("Raters")       # issue 53: each column says what it is
    qtbot.waitUntil(lambda: raters.model.rowCount() > 0, timeout=10000)
    heads = list(raters.model.columns)
    assert heads[:3] == ["Rater", "Ratings", "age"]
    assert "Accuracy the attributes predict" in heads and "Accuracy on own ratings" in heads
    own = heads.index("Accuracy on own ratings")
    assert heads[own + 1] == "Accuracy on own ratings: 95% interval"
    ages = window.results_pane.entries[-1].table.attributes.raters["age"]
    for row in raters.model.rows:
        assert row[2] == ages[row[0]]
        low, _, high = row[own + 1].partition(" to ")
        assert float(low.replace("\u2212", "-")) <= row[own] <= float(high)
    path = tmp_path / "explained.tapdesk"
    assert window.save_project(path)
    other = MainWindow()
    qtbot.addWidget(other)
    try:
        assert other.open_project(path)
        back = other.results_pane.entries[-1].result
        assert back.effects == result.effects and back.groups == result.groups
        assert other.model_pane.explain.subject_group() == "year"
        assert other.model_pane.explain.rater_attributes() == ("age",)
        other.results_pane.show_tab("Explain")
        other.show()
        qtbot.waitUntil(lambda: bool(other.results_pane.explain.plot_widgets), timeout=10000)
    finally:
        other.close()


def test_a_fit_that_explains_nothing_says_how_to(window, qtbot):
    load_example(window, "medals")
    _fit(window, qtbot)
    window.results_pane.show_tab("Explain")
    panel = window.results_pane.explain
    qtbot.waitUntil(lambda: "Explain by" in panel.words.text(), timeout=5000)
    assert panel.plot_widgets == [] and not panel.effects_view.isVisible()


def test_a_pooled_fit_shows_the_panel_and_each_rater_shrunk(qtbot):
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.gui.project.session import FitEntry, data_identity_for
    from tapdesk.gui.results.explain_panel import ExplainPanel
    table = example_dataset("writing")[0].table
    result = fit(FitRequest(model="per-rater", method="mcmc", cut="2", pooled=True,
                            rater_attributes=("age",), chains=2, draws=100, warmup=50), table)
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_entry(FitEntry(result, table, data_identity_for(result, table), -1))
    assert "vary" in panel.words.text() and "multiplies the odds" in panel.words.text()
    assert [k for k, _ in panel.plot_widgets] == ["explain-pooled:age"]
    items = panel.plot_widgets[0][1].getPlotItem().listDataItems()
    assert len(items) == 1 + 12 + 2       # the curve, a line per rater, own and pooled points
    assert "shrunk toward the panel" in panel.captions()[0]


def test_a_pooled_fit_survives_the_project_file():
    import json

    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.gui.project.codec import decode, encode
    table = example_dataset("writing")[0].table
    result = fit(FitRequest(model="per-rater", method="mcmc", cut="2", pooled=True,
                            rater_attributes=("age",), chains=2, draws=60, warmup=30), table)
    back = decode(json.loads(json.dumps(encode(result))))
    assert back.pooling == result.pooling and back.request.pooled
    assert back.request.rater_attributes == ("age",)


def test_an_explained_fit_stopped_early_says_so(qtbot, table):
    from dataclasses import replace

    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.results import FitResult
    from tapdesk.gui.project.session import FitEntry, data_identity_for
    from tapdesk.gui.results.explain_panel import ExplainPanel
    request = FitRequest(model="tap", subject_group="year", cut="2")
    stopped = FitResult(request=request, model="tap", title="stopped", params=(),
                        log_likelihood=None, n_subjects=12, n_ratings=72, complete=False)
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_entry(FitEntry(stopped, table, data_identity_for(stopped, table), -1))
    assert "stopped before its groups and effects" in panel.words.text()
    panel.set_entry(FitEntry(replace(stopped, complete=True), table,
                             data_identity_for(stopped, table), -1))
    assert "Explain by" in panel.words.text()


def test_a_numeric_attribute_offers_the_values_its_effect_is_told_at(pane, table):
    assert pane.select("tap", "mle")
    box = pane.explain
    rows = dict(zip((c.text() for c in box.attribute_checks), box.effect_rows))
    _tick(box, "age", "site")
    assert rows["age"].isVisibleTo(box) and not rows["site"].isVisibleTo(box)   # site: categories
    from tapdesk.engine.explain.design import told_at
    assert (rows["age"].low.value(), rows["age"].high.value()) == told_at(table, "age")
    assert pane.request(None, "2").effect_at == ()          # the default is the engine's own
    rows["age"].low.setValue(30)
    rows["age"].high.setValue(50)
    assert pane.request(None, "2").effect_at == (("age", 30.0, 50.0),)
    _tick(box, "site")
    assert not rows["age"].isVisibleTo(box) and pane.request(None, "2").effect_at == ()


def test_the_values_chosen_reach_the_words_and_come_back_with_the_request(window, qtbot):
    load_example(window, "writing")
    pane = window.model_pane
    assert pane.select("tap", "mle")
    box = pane.explain
    _tick(box, "age")
    row = box.effect_rows[[c.text() for c in box.attribute_checks].index("age")]
    row.low.setValue(30)
    row.high.setValue(60)
    result = _fit(window, qtbot)
    assert result.request.effect_at == (("age", 30.0, 60.0),)
    window.results_pane.show_tab("Explain")
    assert window.results_pane.explain.effects_model.rows[0][0] == "age 60 against 30"
    said = next(n.message for n in result.notes if "read as a number" in n.message)
    assert "told as the accuracy at 60 minus that at 30 (its logit change per 10)" in said
    row.low.setValue(40)
    box.apply_request(result.request)                       # e.g. a saved fit chosen again
    assert (row.low.value(), row.high.value()) == (30.0, 60.0)
