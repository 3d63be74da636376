"""Arguments and helpers shared by the commands: reading data, printing results."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import LAYOUTS, Dataset, ImportOptions, read_ratings
from tapdesk.errors import DataError, SettingError


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The DATA argument and the import overrides every data command accepts."""
    parser.add_argument("data", metavar="DATA",
                        help="ratings file (CSV/TSV/TXT, Excel .xlsx/.xlsm, OpenDocument .ods, "
                             "SPSS .sav, Stata .dta)")
    add_import_overrides(parser)


def add_import_overrides(parser: argparse.ArgumentParser) -> None:
    """The import overrides alone (for commands whose data file is an option, not DATA)."""
    group = parser.add_argument_group("import overrides (default: detect)")
    group.add_argument("--layout", choices=LAYOUTS, help="file layout (default: detect)")
    group.add_argument("--subject-col", metavar="COL", help="column holding subject ids")
    group.add_argument("--rater-col", metavar="COL",
                       help="column holding rater ids (long layout; wide-rows: rater names)")
    group.add_argument("--rating-col", metavar="COL", help="column holding ratings (long layout)")
    group.add_argument("--item-col", metavar="COL", help="column holding the item/question")
    group.add_argument("--item", help="analyse only this item/question (see tapdesk inspect)")
    group.add_argument("--sheet", help="spreadsheet sheet name or number (1 = first)")
    group.add_argument("--categories", metavar="LIST",
                       help="declare the categories in scale order, comma-separated "
                            "(e.g. \"none,bronze,silver,gold\"); unused ones are kept")
    group.add_argument("--ordinal", action=argparse.BooleanOptionalAction, default=None,
                       help="treat the categories as ordered (default: yes for numeric labels)")
    group.add_argument("--nominal", dest="ordinal", action="store_const", const=False,
                       help="treat the categories as unordered (same as --no-ordinal)")
    group.add_argument("--missing", action="append", default=[], metavar="MARKER",
                       help="extra text that marks a missing rating (repeatable); blank, NA, "
                            "N/A, ., -, -99 always do")
    group.add_argument("--no-default-missing", dest="default_missing", action="store_false",
                       help="only blank cells and --missing markers are missing (e.g. when -99 "
                            "or NA is a real category)")
    group.add_argument("--fold-case", action="store_true",
                       help="merge labels that differ only in letter case (Yes = yes)")
    group.add_argument("--no-trim", dest="trim", action="store_false",
                       help="keep spaces around labels (default: remove them)")
    group.add_argument("--header", action=argparse.BooleanOptionalAction, default=None,
                       help="the first row names the columns (default: detect)")
    group.add_argument("--encoding", help="text encoding (default: detect UTF-8/UTF-16, else "
                                          "Windows-1252)")
    group.add_argument("--delimiter", help="field delimiter: comma, semicolon, tab, pipe or the "
                                           "character (default: detect)")
    group.add_argument("--decimal", choices=(".", ","), help="decimal mark (default: detect)")
    group.add_argument("--max-categories", type=int, default=20, metavar="N",
                       help="refuse ratings with more than N distinct numbers as continuous "
                            "(default 20)")


def add_class_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--class1", action="append", metavar="LABEL",
                        help="category that forms Class 1 (repeat for several)")
    parser.add_argument("--cut", metavar="LABEL",
                        help="Class 1 = ratings at or below LABEL in scale order")


def import_options(args: argparse.Namespace) -> ImportOptions:
    """ImportOptions from the arguments added by :func:`add_data_arguments`."""
    cats = getattr(args, "categories", None)
    categories = tuple(c.strip() for c in cats.split(",") if c.strip()) if cats else None
    if cats is not None and not categories:
        raise SettingError("--categories needs a comma-separated list of category labels")
    return ImportOptions(layout=args.layout, subject_col=args.subject_col,
                         rater_col=args.rater_col, rating_col=args.rating_col,
                         item_col=args.item_col, item=args.item, sheet=args.sheet,
                         ordinal=args.ordinal, missing=tuple(args.missing),
                         categories=categories, trim=getattr(args, "trim", True),
                         fold_case=getattr(args, "fold_case", False),
                         header=getattr(args, "header", None),
                         encoding=getattr(args, "encoding", None),
                         delimiter=getattr(args, "delimiter", None),
                         decimal=getattr(args, "decimal", None),
                         max_categories=getattr(args, "max_categories", 20),
                         default_missing=getattr(args, "default_missing", True))


def load_dataset(args: argparse.Namespace) -> Dataset:
    """Read DATA with the overrides; with several items, one must be chosen by --item."""
    dataset = read_ratings(args.data, import_options(args))
    if len(dataset.items) > 1 and (args.item is None or args.item.lower() == "all"):
        shown = ", ".join(dataset.items[:10]) + (" ..." if len(dataset.items) > 10 else "")
        raise DataError(f"the data hold {len(dataset.items)} items/questions ({shown}) in column "
                        f"'{dict(dataset.mapping).get('item', '?')}'; this command analyses one at "
                        f"a time: choose it with --item (e.g. --item {dataset.items[0]}); "
                        "'tapdesk fit ... --item all' fits each item in turn",
                        file=dataset.provenance.file_name)
    return dataset


def load_item_tables(args: argparse.Namespace) -> list[tuple[str | None, RatingsTable]]:
    """(item, table) pairs for commands that can loop over items: all items with --item all
    (or no --item), else the chosen one; [(None, table)] when the data have no items."""
    dataset = read_ratings(args.data, import_options(args))
    if not dataset.items:
        return [(None, dataset.table)]
    if args.item is None or args.item.lower() == "all":
        return list(dataset.item_tables.items())
    return [(dataset.item, dataset.table)]


def print_json(payload: dict[str, Any]) -> None:
    json.dump(payload, sys.stdout, indent=2, allow_nan=False)
    sys.stdout.write("\n")
