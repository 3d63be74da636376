"""The import pipeline: bytes -> grid -> tidy grid -> named table -> row and column rules ->
layout -> RatingsTables -> Dataset.

Every rule that leaves something out, keeps a look-alike or guesses says so in an
ImportNote (``Dataset.import_notes``); the same sentences fill ``notes`` and ``warnings``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

import numpy as np

from tapdesk.data.attributes import Attributes
from tapdesk.data.import_words import PASTED
from tapdesk.data.importer import longread
from tapdesk.data.importer.audit.names import one_name_per_rater
from tapdesk.data.importer.audit.reading import Reading, pooled_items
from tapdesk.data.importer.audit.run import audit_reading, audited
from tapdesk.data.importer.audit.said import guesses_of
from tapdesk.data.importer.audit.sheets import sheet_of_ratings
from tapdesk.data.importer.bookkeeping import apply_bookkeeping
from tapdesk.data.importer.budget import (
    Budget,
    current,
    one_import,
    read_regular_file,
    read_stream,
)
from tapdesk.data.importer.choices import note_hidden, note_item_scales, note_scale_order, note_too_few
from tapdesk.data.importer.colrules import apply_column_rules
from tapdesk.data.importer.composite import long_pair_subject, pair_subject
from tapdesk.data.importer.convert import ScaleOptions, convert
from tapdesk.data.importer.decided import Decided
from tapdesk.data.importer.export import recognise_export
from tapdesk.data.importer.factorial import (
    ITEM,
    MELTED,
    MELTED_QUESTION,
    RATER,
    RATING,
    find_split,
    melt_item_columns,
    melt_rater_items,
    melted_columns,
    one_column_per_group,
)
from tapdesk.data.importer.filekind import content_kind, refuse_other
from tapdesk.data.importer.formats import recognise_format
from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.gridrules import GROUP_JOIN, tidy
from tapdesk.data.importer.idratings import refuse_id_ratings
from tapdesk.data.importer.labelchecks import label_notes
from tapdesk.data.importer.layouts import chosen_reason, reason_of
from tapdesk.data.importer.margins import labelled_margins, merged_margin
from tapdesk.data.importer.model import Dataset, ImportOptions, match_item
from tapdesk.data.importer.nonrating import refuse_non_ratings
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.offscale import adapt_off_scale
from tapdesk.data.importer.raterfile import with_rater_sheet, workbook_sheets
from tapdesk.data.importer.refcols import apply_reference_rule
from tapdesk.data.importer.refusal import Found, refused, roles_found
from tapdesk.data.importer.roles import Roles, user_roles
from tapdesk.data.importer.rowrules import apply_row_rules
from tapdesk.data.importer.scalerule import apply_scale_rule
from tapdesk.data.importer.scores import RULE as SCORES
from tapdesk.data.importer.scores import note_scores
from tapdesk.data.importer.sniff import delimiter_words
from tapdesk.data.importer.sources import FileFacts, read_bytes
from tapdesk.data.importer.summary import repeated_pairs
from tapdesk.data.importer.table import Table, name_columns
from tapdesk.data.importer.textgrid import read_text_bytes
from tapdesk.data.importer.userroles import Choice, choose_columns, detect_chosen, set_aside
from tapdesk.data.importer.valuechecks import (
    adapt_missing_words,
    adapt_plus_minus,
    adapt_units,
    check_rating_column,
    value_notes,
)
from tapdesk.data.importer.values import ValueRules
from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.wording import Count, Decimal, Name, Quoted, Share, Wording, shown
from tapdesk.errors import DataError
from tapdesk.i18n import N_

STANDARD_INPUT = "standard input"
"""The name messages and provenance give data read from standard input (``tapdesk fit -``)."""
_LOW_CONFIDENCE = 0.7


def limits(options: ImportOptions, file: str) -> Budget:
    """The byte and time limits of one import, from its options."""
    return Budget(int(options.max_megabytes * 1e6), float(options.time_limit), file)


def budget_for(options: ImportOptions, file: str) -> Budget:
    """:func:`limits`, made the budget the stages of this import check (until it ends)."""
    return current(limits(options, file))


@one_import
def import_path(path: str | Path, options: ImportOptions) -> Dataset:
    """Read a file from disk (never writes anything); messages name ``path`` as given."""
    given = str(path)
    budget = budget_for(options, given)
    data = read_regular_file(Path(path), budget)
    facts = FileFacts.of(Path(path).name, data)
    suffix = Path(path).suffix.lower()
    columns = longread.read_long(data, facts, given, options, budget, decide, suffix)
    if columns is not None:
        del data                         # the ratings are read: the bytes are not needed
        # the principles act on rows and columns of a table read whole: a change they ask
        # for is read by the general pipeline
        return audited(lambda chosen: long_dataset(columns, facts, given, chosen, budget)
                       if chosen == options else _read_sheet_or_text(
                           read_regular_file(Path(path), budget), facts, given, chosen, budget,
                           suffix, given), options)
    return _read_data(data, facts, given, options, budget, suffix, source_path=given)


def _read_data(data: bytes, facts: FileFacts, given: str, options: ImportOptions,
               budget: Budget, suffix: str = "", source_path: str | None = None) -> Dataset:
    """The Dataset of a file's bytes read by the general pipeline (a file or a stream),
    audited; a workbook is read from the sheet that holds ratings (``audit.sheets``)."""
    dataset = audited(lambda chosen: _read_sheet_or_text(
        data, facts, given, chosen, budget_for(chosen, given), suffix, source_path), options)
    if options.sheet is None and dataset.provenance.sheet and content_kind(data) == "sheet":
        dataset = sheet_of_ratings(
            dataset, dataset.provenance.sheet, workbook_sheets(data),
            lambda name: _read_data(data, facts, given, replace(
                options, sheet=name, guessed_roles=(), rows_out=()), budget, suffix, source_path))
    return dataset


def _read_sheet_or_text(data: bytes, facts: FileFacts, given: str, options: ImportOptions,
                        budget: Budget, suffix: str = "", source_path: str | None = None) -> Dataset:
    """One reading of a file's bytes: a workbook whose sheet read first is refused is read
    from its first other sheet that reads, and a sheet naming its raters gives their
    attributes."""
    book = NoteBook(options.rules_off)
    grid, facts = read_bytes(data, facts, given, book, budget, suffix=suffix,
                             sheet=options.sheet, encoding=options.encoding,
                             delimiter=options.delimiter, decimal=options.decimal)
    try:
        dataset = finish(grid, facts, options, book, budget, source_path=source_path)
    except DataError as refused:
        if grid.kind != "sheet" or options.sheet is not None:
            raise
        dataset, grid = _another_sheet(data, facts, given, options, budget, grid, refused,
                                       source_path)
    return _rater_sheet(dataset, grid, data, given)


def _another_sheet(data: bytes, facts: FileFacts, given: str, options: ImportOptions,
                   budget: Budget, grid: RawGrid, refused: DataError,
                   source_path: str | None) -> tuple[Dataset, RawGrid]:
    """The first other sheet of the workbook that reads, when the sheet chosen first was
    refused (a summary before the ratings); the note says which sheet was read and why. The
    first refusal stands when no sheet reads."""
    why = refused.wording
    for name in workbook_sheets(data):
        if name == grid.sheet:
            continue
        book = NoteBook(options.rules_off)
        try:
            other, _ = read_bytes(data, facts, given, book, budget, sheet=name)
            # Translators: {sheet} and {other} are sheets' names; {why} why {other} holds no
            # ratings (a sentence).
            book.add("sheet", Wording.of(N_("sheet {sheet} was read: sheet {other} holds no "
                                            "ratings to read ({why})"), sheet=Name(name),
                                         other=Name(grid.sheet), why=why),
                     action="warning", settings=("sheet",))
            return finish(other, facts, options, book, budget, source_path=source_path), other
        except DataError:
            continue
    raise refused


@one_import
def import_stream(stream: BinaryIO, options: ImportOptions,
                  name: str = STANDARD_INPUT) -> Dataset:
    """Read a whole stream (standard input) as a file: any format a file may be in; messages
    and provenance name it ``name``."""
    budget = budget_for(options, name)
    data = read_stream(stream, budget)
    return _read_data(data, FileFacts.of(name, data), name, options, budget)


def _rater_sheet(dataset: Dataset, grid: RawGrid, source: bytes | Path, file: str) -> Dataset:
    """A workbook's sheet named for raters (Raters, Judges ...) read as their attributes."""
    if grid.kind != "sheet":
        return dataset
    return with_rater_sheet(dataset, source, workbook_sheets(source), file)


