"""FitResult.subjects as arrays (issue 43): the table reads as the tuple of records did."""

from __future__ import annotations

import json
import math
import pickle
from dataclasses import replace

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.results import FitResult, SubjectEstimate
from tapdesk.engine.subjects import SubjectTable
from tests import FIXTURES

RECORDS = (SubjectEstimate("a", 3, (0.25, 0.75)), SubjectEstimate("b", 2, (0.5, 0.5), "g1"),
           SubjectEstimate("c", 4, (1.0, 0.0)))
WITH_NAN = (RECORDS[0], SubjectEstimate("b", 2, (math.nan, 1.0), "g1"))


@pytest.fixture(scope="module")
def crowd_fit() -> FitResult:
    return fit(FitRequest(model="dawid-skene"), read_ratings(FIXTURES / "crowd_small.csv").table)


def test_a_table_reads_as_the_tuple_of_records_it_was_made_from():
    table = SubjectTable.of(RECORDS)
    assert len(table) == 3 and bool(table) and not SubjectTable()
    assert table[0] == RECORDS[0] and table[-1] == RECORDS[-1]
    assert table[1].group == "g1" and table[0].group == ""
    assert list(table)[0] == RECORDS[0] and list(table)[2] == RECORDS[2]
    assert table[1:] == RECORDS[1:] and isinstance(table[1:], SubjectTable)
    assert table.groups == ("", "g1", "") and table.n_classes == 2
    assert isinstance(table[0].probabilities, tuple) and type(table[0].n_ratings) is int
    with pytest.raises(IndexError):
        table[3]
    assert table[:1] + table[-1:] == (RECORDS[0], RECORDS[2])     # joined as tuples were
    assert RECORDS[:1] + table[1:] == RECORDS and table[:2] + RECORDS[2:] == RECORDS


def test_the_arrays_cannot_be_written():
    table = SubjectTable.of(RECORDS)
    with pytest.raises(ValueError):
        table.probabilities[0, 0] = 0.5
    with pytest.raises(ValueError):
        table.n_ratings[0] = 9


def test_equal_tables_are_equal_with_nan_and_differ_on_any_number():
    one, two = SubjectTable.of(RECORDS), SubjectTable.of(RECORDS)
    assert one == two and hash(one) == hash(two)
    assert SubjectTable.of(WITH_NAN) == SubjectTable.of(WITH_NAN)
    other = SubjectTable.of(RECORDS[:2] + (SubjectEstimate("c", 4, (0.9, 0.1)),))
    assert one != other
    assert SubjectTable() == () and SubjectTable.of(RECORDS[:1]) == RECORDS[:1]


def test_a_fit_result_holds_a_table_even_when_given_records():
    result = FitResult(request=FitRequest(model="tap"), model="tap", title="t", params=(),
                       log_likelihood=None, n_subjects=3, n_ratings=9, subjects=RECORDS)
    assert isinstance(result.subjects, SubjectTable) and result.subjects == RECORDS
    assert isinstance(replace(result, title="u").subjects, SubjectTable)


def test_a_fit_result_pickles_with_its_table_as_the_worker_pipe_sends_it(crowd_fit):
    subjects = crowd_fit.subjects
    assert isinstance(subjects, SubjectTable) and len(subjects) == 300
    back = pickle.loads(pickle.dumps(crowd_fit))
    assert back.subjects == subjects and back == crowd_fit
    assert list(back.subjects) == list(subjects)


def test_the_json_rows_are_the_records_json_and_come_a_slice_at_a_time(crowd_fit):
    listed = crowd_fit.to_dict()["subjects"]
    assert isinstance(listed, list) and len(listed) == 300
    rows = crowd_fit.to_dict(stream=True)["subjects"]
    assert not isinstance(rows, list) and rows == listed
    assert rows[5] == listed[5] and rows[-1] == listed[-1] and rows[10:13] == listed[10:13]
    first = crowd_fit.subjects[0]
    assert listed[0] == {"id": first.subject_id, "n_ratings": first.n_ratings,
                         "probabilities": list(first.probabilities)}


def test_non_finite_probabilities_are_null_in_the_json():
    result = FitResult(request=FitRequest(model="tap"), model="tap", title="t", params=(),
                       log_likelihood=None, n_subjects=2, n_ratings=5, subjects=WITH_NAN)
    out = result.to_dict()
    assert out["subjects"][1] == {"id": "b", "n_ratings": 2, "probabilities": [None, 1.0],
                                  "group": "g1"}
    json.dumps(out, allow_nan=False)


def test_the_table_takes_the_fits_arrays_without_a_copy():
    probs = np.array([[0.2, 0.8], [0.6, 0.4]])
    table = SubjectTable(("x", "y"), np.array([2, 3]), probs)
    assert np.shares_memory(table.probabilities, probs)
    with pytest.raises(ValueError):
        SubjectTable(("x", "y"), np.array([2, 3]), probs, groups=("g",))


ODD_IDS = (SubjectEstimate('q"uote\\d', 3, (0.1, 0.2, 0.7), "g\u00e9"),
           SubjectEstimate("caf\u00e9 \u2603", 1, (math.nan, 1e-300, 1.0)),
           SubjectEstimate("x\ny", 4, (1 / 3, 2 / 3, 0.0), "g1"))


@pytest.mark.parametrize("subjects", [RECORDS, WITH_NAN, ODD_IDS], ids=["two", "nan", "three"])
@pytest.mark.parametrize("with_class1", [True, False])
def test_the_json_texts_are_what_the_json_encoder_makes_of_each_entry(subjects, with_class1):
    rows = SubjectTable.of(subjects).json_rows(with_class1)
    compact = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode
    assert rows.json_texts(0, len(rows)) == [compact(entry) for entry in rows]
    assert rows.json_texts(1, 2) == [compact(rows[1])]


def test_the_cli_writes_a_long_subject_list_from_the_texts_as_the_encoder_would():
    from tapdesk.library.json_text import LONG_LIST, json_pieces
    n = 2 * LONG_LIST + 7
    probs = np.random.default_rng(3).dirichlet(np.ones(2), size=n)
    probs[5] = (math.nan, math.nan)
    rows = SubjectTable(tuple(f"item {i}" for i in range(n)), np.arange(n) % 4 + 1,
                        probs).json_rows(True)
    fast = "".join(json_pieces({"model": "x", "subjects": rows}))
    assert fast == "".join(json_pieces({"model": "x", "subjects": list(rows)}))
    assert json.loads(fast)["subjects"][5]["probabilities"] == [None, None]
