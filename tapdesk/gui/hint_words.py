"""The app's way to change a setting a message names: its own controls, never flags.

Shared messages name the settings that can fix a problem as data
(``TapDeskError.settings``, ``ImportNote.settings``); the command line adds its
flags (:mod:`tapdesk.library.hints`), the app names the control where it is shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.i18n import N_, _, formats, ngettext

# Translators: the import preview's controls as a hint names them ("check the Layout choice in
# this dialog"); each is the label beside the control in the import preview.
PREVIEW_CONTROLS = {
    "layout": N_("Layout"),
    "subject_col": N_("Subject column"),
    "rater_col": N_("Rater column"),
    "rating_col": N_("Rating column"),
    "item_col": N_("Item column"),
    "missing": N_("Missing codes"),
    "ordinal": N_("Scale"),
    "delimiter": N_("Delimiter"),
    "sheet": N_("Sheet"),
    "fold_case": N_("Merge labels"),
    "column_roles": N_("column Role"),
    "drop_flagged": N_("Drop flagged subjects button"),
}
"""Setting -> the import preview's control for it (in English; translated where shown)."""

# Translators: the Data pane's controls as a hint names them ("see the Class 1 box").
DATA_PANE_CONTROLS = {
    "item": N_("the Item list above"),
    "class1": N_("the Class 1 box"),
    "cut": N_("the Class 1 box"),
    "categories": N_("the Scale box"),
    "ordinal": N_("the Scale box"),
    "labels": N_("the value labels beside the scale"),
}
"""Setting -> the Data pane's control for it."""

# Translators: the Analysis pane's controls as a hint names them ("see the Bootstrap box under
# Options").
MODEL_PANE_CONTROLS = {
    "method": N_("the Method choice"),
    "bootstrap": N_("the Bootstrap box under Options"),
    "weights": N_("the Weights choice under Options"),
    "level": N_("the Intervals box under Options"),
    "draws": N_("the Draws box under Options"),
    "chains": N_("the Chains box under Options"),
    "priors": N_("the Priors table under Options"),
}
"""Setting -> the Analysis pane's control for it (fit settings)."""

# Translators: the Plan dialog's fields as a hint names them ("check the Subjects field");
# each is the label beside the field.
PLAN_CONTROLS = {
    "t": N_("Share truly in Class 1 (t)"), "a": N_("Accuracy (a)"),
    "p": N_("Guess rate for Class 1 (p)"),
    "raters": N_("Raters per subject"),
    "subjects": N_("Subjects"),
    "sims": N_("Simulations per design"),
    "versus": N_("Compare accuracy with"),
    "level": N_("Interval level"),
}
"""Setting -> the Plan dialog's field for it (the labels beside the fields; translated where
shown)."""


def _join(names: list[str]) -> str:
    """Names joined by "or" (the language's word where it is not English)."""
    return formats.joined(names, "or")


def preview_hint(settings: Iterable[str], hidden: Iterable[str] = ()) -> str:
    """' (check the Delimiter ... in this dialog)' for the settings the import preview has
    (``hidden``: settings whose control this file does not show, e.g. Sheet for a text file)."""
    hidden = set(hidden)
    names = list(dict.fromkeys(_(PREVIEW_CONTROLS[s]) for s in settings
                               if s in PREVIEW_CONTROLS and s not in hidden))
    if not names:
        return ""
    # Translators: added to a message of the import preview; {controls} is one or more of the
    # preview's controls ("Layout", "Delimiter or Sheet"), joined by "or". Keep the leading space.
    return ngettext(" (check the {controls} choice in this dialog)",
                    " (check the {controls} choices in this dialog)",
                    len(names)).format(controls=formats.joined(names, "or"))


def window_hint(settings: Iterable[str]) -> str:
    """' (choose the item in the Item list above)' and the like, for the main window."""
    settings = list(settings)
    if "item" in settings:
        # Translators: added to a message in the main window. Keep the leading space.
        return _(" (choose the item in the Item list above)")
    controls = {**MODEL_PANE_CONTROLS, **DATA_PANE_CONTROLS}
    pane = list(dict.fromkeys(_(controls[s]) for s in settings if s in controls))
    if pane:
        # Translators: added to a message in the main window; {controls} is one or more of its
        # controls ("the Bootstrap box under Options"), joined by "or". Keep the leading space.
        return _(" (see {controls})").format(controls=_join(pane))
    preview = list(dict.fromkeys(_(PREVIEW_CONTROLS[s]) for s in settings if s in PREVIEW_CONTROLS))
    if preview:
        # Translators: added to a message in the main window; "Change import mapping..." is the
        # Data pane's button that opens the import preview again (the same words as that button);
        # {controls} is one or more of the preview's controls ("Layout", "Delimiter or Sheet"),
        # joined by "or". Keep the leading space.
        return ngettext(" (Change import mapping... reads the file again: check the {controls} "
                        "choice there)",
                        " (Change import mapping... reads the file again: check the {controls} "
                        "choices there)", len(preview)).format(controls=_join(preview))
    return ""


def plan_hint(settings: Iterable[str]) -> str:
    """' (check the Raters per subject field)' for the settings the Plan dialog has."""
    names = list(dict.fromkeys(PLAN_CONTROLS[s] for s in settings if s in PLAN_CONTROLS))
    if not names:
        return ""
    # Translators: added to a message of the Plan dialog; {fields} is one or more of its
    # fields ("Subjects", "t or a"), joined by "or". Keep the leading space.
    return ngettext(" (check the {fields} field)", " (check the {fields} fields)",
                    len(names)).format(fields=formats.joined([_(n) for n in names], "or"))


def error_words(exc: BaseException, hint=None) -> str:
    """An error's message with the app's way to act on the settings it names.

    ``hint`` turns the settings into words (:func:`window_hint` unless given).
    """
    return str(exc) + (hint or window_hint)(getattr(exc, "settings", ()))
