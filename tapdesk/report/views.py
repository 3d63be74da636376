"""What the Raters, Subjects and Tables tabs show for any fit, from the fit's own data (Qt-free).

Models with per-rater or per-subject estimates fill those tabs themselves;
for the others (the default t-a-p fit, the coefficients) these functions
give what the data and the fit can say:

* :func:`rater_agreement` - each rater's agreement with the rest of the panel;
* :func:`subject_estimates` - each subject's probability of being truly in
  Class 1 under an average-rater binary fit (Bayes' rule at the estimates);
* :func:`subject_counts` - each subject's ratings, counted by category;
* :func:`count_tables` - ratings by rater and category, and for binary fits
  the subjects by number of Class-1 ratings, observed and expected.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.binary import ClassChoice, binary_counts, class1_mask
from tapdesk.data.ratings import NO_RATER, RatingsTable
from tapdesk.engine.binary.per_rater_counts import CLASS1_COUNTS_TITLE, EXPECTED_COLUMN, OBSERVED_COLUMN
from tapdesk.engine.results import FitResult, ResultTable
from tapdesk.engine.subjects import SubjectTable
from tapdesk.engine.subjects.estimate import REVIEW_BELOW as SUBJECT_REVIEW_BELOW
from tapdesk.errors import TapDeskError
from tapdesk.i18n import N_, _
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import text

# Translators: the title of the table of how often each rater used each category.
RATER_COUNTS_TITLE = N_("Ratings by rater and category")


# ------------------------------------------------------------------ rates
def _value(result: FitResult, name: str) -> float | None:
    try:
        est = result.param(name)
    except KeyError:
        return None
    return est.value if est.identified else None


def class_rates(result: FitResult) -> tuple[float, float, float] | None:
    """(t, q1, q0) of an average-rater binary result, or None if it has no such parameters.

    q1 = Pr(Class-1 rating | truly Class 1), q0 = Pr(Class-1 rating | truly Class 0);
    with a0/a1/p0/p1: q1 = a1 + (1 - a1) p1 and q0 = (1 - a0) p0. An explanatory fit (class
    shares by group, accuracy by rater attributes) has no single such triple: None.
    """
    if getattr(result, "groups", ()) or getattr(result, "effects", ()):
        return None
    if result.raters and _value(result, "a") is None and _value(result, "a1") is None:
        return None
    t = _value(result, "t")
    if t is None:
        return None
    q1, q0 = _value(result, "q1"), _value(result, "q0")
    if q1 is not None and q0 is not None:
        return t, q1, q0
    a, p = _value(result, "a"), _value(result, "p")
    a1 = _value(result, "a1") if _value(result, "a1") is not None else a
    a0 = _value(result, "a0") if _value(result, "a0") is not None else a
    p1 = _value(result, "p1") if _value(result, "p1") is not None else p
    p0 = _value(result, "p0") if _value(result, "p0") is not None else p
    if a0 is None or a1 is None or p0 is None or p1 is None:
        return None
    return t, a1 + (1 - a1) * p1, (1 - a0) * p0


def expected_count_distribution(n_rated: np.ndarray, t: float, q1: float, q0: float) -> np.ndarray:
    """Expected number of subjects with k Class-1 ratings, k = 0..max(n_rated).

    Sums each subject's own mixture of binomials: t Bin(k; n_i, q1) + (1 - t) Bin(k; n_i, q0).
    """
    from tapdesk.engine.binary.likelihood import binomial_pmf  # scipy.special: not at start-up
    top = int(n_rated.max())
    k = np.arange(top + 1)
    sizes, counts = np.unique(n_rated, return_counts=True)
    out = np.zeros(top + 1)
    for n, s in zip(sizes, counts):
        out += s * (t * binomial_pmf(k, n, q1) + (1 - t) * binomial_pmf(k, n, q0))
    return out


def class1_probability(n_rated: np.ndarray, n_class1: np.ndarray, t: float, q1: float,
                       q0: float) -> np.ndarray:
    """Pr(truly Class 1 | k of n ratings say Class 1), by Bayes' rule at (t, q1, q0).

    On the log scale (the binomial coefficients cancel), so many ratings do not underflow;
    0.5 where neither class can give the ratings.
    """
    from scipy.special import expit

    from tapdesk.engine.binary.likelihood import log_binomial_kernel  # not at start-up
    k, n = np.asarray(n_class1, dtype=float), np.asarray(n_rated, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        one = np.log(t) + log_binomial_kernel(k, n, q1)
        zero = np.log1p(-t) + log_binomial_kernel(k, n, q0)
        prob = expit(one - zero)
    return np.where(np.isneginf(one) & np.isneginf(zero), 0.5, prob)


# ------------------------------------------------------------------ raters
def _codes(table: RatingsTable, choice: ClassChoice | None) -> tuple[np.ndarray, tuple[str, ...]]:
    """Rating codes and category names: the binary view under ``choice``, else the scale."""
    if choice is not None:
        # Translators: as in "Class {number} ({categories})" elsewhere.
        names = tuple(_("Class {number} ({categories})").format(number=n, categories=choice.names(c))
                      for n, c in ((0, choice.class0), (1, choice.class1)))
        return class1_mask(table, choice).astype(np.int64), names
    return np.asarray(table.rating, dtype=np.int64), tuple(table.scale.display_labels())


def rater_agreement(table: RatingsTable, choice: ClassChoice | None = None) -> ResultTable | None:
    """Each rater's agreement with the other raters of the same subjects.

    *Agrees with the others* is the share of pairs (this rater's rating, another
    rater's rating of the same subject) that match. *Agrees with the majority*
    is the share of this rater's ratings that equal the single most common
    rating of the other raters of that subject (subjects where the others tie
    are left out of that share). With a Class-1 choice the comparison is on
    Class 1 / Class 0, as the model saw the data. Ratings whose rater is not
    known count among "the others" only. None when no rater is known.
    """
    if table.n_raters == 0 or not (table.rater != NO_RATER).any():
        return None
    codes, names = _codes(table, choice)
    k = len(names)
    counts = np.zeros((table.n_subjects, k), dtype=np.int64)
    np.add.at(counts, (table.subject, codes), 1)
    per_subject = counts.sum(axis=1)
    known = table.rater != NO_RATER
    subj, rater, code = table.subject[known], table.rater[known], codes[known]
    same_others = counts[subj, code] - 1
    others = per_subject[subj] - 1
    others_counts = counts[subj].copy()
    others_counts[np.arange(len(subj)), code] -= 1
    top = others_counts.max(axis=1)
    unique_top = (others_counts == top[:, None]).sum(axis=1) == 1
    agrees_majority = others_counts[np.arange(len(subj)), code] == top
    rows = []
    for j, rater_id in enumerate(table.rater_ids):
        mine = rater == j
        pairs = others[mine].sum()
        clear = mine & unique_top & (others > 0)
        row = [rater_id, int(mine.sum()),
               float(same_others[mine].sum() / pairs) if pairs else float("nan"),
               float(agrees_majority[clear].mean()) if clear.any() else float("nan"),
               int(clear.sum())]
        if choice is not None:
            row.append(float(code[mine].mean()) if mine.any() else float("nan"))
        rows.append(tuple(row))
    columns = [*RATER_AGREEMENT_COLUMNS[:5], *RATER_AGREEMENT_COLUMNS[5:] * (choice is not None)]
    # Translators: the Raters tab's note on its table of each rater's agreement with the panel
    # (a fit without per-rater estimates); the quoted names are the table's column headings.
    note = text(N_("Each rater's ratings compared with the other raters of the same subjects "
                   "(Class 1 / Class 0 as the model saw them). 'Agrees with the others' is the "
                   "share of matching pairs; 'Agrees with the majority' the share of ratings "
                   "equal to the others' most common rating (ties left out). These are raw "
                   "shares, not corrected for chance.") if choice is not None else
                N_("Each rater's ratings compared with the other raters of the same subjects "
                   "(all categories). 'Agrees with the others' is the share of matching pairs; "
                   "'Agrees with the majority' the share of ratings equal to the others' most "
                   "common rating (ties left out). These are raw shares, not corrected for "
                   "chance."))
    return ResultTable(**kept(N_("Raters' agreement with the panel"), columns, rows, note))


RATER_AGREEMENT_COLUMNS = (N_("Rater"), N_("Ratings"), N_("Agrees with the others"),
                           N_("Agrees with the majority"), N_("Subjects with a clear majority"),
                           N_("Share rated Class 1"))
"""The columns of :func:`rater_agreement` (English: the key; translated where shown,
:func:`tapdesk.i18n.tables.displayed`)."""


# ----------------------------------------------------------------- subjects
def subject_estimates(result: FitResult, table: RatingsTable | None
                      ) -> tuple[tuple[str, ...], SubjectTable]:
    """(class labels, per-subject probabilities): the fit's own, else Bayes' rule at its estimates."""
    if result.subjects:
        own = SubjectTable.of(result.subjects)
        labels = result.class_labels or tuple(f"class {i}" for i in range(own.n_classes))
        return tuple(labels), own
    rates = class_rates(result)
    if rates is None or table is None or result.class_choice is None:
        return (), SubjectTable()
    try:
        counts = binary_counts(table, choice=result.class_choice)
    except TapDeskError:
        return (), SubjectTable()
    prob = np.asarray(class1_probability(counts.n_rated, counts.n_class1, *rates), float)
    ids = table.subject_ids
    out = SubjectTable(tuple(ids[s] for s in np.asarray(counts.subject_index).tolist()),
                       np.asarray(counts.n_rated, np.int64), np.column_stack([1 - prob, prob]))
    return ("Class 0", "Class 1"), out


def subject_counts(table: RatingsTable, choice: ClassChoice | None = None) -> ResultTable:
    """Every subject's ratings counted by category (and Class-1 count under ``choice``)."""
    k = table.scale.size
    counts = np.zeros((table.n_subjects, k), dtype=np.int64)
    np.add.at(counts, (table.subject, table.rating), 1)
    labels = table.scale.display_labels()
    columns = [SUBJECT_COUNTS_COLUMNS[0], SUBJECT_COUNTS_COLUMNS[1], *labels]
    ones = None
    if choice is not None:
        ones = np.bincount(table.subject, weights=class1_mask(table, choice),
                           minlength=table.n_subjects).astype(np.int64)
        columns.append(SUBJECT_COUNTS_COLUMNS[2])
    rows = []
    for s, sid in enumerate(table.subject_ids):
        row = [sid, int(counts[s].sum()), *(int(c) for c in counts[s])]
        if ones is not None:
            row.append(int(ones[s]))
        rows.append(tuple(row))
    return ResultTable(N_("Ratings of each subject"), tuple(columns), tuple(rows),
                       N_("How many ratings each subject received in each category."))


SUBJECT_COUNTS_COLUMNS = (N_("Subject"), N_("Ratings"), N_("Class-1 ratings"))
"""The fixed columns of :func:`subject_counts` (English: the exported table's; translated where
shown), beside one per category."""


# ------------------------------------------------------------------- tables
def rater_category_counts(table: RatingsTable) -> ResultTable:
    """Ratings in each category, one row per rater and a total row."""
    k = table.scale.size
    labels = table.scale.display_labels()
    raters = list(table.rater_ids)
    codes = np.where(table.rater == NO_RATER, len(raters), table.rater)
    counts = np.zeros((len(raters) + 1, k), dtype=np.int64)
    np.add.at(counts, (codes, table.rating), 1)
    # Translators: a row of the table of ratings by rater and category (ratings with no rater).
    names = raters + [text(N_("(rater not known)"))]
    rows = [(names[j], *(int(c) for c in counts[j]), int(counts[j].sum()))
            for j in range(len(names)) if counts[j].sum()]
    total = counts.sum(axis=0)
    # Translators: the last row of the table of ratings by rater and category (a sum).
    rows.append((text(N_("All raters")), *(int(c) for c in total), int(total.sum())))
    # Translators: the first and last columns and the note of the table of ratings by rater
    # and category (the last column is a sum).
    return ResultTable(**kept(RATER_COUNTS_TITLE, (N_("Rater"), *labels, N_("Total")), rows,
                              N_("How often each rater used each category.")))


def class1_count_table(result: FitResult, table: RatingsTable) -> ResultTable | None:
    """Subjects by number of Class-1 ratings, observed and (for average-rater fits) expected."""
    if result.class_choice is None:
        return None
    try:
        counts = binary_counts(table, choice=result.class_choice)
    except TapDeskError:
        return None
    observed = np.bincount(counts.n_class1, minlength=int(counts.n_rated.max()) + 1)
    rates = class_rates(result)
    expected = (expected_count_distribution(counts.n_rated, *rates) if rates is not None
                else None)
    rows = []
    for k, obs in enumerate(observed):
        row: list[float] = [k, int(obs)]
        if expected is not None:
            row.append(float(expected[k]))
        rows.append(tuple(row))
    columns = [N_("Class-1 ratings"), OBSERVED_COLUMN]
    if expected is not None:
        columns.append(EXPECTED_COLUMN)
    class1 = result.class_choice.names(result.class_choice.class1)
    # Translators: {class1} names the categories of Class 1 as the data file gives them.
    note = (text(N_("The subjects with at least two ratings, by how many of their ratings are "
                    "Class 1 ({class1})."), class1=class1) if expected is None else
            # Translators: as above, with the fitted expectation beside the counts.
            text(N_("The subjects with at least two ratings, by how many of their ratings are "
                    "Class 1 ({class1}). The expected numbers come from the fitted t, a and p; "
                    "close numbers mean a good fit."), class1=class1))
    return ResultTable(**kept(CLASS1_COUNTS_TITLE, columns, rows, note))


def count_tables(result: FitResult, table: RatingsTable | None) -> tuple[ResultTable, ...]:
    """The count tables every fit can show beside its own tables."""
    if table is None:
        return ()
    out = []
    own = any(t.title.startswith("Observed and expected subjects") or t.title == CLASS1_COUNTS_TITLE
              for t in result.tables)
    class1 = None if own else class1_count_table(result, table)
    if class1 is not None:
        out.append(class1)
    out.append(rater_category_counts(table))
    return tuple(out)


REVIEW_BELOW = SUBJECT_REVIEW_BELOW
"""A subject needs review when its most likely true class has a probability below this (the
Subjects tab's starting threshold and the committee pack's list; defined beside the subject
record, :data:`tapdesk.engine.subjects.estimate.REVIEW_BELOW`)."""
