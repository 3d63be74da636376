"""The settings of the explanatory models (issue 42) as the engine's FitRequest takes them:
which subject attribute groups the subjects, which rater attributes explain accuracy."""

from __future__ import annotations

from typing import Any

from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats


def explain_settings(settings: Any) -> dict[str, Any]:
    """The FitRequest fields the arguments set."""
    return {"subject_group": getattr(settings, "subject_group", None),
            "subject_bands": int(getattr(settings, "subject_bands", 0) or 0),
            "rater_attributes": tuple(getattr(settings, "rater_attributes", ()) or ()),
            "guess_by_attributes": bool(getattr(settings, "guess_by_attributes", False)),
            "effect_at": tuple(effect_at(text) for text in getattr(settings, "effect_at", ()) or ()),
            "pooled": bool(getattr(settings, "pooled", False))}


def effect_at(text: str) -> tuple[str, float, float]:
    """``COL=LOW,HIGH`` as (column, low, high), or a SettingError saying what was expected."""
    col, _sep, values = str(text).rpartition("=")
    parts = values.split(",")
    try:
        if not col.strip() or len(parts) != 2:
            raise ValueError
        return col.strip(), float(parts[0]), float(parts[1])
    except ValueError:
        # Translators: {text} is what the user typed.
        raise SettingError(_("--effect-at takes COLUMN=LOW,HIGH (for example age=35,60), not "
                             "{text}").format(text=formats.quoted(text)),
                           settings=("effect_at",)) from None
