"""``tapdesk inspect``'s line of column roles in the language in force (issue 54): each run of
columns with its role in words ("'J1', 'J2' raters"). The roles themselves stay data:
``Dataset.column_roles`` and the JSON keep the English names the importer gives them; their
words are :data:`tapdesk.data.role_words.ROLE_WORDS`' ``run`` and ``single``."""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.data.role_words import ROLE_WORDS, RoleWords
from tapdesk.i18n import _, formats, ngettext


def roles_text(column_roles: Iterable[tuple[str, str]]) -> str:
    """Every column with its role, runs of the same role together: "'J1', 'J2' raters; 'year'
    subject attribute" in English, as ``tapdesk inspect`` always wrote it."""
    return "; ".join(_worded(columns, role) for columns, role in _runs(column_roles))


def _runs(column_roles: Iterable[tuple[str, str]]) -> list[tuple[list[str], str]]:
    """Runs of neighbouring columns with the same role (for the roles worded as a ``run``)."""
    runs: list[tuple[list[str], str]] = []
    for column, role in column_roles:
        if runs and runs[-1][1] == role and _words(role).run:
            runs[-1][0].append(column)
        else:
            runs.append(([column], role))
    return runs


def _worded(columns: list[str], role: str) -> str:
    quoted = formats.quoted_list(columns)
    words = _words(role)
    if words.run:
        return ngettext(*words.run, len(columns)).format(columns=quoted)
    if words.single:
        return _(words.single).format(columns=quoted)
    if role.startswith("left out (") and role.endswith(")"):
        # Translators: {columns} is a column of the data file in quotes; {rule} the importer
        # rule that left it out, by its name as --no-rule takes it ("footer-rows").
        return _("{columns} left out ({rule})").format(columns=quoted, rule=role[10:-1])
    if role.startswith("read into '") and role.endswith("'"):
        # Translators: {columns} is a column of the data file in quotes; {column} the column
        # its values were read into (a label split over two columns).
        return _("{columns} read into {column}").format(columns=quoted,
                                                        column=formats.quoted(role[11:-1]))
    return f"{quoted} {role}"


def _words(role: str) -> RoleWords:
    return ROLE_WORDS.get(role, RoleWords())
