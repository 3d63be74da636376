"""print_json's long lists (issue 43's 10-million-label file): same content as the indented form."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tapdesk.cli import common
from tapdesk.engine.results import _clean
from tapdesk.library import json_text


def payload(n_subjects: int) -> dict:
    return {"model": "dawid-skene", "params": {"t": [0.6, 0.4], "a": None},
            "notes": ["line one\nline two", "ü"],
            "subjects": [{"id": f"s{i}", "n_ratings": 3, "prob_class1": i / (n_subjects + 1),
                          "probabilities": [1 - i / (n_subjects + 1), i / (n_subjects + 1)]}
                         for i in range(n_subjects)],
            "tables": [{"title": "x", "rows": [[1, "a"]]}]}


def test_a_short_payload_is_the_indented_dump_unchanged():
    small = payload(5)
    assert "".join(json_text.json_pieces(small)) == json.dumps(small, indent=2, allow_nan=False)


def test_a_long_list_goes_an_item_a_line_with_the_same_keys_values_and_order():
    big = payload(json_text.LONG_LIST + 7)
    text = "".join(json_text.json_pieces(big))
    assert text != json.dumps(big, indent=2)
    back = json.loads(text)
    assert back == big and list(back) == list(big)
    assert text.count("\n") < json.dumps(big, indent=2).count("\n")
    assert '\n    {"id":"s3","n_ratings":3,' in text


def test_a_value_json_cannot_hold_still_stops_the_long_form():
    big = payload(json_text.LONG_LIST + 1)
    big["subjects"][-1]["prob_class1"] = math.nan
    with pytest.raises(ValueError):
        json_text.json_pieces(big)


def test_print_json_writes_the_pieces(capsys):
    big = payload(json_text.LONG_LIST + 2)
    common.print_json(big)
    assert json.loads(capsys.readouterr().out) == big


def old_subject_json(result, s) -> dict:
    """The subject JSON as to_dict made it before issue 43 (then cleaned with the rest)."""
    two = len(s.probabilities) == 2 and result.class_choice is not None
    return {"id": s.subject_id, "n_ratings": s.n_ratings,
            **({"prob_class1": s.probabilities[1]} if two else {}),
            "probabilities": list(s.probabilities), **({"group": s.group} if s.group else {})}


def test_subjects_json_is_what_the_generic_cleaning_made():
    from dataclasses import replace

    import numpy as np

    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.results import SubjectEstimate
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "crowd_small.csv"
    result = fit(FitRequest(model="dawid-skene"), read_ratings(fixture).table)
    assert len(result.subjects) == 300
    assert result.to_dict()["subjects"] == _clean([old_subject_json(result, s)
                                                   for s in result.subjects])
    subjects = (SubjectEstimate("a", 3, (np.float64(0.25), np.float64(0.75))),
                SubjectEstimate("b", 2, (math.nan, 1.0), group="g1"))
    result = replace(result, subjects=subjects)
    out = result.to_dict()
    assert out["subjects"] == _clean([old_subject_json(result, s) for s in subjects])
    assert list(out).index("subjects") < list(out).index("tables")
    assert json.dumps(out, allow_nan=False)


def test_streamed_subjects_write_the_same_text_as_the_list():
    """The CLI's subjects come a slice at a time (FitResult.to_dict(stream=True)): the same JSON
    text as the list of entries, long or short, at the top level or inside another object."""
    import numpy as np

    from tapdesk.engine import FitRequest
    from tapdesk.engine.results import FitResult
    from tapdesk.engine.subjects import SubjectTable
    for n in (3, json_text.LONG_LIST + 501):
        p = np.linspace(0, 1, n)
        table = SubjectTable(tuple(f"s{i}" for i in range(n)), np.full(n, 3),
                             np.column_stack([1 - p, p]))
        result = FitResult(request=FitRequest(model="dawid-skene"), model="dawid-skene",
                           title="t", params=(), log_likelihood=None, n_subjects=n,
                           n_ratings=3 * n, subjects=table)
        listed, streamed = result.to_dict(), result.to_dict(stream=True)
        assert not isinstance(streamed["subjects"], list)
        assert "".join(json_text.json_pieces(streamed)) == "".join(json_text.json_pieces(listed))
        assert json.loads("".join(json_text.json_pieces({"item": streamed}))) == {"item": listed}
