"""``tapdesk simulate``: seeded binary ratings from (t, a, p) written to a CSV file."""

from __future__ import annotations

import argparse
import sys

from tapdesk.engine.binary.simulate import write_simulation_csv
from tapdesk.i18n import _
from tapdesk.library.settings import SimulateSettings
from tapdesk.library.simulate import parameters


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "simulate", help=_("simulate binary ratings from t-a-p parameters into a CSV file"),
        description=_("Draw seeded 0/1 ratings (1 = Class 1) from the t-a-p model and write them as "
                      "a wide CSV (subject, R1..Rn). With --exact, write instead the expected number "
                      "of subjects with each number of Class-1 ratings "
                      "(columns n_raters, n_class1, expected_subjects)."))
    parser.add_argument("--t", type=float, required=True, help=_("share of subjects truly Class 1"))
    parser.add_argument("--a", type=float, default=None,
                        help=_("accuracy (default: the mean of --a0 and --a1, or of --rater-a)"))
    parser.add_argument("--p", type=float, default=None,
                        help=_("guess rate for Class 1 (default: the mean of --p0 and --p1)"))
    parser.add_argument("--a0", type=float, help=_("accuracy on true Class 0 subjects (default: --a)"))
    parser.add_argument("--a1", type=float, help=_("accuracy on true Class 1 subjects (default: --a)"))
    parser.add_argument("--p0", type=float, help=_("guess rate on true Class 0 subjects (default: --p)"))
    parser.add_argument("--p1", type=float, help=_("guess rate on true Class 1 subjects (default: --p)"))
    parser.add_argument("--rater-a", metavar="LIST",
                        help=_("comma-separated accuracy of each rater, e.g. 0.9,0.7,0.5 "
                               "(sets the number of raters) (default: every rater has accuracy --a)"))
    parser.add_argument("--subjects", type=int, required=True, help=_("number of subjects"))
    parser.add_argument("--raters", type=int, help=_("number of raters (default: length of --rater-a)"))
    parser.add_argument("--seed", type=int, default=1, help=_("random seed (default 1)"))
    parser.add_argument("--out", required=True, metavar="FILE", help=_("CSV file to write"))
    parser.add_argument("--exact", action="store_true",
                        help=_("write expected counts instead of a random sample"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    params, raters = parameters(SimulateSettings.of(args))
    rows = write_simulation_csv(args.out, params, args.subjects, raters, args.seed, exact=args.exact)
    # Translators: {rows} is a number of rows; {raters} of raters; {path} the file written.
    done = _("wrote {rows} expected-count rows to {path}") if args.exact else (
        # Translators: {rows} is a number of subjects; {raters} of raters; {path} the file.
        _("wrote {rows} subjects x {raters} raters to {path}"))
    sys.stdout.write(done.format(rows=rows, raters=raters, path=args.out) + "\n")
    return 0
