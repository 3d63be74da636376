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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, overload

import numpy as np

from tapdesk.data.binary import class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import category_phrase, level_key, level_percent
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import joined_text, made, said, said_p
from tapdesk.report.document import Table
from tapdesk.report.tables_export import write_csv, write_csv_rows
from tapdesk.report.views import REVIEW_BELOW, subject_estimates

LABEL_SUFFIXES = (".csv", ".parquet")
# Translators: the Subjects tab's "Why review" cell: the model's most likely class is not the
# class most raters gave the subject.
DISAGREE = said("the model and the majority vote differ")
# Translators: the Subjects tab's "Review" cell (does the subject need a closer look?).
YES = said_p("review", "yes")
# Translators: the Subjects tab's "Review" cell (the subject needs no closer look).
NO = said_p("review", "no")
# Translators: the Subjects tab's "Majority vote" cell of a subject without ratings in the
# fit's classes.
NO_RATINGS = said("no ratings")
MODEL_COLUMN = N_("Most likely class")
REVIEW_COLUMN = N_("Review")
FIT_OWN = "the fit's own probabilities"


REASONS = ("", DISAGREE)
"""Why a subject needs review, by its review code's first bit (the second bit: the most likely
class is under the threshold, said with the threshold in :meth:`SubjectLabels.reason_words`)."""


@dataclass(frozen=True, eq=False)
class SubjectLabels:
    """Every subject's labels, held as arrays (a crowd file has hundreds of thousands of
    subjects): a row per subject, its cells made on demand (:meth:`value`, :meth:`row`).

    The columns: subject, ratings, the probability of each class (``probabilities``, rounded
    to 4 places as shown and written), the most likely class (``best``, an index into
    ``classes``) and its probability, the majority vote (``vote``, an index into
    ``vote_words``: a class, "tie: A / B" or "no ratings"), review ("yes"/"no") and why.
    ``differ`` is where the model's most likely class is not (one of) the majority's; the
    review flag adds a most likely class under ``review_below`` (:meth:`at_threshold` moves
    it without computing the rest again). ``classes`` names the classes in the words of the
    columns ("gold (4)", "Class 1 (silver or gold)").
    """

    columns: tuple[str, ...]
    ids: tuple[str, ...]
    n_ratings: np.ndarray
    probabilities: np.ndarray
    best: np.ndarray
    vote: np.ndarray
    vote_words: tuple[str, ...]
    differ: np.ndarray
    classes: tuple[str, ...]
    review_below: float
    how: str
    n_excluded: int = 0

    def __len__(self) -> int:
        return len(self.ids)

    @cached_property
    def top(self) -> np.ndarray:
        """The most likely class's probability (as shown: 4 places)."""
        return self.probabilities[np.arange(len(self.best)), self.best]

    @cached_property
    def codes(self) -> np.ndarray:
        """Each subject's review code: 1 the model and the majority differ, 2 the most likely
        class is under the threshold, 3 both, 0 no review (the one place the flag is made)."""
        return review_codes(self.differ, self.top, self.review_below)

    @property
    def review(self) -> np.ndarray:
        """Where a subject needs review (a boolean per subject)."""
        return self.codes > 0

    @property
    def n_review(self) -> int:
        return int(np.count_nonzero(self.codes))

    @property
    def note(self) -> str:
        return labels_note(self.how, self.n_excluded, self.review_below)

    def at_threshold(self, review_below: float) -> SubjectLabels:
        """The same labels with the review flag at another threshold."""
        return replace(self, review_below=check_review_below(review_below))

    def reason_words(self) -> tuple[str, ...]:
        """The words of each review code (the "Why review" column)."""
        return reason_words(self.review_below)

    def value(self, row: int, column: int, words: tuple[str, ...] | None = None) -> Any:
        """One cell, as :meth:`row` has it (``words``: :meth:`reason_words`, when at hand)."""
        k = len(self.classes)
        if column == 0:
            return self.ids[row]
        if column == 1:
            return int(self.n_ratings[row])
        if column < 2 + k:
            return float(self.probabilities[row, column - 2])
        at = column - 2 - k
        if at == 0:
            return self.classes[self.best[row]]
        if at == 1:
            return float(self.probabilities[row, self.best[row]])
        if at == 2:
            return self.vote_words[self.vote[row]]
        code = int(review_codes(self.differ[row], self.probabilities[row, self.best[row]],
                                self.review_below))
        return (YES if code else NO) if at == 3 else (words or self.reason_words())[code]

    def row(self, index: int) -> tuple[Any, ...]:
        return tuple(self.value(index, c) for c in range(len(self.columns)))

    def rows_of(self, which: np.ndarray | None = None) -> list[tuple[Any, ...]]:
        """The rows (all, or those at the indices ``which``) as tuples, array work per column."""
        at = np.arange(len(self)) if which is None else np.asarray(which, dtype=np.int64)
        probs = self.probabilities[at]
        best = self.best[at]
        codes = self.codes[at]
        words = self.reason_words()
        ids = self.ids if which is None else [self.ids[i] for i in at.tolist()]
        return list(zip(ids, self.n_ratings[at].tolist(), *probs.T.tolist(),
                        [self.classes[b] for b in best.tolist()],
                        probs[np.arange(len(at)), best].tolist(),
                        [self.vote_words[v] for v in self.vote[at].tolist()],
                        [YES if c else NO for c in codes.tolist()],
                        [words[c] for c in codes.tolist()]))

    @property
    def rows(self) -> LabelRows:
        """Every row, as a sequence whose rows are made when read."""
        return LabelRows(self)

    def review_order(self) -> np.ndarray:
        """The subjects that need review, least certain first (their indices)."""
        flagged = np.flatnonzero(self.codes)
        return flagged[np.argsort(self.top[flagged], kind="stable")]

    def review_rows(self) -> list[tuple[Any, ...]]:
        """The rows that need review, least certain first."""
        return self.rows_of(self.review_order())

    def as_table(self, rows: Sequence[tuple[Any, ...]] | None = None) -> Table:
        """As a report table (for the CSV writer, which escapes formula-like text)."""
        return Table("subject_labels", "Labels for each subject", self.columns,
                     tuple(self.rows if rows is None else rows), note=self.note)


