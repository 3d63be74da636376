"""Column roles: the columns the user named, and the subject, rater, rating and item columns
guessed from header words (in several languages) and from the values themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from tapdesk.data.importer.dates import date_kind
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import RULE_ROWS, Table, numbered_column, numbered_position, shape
from tapdesk.data.importer.words import (
    ITEM_WORDS,
    MORE_RATING_WORDS,
    NUMBER_WORDS,
    RATER_WORDS,
    RATING_WORDS,
    SUBJECT_WORDS,
    fold,
    looks_like_rater,
    name_tokens,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Listed, Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_


@dataclass
class Hints:
    """What the column rules learned for the layout detection."""

    subject: str | None = None            # a row-name column to use as the subject id
    rater: str | None = None              # e.g. REDCap events that name the raters
    survey: str | None = None             # a survey export ('Qualtrics', 'Google Forms'):
    survey_rater: str | None = None       # one row per respondent, named in this column


@dataclass(frozen=True)
class Roles:
    """Column roles the user named (None = not named)."""

    layout: str | None = None
    subject: str | None = None
    rater: str | None = None
    rating: str | None = None
    item: str | None = None

    def named(self) -> set[str]:
        """The columns named for a role."""
        return {c for c in (self.subject, self.rater, self.rating, self.item) if c}


@dataclass(frozen=True)
class Guess:
    """Columns for each role: named by the user, or guessed. ``user`` holds the user's."""

    subject: str | None
    rater: str | None
    rating: str | None
    item: str | None
    user: Roles


def resolve_column(table: Table, name: str | None, setting: str) -> str | None:
    """The table column the user meant (exact, case-insensitive, or 1-based number)."""
    if name is None:
        return None
    for col in table.columns:
        if col == name:
            return col
    for col in table.columns:
        if col.strip().lower() == str(name).strip().lower():
            return col
    if str(name).strip().isdigit() and 1 <= int(name) <= len(table.columns):
        return table.columns[int(name) - 1]
    numbered = numbered_position(str(name))       # "column 2" read in another language
    if numbered is not None and 1 <= numbered <= len(table.columns) and \
            table.columns[numbered - 1] == numbered_column(numbered):
        return table.columns[numbered - 1]
    columns = Listed(tuple(repr(c) for c in table.columns))
    # Translators: {name} is the column asked for; {columns} the file's column names in quotes,
    # listed.
    said = _NO_SUCH_COLUMN.get(setting, N_("column {name}: there is no such column; the columns "
                                           "are {columns}"))
    raise DataError(Wording.of(said, name=Name(name), columns=columns),
                    file=table.file, settings=(setting,))


_NO_SUCH_COLUMN = {
    # Translators: {name} is the column asked for; {columns} the file's column names in quotes,
    # listed.
    "subject_col": N_("the subject column {name}: there is no such column; the columns are "
                      "{columns}"),
    # Translators: as above.
    "rater_col": N_("the rater column {name}: there is no such column; the columns are "
                    "{columns}"),
    # Translators: as above.
    "rating_col": N_("the rating column {name}: there is no such column; the columns are "
                     "{columns}"),
    # Translators: as above.
    "item_col": N_("the item column {name}: there is no such column; the columns are "
                   "{columns}"),
}
"""The refusal of a column the user named that the file lacks, by the setting naming it."""


def by_name(table: Table, words: set[str], exclude) -> str | None:
    for col in table.columns:
        if col not in exclude and fold(col) in words:
            return col
    return None


def rating_by_name(table: Table, exclude, subject: str | None = None) -> str | None:
    """The rating column by its header: English words first ('rating' before 'note'); of
    several so named, one whose values differ within a ``subject`` ('Recommendation' after
    'Category', the category a submission was sent in)."""
    named = [c for c in table.columns if c not in exclude and fold(c) in RATING_WORDS] or \
        [c for c in table.columns if c not in exclude and fold(c) in MORE_RATING_WORDS]
    if len(named) > 1 and subject is not None and subject in table.columns:
        named = [c for c in named if not subjects_own(table, c, subject)] or named
    return named[0] if named else None


