"""One paragraph of results, in the style of a methods/results section, from a fit's findings.

What was analysed (subjects, raters, ratings, the Class 1 split or the
categories), the model and method, the key estimates with their intervals
and level, the classical coefficients beside them, and the caveats that
apply. Every number goes through the formatters the summary and the report
use (:func:`tapdesk.engine.words.percent_with_interval`, :func:`fmt`), every
caveat is a warning of the :class:`~tapdesk.engine.story.findings.Findings` in its
own words, and the sentence on the raters is the findings' own: the CLI
(``--paragraph``), the report's "Results in one paragraph" and the app's
"Copy paragraph" all print :func:`results_paragraph`.

Never imports Qt.
"""

from __future__ import annotations

import math
from typing import Any

from tapdesk.engine.binary.common import class_words
from tapdesk.engine.coefficients.pabak import BIAS_NAME, PABAK_NAME
from tapdesk.engine.coefficients.pabak import BRENNAN_PREDIGER_NAME as BRENNAN_PREDIGER
from tapdesk.engine.coefficients.report import ci_text
from tapdesk.engine.rater_words import accuracy_range_sentence
from tapdesk.engine.results import Estimate, FitResult, fmt
from tapdesk.engine.story.findings import Findings
from tapdesk.engine.words import (
    count,
    interval_name,
    interval_sentence,
    percent,
    percent_with_interval,
    tells,
)

PARAGRAPH_TITLE = "Results in one paragraph"
"""The report section's title and the app's box title."""

METHOD_PHRASES = {"mle": "fitted by maximum likelihood",
                  "exact": "fitted by Bayesian inference (exact posterior; estimates are "
                           "posterior means)",
                  "mcmc": "fitted by Bayesian inference (posterior simulation; estimates are "
                          "posterior means)"}
"""How each ``FitResult.method`` was fitted, after "Analysis: MODEL," ("classical": computed)."""

SHARE_CLAUSES = {
    "a": "raters were accurate (rather than guessing) {x} of the time",
    "a1": "on subjects truly in Class 1 ({one}), raters were accurate {x} of the time",
    "a0": "on subjects truly in Class 0 ({zero}), raters were accurate {x} of the time",
    "t": "{x} of the subjects truly belonged to Class 1 ({one})",
    "p": "when guessing, raters said Class 1 ({one}) {x} of the time",
    "p1": "when guessing on subjects truly in Class 1, raters said Class 1 ({one}) {x} of the time",
    "p0": "when guessing on subjects truly in Class 0, raters said Class 1 ({one}) {x} of the time",
    "q1": "a subject truly in Class 1 was rated Class 1 {x} of the time",
    "q0": "a subject truly in Class 0 was rated Class 1 {x} of the time",
}
"""The clause of each two-class share, in the order the paragraph tells them."""

UNTOLD_CLAUSES = {
    "a": "how often raters were accurate",
    "a1": "how often raters were accurate on subjects truly in Class 1 ({one})",
    "a0": "how often raters were accurate on subjects truly in Class 0 ({zero})",
    "t": "what share of the subjects truly belonged to Class 1 ({one})",
    "p": "how often raters said Class 1 ({one}) when guessing",
    "p1": "how often guesses on subjects truly in Class 1 said Class 1 ({one})",
    "p0": "how often guesses on subjects truly in Class 0 said Class 1 ({one})",
    "q1": "how often a subject truly in Class 1 was rated Class 1",
    "q0": "how often a subject truly in Class 0 was rated Class 1",
}
"""What the data could not tell, for a share whose interval spans most of its range."""

CATEGORY_CLAUSES = {"t": "the subjects' true categories were {x}",
                    "p": "when guessing, raters chose {x}"}
"""Clauses for the shares of a K-category fit, one value per category."""



