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


def _population(spread_low: float):
    from tapdesk.engine.bayes.pooled_result import Interval, Population
    return Population("a", Interval(0.85, (0.5, 1.2)), Interval(0.7, (0.62, 0.77)),
                      Interval(0.6, (spread_low, 0.9)), (0.55, 0.82))


def test_the_panel_s_spread_reads_in_german_french_and_spanish():
    wide, nil = _population(0.3), _population(0.001)
    assert wide.sentence(False) == ("Raters' accuracies vary: most (the middle 80%) lie between "
                                    "55% and 82%, around a typical 70%.")
    with i18n.language("de"):
        assert shown(wide.sentence(False)) == (
            "Die Genauigkeiten der Beurteiler streuen: die meisten (die mittleren 80\u00a0%) "
            "liegen zwischen 55\u00a0% und 82\u00a0%, um typische 70\u00a0%.")
        assert shown(nil.sentence(True)).startswith("Über das hinaus, was die Beurteilermerkmale")
        assert shown(nil.sentence(True)).endswith("dass alle Beurteiler etwa gleich sind.")
    with i18n.language("fr"):
        assert shown(wide.sentence(False)).startswith("Les exactitudes des évaluateurs varient")
    with i18n.language("es"):
        assert "«" not in shown(wide.sentence(False))
        assert shown(wide.sentence(False)).startswith("Las exactitudes de los evaluadores varían")


def _effect(level: str | None, shown_: bool = True):
    from tapdesk.engine.bayes.pooled_result import Interval, PooledEffect
    lo = 0.1 if shown_ else -0.1
    return PooledEffect("a", "site" if level else "age", level, Interval(0.4, (lo, 0.7)),
                        Interval(1.52, (1.1, 2.08)), Interval(0.09, (0.02, 0.16)),
                        unit=10.0, low=40.0, high=60.0, reference="A" if level else "")


def test_an_attribute_s_effect_reads_in_german_with_its_numbers_and_quotes():
    numeric, site = _effect(None), _effect("B", shown_=False)
    assert numeric.sentence(0.95) == (
        "Each increase of 10 in age multiplies the odds of an accurate rating by 1.52 (95% "
        "credible interval 1.10 to 2.08): a typical rater with age 60 is accurate 9 points more "
        "often than one with 40 (95% interval +2 to +16 points).")
    assert site.sentence(0.95).startswith("Raters with site 'B' have 1.52 (95% credible interval "
                                          "1.10 to 2.08) times the odds of an accurate rating of "
                                          "those with 'A': a typical one is accurate 9 points "
                                          "more often (95% interval +2 to +16 points)")
    assert site.sentence(0.95).endswith("; these data do not show that site matters (the interval "
                                        "includes no change).")
    with i18n.language("de"):
        assert shown(numeric.sentence(0.95)) == (
            "Jede Zunahme von age um 10 multipliziert die Odds einer genauen Bewertung mit 1,52 "
            "(95\u00a0%-Glaubwürdigkeitsintervall 1,10 bis 2,08): ein typischer Beurteiler mit "
            "age 60 ist 9 Punkte öfter genau als einer mit 40 (95\u00a0%-Intervall +2 bis +16 "
            "Punkte).")
        said = shown(site.sentence(0.95))
    assert said.startswith("Beurteiler mit site „B“ haben gegenüber denen mit „A“ ein "
                           "Odds-Verhältnis für eine genaue Bewertung von 1,52 (95\u00a0%-"), said
    assert said.endswith("diese Daten zeigen nicht, dass site eine Rolle spielt (das Intervall "
                         "schließt keine Änderung ein)."), said


def test_the_shrinkage_table_s_words_read_in_german():
    from tapdesk.engine.bayes.pooled_result import Pooling
    from tapdesk.i18n.tables import displayed
    pooling = Pooling((_population(0.3),), (), (), (), 0.9)
    table = pooling.table()
    assert table.title == "Shrunk toward the panel" and table.columns[3] == "pooled 90%"
    with i18n.language("de"):
        german = displayed(table)
    assert german.title == "Zum Gremium hin geschrumpft"
    assert german.columns[2:6] == ("Genauigkeit gepoolt", "gepoolt 90\u00a0%",
                                   "nur eigene Bewertungen", "eigene 90\u00a0%"), german.columns
    assert german.note.startswith("Gepoolt: der Schätzwert jedes Beurteilers")
