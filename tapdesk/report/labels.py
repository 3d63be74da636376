"""Labels out: each subject's most likely class with its probability, beside the majority vote
(no Qt).

What an annotation team takes away from a latent-class fit: for every subject (item) the
probability of each class, the most likely class, the raters' majority vote, and a review
flag where the two disagree or the most likely class is less certain than a threshold.
:func:`subject_labels` computes the rows once; the command line (``tapdesk fit
--subjects-out``), the Subjects tab and its "Export labels..." button render them, and
:func:`write_labels` writes them as CSV (or Parquet, when pyarrow is installed).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tapdesk.data.binary import class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import category_phrase, level_percent
from tapdesk.errors import SettingError
from tapdesk.report.document import Table
from tapdesk.report.tables_export import write_csv
from tapdesk.report.views import REVIEW_BELOW, subject_estimates

LABEL_SUFFIXES = (".csv", ".parquet")
DISAGREE = "the model and the majority vote differ"
MODEL_COLUMN = "Most likely class"
REVIEW_COLUMN = "Review"


@dataclass(frozen=True)
class SubjectLabels:
    """One row per subject: probabilities, the most likely class, the majority vote, review.

    ``review`` is parallel to ``rows`` (True where the row needs review); ``classes`` names
    the classes in the words of the columns ("gold (4)", "Class 1 (silver or gold)").
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    review: tuple[bool, ...]
    classes: tuple[str, ...]
    review_below: float
    note: str

    @property
    def n_review(self) -> int:
        return sum(self.review)

    def review_rows(self) -> list[tuple[Any, ...]]:
        """The rows that need review, least certain first."""
        at = self.columns.index(f"Probability of the {MODEL_COLUMN.lower()}")
        return sorted((r for r, flag in zip(self.rows, self.review) if flag), key=lambda r: r[at])

    def as_table(self, rows: Sequence[tuple[Any, ...]] | None = None) -> Table:
        """As a report table (for the CSV writer, which escapes formula-like text)."""
        return Table("subject_labels", "Labels for each subject", self.columns,
                     tuple(self.rows if rows is None else rows), note=self.note)


def class_names(result: FitResult, labels: Sequence[str]) -> tuple[str, ...]:
    """The classes as the user knows them: "Class 1 (silver or gold)" for a two-class fit,
    the value label with its code ("gold (4)") for a fit on the categories."""
    choice = result.class_choice
    out = []
    for label in labels:
        if choice is not None and label in ("Class 0", "Class 1"):
            members = choice.class1 if label == "Class 1" else choice.class0
            out.append(f"{label} ({choice.names(members)})")
        else:
            out.append(category_phrase(label, result.label(label)))
    return tuple(out)


def vote_counts(result: FitResult, table: RatingsTable, labels: Sequence[str]) -> np.ndarray:
    """Ratings of each subject (table order) in each class of the fit: (subjects, classes).

    A two-class fit counts on its own Class 1 / Class 0 view; a fit on the categories counts
    the categories it kept (ratings in a category the fit left out are not counted)."""
    k = len(labels)
    if result.class_choice is not None and tuple(labels) == ("Class 0", "Class 1"):
        codes = class1_mask(table, result.class_choice).astype(np.int64)
    else:
        where = {c: labels.index(c) for c in labels}
        lookup = np.array([where.get(c, -1) for c in table.scale.categories], dtype=np.int64)
        codes = lookup[np.asarray(table.rating, dtype=np.int64)]
    keep = codes >= 0
    flat = np.asarray(table.subject, dtype=np.int64)[keep] * k + codes[keep]
    return np.bincount(flat, minlength=table.n_subjects * k).reshape(table.n_subjects, k)


def majority_words(counts: np.ndarray, names: Sequence[str]) -> tuple[str, frozenset[int]]:
    """The majority vote of one subject's class counts in words, and its top classes (more than
    one on a tie: "tie: A / B")."""
    if counts.sum() == 0:
        return "no ratings", frozenset()
    top = np.flatnonzero(counts == counts.max())
    if len(top) == 1:
        return names[int(top[0])], frozenset({int(top[0])})
    return "tie: " + " / ".join(names[int(i)] for i in top), frozenset(int(i) for i in top)