NEARLY_EVERY = 0.9
"""Of the subjects, the share that makes a finding about "every subject" hold (the share whose
rows hold one value of a column that makes it theirs; whose raters met the same values)."""


def subjects_own(table: Table, col: str, subject: str) -> bool:
    """``col`` holds one value within the rows of nearly every subject (their group, the two
    systems a pair compares), as no ratings of a subject by several raters or on several
    items do."""
    frame = pd.DataFrame({"s": table.texts(subject, limit=RULE_ROWS),
                          "v": table.texts(col, limit=RULE_ROWS)})
    per_subject = frame[frame.v != ""].groupby("s")["v"].nunique()
    return bool(len(per_subject)) and (frame.s.value_counts() > 1).mean() > 0.5 and \
        float((per_subject == 1).mean()) >= NEARLY_EVERY


def user_roles(table: Table, roles: Roles) -> Roles:
    return Roles(roles.layout, resolve_column(table, roles.subject, "subject_col"),
                 resolve_column(table, roles.rater, "rater_col"),
                 resolve_column(table, roles.rating, "rating_col"),
                 resolve_column(table, roles.item, "item_col"))


def once_each(table: Table, column: str) -> bool:
    """Every filled row names a value of its own in ``column`` (three rows or more): items
    are rated for subjects that come back on several rows."""
    values = [v for v in table.texts(column, limit=RULE_ROWS) if v]
    return len(values) >= 3 and len(set(values)) == len(values)


def guess_roles(table: Table, user: Roles, hints: Hints, book: NoteBook) -> Guess:
    """Roles from the user, then from header words; a lone 'item' column is the subject."""
    named = {c for c in (user.subject, user.rater, user.rating, user.item) if c}
    item = user.item or by_name(table, ITEM_WORDS, named)
    taken = named | {item} - {None}
    subject = user.subject or by_name(table, SUBJECT_WORDS, taken) or hints.subject
    rater = user.rater or hints.rater or by_name(table, RATER_WORDS, taken | {subject})
    if rater and not (user.rater or hints.rater) and _a_raters_ratings(table, rater, taken):
        rater = None
    rating = user.rating or rating_by_name(table, taken | {subject, rater}, subject)
    if subject is None and item is not None and user.item is None and book.enabled("header-words"):
        values = table.texts(item, limit=RULE_ROWS)
        if (rating and rater) or len(set(values)) == len(values):
            # Translators: {column} is a column's name.
            said = N_("column {column} holds the subjects (one row per item and rater), not "
                      "questionnaire items, because no other column holds subjects")
            if not (rating and rater):
                # Translators: as above.
                said = N_("column {column} holds the subjects (one row per item), not "
                          "questionnaire items, because no other column holds subjects")
            book.add("header-words", Wording.of(said, column=Name(item)), columns=[item],
                     action="guessed")
            subject, item = item, None
            rating = user.rating or rating_by_name(table, named | {subject, rater}, subject)
    if subject and item and user.item is None and once_each(table, subject):
        item = None              # each subject on one row: its task or question, not an item
    if subject and rater and rating is None and user.layout in (None, "long") and \
            book.enabled("header-words"):
        rest = [c for c in table.columns if c not in {subject, rater, item}]
        if len(rest) == 1:
            rating = rest[0]
            # Translators: {subject}, {rater} and {rating} are columns' names.
            book.add("header-words", Wording.of(N_("{subject} names the subjects and {rater} "
                                                   "the raters, so the one other column, "
                                                   "{rating}, holds the ratings"),
                                                subject=Name(subject), rater=Name(rater),
                                                rating=Name(rating)),
                     columns=[rating], action="guessed")
    if subject and rating and rater is None and user.layout in (None, "long") and \
            book.enabled("header-words") and len(table.columns) == 3 + (item is not None):
        other = next(c for c in table.columns if c not in {subject, rating, item})
        values = [t for t in table.texts(other) if t]
        if values and len(set(values)) < len(values) and \
                len(set(table.texts(subject))) < len(table.body):
            rater = other                 # tidyr's pivot_longer: subject, name, value
            # Translators: {subject}, {rating} and {rater} are columns' names.
            book.add("header-words", Wording.of(N_("{subject} names the subjects and {rating} "
                                                   "holds the ratings, so the one other column, "
                                                   "{rater}, names the raters"),
                                                subject=Name(subject), rating=Name(rating),
                                                rater=Name(rater)),
                     columns=[rater], action="guessed")
    return Guess(subject, rater, rating, item, user)


