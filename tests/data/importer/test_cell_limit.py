"""The cell limit of an import (issue 43): the memory follows the cells of the table as saved,
and the advice fits the layout (a long table is not told to become long)."""

from __future__ import annotations

import pytest

from tapdesk.data.importer import budget
from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError


def write(path, header, rows):
    path.write_text("\n".join([",".join(header)] + [",".join(map(str, r)) for r in rows]) + "\n")
    return path


def test_a_long_table_over_the_limit_is_told_to_split_not_to_become_long(tmp_path, monkeypatch):
    monkeypatch.setattr(budget, "MAX_CELLS", 50)
    rows = [(f"t{i}", f"w{i % 7}", 1 + i % 2) for i in range(30)]
    path = write(tmp_path / "long.csv", ("task", "worker", "label"), rows)
    with pytest.raises(DataError) as caught:
        read_ratings(path)
    text = str(caught.value)
    assert "x 3 columns" in text and "already in long form" in text
    assert "save only the ratings" not in text


def test_a_wide_table_over_the_limit_is_told_to_save_the_ratings_long(tmp_path, monkeypatch):
    monkeypatch.setattr(budget, "MAX_CELLS", 50)
    rows = [(f"s{i}", *[1 + (i + j) % 3 for j in range(8)]) for i in range(10)]
    path = write(tmp_path / "wide.csv", ("subject", *[f"R{j}" for j in range(8)]), rows)
    with pytest.raises(DataError) as caught:
        read_ratings(path)
    assert "x 9 columns" in str(caught.value) and "long form" in str(caught.value)
    assert "already" not in str(caught.value)


def test_the_limit_is_the_memory_budget_over_the_measured_bytes_per_cell():
    assert budget.MAX_CELLS == budget.IMPORT_MEMORY // budget.BYTES_PER_CELL
    assert budget.MAX_CELLS >= 3 * 10_000_000      # ten million ratings in long form fit
