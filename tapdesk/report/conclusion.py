"""Page one: a short plain-language conclusion drawn from the results, then the key numbers.

Each sentence is built from the numbers of the analyses (the first one
that can answer the question): how accurate the raters are, whether the
classes are told apart, which raters stand out, whether the kappa paradox
applies and how sure we are. Verdicts an analysis gives itself (a Bayesian
sampler's verdict, a rater's flag) are quoted in its words, never
rephrased. Every number is printed as ``name = value`` with the analysis
it comes from, so no name ever carries two values.
"""

from __future__ import annotations

from collections.abc import Callable

from tapdesk.engine.rater_words import accuracy_range_sentence, no_comparison_sentence, panel_sentence
from tapdesk.engine.results import Estimate, FitResult, fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.words import level_percent, tells
from tapdesk.report.context import Part, ReportContext, is_coefficients, is_ordinal, kappa_paradox_values
from tapdesk.report.document import KeyNumber, KeyNumbers
from tapdesk.report.explained import is_explained
from tapdesk.report.tables import landis_koch
from tapdesk.report.words import class_words, cut_words, interval_name, interval_text, percent

WIDE = 0.3       # an interval for a probability wider than this is "wide"
NARROW = 0.1     # ... narrower than this is "narrow"
SEPARATED = 0.05  # accuracy whose interval stays above this: the classes are told apart


def _scalar(res: FitResult, name: str) -> Estimate | None:
    try:
        est = res.param(name)
    except KeyError:
        return None
    return est if est.identified and est.value == est.value else None


def _with_interval(res: FitResult, est: Estimate) -> str:
    if not est.ci:
        return f"{est.name} = {fmt(est.value)}"
    return f"{est.name} = {fmt(est.value)}, {interval_name(res)} {interval_text(est.ci)}"


def _model_parts(ctx: ReportContext) -> list[Part]:
    return [p for p in ctx.parts if not is_coefficients(p.result) and not is_ordinal(p.result)]


def accuracy(ctx: ReportContext) -> str:
    for part in _model_parts(ctx):
        res = part.result
        est = _scalar(res, "a")
        if est is not None and (not res.raters or res.effects) and not tells(est.ci):
            return (f"Accuracy: these data cannot tell how often raters are accurate "
                    f"({_with_interval(res, est)}: the interval spans most of the range; "
                    f"{part.short}).")
        if est is not None and res.effects:      # accuracy explained by rater attributes
            return (f"Accuracy: a rater at the attributes' mean is accurate on about "
                    f"{percent(est.value)} of their ratings and otherwise appears to guess "
                    f"({_with_interval(res, est)}; {part.short}).")
        if est is not None and not res.raters:
            return (f"Accuracy: raters are accurate on about {percent(est.value)} of their "
                    f"ratings and otherwise appear to guess ({_with_interval(res, est)}; "
                    f"{part.short}).")
        if res.raters:
            spread = _rater_spread(res)
            if spread:
                return f"Accuracy: {spread} ({part.short})."
    for part in ctx.parts:
        if is_ordinal(part.result):
            return "Accuracy: " + _ordinal_sentence(part) + f" ({part.short})."
    return ""


def _rater_values(res: FitResult) -> list[tuple[str, Estimate]]:
    out = []
    for rater in res.raters:
        names = [e.name for e in rater.estimates]
        name = "a" if "a" in names else "accuracy" if "accuracy" in names else None
        if name is not None:
            est = rater.get(name)
            if est.value == est.value:
                out.append((rater.rater_id, est))
    return out


def _rater_spread(res: FitResult) -> str:
    """The raters' accuracy, by the one rule every surface follows
    (:func:`~tapdesk.engine.rater_words.accuracy_range_sentence`)."""
    if len(_rater_values(res)) < 2:
        return ""
    text = accuracy_range_sentence(res.raters).rstrip(".")
    return text[:1].lower() + text[1:] if text.startswith("Rater accuracy") else text


def _ordinal_sentence(part: Part) -> str:
    res = part.result
    cuts = [e for e in res.params if e.name == "a" and e.category and e.identified
            and e.value == e.value]
    if not cuts:
        return "no cut point could be fitted"
    best = max(cuts, key=lambda e: e.value)
    worst = min(cuts, key=lambda e: e.value)
    assert best.category is not None and worst.category is not None      # cuts keeps only those
    if best is worst:
        return f"at the cut between {cut_words(res, best.category)} accuracy is {fmt(best.value)}"
    return (f"raters separate the scale best between {cut_words(res, best.category)} (accuracy "
            f"there {fmt(best.value)}) and least well between {cut_words(res, worst.category)} "
            f"(accuracy there {fmt(worst.value)})")


