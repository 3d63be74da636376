"""The importer's public records: what the user asked for, and what was read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.data.wording import Listed, Name, Wording, text_of
from tapdesk.errors import DataError
from tapdesk.i18n import N_

COLUMN_ROLES = ("subject", "rater", "rating", "item", "leave out", "reference",
                "subject attribute", "rater attribute")
"""The roles a user can give a column (``ImportOptions.column_roles``, ``--column-role COL=ROLE``,
the import preview). "reference" is a reference answer (consensus, gold standard, adjudicated):
kept beside the ratings for a validity check, never counted as a rater; an attribute is a
property of each subject (site, year) or of each rater (age, experience)."""


@dataclass(frozen=True)
class ImportOptions:
    """User overrides for reading a file; None means "detect".

    Parameters
    ----------
    layout
        One of ``LAYOUTS``; None detects it.
    subject_col, rater_col, rating_col, item_col
        Column names (or 1-based numbers) for those roles.
    item
        The item/question to analyse when the data have an item column.
    sheet
        Spreadsheet sheet name or 1-based number.
    ordinal
        True/False declares the scale ordinal/nominal; None: numeric labels are ordinal.
    missing
        Extra cell texts that mark a missing rating (besides blank, NA, N/A, ., -, -99).
    categories
        Declared categories in scale order (kept even when unused).
    trim, fold_case
        Remove spaces around labels (default yes); merge labels differing in case.
    header
        Whether the first row names the columns; None detects it.
    encoding, delimiter, decimal
        Force text-file settings instead of sniffing them.
    max_categories
        More distinct numeric ratings than this are refused as continuous.
    default_missing
        False: only blank cells (and ``missing``) are missing, not NA, -99 etc.
    max_megabytes, time_limit
        Larger files are refused at once; an import taking longer stops with a
        message (both say how to raise the limit).
    rules_off
        Importer rules switched off by their code (e.g. "footer-rows"): the rows
        or columns they would leave out are read as data.
    column_roles
        (column, role) pairs the user chose, role one of ``COLUMN_ROLES``; a column
        named here keeps that role whatever the rules would guess.
    drop_flagged
        Leave out the subjects that a column of exclusion flags ('excluded', 'drop',
        'invalid' with a true value) marks; by default they are kept and a warning names them.
    guessed_roles, rows_out, split_extras, blank_as, blank_columns
        What the reading audit (:mod:`~tapdesk.data.importer.audit`) decided when it read the
        file again: (column, role) pairs as ``column_roles`` takes them (a role the user gave
        a column wins), file rows (1-based, as a spreadsheet numbers them) that are not
        subjects, whether a cell such as 'B (70%)' is read as its rating 'B', the category a
        blank rating cell of ``blank_columns`` (none named: of every rater column) is read as
        (a tick list's unticked box; None: missing). The audit's
        own import notes say why; clients never set them.
    labels
        Value labels as (code, label) pairs (``--labels "4=gold"``); they are
        added to those the file carries.
    """

    layout: str | None = None
    subject_col: str | None = None
    rater_col: str | None = None
    rating_col: str | None = None
    item_col: str | None = None
    item: str | None = None
    sheet: str | None = None
    ordinal: bool | None = None
    missing: tuple[str, ...] = ()
    categories: tuple[str, ...] | None = None
    trim: bool = True
    fold_case: bool = False
    header: bool | None = None
    encoding: str | None = None
    delimiter: str | None = None
    decimal: str | None = None
    max_categories: int = 20
    default_missing: bool = True
    labels: tuple[tuple[str, str], ...] = ()
    max_megabytes: float = 500.0
    time_limit: float = 120.0
    rules_off: tuple[str, ...] = ()
    column_roles: tuple[tuple[str, str], ...] = ()
    drop_flagged: bool = False
    guessed_roles: tuple[tuple[str, str], ...] = ()
    rows_out: tuple[int, ...] = ()
    split_extras: bool = False
    blank_as: str | None = None
    blank_columns: tuple[str, ...] = ()
    same_as: tuple[tuple[str, str], ...] = ()
    """(label, label) pairs: the first read as the second, one answer written two ways ('ja'
    as 'yes'; ``--same-as ja=yes``). The audit sets it for a tick list's marks; the user by
    the preview's "Read as one scale" and the command line."""
    read_in: tuple[tuple[str, str, str], ...] = ()
    """(column, label, label): in that column alone, the first read as the second (a rater
    writing the scale's numbers, '3', where the others write 'Level 3 - Targeted', beside a
    column of days that also holds 3; a rater abbreviating 'Normal' as 'N' beside an outcome
    written 'N' / 'Y'). Only the reading audit sets it, and it finds it again
    on every reading, so no setting or flag carries it."""


@dataclass(frozen=True)
class ImportNote:
    """One thing the importer did to the file, in words a user can check.

    Parameters
    ----------
    rule
        Stable code of the rule that acted: "row-names", "footer-rows",
        "calculated-columns", "repeated-header", "metadata-columns", "title-lines",
        "extra-header-rows", "ragged-rows", "header-words", "missing-code-suspect", ...
    wording
        One plain sentence naming the rows (as the spreadsheet numbers them) or columns: a
        :class:`~tapdesk.data.wording.Wording`, written in the language of the moment it is
        read (:attr:`message`), or a text.
    rows
        1-based row numbers in the file (the header is usually row 1).
    columns
        Column names as the file writes them.
    action
        "left out", "kept", "guessed" or "warning".
    suggested_missing
        For a suspect missing-value code: the code to declare missing.
    switchable
        The rule can be switched off for this file (``ImportOptions.rules_off``); each
        client says how (the CLI's ``--no-rule``, the preview's check box).
    settings
        Import options (``ImportOptions`` field names) that change what the note is
        about, e.g. ``("sheet",)``; each client names its own way to change them.
    """

    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"message": "wording"}
    """A project saved before issue 54 keeps the note's text under ``message``."""

    rule: str
    wording: str | Wording
    rows: tuple[int, ...] = ()
    columns: tuple[str, ...] = ()
    action: str = "left out"
    suggested_missing: str | None = None
    switchable: bool = False
    settings: tuple[str, ...] = ()
    suggested_same: tuple[tuple[str, str], ...] = ()
    """(label, label) pairs the note offers to read as one ('ja' as 'yes'): the way to
    ``ImportOptions.same_as`` (the preview's button, the command line's ``--same-as``)."""

    @property
    def message(self) -> str:
        """The note's sentence in the current language."""
        return text_of(self.wording)


