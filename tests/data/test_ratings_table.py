"""The immutable ratings table, scales and the binary view."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data import RatingsTable, Scale, binary_counts, choose_class1, order_labels
from tapdesk.errors import DataError


def test_numeric_labels_order_numerically():
    assert order_labels(["10", "9", "1", "2"]) == ("1", "2", "9", "10")
    assert order_labels(["b", "10", "a", "2"]) == ("2", "10", "a", "b")


def test_table_is_immutable_and_counts_missing():
    table = RatingsTable.from_wide([[1, 1, 0], [0, None, 0], [1, "", None]])
    assert table.n_ratings == 6 and table.n_missing == 3
    with pytest.raises(ValueError):
        table.rating[0] = 1
    with pytest.raises(AttributeError):
        table.n_missing = 0     # type: ignore[misc]


def test_unequal_raters_and_absent_rater_ids():
    table = RatingsTable.from_labels(["s1", "s1", "s1", "s2", "s2"], None, ["a", "b", "a", "b", "b"])
    assert table.n_raters == 0 and not table.has_rater_ids
    assert list(table.ratings_per_subject()) == [3, 2]
    assert table.categories == ("a", "b") and not table.scale.ordinal
    with pytest.raises(DataError, match="rater"):
        table.rater_matrix()


def test_category_counts_and_long_frame_round_trip():
    table = RatingsTable.from_labels(["1", "1", "2", "2"], ["x", "y", "x", "y"], [3, 1, 3, 3])
    assert table.categories == ("1", "3")
    assert table.category_counts().tolist() == [[1, 1], [0, 2]]
    frame = table.to_frame()
    again = RatingsTable.from_labels(frame.subject, frame.rater, frame.rating)
    assert again.to_frame().equals(frame)


def test_declared_scale_keeps_unused_categories():
    table = RatingsTable.from_labels(["1", "1"], ["x", "y"], ["2", "3"])
    declared = table.with_scale(Scale(("1", "2", "3", "4"), ordinal=True, declared=True))
    assert declared.categories == ("1", "2", "3", "4")
    assert declared.category_counts().tolist() == [[0, 1, 1, 0]]
    assert declared.used_categories() == ("2", "3")


def test_default_class1_is_the_larger_numeric_label_and_says_so():
    choice = choose_class1(Scale(("0", "1")))
    assert choice.class1 == ("1",) and "larger numeric" in choice.reason
    choice = choose_class1(Scale(("1", "2")))
    assert choice.class1 == ("2",)
    choice = choose_class1(Scale(("no", "yes")))
    assert choice.class1 == ("yes",) and "second" in choice.reason


def test_more_than_two_categories_needs_a_choice_and_lists_them():
    with pytest.raises(DataError) as err:
        choose_class1(Scale(("1", "2", "3")))
    message = str(err.value)
    assert "1, 2, 3" in message and "Class 1" in message and "cut point" in message
    assert err.value.settings == ("class1", "cut")     # the CLI names --class1/--cut, the app its box


def test_cut_point_takes_categories_at_or_below():
    choice = choose_class1(Scale(("1", "2", "3", "4"), ordinal=True), cut="2")
    assert choice.class1 == ("1", "2") and choice.class0 == ("3", "4")
    with pytest.raises(DataError, match="last category"):
        choose_class1(Scale(("1", "2")), cut="2")
    with pytest.raises(DataError, match="not a category"):
        choose_class1(Scale(("1", "2")), class1=["7"])


def test_binary_counts_exclude_single_rating_subjects_and_say_why():
    table = RatingsTable.from_wide([[1, 1, 0], [0, 0, 0], [1, None, None], [None, None, None]],
                                   subject_ids=["a", "b", "c", "d"])
    counts = binary_counts(table)
    assert counts.n_rated.tolist() == [3, 3] and counts.n_class1.tolist() == [2, 0]
    assert counts.n_excluded == 2
    reasons = {e.reason: e.subject_ids for e in counts.exclusions}
    assert reasons == {"no ratings (every cell missing)": ("d",),
                       "only one rating, so agreement cannot be seen": ("c",)}
    hist = counts.histogram()
    assert hist.n_subjects == 2 and hist.n_ratings == 6


def test_histogram_is_the_sufficient_statistic():
    rng = np.random.default_rng(1)
    n_rated = rng.integers(2, 6, size=500)
    n_class1 = rng.integers(0, n_rated + 1)
    from tapdesk.data.binary import CountHistogram
    hist = CountHistogram.from_counts(n_rated, n_class1)
    assert hist.n_subjects == 500 and hist.n_ratings == n_rated.sum()
    assert len(hist.weight) <= sum(n + 1 for n in range(2, 6))
    pairs = {(n, c): w for n, c, w in zip(hist.n_rated, hist.n_class1, hist.weight)}
    assert pairs[(3, 1)] == int(((n_rated == 3) & (n_class1 == 1)).sum())
