"""The import's notes and refusals in the language of the moment they are read (issue 54): a
file read once speaks the pseudo-language, German or English as the screen does, with every
word of TapDesk's own carrying the pseudo brackets; the file's own names stay as it gives them."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from tapdesk import i18n
from tapdesk.data.importer.model import Dataset
from tapdesk.data.readers import read_ratings
from tapdesk.data.wording import Rows, Sentences, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_
from tests import IMPORT_FIXTURES
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

FIXTURES = sorted(p for p in IMPORT_FIXTURES.iterdir()
                  if p.is_file() and p.suffix not in (".py", ".json"))


def read(path: Path) -> Dataset | DataError:
    """The file read as the app reads it (in English), or its refusal."""
    with i18n.language("en"):
        try:
            return read_ratings(path)
        except DataError as error:
            return error


def shown(read_as: Dataset | DataError) -> list[str]:
    """What the import preview and ``tapdesk inspect`` show, in the current language."""
    if isinstance(read_as, DataError):
        return [str(read_as)]
    return [n.message for n in read_as.import_notes] + list(read_as.notes) + \
        list(read_as.warnings)


def own_words(read_as: Dataset | DataError, path: Path) -> set[str]:
    """The file's own words: its path, columns, labels, sheet and raters."""
    if isinstance(read_as, DataError):
        return {str(path)}
    table = read_as.table
    return {str(path), *read_as.columns, *map(str, table.scale.categories),
            read_as.provenance.sheet or "", *map(str, table.rater_ids)}


def english_words(text: str, own: set[str]) -> set[str]:
    """The unaccented words of ``text`` that are not the file's own (its names, a cell quoted
    from it, an encoding's or a program's name)."""
    for word in sorted(own, key=len, reverse=True):
        if word:
            text = text.replace(word, " ")
    text = re.sub(r"'[\x20-\x7e]*?'", " ", text)          # a cell of the file, quoted
    return set(re.findall(r"\b[A-Za-z]{2,}\b", text)) - {"utf", "sig", "windows", "SPSS", "Stata"}


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_note_of_a_real_looking_file_is_whole_in_the_pseudo_language(path):
    read_as = read(path)
    with i18n.language("qps"):
        texts = shown(read_as)
    assert texts
    for text in texts:
        assert text.startswith("[") and text.endswith("]"), text
        assert english_words(text, own_words(read_as, path)) == set(), text


def test_the_check_finds_an_english_word():
    assert english_words("[ŕéàđ àš ţéẋţ: encoding utf-8 ('Notes')~~]", set()) == {"encoding"}


def test_a_file_read_in_english_is_shown_in_german_with_a_decimal_comma():
    headerless = read(IMPORT_FIXTURES / "headerless.csv")
    with i18n.language("de"):
        texts = shown(headerless)
    assert any(t.startswith("der Aufbau wurde mit geringer Sicherheit (60\u00a0%) erkannt: "
                            "eine Zeile je Fall") for t in texts), texts
    continuous = read(IMPORT_FIXTURES / "measurements.csv")
    with i18n.language("de"):
        refusal = str(continuous)
    assert "80 verschiedene Zahlen von 30 bis 74,3" in refusal
    ragged = read(IMPORT_FIXTURES / "ragged.csv")
    with i18n.language("de"):
        assert ", Zeile 4: diese Zeile hat 5 Felder" in str(ragged)


DECIMAL_POINT = re.compile(r"\d\.\d")


