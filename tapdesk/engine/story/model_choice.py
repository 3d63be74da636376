"""Which of several fits of the same data the data favour, in words (Akaike's criterion).

The Compare tab shows the numbers of each fit; this module says what they mean in one
sentence a committee reads, and names the statistics (for tooltips and details).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tapdesk.engine.results import FitResult
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source

CLEAR_AIC_GAP = 2.0
"""An AIC lower by less than this does not favour a model (Burnham & Anderson's rule of thumb:
models within 2 of the best have substantial support)."""

# Translators: the Compare tab's row names (the words) and their tool tips (the tips).
FIT_WORDS = N_("How well the model explains the ratings (higher is better)")
FIT_TIP = N_("Log-likelihood in nats (log L): the log of the probability of these ratings under "
           "the fitted model. Compare only fits of the same data and the same Class 1.")
SURPRISE_WORDS = N_("Surprise per rating, in bits (lower is better)")
SURPRISE_TIP = N_("-log2 L divided by the number of ratings: how many yes/no questions each rating "
                "still leaves open under the model (bits per rating).")
SIZE_WORDS = N_("Numbers the model estimates")
SIZE_TIP = N_("k, the number of free parameters: more of them fit any data more closely.")
BALANCE_WORDS = N_("Fit allowing for model size (lower is better)")
BALANCE_TIP = N_("Akaike's information criterion, AIC = 2k - 2 log L: the fit, penalised for the "
               "number of parameters k. Differences below 2 do not favour either model.")


def aic(result: FitResult) -> float | None:
    """Akaike's criterion 2k - 2 log L of a fit (None without a likelihood or parameters)."""
    if result.log_likelihood is None or not result.n_parameters:
        return None
    return 2 * result.n_parameters - 2 * result.log_likelihood.nats


def bic(result: FitResult) -> float | None:
    """Schwarz's criterion k log n - 2 log L of a fit, n its subjects (the likelihood's
    independent units); None without a likelihood, parameters or subjects."""
    if result.log_likelihood is None or not result.n_parameters or not result.n_subjects:
        return None
    return result.n_parameters * math.log(result.n_subjects) - 2 * result.log_likelihood.nats


def favoured_sentence(names: Sequence[str], results: Sequence[FitResult]) -> str:
    """One sentence: which fit the data favour by AIC, or that they favour none clearly.

    ``names`` say each fit as the reader sees it ("fit 2, t-a-p per rater"); the fits must
    share their data (the caller checks). "" when fewer than two fits have an AIC.
    """
    scored = sorted((value, name) for name, value in zip(names, map(aic, results))
                    if value is not None)
    if len(scored) < 2:
        return ""
    (best, name), (second, _other) = scored[0], scored[1]
    if second - best < CLEAR_AIC_GAP:
        # Translators: {model} names a fit ("fit 2, t-a-p per rater"); {gap} is 2.
        return _("The data do not clearly favour one model: {model} and the next differ by less "
                 "than {gap} in fit allowing for model size.").format(
            model=name, gap=f"{CLEAR_AIC_GAP:g}" if is_source() else
            formats.decimal(CLEAR_AIC_GAP, 0))
    # Translators: {model} names a fit ("fit 2, t-a-p per rater"); {gap} a number ("3.4").
    return _("The data favour {model}: it explains the ratings best once its number of "
             "estimates is allowed for ({gap} lower than the next in fit allowing for model "
             "size).").format(model=name, gap=formats.decimal(second - best, 1))
