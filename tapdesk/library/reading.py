"""Reading a command's data with its import settings: a file, standard input (``-``), a pandas
DataFrame or a Dataset already read; the raters' second table; the item chosen."""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Iterable
from typing import Any

from tapdesk.data.importer.model import COLUMN_ROLES
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import (
    Dataset,
    ImportOptions,
    read_frame,
    read_ratings,
    read_stream,
    with_raters_file,
)
from tapdesk.data.scale import parse_labels
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import _, formats
from tapdesk.library.settings import ReadSettings


def import_options(settings: ReadSettings) -> ImportOptions:
    """ImportOptions from the arguments added by :func:`add_data_arguments`."""
    cats = getattr(settings, "categories", None)
    categories = tuple(c.strip() for c in cats.split(",") if c.strip()) if cats else None
    if cats is not None and not categories:
        raise SettingError(_("--categories needs a comma-separated list of category labels"))
    labels = parse_labels(settings.labels) if getattr(settings, "labels", None) else ()
    return ImportOptions(layout=settings.layout, subject_col=settings.subject_col,
                         rater_col=settings.rater_col, rating_col=settings.rating_col,
                         item_col=settings.item_col, item=settings.item, sheet=settings.sheet,
                         ordinal=settings.ordinal, missing=tuple(settings.missing),
                         categories=categories, trim=getattr(settings, "trim", True),
                         fold_case=getattr(settings, "fold_case", False),
                         header=getattr(settings, "header", None),
                         encoding=getattr(settings, "encoding", None),
                         delimiter=getattr(settings, "delimiter", None),
                         decimal=getattr(settings, "decimal", None),
                         max_categories=getattr(settings, "max_categories", 20),
                         default_missing=getattr(settings, "default_missing", True),
                         labels=labels,
                         max_megabytes=_positive(settings, "max_file_mb", 500.0),
                         time_limit=_positive(settings, "time_limit", 120.0),
                         rules_off=tuple(getattr(settings, "rules_off", ()) or ()),
                         column_roles=column_roles(getattr(settings, "column_roles", ()) or ()),
                         drop_flagged=getattr(settings, "drop_flagged", False),
                         same_as=same_as(getattr(settings, "same_as", None)))


def same_as(given: str | None) -> tuple[tuple[str, str], ...]:
    """``--same-as "ja=yes,nein=no"`` as (label, label) pairs (separated by semicolons where
    the text has any, as ``--labels``: a label may hold a comma)."""
    if not given:
        return ()
    pairs = [p.split("=", 1) for p in given.split(";" if ";" in given else ",") if p.strip()]
    if any(len(p) != 2 or not p[0].strip() or not p[1].strip() for p in pairs):
        raise SettingError(_("--same-as needs pairs LABEL=LABEL separated by commas, e.g. "
                             "\"ja=yes,nein=no\""))
    return tuple((a.strip(), b.strip()) for a, b in pairs)


