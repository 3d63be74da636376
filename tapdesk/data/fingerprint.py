"""Two SHA-256 fingerprints of a data set, and the one wording every surface gives each.

- the **file's**: of the file's bytes as they were read (``Provenance.sha256``), what
  ``sha256sum FILE`` prints, so a reader can check that a report was made from their file;
- the **ratings'**: of the ratings as read (codes, subject and rater ids, categories and their
  order, :func:`table_sha256`), alike for two files that hold the same ratings (a CSV and the
  XLSX it was saved as), so the app can tell that two data sets are the same.

The app, the report and ``tapdesk inspect`` label them with :data:`FILE_SHA256` and
:data:`RATINGS_SHA256`, so a value is never called just "SHA-256" beside another one.
"""

from __future__ import annotations

import weakref

from tapdesk.data.ratings import RatingsTable

FILE_SHA256 = "SHA-256 of the file"
RATINGS_SHA256 = "SHA-256 of the ratings as read"

_HASHES: weakref.WeakKeyDictionary[RatingsTable, str] = weakref.WeakKeyDictionary()


def table_sha256(table: RatingsTable) -> str:
    """SHA-256 of the ratings themselves: codes, subject and rater ids, categories and order.

    Two tables hash alike exactly when every rating, id and category (in scale
    order) is the same, whichever file or clipboard they came from. Tables are
    immutable, so each one is hashed once.
    """
    known = _HASHES.get(table)
    if known is None:
        known = _HASHES[table] = _hash(table)
    return known


def _hash(table: RatingsTable) -> str:
    import hashlib  # here, as numpy: the first window names tables without hashing one

    import numpy as np
    h = hashlib.sha256()
    for arr in (table.subject, table.rater, table.rating):
        h.update(np.ascontiguousarray(arr, dtype="<i8").tobytes())
        h.update(b"|")
    for names in (table.subject_ids, table.rater_ids, table.scale.categories):
        h.update("\x1f".join(names).encode("utf-8"))
        h.update(b"|")
    h.update(b"ordinal" if table.scale.ordinal else b"nominal")
    return h.hexdigest()
