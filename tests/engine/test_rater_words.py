"""One rule for "accuracy not clearly above chance", whichever interval a per-rater fit reports."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater import rater_flag
from tapdesk.engine.intervals import logit_wald_interval
from tapdesk.engine.rater_words import chance_flag
from tapdesk.engine.results import Estimate


def accuracy(value: float, se: float | None, ci) -> Estimate:
    return Estimate("a", value, se, ci, "accuracy")


def test_wald_decides_on_the_plain_interval_not_the_logit_one_that_never_reaches_0():
    ci = logit_wald_interval(0.10, 0.08, 0.95)
    assert ci[0] > 0                                  # the reported interval stays above 0 ...
    flag = chance_flag(accuracy(0.10, 0.08, ci), "wald", 0.95)
    assert "not clearly above chance" in flag and "95% Wald interval reaches 0" in flag
    assert chance_flag(accuracy(0.30, 0.08, logit_wald_interval(0.3, 0.08, 0.95)), "wald",
                       0.95) == ""


def test_binary_per_rater_flag_fires_on_the_wald_path():
    """The per-rater fit's flag used to test the logit-Wald lower end against 0: it never fired."""
    a = accuracy(0.10, 0.08, logit_wald_interval(0.10, 0.08, 0.95))
    flag = rater_flag(np.array([0.10, 0.4, 0.46, 0.36]), a, "wald", 40, 18, 0.6)
    assert "not clearly above chance" in flag
    assert rater_flag(np.array([0.10, 0.4, 0.46, 0.36]), a, "wald", 40, 18, 0.6, level=0.5) \
        .startswith("accuracy well below")          # at 50% its interval clears 0


def test_profile_bootstrap_and_posterior_read_the_reported_interval():
    below = chance_flag(accuracy(0.05, 0.1, (-0.1, 0.2)), "profile", 0.9)
    assert "profile-likelihood interval reaches below 0, to -0.10" in below
    assert "less often than guessing alone" in below      # what a negative accuracy means
    assert chance_flag(accuracy(0.05, 0.1, (0.0, 0.2)), "profile", 0.9).endswith(
        "profile-likelihood interval reaches 0)")
    assert "90% bootstrap" in chance_flag(accuracy(0.05, 0.1, (0.0, 0.2)), "bootstrap", 0.9)
    assert chance_flag(accuracy(0.2, 0.1, (0.01, 0.4)), "profile", 0.95) == ""
    posterior = chance_flag(accuracy(0.1, 0.05, (0.012, 0.3)), "posterior", 0.95)
    assert "credible interval reaches down to 0.01" in posterior
    assert chance_flag(accuracy(0.1, 0.05, (0.03, 0.3)), "posterior", 0.95) == ""
