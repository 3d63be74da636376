"""Issue 42 in the app: the Analysis pane's "Explain by..." box lists the data's attribute
columns, puts the choice into the request, and the fit's sentences and tables show."""

from __future__ import annotations

import pytest

from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _tick(box, column: str) -> None:
    for check in box.attribute_checks:
        if check.text() == column:
            check.setChecked(True)


def test_the_box_lists_the_attributes_and_feeds_the_request(window):
    load_example(window, "writing")
    pane = window.model_pane
    box = pane.explain
    assert box.isHidden() and not pane.explain_group.isHidden()     # folded, its header shown
    pane.explain_group.set_open(True)
    assert not box.isHidden()
    assert [box.group_combo.itemText(i) for i in range(box.group_combo.count())][1:] == ["year"]
    assert [c.text() for c in box.attribute_checks] == ["age"]
    assert pane.select("tap", "mle") and box.group_combo.isEnabled()
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    _tick(box, "age")
    request = pane.request(None, "2")
    assert request.subject_group == "year" and request.rater_attributes == ("age",)
    assert pane.select("dawid-skene", "mle") and not box.group_combo.isEnabled()
    assert not box.attribute_checks[0].isEnabled()
    plain = pane.request(None, None)
    assert plain.subject_group is None and plain.rater_attributes == ()
    assert pane.select("tap", "mle")
    box.group_combo.setCurrentIndex(0)
    pane.apply_request(request)
    assert pane.request(None, "2").subject_group == "year"


def test_data_without_attributes_grey_the_box_out_and_say_why(window):
    load_example(window, "wine")
    box = window.model_pane.explain
    assert not box.group_combo.isEnabled() and box.attribute_checks == []
    assert "no subject attributes" in box.reason.text()


def test_an_explanatory_fit_shows_its_sentences_and_tables(window, qtbot):
    load_example(window, "writing")
    pane = window.model_pane
    assert pane.select("tap", "mle")
    pane.explain.group_combo.setCurrentIndex(pane.explain.group_combo.findData("year"))
    _tick(pane.explain, "age")
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    result = window.results_pane.current()
    assert result.groups and result.effects
    text = " ".join(result.headline)
    assert "by year" in text and "Accuracy rises with age" in text
    window.results_pane.show_tab("Summary")
    assert "Accuracy rises with age" in window.results_pane.summary.text()
    window.results_pane.show_tab("Tables")              # filled when first shown
    titles = [t.title for t in window.results_pane.tables.tables]
    assert "Class share by subject group" in titles and "Accuracy by rater attributes" in titles
