"""The body's table of the raters' accuracies names a flag in a few words: the row holds its
numbers and the note says what an accuracy below 0 means, so the cell does not repeat a
paragraph in a narrow column (the German report's flag cell ran 20 lines, issue 54); the
appendix's table keeps the flag whole."""

from __future__ import annotations

from tapdesk.engine.words import ACCURACY_BELOW_0
from tapdesk.i18n.deferred import shown
from tapdesk.report.tables import rater_summary_table, rater_table
from tests.report.test_content import run, wine_table


def test_the_body_table_names_a_flag_briefly_and_the_note_explains_it():
    result = run("per-rater", wine_table(), cut="silver")         # Class 1: silver or below
    flagged = {r.rater_id: r.flagged for r in result.raters if r.flagged}
    assert "J1" in flagged and shown(ACCURACY_BELOW_0) in shown(flagged["J1"])
    body = rater_summary_table(result)
    cells = {row[0]: row[-1] for row in body.rows}
    assert cells["J1"] == "accuracy not clearly above chance"
    assert shown(ACCURACY_BELOW_0) in body.note
    appendix = rater_table(result)
    assert any(shown(ACCURACY_BELOW_0) in str(cell) for row in appendix.rows for cell in row)
