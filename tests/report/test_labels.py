"""Labels out (issue 43, item 2): each subject's classes, the majority vote beside them, and the
review flag where they disagree or the most likely class is not probable enough."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from tapdesk.data.readers import ImportOptions, read_text
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.request import FitRequest as Request
from tapdesk.engine.results import FitResult, SubjectEstimate
from tapdesk.errors import SettingError
from tapdesk.report.labels import (
    DISAGREE,
    check_labels_path,
    majority_votes,
    review_reasons,
    subject_labels,
    write_labels,
)

WIDE = "subject,r1,r2,r3\ns1,1,1,2\ns2,1,2,2\ns3,1,2,\ns4,2,2,2\n"
NAMED = ImportOptions(labels=(("1", "cat"), ("2", "dog")))


def crafted(table, probabilities) -> FitResult:
    """A latent-class result with chosen probabilities (the labels read only these)."""
    subjects = tuple(SubjectEstimate(sid, int((table.subject == i).sum()), probs)
                     for i, (sid, probs) in enumerate(zip(table.subject_ids, probabilities)))
    return FitResult(request=Request(model="dawid-skene"), model="dawid-skene", title="DS",
                     params=(), log_likelihood=None, n_subjects=len(subjects),
                     n_ratings=table.n_ratings, categories=table.categories,
                     class_labels=table.categories, subjects=subjects,
                     category_labels=("cat", "dog"))


@pytest.fixture
def table():
    return read_text(WIDE, NAMED).table


def test_majority_vote_says_a_tie():
    names = ("cat (1)", "dog (2)")
    words, tops = majority_votes(np.array([[2, 1], [1, 1], [0, 0], [0, 3]]), names)
    assert words == ["cat (1)", "tie: cat (1) / dog (2)", "no ratings", "dog (2)"]
    assert tops.tolist() == [[True, False], [True, True], [False, False], [False, True]]


def test_review_where_model_and_majority_differ_or_probability_is_low():
    tops = np.array([[True, False], [True, False], [True, True], [True, False], [False, False]])
    best = np.array([0, 1, 1, 0, 1])
    probability = np.array([0.95, 0.95, 0.95, 0.85, 0.6])
    low = "most likely class under 90% probable"
    assert review_reasons(best, probability, tops, 0.9) == [
        "", DISAGREE, "", low, low]                 # one of a tie's classes; no ratings: no vote
    assert review_reasons(np.array([1]), np.array([0.6]), tops[:1], 0.9) == [f"{DISAGREE}; {low}"]
    assert review_reasons(np.array([1]), np.array([0.85]), tops[:1], 0.8) == [DISAGREE]
    assert review_reasons(best, probability, tops, 0.875)[3] == \
        "most likely class under 87.5% probable"


def test_rows_of_a_crafted_fit(table):
    result = crafted(table, [(0.95, 0.05), (0.7, 0.3), (0.2, 0.8), (0.01, 0.99)])
    labels = subject_labels(result, table)
    assert labels.columns == ("Subject", "Ratings", "Probability of cat (1)", "Probability of dog (2)",
                              "Most likely class", "Probability of the most likely class",
                              "Majority vote", "Review", "Why review")
    rows = {r[0]: r for r in labels.rows}
    assert rows["s1"][4:] == ("cat (1)", 0.95, "cat (1)", "no", "")
    assert rows["s2"][4:7] == ("cat (1)", 0.7, "dog (2)") and rows["s2"][7] == "yes"
    assert rows["s2"][8].startswith(DISAGREE)
    assert rows["s3"][6] == "tie: cat (1) / dog (2)"
    assert rows["s3"][7:] == ("yes", "most likely class under 90% probable")
    assert rows["s4"][7] == "no" and labels.n_review == 2
    assert [r[0] for r in labels.review_rows()] == ["s2", "s3"]       # least certain first
    assert subject_labels(result, table, review_below=0.75).n_review == 1
    with pytest.raises(SettingError, match="between 0.5 and 1"):
        subject_labels(result, table, review_below=0.3)


def test_every_latent_class_model_gives_labels_that_match_its_probabilities(shared_data):
    from tapdesk.data.readers import read_ratings
    table = read_ratings(shared_data / "wine.csv").table
    for model in ("tap", "per-rater", "categorical", "dawid-skene"):
        class1 = ("4",) if model in ("tap", "per-rater") else None
        result = fit(FitRequest(model=model, class1=class1), table)
        labels = subject_labels(result, table)
        assert len(labels.rows) == table.n_subjects
        width = len(labels.classes)
        for row, flag in zip(labels.rows, labels.review):
            probs = row[2:2 + width]
            assert abs(sum(probs) - 1) < 1e-3
            assert row[2 + width] == labels.classes[int(np.argmax(probs))]
            assert flag == (row[-2] == "yes") == (max(probs) < 0.9 or DISAGREE in row[-1])


def test_file_names_checked_and_csv_written(tmp_path, table):
    labels = subject_labels(crafted(table, [(0.95, 0.05)] * 4), table)
    with pytest.raises(SettingError, match=r"\.csv or \.parquet"):
        check_labels_path(tmp_path / "labels.txt")
    with pytest.raises(SettingError, match="does not exist"):
        check_labels_path(tmp_path / "nowhere" / "labels.csv")
    path = write_labels(labels, tmp_path / "labels.csv")
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
    assert tuple(rows[0]) == labels.columns and len(rows) == 5


def test_parquet_needs_pyarrow(tmp_path, table):
    labels = subject_labels(crafted(table, [(0.95, 0.05)] * 4), table)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(SettingError, match="pyarrow"):
            write_labels(labels, tmp_path / "labels.parquet")
        return
    import pandas as pd
    frame = pd.read_parquet(write_labels(labels, tmp_path / "labels.parquet"))
    assert tuple(frame.columns) == labels.columns and len(frame) == 4


def test_the_flag_reads_the_probability_as_shown(table):
    """A most likely class of 0.89996 is shown as 0.9: it is not called 'under 90% probable'
    beside the 0.9 the row shows (the rule reads the 4 places every surface shows)."""
    shown_as = {}
    for p in (0.89996, 0.89994):
        labels = subject_labels(crafted(table, [(p, 1 - p)] + [(0.95, 0.05)] * 3), table)
        shown_as[p] = labels.rows[0]                   # s1: the majority says cat too
        assert labels.at_threshold(0.8999).rows[0][7] == "no"
    assert shown_as[0.89996][5] == 0.9 and shown_as[0.89996][7:] == ("no", "")
    assert shown_as[0.89994][5] == 0.8999 and shown_as[0.89994][7] == "yes"
