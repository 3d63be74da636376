"""A fit's subjects (items): every subject's class probabilities, held as arrays.

:class:`SubjectTable` (in :mod:`.table`) is ``FitResult.subjects``: it reads as a sequence of
:class:`SubjectEstimate` records and offers its arrays to the consumers that handle millions of
subjects at once (the JSON, the labels out, the Subjects tab); :class:`SubjectRows` is its JSON
entries made a slice at a time.
"""

from tapdesk.engine.subjects.table import SubjectEstimate, SubjectRows, SubjectTable

__all__ = ["SubjectEstimate", "SubjectRows", "SubjectTable"]
