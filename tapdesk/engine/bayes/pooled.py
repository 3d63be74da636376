"""Gibbs-within-Metropolis sampler for the per-rater t-a-p model with a population prior.

The model (partial pooling, the seed's "mixed effects" t-a_j-p_j):
logit a_j ~ Normal(mu_a + b . x_j, sigma_a^2), logit p_j ~ Normal(mu_p + c . x_j, sigma_p^2),
t ~ Beta, and the ratings as in the per-rater model. ``x_j`` are the rater's attributes
(standardised here: centred and divided by their spread across raters, so the priors mean the
same whatever unit an attribute is in; :func:`population_draws` turns the draws back to the
attribute's own unit).

Why hand-written: no sampler library a frozen desktop bundle can carry (PyMC and Stan need
compilers or autodiff, see :mod:`.samplers`) handles the latent true classes, and every step
here is either conjugate or one-dimensional per rater, so a few vectorised numpy lines do it
for all chains at once. Per sweep:

1. the true classes given (t, a, p): one binomial per rating pattern, as in :mod:`.gibbs`;
2. t given the classes: Beta (conjugate);
3. each rater's (logit a_j, logit p_j) given the classes and the population: three
   Metropolis-Hastings steps that leave that conditional unchanged -- an independence step
   proposing from the Beta conditionals of (q1_j, q0_j) (good where the rater's own ratings
   decide, as in :mod:`.gibbs`), an independence step proposing from the population prior
   (good where they do not: a rater with three ratings), and a random walk on the logit scale
   whose step is tuned per rater during warm-up;
4. the population given the raters' logits ("centred"): (mu, b) Normal (conjugate linear
   regression), sigma by an independence step from its inverse-gamma form corrected for the
   half-normal prior;
5. the population moved with the raters ("non-centred", as in Yu & Meng 2011's interweaving):
   sigma scaled, and (mu, b) shifted, with every rater's standardised deviation held fixed, each
   a Metropolis step on the ratings' likelihood, proposed from the state the step before left.
   Step 4 alone crawls when raters rate few subjects each (the funnel between sigma and the
   raters' logits); step 5 alone crawls when they rate many; together they mix in both.

Random numbers come from one seeded Generator in a fixed order per sweep, so results do not
depend on whether progress batches are consumed, and a cancelled run's draws are a prefix of
the full run's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import expit, log_expit, logit

from tapdesk.engine.bayes.gibbs import RaterData, _beta, _log_beta, _log_values
from tapdesk.engine.bayes.samplers import (
    MIN_ITERATIONS,
    BatchCutter,
    KeptMean,
    RunUntil,
    SamplerGenerator,
    finish_chains,
)
from tapdesk.engine.request import Prior

MU_SD = 1.5
"""Prior of the population's mean logit (accuracy or guess rate): Normal(0, 1.5^2), which puts
the panel's typical accuracy anywhere between about 0.05 and 0.95."""
SIGMA_SD = 1.0
"""Prior of the spread of raters' logits: Half-Normal(1); a spread of 1 on the logit scale
already lets a typical rater's accuracy of 0.7 vary from about 0.4 to 0.9 across raters."""
EFFECT_SD = 1.0
"""Prior of an attribute's effect on the logit, per spread (standard deviation) of the attribute
across raters: Normal(0, 1)."""
TARGET_ACCEPT = 0.35
FAMILIES = ("a", "p")


@dataclass(frozen=True, eq=False)
class Attributes:
    """Rater attributes as numbers: ``x`` (raters, k) in their own units, and per column its
    attribute and level: (attribute, None) for a numeric attribute (its effect is per unit),
    (attribute, level) for the 0/1 indicator of one level of a categorical attribute (its effect
    is against the reference level). ``k`` may be 0: one population mean."""

    x: np.ndarray
    columns: tuple[tuple[str, str | None], ...]

    @staticmethod
    def none(n_raters: int) -> Attributes:
        return Attributes(np.zeros((n_raters, 0)), ())

    @property
    def labels(self) -> tuple[str, ...]:
        """One label per column: "age", "site: B"."""
        return tuple(a if level is None else f"{a}: {level}" for a, level in self.columns)

    @property
    def names(self) -> tuple[str, ...]:
        """The attributes, each once, in order."""
        return tuple(dict.fromkeys(a for a, _ in self.columns))

    @property
    def k(self) -> int:
        return self.x.shape[1]

    @property
    def centre(self) -> np.ndarray:
        return self.x.mean(axis=0)

    @property
    def spread(self) -> np.ndarray:
        sd = self.x.std(axis=0)
        return np.where(sd > 0, sd, 1.0)

    def design(self) -> np.ndarray:
        """(raters, 1 + k): a column of ones, then the standardised attributes."""
        return np.column_stack([np.ones(len(self.x)), (self.x - self.centre) / self.spread])


