"""``tapdesk inspect``'s line of column roles in the language in force (issue 54): each run of
columns with its role in words ("'J1', 'J2' raters"). The roles themselves stay data:
``Dataset.column_roles`` and the JSON keep the English names the importer gives them."""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.i18n import N_, _, ngettext
from tapdesk.i18n.text import Nn_

GROUPED = {
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "rater": Nn_("{columns} rater", "{columns} raters"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "subject": Nn_("{columns} subject", "{columns} subjects"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "category count": Nn_("{columns} category count", "{columns} category counts"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "second rater's category": Nn_("{columns} second rater's category",
                                   "{columns} second rater's categories"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "not used": Nn_("{columns} not used", "{columns} not used"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "leave out": Nn_("{columns} leave out", "{columns} leave out"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "subject attribute": Nn_("{columns} subject attribute", "{columns} subject attributes"),
    # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
    "rater attribute": Nn_("{columns} rater attribute", "{columns} rater attributes"),
}
"""The roles a run of columns shares, worded for one column and for several."""

SINGLE = {
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "rating": N_("{columns} rating"),
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "item": N_("{columns} item"),
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "first rater's categories": N_("{columns} first rater's categories"),
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "number of raters": N_("{columns} number of raters"),
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "Class-1 count": N_("{columns} Class-1 count"),
    # Translators: {columns} is a column in quotes ("'score'"), then its role.
    "reference": N_("{columns} reference"),
    "ratings of one rater and item (read from its name)":
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        N_("{columns} ratings of one rater and item (read from its name)"),
}
"""The roles one column holds (never a run)."""


def roles_text(column_roles: Iterable[tuple[str, str]]) -> str:
    """Every column with its role, runs of the same role together: "'J1', 'J2' raters; 'year'
    subject attribute" in English, as ``tapdesk inspect`` always wrote it."""
    return "; ".join(_worded(columns, role) for columns, role in _runs(column_roles))


def _runs(column_roles: Iterable[tuple[str, str]]) -> list[tuple[list[str], str]]:
    """Runs of neighbouring columns with the same role (for the roles :data:`GROUPED` words)."""
    runs: list[tuple[list[str], str]] = []
    for column, role in column_roles:
        if runs and runs[-1][1] == role and role in GROUPED:
            runs[-1][0].append(column)
        else:
            runs.append(([column], role))
    return runs


def _worded(columns: list[str], role: str) -> str:
    quoted = ", ".join(f"'{c}'" for c in columns)
    if role in GROUPED:
        return ngettext(*GROUPED[role], len(columns)).format(columns=quoted)
    if role in SINGLE:
        return _(SINGLE[role]).format(columns=quoted)
    if role.startswith("left out (") and role.endswith(")"):
        # Translators: {columns} is a column of the data file in quotes; {rule} the importer
        # rule that left it out, by its name as --no-rule takes it ("footer-rows").
        return _("{columns} left out ({rule})").format(columns=quoted, rule=role[10:-1])
    if role.startswith("read into '") and role.endswith("'"):
        # Translators: {columns} is a column of the data file in quotes; {column} the column
        # its values were read into (a label split over two columns).
        return _("{columns} read into '{column}'").format(columns=quoted, column=role[11:-1])
    return f"{quoted} {role}"
