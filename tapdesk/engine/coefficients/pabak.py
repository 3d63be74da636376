"""PABAK with the prevalence index and the bias index (Byrt, Bishop & Carlin 1993).

Byrt, Bishop and Carlin (1993, J Clin Epidemiol 46:423-429) split Cohen's
kappa for two raters and two classes into three numbers. With the 2 x 2
table a = both say Class 1, b = only the first rater does, c = only the
second does, d = both say Class 0, and n = a + b + c + d:

    PABAK = 2 po - 1,   po = (a + d) / n
    PI    = (a - d) / n          (prevalence index)
    BI    = (b - c) / n          (bias index)
    kappa = (PABAK - PI^2 + BI^2) / (1 - PI^2 + BI^2)

For more raters and missing ratings TapDesk uses these generalisations, each
exactly Byrt et al.'s for two raters:

- PABAK for q categories is (q po - 1) / (q - 1) with po the pairwise observed
  agreement of Fleiss' kappa and Gwet's AC1 (the usual q-category form of
  Byrt et al.'s PABAK). It is
  the same number as Brennan & Prediger's (1981) coefficient (Bennett's S),
  so it is taken from that one computation (:func:`pabak_from`), with its
  analytic variance (4 var(po) for two classes).
- PI is the mean over subjects of the share of rating pairs in which both say
  Class 1 minus the share in which both say Class 0. For a subject with r
  ratings, c of them Class 1, that difference is (2c - r) / r, so PI is the
  mean Class-1 share minus the mean Class-0 share (Fleiss' pooled shares).
  Its variance is that of a mean over subjects.
- BI, for two raters, is Byrt et al.'s signed (b - c) / n: the first rater's
  Class-1 share minus the second's, a mean of per-subject differences, with
  the t interval of a mean. With equal raters that interval leaves out 0 in
  at most 5% of data sets, within simulation error, even at high prevalence
  (tests/engine/coefficients/test_bias_index.py). Its verdict (one rater says
  Class 1 more often, or not shown to differ) reads that interval.
- For more raters a single signed number cannot say who differs from whom.
  The number shown is the mean over pairs of raters of the absolute gap
  between their Class-1 shares (each rater's share over the subjects they
  rated, as in Conger's kappa); it would be |b - c| / n for two raters. A gap
  is above 0 in almost every sample even when raters do not differ, so an
  interval around it (the delta-method one TapDesk gave before) left out 0 in
  11% to 76% of data sets whose raters were equal (benchmarks/RESULTS.md). No
  interval is given; whether raters differ is tested instead.

  The test is of marginal homogeneity: every rater says Class 1 equally often
  on the same subjects. Its statistic is Cochran's (1950) Q in the general
  form that allows missing ratings, the Cochran-Mantel-Haenszel statistic of
  general association with subjects as strata (Landis, Heyman & Koch 1978):
  with c_i of subject i's r_i ratings in Class 1, S_g rater g's Class-1
  ratings and E_g = sum of c_i / r_i over the subjects g rated,

      Q = (S - E)' V^- (S - E),

  V the covariance of S when each subject's ratings are reshuffled among the
  raters who rated it (V^- its pseudo-inverse). With every rater rating every
  subject it is Cochran's Q exactly, for two raters McNemar's statistic. Each
  subject compares raters only on that subject, so raters who rated
  different subjects are not called different because their subjects were.
  Cochran derived Q's chi-square distribution as the large-sample limit of
  that reshuffling; with few subjects whose ratings are mixed (high
  prevalence, small panels) the limit is poor (Tate & Brown 1970), so the p
  value comes from the reshuffling itself: 1000 seeded reshuffles, p = (1 + the
  number at least as large as the observed Q) / 1001, which keeps its error
  rate for any number of reshuffles (Phipson & Smyth 2010) when raters are
  interchangeable. The test rejects when p is below 0.05, at most 50/1001 =
  4.995% of the time; 999 reshuffles rejected at most 49/1000, 4.9%, a fiftieth
  below the level (issue 55: the same floor as the explanatory tests' 199). On
  large data (over RESHUFFLE_CELLS ratings in subjects with mixed ratings) the
  chi-square limit is used, and the method says so.

Cochran, W. G. (1950). The comparison of percentages in matched samples.
Biometrika 37:256-266. Landis, J. R., Heyman, E. R. & Koch, G. G. (1978).
Average partial association in three-way contingency tables: a review and
discussion of alternative tests. International Statistical Review 46:237-254.
Tate, M. W. & Brown, S. M. (1970). Note on the Cochran Q test. JASA
65:155-160. Phipson, B. & Smyth, G. K. (2010). Permutation p-values should
never be zero. Statistical Applications in Genetics and Molecular Biology
9(1):39.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapdesk.engine.coefficients.prepared import Prepared
from tapdesk.engine.coefficients.result import Coefficient, undefined
from tapdesk.engine.coefficients.variance import linearized, t_interval
from tapdesk.engine.intervals import level_text, significance
from tapdesk.engine.words import p_words
from tapdesk.i18n import N_, formats
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.formats import quoted

# Translators: a classical coefficient's name.
PABAK_NAME = N_("PABAK (prevalence- and bias-adjusted kappa)")
PREVALENCE_NAME = N_("Prevalence index")
BIAS_NAME = N_("Bias index")
BRENNAN_PREDIGER_KEY = "brennan_prediger"
BRENNAN_PREDIGER_NAME = N_("Brennan-Prediger")


def mean_method(level: float = 0.95) -> str:
    """Method text of a mean over subjects with its t interval at ``level``."""
    # Translators: how a coefficient's standard error and interval were found; {level} is "95%".
    return said("analytic: variance of the per-subject values over subjects; {level} interval "
                "from the t distribution (subjects minus one degrees of freedom)",
                level=made(level_text, level))


def pabak_from(brennan_prediger: Coefficient, q: int) -> Coefficient:
    """PABAK: the unweighted Brennan-Prediger coefficient under its Byrt et al. name.

    (q po - 1) / (q - 1) is Brennan-Prediger's (po - 1/q) / (1 - 1/q), so the
    value, standard error and interval are that coefficient's own.
    """
    if not brennan_prediger.defined:
        return undefined(PABAK_NAME, "pabak", brennan_prediger.undefined_reason or "")
    formula = "2 po - 1" if q == 2 else f"({q} po - 1) / {q - 1}"
    return replace(brennan_prediger, name=PABAK_NAME, key="pabak",
                   # Translators: how PABAK is computed; {formula} is a formula ("2 po - 1").
                   note=said("{formula}; the same number as Brennan-Prediger (Bennett's S)",
                             formula=formula))


def prevalence_index(prep: Prepared, class1: int, level: float = 0.95,
                     class1_name: Any = None) -> Coefficient:
    """Mean over subjects of (Class-1 share - Class-0 share); (a - d) / n for two raters."""
    counts = prep.counts.astype(float)
    share1 = counts[:, class1] / counts.sum(axis=1)
    value, se = linearized(2 * share1 - 1, 0.0, None)
    return Coefficient(PREVALENCE_NAME, value, se,
                       t_interval(value, se, prep.n_subjects, level=level), mean_method(level),
                       None, "prevalence_index",
                       # Translators: what the prevalence index measures; {category} is the
                       # category chosen as Class 1, as the data file names it.
                       note=said("Class 1 = {category}; positive when both ratings say Class 1 "
                                 "more often than both say Class 0",
                                 category=made(quoted, class1_name or str(prep.categories[class1]))))


def bias_index(prep: Prepared, class1: int, level: float = 0.95,
               seed: int = 0) -> Coefficient:
    """Signed (b - c) / n for two raters; for more, the mean gap with a test of equal rates."""
    if prep.rater_problem:
        return undefined(BIAS_NAME, "bias_index", prep.rater_problem)
    rated = np.bincount(prep.rater) > 0 if len(prep.rater) else np.zeros(0, bool)
    raters = np.flatnonzero(rated)        # np.unique's answer by counting: no sort of the ratings
    if len(raters) < 2:
        return undefined(BIAS_NAME, "bias_index", "the bias index compares raters, and fewer "
                         "than two raters gave ratings")
    ids = tuple(prep.rater_ids[g] for g in raters)
    if len(raters) == 2:
        grid = prep.rater_grid()[:, raters]
        return _two_rater_bias(grid, class1, (ids[0], ids[1]), level)
    place = np.cumsum(rated) - 1                        # each rater code's place in ``raters``
    ratings = RaterRatings(prep.subject, place[prep.rater], prep.rating == class1, len(raters))
    return _many_rater_bias(ratings, ids, level, seed)


@dataclass(frozen=True, eq=False)
class RaterRatings:
    """Ratings in long form for the test of equal rates: who rated what, and whether it was
    Class 1 (memory in proportion to the ratings, however many subjects and raters)."""

    subject: np.ndarray
    rater: np.ndarray          # 0 .. n_raters - 1
    says1: np.ndarray          # bool
    n_raters: int

    @classmethod
    def of_grid(cls, grid: np.ndarray, class1: int) -> RaterRatings:
        subject, rater = np.nonzero(grid >= 0)
        return cls(subject, rater, grid[subject, rater] == class1, grid.shape[1])

    def shares(self) -> np.ndarray:
        """Each rater's share of Class-1 ratings."""
        rated = np.bincount(self.rater, minlength=self.n_raters)
        return np.bincount(self.rater, self.says1, self.n_raters) / rated

    def missing(self) -> bool:
        """Whether some rater did not rate some subject."""
        return bool(len(self.subject) < self.n_raters * np.count_nonzero(np.bincount(self.subject)))