MAX_SCALE = 20
"""The most values a column of one rater's ratings holds."""


def _a_raters_ratings(table: Table, column: str, taken: set) -> bool:
    """A column named as a rater ('Examiner') holds that rater's ratings, not the raters'
    names, where another column named as a rater ('Reliability coder') holds values of the
    same scale: two columns of raters side by side are a table of raters in columns."""
    own = set(table.texts(column, limit=RULE_ROWS)) - {""}
    if not 2 <= len(own) <= MAX_SCALE or _ids_within(table, column):
        return False
    for other in table.columns:
        if other == column or other in taken or not _names_a_rater(other):
            continue
        theirs = set(table.texts(other, limit=RULE_ROWS)) - {""}
        if theirs and len(own & theirs) >= 0.5 * min(len(own), len(theirs)):
            return True
    return False


def _ids_within(table: Table, column: str) -> bool:
    """Each value of ``column`` met once with each value of the first column (a long file's
    raters 1 ... 6 of each vignette): the raters' ids, whatever the other columns hold."""
    first = table.columns[0]
    if first == column:
        return False
    pairs = [p for p in zip(table.texts(first, limit=RULE_ROWS), table.texts(column, limit=RULE_ROWS))
             if all(p)]
    return len(pairs) > len({a for a, _ in pairs}) and len(set(pairs)) == len(pairs)


def _names_a_rater(name: str) -> bool:
    return looks_like_rater(name) or any(w in RATER_WORDS for w in name_tokens(name))


# ------------------------------------------------------------ id columns
def _id_like(values: list[str], ratings: set[str]) -> bool:
    """Text ids beside numeric ratings, or ids that all share one shape with digits ('P007')."""
    if all(numeric_value(v) is None for v in values) and ratings and \
            sum(numeric_value(v) is not None for v in ratings) >= 0.9 * len(ratings):
        return True
    return id_shaped(values) and len(values) >= 3


def _numbered_names(values: list[str]) -> bool:
    """Each value a name with a number in it, of a few shapes ('S. 1238', 'H.R. 9913': a
    bill's chamber and number), as records are named."""
    return len(values) >= 5 and len({shape(v) for v in values}) <= 3 and \
        all(any(ch.isdigit() for ch in v) and any(ch.isalpha() for ch in v) for v in values)


def distinct(table: Table, col: str) -> int:
    return len(set(table.texts(col)) - {""})


def is_id_column(table: Table, col: str, others: list[str]) -> bool:
    """Unique values, and many more of them than any other column has."""
    n = len(table.body)
    vals = [t for t in table.texts(col, limit=min(n, RULE_ROWS)) if t]
    if n < 3 or len(set(vals)) < len(vals) or len(vals) < 0.9 * min(n, RULE_ROWS):
        return False
    most = max((distinct(table, c) for c in others), default=0)
    return len(set(vals)) > 2 * most


def id_shaped(values: list[str]) -> bool:
    """Ids of one shape with digits: 's1', 's2' ...; 'P007', 'P012' ...; 'Case 3', 'Case 9'."""
    shapes = {shape(v) for v in values}
    return len(values) >= 2 and len(shapes) == 1 and any(ch.isdigit() for ch in values[0])


