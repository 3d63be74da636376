"""A DataFrame's own ids: the subject and rater ids TapDesk holds as text, given back as the
frame held them (their values and their dtype), so that a notebook joins a result's tables to
its own data (issue 75): a worker id 17 stays the number 17, a task id of a category column
stays a category, and the subjects of a wide frame numbered by row are its own index labels.

Qt-free; pandas is imported only when a frame is given (a frame means pandas is loaded).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tapdesk.data.import_words import ROW_NUMBER
from tapdesk.data.scale import canonical_label

if TYPE_CHECKING:
    import pandas as pd

ROLES = {"subject": "subjects", "rater": "raters"}
"""Each role and the mapping's key when the frame's columns are its ids (wide, or turned)."""


def own_values(values: Iterable[Any]) -> dict[str, Any]:
    """Each value by the text TapDesk holds it as (:func:`~tapdesk.data.scale.canonical_label`)."""
    return {canonical_label(v): v for v in values}


def index_of(ids: Sequence[str], values: Mapping[str, Any], dtype: Any, name: str) -> pd.Index:
    """``ids`` as an index of the values they stand for, with ``dtype``; the ids as they are
    (text) when any of them stands for no value."""
    import pandas as pd
    if all(i in values for i in ids):
        return pd.Index([values[i] for i in ids], dtype=dtype, name=name)
    return pd.Index(list(ids), name=name)


def own_index(ids: Sequence[str], frame: Any, mapping: Iterable[tuple[str, str]],
              role: str) -> pd.Index:
    """The ``role`` ids ("subject" or "rater") of a table read from ``frame`` (its
    provenance's ``mapping``) as the frame held them: the values of the column they were read
    from, the frame's own index where they are row numbers, or the column names where the
    columns are they; as text where they were made of several columns."""
    where = dict(mapping)
    named = frame.reset_index() if any(n is not None for n in frame.index.names) else frame
    column = where.get(role)
    by_text = {str(c): c for c in named.columns}
    if column == ROW_NUMBER:             # the k-th row of the frame, whatever its index
        return index_of(ids, {str(k + 1): v for k, v in enumerate(frame.index)},
                        frame.index.dtype, role)
    if column in by_text:
        values = named[by_text[column]]
        return index_of(ids, own_values(values.dropna().unique()), values.dtype, role)
    if ROLES[role] in where:            # the columns' names
        return index_of(ids, by_text, named.columns.dtype, role)
    return index_of(ids, {}, object, role)
