"""The importer's rarer notes and refusals, and the layout's reason, in the language they are read
in (issue 54): files made to raise each one are read in English and shown in the
pseudo-language (every word of TapDesk's own bracketed) and German; English stays as it was."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.readers import ImportOptions
from tests.data.test_notes_language import english_words, read, shown
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

LONG = "judge,wine,score,Region\n" + "".join(
    f"{j},{w},{(w + k) % 3 + 1},{'north' if w % 2 else 'south'}\n"
    for w in range(1, 9) for k, j in enumerate(("Ann", "Bob", "Cy")))
"""One row per rating, with a column of one value per subject (an attribute)."""

CASES = {
    "long layout, an attribute guessed": (LONG, ImportOptions(), "long"),
    "columns left out and set aside by role": (
        "id,R1,R2,R3,Gold,Notes\n" + "".join(f"S{i},{i % 2},{(i + 1) % 2},{i % 2},{i % 2},x{i}\n"
                                             for i in range(1, 9)),
        ImportOptions(column_roles=(("Notes", "leave out"), ("Gold", "reference"))), "wide"),
    "one subject only": ("subject,R1,R2,R3\nS1,yes,no,yes\n", ImportOptions(), None),
    "subjects flagged for exclusion": (
        "subject,R1,R2,R3,excluded\ns1,a,b,a,no\ns2,b,b,b,yes\ns3,a,a,b,no\ns4,b,a,a,yes\n"
        "s5,a,a,a,\n", ImportOptions(), "wide"),
    "flagged subjects dropped": (
        "subject,R1,R2,R3,excluded\ns1,a,b,a,no\ns2,b,b,b,yes\ns3,a,a,b,no\ns4,b,a,a,yes\n"
        "s5,a,a,a,\n", ImportOptions(drop_flagged=True), "wide"),
    "a reference column by its name": (
        "id,R1,R2,R3,Consensus\n" + "".join(f"S{i},{i % 2},{(i + 1) % 2},{i % 2},{i % 2}\n"
                                            for i in range(1, 9)), ImportOptions(), "wide"),
    "a reference rater by its name": (
        "judge,wine,score\n" + "".join(f"{j},{w},{(w + k) % 3 + 1}\n" for w in range(1, 9)
                                       for k, j in enumerate(("Ann", "Bob", "Cy", "Consensus"))),
        ImportOptions(), "long"),
    "raters crossed with items in the column names": (
        "id,Rater1_Q1,Rater1_Q2,Rater2_Q1,Rater2_Q2,Rater3_Q1,Rater3_Q2\n" + "".join(
            f"S{i},{i % 3 + 1},{(i + 1) % 3 + 1},{i % 3 + 1},{(i + 2) % 3 + 1},{(i + 1) % 3 + 1},"
            f"{(i + 1) % 3 + 1}\n" for i in range(1, 10)), ImportOptions(), None),
    "layout chosen": (LONG, ImportOptions(layout="long", subject_col="wine", rater_col="judge",
                                          rating_col="score"), "long"),
}
"""Name -> (the file's text, how it is read, the layout expected)."""

REFUSALS = {
    "an unknown role": ImportOptions(column_roles=(("score", "umpire"),)),
    "a role for no column": ImportOptions(column_roles=(("Nope", "rater"),)),
    "two roles for one column": ImportOptions(column_roles=(("score", "rating"),
                                                            ("score", "leave out"))),
    "one role for two columns": ImportOptions(column_roles=(("judge", "subject"),
                                                            ("wine", "subject"))),
    "a subject attribute that varies": ImportOptions(column_roles=(("judge", "subject attribute"),)),
}
"""Name -> options that make the long file's reading fail."""


def _written(tmp_path, text: str):
    path = tmp_path / "ratings.csv"
    path.write_text(text, encoding="utf-8")
    return path


def _whole(texts: list[str], own: set[str]) -> list[str]:
    """The texts not wholly in the pseudo-language (an English word of TapDesk's own left)."""
    return [t for t in texts if not (t.startswith("[") and t.endswith("]")) or
            english_words(t, own) != set()]


def _own(path, dataset) -> set[str]:
    words = {str(path), path.name, "ratings.csv", "north", "south", "Region", "Notes", "Gold",
             "umpire", "Nope", "wide", "long"}
    if dataset is not None and not isinstance(dataset, Exception):
        words |= {*dataset.columns, *map(str, dataset.table.rater_ids)}
    return words | {"judge", "wine", "score", "subject", "rater", "rating", "leave out",
                    "reference", "subject attribute", "rater attribute", "item", "Ann", "Bob",
                    "Cy", "id", "R1", "R2", "R3", "S1", "excluded", "s1", "s2", "s3", "s4", "s5",
                    "Consensus", "Rater1", "Rater2", "Rater3", "Q1", "Q2",
                    # the melted table's column names (keys of the data, as a file's are)
                    "rater (from the column names)", "item (from the column names)"}


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_rarer_note_and_the_reason_are_whole_in_the_pseudo_language(tmp_path, case):
    text, options, layout = CASES[case]
    path = _written(tmp_path, text)
    dataset = read_with(path, options)
    assert not isinstance(dataset, Exception), dataset
    assert dataset.layout == layout or layout is None
    with i18n.language("qps"):
        texts = shown(dataset) + [dataset.reason.wording.text()
                                  if hasattr(dataset.reason, "wording") else dataset.reason]
    assert _whole(texts, _own(path, dataset)) == []


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_refusal_over_column_roles_is_whole_in_the_pseudo_language(tmp_path, case):
    path = _written(tmp_path, LONG)
    refusal = read_with(path, REFUSALS[case])
    assert isinstance(refusal, Exception), case
    with i18n.language("qps"):
        texts = shown(refusal)
    assert _whole(texts, _own(path, None)) == []


def test_the_check_finds_a_note_left_in_english():
    assert _whole(["[ŕéàđ ~~] and it was left out"], set()) != []


def read_with(path, options):
    from tapdesk.data.readers import read_ratings
    from tapdesk.errors import DataError
    with i18n.language("en"):
        try:
            return read_ratings(path, options)
        except DataError as error:
            return error


def test_a_flag_note_reads_german_and_english_as_before(tmp_path):
    text, _options, _layout = CASES["subjects flagged for exclusion"]
    dataset = read(_written(tmp_path, text))
    with i18n.language("de"):
        german = shown(dataset)
    assert "Spalte „excluded“ markiert 2 Fälle zum Ausschluss (s2, s4; Zeilen 3 und 5): sie wurden " \
           "behalten; wählen Sie, markierte Fälle wegzulassen, um sie auszuschließen" in german
    assert "column 'excluded' marks 2 subjects to exclude (s2, s4; rows 3 and 5): they were kept; " \
           "choose to drop flagged subjects to leave them out" in shown(dataset)


def test_rarer_notes_read_german_and_english_as_before(tmp_path):
    path = _written(tmp_path, CASES["one subject only"][0])
    dataset = read(path)
    with i18n.language("de"):
        german = shown(dataset)
    assert any(t.startswith("die Bewertungen betreffen nur einen Fall („S1“)") for t in german)
    assert any(t.startswith("the ratings are of one subject only ('S1'): agreement is measured "
                            "over subjects") for t in shown(dataset))
    long = read_with(_written(tmp_path, LONG), ImportOptions())
    with i18n.language("de"):
        reason = long.reason.wording.text()
        notes = shown(long)
    assert reason.startswith("eine Zeile je Bewertung: 'wine' enthält die Fälle") or \
        reason.startswith("eine Zeile je Bewertung: "), reason
    assert any("Spalte „Region“ enthält einen Wert je Fall (2 verschiedene Werte)" in t
               for t in notes), notes
    assert long.reason.startswith("one row per rating: ")
    assert any("column 'Region' holds one value per subject (2 different values), so it was read "
               "as a property of each subject (a subject attribute), not as ratings" in t
               for t in shown(long))
