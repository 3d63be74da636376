"""``tapdesk inspect``'s column roles in the language in force (issue 54): the roles are words
for a reader, in each language; ``--json`` keeps the importer's English role names."""

from __future__ import annotations

import json

from tapdesk import i18n
from tapdesk.cli.main import main
from tapdesk.data.role_words import ROLE_WORDS
from tapdesk.library.role_words import roles_text
from tests.conftest import SHARED_DATA

INSPECTED = [role for role, words in ROLE_WORDS.items() if words.run or words.single]
"""The roles ``tapdesk inspect`` words."""
ROLES = (("id", "subject"), ("J1", "rater"), ("J2", "rater"), ("score", "rating"),
         ("score2", "rating"), ("site", "subject attribute"), ("note", "left out (footer-rows)"),
         ("label", "read into 'score'"), ("x", "not used"), ("y", "not used"))


def test_english_reads_as_tapdesk_inspect_always_wrote_it():
    assert roles_text(ROLES) == ("'id' subject; 'J1', 'J2' raters; 'score' rating; 'score2' "
                                 "rating; 'site' subject attribute; 'note' left out "
                                 "(footer-rows); 'label' read into 'score'; 'x', 'y' not used")


def test_every_role_is_worded_in_german():
    with i18n.language("de"):
        text = roles_text(ROLES)
        every = [roles_text([("c", role)]) for role in INSPECTED]
    assert text == ("„id“ Fall; „J1“, „J2“ Beurteiler; „score“ Bewertung; „score2“ Bewertung; "
                    "„site“ Merkmal des Falls; „note“ ausgelassen (footer-rows); „label“ in "
                    "„score“ eingelesen; „x“, „y“ nicht verwendet")
    english = [roles_text([("c", role)]) for role in INSPECTED]
    assert all(de != en for de, en in zip(every, english, strict=True)
               if en not in ("'c' item",)), list(zip(every, english, strict=True))


def test_inspect_prints_the_roles_in_the_language_and_json_keeps_them(capsys, monkeypatch):
    wine = SHARED_DATA / "wine.csv"
    if not wine.is_file():
        import pytest
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main(["inspect", str(wine), "--language", "qps"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines()       # the layout's reason,
                if x.startswith("  ") and "['J1'~], ['J2'~]" in x)      # its names quoted
    assert "raters" not in line and line.endswith("]~~~~]"), line
    assert main(["inspect", str(wine), "--language", "de", "--json"]) == 0
    roles = json.loads(capsys.readouterr().out)["column_roles"]
    assert {r["role"] for r in roles} == {"rater"}