def told_apart(ctx: ReportContext) -> str:
    for part in _model_parts(ctx):
        res = part.result
        if res.class_choice is None or res.raters:
            continue
        rates = class_rates(res)
        if rates is None:
            continue
        _, q1, q0 = rates
        est = _scalar(res, "a")
        sure = est is not None and est.ci is not None and est.ci[0] >= SEPARATED
        verdict = ("raters tell the two classes apart" if sure or (est is None and q1 - q0 >= 0.05)
                   else "these data do not show that raters tell the two classes apart")
        return (f"Classes: {verdict}; a subject truly in {class_words(res, 1)} gets a "
                f"Class 1 rating "
                f"{percent(q1)} of the time, a subject truly in {class_words(res, 0)} "
                f"{percent(q0)} of the time ({part.short}).")
    return ""


def class_rates(res: FitResult) -> tuple[float, float, float] | None:
    """(t, q1, q0): the share truly in Class 1 and the chance of a Class 1 rating given the
    true class; q1 = a1 + (1 - a1) p1, q0 = (1 - a0) p0 (a1 = a0 = a, p1 = p0 = p when common)."""
    get = {n: _scalar(res, n) for n in ("t", "q1", "q0", "a", "a0", "a1", "p", "p0", "p1")}
    if get["t"] is None:
        return None
    t = get["t"].value
    if get["q1"] is not None and get["q0"] is not None:
        return t, get["q1"].value, get["q0"].value
    def value(own: str, common: str) -> float | None:
        found = get[own] if get[own] is not None else get[common]
        return found.value if found is not None else None

    a1, a0, p1, p0 = value("a1", "a"), value("a0", "a"), value("p1", "p"), value("p0", "p")
    if a1 is None or a0 is None or p1 is None or p0 is None:
        return None
    return t, a1 + (1 - a1) * p1, (1 - a0) * p0


def stand_out(ctx: ReportContext) -> str:
    """Which raters differ from the rest of the panel: the fit's own comparisons, in its words.

    A per-rater fit compares each rater with the rest of the panel once
    (:mod:`tapdesk.engine.binary.rater_standing`, its verdicts held for the whole panel by
    :mod:`tapdesk.engine.binary.rater_family`); this sentence, the fit's summary and the
    feedback sheets all say what it found. A fit without such comparisons names no rater
    (:func:`~tapdesk.engine.rater_words.no_comparison_sentence`); an explained fit's raters are
    compared through their attributes, which :func:`findings` states. Flags (a rater's
    accuracy not clearly above chance ...) follow as the fit states them.
    """
    for part in ctx.parts:
        res = part.result
        if not res.raters:
            continue
        flagged = [r for r in res.raters if r.flagged]
        flags = ""
        if flagged:
            listed = "; ".join(f"{r.rater_id}: {r.flagged}" for r in flagged[:5])
            more = f" and {len(flagged) - 5} more" if len(flagged) > 5 else ""
            flags = f" Flagged for a closer look: {listed}{more}."
        standing = panel_sentence(res)
        if not standing and not is_explained(res):
            standing = no_comparison_sentence(res)
        standing = standing.rstrip(".")
        if standing:
            return f"Raters: {standing[0].lower()}{standing[1:]} ({part.short}).{flags}"
        if flags:
            return f"Raters ({part.short}):{flags}"
    return ""


def findings(ctx: ReportContext) -> str:
    """What an explained or pooled fit found (its groups, its attribute effects, its
    population): the sentences the app's summary and Explain tab lead with, from the one
    findings object (:attr:`~tapdesk.engine.story.findings.Findings.explanations`)."""
    for part in _model_parts(ctx):
        said = findings_for(part.result, part.table).explanations
        if said:
            return f"Findings ({part.short}): " + " ".join(said)
    return ""


def paradox(ctx: ReportContext) -> str:
    for part in ctx.parts:
        if part.coef_home is not None:
            continue
        found = kappa_paradox_values(part.coef_values)
        if found is not None:
            return (f"Kappa paradox: it applies; raters agree on {percent(found[0])} of pairs "
                    f"of ratings, yet Fleiss' kappa is low ({part.short}; see 'Warnings').")
    codes = {n.code for n in ctx.notices}
    if codes & {"kappa-paradox", "rare-class"}:
        return "Kappa paradox: it applies (see 'Warnings')."
    for part in ctx.parts:
        values = part.coef_values
        if part.coef_home is None and "Percent agreement" in values and "Fleiss' kappa" in values:
            return (f"Kappa paradox: it does not apply; raters agree on "
                    f"{percent(values['Percent agreement'])} of pairs of ratings, not so many "
                    f"that chance agreement alone holds kappa down ({part.short}).")
    return ""


