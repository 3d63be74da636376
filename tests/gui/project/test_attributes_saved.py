"""Issue 42: a saved project keeps the subject and rater attributes of its tables."""

from __future__ import annotations

import json

import numpy as np

from tapdesk.data.readers import read_text
from tapdesk.gui.project.codec import decode, encode

LONG = "student,year,instructor,age,score\n" + "\n".join(
    f"s{i},{i % 4 + 1},r{j},{30 + 5 * j},{(i * j) % 5 + 1}" for i in range(12) for j in range(6))


def test_attributes_survive_a_project_round_trip():
    table = read_text(LONG).table
    back = decode(json.loads(json.dumps(encode(table))))
    assert back.attributes == table.attributes
    assert back.attributes.raters["age"]["r2"] == "40"
    assert np.array_equal(back.rating, table.rating)


def test_a_table_saved_before_attributes_opens_with_none():
    table = read_text(LONG).table
    saved = encode(table)
    del saved["attributes"]
    assert decode(json.loads(json.dumps(saved))).attributes.is_empty
