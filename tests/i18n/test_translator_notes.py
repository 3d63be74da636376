"""Every template with a placeholder tells its translator what fills it (issue 54).

A ``# Translators:`` comment just above the call becomes the template's ``#.`` note in the
catalogs (docs/translating.md). Babel gives a comment to the one call on the line after it: a
note above a line of several calls (a table's column heads) reaches only the first, so each
call takes its own. The templates written before this check are listed in
``templates_without_notes.txt`` until each gets its note; the list only shrinks.
"""

from __future__ import annotations

import json
from pathlib import Path

from tapdesk.i18n.catalogs import TEMPLATE
from tapdesk.i18n.tooling import placeholders, read

NOT_YET = Path(__file__).with_name("templates_without_notes.txt")


def _without_notes() -> set[str]:
    found = set()
    for message in read(TEMPLATE):
        if not message.id or message.auto_comments:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if any(placeholders(text) for text in ids):
            found.add(ids[0])
    return found


def _not_yet() -> set[str]:
    return {json.loads(line) for line in NOT_YET.read_text(encoding="utf-8").splitlines() if line}


def test_every_template_with_a_placeholder_has_a_translators_note():
    assert sorted(_without_notes() - _not_yet()) == []


def test_the_list_of_templates_still_without_a_note_only_shrinks():
    """A listed template that got its note (or is gone) leaves the list."""
    assert sorted(_not_yet() - _without_notes()) == []


def test_the_ordinal_tables_heads_each_have_their_note():
    notes = {m.id: " ".join(m.auto_comments) for m in read(TEMPLATE) if m.id in ("{interval} a",
                                                                                "sqrt(k)")}
    assert "{interval}" in notes["{interval} a"] and "square root" in notes["sqrt(k)"]
