"""The interval method's words and the coefficients' "why undefined" notes in another language
(issue 54): results keep the English (byte for byte); the words are written when shown, in the
language current then (the report's "Intervals" row, the coefficients' table and notes)."""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import coefficients_result
from tapdesk.engine.coefficients.api import agreement_coefficients
from tapdesk.engine.coefficients.report import in_words
from tapdesk.i18n.deferred import shown
from tapdesk.report.context import Part
from tapdesk.report.notes import technical_table
from tapdesk.resources.examples import get_example
from tests.engine.story.test_languages import _pseudo, writing  # noqa: F401 - the fixtures

PROFILE_ENGLISH = ("97.5% profile-likelihood intervals; standard errors from the observed "
                   "information where the likelihood is close enough to its bell shape for them "
                   "to mean something")
COHEN_ENGLISH = ("Cohen's kappa compares exactly two raters and there are 12; see the pairwise "
                 "matrix and Conger's kappa")


@pytest.fixture(scope="module")
def tap(writing):  # noqa: F811 - the fixture imported above
    return fit(FitRequest(model="tap", cut="2", n_starts=2, level=0.975), writing)


@pytest.fixture(scope="module")
def cohen(writing):  # noqa: F811 - the fixture imported above
    agreement = agreement_coefficients(writing)
    return agreement, next(c for c in agreement.coefficients if c.key == "cohen_kappa")


def _plain_words(text: str) -> list[str]:
    """ASCII words left in a pseudo-language text: each one was never translated."""
    return re.findall(r"[A-Za-z]+", text)


def test_the_interval_method_is_kept_in_english_and_written_when_shown(tap):
    assert str(tap.interval_method) == PROFILE_ENGLISH
    assert tap.to_dict()["interval_method"] == PROFILE_ENGLISH
    with i18n.language(i18n.PSEUDO):
        pseudo = shown(tap.interval_method)
    assert pseudo.startswith("[") and not _plain_words(pseudo), pseudo
    with i18n.language("de"):
        german = shown(tap.interval_method)
    assert german.startswith("97,5") and "Profil-Likelihood-Intervalle" in german
    assert "Standardfehler aus der beobachteten Information" in german


def test_the_reports_intervals_row_is_in_the_reports_language(tap, writing):  # noqa: F811 - the fixture imported above
    part = Part(1, tap, writing, "writing")
    with i18n.language("de"):
        rows = dict(technical_table(part).rows)
    assert rows["Intervalle"].startswith("97,5") and "Glockenform" in rows["Intervalle"]
    with i18n.language("en"):
        assert dict(technical_table(part).rows)["Intervals"] == PROFILE_ENGLISH


def test_why_cohens_kappa_is_undefined_is_written_when_shown(cohen, writing):  # noqa: F811 - the fixture imported above
    agreement, coef = cohen
    assert coef.undefined_reason == COHEN_ENGLISH
    assert coef.to_dict()["undefined_reason"] == COHEN_ENGLISH
    assert in_words(coef) == COHEN_ENGLISH
    packed = coefficients_result(agreement, FitRequest(model="coefficients"), writing)
    meaning = next(e.meaning for e in packed.params if e.name == coef.name)
    assert meaning == "undefined: " + COHEN_ENGLISH
    with i18n.language(i18n.PSEUDO):
        pseudo = [in_words(coef), shown(meaning)]
    assert all(text.startswith("[") and not _plain_words(text) for text in pseudo), pseudo
    with i18n.language("de"):
        assert in_words(coef) == ("Cohens Kappa vergleicht genau zwei Beurteiler, und es sind 12; "
                                  "siehe die paarweise Matrix und Congers Kappa")
        assert shown(meaning).startswith("nicht definiert: Cohens Kappa vergleicht")


def test_why_scotts_pi_is_undefined_is_written_when_shown(cohen):
    agreement, _ = cohen
    scott = next(c for c in agreement.coefficients if c.key == "scott_pi")
    assert scott.undefined_reason == ("Scott's pi compares two ratings per subject, but some "
                                      "subjects have up to 3; Fleiss' kappa is its generalisation "
                                      "to more raters")
    with i18n.language(i18n.PSEUDO):
        pseudo = in_words(scott)
    assert pseudo.startswith("[") and not _plain_words(pseudo), pseudo
    with i18n.language("es"):
        assert in_words(scott).startswith("el pi de Scott compara dos calificaciones por sujeto")


