"""``tapdesk plan``: how many raters and subjects the next study needs.

From t, a, p typed in (``--t --a --p``) or estimated from data (``--from
DATA`` with the class options), simulate studies of every design (raters
per subject x subjects), fit each with the t-a-p engine, and report the
expected width of the 95% intervals, the power against ``--versus`` and how
often the panel gets a subject's class right.
"""

from __future__ import annotations

import argparse
import sys

from tapdesk.cli.common import add_class_arguments, add_import_overrides, print_json


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "plan", help="plan the next study: interval widths and power for candidate designs",
        description="Simulate studies of every design (raters per subject x subjects) from "
                    "t, a, p, fit each with the t-a-p model and report the typical width of the "
                    "95% intervals, the chance of showing that accuracy differs from --versus, "
                    "and how often the panel gets a subject's true class right.")
    truth = parser.add_argument_group("the assumed truth (type it in, or estimate it --from data)")
    truth.add_argument("--t", type=float,
                       help="share of subjects truly in Class 1 (no default: give it, or --from)")
    truth.add_argument("--a", type=float, help="rater accuracy (no default: give it, or --from)")
    truth.add_argument("--p", type=float,
                       help="guess rate for Class 1 (no default: give it, or --from)")
    truth.add_argument("--from", dest="data", metavar="DATA",
                       help="estimate t, a, p by fitting the t-a-p model to this ratings file "
                            "(default: none, t, a and p are typed in)")
    add_class_arguments(parser)
    designs = parser.add_argument_group("designs and simulation")
    designs.add_argument("--raters", default="2,3,5,8", metavar="LIST",
                         help="numbers of raters per subject to try (default 2,3,5,8)")
    designs.add_argument("--subjects", default="50,100,200,400", metavar="LIST",
                         help="numbers of subjects to try (default 50,100,200,400)")
    designs.add_argument("--sims", type=int, default=200,
                         help="simulated studies per design (default 200)")
    designs.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    designs.add_argument("--versus", type=float, metavar="A",
                         help="report the chance that the 95%% interval for a excludes A "
                              "(e.g. 0.5: can we show raters are better than half accurate?) "
                              "(default: none, no comparison)")
    designs.add_argument("--workers", type=int, metavar="N",
                         help="processes to use (default: one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_import_overrides(parser)
    parser.set_defaults(run=run)


def assumed_truth(args: argparse.Namespace) -> tuple[float, float, float, str]:
    """(t, a, p, where they came from): typed in, or the t-a-p fit of --from DATA."""
    from tapdesk.errors import SettingError
    typed = [getattr(args, name) for name in ("t", "a", "p")]
    if args.data is None:
        if args.cut is not None or args.class1:
            raise SettingError("--cut and --class1 choose Class 1 in the data of --from DATA; "
                               "without --from, type in --t, --a and --p")
        missing = [f"--{name}" for name, v in zip("tap", typed) if v is None]
        if missing:
            raise SettingError(f"give {', '.join(missing)} (the assumed truth), or estimate all "
                               "three from data with --from DATA")
        return (*typed, "typed in")                   # type: ignore[return-value]
    if any(v is not None for v in typed):
        raise SettingError("give either --t, --a and --p or --from DATA, not both")
    from tapdesk.cli.common import load_dataset
    from tapdesk.engine import FitRequest, fit
    result = fit(FitRequest(model="tap", class1=tuple(args.class1) if args.class1 else None,
                            cut=args.cut), load_dataset(args).table)
    choice = result.class_choice
    source = (f"the t-a-p fit of {result.provenance.file_name or args.data}, Class 1 = "
              f"{', '.join(choice.class1) if choice else '?'}")
    return result.value("t"), result.value("a"), result.value("p"), source


class ProgressLine:
    """"simulated 800 of 3200 studies" on stderr, rewritten in place (terminals only)."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()

    def __call__(self, event) -> None:
        from tapdesk.engine.events import StageProgress
        if self.shown and isinstance(event, StageProgress):
            sys.stderr.write(f"\rsimulated {event.done} of {event.total} studies")
            if event.done == event.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from tapdesk.engine.planning import PlanRequest, parse_counts, plan
    from tapdesk.report.plan import plan_text
    t, a, p, source = assumed_truth(args)
    request = PlanRequest(t, a, p, parse_counts(args.raters, "--raters"),
                          parse_counts(args.subjects, "--subjects"), sims=args.sims,
                          seed=args.seed, versus=args.versus, workers=args.workers, source=source)
    result = plan(request, on_event=ProgressLine())
    if args.json:
        print_json(result.to_dict())
    else:
        sys.stdout.write(plan_text(result) + "\n")
    return 0
