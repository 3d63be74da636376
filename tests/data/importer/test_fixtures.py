"""Every fixture in tests/fixtures/import reads to its hand-written expected summary."""

from __future__ import annotations

import hashlib
import json

import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError
from tapdesk.library.hints import error_text
from tapdesk.library.summary import summary_dict
from tests import IMPORT_FIXTURES

FIXTURES = IMPORT_FIXTURES
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))
_LISTS = ("warnings_contain", "notes_contain", "excluded_contain", "error_contains", "sheet")


def test_every_fixture_has_an_expectation():
    files = {p.name for p in FIXTURES.iterdir() if p.is_file() and p.suffix not in (".py", ".json")}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_summary(name):
    expected = EXPECTED[name]
    path = FIXTURES / name
    if "error_contains" in expected:
        with pytest.raises(DataError) as info:
            read_ratings(path)
        assert "--" not in str(info.value)            # the shared message: no command-line flags
        message = error_text(info.value)              # the command line adds its flags
        assert message.startswith(str(path))          # the path as the user gave it
        assert "internal error" not in message
        for part in expected["error_contains"]:
            assert part in message
        return
    ds = read_ratings(path)
    summary = summary_dict(ds)
    for key, value in expected.items():
        if key not in _LISTS:
            assert summary[key] == value, key
    for part in expected.get("warnings_contain", []):
        assert any(part in w for w in summary["warnings"]), (part, summary["warnings"])
    for part in expected.get("notes_contain", []):
        assert any(part in n for n in summary["notes"]), (part, summary["notes"])
    for part in expected.get("excluded_contain", []):
        assert any(part in e["reason"] for e in summary["excluded"]), part
    if "sheet" in expected:
        assert ds.provenance.sheet == expected["sheet"]
    data = path.read_bytes()
    assert ds.provenance.sha256 == hashlib.sha256(data).hexdigest()
    assert ds.provenance.size_bytes == len(data)
    assert ds.provenance.layout == expected["layout"]
    assert ds.table.provenance == ds.provenance


def test_input_is_never_modified(tmp_path):
    before = {p.name: p.read_bytes() for p in FIXTURES.iterdir() if p.is_file()}
    for name in EXPECTED:
        try:
            read_ratings(FIXTURES / name)
        except DataError:
            pass
    after = {p.name: p.read_bytes() for p in FIXTURES.iterdir() if p.is_file()}
    assert before == after
