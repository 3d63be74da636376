"""The column mapping in words (``Dataset.mapping``: which column was read as what), one
rendering for the data pane's tooltip and ``tapdesk inspect``; the keys stay English in the
project and the JSON."""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.i18n import NC_, _, pgettext

# Translators: what each column of the file was read as, in the data pane's tooltip ("subject:
# ID; rater: Judge"): a column role or what the columns hold.
MAPPING_WORDS = {"subject": NC_("column mapping", "subject"), "rater": NC_("column mapping", "rater"),
                 "rating": NC_("column mapping", "rating"), "raters": NC_("column mapping", "raters"),
                 "subjects": NC_("column mapping", "subjects"),
                 "categories": NC_("column mapping", "categories"),
                 "n_raters": NC_("column mapping", "raters per subject"),
                 "n_class1": NC_("column mapping", "Class-1 ratings per subject"),
                 "rows": NC_("column mapping", "rows"), "columns": NC_("column mapping", "columns"),
                 "item": NC_("column mapping", "item"),
                 "selected item": NC_("column mapping", "selected item")}
"""The column mapping's names (``Dataset.mapping``'s keys, English in the project and JSON),
in words where shown."""


def mapping_in_words(mapping: Iterable[tuple[str, str]], joint: str = ": ") -> str:
    """"subject: ID; rater: Judge" in the current language (the file's columns as they are);
    ``joint`` between a name and its columns (" = " on the command line)."""
    return "; ".join(f"{mapping_name(k)}{joint}{mapping_value_words(v)}" for k, v in mapping if v)


def mapping_name(key: str) -> str:
    """A mapping's key in words ("n_raters": "raters per subject"); an unknown key as it is."""
    return pgettext("column mapping", MAPPING_WORDS[key]) if key in MAPPING_WORDS else key


def mapping_value_words(value: str) -> str:
    """A value of the column mapping: the file's columns as they are, "(row number)" in words."""
    from tapdesk.data.importer.convert import ROW_NUMBER
    return _(ROW_NUMBER) if value == ROW_NUMBER else value
