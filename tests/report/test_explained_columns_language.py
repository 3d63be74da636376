"""The explained model's group table in the reader's language (issue 54): its share column,
made from the class's categories ("Share truly in Class 1 (yes)"), is printed in the language
the table is made in; the exported table keeps the English column names."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk import i18n
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.explain.simulate import simulate_explained
from tapdesk.report.explained import groups_table


@pytest.fixture(scope="module")
def grouped():
    table = simulate_explained([[0.7, 0.3], [0.35, 0.65]], [30, 30], np.array([28.0, 35, 41, 47]),
                               0.4, [0.06], [0.55, 0.45], seed=5, categories=("no", "yes"),
                               attribute_names=("age",))
    return fit(FitRequest(model="tap", subject_group="group", class1=("yes",)), table)


def test_the_share_column_is_printed_in_the_tables_language(grouped):
    english = groups_table(grouped)
    assert "Share truly in Class 1 (yes)" in english.columns
    assert "Share truly in Class 1 (yes)" in english.printed()[0]
    with i18n.language("de"):
        german = groups_table(grouped)
    assert german.columns == english.columns               # the exported names stay English
    printed = german.printed()[0]
    assert not [c for c in printed if "Share" in c or "Class 1" in c], printed
    assert "Anteil tatsächlich in Klasse 1 (yes)" in printed, printed
