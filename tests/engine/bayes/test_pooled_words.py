"""The pooled model's verdict and notes in the reader's language (issue 54); English as before."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.engine.bayes.diagnostics import Diagnostics
from tapdesk.engine.bayes.pooled_methods import MIN_CHAINS, MIN_WARMUP, pooled_verdict
from tapdesk.i18n.deferred import shown

GOOD = Diagnostics(1.002, 900.0, 800.0, 0.01, 0.02, 0.02)
SPREAD = Diagnostics(1.006, 450.0, 420.0, 0.01, 0.02, 0.02)
FIGURES = {"t": GOOD, "mu_a": GOOD, "sigma_a": SPREAD, "mu_p": GOOD, "sigma_p": GOOD}


def test_a_short_run_is_said_in_german_and_keeps_its_english():
    short = pooled_verdict(FIGURES, 2, 1000, 300)
    assert "with only 2 chains and 300 warm-up iterations: the chains" in short.words
    assert short.fix == "Run at least 4 chains with at least 500 warm-up iterations."
    with i18n.language("de"):
        words, fix = shown(short.words), shown(short.fix)
    assert "mit nur 2 Ketten und 300 Aufwärm-Iterationen nicht prüfen" in words, words
    assert fix == "Lassen Sie mindestens 4 Ketten mit mindestens 500 Aufwärm-Iterationen laufen."


def test_a_trusted_run_names_the_spreads_figures_in_german():
    trusted = pooled_verdict(FIGURES, MIN_CHAINS, 1000, MIN_WARMUP)
    assert trusted.words.endswith("chain disagreement at most 1.006, at least 420 independent "
                                  "draws")
    with i18n.language("de"):
        words = shown(trusted.words)
    assert words.startswith("die Ketten stimmen überein") and words.endswith(
        "Kettenabweichung höchstens 1,006, mindestens 420 unabhängige Ziehungen"), words


def test_the_notes_on_rater_attributes_read_in_german():
    import numpy as np

    from tapdesk.engine import fit
    from tests.engine.bayes.test_pooled import BENCH, pooled, table_of
    panel = BENCH.sparse_panel(np.random.default_rng(4), 150, 8, 3, 0.4, (1.0, 0.0), (0.5, 0.5))
    table = table_of(panel, {f"R{j + 1}": str(30 + 4 * j) for j in range(7)})
    result = fit(pooled(table, rater_attributes=("age",), draws=300, warmup=200), table)
    notes = {n.code: n for n in result.warnings}
    english = notes["attribute-missing"].message
    assert english.startswith("1 rater without a value of 'age' (R8) left out of the pooled")
    with i18n.language("de"):
        missing, read = notes["attribute-missing"].message, notes["attribute-read"].message
    assert missing.startswith("1 Beurteiler ohne Wert von 'age' (R8) aus dem gepoolten Modell"), \
        missing
    assert read[:1].isupper() and read.endswith(".") and read != notes["attribute-read"].message
