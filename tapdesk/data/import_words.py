"""The importer's words that the app, the report and the command line show without reading a
file: the layouts' names and descriptions, the name of pasted data and the mapping's "(row
number)". Light (no numpy, no pandas), so the first window and ``tapdesk report``'s figure
process load them at import, not the importer's rules."""

from __future__ import annotations

from tapdesk.i18n import N_, NC_, _, pgettext
from tapdesk.i18n.deferred import Text

LAYOUT_WORDS = {
    "long": N_("long (one row per rating)"),
    "wide": N_("wide (one row per subject, raters in columns)"),
    "wide-rows": N_("wide, transposed (one row per rater, subjects in columns)"),
    "category-counts": N_("category counts (one row per subject, one column per category)"),
    "binary-counts": N_("binary counts (raters and Class-1 ratings per subject)"),
    "contingency": N_("two-rater contingency table"),
}
"""Each layout in words (in English; translated where shown: ``_(LAYOUT_WORDS[layout])``)."""
# Translators: a file layout's short name, put in sentences ("Read as the wide layout", "Detected
# layout: wide"); the English is the name the --layout option and the saved files take.
LAYOUT_NAMES = {
    "long": NC_("file layout", "long"),
    "wide": NC_("file layout", "wide"),
    "wide-rows": NC_("file layout", "wide-rows"),
    "category-counts": NC_("file layout", "category-counts"),
    "binary-counts": NC_("file layout", "binary-counts"),
    "contingency": NC_("file layout", "contingency"),
    "simulated": NC_("file layout", "simulated"),
}
"""Each layout's key (files, JSON, ``--layout``) -> its short name, translated where shown
(:func:`layout_name`); in English the name is the key."""


def layout_name(layout: str) -> str:
    """A layout's short name in the current language ("breit" for "wide"); a key not in
    :data:`LAYOUT_NAMES` as it is."""
    return pgettext("file layout", LAYOUT_NAMES[layout]) if layout in LAYOUT_NAMES else layout


# Translators: the name of data pasted in, where a file's name would be (a window's title, a
# plan's starting values).
PASTED = N_("(pasted text)")
"""The name provenance gives pasted data (kept so in files; :func:`data_name` shows it)."""


def data_name(name: str) -> str:
    """A data set's file name as shown: pasted data's name in the current language."""
    if isinstance(name, Text):                 # a built-in example's name, said in English
        return name.shown()
    return _(PASTED) if name == PASTED else name


# Translators: what a layout takes as the subjects (or raters) when no column names them: each
# is numbered by its row in the file.
ROW_NUMBER = N_("(row number)")
"""The mapping's word for subjects (or raters) numbered by row (in English; translated where
shown: ``_(ROW_NUMBER)``)."""

# Translators: the name of the column TapDesk makes when a sheet's column names cross raters with
# items ('R1_Q1', 'R1_Q2' ...): it holds the rater part of each name.
MELTED_RATER = N_("rater (from the column names)")
# Translators: as above, the item part of each name.
MELTED_ITEM = N_("item (from the column names)")
"""The columns a rater-by-item sheet is melted into (kept in English in the project and the
JSON; translated where shown, as :data:`ROW_NUMBER`)."""
