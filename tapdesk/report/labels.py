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


def majority_votes(counts: np.ndarray, names: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """Each subject's majority vote in words ("tie: A / B" on a tie, "no ratings" without any)
    and its top classes as a (subjects, classes) mask (more than one on a tie, none without
    ratings), from the class counts (subjects, classes)."""
    counts = np.asarray(counts)
    peak = counts.max(axis=1, initial=0)
    tops = (counts == peak[:, None]) & (peak[:, None] > 0)
    words = [names[i] for i in counts.argmax(axis=1).tolist()] if len(names) else []
    for row in np.flatnonzero(tops.sum(axis=1) != 1).tolist():
        picked = np.flatnonzero(tops[row]).tolist()
        words[row] = "tie: " + " / ".join(names[i] for i in picked) if picked else "no ratings"
    return words, tops


def review_reasons(best: np.ndarray, probability: np.ndarray, tops: np.ndarray,
                   review_below: float) -> list[str]:
    """Why each subject needs review ("" where it does not): the model's most likely class
    ``best`` is not (one of) the majority's ``tops``, or its ``probability`` is under
    ``review_below``."""
    rows = np.arange(len(best))
    differ = tops.any(axis=1) & ~tops[rows, best] if len(best) else np.zeros(0, bool)
    low = np.asarray(probability) < review_below
    below = f"most likely class under {level_percent(review_below)} probable"
    texts = {(False, False): "", (True, False): DISAGREE, (False, True): below,
             (True, True): f"{DISAGREE}; {below}"}
    return [texts[pair] for pair in zip(differ.tolist(), low.tolist())]


def check_review_below(review_below: float) -> float:
    """The review threshold, if it is a probability a most likely class can fall under."""
    if not 0.5 <= review_below <= 1:
        raise SettingError(f"the review threshold must be between 0.5 and 1, not {review_below:g}",
                           settings=("review_below",))
    return review_below


def subject_labels(result: FitResult, table: RatingsTable | None,
                   review_below: float = REVIEW_BELOW) -> SubjectLabels | None:
    """Every subject's labels, or None when the fit gives no per-subject class probabilities
    (the coefficients, the ordinal analysis ...) or its data are not at hand. Array work, so
    50,000 subjects take a fraction of a second."""
    check_review_below(review_below)
    labels, subjects = subject_estimates(result, table)
    if not subjects or table is None:
        return None
    names = class_names(result, labels)
    index = {sid: i for i, sid in enumerate(table.subject_ids)}
    at = np.array([index.get(sid, -1) for sid in subjects.ids], dtype=np.int64)
    counts = vote_counts(result, table, labels)[np.maximum(at, 0)] * (at >= 0)[:, None]
    probs = subjects.probabilities
    best = probs.argmax(axis=1)
    top = probs[np.arange(len(best)), best]
    votes, tops = majority_votes(counts, names)
    reasons = review_reasons(best, top, tops, review_below)
    shown = np.round(probs, 4).tolist()
    rows = tuple((sid, n, *p, names[b], round(t, 4), vote, "yes" if why else "no", why)
                 for sid, n, p, b, t, vote, why in zip(subjects.ids, subjects.n_ratings.tolist(),
                                                       shown, best.tolist(), top.tolist(), votes,
                                                       reasons))
    columns = ("Subject", "Ratings", *(f"Probability of {n}" for n in names), MODEL_COLUMN,
               f"Probability of the {MODEL_COLUMN.lower()}", "Majority vote", REVIEW_COLUMN,
               "Why review")
    return SubjectLabels(columns, rows, tuple(bool(why) for why in reasons), names, review_below,
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
