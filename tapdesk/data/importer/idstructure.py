"""The rater and subject ids of a long file, told by structure (issue 40, family 4).

In one-row-per-rating data the rater id repeats across subjects and is unique within a
subject (no subject is rated twice by the same rater); the subject id repeats across raters
and is unique within a rater. A column of person names, e-mails or worker ids with that
structure is the rater id whatever its header ('Instructor', 'Your name', 'WorkerId'), and
a column of ids with it beside a known rater is the subject id. Each guess is said in a
note with its evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pandas as pd

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import NEARLY_EVERY, Guess, rating_by_name, subjects_own
from tapdesk.data.importer.table import RULE_ROWS, Table
from tapdesk.data.importer.words import (
    MORE_RATING_WORDS,
    RATER_WORDS,
    RATING_WORDS,
    fold,
    looks_like_rater,
    name_tokens,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Count, Decimal, Name, Quoted, Wording
from tapdesk.i18n import N_

RATER_RULE = "rater-by-structure"
SUBJECT_RULE = "subject-by-structure"
PERSON_WORDS = {
    "name", "names", "fullname", "yourname", "firstname", "email", "emailaddress", "mail",
    "user", "username", "userid", "login", "instructor", "teacher", "tutor", "juror", "jury",
    "marker", "labeler", "labeller", "labelerid", "labellerid", "annotatorid", "workerid",
    "worker", "contributor", "contributorid", "author", "by",
    "ratedby", "codedby", "scoredby", "reviewedby", "enteredby", "initials", "doctor",
    "physician", "radiologist", "pathologist", "nurse", "panelist", "panellist", "member",
    "staff", "staffid", "operator", "technician", "assignee", "owner", "completedby",
    "interviewer", "auditor", "surgeon", "clinician", "midwife", "therapist", "inspector",
    "referee", "umpire", "examiner", "paediatrician", "pediatrician", "obstetrician",
    "anaesthetist", "anesthesiologist", "psychiatrist", "psychologist", "dentist", "hygienist",
    "dermatologist", "cardiologist", "neurologist", "pharmacist", "resident", "consultant",
    "trainee", "parent", "caregiver", "peer", "supervisor",
}
"""Headers that name people: with the structure, evidence of a rater column."""
_ID_ENDS = ("id", "no", "nr", "number", "code", "name", "initials")
"""What follows a person word in a header that names each person by an id ('nurse_id',
'ReaderID', 'interviewer_name')."""


def person_header(col: str) -> bool:
    """The header names people: a person or rater word, alone or before an id ('nurse_id')."""
    f = fold(col)
    words = PERSON_WORDS | RATER_WORDS
    return f in words or any(f.endswith(end) and f[:-len(end)] in words for end in _ID_ENDS)
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.IGNORECASE)
_WORKER_ID = re.compile(r"^(?=.*\d)(?=.*[A-Z])[A-Z0-9]{8,}$")
_PERSON = re.compile(r"^(?:[A-ZÀ-Ý](?:[a-zß-ÿ'’-]+\.?|\.))(?:\s*[A-ZÀ-Ý][a-zß-ÿ'’-]*\.?){0,3}$")
"""A person's name: 'Anna', 'Dr. Weiß', 'Mary Ann Lee', and with an initial, 'K. Delgado'."""


def is_person_name(text: str) -> bool:
    """``text`` reads as a person's name (:data:`_PERSON`)."""
    return bool(_PERSON.match(str(text).strip()))
TIME_LIKE = re.compile(r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}")
_UNIQUE_PAIRS = 0.95
_MAX_CATEGORIES = 20


@dataclass(frozen=True)
class Crossing:
    """How one id column sits against another in the rows that name both."""

    ids: int               # distinct values of the id column
    others: int            # distinct values of the other column
    per_id: float          # rows (other ids) per id on average
    repeats: int           # rows that repeat a pair already seen


def _cells(table: Table, col: str) -> list[str]:
    return table.texts(col, limit=RULE_ROWS)