@dataclass(frozen=True)
class Dataset:
    """A ratings table plus how it was read.

    ``table`` is the table to analyse: the chosen item's when the data have
    items (``items``), else the whole data. ``item_tables`` holds every
    item's table so a client can switch items without reading the file again.
    ``import_notes`` says what the importer left out, kept or guessed, and why
    (``notes`` and ``warnings`` hold the same sentences as plain text);
    ``column_roles`` gives every column of the file its role ("subject",
    "rater", ...) or the rule that left it out. ``shared_scale`` is the scale every item
    shares (each item's table lists only the categories that item uses, in its order).

    ``references`` holds each reference-answer column (a consensus, gold standard or
    adjudicated answer: not a rater) as {column: {subject id: answer}}; ``subject_attributes``
    and ``rater_attributes`` hold attribute columns the same way, keyed by subject or rater id.
    """

    table: RatingsTable
    layout: str
    confidence: float
    reason: str
    mapping: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    provenance: Provenance = field(default_factory=Provenance)
    item: str | None = None
    item_tables: Mapping[str, RatingsTable] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    source_path: str | None = None
    import_notes: tuple[ImportNote, ...] = ()
    column_roles: tuple[tuple[str, str], ...] = ()
    shared_scale: Scale | None = None
    references: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    subject_attributes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    rater_attributes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def for_item(self, name: str) -> RatingsTable:
        """The table of one item; DataError listing the items when ``name`` is not one."""
        if not self.items:
            raise DataError(Wording.of(N_("the data have no item/question column, so there is no "
                                          "item to choose")))
        return self.item_tables[match_item(self.items, name, self.provenance.file_name)]


def match_item(items: tuple[str, ...], name: str, file: str | None = None) -> str:
    """The item named ``name`` (exact, then case-insensitive)."""
    if name in items:
        return name
    for it in items:
        if it.strip().lower() == str(name).strip().lower():
            return it
    # Translators: {item} is the item asked for; {items} the items' names, listed.
    raise DataError(Wording.of(N_("there is no item {item}; the items are {items}"), item=Name(name),
                               items=Listed(items)), file=file)
