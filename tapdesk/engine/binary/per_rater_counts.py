"""Expected numbers of Class-1 ratings per subject under the fitted per-rater model.

Given its true class, a subject's ratings are independent, rating by rating
Class 1 with the rater's own probability (q1_j for a truly Class-1 subject,
q0_j for a truly Class-0 one), so its number of Class-1 ratings has a
Poisson-binomial distribution over the raters who rated it. A subject's
distribution is the mixture

    t PB(k; q1 of its raters) + (1 - t) PB(k; q0 of its raters),

and the expected number of subjects with k Class-1 ratings is the sum of
these over the subjects, so subjects rated by different sets of raters are
handled exactly. The fit stores the result as a table
(:data:`CLASS1_COUNTS_TITLE`) that the Tables tab, the "Observed vs fitted"
plot and the report all read (:func:`expected_from_result`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tapdesk.engine.results import ResultTable
from tapdesk.i18n import N_
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Listed, text

if TYPE_CHECKING:            # light at start-up: the GUI reads the title and the table
    from tapdesk.data.binary import ClassChoice
    from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams

CLASS1_COUNTS_TITLE = N_("Class-1 ratings per subject: observed and expected")
"""The one title of the observed-and-expected table, for every binary model."""

EXPECTED_COLUMN = N_("Subjects expected by the fit")
"""The column holding the expected numbers of subjects."""

OBSERVED_COLUMN = N_("Subjects observed")
"""The column holding the observed numbers of subjects."""


def poisson_binomial(q: np.ndarray) -> np.ndarray:
    """Distribution of the number of successes in independent trials, one row per case.

    Parameters
    ----------
    q : numpy.ndarray
        (cases, n) success probabilities, one column per trial.

    Returns
    -------
    numpy.ndarray
        (cases, n + 1) probabilities of 0..n successes (each row sums to 1).
    """
    q = np.atleast_2d(np.asarray(q, dtype=float))
    cases, n = q.shape
    pmf = np.zeros((cases, n + 1))
    pmf[:, 0] = 1.0
    for j in range(n):
        p = q[:, j:j + 1]
        pmf[:, 1:j + 2] = pmf[:, 1:j + 2] * (1.0 - p) + pmf[:, :j + 1] * p
        pmf[:, 0] *= 1.0 - q[:, j]
    return pmf


def rating_raters(data: RaterData) -> tuple[np.ndarray, np.ndarray]:
    """Each analysed rating as (subject row, rater column), sorted by subject.

    A rater who rated a subject twice appears twice: each rating is its own trial. Where
    every entry of the (canonical) count matrix is one rating by a rater who rated that
    subject once (every benchmark crowd), the entries are the ratings, read in place: the
    same rows and columns, in the matrix's index type, without the summed matrix, its
    repeats and sort (ten million labels: 640 MB, the fit's last peak; issue 57).
    """
    single = _one_entry_each(data.counts)
    if single is not None:
        return single
    per_rater = (data.counts[:, 0::2] + data.counts[:, 1::2]).tocoo()
    times = np.rint(per_rater.data).astype(np.int64)
    rows = np.repeat(per_rater.row.astype(np.int64), times)
    cols = np.repeat(per_rater.col.astype(np.int64), times)
    order = np.argsort(rows, kind="stable")
    return rows[order], cols[order]


def _one_entry_each(counts) -> tuple[np.ndarray, np.ndarray] | None:
    """(rows, raters) of a canonical count matrix's entries where each is one rating and no
    rater has two entries (Class 0 and Class 1) in a row; else None."""
    if not counts.has_canonical_format or not np.all(counts.data == 1):
        return None
    rater = counts.indices // 2
    rows = np.repeat(np.arange(counts.shape[0], dtype=rater.dtype), np.diff(counts.indptr))
    twice = rater[1:] == rater[:-1]             # a row's entries are in column order
    twice &= rows[1:] == rows[:-1]
    return None if twice.any() else (rows, rater)


def expected_by_group(data: RaterData, params: RaterParams) -> dict[int, np.ndarray]:
    """Expected subjects with k = 0..n Class-1 ratings, for each number of ratings n.

    Parameters
    ----------
    data : RaterData
        The analysed ratings.
    params : RaterParams
        The fitted t, q1_j and q0_j.

    Returns
    -------
    dict of int to numpy.ndarray
        For each number of ratings n a subject got, an array of length n + 1;
        it sums to the number of subjects with n ratings.
    """
    rows, cols = rating_raters(data)
    n_per = np.bincount(rows, minlength=data.n_subjects)
    out: dict[int, np.ndarray] = {}
    for n in np.unique(n_per[n_per > 0]):
        n = int(n)
        raters = cols[n_per[rows] == n].reshape(-1, n)
        out[n] = (params.t * poisson_binomial(params.q1[raters]).sum(axis=0)
                  + (1.0 - params.t) * poisson_binomial(params.q0[raters]).sum(axis=0))
    return out


def expected_counts(data: RaterData, params: RaterParams) -> np.ndarray:
    """Expected subjects with k = 0..max Class-1 ratings, over all subjects."""
    groups = expected_by_group(data, params)
    out = np.zeros(max(groups) + 1)
    for n, expected in groups.items():
        out[:n + 1] += expected
    return out


def observed_counts(data: RaterData) -> np.ndarray:
    """Observed subjects with k = 0..max Class-1 ratings."""
    ones = np.rint(np.asarray(data.counts[:, 1::2].sum(axis=1)).ravel()).astype(np.int64)
    return np.bincount(ones, minlength=int(data.n_per_subject.max()) + 1)


def counts_table(data: RaterData, params: RaterParams, choice: ClassChoice) -> ResultTable:
    """The observed-and-expected table of a per-rater fit (the layout every binary fit shows)."""
    observed = observed_counts(data)
    expected = expected_counts(data, params)
    size = max(len(observed), len(expected))
    observed = np.pad(observed, (0, size - len(observed)))
    expected = np.pad(expected, (0, size - len(expected)))
    rows = tuple((k, int(o), float(e)) for k, (o, e) in enumerate(zip(observed, expected)))
    # Translators: {class1} names the categories of Class 1 as the data file gives them ("1").
    note = text(N_("The subjects with at least two ratings, by how many of their ratings are "
                   "Class 1 ({class1}). The expected numbers come from the fitted t and "
                   "each rater's own accuracy and guess rate, over the raters who rated each "
                   "subject; close numbers mean a good fit."),
                class1=Listed.of((choice.name(c) for c in choice.class1), " or ", word="or"))
    columns = (N_("Class-1 ratings"), OBSERVED_COLUMN, EXPECTED_COLUMN)
    return ResultTable(**kept(CLASS1_COUNTS_TITLE, columns, rows, note))


def expected_from_result(result: Any) -> np.ndarray | None:
    """The expected numbers a fit stored in its observed-and-expected table, or None."""
    for table in getattr(result, "tables", ()):
        if table.title == CLASS1_COUNTS_TITLE and EXPECTED_COLUMN in table.columns:
            column = table.columns.index(EXPECTED_COLUMN)
            return np.array([float(row[column]) for row in table.rows])
    return None
