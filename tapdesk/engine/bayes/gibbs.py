"""Gibbs samplers by data augmentation for the per-rater and K-category models.

Why Gibbs here: with the latent true class z_i of each subject and, for each
rating, whether it was accurate or a guess, every full conditional is a
conjugate Beta or Dirichlet, and z_i given the parameters is a Bernoulli (or
categorical) with a closed-form probability (Tanner & Wong 1987). Each sweep
costs a few matrix products over rating patterns x raters (subjects rated
alike share a pattern, and how many of them are Class 1 is one binomial
draw), so all chains run at once, and there is no step size to tune. The accurate/guess indicators enter
only through their counts, drawn as binomials.

Per-rater t-a_j-p_j (binary): Pr(rating 1 | z=1) = q1_j = a_j + (1-a_j) p_j,
Pr(rating 1 | z=0) = q0_j = (1-a_j) p_j. Given the classes z, a rater's
ratings are Bernoulli(q1_j) on true-1 and Bernoulli(q0_j) on true-0
subjects, so (q1_j, q0_j) are drawn from their Beta conditionals and taken
as (a_j, p_j) by an independence Metropolis step that corrects for the prior
on (a_j, p_j), its Jacobian, and q1_j >= q0_j. This collapses out the
accurate/guess indicators: with them, a_j and p_j of a very accurate rater
(few guesses) mix slowly along their curved ridge; without them they are
redrawn almost independently at every sweep. K-category average model:
pi(c -> k) = a I(k = c) + (1 - a) p_k with prevalences t (a simplex).

Random numbers come from one seeded Generator in a fixed order per sweep,
so results do not depend on whether progress batches are consumed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import expit, xlogy

from tapdesk.engine.bayes.samplers import (
    MIN_ITERATIONS,
    BatchCutter,
    KeptMean,
    RunUntil,
    SamplerGenerator,
    finish_chains,
)
from tapdesk.engine.request import Prior


@dataclass(frozen=True, eq=False)
class RaterData:
    """Binary ratings by identified raters: per subject x rater counts of Class-1 and Class-0."""

    ones: np.ndarray      # (N, J) Class-1 ratings of subject i by rater j
    zeros: np.ndarray     # (N, J)

    @property
    def n_raters(self) -> int:
        return self.ones.shape[1]

    def patterns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(ones (G, J), zeros (G, J), subjects per pattern (G,), pattern of each subject (N,)).

        Subjects rated alike by every rater have the same conditional
        probability of Class 1; with J raters there are at most 3^J patterns
        (1, 0 or unrated), usually far fewer than subjects.
        """
        rows, index, weight = np.unique(np.hstack([self.ones, self.zeros]), axis=0,
                                        return_inverse=True, return_counts=True)
        j = self.n_raters
        return rows[:, :j], rows[:, j:], weight, index.ravel()


