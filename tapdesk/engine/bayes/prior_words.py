"""Priors in plain words, for every screen and the report (the formula stays in the JSON).

A Beta(alpha, beta) prior on a probability counts like alpha - 1 extra
"yes" and beta - 1 extra "no" observations on top of a flat prior: for the
share t the observations are subjects (in Class 1 or not), for an accuracy
they are ratings (accurate or a guess), for a guess rate they are guesses
(Class 1 or not). The glossary keeps the Beta formula
(:mod:`tapdesk.report.glossary`); :attr:`PosteriorSummary.priors` keeps it
for ``--json``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tapdesk.i18n import N_
from tapdesk.i18n.text import Listed, Nn_, Number, Text, plural, text

# Translators: a prior's weight counted in observations: {n} is a number ("2", "1.5").
UNITS = {"t": Nn_("as much weight as {n} extra subject", "as much weight as {n} extra subjects"),
         # Translators: as "as much weight as {n} extra subject(s)", counted in ratings.
         "a": Nn_("as much weight as {n} extra rating", "as much weight as {n} extra ratings"),
         # Translators: as "as much weight as {n} extra subject(s)", counted in guesses.
         "p": Nn_("as much weight as {n} extra guess", "as much weight as {n} extra guesses")}
"""What one observation of a parameter's prior weight is, by the parameter's first letter."""
UNITS["q"] = UNITS["a"]
# Translators: as "as much weight as {n} extra subject(s)", counted in observations.
OBSERVATIONS = Nn_("as much weight as {n} extra observation", "as much weight as {n} extra observations")

# Translators: where a prior leans: toward "the edges", "0 and 1", "0" or "1"; {toward} is one
# of these ("leaning toward 0 and 1").
LEANING = N_("leaning toward {toward}")
TOWARD = {"edges": N_("the edges"), "both": N_("0 and 1")}
# Translators: the priors of a Bayesian fit, inside a sentence; {names} lists the parameters ("t, a
# and p").
FLAT = N_("flat priors: every value of {names} equally likely before the data")
# Translators: the priors of a Bayesian fit, as a sentence; {names} lists the parameters ("t, a and
# p").
FLAT_SENTENCE = N_("Flat priors: every value of {names} equally likely before the data.")
# Translators: the priors of the per-rater model pooled toward the panel, inside a sentence; {priors}
# are the other priors in words ("t: Beta(2, 2) prior ..."), {population} the raters' population
# prior in words.
POOLED = N_("{priors}; {population}")
# Translators: as FLAT with the raters' population prior after it, inside a sentence; {names} lists
# the parameters ("t"), {population} the population prior in words.
POOLED_FLAT = N_("flat priors: every value of {names} equally likely before the data; {population}")
# Translators: as above, as a sentence.
POOLED_FLAT_SENTENCE = N_("Flat priors: every value of {names} equally likely before the data; "
                          "{population}.")


@dataclass(frozen=True)
class PriorTerm:
    """One prior to put in words: ``label`` as shown ("t", "every rater's a"), its
    parameter ``symbol`` (picks the unit) and its Beta (or even Dirichlet) shape."""

    label: str
    symbol: str
    alpha: float
    beta: float
    categories: int = 0
    """Dirichlet(alpha, ..., alpha) over this many categories (0: a Beta prior)."""

    @property
    def flat(self) -> bool:
        return self.alpha == 1 and (self.categories != 0 or self.beta == 1)

    def formula(self) -> str:
        if self.categories:
            return f"Dirichlet({self.alpha:g}, ..., {self.alpha:g})"
        return f"Beta({self.alpha:g}, {self.beta:g})"

    def extra(self) -> float:
        """Observations the prior adds to a flat one (negative: it is weaker than flat)."""
        k = self.categories or 2
        return (self.alpha - 1) * k if self.categories else self.alpha + self.beta - 2

    def words(self) -> Text:
        forms = UNITS.get(self.symbol[:1], OBSERVATIONS)
        centre = Number.general(self.alpha / (self.alpha + self.beta), ".2g")
        extra = self.extra()
        if self.alpha >= 1 and (self.categories or self.beta >= 1):
            weight = plural(forms, 1 if extra == 1 else 2, n=Number.general(extra, ",.4g"))
            # Translators: where a prior's weight lies: {centre} is a number ("0.5").
            where = (text(N_("even across the categories")) if self.categories else
                     # Translators: where a prior's weight lies: {centre} is a number ("0.5").
                     text(N_("centred on {centre}"), centre=centre))
        else:                                    # U- or J-shaped: no centre to speak of
            toward = (text(TOWARD["edges"]) if self.categories else text(TOWARD["both"])
                      if self.alpha < 1 and self.beta < 1 else "0" if self.alpha < 1 else "1")
            weight = text(LEANING, toward=toward)
            # Translators: a U- or J-shaped prior's mean: {centre} is a number ("0.5").
            where = (text(N_("even across the categories")) if self.categories else
                     # Translators: a U- or J-shaped prior's mean: {centre} is a number ("0.5").
                     text(N_("its mean at {centre}"), centre=centre))
        # Translators: one prior: {label} names what it is on ("t", "every rater's a"); {formula}
        # is its formula ("Beta(2, 2)"); {where} "centred on 0.5"; {weight} "as much weight as
        # 2 extra ratings".
        return text(N_("{label}: {formula} prior, {where} ({weight})"), label=self.label,
                    formula=self.formula(), where=where, weight=weight)


def priors_in_words(terms: Iterable[PriorTerm]) -> Text:
    """'flat priors: every value of t, a and p equally likely before the data', or the
    priors that are not flat in words, then the flat ones."""
    terms = list(terms)
    flat = [t.label for t in terms if t.flat]
    shaped = [t.words() for t in terms if not t.flat]
    if not shaped:
        return text(FLAT, names=Listed.joined(flat))
    if not flat:
        return text("{priors}", priors=Listed.of(shaped, "; ", word=""))
    # Translators: {priors} are priors in words, "; " between them; {names} the letters with a
    # flat prior ("t and p"). The singular: one letter has a flat prior.
    flat_forms = Nn_("{priors}; a flat prior on {names} (every value equally likely before the data)",
                     "{priors}; flat priors on {names} (every value equally likely before the data)")
    return plural(flat_forms, len(flat), priors=Listed.of(shaped, "; ", word=""),
                  names=Listed.joined(flat))


def prior_sentence(words: str | Text) -> str | Text:
    """The priors as a sentence for the notes: 'Flat priors: every value of ...', 'Priors: a: ...'."""
    if not words:
        return ""
    if isinstance(words, Text) and words.template in (FLAT, POOLED_FLAT):
        return Text(FLAT_SENTENCE if words.template == FLAT else POOLED_FLAT_SENTENCE, words.args)
    if isinstance(words, str) and words.startswith("flat priors:"):    # a result saved as text
        return "F" + words[1:] + "."
    # Translators: {priors} are the priors in words ("a: Beta(2, 2) prior, centred on 0.5 (...)").
    return text(N_("Priors: {priors}."), priors=words)


def beta_terms(priors) -> tuple[PriorTerm, ...]:
    """Terms for one Beta prior per parameter (``Prior`` objects with name, alpha, beta)."""
    return tuple(PriorTerm(p.name, p.name, p.alpha, p.beta) for p in priors)


def population_prior_words(attributes: tuple[str, ...] = ()) -> Text:
    """The pooled per-rater model's population prior in words (partial pooling,
    :mod:`tapdesk.engine.bayes.pooled`, whose MU_SD, SIGMA_SD and EFFECT_SD these words state)."""
    # Translators: the population prior of the per-rater model pooled toward the panel, inside a
    # sentence (Normal(0, 1.5^2) and Half-Normal(1) are distributions, as formulas write them).
    population = text(N_(
        "raters' accuracies and guess rates: a population across raters (on the log-odds "
        "scale a normal spread around the panel's typical value), its typical value given a "
        "wide prior (Normal(0, 1.5^2) on the log-odds: anywhere from about 5% to 95%) and its "
        "spread a Half-Normal(1) prior (small spreads likelier, but a spread large enough "
        "for raters from 40% to 90% accurate well allowed)"))
    if not attributes:
        return population
    # Translators: follows the population prior; {names} lists rater attributes ("age and
    # site"); Normal(0, 1) is a distribution, as formulas write it.
    return text(N_("{population}; the effect of {names} on the log-odds: Normal(0, 1) per "
                   "standard deviation of the attribute across raters"), population=population,
                names=Listed.joined(attributes))


def pooled_priors(priors: Text, population: Text) -> Text:
    """The pooled model's priors in words: ``priors`` (:func:`priors_in_words`) and the raters'
    ``population`` prior (:func:`population_prior_words`)."""
    if priors.template == FLAT:
        return Text(POOLED_FLAT, (*priors.args, ("population", population)))
    return text(POOLED, priors=priors, population=population)
