"""Do the surfaces of one fit tell one story? Checks the self-test runs on every fit it makes.

:func:`screen_report_mismatches` compares what the summary pane shows (its
parameter rows and warnings, passed in as text) with the same fit's report
document and its JSON (:func:`tapdesk.library.fitted.result_json`'s content);
:func:`contradictions` checks that the summary, the report's conclusion and
the feedback sheets make the same claims about raters, and that the report
lists the warnings the findings hold, and (:func:`p_interval_mismatches`, issue 55) that every
rater comparison's p-value agrees with the interval shown beside it (the interval is the
inversion of the same test; the test suite checks it on every per-rater fit it makes, in its
own process and in worker processes, in tests/conftest.py, and the self-test on every fit a
window finishes, tapdesk/gui/selftest/fit_watch.py); :func:`validity_mismatches` compares the
summary pane's "Against the reference answer" tables with the report's and the JSON's.
Each returns plain sentences naming what differs; empty lists mean one story. Never
imports Qt.

These sentences are developer diagnostics and stay in English whatever the app's language
(issue 54): no surface a user reads shows them. They reach only the test suite (an
``AssertionError``), a ``tapdesk`` command run with ``TAPDESK_CHECK_P_VALUES`` set (the suite's
processes; :mod:`tapdesk.cli.fit_checks`: the same ``AssertionError``, a fault of TapDesk) and the
self-test's steps (``tapdesk --selftest``: its one JSON line of English step names and failures,
:mod:`tapdesk.gui.selftest.walkthrough`, read by whoever checks a build). They compare the
surfaces' texts in the language those were made in, so none is marked for translation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from scipy.special import chdtri

from tapdesk.engine.intervals import level_text, significance
from tapdesk.engine.rater_words import (
    CREDIBLE_FLOOR,
    MOST_LISTED,
    claim_text,
    claims_counted,
    named_claims,
)
from tapdesk.engine.results import AttributeEffect, FitResult, RaterComparison, ci_text, fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.i18n.deferred import shown as in_language
from tapdesk.report.context import gather_notices, make_context

ScreenRow = Sequence[str]
"""(name, estimate, SE, interval "lo - hi", meaning) as the summary pane's table shows it."""


def _report(result: FitResult, table: Any):
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    return build_report(ReportInputs.of([ReportAnalysis(result, table)]))


def _json_value(payload: dict, result: FitResult, index: int) -> tuple[Any, Any]:
    est = result.params[index]
    params = payload.get("params", {})
    if result.posterior is not None:
        entry = params.get(est.name if est.category is None else f"{est.name}[{est.category}]", {})
        interval = next((entry[k] for k in ("hdi", "interval", "hdi90") if k in entry), None)
        return entry.get("mean"), interval
    value, interval = params.get(est.name), payload.get("ci", {}).get(est.name)
    if isinstance(value, list):
        i = [e.category for e in result.params if e.name == est.name].index(est.category)
        value, interval = value[i], (interval[i] if interval else None)
    return value, interval


def _shown(value: Any) -> str:
    return fmt(value)


def screen_report_mismatches(label: str, result: FitResult, table: Any,
                             screen_rows: Sequence[ScreenRow],
                             screen_warnings: Sequence[str], doc: Any = None) -> list[str]:
    """Every number or warning on screen that the report or the JSON shows otherwise."""
    from tapdesk.engine.story.findings import result_json
    doc = doc if doc is not None else _report(result, table)
    payload = result_json(result, table)
    found: list[str] = []
    params = next((t for t in doc.tables() if t.key == "parameters"), None)
    printed = params.printed()[1] if params is not None else []
    for i, (row, est) in enumerate(zip(screen_rows, result.params)):
        if not est.identified:
            continue
        name, value, _, interval = row[0], row[1], row[2], row[3]
        in_json, json_interval = _json_value(payload, result, i)
        if _shown(in_json) != value:
            found.append(f"{label}: {name} is {value} on screen and {_shown(in_json)} in the JSON")
        if i < len(printed) and printed[i][1] != value:
            found.append(f"{label}: {name} is {value} on screen and {printed[i][1]} in the report")
        if est.ci and json_interval:
            json_text = ci_text((json_interval[0], json_interval[1]))
            if json_text != interval:
                found.append(f"{label}: {name}'s interval is {interval} on screen and "
                             f"{json_text} in the JSON")
            if i < len(printed) and printed[i][3].replace("\u00a0", " ") != interval:
                found.append(f"{label}: {name}'s interval is {interval} on screen and "
                             f"{printed[i][3]} in the report")
    if list(screen_warnings) != list(payload.get("warnings", [])):
        found.append(f"{label}: the screen lists {len(screen_warnings)} warnings, the JSON "
                     f"{len(payload.get('warnings', []))}")
    return found