def column_roles(given: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``--column-role COL=ROLE`` values as (column, role) pairs; a role that is none of
    ``COLUMN_ROLES`` is refused with the closest one."""
    pairs = []
    for text in given:
        col, sep, role = text.rpartition("=")
        role = " ".join(role.split()).lower()
        if not sep or not col.strip():
            # Translators: {text} is what the user typed; "Remarks=leave out" is typed as it is.
            raise SettingError(_("--column-role needs COL=ROLE (e.g. \"Remarks=leave out\"), "
                                 "not {text}").format(text=formats.quoted(text)))
        if role not in COLUMN_ROLES:
            close = difflib.get_close_matches(role, COLUMN_ROLES, n=1, cutoff=0.5)
            # Translators: {text} is what the user typed; {role} the role in it; {did_you_mean}
            # "" or "; did you mean 'rater'?"; {roles} the roles, typed as they are.
            raise SettingError(_("--column-role {text}: {role} is not a role{did_you_mean} The "
                                 "roles are: {roles}").format(
                text=text, role=formats.quoted(role), roles=", ".join(COLUMN_ROLES),
                did_you_mean=_("; did you mean {command}?").format(command=formats.quoted(close[0]))
                if close else ""))
        pairs.append((col.strip(), role))
    return tuple(pairs)


def _positive(settings: ReadSettings, name: str, default: float) -> float:
    value = getattr(settings, name, default)
    if value is None or not value > 0:
        # Translators: {option} is an option ("--time-limit"); {value} what was given.
        raise SettingError(_("{option} must be a positive number, not {value}").format(
            option=f"--{name.replace('_', '-')}", value=value))
    return float(value)


STDIN_WORD = "-"
"""DATA given as this word is read from standard input (``cat ratings.csv | tapdesk fit -``)."""


def read_data(data: Any, options: ImportOptions) -> Dataset:
    """Read the file DATA names, or standard input when DATA is ``-``; from Python
    (:mod:`tapdesk.api`) DATA may also be a pandas DataFrame or a Dataset already read."""
    if isinstance(data, Dataset):
        return item_chosen(data, options.item)
    if not isinstance(data, (str, os.PathLike)):
        return read_frame(data, options)
    if data != STDIN_WORD:
        return read_ratings(data, options)
    if sys.stdin is None or sys.stdin.isatty():
        raise SettingError(_("'-' reads the ratings from standard input, but nothing is piped in; "
                             "e.g. cat ratings.csv | tapdesk fit -  (or give the file's name)"))
    return read_stream(sys.stdin.buffer, options)


def item_chosen(dataset: Dataset, item: str | None) -> Dataset:
    """A Dataset already read, with the item ``item`` as its table (itself when ``item`` is
    None, 'all' or the one it holds); DataError listing the items when it is not one."""
    if item is None or item.lower() == "all" or item == dataset.item:
        return dataset
    from dataclasses import replace

    from tapdesk.data.importer.model import match_item
    table = dataset.for_item(item)
    return replace(dataset, table=table,
                   item=match_item(dataset.items, item, dataset.provenance.file_name))


def read_with_raters(settings: ReadSettings) -> Dataset:
    """Read DATA with the overrides and, with --raters-file, the raters' attributes."""
    dataset = read_data(settings.data, import_options(settings))
    raters_file = getattr(settings, "raters_file", None)
    if not raters_file:
        return dataset
    before = len(dataset.import_notes)
    dataset = with_raters_file(dataset, raters_file)
    for note in dataset.import_notes[before:]:          # said where every command shows it
        if note.action == "warning":
            # Translators: a warning line on the terminal; {message} is the warning.
            sys.stderr.write(_("tapdesk: warning: {message}").format(message=note.message) + "\n")
    return dataset


def load_dataset(settings: ReadSettings) -> Dataset:
    """Read DATA with the overrides; with several items, one must be chosen by --item."""
    dataset = read_with_raters(settings)
    if len(dataset.items) > 1 and (settings.item is None or settings.item.lower() == "all"):
        shown = ", ".join(dataset.items[:10]) + (" ..." if len(dataset.items) > 10 else "")
        # Translators: {n} is the number of items (2 or more); {items} their names; {column}
        # the item column's name; {first} the first item's name.
        raise DataError(_("the data hold {n} items/questions ({items}) in column {column}; "
                          "this command analyses one at a time: choose it with --item (e.g. "
                          "--item {first}); 'tapdesk fit ... --item all' fits each item in "
                          "turn").format(n=len(dataset.items), items=shown,
                                         column=formats.quoted(
                                             dict(dataset.mapping).get("item", "?")),
                                         first=dataset.items[0]),
                        file=dataset.provenance.file_name)
    return dataset


def load_item_tables(settings: ReadSettings) -> list[tuple[str | None, RatingsTable]]:
    """(item, table) pairs for commands that can loop over items: all items with --item all
    (or no --item), else the chosen one; [(None, table)] when the data have no items."""
    dataset = read_with_raters(settings)
    if not dataset.items:
        return [(None, dataset.table)]
    if settings.item is None or settings.item.lower() == "all":
        return list(dataset.item_tables.items())
    return [(dataset.item, dataset.table)]
