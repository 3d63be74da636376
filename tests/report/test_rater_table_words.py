"""Issue 54: the report's table of per-rater estimates in the reader's words, compact. A rater's
own accuracy was labelled "a own" (its key with the underscore dropped) in every language, and
the meaning of each quantity was repeated down the raters (12 lines a row in German: the table
ran over four pages); a long meaning or flag now prints once under the table, a short one stays
in its rows."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.report import build_report
from tapdesk.report.document import SHORT_CELL
from tests.report.test_report_language import writing_inputs


def _rater_table(code: str):
    with i18n.language(code):
        doc = build_report(writing_inputs(), created="2026-01-02")
        table = next(t for t in doc.tables() if t.key.endswith("raters"))
        return table.printed(table.print_limit), table.footnotes()


def test_the_own_accuracy_is_named_in_the_language():
    (_, rows, _), _notes = _rater_table("de")
    labels = {row[2] for row in rows}
    assert "a (eigene Bewertungen)" in labels and not [x for x in labels if "own" in x], labels
    (_, rows, _), _notes = _rater_table("en")
    assert "a (own ratings)" in {row[2] for row in rows}


def test_a_long_meaning_prints_once_under_the_table_a_short_one_in_its_rows():
    (columns, rows, _), notes = _rater_table("de")
    meaning = columns.index("Bedeutung")
    shown = {row[meaning] for row in rows}
    assert {"[1]", "[2]"} <= shown and len(shown) == 3, shown       # the third one is short
    assert len(notes) == 2 and any("eigenen Bewertungen" in n for n in notes), notes
    assert all(len(n) > SHORT_CELL for n in notes)
    assert all(len(text) <= SHORT_CELL for text in shown - {"[1]", "[2]"})
    (columns, rows, _), notes = _rater_table("en")          # English meanings are short
    assert notes == [] or all(len(n) > SHORT_CELL for n in notes)
