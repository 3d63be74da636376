"""The results paragraph (issue 30 part 1): its numbers are the result's, it names the level,
its caveats are the findings', and the CLI and the report print the same text."""

from __future__ import annotations

import json
import re

import pytest

from tapdesk.cli.main import main
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import get_analysis
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.coefficients.report import ci_text
from tapdesk.engine.results import fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE, fit_paragraph, results_paragraph
from tapdesk.engine.words import interval_name, percent, percent_with_interval
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.document import Paragraph
from tests.conftest import SHARED_DATA

LABELS = "1=no medal,2=bronze,3=silver,4=gold"
SHARE = re.compile(r"(\d+(?:\.\d+)?)% \((\d+(?:\.\d+)?)% (credible )?interval "
                   r"(\d+(?:\.\d+)?)(?:-|% to )(\d+(?:\.\d+)?)%\)")
"""A share with its interval as the paragraph prints it: "54% (95% interval 44-65%)", or with an
end below 1% "4% (95% interval 0.04% to 75%)"."""


def wine_path():
    path = SHARED_DATA / "wine.csv"
    if not path.is_file():
        pytest.skip(f"shared data not found at {path}")
    return path


@pytest.fixture(scope="module")
def wine():
    labels = tuple(tuple(pair.split("=")) for pair in LABELS.split(","))
    return read_ratings(wine_path(), ImportOptions(labels=labels)).table


def run(name, table, **request):
    req = FitRequest(model=name, n_starts=2, **request)
    analysis = get_analysis(name)
    return analysis.run(req, table) if analysis else fit(req, table)


def shares(text: str) -> list[tuple[float, float, float, float, bool]]:
    """(estimate, level, low, high, credible) of every share-with-interval in ``text``, in %."""
    return [(float(v), float(lv), float(lo), float(hi), bool(cred))
            for v, lv, cred, lo, hi in SHARE.findall(text)]


def close(printed: float, value: float) -> bool:
    """A percent as printed (whole, or with the decimals it needed) against the value."""
    return abs(printed - 100 * value) <= 0.5 + 1e-9


@pytest.mark.parametrize("method", ["mle", "exact"])
def test_the_tap_paragraph_holds_the_results_numbers(wine, method):
    result = run("tap", wine, class1=("1",), method=method)
    text = fit_paragraph(result, wine)
    name = interval_name(result.method, result.level)
    found = shares(text)
    expected = [result.param(n) for n in ("a", "t", "p")]
    assert len(found) == 3
    for (value, level, lo, hi, credible), est in zip(found, expected):
        assert close(value, est.value) and close(lo, est.ci[0]) and close(hi, est.ci[1])
        assert level == 95 and credible == (method == "exact")
        assert percent_with_interval(est.value, est.ci, result.level, name) in text
    assert text.startswith("4 raters rated 183 subjects (732 ratings), split into Class 1 "
                           "('no medal') and Class 0 ('bronze' or 'silver' or 'gold').")
    findings = findings_for(result, wine)
    assert (f"agreed {percent(findings.agreement)} of the time, and Fleiss' kappa was "
            f"{fmt(findings.kappa)}.") in text
    assert ("credible intervals" in text) == (method == "exact")
    assert "Caveats" not in text and "paradox" not in text


def test_the_paragraph_names_the_level(wine):
    result = run("tap", wine, class1=("1",), level=0.8)
    text = fit_paragraph(result, wine)
    assert "80% intervals" in text and "95%" not in text
    assert [f[1] for f in shares(text)] == [80, 80, 80]


def test_categorical_ordinal_and_per_rater_numbers(wine):
    categorical = run("categorical", wine)
    text = fit_paragraph(categorical, wine)
    for est in categorical.params:
        assert f"{percent_with_interval(est.value, est.ci, 0.95)}" in text
    assert len(shares(text)) == len(categorical.params)
    ordinal = run("ordinal-cuts", wine)
    text = fit_paragraph(ordinal, wine)
    cuts = [e for e in ordinal.params if e.name == "a"]
    assert [f"at the cut {e.category}, raters were accurate "
            f"{percent_with_interval(e.value, e.ci, 0.95)}" in text.lower() for e in cuts] \
        == [True] * len(cuts)
    per_rater = run("per-rater", wine, class1=("1",))
    text = fit_paragraph(per_rater, wine)
    accuracy = sorted((r.get("a").value, r.rater_id, r.get("a")) for r in per_rater.raters)
    for _, rater, est in (accuracy[0], accuracy[-1]):
        assert f"{percent_with_interval(est.value, est.ci, 0.95)} ({rater})" in text
    assert findings_for(per_rater, wine).rater_sentence in text


