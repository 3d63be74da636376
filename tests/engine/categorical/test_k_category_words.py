"""Issue 79: a K-category fit has no Class 1, and its summary never says one.

The app's Summary named each category's share "Truly Class 1: bronze (2)" and each guess rate
"Guesses Class 1: bronze (2)" (the two-class words of t and p), Compare and the posterior plots
"Truly Class 1 (2)", and the summary's ordinal table headed its cuts "cut (Class 1 = at or
below)". The words of an estimate now come from one place (:meth:`FitResult.estimate_words`
over :func:`tapdesk.engine.words.parameter_words`): "Truly bronze", "Guesses bronze".
"""

from __future__ import annotations

import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import get_analysis
from tapdesk.engine.words import parameter_words
from tests import WINE

LABELS = "1=no medal,2=bronze,3=silver,4=gold"


@pytest.fixture(scope="module")
def wine() -> RatingsTable:
    from tapdesk.api import read
    return read(WINE, labels=LABELS).table


@pytest.fixture(scope="module")
def categorical(wine):
    return fit(FitRequest(model="categorical", n_starts=2), wine)


def test_the_k_category_summary_never_says_class_1(categorical):
    text = categorical.summary().as_text()
    assert "Class 1" not in text
    assert "cut (at or below it vs above)" in text          # the ordinal table's cuts
    assert "t: bronze (2)" in text                           # the symbols stay where they were


def test_each_category_estimate_is_named_by_its_category(categorical):
    words = [categorical.estimate_words(e.name, e.category) for e in categorical.params]
    assert words == ["Truly no medal", "Truly bronze", "Truly silver", "Truly gold", "Accuracy",
                     "Guesses no medal", "Guesses bronze", "Guesses silver", "Guesses gold"]
    # as traces, posteriors and Compare write a category's estimate
    assert categorical.estimate_words("t[2]") == "Truly bronze"
    assert categorical.estimate_words("p[4]") == "Guesses gold"


@pytest.mark.parametrize("model", ["categorical-per-rater", "dawid-skene", "mace"])
def test_no_model_of_several_categories_names_class_1(wine, model):
    result = fit(FitRequest(model=model, n_starts=2), wine)
    words = [result.estimate_words(e.name, e.category) for e in result.params]
    words += [result.estimate_words(e.name, e.category) for e in result.raters[0].estimates]
    assert words and not [w for w in words if "Class 1" in w], words
    assert "Class 1" not in " ".join(str(line) for line in result.headline)


def test_a_two_class_fit_keeps_its_class_1(wine):
    tap = fit(FitRequest(model="tap", cut="2", n_starts=2), wine)
    assert [tap.estimate_words(e.name, e.category) for e in tap.params] == [
        "Truly Class 1", "Accuracy", "Guesses Class 1"]
    assert tap.estimate_words("p[J1]") == "Guesses Class 1 (J1)"     # a rater's, as ever
    ordinal = get_analysis("ordinal-cuts").run(FitRequest(model="ordinal-cuts", n_starts=2), wine)
    cut = next(e for e in ordinal.params if e.name == "t")
    assert ordinal.estimate_words(cut.name, cut.category) == f"Truly Class 1: {cut.category}"


def test_parameter_words_of_a_category():
    assert parameter_words("t", "gold") == "Truly gold"
    assert parameter_words("p", "gold") == "Guesses gold"
    assert parameter_words("correct", "gold") == "Correct (gold)"
    assert parameter_words("t") == "Truly Class 1" and parameter_words("a[J1]") == "Accuracy (J1)"