def _two_rater_bias(grid: np.ndarray, class1: int, ids: tuple[str, str],
                    level: float) -> Coefficient:
    says1 = (grid == class1).astype(float)    # both raters rated every analysed subject
    value, se = linearized(says1[:, 0] - says1[:, 1], 0.0, None)
    ci = t_interval(value, se, len(grid), level=level)
    if ci is not None and (ci[0] > 0 or ci[1] < 0):
        more, less = ids if value > 0 else ids[::-1]
        # Translators: the bias index's verdict; {more} and {less} are raters' names.
        verdict = said("rater {more} says Class 1 more often than rater {less} (the interval "
                       "leaves out 0)", more=more, less=less)
    else:
        # Translators: the bias index's verdict; {first} and {second} are raters' names.
        verdict = said("raters {first} and {second} are not shown to differ in how often they "
                       "say Class 1 (the interval includes 0)", first=ids[0], second=ids[1])
    # Translators: what the bias index measures; {first} and {second} are raters' names.
    note = said("rater {first} minus rater {second}: positive when {first} says Class 1 more "
                "often", first=ids[0], second=ids[1])
    return Coefficient(BIAS_NAME, value, se, ci, mean_method(level), None, "bias_index",
                       note=note, verdict=verdict)


RESHUFFLES = 1000
"""Reshuffles of each subject's ratings for the p value of the test of equal Class-1 rates."""
RESHUFFLE_CELLS = 10_000
"""Above this many ratings in subjects with mixed ratings, the chi-square limit gives the p value."""


