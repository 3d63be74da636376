"""Issue 54: the report's table of per-rater estimates in the reader's words, compact. A rater's
own accuracy was labelled "a own" (its key with the underscore dropped) in every language, and
the meaning of each quantity was repeated down the raters (12 lines a row in German: the table
ran over four pages); long meanings and flags now print once under the table, short ones stay in
their rows."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.report import build_report
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


def test_long_meanings_print_once_under_the_table():
    """One meaning over SHORT_CELL: every meaning of the column is a mark, in each language (a
    column of short ones keeps them in its rows: tests/report/test_long_cells_footnoted.py)."""
    for code, heading in (("de", "Bedeutung"), ("en", "Meaning")):
        (columns, rows, _), notes = _rater_table(code)
        meaning = columns.index(heading)
        assert {row[meaning] for row in rows} == {"[1]", "[2]", "[3]"}, code
        assert len(notes) == 3, notes
