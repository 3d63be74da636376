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

from tapdesk.engine.rater_words import (
    accuracy_range_sentence,
    chance_headline,
    no_comparison_sentence,
    panel_sentence,
)
from tapdesk.engine.results import Estimate, FitResult
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.words import interval_name as engine_interval_name
from tapdesk.engine.words import tells
from tapdesk.i18n import N_, NC_, _, ngettext, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.formats import clauses, in_sentence, integer, labelled, quoted
from tapdesk.report.context import Part, ReportContext, is_coefficients, is_ordinal, kappa_paradox_values
from tapdesk.report.document import KeyNumber, KeyNumbers
from tapdesk.report.explained import is_explained
from tapdesk.report.local_words import fixed as fmt
from tapdesk.report.local_words import interval_title
from tapdesk.report.tables import band_words, landis_koch
from tapdesk.report.words import class_words, cut_words, interval_text, percent
from tapdesk.report.words import interval_name as _interval_name

WIDE = 0.3       # an interval for a probability wider than this is "wide"
NARROW = 0.1     # ... narrower than this is "narrow"
SEPARATED = 0.05  # accuracy whose interval stays above this: the classes are told apart


def interval_name(res: FitResult) -> str:
    """"95% interval" in the report's language."""
    return interval_title(_interval_name(res))


def _scalar(res: FitResult, name: str) -> Estimate | None:
    try:
        est = res.param(name)
    except KeyError:
        return None
    return est if est.identified and est.value == est.value else None


def _with_interval(res: FitResult, est: Estimate) -> str:
    if not est.ci:
        return f"{est.name} = {fmt(est.value)}"
    # Translators: an estimate with its interval, inside brackets in a sentence; {name} is the
    # estimate's symbol ("a"), {value} its value, {interval_name} "95% interval", {interval}
    # "0,41 bis 0,62".
    return _("{name} = {value}, {interval_name} {interval}").format(
        name=est.name, value=fmt(est.value), interval_name=interval_name(res),
        interval=interval_text(est.ci))


def _model_parts(ctx: ReportContext) -> list[Part]:
    return [p for p in ctx.parts if not is_coefficients(p.result) and not is_ordinal(p.result)]


def accuracy(ctx: ReportContext) -> str:
    for part in _model_parts(ctx):
        res = part.result
        est = _scalar(res, "a")
        if est is not None and (not res.raters or res.effects) and not tells(est.ci):
            # Translators: a line of the report's conclusion (page one). {estimate} is the
            # estimate with its interval ("a = 0,62, 95 % interval 0,41 bis 0,80"), {analysis}
            # the analysis's short name.
            return _("Accuracy: these data cannot tell how often raters are accurate "
                     "({estimate}: the interval spans most of the range; {analysis}).").format(
                estimate=_with_interval(res, est), analysis=part.short)
        if est is not None and res.effects:      # accuracy explained by rater attributes
            # Translators: as above; {percent} is a percent ("62 %").
            return _("Accuracy: a rater at the attributes' mean is accurate on about {percent} of "
                     "their ratings and otherwise appears to guess ({estimate}; {analysis}).").format(
                percent=percent(est.value), estimate=_with_interval(res, est), analysis=part.short)
        if est is not None and not res.raters:
            # Translators: as above.
            return _("Accuracy: raters are accurate on about {percent} of their ratings and "
                     "otherwise appear to guess ({estimate}; {analysis}).").format(
                percent=percent(est.value), estimate=_with_interval(res, est), analysis=part.short)
        if res.raters:
            spread = _rater_spread(res)
            if spread:
                # Translators: {sentence} is a sentence on the raters' accuracy (made elsewhere).
                return _("Accuracy: {sentence} ({analysis}).").format(sentence=spread, analysis=part.short)
    for part in ctx.parts:
        if is_ordinal(part.result):
            return _("Accuracy: {sentence} ({analysis}).").format(
                sentence=_ordinal_sentence(part), analysis=part.short)
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
    sentence = accuracy_range_sentence(res.raters)
    text = shown(sentence).rstrip(".")                  # in the report's language
    if not str(sentence).startswith("Rater accuracy"):  # a rater's name starts it: kept
        return text
    return in_sentence(text[:1]) + text[1:]