def test_the_agreement_text_is_whole_in_german(writing):  # noqa: F811 - the fixture imported above
    """``tapdesk agreement``'s text: the tables' "method or reason" cells, a coefficient left out
    ("undefined"), the facts and the details in the language shown; English as before."""
    agreement = agreement_coefficients(writing)
    english = agreement.as_text()
    assert "method or reason" in english and "analytic: Gwet (2014)" in english
    assert "  undefined  " in english and "Details: how each interval was computed" in english
    with i18n.language("de"):
        german = agreement.as_text()
    for gone in ("method or reason", "analytic:", "undefined", "Details: how", "resamples",
                 "Agreement coefficients", "Subjects analysed", "unweighted"):
        assert gone not in german, gone
    assert "Methode oder Grund" in german and "nicht definiert" in german
    assert "analytisch: Linearisierungsvarianz nach Gwet (2014)" in german
    assert "Gewichte: ungewichtet" in german and "Startwert" in german
    with i18n.language(i18n.PSEUDO):
        pseudo = agreement.as_text()
    assert "method or reason" not in pseudo and " undefined " not in pseudo


def test_the_coefficients_warnings_are_written_in_the_language_shown():
    """"Nobody used ...", "... left out: ..." and why raters cannot be followed: templates kept
    in English (JSON), written in German where shown."""
    from tapdesk.data.ratings import RatingsTable
    from tapdesk.data.scale import Scale
    rows = [("1", "2"), ("2", "2"), ("1", "1"), ("2", None), ("1", "2")] * 3
    paired = RatingsTable.from_wide(rows, scale=Scale(("1", "2", "3"), declared=True))
    unpaired = RatingsTable.from_labels(["s1", "s1", "s2", "s2", "s3", "s3"], None,
                                        ["1", "2", "2", "2", "1", "1"])
    warnings = [*agreement_coefficients(paired).warnings,
                *agreement_coefficients(unpaired).warnings]
    english = " ".join(warnings)
    for said in ("Nobody used '3'; kept in the category set", "3 subjects rated only once",
                 "Cohen's and Conger's kappa and the pairwise matrix are not available: the data "
                 "do not say which rater"):
        assert said in english, english
    with i18n.language("de"):
        german = " ".join(shown(w) for w in warnings)
    for gone in ("Nobody used", "rated only once", "not available", "the data do not say"):
        assert gone not in german, german
    assert "Niemand hat '3' verwendet" in german and "3 Fälle: nur einmal bewertet" in german
    assert "sind nicht verfügbar: die Daten sagen nicht" in german


def test_a_splits_class_1_is_named_with_the_languages_or():
    """The prevalence index's note names a split's Class 1 ("'no medal or bronze'") with the
    language's "or" when shown; the two-class view's category names stay English data, even
    when the coefficients are computed under another language (the command line's)."""
    from tapdesk.data.binary import choose_class1
    wine = read_ratings(get_example("wine").path).table
    split = choose_class1(wine.scale, ("1", "2"), None)
    with i18n.language("de"):
        agreement = agreement_coefficients(wine, split=split)
    prevalence = next(c for c in agreement.coefficients if c.key == "prevalence_index")
    assert "Class 1 = '1 or 2'" in prevalence.note
    assert "1 or 2" in agreement.to_dict()["categories"]
    with i18n.language("de"):
        assert "Klasse 1 = „1 oder 2“" in shown(prevalence.note)


def test_the_coefficients_tables_numbers_are_written_in_the_language_shown(writing):  # noqa: F811
    """The per-category and pairwise tables' numbers ("0.423") are kept with their recipe and
    written with the language's decimal mark where shown ("0,423"), after a trip between
    processes too; the table keeps the English (exports)."""
    import pickle

    from tapdesk.i18n.tables import displayed
    packed = coefficients_result(agreement_coefficients(writing), FitRequest(model="coefficients"),
                                 writing)
    tables = pickle.loads(pickle.dumps(packed.tables))
    english = [str(cell) for t in tables for row in t.rows for cell in row[1:4]]
    assert any(re.fullmatch(r"0\.\d{3}", c) for c in english)
    with i18n.language("de"):
        german = [cell for t in tables for row in displayed(t).rows for cell in row[1:4]]
    assert not [c for c in german if re.search(r"\d\.\d", str(c))], german
    assert any(re.fullmatch(r"0,\d{3}", str(c)) for c in german)
