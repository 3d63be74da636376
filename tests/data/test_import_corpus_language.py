"""Every note, warning and refusal the importer makes over the whole import corpus, the test
fixtures and the shared data sets, in the language of the moment it is read (issue 54).

Each file is read once, in English (as the app reads it); its texts are then shown in the
pseudo-language, where every text of TapDesk's own is accented and in brackets, so a text
without them was never translated; and in German, where no text may read as its English (a
template left untranslated). The texts of a file that the file's own names make up are the
file's, not TapDesk's, and stay as they are."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tapdesk import i18n
from tapdesk.data.importer.model import Dataset
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError
from tests import EXAMPLE_DATA, IMPORT_FIXTURES, SHARED_DATA
from tests.import_corpus import build_corpus
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

SUFFIXES = (".csv", ".tsv", ".txt", ".dat", ".xlsx", ".xls", ".ods", ".sav", ".dta", ".bin", "")
"""The data files among the fixtures (their scripts, truths and READMEs are not)."""


def _fixture_files() -> list[Path]:
    files = [p for p in sorted(IMPORT_FIXTURES.rglob("*")) if p.is_file() and
             p.suffix.lower() in SUFFIXES]
    files += sorted(p for p in EXAMPLE_DATA.iterdir() if p.suffix == ".csv")
    if SHARED_DATA.is_dir():
        files += sorted(p for p in SHARED_DATA.iterdir() if p.suffix.lower() in SUFFIXES[:-2])
    return files


@pytest.fixture(scope="module")
def readings(tmp_path_factory) -> list[tuple[Path, Dataset | DataError]]:
    """Every file read in English: the corpus (with the options its truth gives), the
    fixtures, the examples and the shared data sets (when they are beside the project)."""
    cases = [(c.path, ImportOptions(**c.truth.options))
             for c in build_corpus(tmp_path_factory.mktemp("corpus"))]
    cases += [(p, ImportOptions()) for p in _fixture_files()]
    read = []
    with i18n.language("en"):
        for path, options in cases:
            try:
                read.append((path, read_ratings(path, options)))
            except DataError as error:
                read.append((path, error))
    return read


def texts(reading: Dataset | DataError) -> list[str]:
    """What the import preview, the data pane and ``tapdesk inspect`` show of a reading, in the
    current language: the notes, warnings and plain notes, or the refusal."""
    if isinstance(reading, DataError):
        return [reading.detail]
    return [n.message for n in reading.import_notes] + list(reading.notes) + \
        list(reading.warnings)


def untranslated(readings, check) -> Counter:
    """The texts ``check`` finds wanting, counted, with a file that shows each."""
    found: Counter = Counter()
    for path, reading in readings:
        for text in texts(reading):
            if not check(text, reading):
                found[f"{path.name}: {text[:160]}"] += 1
    return found


@pytest.mark.usefixtures("pseudo")
def test_every_import_text_of_the_corpus_is_translated(readings):
    assert len(readings) > 300
    with i18n.language("qps"):
        left = untranslated(readings, lambda text, _r: text.startswith("[") and
                            text.endswith("]"))
    assert not left, f"{len(left)} texts left in English:\n" + "\n".join(sorted(left))


def test_no_import_text_of_the_corpus_reads_as_its_english_in_german(readings):
    def german(text: str, reading) -> bool:
        return text not in english
    english: set[str] = set()
    for _path, reading in readings:
        english.update(texts(reading))
    with i18n.language("de"):
        left = untranslated(readings, german)
    assert not left, f"{len(left)} texts left in English:\n" + "\n".join(sorted(left))


def test_the_check_finds_a_text_left_in_english(readings):
    stays = DataError("a plain English refusal")
    with i18n.language("de"):
        assert untranslated([(Path("x.csv"), stays)], lambda text, _r: text.startswith("[")) == \
            Counter({"x.csv: a plain English refusal": 1})