def _ordinal_sentence(part: Part) -> str:
    res = part.result
    cuts = [e for e in res.params if e.name == "a" and e.category and e.identified
            and e.value == e.value]
    if not cuts:
        # Translators: follows "Accuracy: " in the conclusion (a scale of ordered categories).
        return _("no cut point could be fitted")
    best = max(cuts, key=lambda e: e.value)
    worst = min(cuts, key=lambda e: e.value)
    assert best.category is not None and worst.category is not None      # cuts keeps only those
    if best is worst:
        # Translators: follows "Accuracy: "; {categories} names two neighbouring categories
        # ("bronze and silver"), {value} a number.
        return _("at the cut between {categories} accuracy is {value}").format(
            categories=cut_words(res, best.category), value=fmt(best.value))
    # Translators: follows "Accuracy: "; {best} and {worst} name two neighbouring categories
    # each ("bronze and silver"), {best_value} and {worst_value} are numbers.
    return _("raters separate the scale best between {best} (accuracy there {best_value}) and "
             "least well between {worst} (accuracy there {worst_value})").format(
        best=cut_words(res, best.category), best_value=fmt(best.value),
        worst=cut_words(res, worst.category), worst_value=fmt(worst.value))


def told_apart(ctx: ReportContext) -> str:
    for part in _model_parts(ctx):
        res = part.result
        if res.class_choice is None or res.raters:
            continue
        rates = class_rates(res)
        if rates is None:
            continue
        _share, q1, q0 = rates
        est = _scalar(res, "a")
        sure = est is not None and est.ci is not None and est.ci[0] >= SEPARATED
        # Translators: a line of the conclusion; {class1} and {class0} name the two classes
        # ("Class 1 (no medal or bronze)"), {q1} and {q0} are percents, {analysis} the
        # analysis's short name.
        text = (_("Classes: raters tell the two classes apart; a subject truly in {class1} gets a "
                  "Class 1 rating {q1} of the time, a subject truly in {class0} {q0} of the time "
                  "({analysis}).") if sure or (est is None and q1 - q0 >= 0.05) else
                # Translators: as above.
                _("Classes: these data do not show that raters tell the two classes apart; a "
                  "subject truly in {class1} gets a Class 1 rating {q1} of the time, a subject "
                  "truly in {class0} {q0} of the time ({analysis})."))
        return text.format(class1=class_words(res, 1), q1=percent(q1), class0=class_words(res, 0),
                           q0=percent(q0), analysis=part.short)
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
    accuracy no better than chance ...) follow as the fit states them, then the fit's words on
    the raters these data cannot show rate better than chance
    (:func:`~tapdesk.engine.rater_words.chance_headline`).
    """
    for part in ctx.parts:
        res = part.result
        if not res.raters:
            continue
        flagged = [r for r in res.raters if r.flagged]
        flags = ""
        if flagged:
            # Translators: a flagged rater and why, in the conclusion's list of flagged raters;
            # {rater} is the rater's id, {why} the reason ("accuracy no better than chance").
            listed = clauses([_("{rater}: {why}").format(rater=r.rater_id, why=shown(r.flagged))
                                for r in flagged[:5]])
            # Translators: {raters} lists raters with why each was flagged ("R2: accuracy no
            # better than chance; R5: ...").
            flags = " " + _("Flagged for a closer look: {raters}.").format(raters=listed) \
                if len(flagged) <= 5 else " " + (
                    # Translators: as above; {n} is how many more raters were flagged.
                    ngettext("Flagged for a closer look: {raters} and {n} more.",
                    "Flagged for a closer look: {raters} and {n} more.", len(flagged) - 5).format(
                    raters=listed, n=integer(len(flagged) - 5)))
        chance = shown(chance_headline(res.raters))
        flags += f" {chance}" if chance else ""
        standing = panel_sentence(res)
        if not standing and not is_explained(res):
            standing = no_comparison_sentence(res)
        standing = shown(standing).rstrip(".")      # in the report's language, then cut
        if standing:
            # Translators: a line of the conclusion; {sentence} says how the raters compare
            # (made elsewhere), {flags} the flagged raters' sentence or nothing.
            return _("Raters: {sentence} ({analysis}).{flags}").format(
                sentence=standing[0].lower() + standing[1:], analysis=part.short, flags=flags)
        if flags:
            # Translators: a line of the conclusion; {analysis} is an analysis's short name
            # ("Analysis 1"), {flags} the flagged raters' sentence (it starts with a space).
            return _("Raters ({analysis}):{flags}").format(analysis=part.short, flags=flags)
    return ""


def findings(ctx: ReportContext) -> str:
    """What an explained or pooled fit found (its groups, its attribute effects, its
    population): the sentences the app's summary and Explain tab lead with, from the one
    findings object (:attr:`~tapdesk.engine.story.findings.Findings.explanations`)."""
    for part in _model_parts(ctx):
        said = findings_for(part.result, part.table).explanations
        if said:
            # Translators: {analysis} is the analysis's short name, {sentences} what it found.
            return _("Findings ({analysis}): {sentences}").format(analysis=part.short,
                                                                 sentences=" ".join(shown(s) for s in said))
    return ""


def paradox(ctx: ReportContext) -> str:
    for part in ctx.parts:
        if part.coef_home is not None:
            continue
        found = kappa_paradox_values(part.coef_values)
        if found is not None:
            # Translators: a line of the conclusion; {percent} is a percent, {analysis} the
            # analysis's short name; 'Warnings' is the report's section of that name.
            return _("Kappa paradox: it applies; raters agree on {percent} of pairs of ratings, yet "
                     "Fleiss' kappa is low ({analysis}; see 'Warnings').").format(
                percent=percent(found[0]), analysis=part.short)
    codes = {n.code for n in ctx.notices}
    if codes & {"kappa-paradox", "rare-class"}:
        return _("Kappa paradox: it applies (see 'Warnings').")
    for part in ctx.parts:
        values = part.coef_values
        if part.coef_home is None and "Percent agreement" in values and "Fleiss' kappa" in values:
            # Translators: as above.
            return _("Kappa paradox: it does not apply; raters agree on {percent} of pairs of "
                     "ratings, not so many that chance agreement alone holds kappa down "
                     "({analysis}).").format(percent=percent(values["Percent agreement"]),
                                             analysis=part.short)
    return ""


def coefficient_reading(ctx: ReportContext) -> str:
    for part in ctx.parts:
        kappa = part.coef_values.get("Fleiss' kappa")
        if kappa is None or part.coef_home is not None:
            continue
        band = band_words(landis_koch("Fleiss' kappa", kappa))
        # Translators: a line of the conclusion; {kappa} is a number, {band} a Landis & Koch
        # band ("moderate"), {analysis} the analysis's short name.
        text = (_("Classical coefficients on the Class 1 / Class 0 split: Fleiss' kappa = {kappa}, "
                  "{band} on the Landis & Koch scale ({analysis}). Such labels are conventions, "
                  "not findings.") if part.coef_scope == "split" else
                # Translators: as above.
                _("Classical coefficients on all categories: Fleiss' kappa = {kappa}, {band} on "
                  "the Landis & Koch scale ({analysis}). Such labels are conventions, not findings."))
        return text.format(kappa=fmt(kappa), band=quoted(band), analysis=part.short)
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
            words = WIDTH_WORDS["narrow" if width < NARROW else "wide" if width > WIDE else "moderate"]
            # Translators: a line of the conclusion; {interval_name} is "95% interval", {name}
            # an estimate's symbol ("a"), {width} "narrow", "moderate" or "wide", {low} and
            # {high} numbers, {subjects} and {ratings} counts, {analysis} the analysis's name.
            sentences.append(_("How sure: the {interval_name} for {name} is {width} (from {low} to "
                               "{high}), from {subjects} subjects and {ratings} ratings "
                               "({analysis}).").format(
                interval_name=interval_name(res), name=est.name, width=pgettext("interval", words),
                low=fmt(est.ci[0]), high=fmt(est.ci[1]), subjects=_count(res.n_subjects),
                ratings=_count(res.n_ratings), analysis=part.short))
    n = len(ctx.notices)
    if n:
        # Translators: {n} is how many warnings; 'Warnings' is the report's section of that name.
        sentences.append(ngettext("{n} warning applies to these results; each is explained under "
                                  "'Warnings'.", "{n} warnings apply to these results; each is "
                                  "explained under 'Warnings'.", n).format(n=_count(n)))
    else:
        sentences.append(_("None of the analyses raised a warning."))
    return " ".join(sentences)


WIDTH_WORDS = {"narrow": NC_("interval", "narrow"), "moderate": NC_("interval", "moderate"),
               "wide": NC_("interval", "wide")}


def _count(n: int) -> str:
    """A count as the English report always wrote it ("1200"), grouped in another language."""
    return str(n) if is_source() else integer(n)


CONCLUSION: tuple[Callable[[ReportContext], str], ...] = (
    not_trustworthy, accuracy, findings, told_apart, stand_out, paradox, coefficient_reading, how_sure)


def conclusion(ctx: ReportContext) -> list[str]:
    """The conclusion's sentences, in the order a committee asks the questions."""
    return [line for line in (make(ctx) for make in CONCLUSION) if line]