def contradictions(label: str, result: FitResult, table: Any, doc: Any = None) -> list[str]:
    """Claims about raters and warnings that differ between summary, report and feedback."""
    doc = doc if doc is not None else _report(result, table)
    findings = findings_for(result, table)
    found: list[str] = []
    reported = sorted(n.code for n in gather_notices(make_context(doc.inputs).parts))
    if reported != sorted(n.code for n in findings.warnings):
        found.append(f"{label}: the report warns of {reported or 'nothing'}, the summary of "
                     f"{sorted(n.code for n in findings.warnings) or 'nothing'}")
    if findings.rater_sentence:
        summary = doc.section("summary")
        conclusion = " ".join(summary.blocks[0].items) if summary and summary.blocks else ""
        said = in_language(findings.rater_sentence)  # in the report's language, as printed
        if said.rstrip(".")[1:] not in conclusion:
            found.append(f"{label}: the report's conclusion does not say what the summary says "
                         f"of the raters ({findings.rater_sentence})")
        if " ".join(result.headline).find(findings.rater_sentence) < 0:
            found.append(f"{label}: the summary's headline does not carry the rater comparison")
    found += verdict_interval_mismatches(label, result)
    if result.model == "per-rater" and result.class_choice is not None and table is not None:
        found += _feedback_contradictions(label, result, table, findings.rater_sentence)
    return found


def verdict_interval_mismatches(label: str, result: FitResult) -> list[str]:
    """Verdicts and flags that say more (or other) than the interval shown beside them."""
    found = []
    for c in result.comparisons:
        side = {"higher": 1, "more": 1, "lower": -1, "less": -1}.get(c.verdict, 0)
        lo, hi = c.interval if c.interval is not None else (0.0, 0.0)
        if side and not (lo > 0 if side > 0 else hi < 0):
            found.append(f"{label}: rater {c.rater_id}'s {c.name} is said to be '{c.verdict}' "
                         f"than the rest of the panel, but its interval {fmt(lo)} to {fmt(hi)} "
                         "does not lie on that side of 0")
        if not side and c.interval_excludes_zero and not c.held_back:
            found.append(f"{label}: rater {c.rater_id}'s {c.name} interval {fmt(lo)} to {fmt(hi)} "
                         f"leaves out 0, yet the verdict is '{c.verdict}' with no reason given")
    found += p_value_mismatches(label, result)
    found += chance_mismatches(label, result)
    return found


def chance_mismatches(label: str, result: FitResult) -> list[str]:
    """Chance flags and words that say more than the accuracy interval shown beside them: a
    flag "no better than chance" rests on an interval wider than the one shown, lying at or
    below 0, so the one shown must too; the words "cannot show ... better than chance" need the
    interval shown to reach chance (issue 78)."""
    found = []
    for rater in result.raters:
        accuracy = next((e for e in rater.estimates if e.name in ("a", "accuracy")), None)
        if accuracy is None or accuracy.ci is None:
            continue
        if "no better than chance" in rater.flagged and accuracy.ci[1] > 0:
            found.append(f"{label}: rater {rater.rater_id} is flagged as no better than chance, "
                         f"but the accuracy interval shown beside it reaches up to "
                         f"{fmt(accuracy.ci[1])}")
        if rater.chance and "reaches" in rater.chance and accuracy.ci[0] >= CREDIBLE_FLOOR:
            found.append(f"{label}: rater {rater.rater_id} is said not to be shown better than "
                         f"chance, but the accuracy interval shown beside it starts at "
                         f"{fmt(accuracy.ci[0])}")
    return found


BORDERLINE = 0.01
"""A test statistic within this share of its critical value (on the signed-root scale) is on
the interval's end, to the searches' tolerance: p and interval may fall either side there."""


def p_interval_mismatches(label: str, comparisons: Sequence[RaterComparison]) -> list[str]:
    """Comparisons whose p-value and interval disagree: the interval is the inversion of the
    same likelihood-ratio (or Wald) test, so p < 1 - level exactly when it leaves out 0."""
    found = []
    for c in comparisons:
        if c.p_value is None or c.interval is None or c.verdict == "unknown":
            continue
        if _disagree(c.p_value, c.interval, c.level):
            found.append(f"{label}: rater {c.rater_id}'s {c.name} has p = {c.p_value:.3g} "
                         f"against no difference, yet its {level_text(c.level)} interval "
                         f"{fmt(c.interval[0])} to {fmt(c.interval[1])} "
                         f"{'leaves out' if _excludes_zero(c.interval) else 'holds'} 0")
    return found


