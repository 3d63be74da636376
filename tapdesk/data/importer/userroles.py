"""The roles the user gave columns (``ImportOptions.column_roles``), and attribute columns.

A role the user chose always wins: "subject", "rating" and "item" name those columns (as
``subject_col`` ... do; the two settings must agree), "rater" makes a column a rater column
(or, in a file with one row per rating, the rater id column) whatever a rule would say,
"leave out" removes it before any rule looks at it, and "reference", "subject attribute"
and "rater attribute" set it aside: read beside the ratings, keyed by subject or rater id,
never as ratings.

In a file with one row per rating, a column no role uses that holds one value per subject
(or per rater) is guessed to be a subject (rater) attribute, and said so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import pandas as pd

from tapdesk.data.importer.convert import column_ids
from tapdesk.data.importer.layouts import Detection, detect
from tapdesk.data.importer.model import COLUMN_ROLES, ImportOptions
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import Hints, Roles, resolve_column
from tapdesk.data.importer.table import Table
from tapdesk.data.role_words import ROLE_WORDS, RoleWords
from tapdesk.data.wording import Columns, Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

SET_ASIDE = ("reference", "subject attribute", "rater attribute")
"""Roles whose columns are read beside the ratings, never as ratings."""
_ONE_COLUMN = ("subject", "rating", "item")
_SETTING = "column_roles"


@dataclass(frozen=True)
class Choice:
    """What the user chose for the columns, read against the file's columns."""

    roles: Roles
    raters: tuple[str, ...] = ()
    chosen: Mapping[str, str] = field(default_factory=dict)
    aside: pd.DataFrame | None = None        # set-aside columns' cells, indexed by file row

    @property
    def named(self) -> set[str]:
        """Columns no rule may leave out."""
        r = self.roles
        return {c for c in (r.subject, r.rater, r.rating, r.item) if c} | set(self.raters)


@dataclass(frozen=True)
class Aside:
    """Reference and attribute columns, each {column: {id: value}}, and every column's role
    that the layout does not say (``column_roles``)."""

    references: dict[str, dict[str, str]] = field(default_factory=dict)
    subject_attributes: dict[str, dict[str, str]] = field(default_factory=dict)
    rater_attributes: dict[str, dict[str, str]] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)


def choose_columns(table: Table, options: ImportOptions, book: NoteBook) -> tuple[Table, Choice]:
    """The table without the columns the user left out or set aside, and the user's choice."""
    chosen = _read_pairs(table, options.column_roles)
    guessed = {c: r for c, r in _read_pairs(table, options.guessed_roles).items()
               if c not in chosen}         # the reading audit's roles: the user's win
    chosen = {**chosen, **guessed}
    roles = _merged_roles(table, options, chosen)
    raters = tuple(c for c, r in chosen.items() if r == "rater")
    out = [c for c, r in chosen.items() if r == "leave out"]
    aside = [c for c, r in chosen.items() if r in SET_ASIDE]
    cells = pd.DataFrame({c: table.texts(c) for c in aside}, index=table.rows) if aside else None
    _note_chosen(book, [c for c in out if c not in guessed],
                 [(c, chosen[c]) for c in aside if c not in guessed])
    if out or aside:
        table = table.drop_columns(out + aside)
    return table, Choice(roles, raters, chosen, cells)


def _note_chosen(book: NoteBook, out: list[str], aside: list[tuple[str, str]]) -> None:
    """The notes of the columns the user left out or set aside (the audit words its own)."""
    if out:
        # Translators: an import note; {columns} names the columns ("column 'x'", "columns 'a', 'b'").
        book.add("user-roles", Wording.ngettext("{columns} was left out as you chose",
                                                "{columns} were left out as you chose", len(out),
                                                columns=Columns(tuple(out))),
                 columns=out, action="left out")
    for col, role in aside:
        # Translators: an import note; {column} is a column's name, {role} a role in words
        # ("the reference answer (a consensus or gold standard)").
        book.add("user-roles", Wording.of(N_("column {column} is read as {role} as you chose: "
                                             "kept beside the ratings, never counted as ratings"),
                                          column=Name(col), role=_role_words(role)),
                 columns=[col], action="kept")


def _role_words(role: str) -> Wording | str:
    """A set-aside role in words (:data:`tapdesk.data.role_words.ROLE_WORDS`' ``aside``)."""
    words = ROLE_WORDS.get(role, RoleWords()).aside
    return Wording.of(words) if words else role


