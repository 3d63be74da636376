"""Arguments and helpers shared by the commands: reading data, printing results."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tapdesk.data.readers import LAYOUTS, Dataset, ImportOptions, read_ratings


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The DATA argument and the import overrides every data command accepts."""
    parser.add_argument("data", metavar="DATA", help="ratings file (CSV, TSV, Excel ...)")
    group = parser.add_argument_group("import overrides")
    group.add_argument("--layout", choices=LAYOUTS, help="file layout (default: detect)")
    group.add_argument("--subject-col", help="column holding subject ids")
    group.add_argument("--rater-col", help="column holding rater ids (long layout)")
    group.add_argument("--rating-col", help="column holding ratings (long layout)")
    group.add_argument("--item-col", help="column holding the item/question")
    group.add_argument("--item", help="analyse only this item/question")
    group.add_argument("--sheet", help="spreadsheet sheet name or number")
    group.add_argument("--ordinal", action=argparse.BooleanOptionalAction, default=None,
                       help="treat the categories as ordered (default: yes for numeric labels)")
    group.add_argument("--missing", action="append", default=[], metavar="MARKER",
                       help="extra text that marks a missing rating (repeatable)")


def add_class_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--class1", action="append", metavar="LABEL",
                        help="category that forms Class 1 (repeat for several)")
    parser.add_argument("--cut", metavar="LABEL",
                        help="Class 1 = ratings at or below LABEL in scale order")


def import_options(args: argparse.Namespace) -> ImportOptions:
    return ImportOptions(layout=args.layout, subject_col=args.subject_col,
                         rater_col=args.rater_col, rating_col=args.rating_col,
                         item_col=args.item_col, item=args.item, sheet=args.sheet,
                         ordinal=args.ordinal, missing=tuple(args.missing))


def load_dataset(args: argparse.Namespace) -> Dataset:
    return read_ratings(args.data, import_options(args))


def print_json(payload: dict[str, Any]) -> None:
    json.dump(payload, sys.stdout, indent=2, allow_nan=False)
    sys.stdout.write("\n")
