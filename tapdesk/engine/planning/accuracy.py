"""How often a panel's verdict on a subject is right: closed forms and per-study shares.

With known t, a, p a panel of R raters says Class 1 k times with probability
``t Binom(k; R, q1) + (1 - t) Binom(k; R, q0)``, q1 = a + (1-a) p and
q0 = (1-a) p. The model's posterior picks the class with the larger of the
two terms, so its expected share of right verdicts is
``sum_k max(t Binom(k; R, q1), (1 - t) Binom(k; R, q0))``. Majority vote
picks Class 1 when k > R/2; a tie (even R, k = R/2) is settled by a fair
coin, so it counts as half right.
"""

from __future__ import annotations

import numpy as np


def _terms(t: float, a: float, p: float, raters: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # here, not at the top: the app's window imports this module (and its plan dialog calls
    # it on the GUI thread, where scipy.stats' first import held the window over a second)
    from tapdesk.engine.binary.likelihood import binomial_pmf
    k = np.arange(raters + 1)
    q1, q0 = a + (1 - a) * p, (1 - a) * p
    return k, t * binomial_pmf(k, raters, q1), (1 - t) * binomial_pmf(k, raters, q0)


def model_accuracy_exact(t: float, a: float, p: float, raters: int) -> float:
    """Expected share of subjects the model's posterior classifies right (known t, a, p)."""
    _, one, zero = _terms(t, a, p, raters)
    return float(np.maximum(one, zero).sum())


def majority_accuracy_exact(t: float, a: float, p: float, raters: int) -> float:
    """Expected share of subjects majority vote classifies right (ties count half)."""
    k, one, zero = _terms(t, a, p, raters)
    twice = 2 * k
    return float(one[twice > raters].sum() + zero[twice < raters].sum()
                 + 0.5 * (one[twice == raters].sum() + zero[twice == raters].sum()))


def model_accuracy(truth: np.ndarray, class1_counts: np.ndarray, raters: int,
                   t: float, a: float, p: float) -> float:
    """Share of subjects whose most probable class under (t, a, p) is their true class.

    ``class1_counts`` is each subject's number of Class-1 ratings out of
    ``raters``. A subject whose two classes are exactly equally probable
    counts as half right.
    """
    _, one, zero = _terms(t, a, p, raters)
    says_one = np.where(one > zero, 1.0, np.where(one < zero, 0.0, 0.5))[class1_counts]
    return _share_right(truth, says_one)


def majority_accuracy(truth: np.ndarray, class1_counts: np.ndarray, raters: int) -> float:
    """Share of subjects majority vote gets right (ties count half)."""
    twice = 2 * class1_counts
    return _share_right(truth, np.where(twice > raters, 1.0, np.where(twice < raters, 0.0, 0.5)))


def _share_right(truth: np.ndarray, says_one: np.ndarray) -> float:
    """Mean credit: ``says_one`` is 1, 0 or 0.5 (a tie) per subject."""
    return float(np.mean(np.where(truth == 1, says_one, 1.0 - says_one)))