class LabelRows(Sequence[tuple[Any, ...]]):
    """The rows of :class:`SubjectLabels`, made when read (a slice at a time)."""

    def __init__(self, labels: SubjectLabels) -> None:
        self.labels = labels

    def __len__(self) -> int:
        return len(self.labels)

    @overload
    def __getitem__(self, index: int) -> tuple[Any, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[Any, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Any, ...] | list[tuple[Any, ...]]:
        if isinstance(index, slice):
            return self.labels.rows_of(np.arange(len(self))[index])
        return self.labels.row(range(len(self))[index])

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for chunk in labels_in_chunks(self.labels):
            yield from chunk


def review_codes(differ: np.ndarray, top: np.ndarray, review_below: float) -> np.ndarray:
    """Each subject's review code (see :attr:`SubjectLabels.codes`), array work."""
    return np.asarray(differ, dtype=np.int8) + 2 * (np.asarray(top) < review_below)


def reason_words(review_below: float) -> tuple[str, ...]:
    """The words of each review code (:func:`review_codes`): none, the model and the majority
    differ, the most likely class under ``review_below``, both (each written in the language
    it is shown in)."""
    level = made(level_percent, review_below)
    # Translators: the Subjects tab's "Why review" cell; {level} is a percent ("90%").
    below = said("most likely class under {level} probable", level=level)
    # Translators: the Subjects tab's "Why review" cell, both reasons; {level} is a percent.
    both = said("the model and the majority vote differ; most likely class under {level} "
                "probable", level=level)
    return "", DISAGREE, below, both


def members_in_words(names: tuple[str, ...]) -> str:
    """A class's categories in words: "no medal or bronze" ("A, B oder C" in German)."""
    return " or ".join(names) if is_source() else formats.joined(list(names), "or")


def class_names(result: FitResult, labels: Sequence[str]) -> tuple[str, ...]:
    """The classes as the user knows them: "Class 1 (silver or gold)" for a two-class fit,
    the value label with its code ("gold (4)") for a fit on the categories."""
    choice = result.class_choice
    out: list[str] = []
    for label in labels:
        if choice is not None and label in ("Class 0", "Class 1"):
            members = choice.class1 if label == "Class 1" else choice.class0
            names = made(members_in_words, tuple(choice.name(c) for c in members))
            # Translators: as above, with the scale's categories the class holds ("no medal or
            # bronze").
            out.append(said("Class {number} ({categories})", number=int(label[-1]),
                            categories=names))
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


def majority_codes(counts: np.ndarray, names: Sequence[str]
                   ) -> tuple[np.ndarray, tuple[str, ...], np.ndarray]:
    """Each subject's majority vote as a code into the words returned with it (the classes'
    ``names``, then each tie met, "tie: A / B", and "no ratings"), and its top classes as a
    (subjects, classes) mask (more than one on a tie, none without ratings), from the class
    counts (subjects, classes). Array work: a tie's words are made once per kind of tie."""
    counts = np.asarray(counts)
    peak = counts.max(axis=1, initial=0)
    tops = (counts == peak[:, None]) & (peak[:, None] > 0)
    codes = counts.argmax(axis=1) if counts.shape[1] else np.zeros(len(counts), np.int64)
    odd = np.flatnonzero(tops.sum(axis=1) != 1)
    words = list(names)
    if len(odd):
        kinds, which = np.unique(tops[odd], axis=0, return_inverse=True)
        for kind in kinds.tolist():
            picked = [names[i] for i, on in enumerate(kind) if on]
            # Translators: the Subjects tab's "Majority vote" cell on a tie; {classes} are the
            # classes tied, "Class 0 (gold) / Class 1 (silver)".
            words.append(said("tie: {classes}", classes=joined_text(" / ", picked)) if picked
                         else NO_RATINGS)
        codes = codes.copy()
        codes[odd] = len(names) + np.asarray(which).reshape(-1)
    return codes, tuple(words), tops


def majority_votes(counts: np.ndarray, names: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """Each subject's majority vote in words ("tie: A / B" on a tie, "no ratings" without any)
    and its top classes as a (subjects, classes) mask (:func:`majority_codes`)."""
    codes, words, tops = majority_codes(counts, names)
    return [words[c] for c in codes.tolist()], tops


def disagrees(best: np.ndarray, tops: np.ndarray) -> np.ndarray:
    """Where the model's most likely class ``best`` is not (one of) the majority's ``tops``
    (a subject without ratings has no majority to disagree with)."""
    if not len(best):
        return np.zeros(0, bool)
    return tops.any(axis=1) & ~tops[np.arange(len(best)), best]


def review_reasons(best: np.ndarray, probability: np.ndarray, tops: np.ndarray,
                   review_below: float) -> list[str]:
    """Why each subject needs review ("" where it does not): the model's most likely class
    ``best`` is not (one of) the majority's ``tops``, or its ``probability`` is under
    ``review_below`` (the words of :func:`review_codes`)."""
    words = reason_words(review_below)
    codes = review_codes(disagrees(best, tops), probability, review_below)
    return [words[c] for c in codes.tolist()]


def check_review_below(review_below: float) -> float:
    """The review threshold, if it is a probability a most likely class can fall under."""
    if not 0.5 <= review_below <= 1:
        # Translators: {value} is the threshold given ("0.3"); 0.5 and 1 are typed as they are.
        raise SettingError(said("the review threshold must be between 0.5 and 1, not {value}",
                                value=f"{review_below:g}"), settings=("review_below",))
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
    probs = np.round(subjects.probabilities, 4)        # as shown and written
    best = subjects.probabilities.argmax(axis=1)
    vote, vote_words, tops = majority_codes(counts, names)
    columns = label_columns(names)
    how = (FIT_OWN if result.subjects else
           "probabilities by Bayes' rule at the fitted t, a and p")
    return SubjectLabels(columns, subjects.ids, subjects.n_ratings, probs, best, vote,
                         vote_words, disagrees(best, tops), names, review_below, how,
                         result.n_excluded)


def _english(text: str) -> str:
    return text


def label_columns(names: Sequence[str], words=_english) -> tuple[str, ...]:
    """The labels' columns for classes ``names``: as the file writes them (English, a machine
    interface), or through ``words`` (``_``: the current language, as the Subjects tab heads
    them)."""
    # Translators: a column of the Subjects tab; {name} is a class's name ("medal").
    probability = words(N_("Probability of {name}"))
    return (words(N_("Subject")), words(N_("Ratings")),
            *(probability.format(name=n) for n in names), words(MODEL_COLUMN),
            words(N_("Probability of the most likely class")), words(N_("Majority vote")),
            words(REVIEW_COLUMN), words(N_("Why review")))


def shown_labels_note(labels: SubjectLabels) -> str:
    """:func:`labels_note` in the current language (the Subjects tab's note)."""
    how = _(N_("the fit's own probabilities")) if labels.how == FIT_OWN else \
        _(N_("probabilities by Bayes' rule at the fitted t, a and p"))
    # Translators: the Subjects tab's note: {how} says where the probabilities come from,
    # {level} is a percent ("80%").
    text = _("Each subject's probability of each class ({how}), its most likely class and the "
             "raters' majority vote (a tie is said). A subject needs review where the two differ "
             "or the most likely class is under {level} probable.").format(
        how=how, level=formats.percent(labels.review_below, 0 if labels.review_below * 100 ==
                                       round(labels.review_below * 100) else 1))
    if labels.n_excluded:
        # Translators: follows the Subjects tab's note; {n} is a count of subjects.
        text += " " + ngettext("{n} subject left out of the fit is not listed.",
                               "{n} subjects left out of the fit are not listed.",
                               labels.n_excluded).format(n=formats.integer(labels.n_excluded))
    return text


def labels_note(how: str, n_excluded: int, review_below: float) -> str:
    """What the labels are, in a reader's words (the tab's note and the file's description):
    ``how`` the probabilities were had, the subjects left out of the fit."""
    left = f" {n_excluded} subjects left out of the fit are not listed." if n_excluded else ""
    return (f"Each subject's probability of each class ({how}), its most likely class and the "
            f"raters' majority vote (a tie is said). A subject needs review where the two "
            f"differ or the most likely class is under {level_key(review_below)} probable.{left}")


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
        # Translators: {name} is the labels file's name as given.
        raise SettingError(said("the labels file {name} must end in .csv or .parquet",
                                name=path.name), settings=("subjects_out",))
    if suffix == ".parquet" and not parquet_ready():
        # Translators: {name} is the labels file's name; pyarrow is a package's name.
        raise SettingError(said("cannot write {name}: Parquet files need the optional package "
                                "pyarrow, which is not installed; write a .csv file instead, or "
                                "install pyarrow", name=path.name), settings=("subjects_out",))
    if not path.parent.exists():
        # Translators: {path} is the labels file asked for.
        raise SettingError(said("the folder of the labels file {path} does not exist",
                                path=str(path)), settings=("subjects_out",))
    return path


CHUNK = 20_000
"""Rows made at a time when the labels are written (a crowd's labels never stand in memory as
Python rows all at once)."""


def write_labels(labels: SubjectLabels, path: str | Path,
                 rows: Sequence[tuple[Any, ...]] | None = None, review_only: bool = False) -> Path:
    """The labels (or just ``rows`` of them, or only the subjects to review, least certain
    first) as CSV, or as Parquet for a .parquet path."""
    path = check_labels_path(path)
    which = labels.review_order() if review_only else None
    try:
        if path.suffix.lower() == ".csv":
            if rows is not None:
                return write_csv(labels.as_table(rows), path)
            return write_csv_rows(labels.columns, labels_in_chunks(labels, which), path)
        import pandas as pd
        made = list(rows) if rows is not None else labels.rows_of(which)
        pd.DataFrame(made, columns=list(labels.columns)).to_parquet(path, index=False)
    except OSError as exc:
        # Translators: {path} is the labels file; {reason} the system's reason ("Permission
        # denied").
        raise SettingError(said("cannot write the labels file {path}: {reason}", path=str(path),
                                reason=exc.strerror or str(exc)), settings=("subjects_out",)) from None
    return path


def labels_in_chunks(labels: SubjectLabels, which: np.ndarray | None = None
                     ) -> Iterator[list[tuple[Any, ...]]]:
    """The rows (all, or those at ``which``) a chunk of :data:`CHUNK` at a time."""
    at = np.arange(len(labels)) if which is None else which
    for start in range(0, len(at), CHUNK):
        yield labels.rows_of(at[start:start + CHUNK])
