"""A column headed by a model's symbol keeps it as the glossary writes it (issue 54): the
cut-point table's t, a and p (and "t 95% interval") are not capitalised to "T", "A", "P"."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.report import build_report
from tests.report.test_report_language import wine_inputs


@pytest.fixture(scope="module")
def inputs():
    return wine_inputs()


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_cut_point_tables_symbols_stay_lower_case(inputs, code):
    with i18n.language(code):
        doc = build_report(inputs, created="2026-01-02")
    cuts = [t for t in doc.tables() if "t" in t.columns and "a" in t.columns]
    assert cuts, [t.columns for t in doc.tables()]
    columns = cuts[0].columns
    assert {"t", "a", "p"} <= set(columns) and not {"T", "A", "P"} & set(columns)
    assert [c for c in columns if c[:2] in ("T ", "A ", "P ")] == []
    assert columns[0][:1].isupper()                  # a word still starts with its capital


@pytest.mark.parametrize(("code", "heading"), [("fr", "Intervalle à 95"), ("es", "Intervalo")])
def test_an_interval_column_starts_with_a_capital(inputs, code, heading):
    """French and Spanish put the word first ("intervalle à 95 %"): as a column's heading it
    starts with a capital, as its neighbours do; inside a sentence it does not."""
    with i18n.language(code):
        doc = build_report(inputs, created="2026-01-02")
        printed = [c for t in doc.tables() for c in t.printed()[0]]
    intervals = [c for c in printed if "95" in c and c.lower().startswith(heading.lower())]
    assert intervals and all(c.startswith(heading) for c in intervals), intervals