def coefficient_reading(ctx: ReportContext) -> str:
    for part in ctx.parts:
        kappa = part.coef_values.get("Fleiss' kappa")
        if kappa is None or part.coef_home is not None:
            continue
        on = ("on the Class 1 / Class 0 split" if part.coef_scope == "split"
              else "on all categories")
        band = landis_koch("Fleiss' kappa", kappa)
        return (f"Classical coefficients {on}: Fleiss' kappa = {fmt(kappa)}, '{band}' on the "
                f"Landis & Koch scale ({part.short}). Such labels are conventions, not findings.")
    return ""


def not_trustworthy(ctx: ReportContext) -> str:
    """First of all: a posterior whose numbers cannot be trusted yet says so, and the fix."""
    for part in _model_parts(ctx):
        post = part.result.posterior
        if post is not None and post.complete and not post.trustworthy:
            return f"{post.warning} ({part.short})"
    return ""


def how_sure(ctx: ReportContext) -> str:
    sentences: list[str] = []
    for part in _model_parts(ctx):
        res = part.result
        post = res.posterior
        if post is not None and not post.trustworthy:
            continue                     # said first, by not_trustworthy
        est = _scalar(res, "a") or _scalar(res, "t")
        if est is not None and est.ci and not sentences:
            width = est.ci[1] - est.ci[0]
            words = "narrow" if width < NARROW else "wide" if width > WIDE else "moderate"
            sentences.append(f"How sure: the {interval_name(res)} for {est.name} is {words} "
                             f"(from {fmt(est.ci[0])} to {fmt(est.ci[1])}), from "
                             f"{res.n_subjects} subjects and {res.n_ratings} ratings "
                             f"({part.short}).")
    n = len(ctx.notices)
    if n:
        sentences.append(f"{n} warning{'s apply' if n > 1 else ' applies'} to these results; "
                         "each is explained under 'Warnings'.")
    else:
        sentences.append("None of the analyses raised a warning.")
    return " ".join(sentences)


CONCLUSION: tuple[Callable[[ReportContext], str], ...] = (
    not_trustworthy, accuracy, findings, told_apart, stand_out, paradox, coefficient_reading, how_sure)


def conclusion(ctx: ReportContext) -> list[str]:
    """The conclusion's sentences, in the order a committee asks the questions."""
    return [line for line in (make(ctx) for make in CONCLUSION) if line]


# -------------------------------------------------------------- key numbers
PLAIN_NAMES = {"a": "Accuracy a", "t": "Share truly in Class 1 (t)", "p": "Guess rate for Class 1 (p)",
               "q1": "Class 1 rating if truly Class 1 (q1)",
               "q0": "Class 1 rating if truly Class 0 (q0)"}
MAX_KEY_NUMBERS = 6


def _card(part: Part, est: Estimate) -> KeyNumber:
    res = part.result
    label = PLAIN_NAMES.get(est.name, est.name)
    if res.class_choice is None and est.name == "t":
        label = "t"
    interval = f"{interval_name(res)} {interval_text(est.ci)}" if est.ci else ""
    return KeyNumber(label, fmt(est.value), interval, f"{part.short}: {est.meaning}")


def key_numbers(ctx: ReportContext) -> KeyNumbers:
    """Headline numbers: the first model's main estimates, then the coefficients."""
    items: list[KeyNumber] = []
    for part in _model_parts(ctx):
        for name in ("a", "t", "p", "q1", "q0"):
            est = _scalar(part.result, name)
            if est is not None and len(items) < 4:
                items.append(_card(part, est))
        if items:
            break
    shown = {k.label for k in items}
    for part in ctx.parts:
        if part.coef_home is not None or not part.coef_values:
            continue
        on = "Class 1 / Class 0 split" if part.coef_scope == "split" else "all categories"
        for name in ("Percent agreement", "Fleiss' kappa"):
            label = f"{name} ({on})"
            value = part.coef_values.get(name)
            if value is None or label in shown or len(items) >= MAX_KEY_NUMBERS:
                continue
            shown.add(label)
            items.append(KeyNumber(label, fmt(value), _coef_interval(part, name),
                                   f"{part.short}: classical coefficient"))
    return KeyNumbers(tuple(items))


def _coef_interval(part: Part, name: str) -> str:
    source = part.coefficients
    if source is None and is_coefficients(part.result):
        est = next((e for e in part.result.params if e.name == name), None)
        return (f"{level_percent(part.result.level)} interval {interval_text(est.ci)}"
                if est is not None and est.ci else "")
    if source is None:
        return ""
    row = next((r for r in source.rows if r[0] == name), None)
    if row is None or row[3] is None or row[4] is None:
        return ""
    return f"{level_percent(part.result.level)} interval {interval_text((row[3], row[4]))}"
