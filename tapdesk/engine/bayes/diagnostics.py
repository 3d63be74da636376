"""Convergence diagnostics with ArviZ-compatible definitions (Vehtari et al. 2021).

Rank-normalised split R-hat, bulk and tail effective sample size and Monte
Carlo standard errors, following ``arviz.rhat(method="rank")``,
``arviz.ess(method="bulk"/"tail"/"mean")`` and ``arviz.mcse`` (ArviZ 0.x,
``arviz/stats/diagnostics.py``) line by line, in plain numpy/scipy so the
desktop bundle does not carry ArviZ and xarray. Each function takes the
draws of one quantity as an array (chains, draws).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

RHAT_OK = 1.01
"""Vehtari et al. (2021): below this the chains agree."""
RHAT_BAD = 1.05
"""Above this the chains clearly disagree; between the two they agree only roughly."""
ESS_OK = 400


def _split_chains(ary: np.ndarray) -> np.ndarray:
    ary = np.atleast_2d(np.asarray(ary, dtype=float))
    half = ary.shape[1] // 2
    return np.vstack([ary[:, :half], ary[:, -half:]])


def _z_scale(ary: np.ndarray) -> np.ndarray:
    from scipy import stats  # here, not at the top: scipy.stats costs start-up (issue 15)
    rank = stats.rankdata(ary, method="average").reshape(ary.shape)
    return stats.norm.ppf((rank - 3 / 8) / (ary.size + 1 / 4))


def _autocov(ary: np.ndarray) -> np.ndarray:
    n = ary.shape[1]
    from scipy.fft import next_fast_len   # here: scipy.fft costs start-up
    m = next_fast_len(2 * n)
    centred = ary - ary.mean(axis=1, keepdims=True)
    spectrum = np.fft.rfft(centred, n=m, axis=1)
    spectrum *= np.conjugate(spectrum)
    return np.fft.irfft(spectrum, n=m, axis=1)[:, :n] / n


def _rhat(ary: np.ndarray) -> float:
    n = ary.shape[1]
    between = n * np.var(ary.mean(axis=1), ddof=1)
    within = np.mean(np.var(ary, axis=1, ddof=1))
    if within <= 0:
        return float("nan")
    return float(np.sqrt((between / within + n - 1) / n))


def _constant(ary: np.ndarray) -> bool:
    return bool(np.ptp(ary) < 1e-10 * max(1.0, float(np.abs(ary).max())))


def _ess(ary: np.ndarray) -> float:
    """Effective sample size with Geyer's initial monotone sequence (arviz ``_ess``)."""
    ary = np.atleast_2d(np.asarray(ary, dtype=float))
    n_chain, n_draw = ary.shape
    if _constant(ary) or n_draw < 4:
        return float(n_chain * n_draw)
    acov = _autocov(ary)
    mean_var = np.mean(acov[:, 0]) * n_draw / (n_draw - 1.0)
    var_plus = mean_var * (n_draw - 1.0) / n_draw
    if n_chain > 1:
        var_plus += np.var(ary.mean(axis=1), ddof=1)
    rho = np.zeros(n_draw)
    rho_even, rho_odd = 1.0, 1.0 - (mean_var - np.mean(acov[:, 1])) / var_plus
    rho[0], rho[1] = rho_even, rho_odd
    t = 1
    while t < n_draw - 3 and rho_even + rho_odd > 0.0:          # initial positive sequence
        rho_even = 1.0 - (mean_var - np.mean(acov[:, t + 1])) / var_plus
        rho_odd = 1.0 - (mean_var - np.mean(acov[:, t + 2])) / var_plus
        if rho_even + rho_odd >= 0:
            rho[t + 1], rho[t + 2] = rho_even, rho_odd
        t += 2
    max_t = t - 2
    if rho_even > 0:
        rho[max_t + 1] = rho_even
    t = 1
    while t <= max_t - 2:                                       # initial monotone sequence
        if rho[t + 1] + rho[t + 2] > rho[t - 1] + rho[t]:
            rho[t + 1] = rho[t + 2] = (rho[t - 1] + rho[t]) / 2.0
        t += 2
    ess = n_chain * n_draw
    tau = -1.0 + 2.0 * np.sum(rho[:max_t + 1]) + np.sum(rho[max_t + 1:max_t + 2])
    tau = max(tau, 1 / np.log10(ess))
    return float(ess / tau)