def crossing(table: Table, col: str, other: str, item: str | None) -> Crossing | None:
    """The crossing of ``col`` with ``other`` when both are filled in nearly every row."""
    a, b = _cells(table, col), _cells(table, other)
    if item:
        b = [f"{x}\x00{i}" for x, i in zip(b, _cells(table, item))]
    pairs = [(x, y) for x, y in zip(a, b) if x and y]
    if len(pairs) < max(4, 0.95 * len(a)):
        return None
    ids = len({x for x, _ in pairs})
    others = len({y for _, y in pairs})
    repeats = len(pairs) - len(set(pairs))
    return Crossing(ids, others, len(pairs) / max(ids, 1), repeats)


def crossed(c: Crossing | None) -> bool:
    """Each id repeats (with two or more of the other ids on average), the other ids repeat
    too, and nearly every pair of the two is met once."""
    return c is not None and c.ids >= 2 and c.others >= 2 and c.per_id >= 1.5 and \
        c.per_id * c.ids >= 1.5 * c.others and \
        c.repeats <= (1 - _UNIQUE_PAIRS) * c.per_id * c.ids


def shares_labels(table: Table, col: str, values: list[str]) -> bool:
    """Half or more of the column's values are values of another column too: labels of a
    scale several columns use ('Good', 'Fair', 'Poor'), not the ids of people, which never
    appear among the ratings."""
    mine = set(values)
    return any(len(mine & set(_cells(table, other))) >= 0.5 * len(mine)
               for other in table.columns if other != col)


def person_like(table: Table, col: str) -> bool:
    """The values name people: e-mails, worker ids, names, 'R1'/'coder2'; or the header does
    and the values are not numbers. Values shared with other columns are a scale's labels."""
    values = sorted(set(_cells(table, col)) - {""})
    if not values or any(TIME_LIKE.search(v) for v in values[:50]) or \
            shares_labels(table, col, values):
        return False
    text = [v for v in values if numeric_value(v) is None]
    if person_header(col):
        return len(text) == len(values) or len(values) <= _MAX_CATEGORIES
    people = sum(bool(EMAIL.match(v) or _WORKER_ID.match(v) or _PERSON.match(v))
                 or looks_like_rater(v) for v in text)
    return len(text) == len(values) and people >= 0.8 * len(values)


def rating_like(table: Table, col: str) -> bool:
    """A few repeating labels, neither times nor dates: could hold the ratings."""
    values = [v for v in _cells(table, col) if v]
    distinct = set(values)
    return bool(values) and 2 <= len(distinct) <= _MAX_CATEGORIES and \
        len(distinct) < len(values) and not any(TIME_LIKE.search(v) for v in list(distinct)[:50]) \
        and max(len(v.split()) for v in distinct) <= 4


def describes(table: Table, col: str, subject: str | None) -> bool:
    """The column names each subject once (a text or title shown with it): one value per
    subject, a different one for each of three or more subjects; not a rating."""
    if subject is None:
        return False
    frame = pd.DataFrame({"s": _cells(table, subject), "v": _cells(table, col)})
    pairs = frame.drop_duplicates()
    return frame.s.nunique() >= 3 and len(pairs) == frame.s.nunique() == frame.v.nunique()