def _read_pairs(table: Table, pairs) -> dict[str, str]:
    """{column: role} with every column and role checked."""
    chosen: dict[str, str] = {}
    for name, role in pairs:
        want = " ".join(str(role).split()).lower()
        if want not in COLUMN_ROLES:
            # Translators: {role} is what the user typed, {column} a column's name, {roles} the
            # roles as the --column-role option takes them (not translated).
            raise DataError(Wording.of(N_("the column role {role} (for column {column}) is not "
                                          "one of {roles}"), role=Name(role), column=Name(name),
                                       roles=", ".join(COLUMN_ROLES)),
                            file=table.file, settings=(_SETTING,))
        try:
            col = resolve_column(table, str(name), _SETTING)
        except DataError:
            # Translators: {column} is a column's name, {columns} the file's columns, quoted.
            raise DataError(Wording.of(N_("a role was given to column {column}, but there is no "
                                          "such column; the columns are {columns}"), column=Name(name),
                                       columns=", ".join(repr(c) for c in table.columns)),
                            file=table.file, settings=(_SETTING,)) from None
        if col in chosen and chosen[col] != want:
            # Translators: {column} is a column's name; {first} and {second} roles as the
            # --column-role option takes them.
            raise DataError(Wording.of(N_("column {column} was given two roles, {first} and "
                                          "{second}; give it one"), column=Name(col),
                                       first=Name(chosen[col]), second=Name(want)),
                            file=table.file, settings=(_SETTING,))
        chosen[str(col)] = want
    return chosen


def _merged_roles(table: Table, options: ImportOptions, chosen: Mapping[str, str]) -> Roles:
    """The options' subject, rater, rating and item columns, with the one-column roles."""
    given = {"subject": options.subject_col, "rater": options.rater_col,
             "rating": options.rating_col, "item": options.item_col}
    named = {k: resolve_column(table, v, f"{k}_col") for k, v in given.items()}
    for role in _ONE_COLUMN:
        cols = [c for c, r in chosen.items() if r == role]
        if len(cols) > 1:
            # Translators: {name} is a role as the --column-role option takes it, in quotes
            # ("'subject'"), {role} the same role bare ("subject"); {columns} names the columns.
            raise DataError(Wording.of(N_("the role {name} was given to {columns}; only one "
                                          "column can hold the {role} ids"), name=Name(role),
                                       role=role, columns=Columns(tuple(cols)))
                            if role != "rating" else
                            # Translators: {columns} is "columns 'A' and 'B'".
                            Wording.of(N_("the role 'rating' was given to {columns}; in a file of "
                                          "one row per rating one column holds the ratings (in a "
                                          "file with raters in columns, give each the role "
                                          "'rater')"), columns=Columns(tuple(cols))),
                            file=table.file, settings=(_SETTING,))
        if cols and named[role] not in (None, cols[0]):
            # Translators: {role} is a role as the options name it ("subject"); {first} and
            # {second} are columns' names; {role}_col is an option's name (not translated).
            raise DataError(Wording.of(N_("the {role} column is set twice: {first} ({role}_col) "
                                          "and {second} (column role); keep one"), role=role,
                                       first=Name(named[role]), second=Name(cols[0])),
                            file=table.file, settings=(_SETTING, f"{role}_col"))
        if cols:
            named[role] = cols[0]
    for col, role in chosen.items():
        if role != "rater" and col in named.values() and named.get(role) != col:
            setting = next(k for k, v in named.items() if v == col)
            # Translators: {column} is a column's name, {role} and {setting} as the options name
            # them ("rater", "subject"); {setting}_col is an option's name (not translated).
            raise DataError(Wording.of(N_("column {column} was given the role {role} but is "
                                          "also the {setting} column ({setting}_col); keep one"),
                                       column=Name(col), role=Name(role), setting=setting),
                            file=table.file, settings=(_SETTING, f"{setting}_col"))
    return Roles(options.layout, named["subject"], named["rater"], named["rating"], named["item"])


def detect_chosen(table: Table, roles: Roles, hints: Hints, book: NoteBook,
                  choice: Choice) -> Detection:
    """The layout; one column the user made a rater is the rater id column of a file with one
    row per rating, and one rater column among others in any other layout."""
    if roles.rater is None and len(choice.raters) == 1 and roles.layout in (None, "long"):
        long = roles.layout == "long" or roles.rating is not None or \
            detect(table, roles, hints, NoteBook(book.disabled)).layout == "long"
        if long:
            roles = replace(roles, rater=choice.raters[0])
    return detect(table, roles, hints, book)


def set_aside(choice: Choice, table: Table, det: Detection, book: NoteBook) -> Aside:
    """The set-aside columns keyed by subject or rater id; attributes guessed in long files."""
    aside = Aside(roles={c: r for c, r in choice.chosen.items() if r in SET_ASIDE + ("leave out",)})
    if choice.aside is not None:
        for col in choice.aside.columns:
            role = choice.chosen[col]
            values = choice.aside[col].reindex(table.rows).fillna("").tolist()
            _store(aside, role, col, _per_id(table, det, role, col, values))
    if det.layout == "long" and book.enabled("attributes"):
        _guess(aside, table, det, book)
    return aside


