"""One subject's class probabilities as a record (no numpy: the app's first window reads fit
results' types without loading it)."""

from __future__ import annotations

from dataclasses import dataclass

REVIEW_BELOW = 0.9
"""A subject needs review when its most likely true class has a probability below this (the
Subjects tab's starting threshold, the committee pack's list and ``--review-below``'s
default). Here, beside the subject record, so that the command line reads it without loading
the report package."""


@dataclass(frozen=True)
class SubjectEstimate:
    """Per-subject class probabilities (in the order of ``FitResult.class_labels``)."""

    subject_id: str
    n_ratings: int
    probabilities: tuple[float, ...]
    group: str = ""
    """The subject's group when the fit has subject groups (issue 42)."""
