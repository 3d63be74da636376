"""The immutable long-form ratings table every analysis starts from.

numpy is imported where a table is made or read, not with the module: a program that only names
the table, its provenance or its exclusions (the app's first window) does not load numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tapdesk.data.attributes import Attributes
from tapdesk.data.scale import Scale, canonical_label
from tapdesk.data.wording import Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

NO_RATER = -1
"""Rater code for ratings whose rater is not identified."""


def _frozen(values: np.ndarray, dtype) -> np.ndarray:
    import numpy as np
    arr = np.ascontiguousarray(values, dtype=dtype)
    arr.flags.writeable = False
    return arr


# Translators: why subjects are left out of the agreement statistics (after "3 subjects left
# out: ").
ONE_RATING = N_("only one rating, so agreement cannot be seen")
"""Why a subject rated once is excluded (the coefficients say it their own way); in English, a
key of the results, translated where shown: ``_(exclusion.reason)``."""
NO_RATINGS = N_("no ratings (every cell missing)")
"""Why a subject with no rating is excluded (as :data:`ONE_RATING`)."""


@dataclass(frozen=True)
class Exclusion:
    """Subjects left out of an analysis, with the reason in words."""

    n_subjects: int
    reason: str
    subject_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Provenance:
    """Where a table came from (file, hash, layout and column mapping, what the import did)."""

    file_name: str = ""
    size_bytes: int | None = None
    sha256: str = ""
    sheet: str | None = None
    layout: str = ""
    mapping: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    guesses: tuple[str, ...] = ()
    """The notes of what the importer guessed or left out (the report's first page lists
    them): a subset of ``notes``."""
    import_flags: tuple[str, ...] = ()
    """The command-line flags that read the file as the user told the importer to (a column's
    role set in the preview, a layout, a sheet ...): the report's reproduce command gives them
    (:mod:`tapdesk.data.importer.flags`)."""


@dataclass(frozen=True, eq=False)
class RatingsTable:
    """Ratings in long form: one entry per (subject, rater, rating).

    Codes index into ``subject_ids``, ``rater_ids`` and ``scale.categories``.
    Missing ratings are simply absent (``n_missing`` counts the empty cells
    the reader dropped). A rater code of ``NO_RATER`` (-1) marks a rating
    whose rater is unknown; when no rating has a rater, ``rater_ids`` is empty.
    Arrays are read-only; derive new tables instead of editing one.
    """

    subject: np.ndarray
    rater: np.ndarray
    rating: np.ndarray
    subject_ids: tuple[str, ...]
    rater_ids: tuple[str, ...]
    scale: Scale
    n_missing: int = 0
    provenance: Provenance = field(default_factory=Provenance)
    attributes: Attributes = field(default_factory=Attributes, compare=False)
    """Subject and rater attribute columns (year, age, site ...), carried by every derived table."""

    def __post_init__(self) -> None:
        import numpy as np
        n = len(self.subject)
        if len(self.rater) != n or len(self.rating) != n:
            raise ValueError("subject, rater and rating arrays must have the same length")
        object.__setattr__(self, "subject", _frozen(self.subject, np.int64))
        object.__setattr__(self, "rater", _frozen(self.rater, np.int64))
        object.__setattr__(self, "rating", _frozen(self.rating, np.int64))
        if n and (self.rating.min() < 0 or self.rating.max() >= self.scale.size):
            raise ValueError("rating codes outside the scale")
        if n and (self.subject.min() < 0 or self.subject.max() >= len(self.subject_ids)):
            raise ValueError("subject codes outside subject_ids")
        if n and self.rater.max() >= len(self.rater_ids):
            raise ValueError("rater codes outside rater_ids")

    # ------------------------------------------------------------------ build
    @classmethod
    def from_labels(cls, subjects: Sequence | np.ndarray, raters: Sequence | np.ndarray | None,
                    ratings: Sequence | np.ndarray, *,
                    scale: Scale | None = None, ordinal: bool | None = None,
                    n_missing: int = 0, provenance: Provenance | None = None) -> RatingsTable:
        """Build a table from parallel label sequences.

        Entries whose rating is missing (None, NaN or "") are dropped and
        counted in ``n_missing``. ``raters`` may be None (no identities) and
        individual rater labels may be missing. Subjects keep their order of
        first appearance; raters too.
        """
        import numpy as np
        import pandas as pd  # here: the figure process draws a report without pandas
        frame = pd.DataFrame({"subject": pd.Series(subjects, dtype=object),
                              "rating": pd.Series(ratings, dtype=object)})
        frame["rater"] = pd.Series(raters, dtype=object) if raters is not None else None
        is_missing = frame["rating"].isna() | (frame["rating"].astype(str).str.strip() == "")
        subj_codes_all, subj_uniques = pd.factorize(frame["subject"].map(canonical_label), sort=False)
        frame = frame.assign(_subj=subj_codes_all)[~is_missing.to_numpy()]
        labels = frame["rating"].map(canonical_label)
        if scale is None:
            scale = Scale.infer(labels.unique(), ordinal=ordinal)
        lookup = {c: i for i, c in enumerate(scale.categories)}
        rating_codes = labels.map(lookup)
        if rating_codes.isna().any():
            bad = labels[rating_codes.isna()].iloc[0]
            # Translators: {rating} is a rating of the file; {categories} the declared
            # categories as a list ("['1', '2']").
            raise DataError(Wording.of(N_("rating {rating} is not one of the declared "
                                          "categories {categories}"), rating=Name(bad),
                                       categories=str(list(scale.categories))))
        rater_col = frame["rater"]
        has_rater = rater_col.notna().to_numpy()
        rater_codes = np.full(len(frame), NO_RATER, dtype=np.int64)
        rater_ids: tuple[str, ...] = ()
        if has_rater.any():
            codes, uniques = pd.factorize(rater_col[has_rater].map(canonical_label), sort=False)
            rater_codes[has_rater] = codes
            rater_ids = tuple(uniques)
        return cls(subject=frame["_subj"].to_numpy(np.int64), rater=rater_codes,
                   rating=rating_codes.to_numpy(np.int64), subject_ids=tuple(subj_uniques),
                   rater_ids=rater_ids, scale=scale, n_missing=int(n_missing + is_missing.sum()),
                   provenance=provenance or Provenance())

    @classmethod
    def from_wide(cls, matrix: Sequence[Sequence], *, subject_ids: Sequence | None = None,
                  rater_ids: Sequence | None = None, scale: Scale | None = None,
                  ordinal: bool | None = None, provenance: Provenance | None = None) -> RatingsTable:
        """Build from a subjects x raters grid; None/NaN/"" cells are missing."""
        import numpy as np
        import pandas as pd  # here: the figure process draws a report without pandas
        grid = pd.DataFrame(list(matrix) if not isinstance(matrix, (pd.DataFrame, np.ndarray)) else matrix)
        n_subj, n_rat = grid.shape
        sids = [canonical_label(s) for s in subject_ids] if subject_ids is not None else \
            [str(i + 1) for i in range(n_subj)]
        rids = [canonical_label(r) for r in rater_ids] if rater_ids is not None else \
            [f"R{j + 1}" for j in range(n_rat)]
        if len(set(sids)) != len(sids):
            raise DataError(Wording.of(N_("subject ids repeat in a one-row-per-subject layout")))
        values = grid.to_numpy(dtype=object).ravel()
        subj = np.repeat(np.asarray(sids, dtype=object), n_rat)
        rat = np.tile(np.asarray(rids, dtype=object), n_subj)
        return cls.from_labels(subj, rat, values, scale=scale, ordinal=ordinal,
                               provenance=provenance)

    def with_scale(self, scale: Scale) -> RatingsTable:
        """The same ratings on a declared scale (must contain every used category)."""
        import numpy as np
        labels = [self.scale.categories[i] for i in range(self.scale.size)]
        remap = np.array([scale.index(lab) for lab in labels], dtype=np.int64)
        return RatingsTable(self.subject, self.rater, remap[self.rating], self.subject_ids,
                            self.rater_ids, scale, self.n_missing, self.provenance, self.attributes)

    def select(self, mask: np.ndarray) -> RatingsTable:
        """The ratings where ``mask`` is true (codes and labels unchanged)."""
        return RatingsTable(self.subject[mask], self.rater[mask], self.rating[mask],
                            self.subject_ids, self.rater_ids, self.scale, self.n_missing,
                            self.provenance, self.attributes)

    def with_attributes(self, attributes: Attributes) -> RatingsTable:
        """The same ratings with these subject and rater attributes."""
        return RatingsTable(self.subject, self.rater, self.rating, self.subject_ids,
                            self.rater_ids, self.scale, self.n_missing, self.provenance, attributes)

    # ------------------------------------------------------------- describe
    @property
    def n_ratings(self) -> int:
        return int(len(self.rating))

    @property
    def n_subjects(self) -> int:
        return len(self.subject_ids)

    @property
    def n_raters(self) -> int:
        return len(self.rater_ids)

    @property
    def has_rater_ids(self) -> bool:
        return self.n_raters > 0 and bool((self.rater != NO_RATER).all())

    @property
    def categories(self) -> tuple[str, ...]:
        return self.scale.categories

    def ratings_per_subject(self) -> np.ndarray:
        import numpy as np
        return np.bincount(self.subject, minlength=self.n_subjects)

    def category_counts(self) -> np.ndarray:
        """Subjects x categories matrix: how many ratings of each category."""
        import numpy as np
        k = self.scale.size
        flat = np.bincount(self.subject * k + self.rating, minlength=self.n_subjects * k)
        return flat.reshape(self.n_subjects, k)

    def used_categories(self) -> tuple[str, ...]:
        import numpy as np
        used = np.bincount(self.rating, minlength=self.scale.size) > 0
        return tuple(c for c, u in zip(self.scale.categories, used) if u)

    def agreement_mask(self) -> np.ndarray:
        """Boolean per subject: has at least two ratings, so can show agreement."""
        return self.ratings_per_subject() >= 2

    def exclusions(self) -> tuple[Exclusion, ...]:
        """Subjects that cannot enter agreement statistics, and why."""
        import numpy as np
        per = self.ratings_per_subject()
        out = []
        for n_rated, reason in ((0, NO_RATINGS), (1, ONE_RATING)):
            idx = np.flatnonzero(per == n_rated)
            if len(idx):
                out.append(Exclusion(len(idx), reason,
                                     tuple(self.subject_ids[i] for i in idx[:1000])))
        return tuple(out)

    def repeated_pairs(self) -> int:
        """Number of ratings that repeat an earlier (subject, rater) pair."""
        import numpy as np
        known = self.rater != NO_RATER
        if not known.any():
            return 0
        # bincount over (subject, rater) cells: O(n), no sort (np.unique took seconds on 1M ratings)
        key = self.subject[known] * self.n_raters + self.rater[known]
        per_cell = np.bincount(key, minlength=self.n_subjects * self.n_raters)
        return int((per_cell[per_cell > 1] - 1).sum())

    def rater_matrix(self) -> np.ndarray:
        """Subjects x raters grid of category codes, -1 where missing.

        Requires rater identities and at most one rating per (subject, rater).
        """
        import numpy as np
        if not self.has_rater_ids:
            raise DataError(Wording.of(N_("this analysis needs to know which rater gave each "
                                          "rating, but the data have no rater column")))
        if self.repeated_pairs():
            raise DataError(Wording.of(N_("some raters rated the same subject more than once; this "
                                          "analysis needs one rating per rater and subject")))
        grid = np.full((self.n_subjects, self.n_raters), -1, dtype=np.int64)
        grid[self.subject, self.rater] = self.rating
        return grid

    def to_frame(self) -> pd.DataFrame:
        """Long pandas frame with label columns subject, rater, rating."""
        import numpy as np
        import pandas as pd  # here: the figure process draws a report without pandas
        sid = np.asarray(self.subject_ids, dtype=object)
        rid = np.asarray(self.rater_ids + ("",), dtype=object)
        cat = np.asarray(self.scale.categories, dtype=object)
        return pd.DataFrame({"subject": sid[self.subject], "rater": rid[self.rater],
                             "rating": cat[self.rating]})
