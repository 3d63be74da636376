"""One computation per number in the window (issue 79): with missing ratings, unequal raters per
subject and subjects rated once, the Summary's coefficients table, its paragraph for the minutes
and its warnings show the agreement table's Fleiss' kappa (and every other coefficient) to the
printed digits, as ``tapdesk agreement`` prints them; before, the paragraph computed its own
kappa (0.195 in the table, 0.191 in the paragraph on a German clinical file)."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest

from tapdesk.cli.main import main
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.results import fmt
from tapdesk.i18n import _
from tests.report.test_one_coefficient import CUT, KAPPA_WAS, TABLES, _write, fleiss_by_hand

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_summary_shows_the_agreement_tables_numbers(qtbot, capsys, tmp_path, name):
    from tapdesk.gui.results.pane import ResultsPane
    grid = TABLES[name](np.random.default_rng(79))
    path = tmp_path / f"{name}.csv"
    _write(grid, path)
    table = read_ratings(path).table
    kappa = fleiss_by_hand(grid, {1})[1]
    assert main(["agreement", str(path), "--cut", CUT, "--bootstrap", "0", "--json"]) == 0
    printed = {c["name"]: fmt(c["value"]) for c in json.loads(capsys.readouterr().out)
               ["coefficients"] if c["value"] is not None and "category" not in c}

    result = fit(FitRequest(model="tap", cut=CUT, n_starts=2), table)
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.add_result(result, table)
    model = pane.coef_model
    rows = {model.index(r, 0).data(): model.index(r, 1).data() for r in range(model.rowCount())}
    assert rows[_("Fleiss' kappa")] == fmt(kappa)
    for coefficient, value in printed.items():             # every coefficient, as the CLI's
        assert rows[_(coefficient)] == value, coefficient
    assert KAPPA_WAS.findall(pane.paragraph.text) == [fmt(kappa)]
    warnings = html.unescape(pane.warnings.text())
    for said in re.findall(r"Fleiss' kappa is (?:only )?([\u2212-]?\d+(?:\.\d+)?)", warnings):
        assert said == fmt(kappa)
    assert name != "rare" or f"Fleiss' kappa is {fmt(kappa)}." in warnings
