"""A fit's subjects (items): every subject's class probabilities, held as arrays.

:class:`SubjectTable` (in :mod:`.table`) is ``FitResult.subjects``: it reads as a sequence of
:class:`SubjectEstimate` records and offers its arrays to the consumers that handle millions of
subjects at once (the JSON, the labels out, the Subjects tab); :class:`SubjectRows` is its JSON
entries made a slice at a time. The table (and with it numpy) loads on first use, so importing
the results' types does not load numpy (the app's first window).
"""

from typing import Any

from tapdesk.engine.subjects.estimate import SubjectEstimate

__all__ = ["SubjectEstimate", "SubjectRows", "SubjectTable"]


def __getattr__(name: str) -> Any:
    if name in ("SubjectRows", "SubjectTable"):
        from tapdesk.engine.subjects import table
        return getattr(table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