def _beta(rng: np.random.Generator, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Beta draws kept strictly inside (0, 1) so logs stay finite."""
    return np.clip(rng.beta(a, b), 1e-300, 1 - 1e-16)


def _dirichlet(rng: np.random.Generator, conc: np.ndarray) -> np.ndarray:
    """Dirichlet draws along the last axis for a stack of concentration vectors."""
    g = rng.standard_gamma(conc)
    g = np.maximum(g, 1e-300)
    return g / g.sum(axis=-1, keepdims=True)


def _log_beta(x: np.ndarray, prior: Prior) -> np.ndarray:
    return xlogy(prior.alpha - 1, x) + xlogy(prior.beta - 1, 1 - x)


def _rater_weight(a: np.ndarray, p: np.ndarray, pa: Prior, pp: Prior) -> np.ndarray:
    """log of prior(a) prior(p) / (1 - a): the target over the (q1, q0) Beta proposal.

    (1 - a) is the Jacobian |d(q1, q0) / d(a, p)|, so a density on (a, p)
    becomes prior(a, p) / (1 - a) on (q1, q0).
    """
    with np.errstate(divide="ignore"):
        return _log_beta(a, pa) + _log_beta(p, pp) - np.log1p(-a)


def _log_values(x: np.ndarray) -> np.ndarray:
    return np.log(np.clip(x, 1e-300, None))


def per_rater_gibbs(data: RaterData, priors: dict[str, Prior], start: np.ndarray, n_warmup: int,
                    n_draws: int, rng: np.random.Generator, cancelled: Callable[[], bool],
                    batch: int = 25, run_until: bool = True) -> SamplerGenerator:
    """Gibbs sampler for t-a_j-p_j. ``start`` is (chains, 1 + 2J) as (t, a_1..a_J, p_1..p_J).

    Yields Batches of (t, a_j, p_j); returns ChainsOutput whose ``extra``
    holds ``prob_class1`` (N,): the Rao-Blackwellised posterior mean of each
    subject's Pr(truly Class 1).
    """
    chains = start.shape[0]
    n_subj, n_rat = data.ones.shape
    ones, zeros, weight, index = data.patterns()
    ones, zeros = ones.astype(float), zeros.astype(float)
    pt, pa, pp = priors["t"], priors["a"], priors["p"]
    t, a, p = start[:, 0].copy(), start[:, 1:1 + n_rat].copy(), start[:, 1 + n_rat:].copy()
    runner = RunUntil(n_warmup, n_draws, run_until)
    values = np.empty((chains, runner.cap, 1 + 2 * n_rat))
    trace = np.empty((chains, runner.cap))
    accepted = np.zeros((chains, n_rat))
    done = 0
    cutter = BatchCutter(values, trace, n_warmup, runner.total, batch)

    def terms(t, a, p):
        """Per-pattern log-odds of Class 1, and the log posterior of (t, a, p) with z summed out."""
        q1, q0 = a + (1 - a) * p, (1 - a) * p                 # (C, J)
        s1 = ones @ _log_values(q1).T + zeros @ _log_values(1 - q1).T   # (G, C)
        s0 = ones @ _log_values(q0).T + zeros @ _log_values(1 - q0).T
        lt, l1t = np.log(t), np.log1p(-t)
        log_post = weight @ np.logaddexp(lt + s1, l1t + s0)
        log_post += _log_beta(t, pt) + _log_beta(a, pa).sum(axis=1) + _log_beta(p, pp).sum(axis=1)
        return (lt - l1t)[None, :] + s1 - s0, log_post

    logit_z, _ = terms(t, a, p)
    class1 = KeptMean(expit(logit_z).T, n_warmup)              # (C, G) Pr(z = 1 | state)
    while done < runner.total:
        i = done
        if i >= MIN_ITERATIONS and cancelled():
            break
        # the subjects of a pattern are exchangeable: how many are Class 1 is binomial
        k = rng.binomial(weight, class1.last).astype(float)     # (C, G)
        n11, n10 = k @ ones, k @ zeros                          # (C, J) ratings by true class
        n01, n00 = (weight - k) @ ones, (weight - k) @ zeros
        q1_new = _beta(rng, 1 + n11, 1 + n10)
        q0_new = _beta(rng, 1 + n01, 1 + n00)
        u = rng.random(a.shape)
        n1 = k.sum(axis=1)
        t = _beta(rng, pt.alpha + n1, pt.beta + n_subj - n1)
        a_new = q1_new - q0_new
        p_new = np.clip(q0_new / np.maximum(1 - a_new, 1e-300), 1e-300, 1 - 1e-16)
        with np.errstate(invalid="ignore"):
            ratio = _rater_weight(a_new, p_new, pa, pp) - _rater_weight(a, p, pa, pp)
            accept = (a_new > 0) & (np.log(u) < ratio)
        a, p = np.where(accept, a_new, a), np.where(accept, p_new, p)
        accepted += accept
        values[:, i, 0], values[:, i, 1:1 + n_rat], values[:, i, 1 + n_rat:] = t, a, p
        logit_z, trace[:, i] = terms(t, a, p)
        class1.add(i, expit(logit_z).T)
        done = i + 1
        yield from cutter.advance(runner, done)
    yield from cutter.rest(done)
    return finish_chains(values, trace, done, n_warmup, runner.total,
                         accepted.mean(axis=1) / max(done, 1),
                         {"prob_class1": class1.mean(done)[index]})


@dataclass(frozen=True, eq=False)
class PatternData:
    """K-category count patterns: distinct per-subject count vectors and how many subjects show each."""

    counts: np.ndarray    # (G, K)
    weight: np.ndarray    # (G,)
    index: np.ndarray     # (N,) pattern of each analysed subject

    @property
    def k(self) -> int:
        return self.counts.shape[1]


class JointMove:
    """Adaptive random-walk Metropolis on all of (t, a, p), the true classes summed out.

    Why: t, a and p are strongly correlated in the posterior itself (|r| up to
    .8-1 at t = .2, a = .5, p = .4 with 1000 x 5), and Gibbs through the
    latent classes and the accurate/guess split moves along that ridge in tiny
    steps (bulk ESS ~650 of 32,000 draws). One Metropolis step per sweep, its
    proposal shaped by the warm-up draws' covariance (Haario et al. 2001),
    moves along it; the Gibbs sweep still does the rest. The free coordinates
    are (t_1..t_{K-1}, a, p_1..p_{K-1}); the uniform-on-the-simplex measure
    needs no Jacobian, and proposals outside the simplex are rejected.
    """

    START = 100

    def __init__(self, k: int, chains: int, rng: np.random.Generator) -> None:
        self.k, self.rng = k, rng
        self.chol: np.ndarray | None = None
        self.accepted = np.zeros(chains)

    def free(self, values: np.ndarray) -> np.ndarray:
        k = self.k
        return np.concatenate([values[..., :k - 1], values[..., k:2 * k]], axis=-1)

    def adapt(self, values: np.ndarray, i: int) -> None:
        """During warm-up, every 50 sweeps from START: covariance of the last half."""
        if i < self.START or i % 50:
            return
        x = self.free(values[:, i // 2:i]).reshape(-1, 2 * self.k - 1)
        cov = np.cov(x.T) * 2.38 ** 2 / x.shape[1] + 1e-10 * np.eye(x.shape[1])
        self.chol = np.linalg.cholesky(cov)

    def move(self, state: np.ndarray, log_post, current: np.ndarray):
        """One step from ``state`` (chains, 2K + 1); returns (new state, its log posterior)."""
        if self.chol is None:
            return state, current
        k = self.k
        step = self.free(state) + self.rng.standard_normal((len(state), 2 * k - 1)) @ self.chol.T
        t_last = 1 - step[:, :k - 1].sum(axis=1, keepdims=True)
        p_last = 1 - step[:, k:].sum(axis=1, keepdims=True)
        new = np.column_stack([step[:, :k - 1], t_last, step[:, k - 1], step[:, k:], p_last])
        inside = np.all((new > 0) & (new < 1), axis=1)
        safe = np.where(inside[:, None], new, state)
        lp_new = log_post(safe)
        with np.errstate(invalid="ignore"):
            take = inside & (np.log(self.rng.random(len(state))) < lp_new - current)
        self.accepted += take
        return np.where(take[:, None], safe, state), np.where(take, lp_new, current)


def categorical_gibbs(data: PatternData, priors: dict[str, Prior], start: np.ndarray,
                      n_warmup: int, n_draws: int, rng: np.random.Generator,
                      cancelled: Callable[[], bool], batch: int = 100,
                      run_until: bool = True) -> SamplerGenerator:
    """Gibbs sampler for the average K-category model on count patterns.

    ``start`` is (chains, 2K + 1) as (t_1..t_K, a, p_1..p_K). Per sweep: the
    number of subjects of each pattern in each true class is multinomial; the
    accurate ratings among the n_gk ratings naming the true class k are
    binomial with probability a / (a + (1-a) p_k) (summed over patterns, one
    binomial per class); then t | classes is Dirichlet, a | accurate counts
    Beta, p | guessed categories Dirichlet. ``extra["class_probs"]`` (G, K)
    holds each pattern's posterior mean class probabilities.
    """
    chains = start.shape[0]
    k = data.k
    counts = data.counts.astype(float)
    weight = np.rint(data.weight).astype(np.int64)
    per_category = (counts * weight[:, None]).sum(axis=0)      # ratings naming each category
    n_ratings = per_category.sum()
    pt, pa, pp = priors["t"], priors["a"], priors["p"]
    t, a, p = start[:, :k].copy(), start[:, k].copy(), start[:, k + 1:].copy()
    runner = RunUntil(n_warmup, n_draws, run_until)
    values = np.empty((chains, runner.cap, 2 * k + 1))
    trace = np.empty((chains, runner.cap))
    eye = np.eye(k)
    done = 0
    cutter = BatchCutter(values, trace, n_warmup, runner.total, batch)
    joint = JointMove(k, chains, rng)

    def terms(t, a, p):
        confusion = a[:, None, None] * eye + (1 - a)[:, None, None] * p[:, None, :]   # C, K, K
        log_lik = np.einsum("gm,ckm->cgk", counts, _log_values(confusion))           # C, G, K
        joint = log_lik + np.log(t)[:, None, :]
        norm = np.logaddexp.reduce(joint, axis=2)
        log_post = (weight * norm).sum(axis=1)
        log_post += ((pt.alpha - 1) * np.log(t)).sum(axis=1) + _log_beta(a, pa) \
            + ((pp.alpha - 1) * np.log(p)).sum(axis=1)
        return np.exp(joint - norm[:, :, None]), log_post

    def log_post(state):
        return terms(state[:, :k], state[:, k], state[:, k + 1:])[1]

    probs = KeptMean(terms(t, a, p)[0], n_warmup)
    while done < runner.total:
        i = done
        if i >= MIN_ITERATIONS and cancelled():
            break
        in_class = rng.multinomial(np.broadcast_to(weight, (chains, len(weight))), probs.last)
        on_class = np.einsum("cgk,gk->ck", in_class, counts)   # ratings naming the true class
        accurate = rng.binomial(on_class.astype(np.int64), a[:, None] / (a[:, None] + (1 - a[:, None]) * p))
        t = _dirichlet(rng, pt.alpha + in_class.sum(axis=1))
        n_acc = accurate.sum(axis=1)
        a = _beta(rng, pa.alpha + n_acc, pa.beta + n_ratings - n_acc)
        p = _dirichlet(rng, pp.alpha + per_category[None, :] - accurate)
        _, lp = terms(t, a, p)
        state, lp = joint.move(np.column_stack([t, a, p]), log_post, lp)
        t, a, p = state[:, :k], state[:, k], state[:, k + 1:]
        values[:, i] = state
        in_probs, trace[:, i] = terms(t, a, p)
        probs.add(i, in_probs)
        if i < n_warmup:
            joint.adapt(values, i + 1)
        done = i + 1
        yield from cutter.advance(runner, done)
    yield from cutter.rest(done)
    return finish_chains(values, trace, done, n_warmup, runner.total, np.ones(chains),
                         {"class_probs": probs.mean(done)})
