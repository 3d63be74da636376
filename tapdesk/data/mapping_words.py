"""The column mapping in words (``Dataset.mapping``: which column was read as what), one
rendering for the data pane's tooltip and ``tapdesk inspect``; the keys stay English in the
project and the JSON, their words are :data:`tapdesk.data.role_words.ROLE_WORDS`' ``mapping``."""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.data.import_words import MELTED_ITEM, MELTED_RATER, ROW_NUMBER
from tapdesk.data.role_words import ROLE_WORDS, RoleWords
from tapdesk.i18n import _, pgettext


def mapping_in_words(mapping: Iterable[tuple[str, str]], joint: str = ": ") -> str:
    """"subject: ID; rater: Judge" in the current language (the file's columns as they are);
    ``joint`` between a name and its columns (" = " on the command line)."""
    return "; ".join(f"{mapping_name(k)}{joint}{mapping_value_words(v)}" for k, v in mapping if v)


def mapping_name(key: str) -> str:
    """A mapping's key in words ("n_raters": "raters per subject"); an unknown key as it is."""
    words = ROLE_WORDS.get(key, RoleWords()).mapping
    return pgettext("column mapping", words) if words else key


def mapping_value_words(value: str) -> str:
    """A value of the column mapping: the file's columns as they are; "(row number)" and the
    columns TapDesk made from crossed column names in words."""
    return _(value) if value in (ROW_NUMBER, MELTED_RATER, MELTED_ITEM) else value