# -------------------------------------------------------------- key numbers
PLAIN_NAMES = {"a": N_("Accuracy a"), "t": N_("Share truly in Class 1 (t)"),
               "p": N_("Guess rate for Class 1 (p)"),
               "q1": N_("Class 1 rating if truly Class 1 (q1)"),
               "q0": N_("Class 1 rating if truly Class 0 (q0)")}
MAX_KEY_NUMBERS = 6


def _card(part: Part, est: Estimate) -> KeyNumber:
    res = part.result
    label = _(PLAIN_NAMES[est.name]) if est.name in PLAIN_NAMES else est.name
    if res.class_choice is None and est.name == "t":
        label = "t"
    interval = _interval_words(interval_name(res), interval_text(est.ci)) if est.ci else ""
    return KeyNumber(label, fmt(est.value), interval, labelled(part.short, shown(est.meaning)))


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
        for name in ("Percent agreement", "Fleiss' kappa"):
            label = _coef_label(name, part.coef_scope == "split")
            value = part.coef_values.get(name)
            if value is None or label in shown or len(items) >= MAX_KEY_NUMBERS:
                continue
            shown.add(label)
            # Translators: under a headline number; {analysis} is the analysis's short name.
            items.append(KeyNumber(label, fmt(value), _coef_interval(part, name),
                                   # Translators: under a headline number; {analysis} is the
                                   # analysis's short name.
                                   _("{analysis}: classical coefficient").format(analysis=part.short)))
    return KeyNumbers(tuple(items))