@one_import
def import_text(text: str, options: ImportOptions, name: str = PASTED) -> Dataset:
    """Read pasted text (e.g. cells copied from a spreadsheet: tab-separated)."""
    return audited(lambda chosen: _import_text(text, chosen, name), options)


@one_import
def import_grid(grid: Callable[[], RawGrid], data: bytes, options: ImportOptions,
                name: str) -> Dataset:
    """Read cells another program holds (a pandas DataFrame's columns): ``grid`` makes them,
    ``data`` is what the provenance's checksum is taken of."""
    def read(chosen: ImportOptions) -> Dataset:
        book = NoteBook(chosen.rules_off)
        return finish(grid(), FileFacts.of(name, data), chosen, book, budget_for(chosen, name))
    return audited(read, options)


def _import_text(text: str, options: ImportOptions, name: str) -> Dataset:
    if not isinstance(text, str):
        raise DataError(Wording.of(N_("pasted data must be text")), file=name)
    data = text.encode("utf-8", errors="replace")
    budget = budget_for(options, name)
    if len(data) > budget.max_bytes:
        # Translators: {limit} is a number of megabytes.
        raise DataError(Wording.of(N_("the pasted text is over the import limit of {limit:,.0f} "
                                      "MB; save it in a file, or raise the limit"),
                                   limit=Decimal(budget.max_bytes / 1e6)), file=name)
    refuse_other(content_kind(data), name)
    book = NoteBook(options.rules_off)
    grid = read_text_bytes(data, name, book, budget, delimiter=options.delimiter,
                           decimal=options.decimal)
    return finish(grid, FileFacts.of(name, data), options, book, budget)


