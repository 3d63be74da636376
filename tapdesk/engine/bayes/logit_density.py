"""The log posterior density of t-a-p and the expert model in the logits of the parameters
(issue 29), which the Gauss rules integrate (:mod:`.box_rule` on the probability scale through
:meth:`LogitDensity.from_logs`, :mod:`.gauss_rule` in the logits)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import log_expit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.targets import log_mixture_likelihood
from tapdesk.engine.request import Prior


class RuleCancelled(Exception):
    """A cancel noticed while the rule evaluates the density."""


@dataclass(frozen=True, eq=False)
class LogitDensity:
    """Log posterior density of t-a-p or the expert model (p = t) at the logits of the
    parameters ``names`` (Beta prior times the logit Jacobian: x^alpha (1 - x)^beta).

    Every log of a rate near 0 or 1 is a sum of logs, so nothing cancels: 1 - q1 =
    (1 - a)(1 - p), q0 = (1 - a) p, q1 = a + (1 - a) p, 1 - q0 = a + (1 - a)(1 - p).
    """

    hist: CountHistogram
    names: tuple[str, ...]
    priors: tuple[Prior, ...]
    cancelled: Callable[[], bool] = lambda: False

    def __call__(self, z: np.ndarray) -> np.ndarray:
        """Log density at points ``z`` (..., len(names)), the columns in ``names`` order."""
        return self.from_logs([(log_expit(z[..., i]), log_expit(-z[..., i]))
                               for i in range(len(self.names))])

    def from_logs(self, logs: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
        """Log density (on the logit scale) from (log x, log(1 - x)) of each parameter in
        ``names`` order: arrays that broadcast against each other, so a tensor grid is
        evaluated from its axes."""
        if self.cancelled():
            raise RuleCancelled
        pairs = dict(zip(self.names, logs))
        lp = sum(pr.alpha * pairs[pr.name][0] + pr.beta * pairs[pr.name][1] for pr in self.priors)
        lt, l1t = pairs["t"]
        la, l1a = pairs["a"]
        lpp, l1p = pairs.get("p", pairs["t"])
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            ll = log_mixture_likelihood(self.hist, lt, l1t, np.logaddexp(la, l1a + lpp), l1a + l1p,
                                        l1a + lpp, np.logaddexp(la, l1a + l1p))
        out = ll + lp
        return np.where(np.isnan(out), -np.inf, out)
