"""Issue 54: a long text in a footnoted column prints as a mark, its words under the table across
the page. The German writing report's coefficients table gave the bias index's reason (600
characters) a column 150 px wide: 25 lines, one row half a page tall."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.report import build_report
from tapdesk.report.document import LONG_CELL, Table
from tests.report.test_report_language import writing_inputs


def test_a_long_text_is_a_mark_and_a_footnote():
    long = "why " * 60
    table = Table("k", "t", ("name", "how"), (("a", "short"), ("b", long.strip()), ("c", "short")),
                  footnoted=(1,))
    _, rows, _ = table.printed()
    assert rows == [["a", "short"], ["b", "[1]"], ["c", "short"]]     # repeated, but short
    longer = "a repeated text long enough to be worth a mark, over sixty characters"
    column = Table("k", "t", ("name", "how"), (("a", "short"), ("b", longer), ("c", "short"),
                                               ("d", longer)), footnoted=(1,))
    assert [row[1] for row in column.printed()[1]] == ["[1]", "[2]", "[1]", "[2]"]   # all marks
    assert table.footnotes() == [f"[1] {long.strip()}"]


def test_the_german_coefficients_table_prints_no_long_cell():
    with i18n.language("de"):
        doc = build_report(writing_inputs(), created="2026-01-02")
        tables = [t for t in doc.tables() if t.footnoted]
        assert tables
        for table in tables:
            _, rows, _ = table.printed()
            cells = [row[j] for row in rows for j in table.footnoted if j < len(row)]
            assert max(map(len, cells), default=0) <= LONG_CELL, table.title
        notes = [n for t in tables for n in t.footnotes()]
    assert any("Cochran" in n for n in notes)