def finish(grid: RawGrid, facts: FileFacts, options: ImportOptions, book: NoteBook,
           budget: Budget, source_path: str | None = None) -> Dataset:
    """Grid to Dataset: the table, its rows and columns sorted out, the layout, the tables."""
    decided = decide(grid, options, book, budget)
    return conclude(decided, decided.table, grid, facts, options, book, budget, source_path)


def long_dataset(read: longread.LongRead, facts: FileFacts, file: str, options: ImportOptions,
                 budget: Budget) -> Dataset:
    """The Dataset of a long file read column by column: the general pipeline's last steps on
    the whole file's table, as the rules decided on its sample."""
    return conclude(read.decided, longread.whole_table(read), read.grid, facts, options,
                    read.book, budget, file)


def decide(grid: RawGrid, options: ImportOptions, book: NoteBook, budget: Budget) -> Decided:
    """The header, rows, columns, layout and value rules of a grid (notes into ``book``)."""
    table = _named_table(grid, options, book, budget)
    if options.read_in:
        table = table.read_as(options.read_in)
    file_columns = tuple(table.columns)
    try:                  # a table was found: a refusal from here on says what it found
        refuse_non_ratings(table)
        table = apply_row_rules(table, book)
        if options.rows_out:          # the audit's rows that are no subjects (it says why)
            table = table.keep_rows(~np.isin(table.rows, options.rows_out))
        note_hidden(table, book)
        whole = table
        table, choice = choose_columns(table, options, book)
        table, det, rules, scale = _mapping(table, options, book, budget, choice)
    except DataError as exc:
        raise refused(exc, _found(file_columns, grid, book, _chosen_roles(options))) from exc
    return Decided(table, file_columns, choice, det, rules, scale, whole)