@dataclass(frozen=True)
class PooledLayout:
    """Where each quantity sits in a draw: t, a_1..a_J, p_1..p_J, then per family (a, p):
    mu (logit, at the raters' average attributes), sigma, and k effects (logit per unit)."""

    n_raters: int
    k: int

    @property
    def size(self) -> int:
        return 1 + 2 * self.n_raters + 2 * (2 + self.k)

    def family(self, name: str) -> int:
        """Index of the family's mu; sigma follows, then its effects."""
        return 1 + 2 * self.n_raters + FAMILIES.index(name) * (2 + self.k)


def log_normal(x: np.ndarray, mean: np.ndarray, sd) -> np.ndarray:
    return -0.5 * ((x - mean) / sd) ** 2 - np.log(sd)


class RaterCounts:
    """Each rater's ratings by true class in one sweep, and their log-likelihood given logits."""

    def __init__(self, n11: np.ndarray, n10: np.ndarray, n01: np.ndarray, n00: np.ndarray):
        self.n11, self.n10, self.n01, self.n00 = n11, n10, n01, n00

    def log_lik(self, la: np.ndarray, lp: np.ndarray) -> np.ndarray:
        """(chains, raters): log Pr(ratings | classes) at logit a = la, logit p = lp."""
        a, p = expit(la), expit(lp)
        q0 = (1 - a) * p
        q1 = a + q0
        return (self.n11 * _log_values(q1) + self.n10 * _log_values((1 - a) * (1 - p))
                + self.n01 * _log_values(q0) + self.n00 * _log_values(1 - q0))


