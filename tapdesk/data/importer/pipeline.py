"""The import pipeline: bytes -> grid -> named table -> layout -> RatingsTables -> Dataset."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tapdesk.data.importer.convert import ScaleOptions, convert
from tapdesk.data.importer.layouts import Roles, detect
from tapdesk.data.importer.model import Dataset, ImportOptions, match_item
from tapdesk.data.importer.sniff import DELIMITER_NAMES
from tapdesk.data.importer.sources import FileFacts, RawGrid, read_path, read_text_bytes
from tapdesk.data.importer.summary import repeated_pairs
from tapdesk.data.importer.table import name_columns
from tapdesk.data.importer.values import ValueRules
from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.errors import DataError

PASTED = "(pasted text)"
_LOW_CONFIDENCE = 0.7


def import_path(path: str | Path, options: ImportOptions) -> Dataset:
    """Read a file from disk (never writes anything)."""
    path = Path(path)
    grid, facts = read_path(path, sheet=options.sheet, encoding=options.encoding,
                            delimiter=options.delimiter, decimal=options.decimal)
    return finish(grid, facts, options, source_path=str(path))


def import_text(text: str, options: ImportOptions, name: str = PASTED) -> Dataset:
    """Read pasted text (e.g. cells copied from a spreadsheet: tab-separated)."""
    if not isinstance(text, str):
        raise DataError("pasted data must be text", file=name)
    data = text.encode("utf-8", errors="replace")
    grid = read_text_bytes(data, name, delimiter=options.delimiter, decimal=options.decimal)
    return finish(grid, FileFacts.of(name, data), options)


def finish(grid: RawGrid, facts: FileFacts, options: ImportOptions,
           source_path: str | None = None) -> Dataset:
    table = name_columns(grid, options.header)
    if len(table.columns) < 2:
        how = (f"split at {DELIMITER_NAMES.get(grid.text_format.delimiter, grid.text_format.delimiter)}"
               if grid.text_format else "in the sheet")
        raise DataError(f"the table has only one column ({how}), so it cannot hold subjects "
                        "and ratings; check the delimiter (--delimiter) or the sheet (--sheet)",
                        file=grid.file)
    det = detect(table, Roles(options.layout, options.subject_col, options.rater_col,
                              options.rating_col, options.item_col))
    decimal = grid.text_format.decimal if grid.text_format else "."
    rules = ValueRules.build(options.missing, trim=options.trim, fold_case=options.fold_case,
                             decimal=decimal, declared=options.categories,
                             default_missing=options.default_missing)
    conv = convert(table, det, rules, ScaleOptions(options.categories, options.ordinal,
                                                   options.max_categories))
    notes = tuple(grid.notes) + tuple(det.notes) + tuple(rules.notes())
    warnings = list(grid.warnings) + list(conv.warnings)
    if det.confidence < _LOW_CONFIDENCE:
        warnings.append(f"the layout was detected with low confidence ({det.confidence:.0%}): "
                        f"{det.reason}. Confirm it, or choose another with --layout")
    item, table_for = _choose_item(conv.items, options.item, facts.name, warnings)
    base = Provenance(file_name=facts.name, size_bytes=facts.size, sha256=facts.sha256,
                      sheet=grid.sheet, layout=det.layout, mapping=conv.mapping, notes=notes)
    tables = {k: _with_provenance(t, base, k, options.labels) for k, t in conv.tables.items()}
    chosen = tables[table_for]
    for key, t in tables.items():
        _table_warnings(t, key, warnings)
    item_tables = {k: v for k, v in tables.items() if k is not None}
    prov = chosen.provenance
    return Dataset(chosen, det.layout, det.confidence, det.reason, conv.mapping,
                   tuple(warnings), conv.items, prov, item, item_tables, notes,
                   tuple(table.columns), source_path)


def _choose_item(items: tuple[str, ...], wanted: str | None, file: str,
                 warnings: list[str]) -> tuple[str | None, str | None]:
    """(item reported as chosen, key of the table to use)."""
    if not items:
        if wanted is not None and wanted.lower() != "all":
            raise DataError(f"--item '{wanted}' was given but the data have no item/question "
                            "column; name it with --item-col", file=file)
        return None, None
    if wanted is None or wanted.lower() == "all":
        if len(items) > 1 and wanted is None:
            warnings.append(f"the data hold {len(items)} items ({', '.join(items[:10])}"
                            f"{' ...' if len(items) > 10 else ''}); the table shown is item "
                            f"'{items[0]}'. Choose one with --item")
        return (items[0] if len(items) == 1 else None), items[0]
    name = match_item(items, wanted, file)
    return name, name


def _with_provenance(t: RatingsTable, base: Provenance, item: str | None,
                     labels: tuple[tuple[str, str], ...] = ()) -> RatingsTable:
    """The table with its provenance and the user's value labels (``--labels``)."""
    prov = base if item is None else replace(base, mapping=base.mapping + (("selected item", item),))
    scale = t.scale.with_labels(labels, file=base.file_name) if labels else t.scale
    return RatingsTable(t.subject, t.rater, t.rating, t.subject_ids, t.rater_ids, scale,
                        t.n_missing, prov)


def _table_warnings(t: RatingsTable, item: str | None, warnings: list[str]) -> None:
    where = f" (item '{item}')" if item is not None else ""
    repeats = repeated_pairs(t)
    if repeats:
        warnings.append(f"{repeats} rating(s){where} repeat a subject and rater pair already "
                        "rated: they are kept (they show how consistent each rater is), but "
                        "analyses that need one rating per rater and subject will refuse them")
    if t.n_ratings == 0:
        warnings.append(f"no ratings{where}: every rating cell is empty or a missing marker")