def _chosen_roles(options: ImportOptions) -> dict[str, str]:
    """The roles the user gave columns by name (column settings, then column roles)."""
    named = {options.subject_col: "subject", options.rater_col: "rater",
             options.rating_col: "rating", options.item_col: "item"}
    return {**{c: r for c, r in named.items() if c}, **dict(options.column_roles)}


def _found(columns: tuple[str, ...], grid: RawGrid, book: NoteBook, chosen: dict[str, str],
           det=None) -> Found:
    """What a refused reading had found: the columns with their roles so far, the layout tried."""
    if det is None:
        left = {c: f"left out ({n.rule})" for n in book.items if n.action == "left out"
                for c in n.columns}
        return Found(columns, roles_found(columns, {**left, **chosen}), None, (),
                     tuple(book.items), grid.sheet)
    mapping = tuple((k, c) for k, c in (("subject", det.subject), ("rater", det.rater),
                                        ("rating", det.rating), ("item", det.item)) if c)
    return Found(columns, column_roles(columns, det, book.items, chosen), det.layout, mapping,
                 tuple(book.items), grid.sheet)


def conclude(decided: Decided, table: Table, grid: RawGrid, facts: FileFacts,
             options: ImportOptions, book: NoteBook, budget: Budget,
             source_path: str | None = None) -> Dataset:
    """The Dataset of ``table`` read as ``decided`` says (the table it was decided on, or the
    same columns read in full by :mod:`~tapdesk.data.importer.longread`)."""
    try:
        return _concluded(decided, table, grid, facts, options, book, budget, source_path)
    except DataError as exc:
        raise refused(exc, _found(decided.file_columns, grid, book, dict(decided.choice.chosen),
                                  decided.det)) from exc