def _coef_label(name: str, split: bool) -> str:
    """"Fleiss' kappa (all categories)": a headline coefficient's label."""
    if split:
        # Translators: a headline number's label; {name} is a coefficient's name ("Fleiss' kappa").
        return _("{name} (Class 1 / Class 0 split)").format(name=_coefficient(name))
    # Translators: as above.
    return _("{name} (all categories)").format(name=_coefficient(name))


def _coefficient(name: str) -> str:
    """A coefficient's name (the engine's, marked where it is defined) in the reader's words."""
    return _(name)


def _interval_words(name: str, interval: str) -> str:
    # Translators: a headline number's interval; {interval_name} is "95% interval", {interval}
    # its two ends ("0,41 bis 0,62").
    return _("{interval_name} {interval}").format(interval_name=name, interval=interval)


def _coef_interval(part: Part, name: str) -> str:
    source = part.coefficients
    if source is None and is_coefficients(part.result):
        est = next((e for e in part.result.params if e.name == name), None)
        return (_interval_words(shown(engine_interval_name("mle", part.result.level)),
                                interval_text(est.ci)) if est is not None and est.ci else "")
    if source is None:
        return ""
    row = next((r for r in source.rows if r[0] == _(name)), None)   # the table's words
    if row is None or row[3] is None or row[4] is None:
        return ""
    return _interval_words(shown(engine_interval_name("mle", part.result.level)),
                           interval_text((row[3], row[4])))
