"""Every technical term TapDesk still shows, in plain words (Qt-free).

The app's Help > Glossary, the report's glossary appendix and the tests
all read :data:`GLOSSARY`. A term stays in TapDesk's outputs only where a
statistician looks for it (details sections, ``--json``, appendices); this
module is where a reader who meets it finds what it means.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapdesk.engine.words import ACCURACY_BELOW_0, ACCURACY_SCALE
from tapdesk.i18n import N_, _

if TYPE_CHECKING:
    from tapdesk.report.document import Block, Section


@dataclass(frozen=True)
class Term:
    """One glossary entry: the term as TapDesk writes it, other spellings, the meaning (kept in
    English, marked for the catalog where written; :meth:`shown_term` and :meth:`shown_meaning`
    in the current language)."""

    term: str
    meaning: str
    also: tuple[str, ...] = ()
    """Other spellings a reader may meet (matched case-insensitively by :func:`lookup`)."""
    group: str = "Statistics"

    def shown_term(self) -> str:
        return _(self.term)

    def shown_meaning(self) -> str:
        return _(self.meaning)


def _t(term: str, meaning: str, *also: str, group: str = "Statistics") -> Term:
    return Term(term, meaning, tuple(also), group)


# Translators: the glossary's groups of terms (its tables' titles).
MODEL = N_("The t-a-p model")
RESULTS = N_("Reading the results")
COEF = N_("Classical agreement coefficients")
BAYES = N_("Bayesian results")

GLOSSARY: tuple[Term, ...] = (
    # ------------------------------------------------------------- the model
    _t("t", N_("The share of subjects that truly belong to Class 1, whatever the raters said."),
       "true class rate", group=MODEL),
    _t("a", N_("Accuracy: the probability that a rating is made with knowledge of the subject's "
       "true class rather than guessed."), "accuracy", group=MODEL),
    _t("accuracy below 0", f"{ACCURACY_BELOW_0[0].upper()}{ACCURACY_BELOW_0[1:]}. "
       f"{ACCURACY_SCALE}", "negative accuracy", group=MODEL),
    _t("p", N_("The guess rate: when a rater guesses, the probability the guess is Class 1."),
       "guess rate", group=MODEL),
    _t("t_k", N_("In a model of several categories: the share of subjects whose true category is "
       "this one, whatever the raters said."), group=MODEL),
    _t("p_k", N_("In a model of several categories: when a rater guesses, the probability the "
       "guess is this category."), group=MODEL),
    _t(N_("Class 1 / Class 0"), N_("The two classes the two-class models work with. You choose which "
       "categories form Class 1 (for example 'no medal'); all others form Class 0."),
       "Class 1", "Class 0", group=MODEL),
    _t(N_("cut point"), N_("For an ordered scale: Class 1 = every category at or below the cut "
       "('no medal | bronze' puts 'no medal' in Class 1 and the rest in Class 0)."), "cut",
       group=MODEL),
    _t(N_("code and value label"), N_("A category's code is what the file holds (4); its value label "
       "is its name (gold). TapDesk accepts either and shows 'gold (4)' where both help."),
       "value label", "code", "--labels", group=MODEL),
    _t("a0, a1", N_("Accuracy on subjects truly in Class 0 (a0) and truly in Class 1 (a1), when "
       "accuracy depends on the true class."), "a0", "a1", "a0a1", group=MODEL),
    _t("p0, p1", N_("Guess rate on subjects truly in Class 0 (p0) and truly in Class 1 (p1), when "
       "guessing depends on the true class."), "p0", "p1", "p0p1", group=MODEL),
    _t(N_("q1 (sensitivity)"), N_("How often a subject truly in Class 1 is rated Class 1."),
       "q1", "sensitivity", group=MODEL),
    _t(N_("q0 (false-positive rate)"), N_("How often a subject truly in Class 0 is rated Class 1."),
       "q0", "false-positive rate", "false_positive_rate", group=MODEL),
    _t(N_("t-a-p variants"), N_("Model codes: tap (one accuracy and guess rate), tap-a0a1 (accuracy "
       "depends on the true class), tap-p0p1 (guessing depends on the true class), "
       "tap-a0a1-p0p1 (both). Older texts write them t-a0a1-p, t-a-p0p1, t-a0a1-p0p1."),
       "t-a0a1-p", "t-a-p0p1", "t-a0a1-p0p1", "tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1",
       group=MODEL),
    _t(N_("not identified (ridge)"), N_("The data cannot tell some parameters apart: many different "
       "values fit exactly equally well (a 'ridge'), so TapDesk gives their possible range "
       "instead of one value."), "not identified", "ridge", "identified", group=MODEL),
    _t(N_("expert raters (t = p)"), N_("The model in which raters guess Class 1 at the true rate. Its "
       "older name is P-a-P. Then Fleiss' kappa equals a squared."), "expert", "P-a-P",
       "expert model", group=MODEL),
    _t(N_("per-rater model"), N_("Each rater has their own accuracy and guess rate (older name "
       "t-a_j-p_j)."), "per-rater", "t-a_j-p_j", "a_j", "p_j", group=MODEL),
    _t(N_("K categories"), N_("Models for more than two categories at once; K is the number of "
       "categories on the scale."), "K-category", "categorical", "K", group=MODEL),
    _t("Dawid-Skene", N_("A model in which every rater has a full table of how they rate each "
       "true category; the t-a-p models are simpler special cases of it."), "dawid-skene",
       group=MODEL),
    _t("MACE", N_("A model in which each rater either knows the answer or guesses from their own "
       "spread of categories, with every category taken as equally common (Hovy et al. 2013): "
       "the per-rater t-a-p model with equal shares. theta is how often a rater knows the "
       "answer (the accuracy a), xi their guess rates (p)."), "mace", "theta", "xi", group=MODEL),
    _t(N_("confusion matrix"), N_("For one rater: how often subjects truly in each category (rows) "
       "are rated as each category (columns); each row sums to 1."), "confusion", group=MODEL),
    _t(N_("kappa paradox"), N_("Raters can agree on most subjects simply because one class is rare, so "
       "percent agreement is high while kappa is low; the accuracy a tells the two apart."),
       group=MODEL),
    # ---------------------------------------------------------- the results
    _t(N_("Maximum likelihood"), N_("The estimates that make the observed ratings most probable under "
       "the model (method code mle)."), "mle", "maximum-likelihood", "ML", group=RESULTS),
    _t(N_("95% interval"), N_("The range of values the data support at the 95% level (a confidence "
       "interval). Every interval is at 95% unless another interval level was chosen; "
       "maximum-likelihood, bootstrap, coefficient and "
       "Bayesian intervals always share one level."), "confidence interval", "interval",
       group=RESULTS),
    _t(N_("profile-likelihood interval"), N_("An interval made of every value whose best fit is not "
       "much worse than the best fit overall; it stays honest near the edges of 0 and 1."),
       "profile likelihood", "profile-likelihood", group=RESULTS),
    _t(N_("the rest of the panel"), N_("What a rater is compared with: the other raters' average "
       "accuracy, each weighted by how many ratings they gave (for the guess rate, by how many "
       "of their ratings were guesses). One definition for the Raters tab, the rater check, the "
       "feedback sheets and the report."), "rest of the panel", "panel average", group=RESULTS),
    _t(N_("comparisons judged together"), N_("Every rater's accuracy and guess rate is compared with "
       "the rest of the panel at once. A rater is named as different only when (1) a test of "
       "all raters together shows that raters differ at all (a likelihood-ratio test) and (2) "
       "the rater's own difference still holds after Holm's adjustment for the number of "
       "comparisons. So the chance that any rater is named when none differs stays at 5% for "
       "the whole panel, not 5% per comparison. With many raters (an annotation crowd) the "
       "comparisons are judged against 39 simulated panels in which every rater is alike "
       "instead: a rater is named only where their difference stands out further than the "
       "largest in the same direction (above or below the rest of the panel) in each of them, "
       "each direction holding half of the 5%. A Bayesian fit names a rater only where a "
       "simultaneous credible band (all differences inside their intervals at once with 95% "
       "probability) leaves out 0."), "family-wise", "Holm", "allowing for comparisons",
       "panel-wide", group=RESULTS),
    _t(N_("these data cannot tell"), N_("Said instead of a number when its interval spans most of the "
       "possible range (80% or more of 0 to 1): any value in it fits the ratings about equally "
       "well, so a single number would mislead. The reason follows, for example the kappa "
       "paradox: when almost every rating is the same, a rarer class with more accurate raters "
       "fits as well as a commoner class with less accurate ones."), "cannot tell",
       "cannot be estimated", group=RESULTS),
    _t(N_("Wald interval on the logit scale"), N_("An interval from the standard error, computed on "
       "the log-odds scale and mapped back, so it stays between 0 and 1."), "logit-Wald",
       "Wald", "logit", group=RESULTS),
    _t(N_("observed information"), N_("How sharply the likelihood falls away from its best value; "
       "standard errors come from it."), "Hessian", "information matrix", group=RESULTS),
    _t(N_("standard error (SE)"), N_("How much an estimate would vary from sample to sample; roughly, "
       "the estimate give or take two standard errors."), "SE", "standard error", group=RESULTS),
    _t(N_("delta method"), N_("A way to get the standard error of a number computed from other "
       "estimates."), group=RESULTS),
    _t(N_("bootstrap"), N_("Re-analysing many resampled copies of the data (subjects drawn with "
       "replacement) to see how much the results vary."), "nonparametric bootstrap",
       "resamples", group=RESULTS),
    _t(N_("parametric bootstrap"), N_("Simulating many data sets from the fitted model and analysing "
       "each, to see what the statistics look like when the model is right."), group=RESULTS),
    _t(N_("log-likelihood"), N_("How probable the ratings are under the fitted model, on a log scale; "
       "higher (closer to 0) is better. Used to compare models."), "log-lik",
       "log_likelihood", group=RESULTS),
    _t("nats", N_("The unit of a natural-log likelihood."), "nat", group=RESULTS),
    _t(N_("bits per rating"), N_("The log-likelihood per rating in base 2: 0 means fully predictable "
       "ratings, 1 means coin flips (two classes)."), "bits", group=RESULTS),
    _t(N_("krits per rating"), N_("The log-likelihood per rating in base K (the number of "
       "categories): 0 means fully predictable ratings, 1 means uniform random noise."),
       "krit", "krits", group=RESULTS),
    _t(N_("p-value"), N_("How surprising the data would be if the simpler explanation were true; "
       "below 0.05 usually counts as evidence against it. TapDesk writes p < 0.001 for very "
       "small values."), "p < 0.001", group=RESULTS),
    _t(N_("likelihood-ratio test (LR)"), N_("Compares a simpler model with a richer one that contains "
       "it: does the richer model fit the ratings clearly better?"), "LR",
       "likelihood-ratio", "LR test", "LR statistic", group=RESULTS),
    _t(N_("G2 (misfit)"), N_("A likelihood-ratio measure of how far the observed counts are from "
       "what a model expects; 0 is a perfect fit."), "G^2", "G2", "G-squared", group=RESULTS),
    _t(N_("saturated model"), N_("A model that reproduces the observed counts exactly; misfit is "
       "measured against it."), group=RESULTS),
    _t(N_("chi-square"), N_("The reference distribution for many test statistics; 'chi-square(1)' "
       "has one degree of freedom."), "chi-square(1)", "chi2", group=RESULTS),
    _t(N_("50:50 mixture of chi-square distributions"), N_("The right reference for a test whose "
       "simpler model sits on the edge of the range (such as a = 0): half the time the "
       "statistic is 0, half the time it follows a chi-square."),
       "mixture of chi-square", "chi-square(0)", group=RESULTS),
    _t(N_("degrees of freedom (df)"), N_("How many more free parameters the richer model has."), "df",
       group=RESULTS),
    _t("AIC", N_("Akaike's information criterion: fit penalised by the number of parameters; "
       "lower is better."), group=RESULTS),
    _t("BIC", N_("Bayesian information criterion: like AIC with a larger penalty that grows with "
       "the number of subjects; lower is better. When it disagrees with a likelihood-ratio "
       "test, TapDesk says which to follow and why."), group=RESULTS),
    _t(N_("EM algorithm"), N_("The step-by-step search TapDesk uses to find the best fit of the "
       "models with hidden true classes."), "EM", "iterations", group=RESULTS),
    _t(N_("starts"), N_("How many different starting points the search for the best fit tries; the "
       "best result is kept."), "optimisation starts", group=RESULTS),
    _t(N_("seed"), N_("The number that fixes the random choices (bootstrap, starts, sampling), so the "
       "same command gives the same numbers."), "random seed", group=RESULTS),
    _t(N_("on the edge (boundary)"), N_("An estimate at 0 or 1, the end of its possible range; its "
       "standard error means little there, so TapDesk uses other intervals."), "boundary",
       "edge", group=RESULTS),
    _t(N_("reference answer"), N_("A consensus, gold-standard, adjudicated or expert-panel answer "
       "kept beside the ratings and not counted as a rater. 'Against the reference answer' "
       "shows how often each rater, every rating and the majority vote give it (with Wilson's "
       "interval), Cohen's kappa against it and, on two classes, sensitivity and specificity "
       "against it. It is not the truth: its own errors count against the raters, and a "
       "consensus of the same raters agrees with them by construction."), "reference",
       "gold standard", "consensus", "validity check", "Against the reference answer",
       group=RESULTS),
    _t(N_("specificity"), N_("How often a subject in Class 0 is rated Class 0: against the reference "
       "answer, the share of ratings of subjects the reference puts in Class 0 that are Class "
       "0 (sensitivity is the same for Class 1)."), group=RESULTS),
    _t(N_("Wilson interval"), N_("An interval for a share (x of n) that stays between 0% and 100% and "
       "holds its level even for small n or shares near 0% or 100% (Wilson 1927)."), "Wilson",
       group=RESULTS),
    # ---------------------------------------------------------------- Bayes
    _t(N_("Bayesian (exact)"), N_("The posterior computed by numerical integration (Gauss rules, "
       "checked against a finer rule), with no sampling error (method code exact)."), "exact", group=BAYES),
    _t(N_("Bayesian (simulation)"), N_("The posterior approximated by drawing many samples (Markov "
       "chain Monte Carlo; method code mcmc)."), "mcmc", "MCMC", "Markov chain Monte Carlo",
       "Gibbs", group=BAYES),
    _t(N_("prior"), N_("What is assumed about a parameter before seeing the data, written "
       "Beta(alpha, beta) for a probability. TapDesk's default, Beta(1, 1), is flat: every value "
       "from 0 to 1 equally plausible. Beta(alpha, beta) centres on alpha / (alpha + beta) and "
       "weighs as much as alpha + beta - 2 extra observations (subjects for t, ratings for a, "
       "guesses for p); Dirichlet(alpha, ..., alpha) is the same for a share split over "
       "several categories."), "Beta", "Dirichlet",
       "priors", group=BAYES),
    _t(N_("posterior"), N_("What is known about a parameter after combining the prior with the data."),
       group=BAYES),
    _t(N_("95% credible interval"), N_("Given the data and the prior, the true value lies in this "
       "range with 95% probability (or the level chosen). TapDesk uses the narrowest such range, "
       "the highest-density interval (HDI); when the most probable values form two separate "
       "pieces, the summary names the pieces and calls the single range the shortest interval."),
       "credible interval", "HDI", "HDI90", "highest-density interval", "hdi",
       "highest-density region", group=BAYES),
    _t("R-hat", N_("Compares the sampler's chains; values near 1.00 (below 1.01) mean they agree."),
       "Rhat", "chain disagreement", group=BAYES),
    _t(N_("effective sample size (ESS)"), N_("How many independent draws the correlated samples are "
       "worth; a few hundred or more is enough for the summaries shown."), "ESS", "ESS bulk",
       "ESS tail", "independent draws", group=BAYES),
    _t(N_("multimodal"), N_("The posterior has more than one peak: several quite different values "
       "fit the data."), "modes", group=BAYES),
    _t(N_("warm-up"), N_("The first sampler iterations, used to tune the sampler and then "
       "discarded."), "warmup", group=BAYES),
    # ---------------------------------------------------------- coefficients
    _t(N_("percent agreement"), N_("How often two ratings of the same subject agree."), group=COEF),
    _t("Fleiss' kappa", N_("Agreement beyond what chance would give, with chance computed from "
       "the overall category shares; 0 = chance level, 1 = perfect."), "kappa",
       "fleiss_kappa", group=COEF),
    _t(N_("sqrt(kappa)"), N_("The square root of Fleiss' kappa: a simple estimate of accuracy a that "
       "is right when raters guess at the true rate."), "sqrt_kappa", "sqrt(k)", group=COEF),
    _t("Cohen's kappa", N_("Kappa for exactly two raters, with chance from each rater's own "
       "category shares."), group=COEF),
    _t("Conger's kappa", N_("Cohen's kappa extended to more than two raters."), group=COEF),
    _t("Scott's pi", N_("Kappa for two ratings per subject, with chance from the shared category "
       "shares."), group=COEF),
    _t(N_("Gwet's AC1 / AC2"), N_("Agreement beyond chance with a chance term that stays small when "
       "one category dominates; AC2 is the weighted version."), "AC1", "AC2", group=COEF),
    _t(N_("Brennan-Prediger"), N_("Agreement beyond chance when every category is equally likely by "
       "chance."), group=COEF),
    _t("PABAK", N_("Prevalence- and bias-adjusted kappa (Byrt, Bishop and Carlin 1993): agreement "
       "corrected as if both classes were equally common and raters had no bias. For two "
       "classes it is 2 x percent agreement - 1, so it is the same number as Brennan-Prediger; "
       "0 = chance level, 1 = perfect. Unequal classes pull kappa below PABAK; rater bias "
       "pushes kappa up a little."), "pabak", "PABAK (prevalence- and bias-adjusted kappa)",
       "prevalence- and bias-adjusted kappa", group=COEF),
    _t(N_("prevalence index"), N_("How unequal the two classes are: how often both ratings of a "
       "subject say Class 1 minus how often both say Class 0 (for two raters (a - d) / n, Byrt "
       "et al. 1993; for more, averaged over the pairs of ratings of each subject). Near 0 the "
       "classes are about equally common; near +1 or \u22121 one class dominates."),
       "prevalence_index", group=COEF),
    _t(N_("bias index"), N_("How much the raters differ in how often they say Class 1. For two raters "
       "the first rater's share of Class 1 minus the second's ((b - c) / n, Byrt et al. 1993), "
       "with an interval; 0 = no bias. For more raters the average gap between two raters' "
       "shares, over every pair of raters. That gap is never below 0, so it has no interval; "
       "a test of equal rates (Cochran's Q, with the p value from reshuffling each subject's "
       "ratings among its raters) says whether the raters differ or are not shown to differ."),
       "bias_index", group=COEF),
    _t(N_("Krippendorff's alpha"), N_("Agreement beyond chance from the disagreements between "
       "ratings; works with missing ratings and nominal, ordinal, interval or ratio scales."),
       "alpha", group=COEF),
    _t(N_("weights (linear, quadratic)"), N_("For ordered scales: near misses count as partial "
       "agreement (linear: in proportion to the distance; quadratic: to its square)."),
       "weighted", "linear", "quadratic", group=COEF),
    _t(N_("ordinal / nominal"), N_("Ordinal categories have a natural order (grades, medals); nominal "
       "ones do not (colours, diagnoses)."), "ordinal", "nominal", group=COEF),
)


def lookup(text: str) -> Term | None:
    """The entry for ``text`` (its term or any other spelling, ignoring case), or None."""
    key = text.strip().casefold()
    for entry in GLOSSARY:
        if key == entry.term.casefold() or key in (a.casefold() for a in entry.also):
            return entry
    return None


def groups() -> tuple[str, ...]:
    """The glossary's groups in reading order."""
    return tuple(dict.fromkeys(t.group for t in GLOSSARY))