def _concluded(decided: Decided, table: Table, grid: RawGrid, facts: FileFacts,
               options: ImportOptions, book: NoteBook, budget: Budget,
               source_path: str | None = None) -> Dataset:
    det, rules, scale, file_columns = decided.det, decided.rules, decided.scale, \
        decided.file_columns
    aside = set_aside(decided.choice, table, det, book)
    conv = convert(table, det, rules, scale)
    if det.rater and det.layout == "long":       # raters named in a column of names
        conv = replace(conv, tables=one_name_per_rater(conv.tables, book))
    table.id_cache.clear()       # the ids are in the tables now (ten million codes a column)
    budget.check(N_("building the ratings table"))
    if conv.scores:
        note_scores(conv.scale, book)
    note_scale_order(conv.scale, options.ordinal, book)
    note_too_few(conv.tables, det.layout, book)
    note_item_scales(conv.tables, conv.scale, options.item, book)
    if scale.labels:                 # a code the user labelled must be one of the shared scale
        conv.scale.with_labels(scale.labels, file=facts.name)
    value_notes(conv.tables, rules, book, scale.declared, det.rating)
    label_notes(conv.tables, rules, book, det.rating, scores=conv.scores)
    for note in rules.notes():
        book.info(note)
    if det.confidence < _LOW_CONFIDENCE:
        # Translators: {confidence} is a percent ("60%"); {reason} says what the layout is and
        # why it was chosen.
        book.add("layout", Wording.of(N_("the layout was detected with low confidence "
                                         "({confidence:.0%}): {reason}. Confirm it, or choose "
                                         "another layout"), confidence=Share(det.confidence),
                                      reason=det.reason), action="warning",
                 settings=("layout",))
    warnings: list[str | Wording] = list(conv.warnings)
    item, table_for = _choose_item(conv.items, options.item, facts.name, book)
    audit_reading(Reading(pooled_items(conv.tables, conv.scale) or conv.tables[table_for], det,
                          table, options, references=book.references, whole=decided.whole), book)
    notes = book.notes()
    base = Provenance(file_name=facts.name, size_bytes=facts.size, sha256=facts.sha256,
                      sheet=grid.sheet, layout=det.layout, mapping=conv.mapping, notes=notes,
                      guesses=guesses_of(book.items))
    attributes = Attributes(aside.subject_attributes, aside.rater_attributes)
    tables = {k: _with_provenance(t, base, k, scale.labels, attributes)
              for k, t in conv.tables.items()}
    chosen = tables[table_for]
    if not any(t.n_ratings for t in tables.values()):     # a template nobody has filled in yet
        raise DataError(Wording.of(N_("no ratings were found: every rating cell is empty or a "
                                      "missing marker")), file=facts.name,
                        settings=("column_roles", "missing"))
    for key, t in tables.items():
        _table_warnings(t, key, warnings)
    item_tables = {k: v for k, v in tables.items() if k is not None}
    return Dataset(chosen, det.layout, det.confidence, det.reason, conv.mapping,
                   book.warnings() + tuple(warnings), conv.items, chosen.provenance, item,
                   item_tables, notes, file_columns, source_path,
                   tuple(book.items), column_roles(file_columns, det, book.items, aside.roles),
                   conv.scale.with_labels(scale.labels) if scale.labels else conv.scale,
                   {**book.references, **aside.references},
                   aside.subject_attributes, aside.rater_attributes)


def _named_table(grid: RawGrid, options: ImportOptions, book: NoteBook, budget: Budget) -> Table:
    """The table with its header found (DataError when it has fewer than two columns)."""
    grid = tidy(grid, book, options.header)
    table = name_columns(grid, book, options.header)
    if len(table.columns) < 2:
        delim = grid.text_format.delimiter if grid.text_format else None
        # Translators: {delimiter} is a delimiter's name ("comma") or the character in quotes.
        said = Wording.of(N_("the table has only one column (split at {delimiter}), so it cannot "
                             "hold subjects and ratings; check the delimiter or the sheet"),
                          delimiter=delimiter_words(delim or ""))
        if grid.text_format is None:
            said = Wording.of(N_("the table has only one column (in the sheet), so it cannot hold "
                                 "subjects and ratings; check the delimiter or the sheet"))
        elif not delim:
            said = Wording.of(N_("the table has only one column (no tab, semicolon, comma or pipe "
                                 "splits its lines), so it cannot hold subjects and ratings; "
                                 "check the delimiter or the sheet"))
        raise DataError(said, file=grid.file, settings=("delimiter", "sheet"))
    budget.check(N_("finding the table"))
    return table


def _legend_missing(book: NoteBook, options: ImportOptions,
                    declared: tuple[str, ...] | None) -> tuple[str, ...]:
    """The codes a legend line above or below the data says mean no rating, read as missing and said
    (never a code the user declared a category, nor when the rule is off)."""
    codes = tuple(sorted(c for c in book.legend_missing
                         if c not in (declared or ()) and c not in options.missing))
    if not codes or not book.enabled("footer-rows"):
        return ()
    # Translators: an import note; {codes} cells' texts, quoted.
    book.add("footer-rows", Wording.of(N_("{codes} read as missing ratings: a legend above or "
                                          "below the data says they mean no rating"),
                                       codes=Quoted(codes)), action="guessed",
             settings=("missing",))
    return codes