class Population:
    """One family's population state (mu and effects ``coef`` (chains, 1 + k), ``sigma``
    (chains,)) with its centred and non-centred updates and tuned non-centred steps."""

    def __init__(self, design: np.ndarray, chains: int, rng: np.random.Generator) -> None:
        self.design, self.rng = design, rng
        k1 = design.shape[1]
        self.prior_precision = np.diag([1 / MU_SD ** 2] + [1 / EFFECT_SD ** 2] * (k1 - 1))
        self.coef = np.zeros((chains, k1))
        self.sigma = np.full(chains, 0.5)
        self.log_step = np.full((2, chains), np.log(0.3))
        gram = design.T @ design + np.eye(k1)
        self.shift_chol = np.linalg.cholesky(np.linalg.inv(gram) * len(design))

    def mean(self) -> np.ndarray:
        return self.coef @ self.design.T                         # (chains, raters)

    def log_prior(self, logits: np.ndarray) -> np.ndarray:
        return log_normal(logits, self.mean(), self.sigma[:, None])

    def centred(self, logits: np.ndarray) -> None:
        """(coef, sigma) given the raters' logits (chains, raters)."""
        x, rng = self.design, self.rng
        precision = (x.T @ x)[None] / self.sigma[:, None, None] ** 2 + self.prior_precision
        cov = np.linalg.inv(precision)
        mean = np.einsum("cij,cj->ci", cov, logits @ x / self.sigma[:, None] ** 2)
        chol = np.linalg.cholesky(cov)
        self.coef = mean + np.einsum("cij,cj->ci", chol, rng.standard_normal(mean.shape))
        rss = ((logits - self.mean()) ** 2).sum(axis=1)
        shape = max((len(x) - 1) / 2, 0.5)
        proposal = np.sqrt(rss / 2 / rng.standard_gamma(shape, size=len(rss)))
        proposal = np.maximum(proposal, 1e-6)
        log_u = np.log(rng.random(len(rss)))
        # target sigma^-J exp(-rss / 2 sigma^2) halfnormal(sigma); the proposal has all but the
        # half-normal (with shape (J - 1) / 2; for J = 2 raters the 1/2 floor leaves a sigma^-1
        # factor more in the proposal, which the same ratio corrects)
        extra = (len(x) - 1 - 2 * shape)
        ratio = (-(proposal ** 2 - self.sigma ** 2) / (2 * SIGMA_SD ** 2)
                 - extra * (np.log(proposal) - np.log(self.sigma)))
        self.sigma = np.where(log_u < ratio, proposal, self.sigma)

    def log_hyper_prior(self, coef: np.ndarray, sigma: np.ndarray) -> np.ndarray:
        quad = np.einsum("ci,ij,cj->c", coef, self.prior_precision, coef)
        return -0.5 * quad - 0.5 * (sigma / SIGMA_SD) ** 2

    def proposal(self, move: int, logits: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A non-centred proposal from the current state: (new coef, new sigma, new logits) for
        a scale (``move`` 0) or a shift (1), the raters' standardised deviations held fixed.

        Each is drawn from the state it starts at: before issue 55 both were drawn from the
        state before the scale move, so a shift taken after a scale put sigma back where it
        was with the raters' logits of before -- not a Metropolis step of the posterior; it
        held sigma low (with no ratings, where the posterior is the prior, the median of sigma
        drawn was 0.62 where the Half-Normal(1)'s is 0.674)."""
        rng, chains = self.rng, len(self.sigma)
        eta = (logits - self.mean()) / self.sigma[:, None]
        if move == 0:
            sigma = self.sigma * np.exp(np.exp(self.log_step[0]) * rng.standard_normal(chains))
            return self.coef, sigma, self.mean() + sigma[:, None] * eta
        shift = rng.standard_normal(self.coef.shape) @ self.shift_chol.T
        coef = self.coef + np.exp(self.log_step[1])[:, None] * shift
        return coef, self.sigma, coef @ self.design.T + self.sigma[:, None] * eta

    def accept(self, move: int, new: tuple[np.ndarray, np.ndarray, np.ndarray],
               gain: np.ndarray, log_u: np.ndarray, adapt: float) -> np.ndarray:
        """Take a proposal where accepted; ``gain`` the ratings' log-likelihood change."""
        coef, sigma, _ = new
        ratio = gain + self.log_hyper_prior(coef, sigma) - self.log_hyper_prior(self.coef,
                                                                                self.sigma)
        if move == 0:
            ratio = ratio + np.log(sigma) - np.log(self.sigma)     # log-scale walk's Jacobian
        with np.errstate(invalid="ignore"):
            take = log_u < ratio
        self.coef = np.where(take[:, None], coef, self.coef)
        self.sigma = np.where(take, sigma, self.sigma)
        if adapt:
            self.log_step[move] += adapt * (take - TARGET_ACCEPT)
        return take


class RaterSteps:
    """The three Metropolis-Hastings steps for every rater's (logit a, logit p)."""

    def __init__(self, chains: int, n_raters: int, rng: np.random.Generator) -> None:
        self.rng = rng
        self.log_step = np.full((chains, n_raters), np.log(0.5))
        self.accepted = np.zeros((chains, n_raters))

    def run(self, counts: RaterCounts, la: np.ndarray, lp: np.ndarray, pop: dict[str, Population],
            adapt: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The three steps; returns (logit a, logit p, their ratings' log-likelihood)."""
        rng = self.rng

        def log_prior(x, y):
            return pop["a"].log_prior(x) + pop["p"].log_prior(y)

        def beta_weight(x, y):
            """Target over the Beta proposal in (q1, q0): the logit prior, its Jacobian
            1 / (a (1 - a) p (1 - p)) and |d(a, p) / d(q1, q0)| = 1 / (1 - a)."""
            return (log_prior(x, y) - log_expit(x) - 2 * log_expit(-x) - log_expit(y)
                    - log_expit(-y))
        # 1. independence step from the Beta conditionals of (q1, q0)
        q1 = _beta(rng, 1 + counts.n11, 1 + counts.n10)
        q0 = _beta(rng, 1 + counts.n01, 1 + counts.n00)
        u = np.log(rng.random(la.shape))
        a_new = q1 - q0
        ok = (a_new > 1e-12) & (a_new < 1 - 1e-12)
        a_safe = np.where(ok, a_new, 0.5)
        p_safe = np.clip(q0 / (1 - a_safe), 1e-12, 1 - 1e-12)
        x_new, y_new = logit(a_safe), logit(p_safe)
        take = ok & (u < beta_weight(x_new, y_new) - beta_weight(la, lp))
        la, lp = np.where(take, x_new, la), np.where(take, y_new, lp)
        ll = counts.log_lik(la, lp)
        # 2. independence step from the population prior
        x_new = pop["a"].mean() + pop["a"].sigma[:, None] * rng.standard_normal(la.shape)
        y_new = pop["p"].mean() + pop["p"].sigma[:, None] * rng.standard_normal(la.shape)
        u = np.log(rng.random(la.shape))
        ll_new = counts.log_lik(x_new, y_new)
        take = u < ll_new - ll
        la, lp, ll = np.where(take, x_new, la), np.where(take, y_new, lp), np.where(take, ll_new, ll)
        # 3. random walk on the logit scale, its step tuned per rater during warm-up
        step = np.exp(self.log_step)
        x_new = la + step * rng.standard_normal(la.shape)
        y_new = lp + step * rng.standard_normal(la.shape)
        u = np.log(rng.random(la.shape))
        ll_new = counts.log_lik(x_new, y_new)
        take = u < ll_new + log_prior(x_new, y_new) - ll - log_prior(la, lp)
        if adapt:
            self.log_step += adapt * (take - TARGET_ACCEPT)
        self.accepted += take
        return (np.where(take, x_new, la), np.where(take, y_new, lp),
                np.where(take, ll_new, ll))


class JointShift:
    """An adaptive random walk on (logit t, mu_a, mu_p, log sigma_a, log sigma_p) with the true
    classes summed out, every rater's logit moving with its population (their standardised
    deviations held fixed).

    Why: given the classes, t, the guess rates and the accuracies are each pinned down, so the
    sweeps above move them only as fast as the classes change; in sparse panels that is slow
    along the ridge where more Class-1 subjects trade against higher guess rates (R-hat 1.02 for
    mu_p after 4 x 4000 sweeps without this move; with it the effective draws of t, mu_p and
    the guess rates about double). MOVES proposals per sweep along it, its covariance learned in
    warm-up from the draws (Haario et al. 2001), each costing one evaluation of the marginal
    likelihood. The raters' deviations keep their standard-normal prior, so the ratio is the
    marginal likelihood's, t's Beta prior, the population's priors, and the Jacobians of the
    logit and log walks.
    """

    START = 100
    DIM = 5
    MOVES = 4
    """Proposals per sweep. Along that ridge the move does most of the work, and after the
    first the state's marginal likelihood is at hand, so each further one costs one
    evaluation: on data sets from the prior (60 subjects, 3 of 8 raters each) four of them
    about doubled the independent draws per sweep of t and mu_p (the quantities that held
    most runs back) for about 1.5x the time per sweep (issue 55)."""

    def __init__(self, chains: int, rng: np.random.Generator, columns: tuple[int, ...]):
        self.rng, self.columns = rng, list(columns)
        self.chol: np.ndarray = 0.05 * np.eye(self.DIM)
        self.accepted = np.zeros(chains)

    def adapt(self, values: np.ndarray, i: int) -> None:
        """During warm-up, every 50 sweeps from START: covariance of the last half."""
        if i < self.START or i % 50:
            return
        x = values[:, i // 2:i, self.columns].copy()
        x[:, :, 0] = logit(x[:, :, 0])
        x[:, :, 3:] = np.log(x[:, :, 3:])
        cov = np.cov(x.reshape(-1, self.DIM).T) * 2.38 ** 2 / self.DIM
        self.chol = np.linalg.cholesky(cov + 1e-8 * np.eye(self.DIM))

    def moves(self, t, la, lp, marginal, pop: dict[str, Population], prior_t: Prior):
        """MOVES steps; returns (t, la, lp, per-pattern log-odds of Class 1, marginal
        log-likelihood) at the state kept."""
        logit_z, log_lik = marginal(t, la, lp)
        for _ in range(self.MOVES):
            t, la, lp, logit_z, log_lik = self.move(t, la, lp, logit_z, log_lik, marginal, pop,
                                                    prior_t)
        return t, la, lp, logit_z, log_lik

    def move(self, t, la, lp, logit_z, log_lik, marginal, pop: dict[str, Population],
             prior_t: Prior):
        """One step from (t, la, lp) whose marginal is (logit_z, log_lik); returns the state
        kept as :meth:`moves` does."""
        step = self.rng.standard_normal((len(t), self.DIM)) @ self.chol.T
        u = np.log(self.rng.random(len(t)))
        t_new = expit(logit(t) + step[:, 0])
        ratio = (_log_beta(t_new, prior_t) - _log_beta(t, prior_t)
                 + np.log(t_new) + np.log1p(-t_new) - np.log(t) - np.log1p(-t))
        moved = []
        for k, (name, logits) in enumerate(zip(FAMILIES, (la, lp))):
            fam = pop[name]
            shift, sigma = step[:, 1 + k], fam.sigma * np.exp(step[:, 3 + k])
            coef = fam.coef.copy()
            coef[:, 0] += shift
            moved.append((coef, sigma, coef @ fam.design.T
                          + sigma[:, None] * (logits - fam.mean()) / fam.sigma[:, None]))
            ratio += (fam.log_hyper_prior(coef, sigma) - fam.log_hyper_prior(fam.coef, fam.sigma)
                      + step[:, 3 + k])
        logit_new, log_lik_new = marginal(t_new, moved[0][2], moved[1][2])
        with np.errstate(invalid="ignore"):
            take = (t_new > 0) & (t_new < 1) & (u < ratio + log_lik_new - log_lik)
        self.accepted += take
        keep = take[:, None]
        for name, (coef, sigma, _) in zip(FAMILIES, moved):
            pop[name].coef = np.where(keep, coef, pop[name].coef)
            pop[name].sigma = np.where(take, sigma, pop[name].sigma)
        return (np.where(take, t_new, t), np.where(keep, moved[0][2], la),
                np.where(keep, moved[1][2], lp), np.where(take[None, :], logit_new, logit_z),
                np.where(take, log_lik_new, log_lik))


def pooled_gibbs(data: RaterData, attributes: Attributes, prior_t: Prior, start: np.ndarray,
                 n_warmup: int, n_draws: int, rng: np.random.Generator,
                 cancelled: Callable[[], bool], batch: int = 25,
                 run_until: bool = True) -> SamplerGenerator:
    """The sampler (a generator of Batches, as every sampler here). ``start`` is
    (chains, 1 + 2J) as (t, a_1..a_J, p_1..p_J); the population starts at the raters' own
    start values. Draws follow :class:`PooledLayout`; ``extra["prob_class1"]`` (N,) holds each
    subject's Rao-Blackwellised posterior mean Pr(truly Class 1)."""
    chains = start.shape[0]
    n_subj, n_rat = data.ones.shape
    layout = PooledLayout(n_rat, attributes.k)
    ones, zeros, weight, index = data.patterns()
    ones, zeros = ones.astype(float), zeros.astype(float)
    design = attributes.design()
    t = start[:, 0].copy()
    la, lp = logit(start[:, 1:1 + n_rat]), logit(start[:, 1 + n_rat:])
    pop = {name: Population(design, chains, rng) for name in FAMILIES}
    for name, logits in zip(FAMILIES, (la, lp)):
        pop[name].coef[:, 0] = logits.mean(axis=1)
        pop[name].sigma = np.maximum(logits.std(axis=1), 0.1)
    steps = RaterSteps(chains, n_rat, rng)
    runner = RunUntil(n_warmup, n_draws, run_until)
    values = np.empty((chains, runner.cap, layout.size))
    trace = np.empty((chains, runner.cap))
    to_unit = np.concatenate([[1.0], 1 / attributes.spread])

    def marginal(t, la, lp):
        """Per-pattern log-odds of Class 1, and the ratings' log-likelihood with the classes
        summed out."""
        a, p = expit(la), expit(lp)
        q1, q0 = a + (1 - a) * p, (1 - a) * p
        s1 = ones @ _log_values(q1).T + zeros @ _log_values(1 - q1).T
        s0 = ones @ _log_values(q0).T + zeros @ _log_values(1 - q0).T
        lt, l1t = np.log(t), np.log1p(-t)
        return (lt - l1t)[None, :] + s1 - s0, weight @ np.logaddexp(lt + s1, l1t + s0)

    def log_prior(t, la, lp):
        out = _log_beta(t, prior_t)
        for name, logits in zip(FAMILIES, (la, lp)):
            out += pop[name].log_prior(logits).sum(axis=1) \
                + pop[name].log_hyper_prior(pop[name].coef, pop[name].sigma)
        return out

    def record(i: int) -> None:
        values[:, i, 0], values[:, i, 1:1 + n_rat], values[:, i, 1 + n_rat:1 + 2 * n_rat] = \
            t, expit(la), expit(lp)
        for name in FAMILIES:
            at = layout.family(name)
            values[:, i, at], values[:, i, at + 1] = pop[name].coef[:, 0], pop[name].sigma
            values[:, i, at + 2:at + 2 + layout.k] = pop[name].coef[:, 1:] * to_unit[1:]

    logit_z, _ = marginal(t, la, lp)
    class1 = KeptMean(expit(logit_z).T, n_warmup)
    joint = JointShift(chains, rng, (0, layout.family("a"), layout.family("p"),
                                      layout.family("a") + 1, layout.family("p") + 1))
    done = 0
    cutter = BatchCutter(values, trace, n_warmup, runner.total, batch)
    while done < runner.total:
        i = done
        if i >= MIN_ITERATIONS and cancelled():
            break
        adapt = 1.0 / (1.0 + i) ** 0.6 if i < n_warmup else 0.0
        k = rng.binomial(weight, class1.last).astype(float)
        counts = RaterCounts(k @ ones, k @ zeros, (weight - k) @ ones, (weight - k) @ zeros)
        n1 = k.sum(axis=1)
        t = _beta(rng, prior_t.alpha + n1, prior_t.beta + n_subj - n1)
        la, lp, ll = steps.run(counts, la, lp, pop, adapt)
        for name in FAMILIES:
            pop[name].centred(la if name == "a" else lp)
        la, lp = _non_centred(counts, la, lp, ll, pop, rng, adapt)
        t, la, lp, logit_z, log_lik = joint.moves(t, la, lp, marginal, pop, prior_t)
        if i < n_warmup:
            joint.adapt(values, i)
        record(i)
        trace[:, i] = log_lik + log_prior(t, la, lp)
        class1.add(i, expit(logit_z).T)
        done = i + 1
        yield from cutter.advance(runner, done)
    yield from cutter.rest(done)
    return finish_chains(values, trace, done, n_warmup, runner.total,
                         steps.accepted.mean(axis=1) / max(done, 1),
                         {"prob_class1": class1.mean(done)[index]})


def _non_centred(counts: RaterCounts, la: np.ndarray, lp: np.ndarray, ll: np.ndarray,
                 pop: dict[str, Population], rng: np.random.Generator,
                 adapt: float) -> tuple[np.ndarray, np.ndarray]:
    """Step 5: scale and shift moves of each family's population, the raters moving with it
    (``ll`` the ratings' log-likelihood at (la, lp))."""
    for name in FAMILIES:
        for move in (0, 1):
            new = pop[name].proposal(move, la if name == "a" else lp)
            x, y = (new[2], lp) if name == "a" else (la, new[2])
            ll_new = counts.log_lik(x, y)
            take = pop[name].accept(move, new, (ll_new - ll).sum(axis=1),
                                    np.log(rng.random(len(ll))), adapt)
            la, lp = np.where(take[:, None], x, la), np.where(take[:, None], y, lp)
            ll = np.where(take[:, None], ll_new, ll)
    return la, lp