def lone_rating(table: Table, taken: set[str], subject: str | None = None) -> str | None:
    """The one column left that could hold the ratings (or the one whose header says so);
    a column describing each subject (its text, its title, its group) is none."""
    found = [c for c in table.columns if c not in taken and rating_like(table, c)
             and not describes(table, c, subject)]
    if len(found) > 1 and subject is not None:
        found = [c for c in found if not subjects_own(table, c, subject)] or found
    if len(found) > 1:             # a rater's e-mail beside the rater's name is no rating
        found = [c for c in found if not any(_one_to_one(table, c, t) for t in taken)] or found
    if len(found) > 1:             # a rating word in the name ('helpfulnessLevel')
        found = [c for c in found if set(name_tokens(c)) & RATING_WORDS] or found
    if len(found) > 1:             # a remark written now and then beside what every row holds
        filled = {c: sum(bool(v) for v in _cells(table, c)) for c in found}
        found = [c for c in found if 2 * filled[c] > max(filled.values())]
    if len(found) > 1:             # a few categories beside minutes taken, a count ...
        sizes = {c: len(set(_cells(table, c)) - {""}) for c in found}
        fewest = min(found, key=lambda c: sizes[c])
        if all(2 * sizes[fewest] <= sizes[c] for c in found if c != fewest):
            found = [fewest]
    return found[0] if len(found) == 1 else None


def _mails(table: Table, col: str) -> bool:
    values = [v for v in _cells(table, col)[:50] if v]
    return bool(values) and all(EMAIL.match(v) for v in values)


def _each_once(table: Table, col: str) -> bool:
    """Every row holds a value of its own in the column (a response's number)."""
    values = _cells(table, col)
    return len(values) >= 4 and all(values) and len(set(values)) == len(values)


def _one_to_one(table: Table, a: str, b: str) -> bool:
    """Each value of ``a`` goes with one value of ``b`` and back (a name and its e-mail)."""
    frame = pd.DataFrame({"a": _cells(table, a), "b": _cells(table, b)})
    return frame.a.nunique() >= 2 and \
        len(frame.drop_duplicates()) == frame.a.nunique() == frame.b.nunique()


def complete_long(table: Table, g: Guess, book: NoteBook) -> Guess:
    """The guessed roles with a rater or subject column found by structure, noted; the
    rating column named so that differs within subjects (:func:`_rated_within`)."""
    return _rated_within(table, _completed(table, g, book))


def _rated_within(table: Table, g: Guess) -> Guess:
    """A rating column chosen by its name that holds one value for each subject ('Category':
    the category a submission was sent in) gives way to another so named whose values differ
    within subjects ('Recommendation'): ratings of one subject by several raters differ."""
    if g.user.rating or not (g.rating and g.subject) or \
            fold(g.rating) not in RATING_WORDS | MORE_RATING_WORDS:
        return g
    better = rating_by_name(table, {c for c in (g.subject, g.rater, g.item) if c}, g.subject)
    return replace(g, rating=better) if better else g


def _completed(table: Table, g: Guess, book: NoteBook) -> Guess:
    """The guessed roles with a rater or subject column found by structure, noted."""
    if _raters_across(table):
        return g
    if g.subject and g.rater:
        return _find_rating(table, g, book)
    taken = {c for c in (g.subject, g.rater, g.rating, g.item) if c}
    if g.subject and g.user.subject is None and not g.rater and _each_once(table, g.subject):
        found = _completed(table, replace(g, subject=None), book)
        if found.subject and found.rater:         # 'ID' numbers the responses, not subjects
            return found
    if g.subject:
        return _find_rater(table, g, taken, book)
    if g.rater:
        return _find_subject(table, g, taken, book)
    people = [c for c in table.columns if c not in taken and person_like(table, c)]
    # a name before an e-mail; a header that names people ('Interviewer') before names
    # alone ('Candidate Name')
    for rater in sorted(people, key=lambda c: (_mails(table, c), not person_header(c))):
        found = _find_subject(table, replace(g, rater=rater), taken | {rater}, book, note=False)
        if found.subject:
            return _noted(table, found, book, "rater")
    return _crossed_ids(table, g, taken, book)


MAX_ID_COLUMNS = 6
"""The first columns looked at for a pair of crossing ids (exports put their ids first)."""


