"""The rater check's answer in the reader's language (issue 54): the sentence, the verdict, the
margin sentence, the calibration clause and the summary lines are whole templates with their
numbers written by the language's formats; English reads byte for byte as before (the texts in
``rater_check_english.json`` were written by the code before the change), the JSON keeps its
English whatever the language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapdesk import i18n
from tapdesk.engine.raters.check_calibration import CalibratedInterval, MarginTest
from tapdesk.engine.raters.check_result import (
    CALIBRATED_METHOD,
    PROFILE_METHOD,
    WALD_METHOD,
    RaterCheckRequest,
    RaterCheckResult,
)
from tests.languages import english_after  # noqa: F401 - fixture

ENGLISH = Path(__file__).with_name("rater_check_english.json")
SIMULATED = (MarginTest(d0=-0.1, root=-2.1, critical=2.05, simulated=(1.9, 2.05)),)
NOT_SIMULATED = (MarginTest(d0=-0.1, root=-2.1, critical=None, simulated=()),)


def _result(margin, level, difference, interval, others, method, calibration):
    return RaterCheckResult(
        request=RaterCheckRequest(rater="J2", margin=margin, level=level), rater_accuracy=0.712345,
        rater_interval=(0.61, 0.80123), panel_accuracy=0.75321, panel_interval=(0.7, 0.8),
        difference=difference, interval=interval, others=others, n_subjects=200, method=method,
        calibration=calibration)


CASES = {
    "superior": (0.10, 0.95, 0.21, (0.05, 0.35), ("R2", "R3", "R4"), PROFILE_METHOD, None),
    "noninferior_calibrated": (0.10, 0.9, -0.02, (-0.09, 0.04), ("R2", "R3"), CALIBRATED_METHOD,
                               CalibratedInterval((-0.09, 0.04), (-0.08, 0.03), (2.05, 1.7), 399,
                                                  SIMULATED)),
    "inferior_one_other": (0.05, 0.95, -0.3, (-0.45, -0.1), ("R2",), PROFILE_METHOD,
                           CalibratedInterval((-0.45, -0.1), (-0.45, -0.1), (1.96, 1.96), 399,
                                              NOT_SIMULATED)),
    "undecided_wald": (0.125, 0.8, -0.1, (-0.2, 0.001), tuple(f"R{i}" for i in range(2, 16)),
                       WALD_METHOD + " and " + PROFILE_METHOD, None),
    "undecided_near_margin": (0.025, 0.975, -0.0251, (-0.0999, 0.0004), ("A", "B"),
                              PROFILE_METHOD, None),
}
"""One result for each branch of the words: each verdict, an interval calibrated or the Raters
tab's, simulated or not, one other rater or many, Wald and profile intervals, a margin with a
third decimal and a difference that needs another digit to differ from it."""


def _texts(result):
    payload = result.as_json()
    return {"summary": list(result.summary()), "plain": result.plain_margin_sentence(),
            "json": {k: payload[k] for k in ("sentence", "margin_sentence", "method",
                                             "panel_definition")}}


@pytest.mark.parametrize("name", sorted(CASES))
def test_english_reads_as_before(name):
    expected = json.loads(ENGLISH.read_text(encoding="utf-8"))[name]
    assert _texts(_result(*CASES[name])) == expected


def test_one_point_and_one_study_are_singular():
    """Counts by ngettext: "1 point", "1 study ... was simulated" (before: "1 points", "1
    studies ... were")."""
    result = _result(0.01, 0.95, 0.0, (-0.006, 0.2), ("A", "B"), PROFILE_METHOD,
                     CalibratedInterval((-0.006, 0.2), (-0.005, 0.2), (2.2, 1.96), 1, SIMULATED))
    assert "(the allowed shortfall of 1 point)" in result.sentence()
    assert "1 study like this one, with the same subjects and raters, was simulated" in \
        result.margin_sentence()
    assert result.summary()[6].endswith("margin 0.01 (1 point)")


def test_german_reads_german_with_decimal_commas():
    result = _result(*CASES["noninferior_calibrated"])
    english = _texts(result)
    with i18n.language("de"):
        lines = result.summary()
        plain = result.plain_margin_sentence()
        payload = result.as_json()
    assert lines[0].startswith("Die Genauigkeit von Beurteiler J2 wird auf 71\u00a0% geschätzt, "
                               "die des übrigen Gremiums (die 2 anderen Beurteiler, gewichtet nach "
                               "ihren Bewertungen) auf 75\u00a0%; Differenz \u22120,02, "
                               "90\u00a0%-Intervall \u22120,09 bis +0,04 (für die Frage der "
                               "Toleranz kalibriert"), lines[0]
    assert "Dieses Intervall liegt ganz über \u22120,10 (zulässiger Rückstand: 10 Punkte)" in lines[0]
    assert lines[1].startswith("Die Toleranz ist der Rückstand, den Sie hinnehmen: Ein "
                               "Beurteiler, der höchstens 0,10 (10 Punkte) an Genauigkeit")
    assert "wurden 399 Studien wie diese" in lines[1]
    assert lines[3:] == ("Urteil: nicht unterlegen",
                         "Beurteiler J2: a = 0,712 (90\u00a0%-Intervall 0,610 bis 0,801)",
                         "Übriges Gremium (R2, R3), gewichtet nach Bewertungen: a = 0,753 "
                         "(90\u00a0%-Intervall 0,700 bis 0,800)",
                         "Differenz: \u22120,02 (90\u00a0%-Intervall \u22120,09 bis +0,04); "
                         "Toleranz 0,10 (10 Punkte)",
                         "Fälle: 200; Intervalle: 90\u00a0%, Profil-Likelihood (die Enden der "
                         "Differenz für das Urteil durch einen parametrischen Bootstrap "
                         "kalibriert), aus der t-a-p-Anpassung je Beurteiler für das ganze Gremium")
    assert plain.endswith("in höchstens 5\u00a0% solcher Studien irrtümlich bestehen.")
    assert {k: payload[k] for k in english["json"]} == english["json"]   # JSON: English


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_every_branch_is_translated(code):
    """No English sentence, clause or line left in a translated language."""
    english = ("is accurate", "of the time", "weighted by", "rest of the panel", "Verdict:",
               "Difference:", "Subjects:", "large-sample", "studies like", "shortfall",
               "Raters tab", "profile likelihood", "delta method", "superior", " point")
    for case in CASES.values():
        result = _result(*case)
        with i18n.language(code):
            texts = [*result.summary(), result.plain_margin_sentence()]
        for text in texts:
            assert not [w for w in english if w in text and not (w == "superior" and code == "es")
                        and not (w == " point" and code == "fr")], (code, text)
