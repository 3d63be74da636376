"""Text split into coded columns at the level of bytes, and integer codes recoded in linear
time (issue 43): each gives what pandas gives, ``pd.read_csv`` and ``pd.factorize``."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

from tapdesk.data.importer import bytecolumns
from tapdesk.data.importer.bytecolumns import split_columns
from tapdesk.data.importer.intcodes import distinct_count, first_use_codes, sorted_codes


def random_text(rng: np.random.Generator, n_rows: int) -> str:
    ids = [f"s{i}" for i in range(50)] + [f"a-very-long-subject-identifier-{i}" for i in range(9)]
    raters = ["Zoë", "Ann", "", "Dr Jean-Paul Müller-Lüdenscheidt", "x" * 8, "x" * 16]
    return "\n".join(f"{rng.choice(ids)},{rng.choice(raters)},{rng.integers(0, 12)}"
                     for _ in range(n_rows)) + "\n"


def by_pandas(text: str, n_columns: int) -> list[tuple[np.ndarray, list[str]]]:
    frame = pd.read_csv(io.StringIO(text), header=None, dtype=object, keep_default_na=False,
                        na_filter=False, names=range(n_columns))
    return [(codes, list(uniques)) for codes, uniques in
            (pd.factorize(frame[j].to_numpy()) for j in range(n_columns))]


@pytest.mark.parametrize("block", [16, 100, 1 << 23])
@pytest.mark.parametrize("line_end", ["\n", "\r\n"])
def test_columns_are_the_parsers_cells_coded_in_order_of_first_appearance(monkeypatch, block,
                                                                          line_end):
    monkeypatch.setattr(bytecolumns, "BLOCK_BYTES", block)
    text = random_text(np.random.default_rng(block), 400)
    data = text.replace("\n", line_end).encode("utf-8")
    columns = split_columns(data, 0, ",", 3)
    assert columns is not None
    for column, (codes, uniques) in zip(columns, by_pandas(text, 3)):
        assert np.array_equal(column.codes, codes)
        assert list(column.values) == uniques


def test_a_last_line_without_its_line_end_is_read():
    columns = split_columns(b"h1,h2\na,1\nb,2", 6, ",", 2)
    assert columns is not None
    assert list(columns[0].values) == ["a", "b"] and list(columns[1].codes) == [0, 1]


@pytest.mark.parametrize("data", [b"a,1\nb,2,3\n", b"a,1\nb\n", b"a,1\nb,\x002\n"])
def test_a_row_of_other_width_or_a_nul_byte_is_refused(data):
    assert split_columns(data, 0, ",", 2) is None


def test_a_delimiter_of_more_than_one_byte_is_refused():
    assert split_columns("a§1\n".encode(), 0, "§", 2) is None


def test_integer_codes_recode_as_factorize_does():
    rng = np.random.default_rng(3)
    for size in (1, 7, 5000):
        values = rng.integers(0, size, 20_000)
        codes, uniques = first_use_codes(values, size)
        want_codes, want_uniques = pd.factorize(values)
        assert np.array_equal(codes, want_codes) and np.array_equal(uniques, want_uniques)
        codes, uniques = sorted_codes(values, size)
        want_codes, want_uniques = pd.factorize(values, sort=True)
        assert np.array_equal(codes, want_codes) and np.array_equal(uniques, want_uniques)
        assert distinct_count(values * 1_000_003) == len(np.unique(values))
    assert distinct_count(np.array([], dtype=np.int64)) == 0
