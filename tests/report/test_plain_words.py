"""Words, not jargon, where a reader first looks; every remaining term is in the glossary; one
stated interval convention; --help that answers (issue 14, sections 2-4)."""

from __future__ import annotations

import argparse
import re

import pytest

from tapdesk.cli.main import build_parser, main
from tapdesk.engine.categorical.per_rater import comparison_sentence
from tapdesk.engine.results import ResultTable
from tapdesk.engine.words import interval_name, p_words
from tapdesk.report.document import section_text
from tapdesk.report.glossary import GLOSSARY, glossary_section, glossary_text, lookup
from tapdesk.resources.examples import get_example

WINE = str(get_example("wine").path)
JARGON = ("nats", "krits", "HDI90", "logit-Wald", "G^2", "chi-square", "mixture of",
          "t-a0a1-p0p1", "t-a0a1-p", "t-a-p0p1", "P-a-P", "t-a_j-p_j", "Method: mle",
          "Method: mcmc", "Method: exact", "Wald", "observed information")
SCIENTIFIC = re.compile(r"\d\.?\d*e-\d\d")


def first_look(text: str) -> str:
    """What a reader sees before the details section."""
    return text.split("Details (precise terms")[0].split("Details: how each interval")[0]


def run(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ("fit", WINE, "--cut", "1"),
    ("fit", WINE, "--cut", "1", "--model", "tap-a0a1-p0p1"),
    ("fit", WINE, "--cut", "1", "--model", "expert"),
    ("fit", WINE, "--cut", "1", "--model", "per-rater"),
    ("fit", WINE, "--model", "categorical"),
    ("fit", WINE, "--model", "dawid-skene"),
    ("posterior", WINE, "--cut", "1"),
    ("modelfit", WINE, "--cut", "1", "--bootstrap", "0"),
    ("agreement", WINE, "--bootstrap", "0"),
])
def test_first_look_is_plain_and_details_keep_the_precise_terms(capsys, argv):
    text = run(capsys, *argv)
    plain = first_look(text)
    for word in JARGON:
        assert word not in plain, (word, argv)
    assert not SCIENTIFIC.search(plain), SCIENTIFIC.search(plain)
    assert len(plain) < len(text), "the precise terms moved to a details section"


def test_method_names_and_interval_levels_in_words(capsys):
    ml = run(capsys, "fit", WINE, "--cut", "1")
    assert "Method: Maximum likelihood" in ml and "95% interval" in ml
    assert "Log-likelihood: \u2212368.5561 nats" in ml    # kept, in the details (issue 53: a minus)
    post = run(capsys, "posterior", WINE, "--cut", "1")
    assert "Method: Bayesian (exact)" in post and "95% credible interval" in post
    assert "95% credible low" in post                      # the posterior table, not HDI90
    assert interval_name("mcmc", 0.9) == "90% credible interval"
    assert interval_name("mle", 0.95) == "95% interval"
    assert interval_name("exact", 0.975) == "97.5% credible interval"


def test_p_values_in_words():
    assert p_words(3.26e-05) == "p < 0.001"
    assert p_words(0.0042) == "p = 0.004"
    assert p_words(0.273) == "p = 0.27"
    assert p_words(None) == "p not available"


def _comparison(p_value: float, bic_simple: bool) -> ResultTable:
    bic = (10.0, 5.0, 20.0) if bic_simple else (30.0, 25.0, 20.0)
    rows = (("t-a-p (average rater)", -1.0, 7, 1.0, 44, 0.5, 1.0, bic[0]),
            ("t-a-p (per rater)", -1.0, 19, 1.0, 32, p_value, 1.0, bic[1]),
            ("Dawid-Skene", -1.0, 51, None, None, None, 1.0, bic[2]))
    return ResultTable("Comparison", ("model",) * 8, rows)


def test_when_lr_test_and_bic_disagree_the_sentence_says_which_to_follow():
    disagree = comparison_sentence(_comparison(1e-5, bic_simple=True))
    assert "(p < 0.001)" in disagree and "Follow that score" in disagree and "32 extra" in disagree
    agree = comparison_sentence(_comparison(1e-5, bic_simple=False))
    assert "much better" in agree and "model size agrees" in agree
    neither = comparison_sentence(_comparison(0.4, bic_simple=True))
    assert "no better" in neither and "model size agrees" in neither
    odd = comparison_sentence(_comparison(0.4, bic_simple=False))
    assert "Follow the test" in odd


def test_real_dawid_skene_fit_says_which_criterion_to_follow(capsys):
    text = run(capsys, "fit", WINE, "--model", "dawid-skene")
    assert "Follow that score here" in first_look(text)