def _mapping(table: Table, options: ImportOptions, book: NoteBook, budget: Budget,
             choice: Choice):
    """Non-rating columns left out, the layout and column roles, the value rules and scale."""
    roles = choice.roles
    user = user_roles(table, roles)
    named = {c for c in (user.subject, user.rater, user.rating, user.item) if c} | choice.named
    chosen = dict(choice.chosen)
    named |= {c for c, r in chosen.items() if r in ("rater", "reference") and c in table.columns}
    reading = None
    if not named and roles.layout is None and book.enabled("format"):
        table, reading = recognise_format(table, book)
    if reading is not None:
        named = reading.columns()
        roles = replace(roles, subject=reading.subject, rater=reading.rater,
                        rating=reading.rating, item=reading.item)
    table, hints = apply_column_rules(table, book, named)
    crossed: str | None = None      # the reason's template when the structure melted columns
    if reading is None and not named and roles.layout is None and book.enabled("header-words"):
        table, roles, crossed = _by_structure(table, roles, book)
        named |= roles.named()
        hints = replace(hints, **{k: None for k in ("subject", "rater")
                                  if getattr(hints, k) not in table.columns})   # renamed
    if reading is not None and reading.survey:
        hints.survey, hints.survey_rater = reading.survey, reading.rater
    table, exported = recognise_export(table, book)
    declared = options.categories or (exported.categories if exported else None)
    ordinal = options.ordinal if options.ordinal is not None else \
        (exported.ordinal if exported else None)
    budget.check(N_("choosing the columns"))
    det = detect_chosen(table, roles, hints, book, choice)
    if reading is not None and reading.layout is not None:
        # Translators: a layout's reason after the export's platform ("MTurk: ...").
        det = replace(det, confidence=0.95, reason=reason_of(N_("{platform}: {reason}"),
                                                        platform=reading.name, reason=det.reason))
    if crossed:
        det = replace(det, confidence=0.9, reason=reason_of(crossed,
                                                            reason=chosen_reason(det.reason)))
    legend = _legend_missing(book, options, declared)
    rules = ValueRules.build(options.missing + legend, trim=options.trim, fold_case=options.fold_case,
                             decimal=grid_decimal(table), declared=declared,
                             default_missing=options.default_missing,
                             split_extras=options.split_extras, blank=options.blank_as,
                             blank_columns=options.blank_columns, same=options.same_as)
    table, det = apply_bookkeeping(table, det, rules, book, chosen, options.drop_flagged)
    try:
        table, det = apply_scale_rule(table, det, rules, book, named)
    except DataError as exc:
        det = _long_instead(table, det, roles, hints, book, choice, exc)
    adapt_plus_minus(table, det, rules, book)
    adapt_missing_words(table, det, rules, book)
    adapt_units(table, det, rules, book)
    if book.enabled("not-a-rating"):
        adapt_off_scale(table, det, rules, book)
    table, det = apply_reference_rule(table, det, rules, book, chosen, book.references)
    named_rating = user.rating is not None or reading is not None or bool(crossed)
    det = check_rating_column(table, det, rules, named_rating, bool(declared), book)
    if user.rating is None and not choice.raters and options.layout is None:
        det = refuse_id_ratings(table, det, book)   # the user's own choice of ratings stands
    labels = options.labels or (exported.labels if exported else ())
    return table, det, rules, ScaleOptions(declared, ordinal, options.max_categories, labels,
                                           scores=book.enabled(SCORES))


