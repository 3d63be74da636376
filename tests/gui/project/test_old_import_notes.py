"""A project saved before the importer's templates lost their quotation marks (commit 02bca2f4,
issue 54) keeps notes whose templates quote a name themselves ("column '{column}' ..."); those
templates left the catalogs. Reopened in German, its notes read German, each name in German
quotes, as a project saved today; in English they read as they always did."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tapdesk import i18n
from tapdesk.gui.project import file as project
from tapdesk.gui.project.codec import encode
from tests.import_corpus import read_in_english
from tests.languages import english_after  # noqa: F401 - fixture

WORDING = "tapdesk.data.wording.Wording"
NAME = "tapdesk.data.wording.Name"
KINDS = ("look_alike_labels", "duplicate_names", "stat_missing", "long_by_structure")


def old_form(saved: Any) -> Any:
    """``saved`` (a project's JSON) as TapDesk wrote it before 02bca2f4: each Name's value
    bare, its placeholder quoted in the template."""
    if isinstance(saved, list):
        return [old_form(v) for v in saved]
    if not isinstance(saved, dict):
        return saved
    saved = {k: old_form(v) for k, v in saved.items()}
    if saved.get("__type__") != WORDING:
        return saved
    pairs = saved["values"]["__tuple__"]
    for pair in pairs:
        field, value = pair["__tuple__"]
        if isinstance(value, dict) and value.get("__type__") == NAME:
            pair["__tuple__"][1] = value["value"]
            for key in ("template", "plural"):
                if saved.get(key):
                    saved[key] = re.sub(rf"\{{{field}(:[^{{}}]*)?\}}", lambda m: f"'{m.group(0)}'",
                                        saved[key])
    return saved


@pytest.fixture(scope="module")
def datasets(tmp_path_factory):
    return read_in_english(tmp_path_factory.mktemp("corpus"), KINDS)


def _project_text(dataset, old: bool) -> str:
    saved = encode(dataset)
    saved = old_form(saved) if old else saved
    return json.dumps({"format": project.FORMAT, "version": project.VERSION,
                       "tables": {"t": encode(dataset.table)},
                       "datasets": [{"key": 1, "name": "Data", "source": "file", "dataset": saved,
                                     "table": "t"}], "fits": []})


def _notes(text: str) -> list[str]:
    dataset = project.read_state_text(text).sessions[0].dataset
    return [n.message for n in dataset.import_notes] + list(dataset.notes) + list(dataset.warnings)


def test_old_form_notes_reopen_in_german_as_today_s_do(datasets):
    quoted = 0
    for dataset in datasets:
        old = _project_text(dataset, old=True)
        quoted += len(re.findall(r"'\{\w+(?::[^{}']*)?\}'", old))
        with i18n.language("de"):
            german, today = _notes(old), _notes(_project_text(dataset, old=False))
        assert german == today, german
        assert _notes(old) == [n.message for n in dataset.import_notes] + list(dataset.notes) \
            + list(dataset.warnings)                      # the English as it always was
    assert quoted >= 3, "the corpus holds no note that quotes a name"