@pytest.mark.usefixtures("english_after")
def test_a_german_refusal_of_measurements_writes_every_number_with_a_decimal_comma(tmp_path, capsys):
    """Issue 79: "von 30 bis 74,3, z. B. 36.8": the example, a label as the file writes it,
    kept its point beside the range's commas. Every number of the refusal is German now (read
    in the app and by ``tapdesk --language de``), English as before; and so is the note that
    leaves out a column off the raters' scale, whose values were written as in English."""
    path = IMPORT_FIXTURES / "measurements.csv"
    continuous = read(path)
    with i18n.language("de"):
        refusal = str(continuous)
    assert "(80 verschiedene Zahlen von 30 bis 74,3, z. B. 36,8)" in refusal
    assert not DECIMAL_POINT.search(refusal), refusal
    assert "(80 distinct numbers from 30 to 74.3, e.g. 36.8)" in str(continuous)
    from tapdesk.cli.main import main
    assert main(["--language", "de", "inspect", str(path)]) == 2
    said = capsys.readouterr().err
    assert "z. B. 36,8)" in said and not DECIMAL_POINT.search(said), said
    i18n.set_language("en")
    rows = [f"s{i},{1 + i % 10 / 2:g},{1 + (i * 3) % 10 / 2:g},{1 + (i * 7) % 10 / 2:g},"
            f"{3.5 + i % 20:g}" for i in range(40)]  # raters on halves from 1 to 5.5, 'Z' 3.5 to 22.5
    off_scale = tmp_path / "halves.csv"
    off_scale.write_text("id,J1,J2,J3,Z\n" + "\n".join(rows) + "\n", encoding="utf-8")
    dataset = read(off_scale)
    [english] = [n.message for n in dataset.import_notes if n.rule == "rater-scale"]
    assert "its values '3.5', '4.5', '5.5', '6.5' are not on the scale of the raters' scores " \
           "(1 to 5.5)" in english
    with i18n.language("de"):
        [german] = [n.message for n in dataset.import_notes if n.rule == "rater-scale"]
    assert "„3,5“, „4,5“, „5,5“, „6,5“" in german and "(1 bis 5,5)" in german
    assert not DECIMAL_POINT.search(german), german


def test_english_stays_as_the_importer_wrote_it():
    headerless = read(IMPORT_FIXTURES / "headerless.csv")
    with i18n.language("de"):
        shown(headerless)
    assert "the layout was detected with low confidence (60%): one row per subject, raters in " \
           "columns 'column 1', 'column 2', 'column 3'; subjects are numbered by row; no other " \
           "layout fitted better. Confirm it, or choose another layout" in shown(headerless)
    assert headerless.reason.startswith("one row per subject, raters in columns 'column 1'")


def test_notes_keep_their_data_through_a_worker_process():
    note = Wording.ngettext("{rows} below the data holds totals", "{rows} below the data hold "
                            "totals", 2, rows=Rows((13, 14)))
    sentences = Sentences((note, "a plain note"))
    again = pickle.loads(pickle.dumps(sentences))
    assert again == sentences and list(again) == ["rows 13 and 14 below the data hold totals",
                                                  "a plain note"]
    assert "a plain note" in again and again[0].startswith("rows 13")
    assert N_("row {row}") == "row {row}"


def test_a_rare_category_and_a_comment_column_said_in_german(tmp_path):
    lines = ["subject,R1,R2,R3,Comments"]
    for i in range(1, 61):
        ratings = ["yes" if (i + j) % 3 else "no" for j in range(3)]
        if i == 30:
            ratings[1] = "maybe"
        lines.append(f"S{i},{','.join(ratings)},{'looked fine to me' if i % 2 else 'unclear'}")
    path = tmp_path / "panel.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dataset = read(path)
    with i18n.language("de"):
        texts = shown(dataset)
    assert "Spalte „Comments“ ist kein Beurteiler: ihr Name sagt, dass sie Kommentare enthält; " \
           "sie wurde weggelassen" in texts
    assert any(t.startswith("die Kategorie „maybe“ hat nur 1 Bewertung von 180 (0,6\u00a0%, "
                            "unter 2\u00a0%)") for t in texts), texts
    assert any(t.startswith("the category 'maybe' holds only 1 rating of 180 (0.6%, under 2%)")
               for t in shown(dataset))


def test_a_headerless_files_columns_are_named_in_the_language_read_in():
    """"column 2" in English, "Spalte 2" in German (the raters' names of a wide file without a
    header row); a column named in another language's words ("column 2" saved by an English
    project, read in German) still finds it."""
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tests import IMPORT_FIXTURES
    path = IMPORT_FIXTURES / "headerless.csv"
    english = read_ratings(path).table
    assert english.rater_ids[:2] == ("column 1", "column 2")
    with i18n.language("de"):
        german = read_ratings(path).table
        assert german.rater_ids[:2] == ("Spalte 1", "Spalte 2")
        chosen = read_ratings(path, ImportOptions(layout="long", subject_col="column 1",
                                                  rater_col="column 2", rating_col="column 3"))
    assert chosen.table.n_ratings == english.n_subjects
    with i18n.language("fr"):
        again = read_ratings(path, ImportOptions(layout="long", subject_col="Spalte 1",
                                                 rater_col="Spalte 2", rating_col="Spalte 3"))
    assert again.table.n_ratings == english.n_subjects
