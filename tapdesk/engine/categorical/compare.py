"""t-a-p (average and per-rater) against Dawid-Skene: likelihood ratio, AIC, BIC.

The t-a-p models are Dawid-Skene with each rater's confusion matrix
constrained to a_j I + (1 - a_j) 1 p_j^T (and, for the average model, the
same a and p for every rater). The fits are chained so the nesting holds for
the numbers too: the per-rater fit starts from the average fit and Dawid-
Skene from the per-rater fit, and EM never lowers the likelihood, so each
likelihood-ratio statistic is >= 0. The chi-square p-value is the usual
large-sample approximation; it is conservative when the constrained fit has
parameters on the boundary.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import chdtrc  # chi2.sf's own function: scipy.stats costs start-up (issue 15)

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.categorical import ds_em, mace_em, per_rater_em
from tapdesk.engine.categorical.average_em import AverageFit
from tapdesk.engine.categorical.common import Prepared, prepare
from tapdesk.engine.categorical.likelihood import CountPatterns
from tapdesk.engine.categorical.rater_data import RaterData
from tapdesk.engine.categorical.tap_k import fit_patterns
from tapdesk.engine.events import StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import ResultTable
from tapdesk.errors import SettingError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Text, text

TITLE = N_("Comparison with Dawid-Skene")
# Translators: the columns of the table "Comparison with Dawid-Skene"; LR: likelihood ratio,
# df: degrees of freedom; AIC and BIC are the usual abbreviations.
COLUMNS = (N_("model"), N_("log-likelihood"), N_("parameters"), N_("LR statistic vs Dawid-Skene"),
           N_("df"), N_("p-value"), N_("AIC"), N_("BIC"))
NOTE = N_("Each t-a-p model is Dawid-Skene with every rater's table of mistakes restricted to "
        "'accurate with probability a, otherwise guess with rates p'. A large test statistic "
        "(small p-value) says the restriction loses real information; the lower score allowing "
        "for model size says which model to prefer (the second score also counts the subjects). "
        "The p-value is approximate.")
PER_RATER_STARTS = 4
"""Starts for the per-rater fit (the first comes from the average fit, which has its own)."""
RATINGS_BUDGET = 300_000
"""Dawid-Skene restarts are capped so restarts x ratings stays near this (at least two: the
per-rater fit's and the majority vote's). Studies up to 25,000 ratings keep every start; at
annotation-team scale (150,000 labels: the two) each start's EM already sees so many ratings
that random starts rarely find another optimum, and the time would go to them."""


@dataclass(frozen=True)
class Chain:
    average: AverageFit
    per_rater: per_rater_em.PerRaterFit
    dawid_skene: ds_em.DawidSkeneFit
    data: RaterData
    n_subjects: int
    mace: mace_em.MaceFit


def n_parameters(k: int, n_raters: int) -> dict[str, int]:
    return {"average": 2 * k - 1, "per-rater": (k - 1) + n_raters * k,
            "dawid-skene": (k - 1) + n_raters * k * (k - 1)}


def ds_restarts(n_starts: int, n_ratings: float) -> int:
    return max(2, budgeted(n_starts, n_ratings))


def budgeted(n_starts: int, n_ratings: float) -> int:
    """At most ``n_starts``, and no more than RATINGS_BUDGET passes over the ratings (at least 1)."""
    return int(max(1, min(n_starts, RATINGS_BUDGET // max(n_ratings, 1))))


def fit_chain(prepared: Prepared, request: FitRequest, cancel: CancelToken, *, focus: str):
    """Generator: average, per-rater, Dawid-Skene and MACE fits, each of the first three
    starting from the one before (MACE's starts: :func:`fit_mace`).

    ``focus`` ("per-rater", "dawid-skene" or "mace") is the fit whose progress is
    reported and which gets the full number of starts; the others are quick.
    """
    patterns = CountPatterns.from_counts(prepared.counts())
    data = RaterData.from_prepared(prepared).with_known(known_codes(prepared, request))
    rng = np.random.default_rng(request.seed)
    stage = "first fits for the model comparison"
    yield StageProgress(request.request_id, stage, 0, 2)      # these fits report nothing else
    average = yield from fit_patterns(patterns, request, cancel, emit=False)
    yield StageProgress(request.request_id, stage, 1, 2)
    th = average.theta
    j = data.n_raters
    base = per_rater_em.PerRaterTap(th.t, np.full(j, th.a), np.tile(th.p, (j, 1)))
    # the quick per-rater fit of another focus: two starts, within half the budget
    n_pr = (min(request.n_starts, PER_RATER_STARTS) if focus == "per-rater"
            else budgeted(2, 2 * data.n_ratings))
    names = [f"t[{c}]" for c in prepared.categories]
    rater_names = [f"a[{prepared.table.rater_ids[c]}]" for c in data.rater_codes]
    per_rater = yield from per_rater_em.fit_per_rater(
        data, starts=per_rater_em.start_points(data, [base], n_pr, rng),
        tolerance=request.tolerance * (1.0 if focus == "per-rater" else CHAINED_TOLERANCE),
        max_iterations=request.max_iterations, cancel=cancel,
        request_id=request.request_id, names=names + rater_names, emit=focus == "per-rater",
        polish_best=focus == "per-rater")
    pr = per_rater.params
    if focus in ("dawid-skene", "mace"):
        yield StageProgress(request.request_id, stage, 2, 2)
    n_ds = ds_restarts(request.n_starts, data.n_ratings) if focus == "dawid-skene" else 2
    ds_base = [ds_em.DawidSkene(pr.t, pr.confusion())]
    dawid_skene = yield from ds_em.fit_dawid_skene(
        data, starts=ds_em.start_points(data, ds_base, n_ds, rng)[:max(n_ds, 2)],
        tolerance=request.tolerance, max_iterations=request.max_iterations, cancel=cancel,
        request_id=request.request_id, names=names + rater_names, emit=focus == "dawid-skene")
    mace = yield from fit_mace(data, per_rater.params, request, cancel, rng,
                               names=rater_names, focus=focus == "mace")
    return Chain(average, per_rater, dawid_skene, data, prepared.n_subjects, mace)


def known_codes(prepared: Prepared, request: FitRequest) -> np.ndarray | None:
    """Each analysed subject's known category code (-1: not known) from the request's
    ``known_classes``, or None when it names none; subjects not analysed are ignored (as
    crowd-kit ignores true labels of tasks not in the data)."""
    if not request.known_classes:
        return None
    where = {subject: i for i, subject in enumerate(prepared.subject_ids())}
    codes = {category: c for c, category in enumerate(prepared.categories)}
    known = np.full(prepared.n_subjects, -1, dtype=np.int64)
    for subject, category in request.known_classes:
        if subject not in where:
            continue
        if category not in codes:
            # Translators: an error; {category} is the known (gold) category given for subject
            # {subject}; {categories} lists the data's categories ("'1', '2'").
            raise SettingError(said("the known category {category} of subject {subject} is not "
                                    "one of the categories of the ratings ({categories})",
                                    category=made(quoted, category), subject=subject,
                                    categories=", ".join(map(quoted, prepared.categories))),
                               settings=("known_classes",))
        known[where[subject]] = codes[category]
    return known


def fit_mace(data: RaterData, per_rater: per_rater_em.PerRaterTap, request: FitRequest,
             cancel: CancelToken, rng: np.random.Generator, *, names, focus: bool):
    """Generator: MACE in focus from the per-rater fit's accuracies and guess rates, the
    majority vote and random starts (:func:`~.mace_em.start_points`), then polished; else
    from the majority vote alone to a coarser tolerance (QUICK_TOLERANCE), for its labels."""
    n_starts = ds_restarts(request.n_starts, data.n_ratings) if focus else 1
    base = [mace_em.Mace(per_rater.a, per_rater.p)] if focus else []
    starts = mace_em.start_points(data, base, n_starts, rng)
    tolerance = request.tolerance * (1.0 if focus else QUICK_TOLERANCE)
    return (yield from mace_em.fit_mace(
        data, starts=starts, tolerance=tolerance, max_iterations=request.max_iterations,
        cancel=cancel, request_id=request.request_id, names=names, emit=focus, polish=focus,
        prior=mace_prior(request)))


def mace_prior(request: FitRequest) -> mace_em.MacePrior | None:
    """MACE's priors from a MACE request's ``priors``: Beta(alpha, beta) on every worker's
    knowing rate ("a", theta) and a symmetric Dirichlet(alpha) on their guessing spread ("p",
    xi; its alpha and beta must then be equal); one not given is flat. None: maximum
    likelihood (no priors given, or another model's request)."""
    given = {prior.name: prior for prior in request.priors}
    if request.model != "mace" or not ({"a", "p"} & set(given)):
        return None
    knows = given.get("a")
    spread = given.get("p")
    if spread is not None and spread.alpha != spread.beta:
        # Translators: an error; MACE's prior on the guessing spread ("p") is one
        # concentration for every label; {alpha} and {beta} are the numbers given.
        raise SettingError(said("MACE's prior on p is a symmetric Dirichlet: give alpha and beta "
                                "equal, not {alpha} and {beta}", alpha=str(spread.alpha),
                                beta=str(spread.beta)), settings=("priors",))
    return mace_em.MacePrior(knows.alpha if knows else 1.0, knows.beta if knows else 1.0,
                             spread.alpha if spread else 1.0)


CHAINED_TOLERANCE = 1e3
"""The per-rater fit made for another model's comparison and first start stops at the request's
tolerance times this: its log-likelihood is then within about 1e-7 of its size of its maximum
(the likelihood-ratio statistic against Dawid-Skene may be that much too large: 1 at 10,000,000
labels, where it has 200,000 degrees of freedom; 0.015 at 150,000 labels). Dawid-Skene, started
from it, goes on to the request's own tolerance. At 10,000,000 labels the per-rater fit crawls
(rises shrinking by 0.93 a cycle): 1e2 took 38 SQUAREM cycles, 17 s."""
QUICK_TOLERANCE = 1e4
"""A MACE fit made only for the item-label table (the majority vote's start, no polish) stops at
the request's tolerance times this, as the other quick fits of the chain are quick. Measured
with the projected stopping rule (:func:`~.restarts.settled`; benchmarks/crowd_data.py files):
at 150,000 labels 14 SQUAREM cycles and its labels differ from the full MACE fit's on 3 of
50,000 items (1e3: 31 cycles, 1 item); at 1,000,000 labels 14 cycles, 28 of 333,334 items
(1e3: 17 cycles, 25 items); at 10,000,000 labels 14 cycles, 5 s (1e3: 29 cycles, 13 s)."""


def comparison_table(chain: Chain, k: int) -> ResultTable:
    counts = n_parameters(k, chain.data.n_raters)
    lls = {"average": chain.average.log_likelihood, "per-rater": chain.per_rater.log_likelihood,
           "dawid-skene": chain.dawid_skene.log_likelihood}
    labels = {"average": text(N_("t-a-p (average rater)")), "per-rater": text(PER_RATER),
              "dawid-skene": text(N_("Dawid-Skene"))}
    ds_ll = lls["dawid-skene"]
    rows: list[tuple[Text, float, int, float | None, int | None, float | None, float, float]] = []
    for key in ("average", "per-rater", "dawid-skene"):
        ll, n_par = lls[key], counts[key]
        aic = 2 * n_par - 2 * ll
        bic = n_par * np.log(chain.n_subjects) - 2 * ll
        if key == "dawid-skene":
            rows.append((labels[key], ll, n_par, None, None, None, aic, bic))
            continue
        lr = max(0.0, 2 * (ds_ll - ll))
        df = counts["dawid-skene"] - n_par
        p_value = float(chdtrc(df, lr)) if df > 0 else None
        rows.append((labels[key], ll, n_par, lr, df, p_value, aic, bic))
    return ResultTable(**kept(TITLE, COLUMNS, tuple(rows), NOTE))


# Translators: a model's name in tables: t-a-p with each rater's own accuracy and guess rates.
PER_RATER = N_("t-a-p (per rater)")
LABELS_TITLE = N_("Item labels: majority vote, t-a-p per rater, Dawid-Skene and MACE")
# Translators: "majority vote" labels each item with the category most of its raters chose;
# Dawid-Skene and MACE are models' names.
LABELS_METHODS = (N_("majority vote"), PER_RATER, N_("Dawid-Skene"), N_("MACE"))
# Translators: a column: {method} is a method's name ("majority vote", "Dawid-Skene").
LABELS_COLUMNS = (N_("method"), *(
    # Translators: a column: {method} is a method's name ("majority vote", "Dawid-Skene").
    text(N_("same label as {method}"), method=text(name)) for name in LABELS_METHODS))
LABELS_NOTE = N_("The share of items on whose most likely category two methods agree. Majority "
               "vote: the category most of an item's raters chose (a tie goes to the category "
               "chosen most often overall). The models weigh each rater by how accurate the "
               "fit finds them, so where they part from the vote, a few reliable raters "
               "outweighed more unreliable ones. MACE also holds every category equally "
               "common, so on a rare category it may part from the others.")


def majority_labels(data: RaterData) -> np.ndarray:
    """Each subject's most chosen category; a tie goes to the category chosen most overall."""
    per_subject = np.asarray(data.counts.sum(axis=1)).ravel()
    votes = np.rint(data.vote_shares() * per_subject[:, None])        # counts per category
    rank = np.argsort(np.argsort(votes.sum(axis=0)))                 # 0 = least chosen overall
    return np.argmax(votes + rank / data.k, axis=1)                  # ranks break ties only


def chain_labels(chain: Chain) -> list[np.ndarray]:
    """Each item's label by every method of LABELS_METHODS, in its order (category codes)."""
    from tapdesk.engine.categorical.rater_data import e_step
    data, pr = chain.data, chain.per_rater.params
    ds, mace = chain.dawid_skene.params, chain.mace.params
    return [majority_labels(data),
            e_step(data, pr.t, pr.confusion()).posterior.argmax(axis=1),
            e_step(data, ds.t, ds.confusion).posterior.argmax(axis=1),
            e_step(data, mace.t, mace.confusion()).posterior.argmax(axis=1)]


def label_agreement_table(chain: Chain) -> ResultTable:
    """How often majority vote, the per-rater t-a-p fit, Dawid-Skene and MACE give an item the
    same label (each model's most likely class)."""
    labels = chain_labels(chain)
    rows = tuple((text(name), *(float(np.mean(mine == other)) for other in labels))
                 for name, mine in zip(LABELS_METHODS, labels))
    return ResultTable(**kept(LABELS_TITLE, LABELS_COLUMNS, rows, LABELS_NOTE))


def compare_with_dawid_skene(table: RatingsTable, request: FitRequest | None = None,
                             cancel: CancelToken | None = None) -> ResultTable:
    """Fit the three nested models on the same subjects and return the comparison table."""
    if not table.has_rater_ids:
        raise SettingError(said("comparing with Dawid-Skene needs to know which rater gave each "
                                "rating, but these data have no rater identities"))
    request = request or FitRequest(model="dawid-skene", n_starts=4)
    prepared = prepare(table)
    gen = fit_chain(prepared, request, cancel or NEVER_CANCELLED, focus="none")
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return comparison_table(stop.value, prepared.k)
