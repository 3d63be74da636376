"""A reading whose "ratings" are the file's ids is wrong (issue 52, family 1).

Once the layout is chosen, the columns read as ratings are checked against the file's id
columns by content, never by their names:

* in a file of one row per rating, a rating column whose values are the ids of the subject
  (or rater) column and which crosses the other id column as an id does -- each rater "gives"
  each value once -- holds ids, not ratings (a column copied or shifted into the ratings);
* in a table of one column per rater, two columns read as ratings (or the subject column and
  one read as ratings) that cross each other fully, as the subject and rater columns of a long
  file do -- each value of one met exactly once with each value of the other, five or more
  values on one side -- are the id columns of a file of one row per rating whose ratings are
  missing or were left out.

Ratings repeat a few categories, so a rater gives the same value to many subjects and two
raters' ratings meet in the same pairs again and again; ids do neither. The reading is refused
in one sentence naming the columns, so that the user names the rating column.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np

from tapdesk.data.importer.factorial import largest_scale
from tapdesk.data.importer.idstructure import Crossing, crossed, crossing, lone_rating
from tapdesk.data.importer.layouts import Detection, long_detection, wide_reason
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import subjects_own
from tapdesk.data.importer.table import RULE_ROWS, Table
from tapdesk.data.wording import Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_MIN_IDS = 3              # fewer distinct values cannot tell ids from a scale
_MANY = 5                 # a full cross of ids: one side has at least this many values
_FILLED = 0.9             # ... and at least this share of the pairs is met (the rest missing)
_MAX_PAIRS = 12           # wide tables: only the first columns are compared (cost)
_SETTINGS = ("rating_col", "layout", "column_roles")


def refuse_id_ratings(table: Table, det: Detection, book: NoteBook) -> Detection:
    """DataError when the columns read as ratings hold the file's subject or rater ids; a
    wide reading whose subject column crosses one other column fully, beside two or more
    columns on one scale, is read with that column as the item instead (said)."""
    if det.layout == "long" and det.rating:
        _long(table, det)
    elif det.layout == "wide":
        return _wide(table, det, book)
    return det


def _values(table: Table, col: str) -> list[str]:
    return [v for v in table.texts(col, limit=RULE_ROWS) if v]


def _long(table: Table, det: Detection) -> None:
    assert det.rating is not None
    ratings = set(_values(table, det.rating))
    if len(ratings) < _MIN_IDS:
        return
    # Translators: {rating}, {ids} and {other} are columns' names; {n} how many values.
    for ids, other, said in ((det.subject, det.rater, N_(
            "the column read as the ratings, {rating}, holds the ids of the subjects in {ids} "
            "({n} values, each met once with each value of {other}), not ratings of a few "
            "categories; a reading whose ratings are the file's ids is wrong: say which column "
            "holds the ratings")),
            # Translators: as above.
            (det.rater, det.subject, N_(
                "the column read as the ratings, {rating}, holds the ids of the raters in "
                "{ids} ({n} values, each met once with each value of {other}), not ratings of "
                "a few categories; a reading whose ratings are the file's ids is wrong: say which "
                "column holds the ratings"))):
        if not ids or not other or ids == det.rating or set(_values(table, ids)) != ratings:
            continue
        if crossed(crossing(table, det.rating, other, det.item)):
            raise DataError(Wording.of(said, rating=Name(det.rating), ids=Name(ids),
                                       n=len(ratings), other=Name(other)),
                            file=table.file, column=det.rating, settings=_SETTINGS)


def _full_cross(c: Crossing | None) -> bool:
    """Every value of one column met once with every value of the other (a design of ids:
    each subject with each rater); one of them has many values, more than a few categories."""
    return c is not None and c.repeats == 0 and min(c.ids, c.others) >= 2 and \
        max(c.ids, c.others) >= _MANY and c.per_id * c.ids >= _FILLED * c.ids * c.others


def _wide(table: Table, det: Detection, book: NoteBook) -> Detection:
    columns = ([det.subject] if det.subject else []) + list(det.value_columns)
    kinds = _distinct(table, columns)
    rows = min(len(table.body), RULE_ROWS)
    for a, b in list(combinations(columns, 2))[:_MAX_PAIRS]:
        if det.item is None and not _FILLED * rows <= kinds[a] * kinds[b] <= rows / _FILLED:
            continue           # no cross: too few values for a pair of their own in each row,
                               # or too many for each pair to be met
        if b in det.value_columns and _full_cross(crossing(table, a, b, det.item)):
            rest = [c for c in det.value_columns if c not in (a, b)]
            if det.item is not None and _names_the_items(table, det.item, b) and len(rest) >= 2:
                return _item_words_aside(det, b, book)
            if det.item is None and (det.subject in (a, None) or _row_ids(table, det.subject) or
                                     subjects_own(table, det.subject, b)):
                rated = [c for c in rest if not subjects_own(table, c, a)]   # not an age, a group
                if len(largest_scale(table, rated)) >= 2:
                    return _item_instead(det, a, b, rated, book)
                rating = lone_rating(table, {a, b}, a)
                if rating is not None:
                    return _long_instead(table, a, b, rating, book)
            # Translators: {first} and {second} are columns' names.
            raise DataError(Wording.of(N_(
                "the columns {first} and {second} cross as the subject and rater ids of a "
                "file of one row per rating do (each value of one met once with each value of the "
                "other), so {second} holds ids, not ratings; a reading whose ratings are the "
                "file's ids is wrong: say which column holds the ratings"), first=Name(a), second=Name(b)),
                file=table.file, column=b, settings=_SETTINGS)
    return det


def _names_the_items(table: Table, item: str, column: str) -> bool:
    """Each item has one value of ``column`` and each value one item (the item's description,
    'Level of consciousness' beside '1a')."""
    pairs = {(i, v) for i, v in zip(table.texts(item), table.texts(column)) if i and v}
    return len(pairs) >= 2 and len(pairs) == len({i for i, _ in pairs}) == len({v for _, v in pairs})


def _item_words_aside(det: Detection, column: str, book: NoteBook) -> Detection:
    """The reading without ``column``, which names the items, said."""
    # Translators: an import note; {column} and {item} are columns' names.
    book.add("rater-scale", Wording.of(N_("column {column} is not a rater: it gives each item of "
                                          "{item} one name of its own (a description of the "
                                          "item), the same for every subject"),
                                       column=Name(column), item=Name(det.item)),
             columns=[column], action="left out")
    kept = tuple(c for c in det.value_columns if c != column)
    return replace(det, value_columns=kept, reason=wide_reason(kept, det.subject, det.item))


def _distinct(table: Table, columns: list[str]) -> dict[str, int]:
    """How many values each column holds (blanks not counted), from the table's codes."""
    coded = table.codes()
    out = {}
    for c in columns:
        used = np.unique(coded.codes[:RULE_ROWS, table.index(c)])
        out[c] = int(sum(bool(coded.text[k]) for k in used))
    return out