def glossary_text() -> str:
    """The whole glossary as plain text, grouped."""
    lines: list[str] = []
    for group in groups():
        lines += [group, "-" * len(group)]
        lines += [f"{t.term}: {t.meaning}" for t in GLOSSARY if t.group == group]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# Translators: the glossary appendix's first line; Help > Glossary names the app's menu entry.
GLOSSARY_LEAD = N_("The terms this report uses, in plain words (Help > Glossary in the app lists "
                 "every term TapDesk uses).")
"""The glossary's first line: the report prints the terms its own text uses."""

SYMBOL_AFTER = r"(?=\s?[=<>\u2264\u2265]| \||$)"
"""What follows a one-letter spelling ("a", "t", "K") where it stands for a quantity: a
comparison ("a = 0.79") or the end of a table cell (cells are joined by " | ")."""


def _spelling_pattern(spelling: str) -> str:
    """Where ``spelling`` stands as a term in text: a one-letter one only as a symbol (the
    article "a" is not the accuracy a), an acronym ("SE", "AIC") with its capitals, any
    other as a whole word in any case."""
    word = re.escape(spelling)
    if len(spelling) == 1:
        return rf"(?<![\w\-'.])(?-i:{word}){SYMBOL_AFTER}"
    if any(c.isupper() for c in spelling[1:]):
        return rf"(?<![\w\-])(?-i:{word})(?![\w\-])"
    return rf"(?<![\w\-]){word}(?![\w\-])"


