"""Plain words for the engine's results: method names, p-values, interval levels, categories.

Every summary a reader sees first goes through these helpers, so the CLI,
the app and the report say the same thing the same way. The precise terms
(maximum-likelihood estimator, highest-density interval, nats ...) stay in
the details section and in ``--json``; :mod:`tapdesk.report.glossary`
explains each of them.
"""

from __future__ import annotations

import math

METHOD_WORDS = {"mle": "Maximum likelihood",
                "exact": "Bayesian (exact)",
                "mcmc": "Bayesian (simulation)",
                "classical": "Classical coefficients"}
"""What each ``FitResult.method`` code is called where a reader first looks."""


def method_words(method: str) -> str:
    """"Maximum likelihood", "Bayesian (exact)", "Bayesian (simulation)" ..."""
    return METHOD_WORDS.get(method, method)


def p_words(p: float | None) -> str:
    """A p-value as a reader expects it: "p < 0.001", "p = 0.004", "p = 0.27"; never 3.26e-05."""
    if p is None or not math.isfinite(p):
        return "p not available"
    if p < 0.001:
        return "p < 0.001"
    if p < 0.01:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def interval_name(method: str, level: float) -> str:
    """The interval's level and kind in words: "95% interval" or "95% credible interval"."""
    kind = "credible interval" if method in ("exact", "mcmc") else "interval"
    return f"{level_percent(level)} {kind}"


def interval_sentence(method: str, level: float) -> str:
    """One plain sentence on what the intervals are, with their level."""
    shown = level_percent(level)
    if method in ("exact", "mcmc"):
        return (f"{shown} credible intervals: given the data and the priors, the true value lies "
                f"in the range with {shown} probability")
    return f"{shown} intervals: the range of values the data support ({shown} confidence)"


def category_phrase(code: str, label: str) -> str:
    """A category for a table header: "gold (4)" when it has a label, else "4"."""
    return code if not label or label == code else f"{label} ({code})"


def level_percent(level: float) -> str:
    """An interval level as a percent: "95%", "80%", "97.5%" (no trailing zeros)."""
    return f"{100 * level:.1f}".rstrip("0").rstrip(".") + "%"


def percent(value: float) -> str:
    """A share in whole percent, never "100%" or "0%" for a share that is not exactly 1 or 0.

    0.9999984 reads "over 99%" and 0.0000016 "under 1%": a reader takes
    "100%" as "always", which an estimate short of 1 does not say.
    """
    if not math.isfinite(value):
        return "-"
    shown = round(100 * value)
    if shown >= 100 and value < 1:
        return "over 99%"
    if shown <= 0 and value > 0:
        return "under 1%"
    return f"{int(shown) + 0}%"
