"""The engine's sentences in another language (issue 54): the summary, its headline, the
paragraph and each rater's feedback are written when shown, in the language current then.

In the pseudo-language every text TapDesk writes carries brackets and accented letters, so a
plain ASCII word left in what is shown is a text that was never translated. What the data name
(raters, categories) is kept as it is, and so are texts other areas own (a model's title, how
Class 1 was chosen, the interval method's and the iterations' words, the warnings the models
write): they are taken out before the check.
"""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.story.feedback import rater_feedback
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.i18n.deferred import shown
from tapdesk.resources.examples import get_example
from tests.engine.story.test_paragraph import wine as wine  # noqa: F401 - the fixture

BABEL_WORDS = {"und", "oder"}
"""The pseudo-language joins lists with Babel's German words (CLDR's, not the catalog's)."""


@pytest.fixture(autouse=True)
def _pseudo(monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")


@pytest.fixture(scope="module")
def writing():
    return read_ratings(get_example("writing").path).table


@pytest.fixture(scope="module")
def fits(wine, writing):  # noqa: F811 - the fixture imported above
    def both(model: str) -> dict:
        return {"wine": fit(FitRequest(model=model, class1=("1",), n_starts=2), wine),
                "writing": fit(FitRequest(model=model, cut="2", n_starts=2), writing)}
    return {"tap": both("tap"), "per-rater": both("per-rater")}


def _names(result) -> list[str]:
    """What the data or other areas name, kept as it is in every language."""
    names = [result.title, result.class_choice.how(), *result.categories,
             *(result.label(c) for c in result.categories),
             *(r.rater_id for r in result.raters)]
    return sorted((n for n in names if n), key=len, reverse=True)


def _plain_words(text: str, names: list[str]) -> list[str]:
    """The ASCII words of ``text`` once names are taken out: each one was never translated."""
    for name in names:
        text = text.replace(name, "")
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in BABEL_WORDS]


@pytest.mark.parametrize("data", ["wine", "writing"])
@pytest.mark.parametrize("model", ["tap", "per-rater"])
def test_the_summary_headline_and_paragraph_are_whole_in_the_pseudo_language(
        fits, wine, writing, data, model):  # noqa: F811
    result = fits[model][data]
    table = wine if data == "wine" else writing
    with i18n.language(i18n.PSEUDO):
        summary = result.summary(tuple(n.message for n in findings_for(result, table).warnings))
        paragraph = fit_paragraph(result, table)
    names = _names(result)
    assert summary.headline and all(line.startswith("[") for line in summary.headline)
    shown_texts = [*summary.headline, summary.name_header,
                   summary.interval_header, paragraph]
    shown_texts += [cell for row in summary.parameter_rows for cell in row[1:]]
    shown_texts += [part for fact in summary.facts for part in fact]
    shown_texts += [k for k, _ in summary.details]
    rater_table = [t for t in summary.tables if t.title.startswith("[")]
    assert bool(rater_table) == (model == "per-rater")
    for table_ in rater_table:
        shown_texts += [table_.title, table_.note, *table_.columns[:2], table_.columns[-1]]
        shown_texts += [cell for row in table_.rows for cell in row[2:] if isinstance(cell, str)]
    left = {text: words for text in shown_texts if (words := _plain_words(text, names))}
    assert not left, left
    assert re.search(r"\d,\d", paragraph) and not re.search(r"\d\.\d", paragraph)


@pytest.mark.parametrize("data", ["wine", "writing"])
def test_each_raters_feedback_is_whole_in_the_pseudo_language(fits, wine, writing, data):  # noqa: F811
    result = fits["per-rater"][data]
    feedback = rater_feedback(result, wine if data == "wine" else writing)
    with i18n.language(i18n.PSEUDO):
        sentences = [shown(r.sentence) for r in feedback.raters]
    assert sentences and all(s.startswith("[") for s in sentences)
    assert not [w for s in sentences for w in _plain_words(s, _names(result))]
    assert all(r.sentence.startswith("Rater ") for r in feedback.raters)   # the English kept


def test_the_german_summary_has_german_words_and_decimal_commas(fits):
    result = fits["tap"]["wine"]
    with i18n.language("de"):
        text = result.summary().as_text()
    assert "Die Beurteiler sind bei etwa 54\u00a0%" in text
    assert "Klasse 1 („no medal“)" in text and "Analysierte Fälle: 183" in text
    assert "0,265" in text and "0,153 bis 0,406" in text and "Intervall" in text
    assert not re.search(r"\d\.\d", text.split("Intervallmethode")[0])