def _row_ids(table: Table, column: str) -> bool:
    """Every row holds a value of its own in ``column`` (a record id, not a subject's)."""
    values = table.texts(column, limit=RULE_ROWS)
    return bool(values) and all(values) and len(set(values)) == len(values)


def _long_instead(table: Table, subject: str, rater: str, rating: str,
                  book: NoteBook) -> Detection:
    """The file read as one row per rating: the two crossing columns are its subject and
    rater ids, and the one column of a few repeating labels its ratings."""
    # Translators: an import note; {subject}, {rater} and {rating} are columns' names.
    book.add("header-words", Wording.of(N_("{subject} and {rater} cross as the subject and "
                                           "rater ids of a file of one row per rating do (each "
                                           "value of one met once with each value of the "
                                           "other), and {rating} is the one column of a few "
                                           "repeating labels: the file is read as one row per "
                                           "rating"), subject=Name(subject), rater=Name(rater),
                                        rating=Name(rating)),
             columns=[rating], action="guessed", settings=("layout",))
    return long_detection(table, subject, rater, rating, None)


def _item_instead(det: Detection, subject: str, item: str, rest: list[str],
                  book: NoteBook) -> Detection:
    """The wide reading with ``subject`` as its subject column and ``item`` as its item: each
    subject is rated once for each of the item's values (a page and a success criterion, a
    pupil and a sub-test)."""
    # Translators: an import note; {subject} and {item} are columns' names.
    book.add("header-words", Wording.of(N_("{item} crosses the subject column {subject} (each "
                                           "value of one met once with each value of the "
                                           "other), beside columns of ratings on one scale: "
                                           "each subject is rated once for each value of "
                                           "{item}, so {item} is read as the item"),
                                        item=Name(item), subject=Name(subject)),
             columns=[item], action="guessed", settings=("item_col",))
    return replace(det, subject=subject, item=item, value_columns=tuple(rest),
                   reason=wide_reason(tuple(rest), subject, item))