def _crossed_ids(table: Table, g: Guess, taken: set[str], book: NoteBook) -> Guess:
    """No column named as the subjects or the raters: the first two columns of long ids
    ('1831405079496353683', '4B6125B00235FD68...') that cross, each id of one met once with
    several of the other, are the subjects (the first) and the raters, and the one column of a
    few labels left holds the ratings (a platform's long export: 'noteId',
    'raterParticipantId', 'helpfulnessLevel'); said. The raters may be named by a few words
    of their own instead ('analyst_DE', 'CT-JW' beside accession numbers): a column of such
    labels that crosses the ids so, no id met twice with one label, names the raters."""
    if not book.enabled(RATER_RULE):
        return g
    first = [c for c in table.columns[:MAX_ID_COLUMNS] if c not in taken]
    ids = [c for c in first if _long_ids(table, c)]
    named = [c for c in first if c not in ids and _labels_of_people(table, c)]
    for k, subject in enumerate(ids):
        for rater in ids[k + 1:] + named:
            if crossed(crossing(table, subject, rater, g.item)) and \
                    crossed(crossing(table, rater, subject, g.item)):
                rating = g.rating or lone_rating(table, taken | {subject, rater}, subject)
                if rating is not None:
                    return _noted(table, replace(g, subject=subject, rater=rater, rating=rating),
                                  book, "rater")
    return g


def _labels_of_people(table: Table, column: str) -> bool:
    """A few repeating words, no numbers, times or labels another column shares (a scale's):
    what could name the raters of a long file."""
    values = [v for v in _cells(table, column) if v]
    distinct = sorted(set(values))
    return 2 <= len(distinct) <= MAX_NAMED_RATERS and len(values) >= MIN_ID_ROWS and \
        len(values) >= 0.95 * len(_cells(table, column)) and \
        all(numeric_value(v) is None and not TIME_LIKE.search(v) for v in distinct) and \
        not shares_labels(table, column, distinct)


MAX_NAMED_RATERS = 200
"""Raters named by words of their own, at most, in a long file found by its structure."""


def _long_ids(table: Table, column: str) -> bool:
    """Ids a platform makes, repeating down twenty rows or more: six letters or digits or more
    with a digit, no space ('1831405079496353683', a hash, a UUID; not a placing '2-1-4-3')."""
    values = [v for v in _cells(table, column) if v]
    distinct = set(values)
    return 4 <= len(distinct) < len(values) and len(values) >= MIN_ID_ROWS and \
        all(sum(ch.isalnum() for ch in v) >= 6 and not any(ch.isspace() for ch in v) and
            any(ch.isdigit() for ch in v) for v in list(distinct)[:200])


MIN_ID_ROWS = 20
"""Rows a pair of crossing ids must fill, at least: a few rows cross by accident."""


def _find_rating(table: Table, g: Guess, book: NoteBook) -> Guess:
    """Subject and rater columns named, met in pairs once each: the one other column of a few
    repeating labels holds the ratings."""
    assert g.subject is not None and g.rater is not None
    if g.rating or not book.enabled("header-words"):
        return g
    if not crossed(crossing(table, g.subject, g.rater, g.item)):
        return _rated_things(table, g, book) if g.item is None else g
    rating = lone_rating(table, {c for c in (g.subject, g.rater, g.item) if c}, g.subject)
    if rating is None:
        return g
    # Translators: {subject}, {rater} and {rating} are columns' names.
    book.add("header-words", Wording.of(N_("{subject} names the subjects and {rater} the "
                                           "raters, each pair met once, so {rating}, the one "
                                           "other column of a few repeating labels, holds the "
                                           "ratings (one row per rating)"),
                                        subject=Name(g.subject), rater=Name(g.rater), rating=Name(rating)),
             columns=[rating], action="guessed", settings=("rating_col",))
    return replace(g, rating=rating)


