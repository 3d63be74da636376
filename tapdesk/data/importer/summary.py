"""The counts of a table as read: subjects, raters, ratings, categories and their distributions.

The command line words them (:mod:`tapdesk.library.summary`, what ``tapdesk inspect`` prints)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tapdesk.data.importer.intcodes import distinct_count
from tapdesk.data.ratings import NO_RATER, RatingsTable


def repeated_pairs(t: RatingsTable) -> int:
    """Ratings that repeat an earlier (subject, rater) pair; same count as
    ``RatingsTable.repeated_pairs`` but by counting, not sorting (a million ratings in ms)."""
    known = t.rater != NO_RATER
    if not known.any():
        return 0
    key = t.subject[known] if not known.all() else t.subject.copy()
    key *= t.n_raters + 1
    key += t.rater[known] if not known.all() else t.rater
    if t.n_subjects * (t.n_raters + 1) <= 50_000_000:
        counts = np.bincount(key)
        return int((counts[counts > 1] - 1).sum())
    return len(key) - distinct_count(key, in_place=True)


def table_summary(t: RatingsTable) -> dict[str, Any]:
    """Counts of one table: subjects, raters, ratings, categories, distributions, exclusions."""
    per_subject = np.bincount(t.ratings_per_subject(), minlength=1)
    per_rater = np.bincount(t.rater[t.rater != NO_RATER], minlength=t.n_raters)
    per_cat = np.bincount(t.rating, minlength=t.scale.size)
    return {
        "n_subjects": t.n_subjects,
        "n_raters": t.n_raters,
        "n_ratings": t.n_ratings,
        "n_missing": int(t.n_missing),
        "categories": list(t.scale.categories),
        "category_counts": {c: int(n) for c, n in zip(t.scale.categories, per_cat)},
        "ordinal": bool(t.scale.ordinal),
        "declared_scale": bool(t.scale.declared),
        "ratings_per_subject": {str(k): int(n) for k, n in enumerate(per_subject) if n},
        "ratings_per_rater": {r: int(n) for r, n in zip(t.rater_ids, per_rater)},
        "ratings_without_rater": int((t.rater == NO_RATER).sum()),
        "repeated_pairs": repeated_pairs(t),
        "excluded": [{"n_subjects": e.n_subjects, "reason": e.reason,
                      "subject_ids": list(e.subject_ids[:20])} for e in t.exclusions()],
        **({"category_labels": {c: t.scale.label(c) for c in t.scale.categories}}
           if t.scale.has_labels else {}),
    }
