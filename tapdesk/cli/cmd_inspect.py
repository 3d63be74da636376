"""``tapdesk inspect DATA``: show how a file is read (layout, mapping, summary, and which
importer rule left out or kept each row and column), optionally export the cleaned ratings
as a long CSV that imports back to the same table."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import add_data_arguments, read_with_raters
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.cli.summary import summary_dict, summary_text
from tapdesk.cli.validity import checks_for, validity_json, validity_text
from tapdesk.counting import count
from tapdesk.data.readers import export_long_csv
from tapdesk.i18n import _, current, formats, ngettext


def add_parser(sub) -> None:
    parser = sub.add_parser("inspect", help=_("show how a data file is read, before analysing it"),
                            description=_("Detect the layout of a ratings file, show the column "
                                          "mapping and an import summary (subjects, raters, "
                                          "categories, missing cells, exclusions). Every choice "
                                          "can be overridden with the import flags below."))
    add_data_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--export", metavar="FILE.csv",
                        help=_("write the cleaned ratings as a long CSV (subject, rater, [item,] "
                               "rating); never over the input file (default: no export)"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """How the file was read (the Dataset is the result), as JSON and as text; the cleaned
    ratings written with ``--export``."""
    dataset = read_with_raters(args)
    payload = summary_dict(dataset)
    checks = checks_for(dataset)
    payload.update(validity_json(checks))
    written = None
    if args.export:
        written = export_long_csv(dataset, args.export)
        tables = dataset.item_tables.values() if dataset.items else [dataset.table]
        n_ratings = sum(t.n_ratings for t in tables)
        payload["export"] = {"file": args.export, "n_rows": written, "n_ratings": n_ratings}
    text = summary_text(dataset) + validity_text(checks) + "\n"
    if written is not None:
        extra = written - payload["export"]["n_ratings"]
        n = payload["export"]["n_ratings"]
        # Translators: {n} is a number of ratings (English says "ratings" for one too); {path}
        # the file written.
        text += ngettext("Wrote {n} ratings to {path}", "Wrote {n} ratings to {path}", n).format(
            n=n, path=args.export)
        if extra:
            # Translators: {rows} is "3 rows" (English "1 row" for one).
            text += _(" (and {rows} for subjects with no rating)").format(
                rows=count(extra, "row") if current.is_source() else
                # Translators: a count of rows ("3 rows"), part of "(and 3 rows for subjects with no
                # rating)".
                ngettext("{n} row", "{n} rows", extra).format(n=formats.integer(extra)))
        text += "\n"
    return Outcome(dataset, payload, text, dataset)
