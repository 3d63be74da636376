"""Issue 41: the working screens speak a committee's words. Every text a tab of the results pane
shows (labels, headings, cells, choices; not tooltips) for fits of every kind, and the model
list's descriptions, are free of the statistician's terms, which stay in the tooltips, the
glossary and the report's method notes."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QGroupBox, QLabel

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import ANALYSES
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.models import MODELS
from tests.gui.results.test_committee_words import _pane

pytestmark = pytest.mark.gui

JARGON = re.compile(
    r"Hessian|Wald|logit|R-hat|\bESS\b|effective sample|profile.likelihood|bootstrap|\bnats?\b|"
    r"\bAIC\b|\bBIC\b|\w_j\b|\b[a-z]\d?\[\w+\]|\b[a-z]+_[a-z]+\b|log-?likelihood|confusion matrix|"
    r"\bq[01]\b|observed information|delta method|\bkrits?\b|likelihood ratio|\bridge\b", re.I)
"""A statistician's word or symbol on a working screen ("Accuracy (J1)", never "a[J1]")."""


def jargon(text: str) -> list[str]:
    return [m.group() for m in JARGON.finditer(re.sub(r"<[^>]+>", " ", text or ""))]


@pytest.fixture(scope="module")
def fits():
    from tests.engine.binary.test_per_rater_profile import k_panel
    binary = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=120, n_raters=4,
                            seed=3)
    flagged, _, _ = k_panel()             # its first rater's accuracy interval reaches 0
    short = dict(chains=2, draws=300, warmup=150, seed=5)
    requests = [(FitRequest(model="tap"), binary),
                (FitRequest(model="tap", method="mcmc", **short), binary),
                (FitRequest(model="per-rater", n_starts=2), binary),
                (FitRequest(model="per-rater", method="mcmc", **short), binary),
                (FitRequest(model="tap-a0a1"), binary),
                (FitRequest(model="expert"), binary),
                (FitRequest(model="categorical-per-rater"), flagged),
                (FitRequest(model="dawid-skene"), flagged),
                (FitRequest(model="categorical"), flagged)]
    out = [(fit(request, table), table) for request, table in requests]
    assert out[6][0].raters[0].chance     # the words for an interval reaching 0 are checked
    return out


def shown_texts(widget) -> list[str]:
    """Every text a user sees in ``widget``: labels, buttons, group titles, choices, and the
    headings and cells of its tables (tooltips are not shown, so not read)."""
    out: list[str] = []
    for child in [widget, *widget.findChildren(QLabel), *widget.findChildren(QAbstractButton),
                  *widget.findChildren(QGroupBox), *widget.findChildren(QComboBox),
                  *widget.findChildren(QAbstractItemView)]:
        if not child.isVisible():
            continue
        if isinstance(child, (QLabel, QAbstractButton)):
            out.append(child.text())
        elif isinstance(child, QGroupBox):
            out.append(child.title())
        elif isinstance(child, QComboBox):
            out += [child.itemText(i) for i in range(child.count())]
        elif isinstance(child, QAbstractItemView) and child.model() is not None:
            out += table_texts(child.model())
    return out


def table_texts(model) -> list[str]:
    display = Qt.ItemDataRole.DisplayRole
    out = [str(model.headerData(c, Qt.Orientation.Horizontal, display) or "")
           for c in range(model.columnCount())]
    for row in range(min(model.rowCount(), 60)):
        out.append(str(model.headerData(row, Qt.Orientation.Vertical, display) or ""))
        out += [str(model.data(model.index(row, c), display) or "")
                for c in range(model.columnCount())]
    return out


def test_no_statistician_terms_on_the_result_tabs(qtbot, fits):
    pane = _pane(qtbot, *fits)
    found = {}
    for index, (result, _) in enumerate(fits):
        pane.select(index)
        for name in pane.tab_names():
            if name == "Progress":
                continue
            page = pane.show_tab(name)
            if name == "Tables":                          # every table of the fit, in turn
                for i in range(page.chooser.count()):
                    page.chooser.setCurrentIndex(i)
                    for text in shown_texts(page):
                        if jargon(text):
                            found[(result.model, result.method, name, text[:120])] = jargon(text)
                continue
            for text in shown_texts(page):
                if jargon(text):
                    found[(result.model, result.method, name, text[:120])] = jargon(text)
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_the_statistics_stay_in_the_tooltips(qtbot, fits):
    """The Tables tab's posterior summary heads its columns in words, with the term and its
    meaning in the tooltip, and keeps the numbers; parameters read "Accuracy (R1)"."""
    pane = _pane(qtbot, fits[3])
    panel = pane.show_tab("Tables")
    assert panel.show_table("Posterior summary")
    result = fits[3][0]
    model, source = panel.model, next(t for t in result.tables if t.title == "Posterior summary")
    horizontal, tip = Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    headings = [model.headerData(c, horizontal) for c in range(model.columnCount())]
    tips = [model.headerData(c, horizontal, tip) or "" for c in range(model.columnCount())]
    rhat = source.columns.index("R-hat")
    assert not jargon(headings[rhat]) and tips[rhat].startswith("R-hat: ")
    assert "ESS" in tips[source.columns.index("ESS bulk")]
    row = next(i for i, r in enumerate(source.rows) if r[0] == "a[R1]")
    assert model.data(model.index(row, 0)) == "Accuracy (R1)"
    assert model.data(model.index(row, 0), tip) == "a[R1]"
    assert model.rows[row][1:] == tuple(source.rows[row][1:])          # the same numbers


@pytest.mark.parametrize("entry", [*MODELS, *ANALYSES], ids=lambda e: e.name)
def test_the_model_list_describes_each_model_in_words(entry):
    assert not jargon(entry.description), entry.description


def test_the_model_symbols_are_in_the_tooltip(qtbot):
    from tapdesk.gui.window.model_pane import ModelPane
    pane = ModelPane()
    qtbot.addWidget(pane)
    assert pane.select("per-rater", "mle")
    assert "a_j" not in pane.model_help.text() and "a_j" in pane.model_help.toolTip()
    index = pane.model_combo.findData("per-rater")
    assert "a_j" in pane.model_combo.itemData(index, Qt.ItemDataRole.ToolTipRole)
