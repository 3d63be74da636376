"""One subject's class probabilities as a record (no numpy: the app's first window reads fit
results' types without loading it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SubjectEstimate:
    """Per-subject class probabilities (in the order of ``FitResult.class_labels``)."""

    subject_id: str
    n_ratings: int
    probabilities: tuple[float, ...]
    group: str = ""
    """The subject's group when the fit has subject groups (issue 42)."""
