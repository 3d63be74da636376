"""Property-based import tests: tables written in every layout read back to the same ratings;
random bytes and malformed files give a clear DataError and nothing else."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import openpyxl
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from tapdesk.data.readers import ImportOptions, read_ratings, read_text
from tapdesk.errors import DataError

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
LABEL_SETS = [("1", "2"), ("1", "2", "3", "4"), ("no", "yes"), ("low", "mid", "high")]


@st.composite
def grids(draw, missing=True):
    """(labels, subjects x raters grid of labels or None)."""
    labels = draw(st.sampled_from(LABEL_SETS))
    n_subj = draw(st.integers(2, 8))
    n_rat = draw(st.integers(2, 5))
    cell = st.sampled_from(labels) | st.none() if missing else st.sampled_from(labels)
    grid = [[draw(cell) for _ in range(n_rat)] for _ in range(n_subj)]
    assume(sum(v is not None for row in grid for v in row) >= 2)
    return labels, grid


def expected_triples(grid):
    return Counter((f"s{i + 1}", f"R{j + 1}", v) for i, row in enumerate(grid)
                   for j, v in enumerate(row) if v is not None)


def got_triples(table):
    f = table.to_frame()
    return Counter(zip(f["subject"], f["rater"], f["rating"]))


def cell(v):
    return "" if v is None else v


@SETTINGS
@given(grids(), st.sampled_from([",", ";", "\t"]))
def test_long_round_trip(data, sep):
    _, grid = data
    rows = [sep.join(["subject", "rater", "rating"])]
    rows += [sep.join([f"s{i + 1}", f"R{j + 1}", cell(v)]) for i, row in enumerate(grid)
             for j, v in enumerate(row)]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "long"
    assert got_triples(ds.table) == expected_triples(grid)
    assert ds.table.n_missing == sum(v is None for row in grid for v in row)


@SETTINGS
@given(grids(), st.sampled_from([",", ";", "\t"]))
# three small panels the search once found read wrong: a 'sum' of one row repeated, an
# 'adjudicator' whose three blanks fell on the agreed subjects by accident, an all-NaN row
@example((("1", "2"), [["1", "1", "2"]] * 4), ",")
@example((("1", "2"), [["1", "1", "2"], [None, "1", "1"], ["1", "1", "2"], ["1", "1", "2"],
                       ["1", "1", None], [None, "1", "1"], [None, "1", "1"]]), ",")
@example((("1", "2"), [["1", "1", "2"], ["1", None, "1"]] + [["1", "1", "2"]] * 3), ",")
def test_wide_round_trip(data, sep):
    _, grid = data
    rows = [sep.join(["id"] + [f"R{j + 1}" for j in range(len(grid[0]))])]
    rows += [sep.join([f"s{i + 1}"] + [cell(v) for v in row]) for i, row in enumerate(grid)]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "wide"
    assert got_triples(ds.table) == expected_triples(grid)
    assert ds.table.n_subjects == len(grid)


@SETTINGS
@given(grids())
def test_wide_rows_round_trip(data):
    _, grid = data
    n_subj = len(grid)
    rows = [",".join(["rater"] + [f"s{i + 1}" for i in range(n_subj)])]
    rows += [",".join([f"R{j + 1}"] + [cell(grid[i][j]) for i in range(n_subj)])
             for j in range(len(grid[0]))]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "wide-rows"
    assert got_triples(ds.table) == expected_triples(grid)


@SETTINGS
@given(grids())
def test_category_counts_round_trip(data):
    labels, grid = data
    rows = [",".join(["subject", *labels])]
    rows += [",".join([f"s{i + 1}"] + [str(sum(v == lab for v in row)) for lab in labels])
             for i, row in enumerate(grid)]
    ds = read_text("\n".join(rows) + "\n", ImportOptions(layout="category-counts"))
    want = Counter((f"s{i + 1}", v) for i, row in enumerate(grid) for v in row if v is not None)
    f = ds.table.to_frame()
    assert Counter(zip(f["subject"], f["rating"])) == want
    assert ds.table.n_raters == 0 and ds.table.n_subjects == len(grid)
    assert set(ds.table.scale.categories) == set(labels)


@SETTINGS
@given(grids(missing=False))
def test_binary_counts_round_trip(data):
    labels, grid = data
    one = labels[-1]
    rows = ["subject,n,class1"] + [f"s{i + 1},{len(row)},{sum(v == one for v in row)}"
                                   for i, row in enumerate(grid)]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "binary-counts"
    per = ds.table.category_counts()
    assert per[:, 1].tolist() == [sum(v == one for v in row) for row in grid]
    assert per.sum(axis=1).tolist() == [len(row) for row in grid]


@SETTINGS
@given(st.sampled_from(LABEL_SETS), st.data())
def test_contingency_round_trip(labels, data):
    k = len(labels)
    counts = np.array(data.draw(st.lists(st.integers(0, 6), min_size=k * k, max_size=k * k)))
    assume(counts.sum() >= 1)
    counts = counts.reshape(k, k)
    rows = [",".join(["", *labels])] + [",".join([a, *map(str, counts[i])])
                                        for i, a in enumerate(labels)]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "contingency"
    grid = ds.table.rater_matrix()
    cats = ds.table.scale.categories
    got = Counter((cats[a], cats[b]) for a, b in grid)
    want = Counter({(labels[i], labels[j]): int(counts[i, j])
                    for i, j in itertools.product(range(k), range(k)) if counts[i, j]})
    assert got == want


@settings(max_examples=8, deadline=None)
@given(grids())
def test_xlsx_round_trip(tmp_path_factory, data):
    _, grid = data
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id"] + [f"R{j + 1}" for j in range(len(grid[0]))])
    for i, row in enumerate(grid):
        sheet.append([f"s{i + 1}"] + [int(v) if v and v.isdigit() else v for v in row])
    path = tmp_path_factory.mktemp("x") / "t.xlsx"
    book.save(path)
    ds = read_ratings(path)
    assert ds.layout == "wide"
    assert got_triples(ds.table) == expected_triples(grid)


# --------------------------------------------------------------- bad input
@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400), st.sampled_from([".csv", ".xlsx", ".ods", ".sav", ".dta", ".txt"]))
def test_random_bytes_give_a_clear_data_error(tmp_path_factory, blob, suffix):
    path = tmp_path_factory.mktemp("r") / f"random{suffix}"
    path.write_bytes(blob)
    try:
        read_ratings(path)
    except DataError as exc:
        assert str(exc).startswith(str(path))
        assert "internal error" not in str(exc)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1,;\t\n\" .-=")), max_size=120))
def test_malformed_text_gives_a_clear_data_error(text):
    try:
        read_text(text)
    except DataError as exc:
        assert "internal error" not in str(exc), str(exc)


def test_a_header_wider_than_every_filled_row_reads_without_an_internal_error():
    # Found by the property above: no row filled a cell right of the header's last name.
    try:
        read_text(";;=\n=;1\n1")
    except DataError as exc:
        assert "internal error" not in str(exc), str(exc)
