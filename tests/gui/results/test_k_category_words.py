"""Issue 79: the result tabs of a K-category fit never say "Class 1".

The Summary's estimates read "Truly Class 1: bronze (2)" and "Guesses Class 1: bronze (2)", the
Raters tab of the per-rater K-category fit "Guesses Class 1 (bronze)", Compare "Truly Class 1
(2)" with a row "Class 1: -", and a Bayesian K-category fit's plots and tables "Truly Class 1
(2)". Every one of them now names the category ("Truly bronze", "Guesses bronze"), as
:meth:`FitResult.estimate_words` words it.
"""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt

from tapdesk.engine import FitRequest, fit
from tests import WINE

pytestmark = pytest.mark.gui

LABELS = "1=no medal,2=bronze,3=silver,4=gold"


@pytest.fixture(scope="module")
def wine():
    from tapdesk.api import read
    return read(WINE, labels=LABELS).table


def _pane(qtbot, *fits):
    from tapdesk.gui.results.pane import ResultsPane
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    for result, table in fits:
        pane.add_result(result, table)
    return pane


def _texts(model) -> list[str]:
    heads = [str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())]
    cells = [str(model.index(r, c).data()) for r in range(model.rowCount())
             for c in range(model.columnCount())]
    return heads + cells


def test_the_summary_and_raters_tabs_name_the_categories(qtbot, wine):
    categorical = fit(FitRequest(model="categorical", n_starts=2), wine)
    per_rater = fit(FitRequest(model="categorical-per-rater", n_starts=2), wine)
    pane = _pane(qtbot, (categorical, wine), (per_rater, wine))
    pane.select(0)
    names = [row[0] for row in pane.param_model.rows]
    assert names == ["Truly no medal", "Truly bronze", "Truly silver", "Truly gold", "Accuracy",
                     "Guesses no medal", "Guesses bronze", "Guesses silver", "Guesses gold"]
    tips = pane.param_model.row_tips            # each row's meaning, for this kind of model
    assert not [t for t in tips if "Class 1" in t], tips
    assert "true category is this one" in tips[1] and "guess is this category" in tips[6], tips
    pane.select(1)
    pane.show_tab("Raters")
    columns = pane.raters.model.columns
    assert "Guesses bronze" in columns and not [c for c in columns if "Class 1" in c], columns
    for row in range(2):
        pane.history_list.set_checked(row, True)
    compare = pane.show_tab("Compare")
    texts = _texts(compare.model)
    assert "Truly bronze" in texts and not [t for t in texts if "Class 1" in t], texts


def test_a_bayesian_k_category_fit_plots_and_tables_name_the_categories(qtbot, wine):
    from tapdesk.render.plots.posterior import posterior_plot, trace_plot
    result = fit(FitRequest(model="categorical", method="mcmc", chains=2, draws=200, warmup=100,
                            seed=3), wine)
    words = []
    for plot in (posterior_plot(result), trace_plot(result)):
        for item in plot.scene().items():
            if isinstance(item, pg.AxisItem):
                words.append(item.labelText)
            elif isinstance(item, pg.LabelItem):
                words.append(item.text)
    assert "Truly bronze" in words and "Guesses gold" in words, words
    assert not [w for w in words if "Class 1" in w], words
    pane = _pane(qtbot, (result, wine))
    tables = pane.show_tab("Tables")
    texts = []
    for index in range(tables.chooser.count()):
        tables.chooser.setCurrentIndex(index)
        texts += _texts(tables.model)
    assert "Truly bronze" in texts and not [t for t in texts if "Class 1" in t], texts