def _rated_things(table: Table, g: Guess, book: NoteBook) -> Guess:
    """Subject and rater named, each pair met on several rows: every rater rated the same
    things of each subject (lesions 1 and 2 of a patient). The column naming those things
    (the same for every rater of a subject, with which each rater meets each thing once) is
    the item, and the one column whose answers differ between the raters of a thing holds
    the ratings; both said. Nothing when either is not one column."""
    assert g.subject is not None and g.rater is not None
    subject, rater = g.subject, g.rater
    things = sorted((c for c in table.columns if c not in (subject, rater) and
                     rating_like(table, c) and crossed(crossing(table, subject, rater, c)) and
                     _same_for_every_rater(table, subject, rater, c)),
                    key=lambda c: len(set(_cells(table, c))))
    if not things:
        return g
    item = things[0]
    keyed = [f"{s}\x00{i}" for s, i in zip(_cells(table, subject), _cells(table, item))]
    found = [c for c in table.columns if c not in (subject, rater, item) and
             rating_like(table, c) and _varies(keyed, _cells(table, c))]
    if len(found) != 1:
        return g
    # Translators: an import note; {subject}, {rater}, {item} and {rating} are columns' names.
    book.add("header-words", Wording.of(N_(
        "{subject} names the subjects and {rater} the raters, each rater meeting each "
        "{item} of a subject once, so {item} is the item and {rating}, the one column whose "
        "answers differ between the raters, holds the ratings (one row per rating)"),
        subject=Name(subject), rater=Name(rater), item=Name(item), rating=Name(found[0])),
        columns=[item, found[0]], action="guessed", settings=("rating_col", "item_col"))
    return replace(g, rating=found[0], item=item)


def _same_for_every_rater(table: Table, subject: str, rater: str, col: str) -> bool:
    """Each rater of nearly every subject met the same values of ``col`` there."""
    frame = pd.DataFrame({"s": _cells(table, subject), "r": _cells(table, rater),
                          "v": _cells(table, col)})
    seen = frame.groupby(["s", "r"])["v"].agg(lambda v: tuple(sorted(v)))
    per_subject = seen.groupby(level=0).nunique()
    return bool(len(per_subject)) and float((per_subject == 1).mean()) >= NEARLY_EVERY


def _varies(keys: list[str], values: list[str]) -> bool:
    """The values differ within some of the groups that ``keys`` make (answers, not a
    property of the thing rated)."""
    frame = pd.DataFrame({"k": keys, "v": values})
    return bool((frame[frame.v != ""].groupby("k")["v"].nunique() > 1).any())


def _raters_across(table: Table) -> bool:
    """Two or more headers name one rater each ('Judge A', 'coder2'): a wide table."""
    return sum(looks_like_rater(c) and fold(c) not in RATER_WORDS | PERSON_WORDS
               for c in table.columns) >= 2


def _find_rater(table: Table, g: Guess, taken: set[str], book: NoteBook) -> Guess:
    assert g.subject is not None
    if not book.enabled(RATER_RULE):
        return g
    people = [c for c in table.columns if c not in taken and person_like(table, c)]
    for col in people:
        if crossed(crossing(table, g.subject, col, g.item)):
            rating = g.rating or lone_rating(table, taken | {col}, g.subject)
            if rating is not None:
                return _noted(table, replace(g, rater=col, rating=rating), book, "rater")
    if g.item is not None or not book.enabled(SUBJECT_RULE):
        return g
    for col in people:
        for item in _item_columns(table, col, taken | {col}):
            if crossed(crossing(table, g.subject, col, item)) and \
                    _every_item(table, g.subject, col, item):
                rating = g.rating if g.rating not in (None, item) else \
                    lone_rating(table, taken - {g.rating} | {col, item}, g.subject)
                if rating is not None:
                    found = replace(g, rater=col, rating=rating, item=item)
                    _item_noted(table, found, book)
                    return _noted(table, found, book, "rater")
    return g


def _find_subject(table: Table, g: Guess, taken: set[str], book: NoteBook,
                  note: bool = True) -> Guess:
    assert g.rater is not None
    if not book.enabled(SUBJECT_RULE):
        return g
    found = _subject_of(table, g, taken, book, note)
    if found.subject or g.item is not None:
        return found
    for item in _item_columns(table, g.rater, taken):
        found = _subject_of(table, replace(g, item=item), taken | {item}, book, note)
        if found.subject and _every_item(table, found.subject, g.rater, item):
            _item_noted(table, found, book)
            return found
    return g