def rhat(draws: np.ndarray) -> float:
    """Rank-normalised split R-hat: the larger of the bulk and folded (tail) versions."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    if _constant(draws) or draws.shape[1] < 4:
        return float("nan")
    bulk = _rhat(_z_scale(_split_chains(draws)))
    folded = np.abs(draws - np.median(draws))
    tail = _rhat(_z_scale(_split_chains(folded)))
    return max(bulk, tail)


def ess_bulk(draws: np.ndarray) -> float:
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    if _constant(draws):
        return float(draws.size)
    return _ess(_z_scale(_split_chains(draws)))


def ess_tail(draws: np.ndarray) -> float:
    """The smaller ESS of the 5% and 95% quantile indicators."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    low = draws <= np.quantile(draws, 0.05)
    high = draws <= np.quantile(draws, 0.95)
    return min(_ess(_split_chains(low)), _ess(_split_chains(high)))


def ess_mean(draws: np.ndarray) -> float:
    return _ess(_split_chains(draws))


def mcse_mean(draws: np.ndarray) -> float:
    draws = np.asarray(draws, dtype=float)
    return float(np.std(draws, ddof=1) / np.sqrt(ess_mean(draws)))


def mcse_quantile(draws: np.ndarray, prob: float) -> float:
    """Monte Carlo SE of a quantile (arviz ``_mcse_quantile``)."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    size_ess = _ess(_split_chains(draws <= np.quantile(draws, prob)))
    from scipy import stats  # here, not at the top: scipy.stats costs start-up (issue 15)
    a = stats.beta.ppf([0.1586553, 0.8413447], size_ess * prob + 1, size_ess * (1 - prob) + 1)
    ordered = np.sort(draws.ravel())
    n = ordered.size
    th1 = ordered[int(np.floor(np.nanmax((a[0] * n, 0))))]
    th2 = ordered[int(np.ceil(np.nanmin((a[1] * n, n - 1))))]
    return float((th2 - th1) / 2)


@dataclass(frozen=True)
class Diagnostics:
    """Convergence figures for one quantity."""

    rhat: float
    ess_bulk: float
    ess_tail: float
    mcse_mean: float
    mcse_q05: float
    mcse_q95: float

    @property
    def ok(self) -> bool:
        return bool(np.isnan(self.rhat) or self.rhat < RHAT_OK)


def diagnose(draws: np.ndarray) -> Diagnostics:
    """All diagnostics of one quantity's draws (chains, draws)."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    return Diagnostics(rhat(draws), ess_bulk(draws), ess_tail(draws), mcse_mean(draws),
                       mcse_quantile(draws, 0.05), mcse_quantile(draws, 0.95))


def verdict(diagnostics: dict[str, Diagnostics], n_chains: int) -> tuple[bool, str]:
    """(trustworthy, plain-words verdict) over all parameters."""
    worst = max((d.rhat for d in diagnostics.values() if np.isfinite(d.rhat)), default=1.0)
    low_ess = min((min(d.ess_bulk, d.ess_tail) for d in diagnostics.values()), default=np.inf)
    if n_chains < 2:
        return low_ess >= ESS_OK / 4, ("only one chain: agreement between chains cannot be "
                                       "checked; run several chains before trusting these numbers")
    if worst >= RHAT_BAD:
        return False, (f"chains disagree (largest R-hat {worst:.3f} >= {RHAT_BAD}): "
                       "do not trust these numbers; run longer or check the model")
    if worst >= RHAT_OK:
        return True, (f"chains agree only roughly (largest R-hat {worst:.3f}, above {RHAT_OK}): "
                      "means are usable, but run more draws before relying on tail quantiles")
    if low_ess < ESS_OK:
        return True, (f"chains agree (largest R-hat {worst:.3f}), but the smallest effective "
                      f"sample size is only {low_ess:.0f}: tail quantiles are rough; more draws "
                      "would sharpen them")
    return True, f"chains agree (largest R-hat {worst:.3f}; smallest effective sample size {low_ess:.0f})"