def subject_ids_across(table: Table) -> bool:
    """An unnamed first column of names below an empty corner, and subject ids across the
    top: one row per rater, as R's write.csv writes a transposed matrix. (A named first
    column, 'Photo' beside raters 'A1', 'A2', is not this.)"""
    if table.columns[0] != "column 1":
        return False
    heads = list(table.columns[1:])
    firsts = [t for t in table.texts(table.columns[0]) if t]
    return len(heads) >= 2 and id_shaped(heads) and not any(map(looks_like_rater, heads)) and \
        bool(firsts) and len(set(firsts)) == len(firsts) and not id_shaped(firsts) and \
        all(numeric_value(v) is None for v in firsts)


MIN_DATES_ACROSS = 3


def dates_across(table: Table, item: str | None) -> bool:
    """The column headers are dates (three or more: the meetings or weeks rated) and the first
    column names each row once, in words: one row per rater. A date says when something was
    rated, never who rated it, so the dated columns are the subjects."""
    heads = [c for c in table.columns[1:] if c != item]
    firsts = [t for t in table.texts(table.columns[0]) if t]
    return len(heads) >= MIN_DATES_ACROSS and all(date_kind(h) == "dates" for h in heads) and \
        bool(firsts) and len(set(firsts)) == len(firsts) and not id_shaped(firsts) and \
        all(numeric_value(v) is None and date_kind(v) is None for v in firsts)


def units_across(table: Table) -> bool:
    """A reliability-data matrix (Krippendorff): the header numbers the units 1, 2, 3 ...
    across more columns than the table has rows, and the first column names each row
    differently in words ('A', 'Coder B', 'Mary'): one row per coder, whatever the corner says
    ('Unit', 'Coder')."""
    heads = [numeric_value(c) for c in table.columns[1:]]
    firsts = [t for t in table.texts(table.columns[0]) if t]
    if len(heads) < 5 or any(h is None or not float(h).is_integer() for h in heads):
        return False
    start = int(heads[0] or 0)
    return [int(h or 0) for h in heads] == list(range(start, start + len(heads))) and \
        start in (0, 1) and len(heads) > len(table.body) >= 2 and \
        len(firsts) == len(table.body) and len(set(firsts)) == len(firsts) and \
        all(numeric_value(v) is None for v in firsts)


def first_column_ids(table: Table, item: str | None) -> str | None:
    """The first column when it holds subject ids (unique values unlike any rating), or the
    second where the first counts the rows and the second holds ids."""
    cols = [c for c in table.columns if c != item]
    if len(cols) < 2:
        return None
    first, others = cols[0], cols[1:]
    if looks_like_rater(first) and fold(first) not in SUBJECT_WORDS:
        return None
    if is_id_column(table, first, others):
        return first
    values = list(table.texts(first, limit=RULE_ROWS))
    if len(values) < 2 or not all(values) or len(set(values)) != len(values):
        return None
    counter = values == [str(i) for i in range(1, len(values) + 1)]
    if counter and _ids_after_counter(table, others[0]):
        return others[0]                  # 'STT' 1..N, then the record's id 'BN18390'
    if fold(first) in NUMBER_WORDS:
        return first
    seen = set()
    for c in others:
        seen |= set(table.texts(c, limit=RULE_ROWS))
    seen.discard("")
    if not set(values) & seen and (_id_like(values, seen) or _numbered_names(values)):
        return first                      # no id is ever a rating: ids, not a rater
    if counter:
        top = max((numeric_value(v) or 0 for v in seen if numeric_value(v) is not None), default=0)
        if len(values) > top:
            return first                  # 1..N running past every rating
    return None


def _ids_after_counter(table: Table, column: str) -> bool:
    """The column after a running number holds ids of one shape, each row its own ('BN18390',
    'P-0042'): the rows' counter is no id, the record's own id is the subject."""
    values = list(table.texts(column, limit=RULE_ROWS))
    return all(values) and len(set(values)) == len(values) and id_shaped(values) and \
        len(values) >= 3 and all(numeric_value(v) is None for v in values)