def _long_instead(table: Table, det, roles: Roles, hints, book: NoteBook, choice: Choice,
                  refusal: DataError):
    """The reading of one row per rating, found by structure, of a table whose detected wide
    reading the scale rule refuses (a form whose respondents answered more than once, its
    question beside its score): the value-scale rule refuses no table a long reading explains.
    The refusal stands when the layout was chosen or no long reading is complete."""
    if roles.layout is not None or det.layout == "long":
        raise refusal
    trial = NoteBook(book.disabled)
    try:
        long = detect_chosen(table, roles, replace(hints, survey=None, survey_rater=None),
                             trial, choice)
    except DataError:
        raise refusal from None
    if long.layout != "long" or not (long.subject and long.rater and long.rating):
        raise refusal
    book.items[:] = [n for n in book.items if n.rule != "survey-orientation"]  # not read so
    book.items.extend(n for n in trial.items if n.rule != "layout")
    # Translators: {layout} is a layout's name as an option takes it ("wide"); {why} the first
    # clause of why it was refused; {subject} and {rater} columns' names.
    book.add("layout", Wording.of(N_("read as one row per rating: the {layout} reading holds "
                                     "nothing on one scale ({why}), while {subject} and "
                                     "{rater} cross as subjects and raters"),
                                  layout=det.layout, why=_FirstClause(refusal.wording),
                                  subject=Name(long.subject), rater=Name(long.rater)),
             columns=[long.subject, long.rater], action="guessed", settings=("layout",))
    return replace(long, confidence=min(long.confidence, 0.8))


@dataclass(frozen=True)
class _FirstClause:
    """A sentence's words before its first colon, in the language it is shown in."""

    sentence: object

    def __format__(self, spec: str) -> str:
        return str(shown(self.sentence)).split(":")[0].rstrip()


def _by_structure(table: Table, roles: Roles,
                  book: NoteBook) -> tuple[Table, Roles, str | None]:
    """What the header's structure says when nothing names the columns: a two-level header's
    one column per group, a cross-table's labelled margins, raters crossed with items, a
    subject named by a pair of columns."""
    table = merged_margin(labelled_margins(one_column_per_group(table, book), book), book)
    # a subject named by a pair of columns is so named in each rater's and item's column too
    paired = pair_subject(table, book) if find_split(list(table.columns)) is not None else None
    found = melt_rater_items(paired[0] if paired else table, book)
    if found is None and paired is not None:
        return paired[0], replace(roles, subject=paired[1]), None
    if found is None:
        items = melt_item_columns(table, book)
        if items is None:
            paired = pair_subject(table, book) or long_pair_subject(table, book)
            if paired is None:
                return table, roles, None
            table, subject = paired
            return table, replace(roles, subject=subject), None
        table, subject, rater = items
        # Translators: a layout's reason; {reason} says how the file is read.
        why = N_("questions in the columns beside the subject and rater columns: {reason}")
        return table, replace(roles, layout="long", subject=subject, rater=rater, rating=RATING,
                              item=ITEM), why
    table, subject, with_items = found
    # Translators: a layout's reason; {reason} says how the file is read.
    why = N_("raters and items crossed in the column names: {reason}")
    if not with_items:
        # Translators: a layout's reason; {reason} says how the file is read.
        why = N_("raters named in the column names: {reason}")
    return table, replace(roles, layout="long", subject=subject, rater=RATER, rating=RATING,
                          item=ITEM if with_items else None), why


def grid_decimal(table: Table) -> str:
    fmt = table.grid.text_format
    return fmt.decimal if fmt else "."


def column_roles(columns, det, notes, chosen=None) -> tuple[tuple[str, str], ...]:
    """Each column of the file with its role, or the rule that left it out; ``chosen`` (column:
    role) gives the roles the layout does not say (left out by the user, set aside)."""
    roles = {det.subject: "subject", det.rater: "rater" if det.layout != "contingency" else
             "first rater's categories", det.rating: "rating", det.item: "item",
             det.n_col: "number of raters", det.class1_col: "Class-1 count"}
    per_column = {"wide": "rater", "wide-rows": "subject", "category-counts": "category count",
                  "contingency": "second rater's category"}.get(det.layout, "")
    roles.update(dict.fromkeys(det.value_columns, per_column))
    if det.subject and det.subject not in columns:      # a subject named by a pair of columns
        roles.update({c: "subject" for c in det.subject.split(GROUP_JOIN) if c in columns})
    if det.rater == RATER:                  # raters and items read from the column names
        roles.update(dict.fromkeys(melted_columns(notes), MELTED))
    elif det.item == ITEM:                  # questions in columns, the raters in a column
        roles.update(dict.fromkeys(melted_columns(notes), MELTED_QUESTION))
    left = {c: n.rule for n in notes if n.action == "left out" for c in n.columns}
    roles.update(chosen or {})
    roles.update({c: "reference" for c, rule in left.items()
                  if rule == "reference-answer" and c not in roles})
    folded = {c: n.columns[0] for n in notes if n.action == "kept" and len(n.columns) > 1
              and n.columns[0] in roles for c in n.columns[1:]}
    return tuple((c, roles[c] if c in roles else f"left out ({left[c]})" if c in left
                  else f"read into '{folded[c]}'" if c in folded else "not used")
                 for c in columns)