def _spellings(term: Term) -> list[str]:
    """The patterns that find ``term`` in text: its spellings, and a method code its meaning
    names ("method code exact") only as that code ("--method exact"), not as the plain word
    ("the exact Hessian")."""
    codes = set(re.findall(r"method code (\w+)", term.meaning))
    shown = term.shown_term()           # the term as a report in another language writes it
    extra = (shown,) if shown != term.term else ()
    return [rf"--method[ =]{re.escape(s)}\b" if s in codes else _spelling_pattern(s)
            for s in (term.term, *term.also, *extra)]


def terms_used(text: str) -> tuple[Term, ...]:
    """The glossary's terms that ``text`` uses, by their term or any other spelling, in the
    glossary's order."""
    return tuple(t for t in GLOSSARY
                 if any(re.search(pattern, text, re.IGNORECASE | re.MULTILINE)
                        for pattern in _spellings(t)))


def glossary_section(used_in: Sequence[Section] | None = None) -> Section:
    """The report's glossary appendix: the terms the sections ``used_in`` use (every term
    when None)."""
    from tapdesk.report.document import Paragraph, Section, Table, section_text
    terms = GLOSSARY if used_in is None else \
        terms_used("\n".join(section_text(s) for s in used_in))
    blocks: list[Block] = [Paragraph(_(GLOSSARY_LEAD) if used_in is not None else
                                     _("Every term TapDesk uses, in plain words."), "small")]
    for group in groups():
        rows = tuple((t.shown_term(), t.shown_meaning()) for t in terms if t.group == group)
        if rows:
            key = "glossary-" + group.lower().replace(" ", "-")
            # Translators: the glossary tables' two columns.
            blocks.append(Table(key, _(group), (N_("term"), N_("meaning")), rows))
    # Translators: the report's last appendix (its heading), and Help > Glossary's title.
    return Section("appendix-glossary", _("Glossary"), tuple(blocks), new_page=True)