# ------------------------------------------------------------------ glossary
@pytest.mark.parametrize("term", ["nats", "krits per rating", "HDI", "HDI90", "logit-Wald", "G^2",
                                  "chi-square(0)", "mle", "mcmc", "exact", "P-a-P",
                                  "t-a0a1-p0p1", "R-hat", "ESS", "BIC", "AIC", "LR", "df",
                                  "SE", "profile likelihood", "credible interval", "kappa",
                                  "Dawid-Skene", "confusion matrix", "not identified",
                                  "sqrt(kappa)", "AC1", "Krippendorff's alpha", "bootstrap"])
def test_every_remaining_term_is_in_the_glossary(term):
    entry = lookup(term)
    assert entry is not None, term
    assert len(entry.meaning) > 20


def test_details_sections_only_use_glossary_terms(capsys):
    text = run(capsys, "fit", WINE, "--cut", "1", "--model", "per-rater")
    details = text.split("Details (precise terms")[1]
    for word in ("nats", "bits per rating", "logit-Wald", "delta method", "observed information"):
        if word in details:
            assert lookup(word) is not None or any(word in t.term or word in t.also
                                                   for t in GLOSSARY), word


def test_glossary_text_and_report_appendix():
    text = glossary_text()
    assert "krits per rating:" in text and "The t-a-p model" in text
    section = glossary_section()
    assert section.key == "appendix-glossary" and section.new_page
    rows = [row for block in section.blocks if hasattr(block, "rows") for row in block.rows]
    assert len(rows) == len(GLOSSARY)
    assert len({t.term for t in GLOSSARY}) == len(GLOSSARY)


def test_the_reports_glossary_lists_the_terms_the_report_uses():
    """Issue 53: headed "the terms this report uses", the glossary lists those and no others
    (a maximum-likelihood report has no sampler words)."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report import build_report
    from tapdesk.report.glossary import GLOSSARY_LEAD, terms_used
    table = read_ratings(WINE).table
    doc = build_report(fit(FitRequest(model="tap", cut="1"), table), table=table,
                       coefficients=None)
    glossary = doc.sections[-1]
    assert glossary.blocks[0].text == GLOSSARY_LEAD
    assert GLOSSARY_LEAD.startswith("The terms this report uses")
    listed = [row[0] for block in glossary.blocks if hasattr(block, "rows") for row in block.rows]
    before = "\n".join(section_text(s) for s in doc.sections[:-1])
    assert listed == [t.term for t in terms_used(before)]
    assert {"a", "t", "p", "Maximum likelihood", "95% interval"} <= set(listed)
    assert not {"R-hat", "effective sample size (ESS)", "warm-up", "95% credible interval",
                "Gwet's AC1 / AC2"} & set(listed)
    assert len(listed) < len(GLOSSARY) / 2


def test_a_term_counts_as_used_only_where_the_text_uses_it():
    from tapdesk.report.glossary import terms_used

    def used(text: str) -> set[str]:
        return {t.term for t in terms_used(text)}

    assert "a" in used("Accuracy a = 0.79 (0.6 to 0.9).") and "a" in used("row | a | 0.79")
    assert "a" not in used("Each rater gave a rating to a wine.")
    assert "standard error (SE)" in used("SE | 0.04") and not used("per se")
    assert "R-hat" in used("R-hat is 1.003 for every parameter.")
    assert "bootstrap" in used("Bootstrap intervals, 1000 resamples.")
    assert not used("reboot straps")
    assert "Bayesian (exact)" not in used("standard errors from the exact Hessian")
    assert "Bayesian (exact)" in used("tapdesk fit wine.csv --method exact")


def test_report_document_ends_with_the_glossary():
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report import build_report
    table = read_ratings(WINE).table
    doc = build_report(fit(FitRequest(model="tap", cut="1"), table), table=table,
                       coefficients=None)
    assert doc.sections[-1].key == "appendix-glossary"
    assert doc.sections[-1].title.startswith("Appendix ")


# ---------------------------------------------------------------------- help
def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(_subparsers()))
def test_every_option_states_its_default_and_no_doubled_percent(name):
    parser = _subparsers()[name]
    text = parser.format_help()
    assert "%%" not in text
    formatter = parser._get_formatter()
    for action in parser._actions:
        if not action.option_strings or action.nargs == 0 or action.required:
            continue
        helptext = formatter._get_help_string(action)
        assert "default" in helptext.lower(), (name, action.option_strings[0])


def test_model_default_and_the_reports_analyses_in_help(capsys):
    fit_help = " ".join(_subparsers()["fit"].format_help().split())
    assert "--model MODEL model to fit (listed below) (default: tap)" in fit_help
    assert "dawid-skene" in fit_help and "accuracy depends on the true class" in fit_help
    report_help = _subparsers()["report"].format_help()
    assert "ordinal-cuts" in report_help and "coefficients" in report_help
    assert "analyses (--model NAME, report only)" in report_help


def test_inspect_on_a_multi_item_file_mentions_item_all(capsys):
    text = run(capsys, "inspect", get_example("ptsd").path)
    assert "Items: Q1, Q2, Q3" in text
    assert "--item all" in text