def pair_gap(share: np.ndarray) -> float:
    """The mean over pairs of |share_g - share_h|, from the sorted shares (each share is
    larger than i of the others and smaller than r - 1 - i), not from r^2 pairs."""
    r = len(share)
    ranked = np.sort(share)
    return float(2 * (ranked * (2 * np.arange(r) - r + 1)).sum() / (r * (r - 1)))


@dataclass(frozen=True)
class EqualRatesTest:
    """Cochran's Q for equal Class-1 rates (general form, missing ratings allowed)."""

    q: float
    df: int
    p_value: float
    reshuffles: int        # 0: the p value is the chi-square limit's


def equal_rates_test(grid: np.ndarray, class1: int, reshuffles: int = RESHUFFLES,
                     seed: int = 0) -> EqualRatesTest:
    """Test that every rater says Class 1 equally often on the same subjects (module docstring).

    ``grid`` is subjects x raters category codes (-1 = missing).
    """
    return equal_rates(RaterRatings.of_grid(grid, class1), reshuffles, seed)


def equal_rates(ratings: RaterRatings, reshuffles: int = RESHUFFLES,
                seed: int = 0) -> EqualRatesTest:
    """The test of equal Class-1 rates on ratings in long form.

    Only subjects with mixed ratings carry information (a subject whose ratings all agree
    reshuffles to itself). V is the Laplacian of the graph joining raters who rated the same
    subject (edge weights u_i (1 - u_i) / (r_i - 1), u_i = c_i / r_i), so its rank is the number
    of raters on mixed subjects minus the number of connected groups they form, and
    (S - E)' V^- (S - E) is a solve with one rater of each group held at 0 (:func:`laplacian_q`).
    """
    n_sub = int(ratings.subject.max()) + 1 if len(ratings.subject) else 0
    r_i = np.bincount(ratings.subject, minlength=n_sub)
    c_i = np.bincount(ratings.subject, ratings.says1, n_sub)
    mixed = (c_i > 0) & (c_i < r_i)
    keep = mixed[ratings.subject]
    if not keep.any():
        return EqualRatesTest(0.0, 0, 1.0, reshuffles)
    order = np.lexsort((ratings.rater[keep], ratings.subject[keep]))  # each subject's ratings together
    ordered = ratings.subject[keep][order]      # sorted: its distinct values numbered in turn
    subject = np.concatenate([[0], np.cumsum(ordered[1:] != ordered[:-1])])
    rater, says1 = ratings.rater[keep][order], ratings.says1[keep][order]
    r, c = r_i[mixed].astype(float), c_i[mixed]
    u = c / r
    expected = np.bincount(rater, u[subject], ratings.n_raters)
    gap = np.bincount(rater, says1, ratings.n_raters) - expected
    reduced, solved = grounded_laplacian(subject, rater, u * (1 - u) / (r - 1), ratings.n_raters)
    df = int(solved.sum())
    if df == 0:
        return EqualRatesTest(0.0, 0, 1.0, reshuffles)
    q = float(gap[solved] @ _solve(reduced, gap[solved]))
    if len(subject) > RESHUFFLE_CELLS or df > DENSE_SOLVE:     # reshuffles need V's inverse
        from scipy.special import chdtrc  # chi2.sf's own function (see t_interval)
        return EqualRatesTest(q, df, float(chdtrc(df, q)), 0)
    inverse = np.linalg.inv(reduced.toarray())
    first = np.searchsorted(subject, subject)   # where each subject's ratings start
    says_after = (np.arange(len(subject)) - first) < c[subject]
    rng = np.random.default_rng(seed)
    n_raters, larger, done = ratings.n_raters, 0, 0
    while done < reshuffles:
        batch = min(reshuffles - done, max(1, 2_000_000 // len(subject)))
        order = np.argsort(subject + rng.random((batch, len(subject))), axis=1)
        chosen = rater[order[:, says_after]] + n_raters * np.arange(batch)[:, None]
        gaps = np.bincount(chosen.ravel(), minlength=batch * n_raters).reshape(batch, n_raters)
        gaps = (gaps - expected)[:, solved]
        larger += int((np.einsum("bg,gh,bh->b", gaps, inverse, gaps) >= q - 1e-9 * q).sum())
        done += batch
    return EqualRatesTest(q, df, (1 + larger) / (1 + reshuffles), reshuffles)


def grounded_laplacian(subject: np.ndarray, rater: np.ndarray, edge: np.ndarray,
                       n_raters: int):
    """(V with one rater of each connected group left out, which raters are kept).

    V is the weighted Laplacian joining the raters of each subject (``subject`` 0..m-1 and
    ``rater`` list the ratings, ``edge`` the weight of every pair of raters on a subject). A
    gap S - E sums to 0 over each connected group, so gap' V^- gap is the quadratic form of
    the kept raters' solve, and the rank of V the number kept.
    """
    from scipy import sparse
    from scipy.sparse.csgraph import connected_components
    m = sparse.csr_matrix((np.ones(len(subject)), (subject, rater)),
                          shape=(int(subject.max()) + 1, n_raters))
    joint = (m.T @ sparse.diags(edge) @ m).tocsr()
    strength = np.asarray(m.T @ (edge * (np.asarray(m.sum(axis=1)).ravel() - 1))).ravel()
    laplacian = sparse.diags(strength + joint.diagonal()) - joint
    _, group = connected_components(joint, directed=False)
    _, first = np.unique(group, return_index=True)
    kept = np.bincount(rater, minlength=n_raters) > 0
    kept[first] = False
    return laplacian.tocsr()[kept][:, kept], kept


DENSE_SOLVE = 3000
"""Up to this many raters V is solved as a dense matrix; beyond, by conjugate gradients."""


def _solve(matrix, vector: np.ndarray) -> np.ndarray:
    """V y = gap: dense up to DENSE_SOLVE raters; beyond, conjugate gradients (V is positive
    definite once grounded; a direct sparse factor of a crowd's rater graph fills in to
    gigabytes), preconditioned by V's diagonal, to a relative residual of 1e-10."""
    if matrix.shape[0] <= DENSE_SOLVE:
        return np.linalg.solve(matrix.toarray(), vector)
    from scipy.sparse.linalg import cg
    inverse_diagonal = 1.0 / matrix.diagonal()
    y, _ = cg(matrix, vector, rtol=1e-10, maxiter=10 * matrix.shape[0],
              M=sparse_diagonal(inverse_diagonal))
    return y


def sparse_diagonal(values: np.ndarray):
    from scipy import sparse
    return sparse.diags(values)


def _test_method(test: EqualRatesTest, seed: int) -> str:
    # Translators: how the test's p was found; {n} is the number of reshuffles ("999"), {seed}
    # the random seed; {df} a number of degrees of freedom ("4").
    how = (said("p from {n} reshuffles of each subject's ratings among the raters who rated it, "
                "seed {seed}", n=int(test.reshuffles), seed=str(seed)) if test.reshuffles else
           # Translators: how the bias index's p was found; {df} is a number of degrees of freedom
           # ("4").
           said("p from the chi-square distribution with {df} degrees of freedom (many subjects "
                "with mixed ratings)", df=str(test.df)))
    # Translators: how the bias index of more than two raters was judged; {q} is the test's
    # statistic ("12.34"); {how} says how its p was found.
    return said("no interval: a gap between two rates is never below 0, so an interval around "
                "it would leave out 0 too often when raters do not differ; instead a test that "
                "every rater says Class 1 equally often on the same subjects: Cochran's Q "
                "(general form for missing ratings) = {q}, {how}",
                q=made(formats.decimal, test.q, 2), how=how)


def _many_rater_bias(ratings: RaterRatings, ids: tuple[str, ...], level: float,
                     seed: int) -> Coefficient:
    share = ratings.shares()
    value = pair_gap(share)
    test = equal_rates(ratings, seed=seed)
    most, least = int(np.argmax(share)), int(np.argmin(share))
    # Translators: {most} and {least} are raters' names; {high} and {low} percents ("54%").
    rates = said("{most} says Class 1 most often ({high} of their ratings), {least} least "
                 "({low})", most=ids[most], least=ids[least],
                 high=made(formats.percent, float(share[most])),
                 low=made(formats.percent, float(share[least])))
    if test.p_value < significance(level):
        # Translators: the bias index's verdict; {p} is "p = 0.03"; {rates} says who says
        # Class 1 most and least often.
        verdict = said("raters differ in how often they say Class 1 (test of equal rates, {p}): "
                       "{rates}", p=p_words(test.p_value), rates=rates)
    else:
        # Translators: the bias index's verdict; {p} is "p = 0.27".
        verdict = said("raters are not shown to differ in how often they say Class 1 (test of "
                       "equal rates, {p})", p=p_words(test.p_value))
    pairs = len(ids) * (len(ids) - 1) // 2
    # Translators: what the bias index of more than two raters measures; {n} is the number of
    # pairs of raters; {rates} says who says Class 1 most and least often.
    note = said_n("mean over the {n} pair of raters of the gap between their Class-1 rates; "
                  "{rates}", "mean over the {n} pairs of raters of the gap between their "
                  "Class-1 rates; {rates}", pairs, n=pairs, rates=rates)
    if ratings.missing():
        # Translators: said after what the bias index measures.
        note = said("{note}; raters rated different subjects, and the test compares them on the "
                    "subjects each rated", note=note)
    return Coefficient(BIAS_NAME, value, None, None, _test_method(test, seed), None,
                       "bias_index", note=note, verdict=verdict, p_value=test.p_value)


def two_class_indices(prep: Prepared, class1: int | None, reason: str,
                      level: float = 0.95, seed: int = 0,
                      class1_name: Any = None) -> list[Coefficient]:
    """The prevalence and bias indices, or both undefined with ``reason`` (no two-class split).
    ``class1_name``: Class 1's categories in words, made when shown (a split's), else the
    category's own name."""
    if class1 is None:
        return [undefined(PREVALENCE_NAME, "prevalence_index", reason),
                undefined(BIAS_NAME, "bias_index", reason)]
    return [prevalence_index(prep, class1, level, class1_name),
            bias_index(prep, class1, level, seed)]
