"""The command line's way to change a setting a message names.

Messages shared by the app and the command line name the settings that can fix a
problem as data (``TapDeskError.settings``, ``ImportNote.settings`` and
``ImportNote.switchable``), never as flags; the command line adds its flags here,
the app names its own controls (:mod:`tapdesk.gui.hint_words`).
"""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.i18n import _

FLAGS = {
    "item": "--item NAME",
    "item_col": "--item-col",
    "subject_col": "--subject-col",
    "rater_col": "--rater-col",
    "rating_col": "--rating-col",
    "layout": "--layout",
    "sheet": "--sheet",
    "delimiter": "--delimiter",
    "encoding": "--encoding",
    "categories": "--categories",
    "missing": "--missing",
    "max_categories": "--max-categories",
    "max_megabytes": "--max-file-mb",
    "time_limit": "--time-limit",
    "ordinal": "--ordinal",
    "labels": "--labels",
    "class1": "--class1",
    "cut": "--cut",
    "bootstrap": "--bootstrap",
    "method": "--method mcmc",
    "trim": "--no-trim",
    "default_missing": "--no-default-missing",
    "fold_case": "--fold-case",
    "same_as": "--same-as",
    "column_roles": "--column-role COL=ROLE",
    "raters_file": "--raters-file FILE",
    "subject_group": "--subject-group COL",
    "subject_bands": "--subject-bands N",
    "rater_attributes": "--rater-attribute COL",
    "model": "--model",
}
"""Setting name (an ``ImportOptions`` field or a fit setting) -> its command-line flag."""


def flag(setting: str) -> str:
    """The flag of one setting (an unknown name is written as a flag of that name)."""
    return FLAGS.get(setting, "--" + setting.replace("_", "-"))


def flags_hint(settings: Iterable[str]) -> str:
    """' (command line: --delimiter, --sheet)', or '' when no setting is named."""
    names = list(dict.fromkeys(settings))
    return command_line_hint(", ".join(flag(s) for s in names)) if names else ""


def command_line_hint(flags: str) -> str:
    """' (command line: FLAGS)' after a message."""
    # Translators: added after a message; {flags} are command-line options as typed
    # ("--delimiter, --sheet"); keep the space before the parenthesis.
    return _(" (command line: {flags})").format(flags=flags)


def rule_hint(rule: str) -> str:
    """How to switch an importer rule off on the command line."""
    # Translators: added after an import note; {rule} is a rule's code, typed as it is.
    return _(" (to turn this off: --no-rule {rule})").format(rule=rule)


def note_text(note) -> str:
    """An ImportNote's message with the command line's way to act on it."""
    if note.suggested_missing is not None and "missing" in note.settings:
        code = note.suggested_missing
        shown = code if code.replace("-", "").isalnum() else f"'{code}'"
        text = note.message + command_line_hint(f"--missing {shown}")
    elif note.suggested_same:
        pairs = ",".join(f"{a}={b}" for a, b in note.suggested_same)
        text = note.message + command_line_hint(f"--same-as '{pairs}'")
    else:
        text = note.message + flags_hint(note.settings)
    return text + rule_hint(note.rule) if note.switchable else text


def error_text(exc: BaseException) -> str:
    """An error's message, in the current language where it was kept as a text to be written
    when shown (:mod:`tapdesk.i18n.deferred`), with the flags of the settings it names."""
    from tapdesk.i18n.deferred import shown
    message = exc.args[0] if len(exc.args) == 1 and hasattr(exc.args[0], "shown") else str(exc)
    return shown(message) + flags_hint(getattr(exc, "settings", ()))