_MAX_ITEMS = 12


def _item_columns(table: Table, rater: str, taken: set[str]) -> list[str]:
    """Columns that could tell apart the ratings a rater gave one subject (a trial, an
    attribute tasted, a criterion): a few repeating values, no times, each value met by
    every rater; fewest values first."""
    out = []
    raters = _cells(table, rater)
    for col in table.columns:
        values = _cells(table, col)
        distinct = set(values) - {""}
        if col in taken or not 2 <= len(distinct) <= _MAX_ITEMS or not all(values) or \
                any(TIME_LIKE.search(v) for v in distinct):
            continue
        met = pd.DataFrame({"r": raters, "i": values}).drop_duplicates()
        if len(met) == len(set(raters)) * len(distinct):
            out.append((len(distinct), table.index(col), col))
    return [c for *_, c in sorted(out)]


_COMPLETE = 0.9


def _every_item(table: Table, subject: str, rater: str, item: str) -> bool:
    """Nearly every rater rated each subject once for every value of ``item`` (each part
    tried twice, each sample scored on every attribute): the rows of a pair are its items."""
    frame = pd.DataFrame({"s": _cells(table, subject), "r": _cells(table, rater),
                          "i": _cells(table, item)})
    per_pair = frame.groupby(["s", "r"])["i"].nunique()
    return bool(len(per_pair)) and \
        float((per_pair == frame.i.nunique()).mean()) >= _COMPLETE


def _item_noted(table: Table, g: Guess, book: NoteBook) -> None:
    assert g.item is not None and g.subject is not None and g.rater is not None
    values = sorted(set(_cells(table, g.item)) - {""})
    # Translators: {subject}, {rater} and {item} are columns' names; {n} how many values
    # {item} holds; {values} some of them, quoted.
    book.add(SUBJECT_RULE, Wording.of(N_("each rater in {rater} rates each subject in {subject} "
                                         "once for each of the {n} values of {item} ({values}), "
                                         "so {item} is read as the item rated: a subject and an "
                                         "item together are rated once"),
                                      rater=Name(g.rater), subject=Name(g.subject),
                                      item=Name(g.item), n=Count(len(values)),
                                      values=Quoted(tuple(values[:4]))),
             columns=[g.item], action="guessed", settings=("item_col",))


def _a_time(value: str) -> bool:
    """The value is a date or a time (a day's ratings cross the raters by accident), not an
    id that holds one beside its number ('CAD 0843 14/03/25': a log number and its day)."""
    return bool(TIME_LIKE.search(value)) and not _BESIDE_TIME.sub("", TIME_LIKE.sub("", value))


_BESIDE_TIME = re.compile(r"[\d\sTtZz:.,/+-]|am|pm|AM|PM")
"""What a date or a time is written with besides its numbers."""


def _subject_of(table: Table, g: Guess, taken: set[str], book: NoteBook,
                note: bool) -> Guess:
    assert g.rater is not None
    options: list[tuple[int, int, bool, int, str]] = []
    for col in table.columns:
        if col in taken or any(_a_time(v) for v in _cells(table, col)[:50] if v):
            continue
        c = crossing(table, col, g.rater, g.item)
        if crossed(c) and c is not None:
            spaced = any(" " in v for v in _cells(table, col)[:200])
            options.append((0, c.ids, not spaced, -table.index(col), col))
    if len(options) > 1:        # a subject's own properties are the same on each of its rows
        others = [c for c in table.columns if c not in taken and c != g.rater]
        options = [(sum(subjects_own(table, c, o[-1]) for c in others if c != o[-1]), *o[1:])
                   for o in options]
    # most properties of their own; most ids; ids without spaces; leftmost
    for *_, col in sorted(options, reverse=True):
        rating = g.rating or lone_rating(table, taken | {col}, col)
        if rating is not None and rating != col:
            found = replace(g, subject=col, rating=rating)
            return _noted(table, found, book, "subject") if note else found
    return g


