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

from tapdesk.i18n import N_
from tapdesk.i18n.text import Count, Number, Text, text

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
    from scipy.special import ndtri
    rank = stats.rankdata(ary, method="average").reshape(ary.shape)
    # ndtri is norm.ppf without its argument checks (the same numbers; those checks were a
    # third of summarising a cancelled many-parameter run, issue 15)
    return ndtri((rank - 3 / 8) / (ary.size + 1 / 4))


def _autocov(ary: np.ndarray) -> np.ndarray:
    n = ary.shape[1]
    from scipy.fft import next_fast_len  # here: scipy.fft costs start-up
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


def rhat(draws: np.ndarray, split_z: np.ndarray | None = None) -> float:
    """Rank-normalised split R-hat: the larger of the bulk and folded (tail) versions.
    (``split_z``: the split chains' normal scores, when already computed.)"""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    if _constant(draws) or draws.shape[1] < 4:
        return float("nan")
    bulk = _rhat(_z_scale(_split_chains(draws)) if split_z is None else split_z)
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
    return min(_quantile_ess(draws, 0.05), _quantile_ess(draws, 0.95))


def ess_mean(draws: np.ndarray) -> float:
    return _ess(_split_chains(draws))


def mcse_mean(draws: np.ndarray) -> float:
    draws = np.asarray(draws, dtype=float)
    return float(np.std(draws, ddof=1) / np.sqrt(ess_mean(draws)))


def _quantile_ess(draws: np.ndarray, prob: float) -> float:
    """ESS of the indicator draws <= their ``prob`` quantile (tail ESS and quantile MCSE)."""
    return _ess(_split_chains(draws <= np.quantile(draws, prob)))


def mcse_quantile(draws: np.ndarray, prob: float, size_ess: float | None = None,
                  ordered: np.ndarray | None = None) -> float:
    """Monte Carlo SE of a quantile (arviz ``_mcse_quantile``); ``size_ess``: the quantile
    indicator's ESS, ``ordered``: the sorted draws, when already computed."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    if size_ess is None:
        size_ess = _quantile_ess(draws, prob)
    from scipy import stats  # here, not at the top: scipy.stats costs start-up (issue 15)
    a = stats.beta.ppf([0.1586553, 0.8413447], size_ess * prob + 1, size_ess * (1 - prob) + 1)
    if ordered is None:
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


def diagnose(draws: np.ndarray, ordered: np.ndarray | None = None) -> Diagnostics:
    """All diagnostics of one quantity's draws (chains, draws); ``ordered``: all of them
    sorted, when already at hand."""
    draws = np.atleast_2d(np.asarray(draws, dtype=float))
    # what several figures share is computed once (the same numbers as calling each function)
    constant = _constant(draws)
    split_z: np.ndarray | None = None
    if constant:
        bulk = float(draws.size)
    else:
        split_z = _z_scale(_split_chains(draws))
        bulk = _ess(split_z)
    low, high = _quantile_ess(draws, 0.05), _quantile_ess(draws, 0.95)
    ordered = np.sort(draws.ravel()) if ordered is None else ordered
    return Diagnostics(rhat(draws, split_z), bulk, min(low, high), mcse_mean(draws),
                       mcse_quantile(draws, 0.05, low, ordered),
                       mcse_quantile(draws, 0.95, high, ordered))


@dataclass(frozen=True)
class Verdict:
    """Whether a sampler's draws can be trusted, in plain words, with the fix when they cannot."""

    trustworthy: bool
    words: str | Text
    fix: str | Text = ""

    @property
    def warning(self) -> str:
        """The sentence to show first when the run is not trustworthy ("" when it is)."""
        if self.trustworthy:
            return ""
        return f"Not trustworthy yet: {self.words}. {self.fix}".strip()


def _fix(draws_per_chain: int, worst_ess: float, has_exact: bool) -> Text:
    more = max(2 * draws_per_chain, int(np.ceil(draws_per_chain * ESS_OK / max(worst_ess, 1.0)
                                                * 1.5 / 1000.0)) * 1000)
    if has_exact:
        # Translators: {draws} is a number of draws ("4000"); "the exact method" is a fitting
        # method of the Method choice.
        return text(N_("Run more draws (about {draws} per chain) or use the exact method, which "
                       "this model has (no sampling error), where it reports its accuracy "
                       "confirmed."), draws=Count(more))
    # Translators: {draws} is a number of draws ("4000").
    return text(N_("Run more draws (about {draws} per chain)."), draws=Count(more))


# Translators: where among a parameter's draws the independent draws are counted: "too few
# independent draws (only 120, for the middle of a)".
DRAW_PART = {"bulk": N_("middle"), "tail": N_("extremes"), "": N_("values")}
"""Where the independent draws are counted, in words (the bulk and tail effective sample sizes;
"chain disagreement" is R-hat: the glossary names both)."""


def verdict(diagnostics: dict[str, Diagnostics], n_chains: int, draws_per_chain: int = 0,
            has_exact: bool = False) -> Verdict:
    """Trustworthy only with every R-hat <= RHAT_OK and every bulk and tail ESS >= ESS_OK.

    The words name the worst parameter and figure; ``fix`` says what to do.
    """
    finite = {n: d.rhat for n, d in diagnostics.items() if np.isfinite(d.rhat)}
    worst_rhat = max(finite.values(), default=1.0)
    rhat_name = max(finite, key=finite.__getitem__) if finite else ""
    ess = {(n, kind): v for n, d in diagnostics.items()
           for kind, v in (("bulk", d.ess_bulk), ("tail", d.ess_tail))}
    (ess_name, kind), low_ess = min(ess.items(), key=lambda kv: kv[1]) if ess else (("", ""), np.inf)
    fix = _fix(draws_per_chain, low_ess, has_exact)
    if n_chains < 2:
        return Verdict(False, text(N_("with one chain, agreement between chains cannot be checked")),
                       text(N_("Run two or more chains (4 is the default).")))
    if worst_rhat > RHAT_OK:
        # Translators: {rhat} and {limit} are numbers ("1.034", "1.01"); {name} a model letter.
        said = (N_("the sampler's chains disagree (chain disagreement {rhat}, for {name}; it must "
                   "be at most {limit})") if worst_rhat >= RHAT_BAD else
                # Translators: as "the sampler's chains disagree ..." above.
                N_("the sampler's chains do not agree closely enough (chain disagreement {rhat}, "
                   "for {name}; it must be at most {limit})"))
        return Verdict(False, text(said, rhat=Number.of(worst_rhat), name=rhat_name,
                                   limit=Number.of(RHAT_OK, 2, f"{RHAT_OK}")), fix)
    if low_ess < ESS_OK:
        # Translators: {n} and {needed} are numbers of draws; {part} is "middle", "extremes" or
        # "values"; {name} a model letter.
        return Verdict(False, text(N_("too few independent draws (only {n}, for the {part} of "
                                      "{name}; at least {needed} are needed for dependable "
                                      "intervals)"), n=Number.of(low_ess, 0), part=text(DRAW_PART[kind]),
                                   name=ess_name, needed=Count(ESS_OK)), fix)
    # Translators: {rhat} is a number ("1.002"), {n} a number of draws ("3560").
    return Verdict(True, text(N_("chains agree (chain disagreement at most {rhat}; at least "
                                 "{n} independent draws)"), rhat=Number.of(worst_rhat),
                              n=Number.of(low_ess, 0)))
