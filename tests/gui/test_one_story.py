"""One story per fit: the summary pane, the report and the CLI's JSON say the same (issue 25).

For every registered model and each of its methods, one fit of one data set
is rendered three ways: the results pane (what a committee member sees), the
report document, and the JSON that ``tapdesk fit|posterior --json`` prints
(``cli.common.result_json``, the function the commands call). The numbers
must agree to the digits shown, the warnings must be the same list, each
must state the same interval level, and the results paragraph must be the same text.
"""

from __future__ import annotations

import html
import re

import pytest

from tapdesk.engine import FitRequest, all_models, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.results import fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.engine.words import level_percent
from tapdesk.library.fitted import result_json
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.context import gather_notices, make_context
from tapdesk.report.document import Paragraph

pytestmark = [pytest.mark.gui, pytest.mark.slow]

CASES = [(spec.name, method, 0.95) for spec in all_models() for method in spec.methods] + [
    ("tap", "mle", 0.8), ("per-rater", "mle", 0.8), ("categorical", "mle", 0.8),
    ("tap", "exact", 0.8), ("per-rater", "mcmc", 0.8)]


@pytest.fixture(scope="module")
def table():
    return simulate_table(TapParameters(t=0.35, a=0.6, p=0.4), n_subjects=120, n_raters=4, seed=7)


def quick(model: str, method: str, level: float) -> FitRequest:
    return FitRequest(model=model, method=method, n_starts=3, chains=2, draws=300, warmup=300,
                      level=level)


def screen_warnings(label_html: str) -> list[str]:
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", label_html)]


def json_entry(payload: dict, name: str, category: str | None, result) -> tuple[float, list]:
    """A parameter's value and interval as the JSON gives them."""
    params = payload["params"]
    if result.posterior is not None:               # Bayesian: a summary per parameter
        entry = params[name if category is None else f"{name}[{category}]"]
        interval = next((entry[k] for k in ("hdi", "interval", "hdi90") if k in entry), None)
        return entry["mean"], interval
    value, interval = params[name], payload["ci"][name]
    if isinstance(value, list):
        i = [e.category for e in result.params if e.name == name].index(category)
        value, interval = value[i], interval[i] if interval else None
    return value, interval


@pytest.mark.parametrize("model, method, level", CASES)
def test_screen_report_and_json_tell_one_story(qtbot, table, model, method, level):
    from tapdesk.gui.results.pane import ResultsPane
    result = fit(quick(model, method, level), table)
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.add_result(result, table)
    payload = result_json(result, table)
    doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
    findings = findings_for(result, table)

    # one level, stated everywhere
    shown = level_percent(level)
    assert payload["level"] == level
    assert pane.param_model.columns[3].startswith(shown)
    params = next(t for t in doc.tables() if t.key == "parameters")
    assert params.columns[3].startswith(shown)

    # the numbers, to the digits shown
    printed = params.printed()[1]
    for row, est, out in zip(pane.param_model.rows, result.params, printed):
        name, value, _, interval, _ = row
        if not est.identified:
            continue
        assert out[1] == value, (name, out, row)
        if est.ci:
            lo, hi = (part.strip() for part in interval.split(" to "))
            assert out[3] == f"{lo}\u00a0to\u00a0{hi}", (name, out, row)
        assert fmt(est.value) == value
        json_value, json_interval = json_entry(payload, est.name, est.category, result)
        assert fmt(json_value) == value, (name, json_value, value)
        if est.ci:
            assert [fmt(v) for v in json_interval] == [lo, hi], (name, json_interval)

    # the warnings: one list
    on_screen = screen_warnings(pane.warnings.text())
    assert on_screen == list(findings.warning_messages)
    assert payload["warnings"] == list(findings.warning_messages)
    report_codes = sorted(n.code for n in gather_notices(make_context(doc.inputs).parts))
    assert report_codes == sorted(n.code for n in findings.warnings)

    # the rater comparison: the same sentence on screen and in the report's conclusion
    if findings.rater_sentence:
        assert findings.rater_sentence in pane.summary_text().replace("\n", " ")
        conclusion = " ".join(doc.section("summary").blocks[0].items)
        assert findings.rater_sentence.rstrip(".")[1:] in conclusion

    # the results paragraph: the same text on screen (and so copied), in the report, in --paragraph
    paragraph = fit_paragraph(result, table)
    assert pane.paragraph.text == paragraph
    assert paragraph in [b.text for b in doc.section("summary").blocks if isinstance(b, Paragraph)]


def test_the_self_tests_checks_see_a_difference(table):
    """The checks behind the self-test's "screen_report_mismatches" and "contradictions"."""
    from dataclasses import replace

    from tapdesk.report.consistency import contradictions, screen_report_mismatches
    result = fit(quick("per-rater", "mle", 0.95), table)
    rows = [tuple(r) for r in result.summary().parameter_rows]
    warnings = list(findings_for(result, table).warning_messages)
    assert screen_report_mismatches("fit", result, table, rows, warnings) == []
    assert contradictions("fit", result, table) == []
    off = [(rows[0][0], "0.999", *rows[0][2:])]
    found = screen_report_mismatches("fit", result, table, off, warnings)
    assert any("0.999 on screen" in f and "JSON" in f for f in found)
    assert any("in the report" in f for f in found)
    assert screen_report_mismatches("fit", result, table, rows, warnings + ["extra"])
    first = result.comparisons[0]
    flipped = replace(result, comparisons=(replace(first, verdict="higher"),
                                           *result.comparisons[1:]))
    said = contradictions("fit", flipped, table)
    assert said and all("fit" in s for s in said)


def test_the_self_tests_story_check_reads_the_screen_in_its_language(table):
    """In German the screen writes "0,153 bis 0,406": the check writes the JSON's interval the
    same way (it compared with the English "0,153 to 0,406" and failed every German self-test)."""
    from tapdesk.i18n import language
    from tapdesk.report.consistency import screen_report_mismatches
    result = fit(quick("tap", "mle", 0.95), table)
    with language("de"):
        rows = [tuple(r) for r in result.summary().parameter_rows]
        warnings = list(findings_for(result, table).warning_messages)
        assert any(" bis " in str(row[3]) for row in rows)
        assert screen_report_mismatches("fit", result, table, rows, warnings) == []


def test_the_self_tests_claims_check_reads_the_report_in_its_language(table):
    """A German report's conclusion says the raters' sentence in German: the check compared the
    summary's English sentence with it and failed every German self-test with a per-rater fit."""
    from tapdesk.i18n import language
    from tapdesk.report.consistency import contradictions
    result = fit(quick("per-rater", "mle", 0.95), table)
    with language("de"):
        assert contradictions("fit", result, table) == []