def _noted(table: Table, g: Guess, book: NoteBook, role: str) -> Guess:
    """Say which column was found by structure for ``role`` ('rater' or 'subject'), and why."""
    assert g.subject is not None and g.rater is not None
    col, other = (g.rater, g.subject) if role == "rater" else (g.subject, g.rater)
    c = crossing(table, col, other, g.item)
    assert c is not None
    said = _FOUND[(role, bool(c.repeats))]
    book.add(RATER_RULE if role == "rater" else SUBJECT_RULE,
             Wording.of(said, column=Name(col), n=c.ids, per=Decimal(c.per_id), others=c.others,
                        other=Name(other), repeats=c.repeats, rating=Name(g.rating)),
             columns=[col], action="guessed", settings=(f"{role}_col",))
    return g


_FOUND = {
    # Translators: {column} is the column found to name the raters; {n} how many different
    # values it holds; {per} how many subjects each rated on average ("4.5"); {others} how
    # many subjects there are, in the column {other}; {rating} the column of ratings.
    ("rater", False): N_("{column} names the raters: its {n} values repeat across subjects "
                         "(each with {per:.1f} of the {others} subjects in {other} on average), "
                         "and no subject is rated twice by the same one; so the file is long (one "
                         "row per rating) with the ratings in {rating}"),
    # Translators: as above; {repeats} is a number of rows (a few).
    ("rater", True): N_("{column} names the raters: its {n} values repeat across subjects "
                        "(each with {per:.1f} of the {others} subjects in {other} on average), "
                        "and only {repeats} of its rows repeat a subject it already rated; so the "
                        "file is long (one row per rating) with the ratings in {rating}"),
    # Translators: {column} is the column found to name the subjects; {n} how many different
    # values it holds; {other} the column of raters; {per} how many ratings each has on average
    # ("2.5"); {rating} the column of ratings.
    ("subject", False): N_("{column} names the subjects: its {n} values repeat across the "
                           "raters in {other} ({per:.1f} ratings each on average), and no "
                           "rater rates one of them twice; so the file is long (one row per "
                           "rating) with the ratings in {rating}"),
    # Translators: as above; {repeats} is a number of rows (a few).
    ("subject", True): N_("{column} names the subjects: its {n} values repeat across the "
                          "raters in {other} ({per:.1f} ratings each on average), and only "
                          "{repeats} of its rows repeat a rater already met; so the file is long "
                          "(one row per rating) with the ratings in {rating}"),
}
"""The note of a column found by structure, by its role and whether some of its rows repeat."""


def long_alternative(table: Table, subject: str | None, raters: tuple[str, ...]) -> Wording | None:
    """Why a wide reading is in doubt: its subject ids repeat, or nearly every row holds one
    rating, so rows may be ratings."""
    if len(raters) >= 2 and len(table.body) >= 4:
        filled = (table.text[:, [table.index(c) for c in raters]] != "").sum(axis=1)
        if (filled == 1).mean() >= 0.9:
            # Translators: a doubt about a layout (after "but").
            return Wording.of(N_("nearly every row holds a single rating, so the file may be "
                                 "long (one row per rating): if so, choose the long layout and "
                                 "name the subject, rater and rating columns"))
    if subject is None:
        return None
    values = [v for v in _cells(table, subject) if v]
    distinct = len(set(values))
    if not values or distinct > 0.8 * len(values):
        return None
    # Translators: a doubt about a layout (after "but"); {column} is a column's name; {rows}
    # and {n} numbers of rows and of subjects.
    return Wording.of(N_("the subject ids in {column} repeat ({rows} rows for {n} subjects), "
                         "so the file may be long (one row per rating): if so, choose the long "
                         "layout and name the rater and rating columns"),
                      column=Name(subject), rows=len(values), n=distinct)