def effect_p_interval_mismatches(label: str, effects: Sequence[AttributeEffect],
                                 level: float) -> list[str]:
    """An explanatory fit's rater-attribute effects whose p-value (the test of no effect) and
    the coefficient's interval at the fit's ``level`` disagree: the interval is the inversion of
    the same test (for a one-df attribute test calibrated by simulation, drawn at its simulated
    critical value: calibrate.interval_level), so p < 1 - level exactly when it leaves out 0."""
    found = []
    for e in effects:
        span = e.coefficient_interval
        if e.p_value is None or span is None or e.verdict == "unknown":
            continue
        if _disagree(e.p_value, span, level):
            name = e.attribute + (f" {e.level}" if e.level else "")
            found.append(f"{label}: the effect of {name} has p = {e.p_value:.3g} against no "
                         f"effect, yet its {level_text(level)} interval {fmt(span[0])} to "
                         f"{fmt(span[1])} {'leaves out' if _excludes_zero(span) else 'holds'} 0")
    return found


def p_value_mismatches(label: str, result: FitResult) -> list[str]:
    """Every p-value of a fit that disagrees with the interval shown beside it: the rater
    comparisons' and the rater-attribute effects'."""
    return (p_interval_mismatches(label, result.comparisons)
            + effect_p_interval_mismatches(label, result.effects, result.level))


def _excludes_zero(span: tuple[float, float]) -> bool:
    return span[0] > 0 or span[1] < 0


def _disagree(p_value: float, span: tuple[float, float], level: float) -> bool:
    """p against the interval at ``level``, allowing a p-value on the interval's end."""
    alpha = significance(level)
    if (p_value < alpha) == _excludes_zero(span):
        return False
    root, critical = np.sqrt(chdtri(1, max(p_value, 1e-300))), np.sqrt(chdtri(1, alpha))
    return abs(root - critical) > BORDERLINE * critical


def _feedback_contradictions(label: str, result: FitResult, table: Any,
                             summary_sentence: str) -> list[str]:
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.errors import TapDeskError
    try:
        sheets = rater_feedback(result, table)
    except TapDeskError:
        return []
    found = []
    named = named_claims(result.comparisons)
    counted = claims_counted(named, sheets.class1_words) if len(named) > MOST_LISTED else None
    if counted is not None and counted not in summary_sentence:
        found.append(f"{label}: {len(named)} comparisons name raters; the summary does not count "
                     "them")
    for sheet in sheets.raters:
        comparison = result.comparison(sheet.rater_id, "a")
        said = comparison.verdict if comparison is not None else "unknown"
        if sheet.enough and sheet.accuracy_vs_others != said:
            found.append(f"{label}: rater {sheet.rater_id}'s feedback says "
                         f"'{sheet.accuracy_vs_others}', the summary '{said}'")
        if not sheet.enough:
            continue
        for name in ("a", "p"):
            claim = result.comparison(sheet.rater_id, name)
            said = claim_text(claim, sheets.class1_words) if claim is not None else ""
            if claim is None or not claim.differs:
                continue
            made = claim in named if counted is not None else said in summary_sentence
            if not made:
                found.append(f"{label}: rater {sheet.rater_id}'s feedback claims '{said}'; the "
                             "summary does not")
    return found


def validity_mismatches(label: str, result: FitResult, table: Any,
                        references: Mapping[str, Mapping[str, str]],
                        screen_tables: Sequence[Sequence[Sequence[Any]]],
                        doc: Any = None) -> list[str]:
    """Every cell of the screen's "Against the reference answer" tables (one per reference
    answer, rows of cells) that the report or the JSON (``tapdesk fit --json``) shows
    otherwise."""
    from tapdesk.engine.validity import validity_for_fit
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    if doc is None:
        doc = build_report(ReportInputs.of([ReportAnalysis(result, table)], references=references))
    in_json = [c.to_dict()["table"]["rows"] for c in validity_for_fit(result, table, references)]
    in_report = [list(t.rows) for t in doc.tables() if t.key.split("-")[0] == "validity"]
    found: list[str] = []
    for where, tables in (("the JSON", in_json), ("the report", in_report)):
        if len(tables) != len(screen_tables):
            found.append(f"{label}: the screen compares with {len(screen_tables)} reference "
                         f"answers, {where} with {len(tables)}")
            continue
        for screen, other in zip(screen_tables, tables):
            for shown, there in zip(screen, other):
                differ = [i for i, (a, b) in enumerate(zip(shown, there)) if str(a) != str(b)]
                if differ or len(shown) != len(there):
                    found.append(f"{label}: against the reference, '{shown[0]}' reads "
                                 f"{list(map(str, shown))} on screen and "
                                 f"{list(map(str, there))} in {where}")
    return found
