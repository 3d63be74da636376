"""An import's notes kept with a project are said in the language of the moment they are shown,
not the one they were made in (issue 54): a project saved with the notes of the importer's
platform readers, survey orientation, raters found by structure, look-alike labels, duplicate
names, SPSS missing codes and quiz scores reopens and shows them in German, as the reading
itself does."""

from __future__ import annotations

import json

import pytest

from tapdesk import i18n
from tapdesk.gui.project.codec import decode, encode
from tests.import_corpus import read_in_english
from tests.languages import english_after  # noqa: F401 - fixture

KINDS = ("stat_missing", "survey_questions_subjects", "look_alike_labels", "duplicate_names",
         "mturk", "long_by_structure", "quiz_and_years", "figure_eight", "redcap_checkbox")
"""Corpus kinds whose notes use each kind of value a converted note holds (lists, counts,
numbers, nested sentences, platform words)."""


@pytest.fixture(scope="module")
def readings(tmp_path_factory):
    return read_in_english(tmp_path_factory.mktemp("corpus"), KINDS)


def _texts(dataset) -> list[str]:
    return [n.message for n in dataset.import_notes] + list(dataset.notes) + \
        list(dataset.warnings)


def test_notes_saved_in_english_reopen_in_german(readings):
    assert len(readings) >= len(KINDS)
    for dataset in readings:
        again = decode(json.loads(json.dumps(encode(dataset))))
        with i18n.language("de"):
            german = _texts(again)
            assert german == _texts(dataset)
        assert not set(german) & set(_texts(dataset)), german
