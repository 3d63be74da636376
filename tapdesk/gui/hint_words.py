"""The app's way to change a setting a message names: its own controls, never flags.

Shared messages name the settings that can fix a problem as data
(``TapDeskError.settings``, ``ImportNote.settings``); the command line adds its
flags (:mod:`tapdesk.cli.hints`), the app names the control where it is shown.
"""

from __future__ import annotations

from typing import Iterable

PREVIEW_CONTROLS = {
    "layout": "Layout",
    "subject_col": "Subject column",
    "rater_col": "Rater column",
    "rating_col": "Rating column",
    "item_col": "Item column",
    "missing": "Missing codes",
    "ordinal": "Scale",
}
"""Setting -> the import preview's control for it."""

DATA_PANE_CONTROLS = {
    "item": "the Item list above",
    "class1": "the Class 1 box",
    "cut": "the Class 1 box",
    "categories": "the Scale box",
    "ordinal": "the Scale box",
    "labels": "the value labels beside the scale",
}
"""Setting -> the Data pane's control for it."""


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def preview_hint(settings: Iterable[str]) -> str:
    """' (check the Delimiter ... in this dialog)' for the settings the import preview has."""
    names = list(dict.fromkeys(PREVIEW_CONTROLS[s] for s in settings if s in PREVIEW_CONTROLS))
    if not names:
        return ""
    return f" (check the {_join(names)} {'choice' if len(names) == 1 else 'choices'} in this dialog)"


def window_hint(settings: Iterable[str]) -> str:
    """' (choose the item in the Item list above)' and the like, for the main window."""
    settings = list(settings)
    if "item" in settings:
        return " (choose the item in the Item list above)"
    pane = list(dict.fromkeys(DATA_PANE_CONTROLS[s] for s in settings if s in DATA_PANE_CONTROLS))
    if pane:
        return f" (see {_join(pane)})"
    if any(s in PREVIEW_CONTROLS for s in settings):
        return " (Change import mapping... reads the file again with other settings)"
    return ""
