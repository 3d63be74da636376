"""The view of a ratings table every coefficient works from.

Subjects with no rating are left out. A subject rated once shows no agreement, but, as Gwet
defines the coefficients for missing ratings (Handbook of Inter-Rater Reliability, 4th ed.
2014, ch. 2 and 5; his R package irrCAC and AgreeStat compute them so), its rating still counts
in the category shares behind chance agreement (Fleiss' kappa, Gwet's AC1/AC2, Conger's kappa)
and in the number of subjects n of the variance; percent agreement averages over the subjects
rated twice or more. The coefficients that pair ratings (Cohen's kappa, Krippendorff's alpha,
the prevalence and bias indices) read :meth:`Prepared.pairable_only`, which leaves such
subjects out. Categories nobody used are dropped unless ``keep_unused`` (default: kept when
the scale was declared by the user).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from tapdesk.data.ratings import ONE_RATING, Exclusion, RatingsTable
from tapdesk.engine.coefficients.weights import category_values
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said

MAX_PAIRWISE_RATERS = 60
"""Above this many raters the pairwise Cohen matrix is not built (it would be unreadable)."""


@dataclass(frozen=True, eq=False)
class Prepared:
    """Analysed subjects only; codes index ``categories`` (the kept categories)."""

    counts: np.ndarray            # subjects x K rating counts (every row sums to >= 1)
    subject: np.ndarray           # long form, subject codes 0..n-1
    rater: np.ndarray             # long form, rater codes (-1 when unknown)
    rating: np.ndarray            # long form, category codes 0..K-1
    categories: tuple[str, ...]
    unused: tuple[str, ...]       # declared/seen categories nobody used (kept or dropped)
    kept_unused: bool
    ordinal: bool
    values: np.ndarray            # numeric value per category (positions when labels are text)
    numeric_labels: bool
    rater_ids: tuple[str, ...]
    rater_problem: str            # why rater-based coefficients cannot be computed ("" if they can)
    exclusions: tuple[Exclusion, ...]
    n_ratings_total: int

    @property
    def n_subjects(self) -> int:
        """Subjects rated at least once (Gwet's n)."""
        return int(self.counts.shape[0])

    @property
    def n_ratings(self) -> int:
        return int(len(self.rating))

    @property
    def pairable(self) -> np.ndarray:
        """Per subject: rated twice or more, so its ratings can agree."""
        return np.asarray(self.counts.sum(axis=1) >= 2)

    @property
    def n_pairable(self) -> int:
        return int(self.pairable.sum())

    def pairable_only(self) -> Prepared:
        """The same view restricted to subjects rated twice or more (what pairs ratings reads)."""
        keep = self.pairable
        if keep.all():
            return self
        new_code = np.cumsum(keep) - 1
        mask = keep[self.subject]
        return replace(self, counts=self.counts[keep], subject=new_code[self.subject[mask]],
                       rater=self.rater[mask], rating=self.rating[mask])

    @property
    def k(self) -> int:
        return len(self.categories)

    def rater_grid(self) -> np.ndarray:
        """Subjects x raters category codes, -1 where missing (needs rater ids)."""
        grid = np.full((self.n_subjects, len(self.rater_ids)), -1, dtype=np.int64)
        grid[self.subject, self.rater] = self.rating
        return grid


def _has_repeats(table: RatingsTable) -> bool:
    """True when a rater rated a subject twice (as ``repeated_pairs() > 0``, by sorting).

    A sort of the (subject, rater) keys is several times faster than the hash-based
    ``np.unique`` behind ``RatingsTable.repeated_pairs`` on a million ratings.
    """
    key = np.sort(table.subject * (table.n_raters + 1) + table.rater)
    return bool(len(key) > 1 and (key[1:] == key[:-1]).any())


def _rater_problem(table: RatingsTable) -> str:
    if not table.has_rater_ids:
        # Translators: why Cohen's and Conger's kappa and the pairwise matrix are not given.
        return said("the data do not say which rater gave each rating (no rater column), so "
                    "coefficients that follow individual raters cannot be computed")
    if _has_repeats(table):
        # Translators: as above.
        return said("some raters rated the same subject more than once, so ratings cannot be "
                    "paired rater by rater")
    return ""


def prepare(table: RatingsTable, keep_unused: bool | None = None) -> Prepared:
    """Restrict ``table`` to subjects with a rating and choose the categories."""
    keep = table.scale.declared if keep_unused is None else bool(keep_unused)
    per_subject = table.ratings_per_subject()
    analysed = per_subject >= 1
    new_code = np.cumsum(analysed) - 1
    mask = analysed[table.subject]
    subject = new_code[table.subject[mask]]
    rater = table.rater[mask]
    rating = table.rating[mask]
    used = np.bincount(rating, minlength=table.scale.size) > 0
    unused = tuple(c for c, u in zip(table.scale.categories, used) if not u)
    kept = np.ones(table.scale.size, bool) if keep else used
    if not kept.any():                       # nothing analysed: keep the scale for the report
        kept = np.ones(table.scale.size, bool)
    remap = np.cumsum(kept) - 1
    rating = remap[rating]
    categories = tuple(c for c, k in zip(table.scale.categories, kept) if k)
    k = len(categories)
    n = int(analysed.sum())
    counts = np.bincount(subject * k + rating, minlength=n * k).reshape(n, k)
    values, numeric = category_values(categories)
    return Prepared(counts=counts, subject=subject, rater=rater, rating=rating,
                    categories=categories, unused=unused, kept_unused=keep,
                    ordinal=table.scale.ordinal, values=values, numeric_labels=numeric,
                    rater_ids=table.rater_ids, rater_problem=_rater_problem(table),
                    exclusions=tuple(_as_gwet(e) for e in table.exclusions()),
                    n_ratings_total=table.n_ratings)


# Translators: what the classical coefficients do with a subject rated once (an exclusion's
# reason, after "12 subjects"; Gwet (2014) is a book).
RATED_ONCE = N_("rated only once, so it shows no agreement: left out of the observed agreement, "
              "Cohen's kappa and Krippendorff's alpha, while its rating still counts in the "
              "category shares behind chance agreement of Fleiss', Gwet's, Conger's and "
              "Brennan-Prediger's coefficients, as Gwet (2014) defines them")


def _as_gwet(exclusion: Exclusion) -> Exclusion:
    """A subject rated once, said as the coefficients treat it (the table says 'left out')."""
    if exclusion.reason == ONE_RATING:
        return replace(exclusion, reason=RATED_ONCE)
    return exclusion


def kept_index(table: RatingsTable, prepared: Prepared) -> np.ndarray:
    """Positions of the kept categories in the table's scale (to cut a user weight matrix)."""
    return np.asarray([table.scale.categories.index(c) for c in prepared.categories])
