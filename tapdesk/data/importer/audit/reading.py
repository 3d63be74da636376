"""A reading as the audit sees it: the ratings read, each rater's categories, the file rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from tapdesk.data.import_words import MELTED_RATER
from tapdesk.data.importer.gridrules import GROUP_JOIN
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.importer.table import Table
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale, numeric_value

RATER_COLUMNS = ("wide",)
"""Layouts whose raters are the file's columns (a rater that is no rater is a column)."""
MAX_COLUMNS = 200
"""The most rater columns whose every column the audit judges against the others (a wider
sheet is a crowd's or an export's: its columns are judged by the readers' own rules)."""


@dataclass
class Reading:
    """The RatingsTable read, with the table and layout it was read from."""

    ratings: RatingsTable
    det: Detection
    table: Table
    options: ImportOptions
    is_turned: bool = False
    """Seen turned: the file's columns are its subjects, read here as raters (:meth:`turned`)."""
    references: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Each reference-answer column read beside the ratings: its answer for each subject."""
    whole: Table | None = None
    """The table with every column, the ones the reading left out too (None: ``table``)."""

    @property
    def raters_are_columns(self) -> bool:
        return self.det.layout in RATER_COLUMNS and \
            len(self.ratings.rater_ids) <= MAX_COLUMNS and \
            set(self.ratings.rater_ids) <= set(self.det.value_columns)

    @property
    def raters_named_by_columns(self) -> bool:
        """The raters were read from the names of the file's columns (a sheet crossing raters
        with items, melted): each rater is columns of the file, judged when melted."""
        return self.det.rater == MELTED_RATER and \
            len(self.ratings.rater_ids) <= MAX_COLUMNS

    @cached_property
    def counts(self) -> np.ndarray:
        """Raters x categories: how often each rater gave each category."""
        t = self.ratings
        k = len(t.scale.categories)
        known = t.rater >= 0                  # a rating of no known rater counts for none
        flat = np.bincount(t.rater[known].astype(np.int64) * k + t.rating[known],
                           minlength=len(t.rater_ids) * k)
        return flat.reshape(len(t.rater_ids), k)

    @cached_property
    def given(self) -> np.ndarray:
        """How often each category was given, by anyone."""
        return np.bincount(self.ratings.rating, minlength=len(self.ratings.scale.categories))

    @cached_property
    def numbers(self) -> np.ndarray:
        """Each category's number (NaN for a word)."""
        return np.array([np.nan if (v := numeric_value(c)) is None else v
                         for c in self.ratings.scale.categories], dtype=float)

    @cached_property
    def numeric_share(self) -> float:
        """The share of all ratings that are numbers."""
        total = self.counts.sum()
        return float(self.counts.sum(0)[~np.isnan(self.numbers)].sum() / total) if total else 0.0

    def turned(self) -> Reading | None:
        """A reading whose subjects are the file's columns (one row per rater, as a survey's
        responses), seen with its subjects as raters: each column judged as a rater is; None
        for any other layout."""
        t, det = self.ratings, self.det
        if det.layout != "wide-rows" or not set(t.subject_ids) <= set(det.value_columns):
            return None
        swapped = replace(t, subject=t.rater, rater=t.subject, subject_ids=t.rater_ids,
                          rater_ids=t.subject_ids)
        return Reading(swapped, replace(det, layout="wide"), self.table, self.options, True,
                       self.references, self.whole)

    def user_named(self, column: str) -> bool:
        """The user gave ``column`` a role: the audit never changes it."""
        return any(c == column for c, _ in self.options.column_roles)

    @cached_property
    def subject_rows(self) -> dict[int, list[int]]:
        """Each subject's file rows (1-based), where the layout has a row per subject."""
        if self.det.layout != "wide":
            return {}
        ids = {s: i for i, s in enumerate(self.ratings.subject_ids)}
        texts = self.table.texts(self.det.subject) if self.det.subject else \
            [str(i + 1) for i in range(len(self.table.rows))]
        out: dict[int, list[int]] = {}
        for i, text in enumerate(texts):
            if text in ids:
                out.setdefault(ids[text], []).append(self.table.row_of(i))
        return out

    def labels(self, codes) -> list[str]:
        cats = self.ratings.scale.categories
        return [cats[int(k)] for k in codes]


def pooled_items(tables: Mapping[str | None, RatingsTable], scale: Scale) -> RatingsTable | None:
    """The ratings of every item in one table, each subject of each item a subject of its own
    ('P01 | 1a'), on the scale the items share: the audit judges a column by all it holds, not
    by the few subjects of one item. None where there are no items to pool."""
    if len(tables) < 2 or None in tables:
        return None
    raters = list(dict.fromkeys(r for t in tables.values() for r in t.rater_ids))
    place = {c: i for i, c in enumerate(scale.categories)}
    subject: list[np.ndarray] = []
    rater: list[np.ndarray] = []
    rating: list[np.ndarray] = []
    ids: list[str] = []
    for item, t in tables.items():
        to_rater = np.array([raters.index(r) for r in t.rater_ids] + [-1], dtype=np.int64)
        to_scale = np.array([place[c] for c in t.scale.categories], dtype=np.int64)
        subject.append(t.subject + len(ids))
        rater.append(to_rater[t.rater])             # an unknown rater (-1) stays unknown
        rating.append(to_scale[t.rating])
        ids += [f"{s}{GROUP_JOIN}{item}" for s in t.subject_ids]
    first = next(iter(tables.values()))
    return RatingsTable(np.concatenate(subject), np.concatenate(rater), np.concatenate(rating),
                        tuple(ids), tuple(raters), scale,
                        sum(t.n_missing for t in tables.values()), first.provenance,
                        first.attributes)
