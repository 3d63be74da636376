"""``tapdesk simulate``: seeded binary ratings from (t, a, p) written to a CSV file."""

from __future__ import annotations

import argparse
import sys

from tapdesk.engine.binary.simulate import TapParameters, write_simulation_csv
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats


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


def parse_list(text: str) -> tuple[float, ...]:
    try:
        values = tuple(float(v) for v in text.split(",") if v.strip())
    except ValueError:
        # Translators: {text} is what the user typed.
        raise SettingError(_("--rater-a must be numbers separated by commas, like 0.9,0.7,0.5; "
                             "got {text}").format(text=formats.quoted(text))) from None
    if not values:
        raise SettingError(_("--rater-a is empty; give one accuracy per rater, like 0.9,0.7,0.5"))
    bad = [v for v in values if not 0.0 <= v <= 1.0]
    if bad:
        # Translators: {value} is the number typed.
        raise SettingError(_("--rater-a: every accuracy must lie between 0 and 1; got {value}")
                           .format(value=f"{bad[0]:g}"))
    return values


def check_ranges(args: argparse.Namespace) -> None:
    for name in ("t", "a", "p", "a0", "a1", "p0", "p1"):
        value = getattr(args, name)
        if value is not None and not (0.0 <= value <= 1.0):
            # Translators: {option} is an option ("--a"); {value} the number typed.
            raise SettingError(_("{option} must lie between 0 and 1; got {value}").format(
                option=f"--{name}", value=f"{value:g}"))


def parameters(args: argparse.Namespace) -> tuple[TapParameters, int]:
    check_ranges(args)
    rater_a = parse_list(args.rater_a) if args.rater_a else None
    raters = args.raters if args.raters is not None else (len(rater_a) if rater_a else None)
    if raters is None:
        raise SettingError(_("give the number of raters with --raters (or a list with --rater-a)"))
    if rater_a is not None and len(rater_a) != raters:
        # Translators: {n} and {raters} are numbers the user gave.
        raise SettingError(_("--rater-a lists {n} accuracies but --raters is {raters}").format(
            n=len(rater_a), raters=raters))
    if rater_a is not None and (args.a0 is not None or args.a1 is not None):
        raise SettingError(_("use either --rater-a or --a0/--a1, not both"))
    a = args.a
    if a is None:
        if rater_a is not None:
            a = sum(rater_a) / len(rater_a)
        elif args.a0 is not None and args.a1 is not None:
            a = (args.a0 + args.a1) / 2
        else:
            raise SettingError(_("give the accuracy --a (or both --a0 and --a1, or --rater-a)"))
    p = args.p
    if p is None:
        if args.p0 is not None and args.p1 is not None:
            p = (args.p0 + args.p1) / 2
        else:
            raise SettingError(_("give the guess rate --p (or both --p0 and --p1)"))
    if args.subjects < 1 or raters < 1:
        raise SettingError(_("--subjects and --raters must be at least 1"))
    return TapParameters(args.t, a, p, args.a0, args.a1, args.p0, args.p1, rater_a), raters


def run(args: argparse.Namespace) -> int:
    params, raters = parameters(args)
    rows = write_simulation_csv(args.out, params, args.subjects, raters, args.seed, exact=args.exact)
    # Translators: {rows} is a number of rows; {raters} of raters; {path} the file written.
    done = _("wrote {rows} expected-count rows to {path}") if args.exact else (
        # Translators: {rows} is a number of subjects; {raters} of raters; {path} the file.
        _("wrote {rows} subjects x {raters} raters to {path}"))
    sys.stdout.write(done.format(rows=rows, raters=raters, path=args.out) + "\n")
    return 0
