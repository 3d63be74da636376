"""Settings given as words ("90%", "10%"): the command line's option types and the library's
conversions of the same values."""

from __future__ import annotations

import argparse

from tapdesk.i18n import _, formats


def level_value(text: str) -> float:
    """``--level``: 0.9, "90" or "90%" all mean 90% intervals (argparse type)."""
    from tapdesk.engine.request import check_level
    from tapdesk.errors import SettingError
    raw = text.strip().rstrip("%").strip()
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(
            # Translators: an error of --level; {text} is what was typed (keep the examples'
            # form: the command line reads 0.95 and 95%).
            _("{text} is not a level; give e.g. 0.95 or 95%").format(text=formats.quoted(text))) from None
    if value > 1 or text.strip().endswith("%"):
        value /= 100
    try:
        return check_level(value)
    except SettingError:
        raise argparse.ArgumentTypeError(
            # Translators: an error of --level; {text} is what was typed, already quoted (keep
            # the examples' form: the command line reads 0.95 and 95%).
            _("{text} is not an interval level: give one between 0.5 and 0.999, or as a "
              "percent between 50% and 99.9% (0.95 or 95% for 95% intervals)").format(
                text=formats.quoted(text))) from None


def margin_value(text: str) -> float:
    """``--margin``: 0.10, "10%" or "10" all mean 10 points of accuracy (argparse type)."""
    raw = text.strip().rstrip("%").strip()
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(
            # Translators: an error of --margin; {text} is what was typed (keep the examples'
            # form: the command line reads 0.10 and 10%).
            _("{text} is not a margin; give e.g. 0.10 or 10%").format(
                text=formats.quoted(text))) from None
    if value >= 1 or text.strip().endswith("%"):
        value /= 100
    if not 0 <= value < 1:
        # Translators: an error of --margin; {text} is what was typed.
        raise argparse.ArgumentTypeError(_("{text} is not a margin: give one between 0 and "
                                           "0.99, or in points between 0% and 99%").format(
                                               text=formats.quoted(text)))
    return value
