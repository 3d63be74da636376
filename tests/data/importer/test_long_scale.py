"""A long file of millions of labels (issue 43): each id column is read once, and a file of
only task, worker and label reads no ids to look for attribute columns."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tapdesk.data.importer import convert, userroles
from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.table import Table
from tapdesk.data.readers import read_text

LONG = "task,worker,label\n" + "\n".join(
    f"t{i},w{(i * 7 + j) % 11},{(i + j) % 3 + 1}" for i in range(40) for j in range(3))


def test_an_id_column_is_read_once_per_table_and_shared_read_only(monkeypatch):
    made: list[str] = []
    real = convert._column_ids

    def counted(table, col):
        made.append(col)
        return real(table, col)

    monkeypatch.setattr(convert, "_column_ids", counted)
    ds = read_text(LONG)
    assert sorted(made) == ["task", "worker"]
    assert ds.table.n_subjects == 40 and len(ds.table.rater_ids) == 11


def test_the_cached_ids_are_the_ids_read_afresh():
    body = pd.DataFrame({"task": ["a", "b", "a", ""], "worker": ["x", "y", "y", "x"]})
    grid = RawGrid(body.set_axis(range(2), axis=1), "csv", "f.csv", np.arange(2, 6))
    table = Table(["task", "worker"], body, np.arange(4), grid, 0)
    first = convert.column_ids(table, "task")
    assert convert.column_ids(table, "task") is first
    fresh = convert._column_ids(table, "task")
    assert first.labels == fresh.labels == ("a", "b")
    assert np.array_equal(first.codes, fresh.codes) and list(first.codes) == [0, 1, 0, -1]
    with pytest.raises(ValueError):
        first.codes[0] = 5


def test_a_three_column_long_file_looks_for_no_attribute_columns(monkeypatch):
    monkeypatch.setattr(userroles, "_ids", lambda *a: pytest.fail("ids read for no column"))
    ds = read_text(LONG)
    assert ds.table.attributes.subject_columns == () and ds.table.attributes.rater_columns == ()


def test_a_fourth_column_is_still_checked_for_one_value_per_worker():
    text = "task,worker,age,label\n" + "\n".join(
        f"t{i},w{(i * 7 + j) % 11},{20 + (i * 7 + j) % 11},{(i + j) % 3 + 1}"
        for i in range(40) for j in range(3))
    assert read_text(text).table.attributes.rater_columns == ("age",)
