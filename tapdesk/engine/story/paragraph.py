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
    interval_name,
    interval_sentence,
    number,
    percent,
    percent_with_interval,
    tells,
)
from tapdesk.i18n import N_, _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown

PARAGRAPH_TITLE = N_("Results in one paragraph")
"""The report section's title and the app's box title (marked: translate where shown)."""

METHOD_PHRASES = {"mle": N_("fitted by maximum likelihood"),
                  "exact": N_("fitted by Bayesian inference (exact posterior; estimates are "
                              "posterior means)"),
                  "mcmc": N_("fitted by Bayesian inference (posterior simulation; estimates are "
                             "posterior means)")}
"""How each ``FitResult.method`` was fitted, after "Analysis: MODEL," ("classical": computed)."""

SHARE_CLAUSES = {
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "a": N_("raters were accurate (rather than guessing) {x} of the time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "a1": N_("on subjects truly in Class 1 ({one}), raters were accurate {x} of the time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "a0": N_("on subjects truly in Class 0 ({zero}), raters were accurate {x} of the time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "t": N_("{x} of the subjects truly belonged to Class 1 ({one})"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "p": N_("when guessing, raters said Class 1 ({one}) {x} of the time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "p1": N_("when guessing on subjects truly in Class 1, raters said Class 1 ({one}) {x} of the "
             "time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "p0": N_("when guessing on subjects truly in Class 0, raters said Class 1 ({one}) {x} of the "
             "time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "q1": N_("a subject truly in Class 1 was rated Class 1 {x} of the time"),
    # Translators: a clause of the paragraph (past tense, joined to others by semicolons); {x} is a
    # share with its interval ("54% (95% interval 44-65%)"); {one} and {zero} name the categories of
    # Class 1 and Class 0 ("'gold'").
    "q0": N_("a subject truly in Class 0 was rated Class 1 {x} of the time"),
}
"""The clause of each two-class share, in the order the paragraph tells them."""

UNTOLD_CLAUSES = {
    "a": N_("how often raters were accurate"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "a1": N_("how often raters were accurate on subjects truly in Class 1 ({one})"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "a0": N_("how often raters were accurate on subjects truly in Class 0 ({zero})"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "t": N_("what share of the subjects truly belonged to Class 1 ({one})"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "p": N_("how often raters said Class 1 ({one}) when guessing"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "p1": N_("how often guesses on subjects truly in Class 1 said Class 1 ({one})"),
    # Translators: what these data could not tell, after "these data could not tell"; {one} and
    # {zero} name the categories of Class 1 and Class 0 ("'gold'").
    "p0": N_("how often guesses on subjects truly in Class 0 said Class 1 ({one})"),
    "q1": N_("how often a subject truly in Class 1 was rated Class 1"),
    "q0": N_("how often a subject truly in Class 0 was rated Class 1"),
}
"""What the data could not tell, for a share whose interval spans most of its range."""

CATEGORY_CLAUSES = {
                    # Translators: a clause of the paragraph (past tense); {x} lists categories
                    # with their shares ("'gold' 54% (95% interval 44-65%), 'silver' ...").
                    "t": N_("the subjects' true categories were {x}"),
                    # Translators: a clause of the paragraph (past tense); {x} lists categories with
                    # their shares ("'gold' 54% (95% interval 44-65%), 'silver' ...").
                    "p": N_("when guessing, raters chose {x}")}
"""Clauses for the shares of a K-category fit, one value per category."""

UNTOLD_CATEGORY_CLAUSES = {
    # Translators: what these data could not tell, after "these data could not tell"; {category}
    # names one category of the scale ("'bronze'").
    "t": N_("what share of the subjects truly belonged to {category}"),
    # Translators: what these data could not tell, after "these data could not tell"; {category}
    # names one category of the scale ("'bronze'").
    "p": N_("how often raters chose {category} when guessing"),
}
"""What the data could not tell of one category's share (a K-category fit), for a share whose
interval spans most of its range: said as the two-class shares are (:func:`_untold_clause`)."""


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
    return " ".join(shown(p) for p in parts if p)


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
    n_subjects, n_ratings = ((table.n_subjects, table.n_ratings) if table is not None
                             else (result.n_subjects, result.n_ratings))
    # Translators: a count of subjects ("183 subjects"), part of the data's sentence.
    subjects = ngettext("{n} subject", "{n} subjects", n_subjects).format(n=number(n_subjects))
    # Translators: a count of ratings ("732 ratings"), part of the data's sentence.
    ratings = ngettext("{n} rating", "{n} ratings", n_ratings).format(n=number(n_ratings))
    if n_raters:
        # Translators: {n} raters; {subjects} "183 subjects"; {ratings} "732 ratings".
        text = ngettext("{n} rater rated {subjects} ({ratings})",
                        "{n} raters rated {subjects} ({ratings})", n_raters).format(
            n=number(n_raters), subjects=subjects, ratings=ratings)
    else:
        # Translators: {subjects} "183 subjects"; {ratings} "732 ratings".
        text = _("Raters rated {subjects} ({ratings})").format(subjects=subjects, ratings=ratings)
    if result.class_choice is not None:
        one, zero = class_words(result.class_choice)
        # Translators: {data} "4 raters rated 183 subjects (732 ratings)"; {one} and {zero} name
        # the categories of Class 1 and Class 0 ("'gold'", "'silver' or 'bronze'").
        text = _("{data}, split into Class 1 ({one}) and Class 0 ({zero})").format(
            data=text, one=shown(one), zero=shown(zero))
    elif result.categories:
        names = [formats.quoted(result.label(c)) for c in result.categories]
        if len(names) > 1:
            # Translators: {data} "4 raters rated 183 subjects (732 ratings)"; {categories} the
            # categories' names ("'1', '2' and '3'").
            text = _("{data} on the categories {categories}").format(
                data=text, categories=", ".join(names[:-1]) + " and " + names[-1] if is_source()
                else formats.joined(names))
        else:
            # Translators: {data} "4 raters rated 183 subjects (732 ratings)"; {category} the
            # only category's name.
            text = _("{data} on the category {category}").format(data=text, category=names[0])
    left = [e for e in result.exclusions if e.n_subjects]
    for e in left:
        # Translators: {data} the data's sentence so far; {n} subjects were left out of the
        # analysis for {reason}.
        text = ngettext("{data}; {n} subject left out ({reason})",
                        "{data}; {n} subjects left out ({reason})", e.n_subjects).format(
            data=text, n=number(e.n_subjects), reason=shown(e.reason))
    return text + "."


def method_sentence(result: FitResult) -> str:
    """The model and how it was fitted, then what the intervals are, with their level."""
    if result.method in METHOD_PHRASES:
        how = _(METHOD_PHRASES[result.method])
    elif result.method == "classical":
        how = _("computed directly from the ratings")
    else:
        how = _("fitted")
    # Translators: {model} the model's name ("t-a-p"), {how} how it was fitted ("fitted by
    # maximum likelihood"), {intervals} what the intervals are ("95% intervals: the range ...").
    return _("Analysis: {model}, {how}; {intervals}.").format(
        model=shown(result.title), how=how,
        intervals=shown(interval_sentence(result.method, result.level)))


# ------------------------------------------------------------------ the estimates
def _share(result: FitResult, est: Estimate) -> str:
    """A share with its interval, named with its level and kind (credible for a posterior)."""
    return percent_with_interval(est.value, est.ci, result.level,
                                 shown(interval_name(result.method, result.level)))


def _usable(est: Estimate) -> bool:
    return est.identified and math.isfinite(est.value)


def estimate_sentences(result: FitResult) -> list[str]:
    """The key estimates in words, each with its interval."""
    clauses = _scalar_clauses(result) + _category_clauses(result) + _cut_clauses(result)
    return ([_sentence(clauses)] if clauses else []) + [s for s in [rater_sentence(result)] if s]


def _scalar_clauses(result: FitResult) -> list[str]:
    scalars = {e.name: e for e in result.params if e.category is None and _usable(e)}
    one, zero = (map(shown, class_words(result.class_choice)) if result.class_choice is not None
                 else ("", ""))
    out = []
    for name, clause in SHARE_CLAUSES.items():
        if name not in scalars:
            continue
        est = scalars[name]
        if tells(est.ci):
            out.append(_(clause).format(x=_share(result, est), one=one, zero=zero)
                       .replace(" ()", ""))
        else:
            out.append(_untold_clause(result, est, _(UNTOLD_CLAUSES[name]).format(
                one=one, zero=zero).replace(" ()", "")))
    return out


def _untold_clause(result: FitResult, est: Estimate, what: str) -> str:
    """"these data could not tell how often raters were accurate (its 95% interval ran from 0%
    to 98%)"."""
    assert est.ci is not None            # only an interval spanning most of the range is untold
    # Translators: a clause; {what} what could not be told ("how often raters were accurate"),
    # {interval} the interval's name ("95% interval"), {low} and {high} its ends ("0%", "98%").
    return _("these data could not tell {what} (its {interval} ran from {low} to {high})").format(
        what=what, interval=shown(interval_name(result.method, result.level)),
        low=percent(max(est.ci[0], 0)), high=percent(min(est.ci[1], 1)))


def _category_clauses(result: FitResult) -> list[str]:
    if result.model == "ordinal-cuts":
        return []
    out = []
    for name, clause in CATEGORY_CLAUSES.items():
        shares = [e for e in result.params if e.name == name and e.category is not None
                  and _usable(e)]
        told = [e for e in shares if tells(e.ci)]
        if told:
            out.append(_(clause).format(x=", ".join(f"{formats.quoted(result.label(e.category))} "
                                                    f"{_share(result, e)}" for e in told
                                                    if e.category is not None)))
        out += [_untold_clause(result, e, _(UNTOLD_CATEGORY_CLAUSES[name]).format(
                    category=formats.quoted(result.label(e.category))))
                for e in shares if not tells(e.ci) and e.category is not None]
    return out


def _cut_clauses(result: FitResult) -> list[str]:
    if result.model != "ordinal-cuts":
        return []
    # Translators: a clause; {cut} an ordinal cut ("2|3"), {x} a share with its interval.
    return [_("at the cut {cut}, raters were accurate {x} of the time").format(
                cut=e.category, x=_share(result, e))
            for e in result.params if e.name == "a" and e.category is not None and _usable(e)]


def rater_sentence(result: FitResult) -> str:
    """How accurate the raters were (the one rule of
    :func:`~tapdesk.engine.rater_words.accuracy_range_sentence`, in the past tense)."""
    if len(result.raters) < 2:
        return ""
    return shown(accuracy_range_sentence(result.raters, lambda est: _share(result, est),
                                         past=True))


# ------------------------------------------------------------------ classical coefficients
def classical_sentence(findings: Findings) -> str:
    """Raw agreement and Fleiss' kappa on the fit's view of the data, as the findings hold them."""
    if findings.agreement is None or findings.kappa is None:
        return ""
    args = {"percent": percent(findings.agreement), "kappa": fmt(findings.kappa)}
    if findings.result.class_choice is not None:
        # Translators: {percent} a share ("93%"), {kappa} a number ("0.41").
        return _("Classical coefficients on the Class 1 / Class 0 split: two ratings of the same "
                 "subject agreed {percent} of the time, and Fleiss' kappa was {kappa}.").format(
            **args)
    # Translators: {percent} a share ("93%"), {kappa} a number ("0.41").
    return _("Classical coefficients on all categories: two ratings of the same subject agreed "
             "{percent} of the time, and Fleiss' kappa was {kappa}.").format(**args)


def coefficient_sentences(result: FitResult) -> list[str]:
    """The classical-coefficients analysis: each coefficient with its interval, or why not."""
    name = shown(interval_name(result.method, result.level))
    defined = [e for e in result.params if math.isfinite(e.value)]
    undefined = [e for e in result.params if not math.isfinite(e.value)]
    out = []
    agreement = next((e for e in defined if e.name == "Percent agreement"), None)
    if agreement is not None:
        # Translators: {x} a share with its interval ("93% (95% interval 90-95%)").
        out.append(_("Two ratings of the same subject agreed {x} of the time.").format(
            x=_share(result, agreement)))
    shown_ = [e for e in defined if e is not agreement]
    same_as_pabak = _pabak_twin(shown_)
    values = [_coefficient_value(e, same_as_pabak, name)
              for e in shown_ if not (same_as_pabak and e.name == PABAK_NAME)]
    if values:
        # Translators: {values} lists coefficients with their values and intervals ("Fleiss'
        # kappa 0.41 (95% interval 0.30 to 0.52); ...").
        out.append(_sentence([_("the coefficients were {values}").format(
            values=formats.clauses(values))]))
    if undefined:                   # why each one does not apply is in the coefficients table
        # Translators: {names} lists coefficients' names ("Gwet's AC1 and Krippendorff's alpha").
        out.append(_("Not applicable to these data: {names}.").format(
            names=_listed([_(e.name) for e in undefined])))
    return out


def _coefficient_value(est: Estimate, same_as_pabak: bool, interval: str) -> str:
    """"Fleiss' kappa 0.41 (95% interval 0.30 to 0.52)"."""
    # Translators: {name} a coefficient's name ("Fleiss' kappa"), {value} its value ("0.41").
    text = _("{name} {value}").format(name=_coefficient_name(est, same_as_pabak),
                                      value=fmt(est.value))
    if not est.ci:
        return text + _bias_verdict(est)
    # Translators: {text} "Fleiss' kappa 0.41", {interval} the interval's name ("95% interval"),
    # {range} its ends ("0.30 to 0.52").
    return _("{text} ({interval} {range})").format(text=text, interval=interval,
                                                   range=ci_text(est.ci))


def _bias_verdict(est: Estimate) -> str:
    """The many-rater bias index has no interval (a gap is never below 0): its test's verdict,
    the first clause of its meaning, is said instead."""
    meaning = shown(est.meaning)
    if est.name != BIAS_NAME or "; " not in meaning:
        return ""
    return f": {meaning.split('; ')[0].split(': ')[0]}"


def _pabak_twin(shown: list[Estimate]) -> bool:
    """Whether PABAK is Brennan-Prediger's number here (it always is, unweighted): then the
    paragraph names it once, as "Brennan-Prediger (the same number as PABAK)"."""
    pabak = next((e for e in shown if e.name == PABAK_NAME), None)
    bp = next((e for e in shown if e.name == BRENNAN_PREDIGER), None)
    return pabak is not None and bp is not None and (pabak.value, pabak.ci) == (bp.value, bp.ci)


def _coefficient_name(est: Estimate, same_as_pabak: bool) -> str:
    """The coefficient's name (the engine's English key, marked where it is defined) in the
    reader's words."""
    # Translators: {name} is a coefficient's name ("Brennan-Prediger").
    return _("{name} (the same number as PABAK)").format(name=_(est.name)) if (
        same_as_pabak and est.name == BRENNAN_PREDIGER) else _(est.name)


def _listed(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return formats.joined(names)


# ------------------------------------------------------------------ caveats
# Translators (the caveats below): each is a clause of the sentence "Caveats (each explained with
# the warnings): ...", joined by semicolons; {unidentified} lists quantities ("a and p"),
# {flagged} lists raters with their flags.
CAVEATS = {
    "boundary": N_("some estimates sit on the edge of their range, where a standard error does "
                   "not apply but the intervals still hold"),
    "unused-category": N_("a category nobody used has shares on the edge of their range"),
    # Translators: a caution of the paragraph; {unidentified} names the quantities ("accuracy and
    # the guess rate").
    "not-identified": N_("{unidentified} cannot be pinned down by these data (not identified: "
                         "many values fit equally well)"),
    # Translators: a caution of the paragraph; {unidentified} names the quantities ("accuracy and
    # the guess rate").
    "ridge": N_("{unidentified} trade off against each other: the data fix a combination of "
                "them, not each one"),
    "no-standard-error": N_("some estimates have no standard error because the data do not pin "
                            "them down evenly there; their intervals still hold"),
    "kappa-paradox": N_("the kappa paradox applies: one class is so common that agreement "
                        "expected by chance is high, so kappa looks poor even though raters "
                        "rarely disagree"),
    "rare-class": N_("almost every subject is in one class, so the kappa paradox applies and "
                     "accuracy rests on the few subjects of the rare class"),
    # Translators: a caution of the paragraph; {flagged} lists raters with a short reason each ("R2
    # (accuracy near chance); R5 (...)").
    "rater-flag": N_("raters flagged for a closer look: {flagged}"),
    "coefficients": N_("the coefficients come with notes on the ratings and the weights they "
                       "were computed from"),
    "weak-separation": N_("the classes are barely told apart, so every estimate built on them "
                          "is uncertain"),
    "not-converged": N_("the fit did not converge, so treat the numbers with caution"),
    "cancelled": N_("the analysis was stopped before the end, so the numbers are incomplete"),
    "not-trustworthy": N_("the Bayesian computation has not settled, so its numbers cannot be "
                          "trusted yet"),
    "multimodal": N_("a posterior has several separated peaks"),
    "flat-posterior": N_("a posterior is nearly flat, so where its interval lies is not "
                         "determined by the data"),
    "disjoint-region": N_("a credible region falls in separate pieces"),
    "few-raters": N_("there are few raters for this model"),
    "class-swap": N_("the ratings fit equally well with the two classes swapped"),
    "label-switching": N_("the hidden classes may be labelled the other way round"),
}
"""Each warning's caveat in a few plain words (the warning itself is explained with the
warnings); a code not listed reads as its words ("few-resamples": "few resamples")."""


def caveat_sentences(findings: Findings) -> list[str]:
    """The priors (for a posterior), then one short caveat per kind of warning of the findings."""
    out = [shown(n.message) for n in findings.notes if n.code == "prior"]
    caveats = []
    for code in dict.fromkeys(n.code for n in findings.warnings):
        caveat = (_(CAVEATS[code]) if code in CAVEATS else code.replace("-", " ")).format(
            unidentified=_unidentified(findings.result), flagged=_flagged(findings.result))
        caveats.append(caveat)
    if caveats:
        # Translators: {caveats} are the caveats, joined by semicolons.
        out.append(_("Caveats (each explained with the warnings): {caveats}.").format(
            caveats=formats.clauses(caveats)))
    return out


def _unidentified(result: FitResult) -> str:
    names = list(dict.fromkeys(e.name for e in result.params if not e.identified))
    if not names:
        return _("some quantities")
    return formats.joined(names)


# Translators: why a rater is flagged, in a few words (the caveats list each flagged rater so).
SHORT_FLAGS = (N_("accuracy no better than chance"), N_("accuracy well below the other raters"))
"""The flags' words before their aside, each marked on its own: cut from a flag in the reader's
language, the words broke off inside the translation (in the pseudo-language its bracket was
left open, and the caveats read as untranslated, issue 54)."""


def flag_short(flag: Any) -> str:
    """A rater's flag in a few words: its English before " (" when :data:`SHORT_FLAGS` has them,
    else the flag as shown, cut there."""
    short = str.__str__(flag).split(" (")[0] if isinstance(flag, str) else ""
    return _(short) if short in SHORT_FLAGS else shown(flag).split(" (")[0]


def _flagged(result: FitResult) -> str:
    # Translators: a flagged rater in the caveats: {rater} the rater, {flag} why ("accuracy no
    # better than chance").
    return formats.clauses([_("{rater} ({flag})").format(rater=r.rater_id,
                                                            flag=flag_short(r.flagged))
                            for r in result.raters if r.flagged]) or _("see the warnings")


# ------------------------------------------------------------------ text helpers
def _sentence(clauses: list[str]) -> str:
    """Clauses joined by semicolons into one sentence, capitalised and ended."""
    text = formats.clauses(clauses)
    return _ended(text[:1].upper() + text[1:])


def _ended(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