def _choose_item(items: tuple[str, ...], wanted: str | None, file: str,
                 book: NoteBook) -> tuple[str | None, str | None]:
    """(item reported as chosen, key of the table to use)."""
    if not items:
        if wanted is not None and wanted.lower() != "all":
            # Translators: {item} is the item asked for.
            raise DataError(Wording.of(N_("the item {item} was asked for but the data have no "
                                          "item/question column; name the item column"),
                                       item=Name(wanted)), file=file, settings=("item_col",))
        return None, None
    if wanted is None or wanted.lower() == "all":
        if len(items) > 1 and wanted is None:
            # Translators: {n} is the number of items (2 or more); {items} their names joined
            # by ", " (" ..." after the tenth); {item} the first item's name.
            book.add("items", Wording.of(N_("the data hold {n} items ({items}); the table shown "
                                            "is item {item}. Choose the item to analyse"),
                                         n=len(items), item=Name(items[0]),
                                         items=", ".join(items[:10]) +
                                         (" ..." if len(items) > 10 else "")),
                     action="warning", settings=("item",))
        return (items[0] if len(items) == 1 else None), items[0]
    name = match_item(items, wanted, file)
    return name, name


def _with_provenance(t: RatingsTable, base: Provenance, item: str | None,
                     labels: tuple[tuple[str, str], ...] = (),
                     attributes: Attributes | None = None) -> RatingsTable:
    """The table with its provenance, the user's value labels (``--labels``) and the
    subject and rater attributes."""
    prov = base if item is None else replace(base, mapping=base.mapping + (("selected item", item),))
    mine = [(c, lab) for c, lab in labels if c in t.scale.categories]   # an item's own codes
    scale = t.scale.with_labels(mine, file=base.file_name) if mine else t.scale
    return RatingsTable(t.subject, t.rater, t.rating, t.subject_ids, t.rater_ids, scale,
                        t.n_missing, prov, attributes or t.attributes)


def _table_warnings(t: RatingsTable, item: str | None, warnings: list[str | Wording]) -> None:
    # Translators: the {where} of the sentences below: which item; {item} is its name.
    where = Wording.of(N_(" (item {item})"), item=Name(item)) if item is not None else ""
    repeats = repeated_pairs(t)
    if repeats:
        # Translators: {n} is a number of ratings; {where} "" or " (item 'Q1')".
        warnings.append(Wording.ngettext(
            "{n} rating{where} repeats a subject and rater pair already rated: they are kept "
            "(they show how consistent each rater is), but analyses that need one rating per "
            "rater and subject will refuse them",
            "{n} ratings{where} repeat a subject and rater pair already rated: they are kept "
            "(they show how consistent each rater is), but analyses that need one rating per "
            "rater and subject will refuse them", repeats, n=Count(repeats), where=where))
    if t.n_ratings == 0:
        # Translators: {where} is "" or " (item 'Q1')".
        warnings.append(Wording.of(N_("no ratings{where}: every rating cell is empty or a "
                                      "missing marker"), where=where))
