"""``tapdesk modelfit`` in plain words: what the tests say first, the statistics after.

The reader first sees sentences ("the data fit the expert model much better
than no agreement (p < 0.001)"); the likelihood-ratio statistics, their
reference distributions and the G^2 values follow in a details section. Written in the
command line's language when printed (issue 54): the models' names stay English in the
result's tables and JSON (:data:`TITLES`), translated where a person reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapdesk.engine.intervals import significance
from tapdesk.engine.results import fmt
from tapdesk.engine.words import level_percent, p_words
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown

if TYPE_CHECKING:
    from tapdesk.engine.binary.model_fit import LikelihoodRatioTest, ModelFitResult

# Translators: the three nested models as the model-fit tables name them.
TITLES = {"independent": N_("a = 0 (no agreement)"), "expert": N_("expert (t = p)"),
          "tap": "t-a-p"}
"""The three nested models as the tables name them (English: the result's keys)."""
# Translators: the three nested models in a sentence ("The data fit {alt} better than {null}").
PLAIN = {"independent": N_("no agreement"), "expert": N_("the expert-rater model"), "tap": "t-a-p"}
"""The three nested models in words."""
# Translators: the three nested models after "expected if" in a column's head.
SHORT = {"independent": N_("no agreement"), "expert": N_("expert raters"), "tap": "t-a-p"}


def test_sentence(test: LikelihoodRatioTest, level: float = 0.95) -> str:
    """One likelihood-ratio test as a sentence a committee can read (a difference at p < 1 - level)."""
    args = {"null": _(PLAIN[test.null]), "alt": _(PLAIN[test.alternative]),
            "p": shown(p_words(test.p_value))}
    p = test.p_value
    if p is not None and p < significance(level) and p < 0.001:
        # Translators: {alt} and {null} are two models ("the expert-rater model", "no
        # agreement"), {p} a p value ("p < 0.001").
        return _("The data fit {alt} much better than {null} ({p}).").format(**args)
    if p is not None and p < significance(level):
        # Translators: as "The data fit {alt} much better than {null} ({p}).".
        return _("The data fit {alt} better than {null} ({p}).").format(**args)
    # Translators: {null} and {alt} are two models ("no agreement", "the expert-rater model"),
    # {p} a p value ("p = 0.27").
    return _("Compared with {null}, {alt} fits no better ({p}): the simpler model is "
             "enough.").format(**args)


def fit_sentence(result: ModelFitResult) -> str:
    """Does t-a-p reproduce the observed counts? From the bootstrap goodness-of-fit p-value."""
    gof = result.gof("tap")
    if gof.p_value is None:
        return _("No goodness-of-fit p-value was computed (no bootstrap resamples); the table "
                 "below still compares observed and expected counts.")
    p = shown(p_words(gof.p_value))
    if gof.p_value >= significance(result.level):
        # Translators: {p} is a p value ("p = 0.27").
        return _("The counts of Class-1 ratings look like what t-a-p expects (goodness of fit "
                 "{p}).").format(p=p)
    # Translators: {p} is a p value ("p = 0.004").
    return _("The counts of Class-1 ratings differ from what t-a-p expects (goodness of fit {p}): "
             "the model misses something in these data.").format(p=p)


def _count(n: float) -> str:
    return f"{n:g}" if is_source() else formats.integer(int(n))


def model_fit_text(result: ModelFitResult) -> str:
    """The whole plain-text report of ``tapdesk modelfit``."""
    heading = _("How well do the models fit?")
    lines = [heading, "=" * len(heading), ""]
    if result.class_choice is not None:
        lines.append(result.class_choice.shown())
    # Translators: {subjects} and {ratings} are counts.
    lines.append(_("Subjects: {subjects}; ratings: {ratings}").format(
        subjects=_count(result.n_subjects), ratings=_count(result.n_ratings)))
    # Translators: {level} is the tests' level ("95%"), {alpha} the p value below which a
    # difference is claimed ("0.05").
    tested = _("(Tests at the {level} level: a difference is claimed when p < {alpha}.)").format(
        level=level_percent(result.level), alpha=_number(1 - result.level, ".3g"))
    lines += ["", *(test_sentence(t, result.level) for t in result.tests), fit_sentence(result),
              tested, ""]
    # Translators: the heads of the model-fit table's columns (model, misfit, its p value).
    model, misfit, fit_p = _("model"), _("misfit G2"), _("fit p")
    lines.append(f"{model:<22} {'t':>6} {'a':>6} {'p':>6} {misfit:>10} {fit_p:>7}")
    for f in result.fits:
        g = result.gof(f.model)
        lines.append(f"{_(TITLES[f.model]):<22} {fmt(f.t):>6} {fmt(f.a):>6} {fmt(f.p):>6} "
                     f"{fmt(g.g2, 2):>10} {fmt(g.p_value):>7}")
    counts = result._counts_table()
    # Translators: a column's head: subjects a model expects; {model} is a model ("no
    # agreement", "expert raters", "t-a-p").
    expected = [_("expected if {model}").format(model=_(SHORT[f.model])) for f in result.fits]
    # Translators: the heads of the counts table's first columns.
    header = (_("raters"), _("Class-1 ratings"), _("observed"), *expected)
    widths = [max(len(h), 8) for h in header]
    lines += ["", formats.labelled(_(counts.title), "").rstrip(),
              "  " + "  ".join(f"{c:>{w}}" for c, w in zip(header, widths))]
    for row in counts.rows:
        lines.append("  " + "  ".join(f"{fmt(v, 2):>{w}}" if i > 2 else f"{_count(v):>{w}}"
                                      for i, (v, w) in enumerate(zip(row, widths))))
    if result.warnings:
        lines += ["", _("Warnings:")] + [f"  - {w.message}" for w in result.warnings]
    details = _("Details (precise terms; see the glossary)")
    lines += ["", details, "-" * len(details)]
    for f in result.fits:
        # Translators: {model} is a model ("expert (t = p)"), {value} its log-likelihood.
        lines.append(_("Log-likelihood of {model}: {value}").format(
            model=_(TITLES[f.model]), value=fmt(f.log_likelihood)))
    for t in result.tests:
        # Translators: {null} and {alt} are models ("a = 0 (no agreement)"); keep LR, df and p;
        # {reference} names the test's reference distribution.
        lines.append(_("Likelihood-ratio test {null} vs {alt}: LR = {lr}, df = {df}, p = {p} "
                       "({reference})").format(
            null=_(TITLES[t.null]), alt=_(TITLES[t.alternative]), lr=fmt(t.statistic, 2),
            df=t.df, p=_number(t.p_value, ".3g"), reference=_(t.reference)))
    info = result.information
    # Translators: {observed}, {design} and {alone} are numbers of bits ("0.6123").
    lines.append(_("Bits per rating under t-a-p: observed {observed}, expected {design} for "
                   "these numbers of raters, {alone} for a rating on its own.").format(
        observed=fmt(info.observed, 4), design=fmt(info.expected_for_design, 4),
        alone=fmt(info.expected_alone, 4)))
    # Translators: {n} is a number of bootstrap resamples, {seed} the random seed.
    lines.append(_("G2 (misfit): likelihood-ratio statistic against the saturated model of each "
                   "number-of-raters group; p-values from {n} parametric-bootstrap resamples "
                   "(seed {seed}).").format(n=result.n_bootstrap, seed=result.seed))
    return "\n".join(lines)


def _number(value: float | None, spec: str) -> str:
    """A number in a general format ("0.05", "3.2e-05") with the language's decimal mark."""
    if value is None:
        return "-"
    text = format(value, spec)
    return text if is_source() else text.replace(".", formats.decimal(0.5, 1)[1])