def results_paragraph(findings: Findings, table: Any = None) -> str:
    """The results of one analysis as one paragraph of plain sentences.

    Parameters
    ----------
    findings
        The fit's findings (:func:`tapdesk.engine.story.findings.findings_for`): the
        result, its warnings and the raters' sentence.
    table
        The ratings table the fit was made from (for the number of raters);
        None when not at hand.

    Returns
    -------
    str
        The paragraph, sentences joined by single spaces.
    """
    result = findings.result
    parts = [data_sentence(result, table), method_sentence(result)]
    if result.method == "classical":
        parts += coefficient_sentences(result)
    else:
        parts += estimate_sentences(result) + [findings.rater_sentence, classical_sentence(findings)]
    parts += list(findings.explanations)   # issue 42: an explanatory fit's verdicts, or pooling's
    parts += caveat_sentences(findings)
    return " ".join(p for p in parts if p)


def fit_paragraph(result: FitResult, table: Any = None) -> str:
    """The paragraph of ``result`` fitted on ``table`` (its findings made or reused here)."""
    from tapdesk.engine.story.findings import findings_for
    return results_paragraph(findings_for(result, table), table)


def coefficients_paragraph(agreement: Any, table: Any, level: float, seed: int) -> str:
    """The paragraph of an :class:`~tapdesk.engine.coefficients.AgreementResult` (``tapdesk
    agreement``), packed as the app's classical-coefficients analysis packs it."""
    from tapdesk.engine.analyses import COEFFICIENTS_MODEL, coefficients_result
    from tapdesk.engine.request import FitRequest
    request = FitRequest(model=COEFFICIENTS_MODEL, seed=seed, level=level)
    return fit_paragraph(coefficients_result(agreement, request, table), table)


# ------------------------------------------------------------------ what was analysed
def data_sentence(result: FitResult, table: Any = None) -> str:
    """"4 raters rated 183 subjects (732 ratings), split into Class 1 ('no medal') and Class 0
    (...)": the data as read (the fit's own counts without ``table``), then who was left out."""
    n_raters = (table.n_raters if table is not None and table.n_raters else len(result.raters))
    who = f"{count(n_raters, 'rater')} rated" if n_raters else "Raters rated"
    n_subjects, n_ratings = ((table.n_subjects, table.n_ratings) if table is not None
                             else (result.n_subjects, result.n_ratings))
    text = f"{who} {count(n_subjects, 'subject')} ({count(n_ratings, 'rating')})"
    if result.class_choice is not None:
        one, zero = class_words(result.class_choice)
        text += f", split into Class 1 ({one}) and Class 0 ({zero})"
    elif result.categories:
        names = [f"'{result.label(c)}'" for c in result.categories]
        text += f" on the categories {', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 \
            else f" on the category {names[0]}"
    left_out = "; ".join(f"{count(e.n_subjects, 'subject')} left out ({e.reason})"
                         for e in result.exclusions if e.n_subjects)
    return text + (f"; {left_out}" if left_out else "") + "."


def method_sentence(result: FitResult) -> str:
    """The model and how it was fitted, then what the intervals are, with their level."""
    how = METHOD_PHRASES.get(result.method, "computed directly from the ratings"
                             if result.method == "classical" else "fitted")
    return f"Analysis: {result.title}, {how}; {interval_sentence(result.method, result.level)}."


# ------------------------------------------------------------------ the estimates
def _share(result: FitResult, est: Estimate) -> str:
    """A share with its interval, named with its level and kind (credible for a posterior)."""
    return percent_with_interval(est.value, est.ci, result.level,
                                 interval_name(result.method, result.level))


def _usable(est: Estimate) -> bool:
    return est.identified and math.isfinite(est.value)


def estimate_sentences(result: FitResult) -> list[str]:
    """The key estimates in words, each with its interval."""
    clauses = _scalar_clauses(result) + _category_clauses(result) + _cut_clauses(result)
    return ([_sentence(clauses)] if clauses else []) + [s for s in [rater_sentence(result)] if s]


