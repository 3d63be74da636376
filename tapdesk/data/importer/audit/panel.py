"""The ratings of a panel whose raters are columns, as a subjects x raters matrix of codes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from tapdesk.data.importer.audit.reading import Reading

MAX_CELLS = 2_000_000
"""The most subject x rater cells the audit reads (a larger panel is a crowd, read by its
platform's structure, not by the principles that judge a column of a spreadsheet)."""


@dataclass
class Panel:
    """Codes (``-1`` where a subject has no rating from a rater), in file order."""

    codes: np.ndarray
    categories: int

    @classmethod
    def of(cls, reading: Reading) -> Panel | None:
        t = reading.ratings
        shape = (len(t.subject_ids), len(t.rater_ids))
        if shape[0] * shape[1] > MAX_CELLS or not len(t.rating):
            return None
        codes = np.full(shape, -1, dtype=np.int64)
        codes[t.subject, t.rater] = t.rating
        return cls(codes, len(t.scale.categories))

    @classmethod
    def of_raters(cls, reading: Reading, least: int) -> Panel | None:
        """The panel of a reading whose raters are its columns, ``least`` of them at least
        (None for any other reading: the principles that judge a column ask nothing of it)."""
        if not reading.raters_are_columns or len(reading.ratings.rater_ids) < least:
            return None
        return cls.of(reading)

    def counts(self, raters: list[int]) -> np.ndarray:
        """Subjects x categories: how often ``raters`` gave each category to each subject."""
        sub = self.codes[:, raters]
        rows, cols = np.nonzero(sub >= 0)
        flat = np.bincount(rows * self.categories + sub[rows, cols],
                           minlength=len(self.codes) * self.categories)
        return flat.reshape(len(self.codes), self.categories)

    def modal(self, raters: list[int]) -> np.ndarray:
        """Each subject's most frequent category among ``raters`` (-1 when none rated it)."""
        counts = self.counts(raters)
        return np.where(counts.sum(1) > 0, counts.argmax(1), -1)

    def kappa(self, rater: int, modal: np.ndarray) -> float:
        """Cohen's kappa of one rater against the others' modal category (NaN when undefined):
        how far the rater's categories follow the panel's beyond chance."""
        own = self.codes[:, rater]
        both = (own >= 0) & (modal >= 0)
        if both.sum() < 3:
            return float("nan")
        a, b = own[both], modal[both]
        p_a = np.bincount(a, minlength=self.categories) / len(a)
        p_b = np.bincount(b, minlength=self.categories) / len(b)
        expected = float(p_a @ p_b)
        return float("nan") if expected >= 1 else ((a == b).mean() - expected) / (1 - expected)

    def runs(self, rater: int) -> int:
        """How many unbroken blocks of one value the rater's column falls into, down the rows."""
        own = self.codes[:, rater]
        own = own[own >= 0]
        return int(1 + np.count_nonzero(own[1:] != own[:-1])) if len(own) else 0

    @cached_property
    def filled(self) -> np.ndarray:
        """Each rater's count of subjects rated."""
        return (self.codes >= 0).sum(0)
