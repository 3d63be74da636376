"""The body's table of the raters' accuracies names a flag, or the words for an interval that
reaches chance, in a few words: the row holds its numbers and the note says what an accuracy
below 0 means, so the cell does not repeat a paragraph in a narrow column (the German report's
flag cell ran 20 lines, issue 54); the appendix's table keeps the sentence whole."""

from __future__ import annotations

from tapdesk.engine.words import ACCURACY_BELOW_0
from tapdesk.i18n.deferred import shown
from tapdesk.report.tables import rater_summary_table, rater_table
from tests.report.test_content import run, wine_table


def test_the_body_table_names_the_words_briefly_and_the_appendix_keeps_them():
    result = run("per-rater", wine_table(), cut="silver")         # Class 1: silver or below
    worded = {r.rater_id: r.chance for r in result.raters if r.chance}
    assert "J1" in worded and not any(r.flagged for r in result.raters)    # issue 78: no flag
    body = rater_summary_table(result)
    cells = {row[0]: row[-1] for row in body.rows}
    assert cells["J1"] == "not shown better than chance" and cells["J2"] == ""
    assert shown(ACCURACY_BELOW_0) in body.note
    appendix = rater_table(result)
    assert any(str(cell) == worded["J1"] for row in appendix.rows for cell in row)