def test_a_result_keeps_english_whatever_the_language_it_was_made_in(wine, fits):  # noqa: F811
    english = fits["tap"]["wine"]
    with i18n.language("fr"):
        made_in_french = fit(FitRequest(model="tap", class1=("1",), n_starts=2), wine)
        french = made_in_french.summary().as_text()
    assert made_in_french.headline == english.headline
    assert made_in_french.summary().as_text() == english.summary().as_text()
    assert "Les évaluateurs sont exacts dans environ 54\u00a0%" in french
    with i18n.language("es"):
        assert fit_paragraph(english, wine).startswith("4 evaluadores calificaron 183 sujetos")


def test_the_coefficients_paragraph_names_the_coefficients_in_the_language(wine):  # noqa: F811
    """The classical coefficients' paragraph: the coefficients' names (the engine's English
    keys) in the reader's words, those with values and those not applicable alike."""
    from tests.engine.story.test_paragraph import run
    result = run("coefficients", wine)
    with i18n.language("de"):
        german = fit_paragraph(result, wine)
    assert "Auf diese Daten nicht anwendbar: Cohens Kappa" in german
    assert "Scotts Pi" in german and "Cohen's" not in german and "Fleiss' kappa" not in german
    with i18n.language(i18n.PSEUDO):
        pseudo = fit_paragraph(result, wine)
    names = sorted({result.title, *result.categories, *map(result.label, result.categories)},
                   key=len, reverse=True)
    left = _plain_words(pseudo, names)
    assert not left, left


def test_the_coefficients_caveat_is_said_in_the_language():
    """Issue 54: weighted coefficients on labels that are not numbers carry a warning of code
    "coefficients", and the caveats read that code as English ("Caveats ...: coefficients.")."""
    from tapdesk.data.ratings import RatingsTable, Scale
    from tapdesk.engine.analyses import run_coefficients
    from tapdesk.engine.categorical.simulate import simulate_table
    made = simulate_table((0.15, 0.35, 0.35, 0.15), 0.6, (0.1, 0.3, 0.4, 0.2), 60, 4, 7)
    table = RatingsTable(made.subject, made.rater, made.rating, made.subject_ids, made.rater_ids,
                         Scale(("poor", "fair", "good", "excellent"), ordinal=True), 0)
    result = run_coefficients(FitRequest(model="coefficients"), table, weights="quadratic",
                              bootstrap=50)
    assert any(w.code == "coefficients" for w in result.warnings)
    with i18n.language(i18n.PSEUDO):
        pseudo = fit_paragraph(result, table)
    names = sorted({result.title, *result.categories, *map(result.label, result.categories)},
                   key=len, reverse=True)
    assert not _plain_words(pseudo, names), pseudo
    with i18n.language("de"):
        assert "zu den Koeffizienten gibt es Hinweise" in fit_paragraph(result, table)


def test_a_rater_whose_whole_accuracy_interval_is_below_0_is_flagged_in_the_language():
    """Issue 54: the flag was English in every language (the crowd's notice in the self-test)."""
    import numpy as np

    from tapdesk.engine.binary.per_rater import rater_flag
    from tapdesk.engine.results import Estimate
    flag = rater_flag(np.array([-0.4, 0.3]), Estimate("a", -0.4, 0.1, (-0.6, -0.2)),
                      n=20, n_class1=8, median_a=0.6, panel=(-0.7, -0.1), n_raters=5)
    assert shown(flag).startswith("accuracy no better than chance (a = \u22120.40; its 99% "
                                  "interval, adjusted for the panel's 5 raters")
    with i18n.language("de"):
        assert shown(flag).startswith("Genauigkeit nicht besser als der Zufall (a = ")
        assert "Klasse 1" in shown(flag)                       # the meaning, in German too
    with i18n.language(i18n.PSEUDO):
        assert not _plain_words(shown(flag), []), shown(flag)


def test_a_flag_in_the_caveats_is_its_own_few_words_in_the_language():
    """Issue 54: the caveats cut a flag at " (" in the reader's language: in the pseudo-language
    the cut left its bracket open, and the crowd's paragraph read as untranslated."""
    import numpy as np

    from tapdesk.engine.binary.per_rater import rater_flag
    from tapdesk.engine.results import Estimate
    from tapdesk.engine.story.paragraph import flag_short
    flag = rater_flag(np.array([-0.4, 0.3]), Estimate("a", -0.4, 0.1, (-0.6, -0.2)),
                      n=20, n_class1=8, median_a=0.6, panel=(-0.7, -0.1), n_raters=5)
    assert flag_short(flag) == "accuracy no better than chance"
    with i18n.language("de"):
        assert flag_short(flag) == "Genauigkeit nicht besser als der Zufall"
    with i18n.language(i18n.PSEUDO):
        short = flag_short(flag)
    assert short.startswith("[") and short.endswith("]"), short