def review_reasons(best: int, probability: float, top: frozenset[int],
                   review_below: float) -> list[str]:
    """Why a subject needs review: the model's class is not (one of) the majority's, or its
    probability is under ``review_below``; an empty list when it does not."""
    reasons = []
    if top and best not in top:
        reasons.append(DISAGREE)
    if probability < review_below:
        reasons.append(f"most likely class under {level_percent(review_below)} probable")
    return reasons


def check_review_below(review_below: float) -> float:
    """The review threshold, if it is a probability a most likely class can fall under."""
    if not 0.5 <= review_below <= 1:
        raise SettingError(f"the review threshold must be between 0.5 and 1, not {review_below:g}",
                           settings=("review_below",))
    return review_below


def subject_labels(result: FitResult, table: RatingsTable | None,
                   review_below: float = REVIEW_BELOW) -> SubjectLabels | None:
    """Every subject's labels, or None when the fit gives no per-subject class probabilities
    (the coefficients, the ordinal analysis ...) or its data are not at hand."""
    check_review_below(review_below)
    labels, subjects = subject_estimates(result, table)
    if not subjects or table is None:
        return None
    names = class_names(result, labels)
    counts = vote_counts(result, table, labels)
    index = {sid: i for i, sid in enumerate(table.subject_ids)}
    none = np.zeros(len(labels), dtype=np.int64)
    rows, review = [], []
    for s in subjects:
        probs = s.probabilities
        best = int(np.argmax(probs))
        at = index.get(s.subject_id)
        vote, top = majority_words(none if at is None else counts[at], names)
        reasons = review_reasons(best, probs[best], top, review_below)
        rows.append((s.subject_id, s.n_ratings, *(round(float(p), 4) for p in probs), names[best],
                     round(float(probs[best]), 4), vote, "yes" if reasons else "no",
                     "; ".join(reasons)))
        review.append(bool(reasons))
    columns = ("Subject", "Ratings", *(f"Probability of {n}" for n in names), MODEL_COLUMN,
               f"Probability of the {MODEL_COLUMN.lower()}", "Majority vote", REVIEW_COLUMN,
               "Why review")
    return SubjectLabels(columns, tuple(rows), tuple(review), names, review_below,
                         labels_note(result, review_below))


def labels_note(result: FitResult, review_below: float) -> str:
    """What the labels are, in a reader's words (the tab's note and the file's description)."""
    how = ("the fit's own probabilities" if result.subjects else
           "probabilities by Bayes' rule at the fitted t, a and p")
    left = f" {result.n_excluded} subjects left out of the fit are not listed." \
        if result.n_excluded else ""
    return (f"Each subject's probability of each class ({how}), its most likely class and the "
            f"raters' majority vote (a tie is said). A subject needs review where the two "
            f"differ or the most likely class is under {level_percent(review_below)} probable.{left}")


# ------------------------------------------------------------------ files
def parquet_ready() -> bool:
    """Whether Parquet files can be written here (the optional pyarrow is installed)."""
    return importlib.util.find_spec("pyarrow") is not None


def check_labels_path(path: str | Path) -> Path:
    """The file the labels go to, checked before any fit: a .csv, or a .parquet when pyarrow
    is installed."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in LABEL_SUFFIXES:
        raise SettingError(f"the labels file {path.name} must end in .csv or .parquet",
                           settings=("subjects_out",))
    if suffix == ".parquet" and not parquet_ready():
        raise SettingError(f"cannot write {path.name}: Parquet files need the optional package "
                           "pyarrow, which is not installed; write a .csv file instead, or "
                           "install pyarrow", settings=("subjects_out",))
    if not path.parent.exists():
        raise SettingError(f"the folder of the labels file {path} does not exist",
                           settings=("subjects_out",))
    return path


def write_labels(labels: SubjectLabels, path: str | Path,
                 rows: Sequence[tuple[Any, ...]] | None = None) -> Path:
    """The labels (or just ``rows`` of them) as CSV, or as Parquet for a .parquet path."""
    path = check_labels_path(path)
    table = labels.as_table(rows)
    try:
        if path.suffix.lower() == ".csv":
            return write_csv(table, path)
        import pandas as pd
        pd.DataFrame(list(table.rows), columns=list(table.columns)).to_parquet(path, index=False)
    except OSError as exc:
        raise SettingError(f"cannot write the labels file {path}: {exc.strerror or exc}",
                           settings=("subjects_out",)) from None
    return path
