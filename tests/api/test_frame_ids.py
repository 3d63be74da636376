"""Ids come back as the frame held them (issue 75, item 6): a result's ``subjects`` and
``raters`` are indexed by the DataFrame's own values with their dtype (numbers stay numbers, a
category stays a category, a wide frame numbered by row gives its own index labels), and a
frame whose index is not 0..n-1 is read row by row, not aligned on its index."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

import tapdesk


def _wide(index=None) -> pd.DataFrame:
    rng = np.random.default_rng(11)
    truth = rng.integers(0, 2, 40)
    columns = {r: np.where(rng.random(40) < 0.85, truth, rng.integers(0, 2, 40)) for r in (7, 8, 9)}
    return pd.DataFrame(columns, index=index)


def _fit(data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tapdesk.TapDeskWarning)
        return tapdesk.fit(data, model="per-rater")


def test_a_wide_frame_gives_its_own_index_and_its_column_names_back():
    frame = _wide(index=range(100, 140))
    fitted = _fit(frame)
    assert list(fitted.subjects.index) == list(range(100, 140))
    assert fitted.subjects.index.dtype == np.int64
    assert list(fitted.raters.index) == [7, 8, 9] and fitted.raters.index.dtype == np.int64


def test_a_frame_with_rows_left_out_is_read_by_position():
    whole = _wide()
    kept = whole[whole.index % 3 != 0]             # an index with gaps: 1, 2, 4, 5, ...
    read = tapdesk.read(kept).table
    assert read.n_subjects == len(kept)
    first = {r: read.rating[(read.subject == 0) & (read.rater == j)]
             for j, r in enumerate(read.rater_ids)}
    assert [read.scale.categories[int(v[0])] for v in first.values()] == \
        [str(v) for v in kept.iloc[0]]
    assert list(_fit(kept).subjects.index) == list(kept.index)


def test_a_long_frame_keeps_a_category_of_tasks_and_numbered_workers():
    long = _wide().rename_axis("case").reset_index().melt(
        id_vars="case", var_name="worker", value_name="label")
    long["case"] = (long["case"] + 500).astype("category")
    long["worker"] = long["worker"].astype(np.int64)
    fitted = _fit(long)
    assert isinstance(fitted.subjects.index, pd.CategoricalIndex)
    assert list(fitted.subjects.index[:2]) == [500, 501]
    assert list(fitted.raters.index) == [7, 8, 9] and fitted.raters.index.dtype == np.int64


def test_ratings_read_first_keep_the_frame():
    frame = _wide(index=pd.Index(range(10, 50), name="case"))
    fitted = _fit(tapdesk.read(frame))
    assert list(fitted.subjects.index[:3]) == [10, 11, 12]


def test_ids_read_from_a_file_stay_text(tmp_path):
    path = tmp_path / "wide.csv"
    _wide().to_csv(path, index_label="case")
    fitted = _fit(path)
    assert list(fitted.subjects.index[:2]) == ["0", "1"] and list(fitted.raters.index) == ["7", "8", "9"]
