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

UNITS = {"t": ("subject", "subjects"), "a": ("rating", "ratings"), "p": ("guess", "guesses"),
         "q": ("rating", "ratings")}
"""What one observation of a parameter's prior weight is, by the parameter's first letter."""


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

    def words(self) -> str:
        one, many = UNITS.get(self.symbol[:1], ("observation", "observations"))
        if self.categories:
            where = "even across the categories"
        else:
            where = f"centred on {self.alpha / (self.alpha + self.beta):.2g}"
        extra = self.extra()
        if self.alpha >= 1 and (self.categories or self.beta >= 1):
            weight = f"as much weight as {extra:,.4g} extra {one if extra == 1 else many}"
        else:                                    # U- or J-shaped: no centre to speak of
            where = where.replace("centred on", "its mean at")
            toward = ("the edges" if self.categories else "0 and 1" if self.alpha < 1 and
                      self.beta < 1 else "0" if self.alpha < 1 else "1")
            weight = f"leaning toward {toward}"
        return f"{self.label}: {self.formula()} prior, {where} ({weight})"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def priors_in_words(terms: Iterable[PriorTerm]) -> str:
    """'flat priors: every value of t, a and p equally likely before the data', or the
    priors that are not flat in words, then the flat ones."""
    terms = list(terms)
    flat = [t.label for t in terms if t.flat]
    shaped = [t.words() for t in terms if not t.flat]
    if not shaped:
        return f"flat priors: every value of {_join(flat)} equally likely before the data"
    text = "; ".join(shaped)
    if flat:
        text += (f"; {'a flat prior' if len(flat) == 1 else 'flat priors'} on {_join(flat)} "
                 "(every value equally likely before the data)")
    return text


def prior_sentence(words: str) -> str:
    """The priors as a sentence for the notes: 'Flat priors: every value of ...', 'Priors: a: ...'."""
    if not words:
        return ""
    return ("F" + words[1:] if words.startswith("flat priors:") else f"Priors: {words}") + "."


def beta_terms(priors) -> tuple[PriorTerm, ...]:
    """Terms for one Beta prior per parameter (``Prior`` objects with name, alpha, beta)."""
    return tuple(PriorTerm(p.name, p.name, p.alpha, p.beta) for p in priors)


def population_prior_words(attributes: tuple[str, ...] = ()) -> str:
    """The pooled per-rater model's population prior in words (partial pooling,
    :mod:`tapdesk.engine.bayes.pooled`, whose MU_SD, SIGMA_SD and EFFECT_SD these words state)."""
    text = ("raters' accuracies and guess rates: a population across raters (on the log-odds "
            "scale a normal spread around the panel's typical value), its typical value given a "
            "wide prior (Normal(0, 1.5^2) on the log-odds: anywhere from about 5% to 95%) and its "
            "spread a Half-Normal(1) prior (small spreads likelier, but a spread large enough "
            "for raters from 40% to 90% accurate well allowed)")
    if attributes:
        text += (f"; the effect of {_join(list(attributes))} on the log-odds: Normal(0, 1) per "
                 "standard deviation of the attribute across raters")
    return text
