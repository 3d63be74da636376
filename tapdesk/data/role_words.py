"""The column roles and the column mapping's names in words: one table for every place that
shows them (the import preview's role boxes, the data pane's tooltip and ``tapdesk inspect``'s
mapping, ``tapdesk inspect``'s line of roles, the importer's notes). The keys stay English in
the project and the JSON (``Dataset.column_roles``, ``Dataset.mapping``); each text here is the
English marked for the catalog, translated where it is shown."""

from __future__ import annotations

from dataclasses import dataclass

from tapdesk.i18n import N_, NC_
from tapdesk.i18n.text import Nn_


@dataclass(frozen=True)
class RoleWords:
    """One role (or name of the column mapping) in words; None where it is not shown."""

    choice: str | None = None
    """As a role box of the import preview offers it (context "column role")."""
    mapping: str | None = None
    """As the column mapping names it (context "column mapping")."""
    run: tuple[str, str] | None = None
    """``tapdesk inspect``'s "{columns} rater": a run of one column and of several."""
    single: str | None = None
    """``tapdesk inspect``'s "{columns} rating", for a role one column holds (never a run)."""
    aside: str | None = None
    """A role that keeps a column beside the ratings, in an import note ("read as {role}")."""


# The translator notes of each kind of words stand at its first row.
ROLE_WORDS: dict[str, RoleWords] = {
    "subject": RoleWords(
        # Translators: the roles a column of a ratings file can have, as the import preview's role boxes
        # offer them ("leave out": the column is not read; "reference": a reference answer such as a
        # consensus or gold standard).
        choice=NC_("column role", "subject"),
        # Translators: what each column of the file was read as, in the data pane's tooltip ("subject:
        # ID; rater: Judge"): a column role or what the columns hold.
        mapping=NC_("column mapping", "subject"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} subject", "{columns} subjects")),
    "rater": RoleWords(
        choice=NC_("column role", "rater"), mapping=NC_("column mapping", "rater"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} rater", "{columns} raters")),
    "rating": RoleWords(
        choice=NC_("column role", "rating"), mapping=NC_("column mapping", "rating"),
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} rating")),
    "item": RoleWords(
        choice=NC_("column role", "item"), mapping=NC_("column mapping", "item"),
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} item")),
    "leave out": RoleWords(
        choice=NC_("column role", "leave out"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} leave out", "{columns} leave out")),
    "reference": RoleWords(
        choice=NC_("column role", "reference"),
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} reference"),
        # Translators: a column role in words, inside an import note ("read as {role}").
        aside=N_("the reference answer (a consensus or gold standard)")),
    "subject attribute": RoleWords(
        choice=NC_("column role", "subject attribute"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} subject attribute", "{columns} subject attributes"),
        aside=N_("a property of each subject (a subject attribute)")),
    "rater attribute": RoleWords(
        choice=NC_("column role", "rater attribute"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} rater attribute", "{columns} rater attributes"),
        aside=N_("a property of each rater (a rater attribute)")),
    "one subject's ratings": RoleWords(choice=NC_("column role", "one subject's ratings")),
    "not used": RoleWords(
        choice=NC_("column role", "not used"),
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} not used", "{columns} not used")),
    "category count": RoleWords(
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} category count", "{columns} category counts")),
    "second rater's category": RoleWords(
        # Translators: {columns} is one or more columns in quotes ("'J1', 'J2'"), then their role.
        run=Nn_("{columns} second rater's category", "{columns} second rater's categories")),
    "first rater's categories": RoleWords(
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} first rater's categories")),
    "number of raters": RoleWords(
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} number of raters")),
    "Class-1 count": RoleWords(
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} Class-1 count")),
    "ratings of one rater and item (read from its name)": RoleWords(
        choice=NC_("column role", "ratings of one rater and item (read from its name)"),
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} ratings of one rater and item (read from its name)")),
    "ratings of one item (read from its name)": RoleWords(
        choice=NC_("column role", "ratings of one item (read from its name)"),
        # Translators: {columns} is a column in quotes ("'score'"), then its role.
        single=N_("{columns} ratings of one item (read from its name)")),
    "raters": RoleWords(mapping=NC_("column mapping", "raters")),
    "subjects": RoleWords(mapping=NC_("column mapping", "subjects")),
    "categories": RoleWords(mapping=NC_("column mapping", "categories")),
    "n_raters": RoleWords(mapping=NC_("column mapping", "raters per subject")),
    "n_class1": RoleWords(mapping=NC_("column mapping", "Class-1 ratings per subject")),
    "rows": RoleWords(mapping=NC_("column mapping", "rows")),
    "columns": RoleWords(mapping=NC_("column mapping", "columns")),
    "selected item": RoleWords(mapping=NC_("column mapping", "selected item")),
}
"""Each role of ``Dataset.column_roles`` and name of ``Dataset.mapping`` (English, as the
project and the JSON keep them) with its words where it is shown."""
