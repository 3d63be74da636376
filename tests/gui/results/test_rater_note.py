"""Issue 53, item 9: the Raters tab's line says what the verdicts say ("Shown to be less accurate
than the rest of the panel: J1"), never "flagged as weak (0)" beside verdicts that read "not shown
to differ"; the highlighted rows are the raters flagged for a closer look, and the line says so."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytestmark = pytest.mark.gui


def _note(qtbot, result, table) -> str:
    from tapdesk.gui.results.pane import ResultsPane
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    pane.add_result(result, table)
    raters = pane.show_tab("Raters")
    return raters.note.text()


def test_no_rater_named_says_so_and_not_weak(qtbot, per_rater, table):
    assert per_rater.comparisons and not any(c.differs for c in per_rater.comparisons)
    assert not any(r.flagged for r in per_rater.raters)
    note = _note(qtbot, per_rater, table)
    assert "weak" not in note
    assert "No rater was shown to differ from the rest of the panel" in note
    assert "No rater is flagged for a closer look." in note


def test_the_named_raters_in_the_verdicts_words(qtbot, per_rater, table):
    first, second = per_rater.raters[0].rater_id, per_rater.raters[1].rater_id
    said = {(first, "a"): "lower", (second, "p"): "more"}
    comparisons = tuple(replace(c, verdict=said.get((c.rater_id, c.name), c.verdict))
                        for c in per_rater.comparisons)
    raters = (replace(per_rater.raters[0], flagged="accuracy not clearly above chance"),
              *per_rater.raters[1:])
    note = _note(qtbot, replace(per_rater, comparisons=comparisons, raters=raters), table)
    assert f"Shown to be less accurate than the rest of the panel: {first}." in note
    assert (f"Shown to call '1' more often than the rest of the panel when guessing: "
            f"{second}.") in note
    assert "The others were not shown to differ." in note
    assert "Highlighted: 1 rater flagged for a closer look (the Flag column says why)." in note
    assert "weak" not in note and "more accurate" not in note


def test_a_fit_without_comparisons_names_nobody(qtbot, per_rater, table):
    note = _note(qtbot, replace(per_rater, comparisons=()), table)
    assert "shown" not in note.lower()
    assert note.startswith("4 raters.") and "flagged for a closer look" in note