def _scalar_clauses(result: FitResult) -> list[str]:
    scalars = {e.name: e for e in result.params if e.category is None and _usable(e)}
    one, zero = class_words(result.class_choice) if result.class_choice is not None else ("", "")
    out = []
    for name, clause in SHARE_CLAUSES.items():
        if name not in scalars:
            continue
        est = scalars[name]
        if tells(est.ci):
            out.append(clause.format(x=_share(result, est), one=one, zero=zero).replace(" ()", ""))
        else:
            out.append(_untold_clause(result, est, UNTOLD_CLAUSES[name].format(one=one, zero=zero)
                                      .replace(" ()", "")))
    return out


def _untold_clause(result: FitResult, est: Estimate, what: str) -> str:
    """"these data could not tell how often raters were accurate (its 95% interval ran from 0%
    to 98%)"."""
    assert est.ci is not None            # only an interval spanning most of the range is untold
    return (f"these data could not tell {what} (its {interval_name(result.method, result.level)} "
            f"ran from {percent(max(est.ci[0], 0))} to {percent(min(est.ci[1], 1))})")


def _category_clauses(result: FitResult) -> list[str]:
    if result.model == "ordinal-cuts":
        return []
    out = []
    for name, clause in CATEGORY_CLAUSES.items():
        shares = [e for e in result.params if e.name == name and e.category is not None
                  and _usable(e)]
        if shares:
            out.append(clause.format(x=", ".join(f"'{result.label(e.category)}' "
                                                 f"{_share(result, e)}" for e in shares
                                                 if e.category is not None)))
    return out


def _cut_clauses(result: FitResult) -> list[str]:
    if result.model != "ordinal-cuts":
        return []
    return [f"at the cut {e.category}, raters were accurate {_share(result, e)} of the time"
            for e in result.params if e.name == "a" and e.category is not None and _usable(e)]


def rater_sentence(result: FitResult) -> str:
    """How accurate the raters were (the one rule of
    :func:`~tapdesk.engine.rater_words.accuracy_range_sentence`, in the past tense)."""
    if len(result.raters) < 2:
        return ""
    return accuracy_range_sentence(result.raters, lambda est: _share(result, est), past=True)


# ------------------------------------------------------------------ classical coefficients
def classical_sentence(findings: Findings) -> str:
    """Raw agreement and Fleiss' kappa on the fit's view of the data, as the findings hold them."""
    if findings.agreement is None or findings.kappa is None:
        return ""
    on = ("on the Class 1 / Class 0 split" if findings.result.class_choice is not None
          else "on all categories")
    return (f"Classical coefficients {on}: two ratings of the same subject agreed "
            f"{percent(findings.agreement)} of the time, and Fleiss' kappa was "
            f"{fmt(findings.kappa)}.")


def coefficient_sentences(result: FitResult) -> list[str]:
    """The classical-coefficients analysis: each coefficient with its interval, or why not."""
    name = interval_name(result.method, result.level)
    defined = [e for e in result.params if math.isfinite(e.value)]
    undefined = [e for e in result.params if not math.isfinite(e.value)]
    out = []
    agreement = next((e for e in defined if e.name == "Percent agreement"), None)
    if agreement is not None:
        out.append(f"Two ratings of the same subject agreed {_share(result, agreement)} of "
                   "the time.")
    shown = [e for e in defined if e is not agreement]
    same_as_pabak = _pabak_twin(shown)
    values = [f"{_coefficient_name(e, same_as_pabak)} {fmt(e.value)}"
              + (f" ({name} {ci_text(e.ci)})" if e.ci else _bias_verdict(e))
              for e in shown if not (same_as_pabak and e.name == PABAK_NAME)]
    if values:
        out.append(_sentence(["the coefficients were " + "; ".join(values)]))
    if undefined:                   # why each one does not apply is in the coefficients table
        out.append(f"Not applicable to these data: {_listed([e.name for e in undefined])}.")
    return out


def _bias_verdict(est: Estimate) -> str:
    """The many-rater bias index has no interval (a gap is never below 0): its test's verdict,
    the first clause of its meaning, is said instead."""
    if est.name != BIAS_NAME or "; " not in est.meaning:
        return ""
    return f": {est.meaning.split('; ')[0].split(': ')[0]}"


