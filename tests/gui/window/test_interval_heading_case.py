"""Issue 54: a table's interval column is headed with a capital, as its neighbours are and as
the report heads it. French and Spanish put the word first, and the French Summary's tables
read "Grandeur, Estimation, Erreur type, intervalle à 95 %"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.language import choose_language
from tests.gui.window.test_window_words_in_languages import _fitted

pytestmark = pytest.mark.gui


@pytest.fixture(params=["fr", "es"])
def language(request):
    choose_language(request.param)
    yield request.param
    choose_language("en")


def _headings(view) -> list[str]:
    model = view.model()
    return [str(model.headerData(c, Qt.Orientation.Horizontal)).replace("\n", " ")
            for c in range(model.columnCount())]


def test_the_summary_tables_interval_column_starts_with_a_capital(language, window, qtbot):
    pane = _fitted(window, qtbot)
    for view in (pane.param_view, pane.coef_view):
        interval = _headings(view)[-2]
        assert interval.startswith({"fr": "Intervalle à 95", "es": "Intervalo"}[language]), \
            _headings(view)