def _store(aside: Aside, role: str, col: str, values: dict[str, str]) -> None:
    target = {"reference": aside.references, "subject attribute": aside.subject_attributes,
              "rater attribute": aside.rater_attributes}[role]
    target[col] = values
    aside.roles[col] = role


def _key_column(table: Table, det: Detection, role: str, col: str) -> str | None:
    """The id column the set-aside column is keyed by (None: subjects numbered by row)."""
    if role == "rater attribute":
        if det.layout in ("long", "wide-rows") and det.rater:
            return det.rater
        # Translators: {column} is a column's name.
        raise DataError(Wording.of(N_("column {column} was chosen as a rater attribute, but the "
                                      "file has no rater id column to give each rater one value (a "
                                      "rater attribute needs one row per rating or per rater); "
                                      "choose another role"), column=Name(col)),
                        file=table.file, column=col, settings=(_SETTING,))
    if det.layout in ("wide-rows", "contingency"):
        # Translators: {column} is a column's name, {role} a role in words.
        raise DataError(Wording.of(N_("column {column} was chosen as {role}, but the subjects of "
                                      "this file are its columns, so a column cannot hold one "
                                      "value per subject; choose another role"), column=Name(col),
                                   role=_role_words(role)),
                        file=table.file, column=col, settings=(_SETTING,))
    return det.subject


def _ids(table: Table, key: str | None) -> list[str]:
    if key is None:
        return [str(i + 1) for i in range(len(table.body))]
    enc = column_ids(table, key)
    return [enc.labels[c] if c >= 0 else "" for c in enc.codes]


def _per_id(table: Table, det: Detection, role: str, col: str, values: list[str]) -> dict[str, str]:
    """{id: value}; DataError naming an id whose rows hold different values."""
    key = _key_column(table, det, role, col)
    frame = pd.DataFrame({"id": _ids(table, key), "value": values})
    frame = frame[(frame["id"] != "") & (frame["value"] != "")]
    spread = frame.groupby("id", sort=False)["value"].nunique()
    if (spread > 1).any():
        who = spread.index[spread > 1][0]
        seen = sorted(set(frame.loc[frame["id"] == who, "value"]))[:3]
        # Translators: {column} is a column's name, {role} a role in words, {id} a rater's
        # (or subject's) id, {values} the values found.
        template = N_("column {column} was chosen as {role}, but it holds different values for "
                      "rater {id} ({values}); it must hold one value per rater, so choose "
                      "another role") if role == "rater attribute" else (
            # Translators: as above, for a subject attribute ({id} a subject's id).
            N_("column {column} was chosen as {role}, but it holds different values for subject "
               "{id} ({values}); it must hold one value per subject, so choose another role"))
        raise DataError(Wording.of(template, column=Name(col), role=_role_words(role), id=Name(who),
                                   values=", ".join(seen)),
                        file=table.file, column=col, settings=(_SETTING,))
    return dict(zip(frame["id"], frame["value"]))


def _guess(aside: Aside, table: Table, det: Detection, book: NoteBook) -> None:
    """Columns no role uses that hold one value per subject, or per rater: attributes."""
    used = {det.subject, det.rater, det.rating, det.item}
    unused = [c for c in table.columns if c not in used]
    if not unused:                 # a long file of three columns: no ids to read (millions of rows)
        return
    keys = {"subject attribute": det.subject, "rater attribute": det.rater}
    ids = {role: _ids(table, key) for role, key in keys.items() if key}
    for col in unused:
        values = table.texts(col)
        role = next((r for r, i in ids.items() if _one_per_id(i, values)), None)
        if role is None:
            continue
        _store(aside, role, col, _per_id(table, det, role, col, values))
        # Translators: an import note; {column} is a column's name, {n} a number of values,
        # {role} a role in words.
        template = N_("column {column} holds one value per subject ({n} different values), so it "
                      "was read as {role}, not as ratings; if it is something else, choose its "
                      "role") if role == "subject attribute" else (
            # Translators: as above, for a column with one value per rater.
            N_("column {column} holds one value per rater ({n} different values), so it was "
               "read as {role}, not as ratings; if it is something else, choose its role"))
        book.add("attributes", Wording.of(template, column=Name(col), n=len(set(values) - {""}),
                                          role=_role_words(role)),
                 columns=[col], action="guessed", settings=(_SETTING,))


def _one_per_id(ids: list[str], values: list[str]) -> bool:
    """Constant within each id, different across ids, and some id has two rows to show it."""
    frame = pd.DataFrame({"id": ids, "value": values})
    frame = frame[(frame["id"] != "") & (frame["value"] != "")]
    if frame.empty or frame["value"].nunique() < 2 or not frame["id"].duplicated().any():
        return False
    return bool((frame.groupby("id", sort=False)["value"].nunique() <= 1).all())