def _pabak_twin(shown: list[Estimate]) -> bool:
    """Whether PABAK is Brennan-Prediger's number here (it always is, unweighted): then the
    paragraph names it once, as "Brennan-Prediger (the same number as PABAK)"."""
    pabak = next((e for e in shown if e.name == PABAK_NAME), None)
    bp = next((e for e in shown if e.name == BRENNAN_PREDIGER), None)
    return pabak is not None and bp is not None and (pabak.value, pabak.ci) == (bp.value, bp.ci)


def _coefficient_name(est: Estimate, same_as_pabak: bool) -> str:
    return f"{est.name} (the same number as PABAK)" if (
        same_as_pabak and est.name == BRENNAN_PREDIGER) else est.name


def _listed(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ------------------------------------------------------------------ caveats
CAVEATS = {
    "boundary": "some estimates sit on the edge of their range, where a standard error does not "
                "apply but the intervals still hold",
    "unused-category": "a category nobody used has shares on the edge of their range",
    "not-identified": "{unidentified} cannot be pinned down by these data (not identified: many "
                      "values fit equally well)",
    "ridge": "{unidentified} trade off against each other: the data fix a combination of them, "
             "not each one",
    "no-standard-error": "some estimates have no standard error because the data do not pin "
                         "them down evenly there; their intervals still hold",
    "kappa-paradox": "the kappa paradox applies: one class is so common that agreement expected "
                     "by chance is high, so kappa looks poor even though raters rarely disagree",
    "rare-class": "almost every subject is in one class, so the kappa paradox applies and "
                  "accuracy rests on the few subjects of the rare class",
    "rater-flag": "raters flagged for a closer look: {flagged}",
    "weak-separation": "the classes are barely told apart, so every estimate built on them is "
                       "uncertain",
    "not-converged": "the fit did not converge, so treat the numbers with caution",
    "cancelled": "the analysis was stopped before the end, so the numbers are incomplete",
    "not-trustworthy": "the Bayesian computation has not settled, so its numbers cannot be "
                       "trusted yet",
    "multimodal": "a posterior has several separated peaks",
    "flat-posterior": "a posterior is nearly flat, so where its interval lies is not determined "
                      "by the data",
    "disjoint-region": "a credible region falls in separate pieces",
    "few-raters": "there are few raters for this model",
    "class-swap": "the ratings fit equally well with the two classes swapped",
    "label-switching": "the hidden classes may be labelled the other way round",
}
"""Each warning's caveat in a few plain words (the warning itself is explained with the
warnings); a code not listed reads as its words ("few-resamples": "few resamples")."""


def caveat_sentences(findings: Findings) -> list[str]:
    """The priors (for a posterior), then one short caveat per kind of warning of the findings."""
    out = [n.message for n in findings.notes if n.code == "prior"]
    caveats = []
    for code in dict.fromkeys(n.code for n in findings.warnings):
        caveat = CAVEATS.get(code, code.replace("-", " ")).format(
            unidentified=_unidentified(findings.result), flagged=_flagged(findings.result))
        caveats.append(caveat)
    if caveats:
        out.append(f"Caveats (each explained with the warnings): {'; '.join(caveats)}.")
    return out


def _unidentified(result: FitResult) -> str:
    names = list(dict.fromkeys(e.name for e in result.params if not e.identified))
    if not names:
        return "some quantities"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _flagged(result: FitResult) -> str:
    return "; ".join(f"{r.rater_id} ({r.flagged.split(' (')[0]})" for r in result.raters
                     if r.flagged) or "see the warnings"


# ------------------------------------------------------------------ text helpers
def _sentence(clauses: list[str]) -> str:
    """Clauses joined by semicolons into one sentence, capitalised and ended."""
    text = "; ".join(clauses)
    return _ended(text[:1].upper() + text[1:])


def _ended(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
