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


def test_every_surface_says_the_words_and_none_highlights_the_rater():
    """Issue 78: J1's interval of a reaches below 0 on the wine data (Class 1: silver or
    below). The Raters tab shows the words in J1's row without highlighting it; the report's
    conclusion and J1's feedback sheet say the same sentence."""
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.gui.results.views import named_raters, rater_estimate_rows
    from tapdesk.report import build_report
    from tapdesk.report.conclusion import conclusion
    from tapdesk.report.context import make_context
    table = wine_table()
    result = run("per-rater", table, cut="silver")
    j1 = next(r for r in result.raters if r.rater_id == "J1")
    assert j1.chance.startswith("These data cannot show that J1 rates better than chance")
    _, rows, highlighted, _ = rater_estimate_rows(result, table)
    assert rows[0][-1] == j1.chance and 0 not in highlighted and 0 not in named_raters(result)
    assert j1.chance in result.headline
    said = " ".join(conclusion(make_context(build_report(result, table=table,
                                                         coefficients=None).inputs)))
    assert j1.chance in said
    sheet = next(f for f in rater_feedback(result, table).raters if f.rater_id == "J1")
    assert j1.chance in shown(sheet.sentence)