def test_the_coefficients_paragraph_gives_each_coefficient_with_its_interval(wine):
    result = run("coefficients", wine)
    text = fit_paragraph(result, wine)
    assert text.startswith("4 raters rated 183 subjects (732 ratings) on the categories "
                           "'no medal', 'bronze', 'silver' and 'gold'.")
    kappa = result.param("Fleiss' kappa")
    assert f"Fleiss' kappa {fmt(kappa.value)} (95% interval {ci_text(kappa.ci)})" in text
    assert "Not applicable to these data: Cohen's kappa, Scott's pi" in text   # four raters
    bp = result.param("Brennan-Prediger")                # PABAK is its number: named once
    assert f"Brennan-Prediger (the same number as PABAK) {fmt(bp.value)}" in text
    assert "PABAK (prevalence" not in text


def test_caveats_appear_when_the_findings_have_them():
    paradox = simulate_table(TapParameters(t=0.05, a=0.5, p=0.05), n_subjects=150, n_raters=4,
                             seed=1)
    result = fit(FitRequest(model="tap", n_starts=2), paradox)
    findings = findings_for(result, paradox)
    assert [n.code for n in findings.warnings] == ["kappa-paradox"]
    text = results_paragraph(findings, paradox)
    assert "Caveats" in text and "the kappa paradox applies" in text
    edge = simulate_table(TapParameters(t=0.4, a=0.97, p=0.5), n_subjects=150, n_raters=4, seed=2)
    result = fit(FitRequest(model="per-rater", n_starts=2), edge)
    findings = findings_for(result, edge)
    assert "boundary" in {n.code for n in findings.warnings}
    text = results_paragraph(findings, edge)
    assert "some estimates sit on the edge of their range" in text
    assert "kappa paradox" not in text


def test_a_model_that_cannot_pin_down_its_parameters_says_so(wine):
    result = run("tap-a0a1", wine, class1=("1",))
    text = fit_paragraph(result, wine)
    assert "a0, a1 and p cannot be pinned down by these data (not identified" in text
    assert "accurate" not in text.split("Caveats")[0]   # no number for a parameter not identified
    assert len(shares(text)) == 3                       # t, q1, q0


def test_cli_paragraph_text_and_json_and_the_report_say_the_same(capsys, wine):
    path = str(wine_path())
    common = [path, "--labels", LABELS, "--class1", "1", "--starts", "2"]
    assert main(["fit", *common, "--paragraph"]) == 0
    printed = capsys.readouterr().out.strip()
    assert main(["fit", *common, "--paragraph", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["paragraph"] == printed and payload["params"]["a"] is not None
    result = run("tap", wine, class1=("1",))
    assert printed == fit_paragraph(result, wine)
    doc = build_report(ReportInputs.of([ReportAnalysis(result, wine)]))
    blocks = doc.section("summary").blocks
    labels = [b.text for b in blocks if isinstance(b, Paragraph)]
    assert PARAGRAPH_TITLE in labels and printed in labels
    assert PARAGRAPH_TITLE in doc.as_text() and printed in doc.as_text()


def test_cli_agreement_and_posterior_paragraphs(capsys, wine):
    path = str(wine_path())
    assert main(["agreement", path, "--labels", LABELS, "--paragraph", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    kappa = next(c for c in payload["coefficients"] if c["key"] == "fleiss_kappa")
    assert f"Fleiss' kappa {fmt(kappa['value'])} (95% interval {ci_text(kappa['ci'])})" \
        in payload["paragraph"]
    assert main(["posterior", path, "--labels", LABELS, "--class1", "1", "--level", "0.9",
                 "--paragraph"]) == 0
    text = capsys.readouterr().out
    assert "90% credible interval" in text and "posterior means" in text
    assert all(f[4] and f[1] == 90 for f in shares(text)) and len(shares(text)) == 3
