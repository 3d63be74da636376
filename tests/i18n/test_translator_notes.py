"""Every template with a placeholder tells its translator what fills it (issue 54).

A ``# Translators:`` comment just above the call becomes the template's ``#.`` note in the
catalogs (docs/translating.md). Babel gives a comment only to a call on the line right after
it, and only to the first such call: a note above a line of several calls (a table's column
heads, ``_("a") if x else _("b")``) reaches the first alone, and a note above a statement whose
call starts on a later line reaches none; so each call takes its own note, on the line above it.
"""

from __future__ import annotations

from tapdesk.i18n.catalogs import TEMPLATE
from tapdesk.i18n.tooling import placeholders, read


def _without_notes() -> list[str]:
    found = []
    for message in read(TEMPLATE):
        if not message.id or message.auto_comments:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if any(placeholders(text) for text in ids):
            found.append(ids[0])
    return sorted(found)


def test_every_template_with_a_placeholder_has_a_translators_note():
    assert _without_notes() == []


def test_the_ordinal_tables_heads_each_have_their_note():
    notes = {m.id: " ".join(m.auto_comments) for m in read(TEMPLATE) if m.id in ("{interval} a",
                                                                                "sqrt(k)")}
    assert "{interval}" in notes["{interval} a"] and "square root" in notes["sqrt(k)"]
