"""Which of several fits of the same data the data favour, in words (Akaike's criterion).

The Compare tab shows the numbers of each fit; this module says what they mean in one
sentence a committee reads, and names the statistics (for tooltips and details).
"""

from __future__ import annotations

from collections.abc import Sequence

from tapdesk.engine.results import FitResult

CLEAR_AIC_GAP = 2.0
"""An AIC lower by less than this does not favour a model (Burnham & Anderson's rule of thumb:
models within 2 of the best have substantial support)."""

FIT_WORDS = "How well the model explains the ratings (higher is better)"
FIT_TIP = ("Log-likelihood in nats (log L): the log of the probability of these ratings under "
           "the fitted model. Compare only fits of the same data and the same Class 1.")
SURPRISE_WORDS = "Surprise per rating, in bits (lower is better)"
SURPRISE_TIP = ("-log2 L divided by the number of ratings: how many yes/no questions each rating "
                "still leaves open under the model (bits per rating).")
SIZE_WORDS = "Numbers the model estimates"
SIZE_TIP = "k, the number of free parameters: more of them fit any data more closely."
BALANCE_WORDS = "Fit allowing for model size (lower is better)"
BALANCE_TIP = ("Akaike's information criterion, AIC = 2k - 2 log L: the fit, penalised for the "
               "number of parameters k. Differences below 2 do not favour either model.")


def aic(result: FitResult) -> float | None:
    """Akaike's criterion 2k - 2 log L of a fit (None without a likelihood or parameters)."""
    if result.log_likelihood is None or not result.n_parameters:
        return None
    return 2 * result.n_parameters - 2 * result.log_likelihood.nats


def favoured_sentence(names: Sequence[str], results: Sequence[FitResult]) -> str:
    """One sentence: which fit the data favour by AIC, or that they favour none clearly.

    ``names`` say each fit as the reader sees it ("fit 2, t-a-p per rater"); the fits must
    share their data (the caller checks). "" when fewer than two fits have an AIC.
    """
    scored = sorted((value, name) for name, value in zip(names, map(aic, results))
                    if value is not None)
    if len(scored) < 2:
        return ""
    (best, name), (second, _) = scored[0], scored[1]
    if second - best < CLEAR_AIC_GAP:
        return (f"The data do not clearly favour one model: {name} and the next differ by "
                f"less than {CLEAR_AIC_GAP:g} in fit allowing for model size.")
    return (f"The data favour {name}: it explains the ratings best once its number of "
            f"estimates is allowed for ({second - best:.1f} lower than the next in fit allowing "
            "for model size).")
