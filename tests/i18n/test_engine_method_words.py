"""The engine's remaining sentences in another language (issue 54): the Dawid-Skene comparison,
how a panel's verdicts were reached, the trace plots' thinning and the calibrated tests' p value
texts. Each is stored as data (a deferred text: its English for JSON and projects) and made in
the language shown: in the pseudo-language no word is left outside the brackets."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.bayes.thinning import thinning_words
from tapdesk.engine.binary.crowd_family import crowd_method
from tapdesk.engine.binary.rater_family import family_method
from tapdesk.engine.categorical.per_rater import comparison_sentence
from tapdesk.engine.explain.calibrate import TestSetting as Setting
from tapdesk.engine.explain.calibrate import simulated_method
from tapdesk.engine.results import ResultTable
from tapdesk.i18n.deferred import shown
from tests.i18n.test_engine_texts import outside_brackets


def comparison(p_value: float | None, ds_bic: float) -> ResultTable:
    rows = (("t-a-p (average rater)", -100.0, 3, 50.0, 20, 0.001, 206.0, 215.0),
            ("t-a-p (per rater)", -90.0, 10, 30.0, 13, p_value, 200.0, 210.0),
            ("Dawid-Skene", -75.0, 23, None, None, None, 196.0, ds_bic))
    return ResultTable("Comparison with Dawid-Skene", ("model",) * 8, rows, "")


CASES = [comparison(0.0001, 260.0), comparison(0.0001, 200.0), comparison(0.3, 260.0),
         comparison(0.3, 200.0), comparison(None, 260.0), comparison(None, 200.0)]


@pytest.mark.parametrize("table", CASES)
def test_the_dawid_skene_comparison_is_one_translated_sentence(table):
    stored = comparison_sentence(table)
    with i18n.language(i18n.PSEUDO):
        text = shown(stored)
    assert text.startswith("[") and not outside_brackets(text), text
    assert str(stored) == shown(stored)                     # its English, as JSON keeps it


def test_a_panels_method_the_thinning_and_a_simulated_p_are_translated():
    setting = Setting("the class shares differ", "no difference between the groups", 2, 7, 50)
    stored = [family_method(12, 0.95), crowd_method(12, 200, 0.95),
              simulated_method(200, setting, 10), simulated_method(200, setting)]
    with i18n.language(i18n.PSEUDO):
        texts = [shown(t) for t in stored] + [thinning_words(100_000)]
    for text in texts:
        assert text.startswith("[") and not outside_brackets(text), text
    assert str(stored[0]).startswith("all 12 comparisons judged together") and "at 5% for" in \
        str(stored[0])
    assert thinning_words(100_000) == "every 51st draw shown, of 100,000 per chain"
    with i18n.language("de"):
        assert shown(stored[0]).startswith("alle 12 Vergleiche gemeinsam beurteilt")
        assert "bei 5\u00a0% bleibt" in shown(stored[0])
