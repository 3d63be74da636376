"""The columns TapDesk makes from a sheet whose names cross raters with items ('R1_Q1' ...) are
named in the reader's language where the mapping is shown (issue 79: the German preview said
'item (from the column names)'); the project and the JSON keep the English name."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.data.mapping_words import mapping_in_words
from tapdesk.data.readers import read_text


def _crossed() -> str:
    rows = [[f"s{i}", *(str((i + j) % 3) for j in range(4))] for i in range(12)]
    return "\n".join("\t".join(r) for r in [["id", "R1_Q1", "R1_Q2", "R2_Q1", "R2_Q2"]] + rows)


def test_the_melted_columns_are_named_in_the_readers_language():
    ds = read_text(_crossed())
    english = mapping_in_words(ds.mapping)
    assert "rater (from the column names)" in english and "item (from the column names)" in english
    with i18n.language("de"):
        german = mapping_in_words(ds.mapping)
    assert "from the column names" not in german
    assert dict(ds.mapping)["rater"] == "rater (from the column names)"     # kept as it was

