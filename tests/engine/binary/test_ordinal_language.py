"""The reasons a pair of categories has no conditional accuracy, in the reader's language (issue
54): the engine keeps them in English with their recipes (JSON, ``--json``), and the ordinal
table's note cells and the category-pair heatmap's hover notes write them when shown."""

from __future__ import annotations

import warnings

import pytest

from tapdesk import i18n
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest
from tapdesk.engine.binary.ordinal import ordinal_analysis
from tapdesk.i18n.tables import displayed

ENGLISH = ("is negative (less agreement than chance), so it has no square root",
           "only one of the two categories occurs among these subjects' ratings",
           "no subject has two or more ratings in these two categories")


@pytest.fixture(scope="module")
def ordinal():
    # a/b: raters always split (a negative kappa); b/c: only c twice; b/d: nobody twice
    rows = [("a", "b")] * 10 + [("c", "c")] * 10 + [("a", "c")] * 5 + [("d", "a")] * 3
    table = RatingsTable.from_wide(rows, scale=Scale(("a", "b", "c", "d"), ordinal=True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return ordinal_analysis(table, FitRequest(model="tap", n_starts=2))


def test_the_pairs_reasons_stay_english_as_data(ordinal):
    reasons = [str(pr.reason) for pr in ordinal.pairs]
    assert all(any(e in r for r in reasons) for e in ENGLISH), reasons
    assert any(e in note["note"] for note in ordinal.to_dict()["pairs"] for e in ENGLISH)


def test_the_pair_table_and_the_heatmap_say_the_reasons_in_german(ordinal):
    from tapdesk.render.plots.heatmaps import category_matrix
    pairs = ordinal.tables[1]
    with i18n.language("de"):
        cells = [row[-1] for row in displayed(pairs).rows if row[-1]]
        _matrix, notes = category_matrix(ordinal.categories, pairs.rows)
        text = ordinal.as_text()
    shown = cells + list(notes.values())
    assert not [s for s in shown for e in ENGLISH if e in s], shown
    assert any("negativ" in s and "\u22120," in s for s in cells), cells
    assert any("Quadratwurzel" in n for n in notes.values()), notes
    assert not any(e in text for e in ENGLISH)


def test_the_ordinal_text_is_in_the_language_shown(ordinal):
    """``tapdesk ordinal``'s text: its title, headings and column heads (they were English)."""
    english = ordinal.as_text()
    assert english.startswith("Ordinal analysis by cut points") and "Pairs without a value:" in english
    with i18n.language("de"):
        german = ordinal.as_text()
    for gone in ("Ordinal analysis", "Conditional accuracy", "Pairs without", "Class 1 = ratings",
                 "95% interval"):
        assert gone not in german, gone
    assert german.startswith("Ordinale Analyse nach Schwellen") and "Paare ohne Wert:" in german
