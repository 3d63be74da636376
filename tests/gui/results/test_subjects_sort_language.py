"""The Subjects tab's word columns sort by the words shown (issue 54): in German the reasons to
review and a tie's words sort as German writes them, not in the English words' order, and a
change of language sorts them again (the Review column sorts by its language-free flag)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.gui.results.rater_rows import SortedRowsModel
from tapdesk.gui.results.subjects_model import SubjectsModel
from tapdesk.i18n import language
from tapdesk.report.labels import subject_labels

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def labels():
    from tapdesk.resources.examples import get_example
    table = read_ratings(get_example("wine").path).table
    return subject_labels(fit(FitRequest(model="dawid-skene"), table), table)


def column_words(model: SubjectsModel, column: int) -> list[str]:
    return [model.index(r, column).data() for r in range(model.rowCount())]


def in_order(words: list[str]) -> bool:
    keys = [w.casefold() for w in words]
    return keys == sorted(keys)


@pytest.mark.parametrize("from_end", [1, 4])          # Why review, Majority vote
def test_a_word_column_sorts_by_its_german_words(qtbot, labels, from_end):
    column = len(labels.columns) - from_end
    model = SubjectsModel()
    with language("de"):
        model.set_labels(labels)
        model.sort(column, Qt.SortOrder.AscendingOrder)
        german = column_words(model, column)
    assert len(set(german)) > 1 and in_order(german), german[:5]
    with language("en"):
        model.set_labels(labels)             # the window's re-wording after View > Language
        english = column_words(model, column)
    assert in_order(english)


def test_raters_rows_sort_by_the_words_shown(qtbot):
    """A worded cell of the Raters tab (a text kept as data) sorts as it reads."""
    from tapdesk.report.labels import NO, YES
    model = SortedRowsModel()
    model.set_rows(("Rater", "Flag"), [("J1", YES), ("J2", NO)])
    with language("de"):
        model.sort(1, Qt.SortOrder.AscendingOrder)
        assert [model.index(r, 1).data() for r in range(2)] == ["ja", "nein"]
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert [model.index(r, 1).data() for r in range(2)] == ["no", "yes"]
