"""An import note saved before its template lost its quotation marks, read as the note of today.

Until commit 02bca2f4 (issue 54) the importer's templates quoted a name themselves
("column '{column}' is empty"); since then a template names it bare ("column {column} is
empty") and the value is a :class:`~tapdesk.data.wording.Name`, quoted by
:func:`tapdesk.i18n.formats.quoted` in the reader's language. A project saved before keeps its
notes in the old form, whose templates left the catalogs, so they read in English in any
language. :func:`current_wording` turns such a note into today's form by the rule that commit
followed, on each of its 156 templates: a placeholder in ASCII quotes loses its quotes and its
value becomes a Name; a placeholder quoted in one place and bare in another (one template: "the
role '{role}' ... the {role} ids") keeps its bare place, and the quoted place becomes ``{name}``.
The English of every note is what it was (a Name is quoted as the old template quoted it).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tapdesk.data.wording import Name, Wording

QUOTED_FIELD = re.compile(r"'\{(\w+)(:[^{}'!]*)?\}'")
"""A placeholder in ASCII quotes, with its format spec: "'{column}'", "'{code:g}'"."""

MIXED_NAME = "name"
"""The placeholder 02bca2f4 gave the quoted place of a value also written bare."""


def current_wording(wording: Wording) -> Wording:
    """``wording`` with no placeholder in quotes in its templates, each quoted value a Name
    (the wording itself when none is quoted: every note saved since 02bca2f4)."""
    templates = [t for t in (wording.template, wording.plural) if t is not None]
    quoted = {m.group(1) for t in templates for m in QUOTED_FIELD.finditer(t)}
    if not quoted:
        return wording
    values = dict(wording.values)
    bare = {field for field in quoted
            if any(re.search(rf"(?<!')\{{{field}(:[^{{}}]*)?\}}", t) for t in templates)}
    if len(bare) > 1 or (bare and MIXED_NAME in values) or not quoted <= values.keys():
        return wording                     # not a form 02bca2f4 changed: kept as it is
    renamed = dict.fromkeys(bare, MIXED_NAME)

    def unquote(match: re.Match[str]) -> str:
        field = match.group(1)
        return "{" + renamed.get(field, field) + (match.group(2) or "") + "}"

    new_values: dict[str, Any] = {k: v for k, v in values.items() if k not in quoted - bare}
    for field in quoted:
        value = values[field]
        new_values[renamed.get(field, field)] = value if isinstance(value, Name) else Name(value)
    return replace(wording, template=QUOTED_FIELD.sub(unquote, wording.template),
                   plural=None if wording.plural is None else QUOTED_FIELD.sub(unquote,
                                                                               wording.plural),
                   values=tuple(new_values.items()))
