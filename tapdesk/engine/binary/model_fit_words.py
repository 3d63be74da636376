"""``tapdesk modelfit`` in plain words: what the tests say first, the statistics after.

The reader first sees sentences ("the data fit the expert model much better
than no agreement (p < 0.001)"); the likelihood-ratio statistics, their
reference distributions and the G^2 values follow in a details section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapdesk.engine.intervals import significance
from tapdesk.engine.results import fmt
from tapdesk.engine.words import level_percent, p_words

if TYPE_CHECKING:
    from tapdesk.engine.binary.model_fit import LikelihoodRatioTest, ModelFitResult

TITLES = {"independent": "a = 0 (no agreement)", "expert": "expert (t = p)", "tap": "t-a-p"}
"""The three nested models as the tables name them."""
PLAIN = {"independent": "no agreement", "expert": "the expert-rater model", "tap": "t-a-p"}
"""The three nested models in words."""
SHORT = {"independent": "no agreement", "expert": "expert raters", "tap": "t-a-p"}


def test_sentence(test: LikelihoodRatioTest, level: float = 0.95) -> str:
    """One likelihood-ratio test as a sentence a committee can read (a difference at p < 1 - level)."""
    null, alt = PLAIN[test.null], PLAIN[test.alternative]
    p = test.p_value
    if p is not None and p < significance(level):
        degree = "much better" if p < 0.001 else "better"
        return f"The data fit {alt} {degree} than {null} ({p_words(p)})."
    return (f"Compared with {null}, {alt} fits no better ({p_words(p)}): the simpler model is "
            "enough.")


def fit_sentence(result: ModelFitResult) -> str:
    """Does t-a-p reproduce the observed counts? From the bootstrap goodness-of-fit p-value."""
    gof = result.gof("tap")
    if gof.p_value is None:
        return ("No goodness-of-fit p-value was computed (no bootstrap resamples); the table "
                "below still compares observed and expected counts.")
    if gof.p_value >= significance(result.level):
        return (f"The counts of Class-1 ratings look like what t-a-p expects "
                f"(goodness of fit {p_words(gof.p_value)}).")
    return (f"The counts of Class-1 ratings differ from what t-a-p expects "
            f"(goodness of fit {p_words(gof.p_value)}): the model misses something in these data.")


def model_fit_text(result: ModelFitResult) -> str:
    """The whole plain-text report of ``tapdesk modelfit``."""
    lines = ["How well do the models fit?", "===========================", ""]
    if result.class_choice is not None:
        lines.append(result.class_choice.describe())
    lines.append(f"Subjects: {result.n_subjects:g}; ratings: {result.n_ratings:g}")
    lines += ["", *(test_sentence(t, result.level) for t in result.tests), fit_sentence(result),
              f"(Tests at the {level_percent(result.level)} level: a difference is claimed when "
              f"p < {1 - result.level:.3g}.)", ""]
    lines.append(f"{'model':<22} {'t':>6} {'a':>6} {'p':>6} {'misfit G2':>10} {'fit p':>7}")
    for f in result.fits:
        g = result.gof(f.model)
        lines.append(f"{TITLES[f.model]:<22} {fmt(f.t):>6} {fmt(f.a):>6} {fmt(f.p):>6} "
                     f"{g.g2:>10.2f} {fmt(g.p_value):>7}")
    counts = result._counts_table()
    header = ("raters", "Class-1 ratings", "observed",
              *(f"expected if {SHORT[f.model]}" for f in result.fits))
    widths = [max(len(h), 8) for h in header]
    lines += ["", counts.title + ":", "  " + "  ".join(f"{c:>{w}}" for c, w in zip(header, widths))]
    for row in counts.rows:
        lines.append("  " + "  ".join(f"{v:>{w}.2f}" if i > 2 else f"{v:>{w}g}"
                                      for i, (v, w) in enumerate(zip(row, widths))))
    if result.warnings:
        lines += ["", "Warnings:"] + [f"  - {w.message}" for w in result.warnings]
    lines += ["", "Details (precise terms; see the glossary)", "-" * 41]
    for f in result.fits:
        lines.append(f"Log-likelihood of {TITLES[f.model]}: {fmt(f.log_likelihood)}")
    for t in result.tests:
        lines.append(f"Likelihood-ratio test {TITLES[t.null]} vs {TITLES[t.alternative]}: "
                     f"LR = {t.statistic:.2f}, df = {t.df}, p = {t.p_value:.3g} ({t.reference})")
    info = result.information
    lines.append(f"Bits per rating under t-a-p: observed {info.observed:.4f}, expected "
                 f"{info.expected_for_design:.4f} for these numbers of raters, "
                 f"{info.expected_alone:.4f} for a rating on its own.")
    lines.append("G2 (misfit): likelihood-ratio statistic against the saturated model of each "
                 f"number-of-raters group; p-values from {result.n_bootstrap} parametric-bootstrap "
                 f"resamples (seed {result.seed}).")
    return "\n".join(lines)
