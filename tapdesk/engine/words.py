"""Plain words for the engine's results: method names, p-values, interval levels, categories.

Every summary a reader sees first goes through these helpers, so the CLI,
the app and the report say the same thing the same way. The precise terms
(maximum-likelihood estimator, highest-density interval, nats ...) stay in
the details section and in ``--json``; :mod:`tapdesk.report.glossary`
explains each of them.
"""

from __future__ import annotations

import math
import re

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


def interval_level(text: str) -> float | None:
    """The level (in percent) a method text states: "profile likelihood, 97.5%" -> 97.5."""
    found = re.search(r"(\d+(?:\.\d+)?)\s*%", text or "")
    return float(found.group(1)) if found else None


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
    """An interval level as a percent: "95%", "80%", "97.5%" (as few decimals as it needs, at
    most four)."""
    shown = round(100 * float(level), 4)
    return f"{int(shown)}%" if shown == int(shown) else f"{shown:g}%"


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


def percent_range(low: float, high: float) -> str:
    """An interval of shares in percent, "44-65%", with the decimals it takes to show two
    different ends, none rounded to 0% or 100% unless it is exactly 0 or 1 ("60.2-60.9%",
    not "60-60%"; "98-99.96%", not "98-100%"; "99 to >99.99%" beyond that)."""
    def end(value: float, digits: int) -> str:
        text = f"{100 * value:.{digits}f}"
        if value in (0.0, 1.0) or float(text) not in (0.0, 100.0):
            return text
        if digits < 2:
            return end(value, digits + 1)
        return "<0.01" if value < 0.5 else ">99.99"

    for digits in (0, 1, 2):
        lo, hi = end(low, digits), end(high, digits)
        if lo != hi or low == high:
            break
    joint = " to " if (lo + hi)[:1] in "<>" or hi[:1] in "<>" else "-"
    return f"{lo}{joint}{hi}%"


def percent_with_interval(value: float, interval: tuple[float, float] | None,
                          level: float) -> str:
    """"54% (95% interval 44-65%)": a share in words with its interval at ``level``."""
    text = percent(value)
    if interval:
        text += f" ({level_percent(level)} interval {percent_range(*interval)})"
    return text
