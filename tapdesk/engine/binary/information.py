"""Information measures for the binary t-a-p model, in bits per rating.

Three numbers answer three questions:

* :func:`observed_bits_per_rating` (data and parameters): the average
  -log2 probability of the ratings actually seen, -log L / (n ln 2), where L
  is the likelihood of the ratings as given (no binomial coefficients), so
  it is the same number as ``LogLikelihood.bits_per_rating`` of a fit.
* :func:`expected_bits_per_rating_alone` (parameters alone, one rating): the
  entropy of a single rating, H(c) with c = t q1 + (1 - t) q0. It ignores
  that ratings of the same subject agree, so it is the most a rating can
  cost: 1 bit at c = 1/2.
* :func:`expected_bits_per_rating_given_n` (parameters alone, n ratings per
  subject): -E[log2 L(one subject's n ratings)] / n, the expected value of
  the observed measure for subjects rated n times. Agreement (a > 0) makes
  later ratings predictable from earlier ones, so this is below the
  single-rating entropy and falls as n grows; at n = 1 the two are equal,
  and at a = 0 (independent ratings) they are equal for every n.

The expectation is exact: the ratings' probability depends only on the
number k of Class-1 ratings, L_k = t q1^k (1-q1)^(n-k) + (1-t) q0^k
(1-q0)^(n-k), and k has probability C(n, k) L_k, so the sum over k = 0..n
is finite.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.likelihood import (
    Mixture,
    expected_bits_per_rating,
    from_tap,
    log_binomial_coefficient,
    log_binomial_kernel,
    log_likelihood,
)
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import Text, said

LN2 = float(np.log(2.0))


def _check(t: float, a: float, p: float) -> None:
    for name, value in (("t", t), ("a", a), ("p", p)):
        if not (0.0 <= value <= 1.0):
            # Translators: {name} is a parameter's symbol (t, a or p), {value} the value given.
            raise SettingError(said("{name} must lie between 0 and 1; got {value}", name=name,
                                    value=str(value)))


def _no_ratings() -> Text:
    # Translators: the bits per rating (information) of data with no ratings were asked for.
    return said("there are no ratings to measure")


def observed_bits_per_rating(hist: CountHistogram, t: float, a: float, p: float) -> float:
    """-log2 likelihood of the data under (t, a, p), divided by the number of ratings."""
    _check(t, a, p)
    if hist.n_ratings <= 0:
        raise SettingError(_no_ratings())
    return -log_likelihood(hist, from_tap(t, a, p)) / (hist.n_ratings * LN2)


def expected_bits_per_rating_alone(t: float, a: float, p: float) -> float:
    """Entropy of one rating in bits, ignoring the subject's other ratings."""
    _check(t, a, p)
    return expected_bits_per_rating(t, a, p)


def sequence_log_probabilities(mix: Mixture, n: int) -> np.ndarray:
    """log L_k for k = 0..n: the probability of one particular sequence with k Class-1 ratings."""
    k = np.arange(n + 1, dtype=float)
    with np.errstate(divide="ignore"):
        log1 = np.log(mix.t) + log_binomial_kernel(k, n, mix.q1)
        log0 = np.log1p(-mix.t) + log_binomial_kernel(k, n, mix.q0)
    return np.logaddexp(log1, log0)


def expected_bits_per_rating_given_n(t: float, a: float, p: float, n: int) -> float:
    """-E[log2 L(n ratings of one subject)] / n under (t, a, p), summed exactly over k."""
    _check(t, a, p)
    if int(n) != n or n < 1:
        # Translators: {value} is the number of raters given ("0").
        raise SettingError(said("the number of raters must be a whole number of at least 1; got "
                                "{value}", value=str(n)))
    n = int(n)
    log_seq = sequence_log_probabilities(from_tap(t, a, p), n)
    k = np.arange(n + 1)
    prob_k = np.exp(log_binomial_coefficient(k, n) + log_seq)   # Pr(k Class-1 ratings): sums to 1
    finite = prob_k > 0
    return float(-(prob_k[finite] * log_seq[finite]).sum() / (n * LN2))


def expected_bits_per_rating_for_design(hist: CountHistogram, t: float, a: float,
                                        p: float) -> float:
    """Expected bits per rating for the data's own numbers of raters per subject.

    The expected total -log2 L over subjects divided by the total number of
    ratings: sum_n N_n n H_n / sum_n N_n n, with H_n from
    :func:`expected_bits_per_rating_given_n` and N_n subjects rated n times.
    This is the value :func:`observed_bits_per_rating` should be near when
    the model is right.
    """
    total_bits, total_ratings = 0.0, 0.0
    for n in np.unique(hist.n_rated):
        subjects = float(hist.weight[hist.n_rated == n].sum())
        total_bits += subjects * n * expected_bits_per_rating_given_n(t, a, p, int(n))
        total_ratings += subjects * n
    if total_ratings <= 0:
        raise SettingError(_no_ratings())
    return total_bits / total_ratings


@dataclass(frozen=True)
class InformationSummary:
    """Bits per rating of a data set under fitted (t, a, p), with their expectations.

    ``observed`` uses data and parameters; ``expected_for_design`` is its
    expected value under the parameters for the data's numbers of raters;
    ``expected_alone`` is the entropy of one rating on its own.
    """

    observed: float
    expected_for_design: float
    expected_alone: float
    n_ratings: float

    def to_dict(self) -> dict[str, float]:
        return {"observed_bits_per_rating": self.observed,
                "expected_bits_per_rating": self.expected_for_design,
                "expected_bits_per_rating_alone": self.expected_alone,
                "n_ratings": self.n_ratings}


def information_summary(hist: CountHistogram, t: float, a: float, p: float) -> InformationSummary:
    return InformationSummary(float(observed_bits_per_rating(hist, t, a, p)),
                              float(expected_bits_per_rating_for_design(hist, t, a, p)),
                              float(expected_bits_per_rating_alone(t, a, p)), float(hist.n_ratings))
