"""``tapdesk plan``: how many raters and subjects the next study needs.

From t, a, p typed in (``--t --a --p``) or estimated from data (``--from
DATA`` with the class options), simulate studies of every design (raters
per subject x subjects), fit each with the t-a-p engine, and report the
expected width of the intervals (``--level``, 95% by default), the power
against ``--versus`` and how often the panel gets a subject's class right,
with the cheapest design that meets each need (``--need-width``,
``--need-power``, ``--need-right``), or that none does.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapdesk.cli.common import add_class_arguments, add_import_overrides, level_value
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.i18n import _, formats


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "plan", help=_("plan the next study: interval widths and power for candidate designs"),
        description=_("Simulate studies of every design (raters per subject x subjects) from "
                      "t, a, p, fit each with the t-a-p model and report the typical width of the "
                      "intervals, the chance of showing that accuracy differs from --versus, "
                      "and how often the panel gets a subject's true class right; then advise the "
                      "cheapest design (fewest ratings) that meets each need."))
    truth = parser.add_argument_group(_("the assumed truth (type it in, or estimate it --from data)"))
    truth.add_argument("--t", type=float,
                       help=_("share of subjects truly in Class 1 (no default: give it, or --from)"))
    truth.add_argument("--a", type=float, help=_("rater accuracy (no default: give it, or --from)"))
    truth.add_argument("--p", type=float,
                       help=_("guess rate for Class 1 (no default: give it, or --from)"))
    truth.add_argument("--from", dest="data", metavar="DATA",
                       help=_("estimate t, a, p by fitting the t-a-p model to this ratings file "
                              "(- reads it from standard input) (default: none, t, a and p are "
                              "typed in)"))
    add_class_arguments(parser)
    designs = parser.add_argument_group(_("designs and simulation"))
    designs.add_argument("--raters", default="2,3,5,8", metavar="LIST",
                         help=_("numbers of raters per subject to try (default 2,3,5,8)"))
    designs.add_argument("--subjects", default="50,100,200,400", metavar="LIST",
                         help=_("numbers of subjects to try (default 50,100,200,400)"))
    designs.add_argument("--sims", type=int, default=200,
                         help=_("simulated studies per design (default 200)"))
    designs.add_argument("--seed", type=int, default=1, help=_("random seed (default 1)"))
    designs.add_argument("--versus", type=float, metavar="A",
                         help=_("report the chance that the interval for a excludes A "
                                "(e.g. 0.5: can we show raters are better than half accurate?) "
                                "(default: none, no comparison)"))
    # defaults resolved in run(): importing the engine here would slow every command's start-up
    designs.add_argument("--level", metavar="L",
                         help=_("level of the intervals whose widths and power are reported: "
                                "0.9 or 90%% for 90%% intervals (default 0.95)"))
    designs.add_argument("--workers", type=int, metavar="N",
                         help=_("processes to use (default: one per core)"))
    needs = parser.add_argument_group(_("what the study needs (the advice names the cheapest "
                                        "design that meets it)"))
    needs.add_argument("--need-width", type=float, metavar="W",
                       help=_("largest typical interval width wanted, for t, a and p alike "
                              "(default 0.2)"))
    needs.add_argument("--need-power", type=float, metavar="P",
                       help=_("smallest chance wanted that the interval for a excludes --versus "
                              "(default 0.8)"))
    needs.add_argument("--need-right", type=float, metavar="R",
                       help=_("smallest share of subjects whose true class the panel should get "
                              "right (default 0.9)"))
    needs.add_argument("--need", action="append", default=[], metavar="QUANTITY=VALUE",
                       help=_("the need on one quantity, overriding the three above: width_a, "
                              "width_t, width_p (at most), power, accuracy_model, "
                              "accuracy_majority (at least), e.g. --need width_a=0.1; the answer "
                              "sentence is about the first one given (default: width_a)"))
    needs.add_argument("--subject-cost", type=float, metavar="C", default=0.0,
                       help=_("what one subject costs against one rating: a design of R raters "
                              "x N subjects costs N x (R + C) (default 0: ratings only)"))
    targets = parser.add_argument_group(_("or: how many subjects a target needs (searched for each "
                                          "number of --raters, starting from --subjects)"))
    targets.add_argument("--target-width", type=float, metavar="W",
                         help=_("find the subjects needed for the median interval (at --level) to "
                                "be at most W wide (default: none, report the grid)"))
    targets.add_argument("--for", dest="target_for", choices=("a", "t", "p"),
                         help=_("the parameter whose interval --target-width is about (default a)"))
    targets.add_argument("--target-power", type=float, metavar="P",
                         help=_("find the subjects needed for a chance of at least P that the "
                                "interval for a excludes --versus (default: none)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_import_overrides(parser)
    parser.set_defaults(run=run)


def assumed_truth(args: argparse.Namespace) -> tuple[float, float, float, Any]:
    """(t, a, p, where they came from): typed in, or the t-a-p fit of --from DATA."""
    from tapdesk.engine.planning import PlanRequest
    from tapdesk.errors import SettingError
    from tapdesk.i18n import N_
    from tapdesk.i18n.text import Listed, text
    typed = [getattr(args, name) for name in ("t", "a", "p")]
    if args.data is None:
        if args.cut is not None or args.class1:
            raise SettingError(_("--cut and --class1 choose Class 1 in the data of --from DATA; "
                                 "without --from, type in --t, --a and --p"))
        missing = [f"--{name}" for name, v in zip("tap", typed) if v is None]
        if missing:
            # Translators: {options} are the options missing ("--t, --a").
            raise SettingError(_("give {options} (the assumed truth), or estimate all three "
                                 "from data with --from DATA").format(options=", ".join(missing)))
        return (*typed, PlanRequest.source)                   # "typed in"
    if any(v is not None for v in typed):
        raise SettingError(_("give either --t, --a and --p or --from DATA, not both"))
    from tapdesk.cli.common import load_dataset
    from tapdesk.engine import FitRequest, fit
    result = fit(FitRequest(model="tap", class1=tuple(args.class1) if args.class1 else None,
                            cut=args.cut), load_dataset(args).table)
    choice = result.class_choice
    # Translators: where a plan's assumed t, a and p come from (inside the brackets of the plan's
    # first line); {data} is the data file's name, {categories} the categories of Class 1 ("3, 4").
    source = text(N_("the t-a-p fit of {data}, Class 1 = {categories}"),
                  data=result.provenance.file_name or args.data,
                  categories=Listed.of(choice.class1) if choice else "?")
    return result.value("t"), result.value("a"), result.value("p"), source


def level_and_needs(args: argparse.Namespace) -> tuple[float, tuple]:
    """The interval level (--level) and the needs the advice aims at (--need-*), defaults filled.

    Parameters
    ----------
    args
        The parsed command line.

    Returns
    -------
    tuple
        (level, needs): a float and a tuple of
        :class:`~tapdesk.engine.planning.advice.Need`, one per quantity.
    """
    from tapdesk.engine.planning.advice import DEFAULT_POWER, DEFAULT_RIGHT, DEFAULT_WIDTH, default_needs
    from tapdesk.engine.request import DEFAULT_LEVEL, check_level
    from tapdesk.errors import SettingError
    try:
        level = check_level(DEFAULT_LEVEL if args.level is None else level_value(args.level))
    except (SettingError, argparse.ArgumentTypeError) as exc:
        raise SettingError(f"--level: {exc}") from None          # the message is the engine's
    chosen = {"width": args.need_width, "power": args.need_power, "right": args.need_right}
    defaults = {"width": DEFAULT_WIDTH, "power": DEFAULT_POWER, "right": DEFAULT_RIGHT}
    for name, value in chosen.items():
        bad = value is not None and not (0 < value <= 1 if name == "width" else 0 < value < 1)
        if bad:
            # Translators: {option} is an option ("--need-width"); {value} the number typed.
            template = _("{option} must lie above 0 and at most 1; got {value}") \
                if name == "width" else (
                    # Translators: as above.
                    _("{option} must lie above 0 and below 1; got {value}"))
            raise SettingError(template.format(option=f"--need-{name}", value=f"{value:g}"))
    values = {name: defaults[name] if value is None else value for name, value in chosen.items()}
    return level, chosen_needs(default_needs(args.versus, **values), args.need)


def chosen_needs(needs: tuple, given: list[str]) -> tuple:
    """``needs`` with the ``--need QUANTITY=VALUE`` ones in their place, those given first (in
    the order given: the answer sentence is about the first)."""
    from tapdesk.engine.planning.advice import Need
    from tapdesk.errors import SettingError
    keys = [need.key for need in needs]
    named: dict[str, Need] = {}
    for text in given:
        key, _sep, value = text.partition("=")
        key = key.strip().replace("-", "_")
        if key not in keys:
            # Translators: {text} is what the user typed after --need; {key} its quantity;
            # {keys} the quantities a plan has (typed as they are).
            raise SettingError(_("--need {text}: no quantity {key} in this plan; choose one "
                                 "of {keys}").format(text=text, key=formats.quoted(key),
                                                     keys=", ".join(keys)))
        try:
            named[key] = Need(key, float(value))
        except SettingError as exc:
            raise SettingError(f"--need {text}: {exc}") from None
        except ValueError:
            # Translators: {text} is what the user typed after --need; {key} its quantity.
            raise SettingError(_("--need {text}: give a number after '=', e.g. --need "
                                 "{key}=0.2").format(text=text, key=key)) from None
    return (*named.values(), *(need for need in needs if need.key not in named))


class ProgressLine:
    """"simulated 800 of 3200 studies" on stderr, rewritten in place (terminals only)."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()

    def __call__(self, event) -> None:
        from tapdesk.engine.events import StageProgress
        if self.shown and isinstance(event, StageProgress):
            # Translators: progress on the terminal; {done} and {total} are numbers of studies.
            sys.stderr.write("\r" + _("simulated {done} of {total} studies").format(
                done=event.done, total=event.total))
            if event.done == event.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def target_of(args: argparse.Namespace):  # -> Target | None (engine imported lazily)
    """The Target of --target-width/--target-power (with --for); None when neither is given."""
    return make_target(args.target_width, args.target_power, args.target_for)


def make_target(width: float | None, power: float | None, parameter: str | None,
                prefix: str = "--"):  # -> Target | None
    """The Target of a width or power option (with the parameter of a width); None without one.

    Parameters
    ----------
    width, power, parameter
        The values of the options (None when not given).
    prefix
        How the options' names start ("--" for ``tapdesk plan``, "--plan-" for ``tapdesk
        report``), for the words of an error.

    Returns
    -------
    Target or None
    """
    from tapdesk.errors import SettingError
    if width is not None and power is not None:
        # Translators: {width} and {power} are two options as typed.
        raise SettingError(_("give {width} or {power}, not both").format(
            width=f"{prefix}target-width", power=f"{prefix}target-power"))
    if width is None and parameter is not None:
        # Translators: {option} and {width} are options as typed.
        raise SettingError(_("{option} names the parameter of {width}; give {width} too").format(
            option=f"{prefix}for", width=f"{prefix}target-width"))
    kind, value = ("width", width) if width is not None else ("power", power)
    if value is None:
        return None
    # imported only for a target: the planning engine imports scipy.optimize (a sixth of a
    # second), which ``tapdesk report`` without --plan-target-* needs nowhere (issue 29)
    from tapdesk.engine.planning.target import Target
    try:
        return Target(kind, value, parameter or "a")
    except SettingError as exc:       # name the option as this command spells it
        raise SettingError(str(exc), settings=(f"{prefix[2:]}target-{kind}",)) from None


def target_outcome(request, target) -> Outcome:
    """Search the subjects needed for ``target``: the answer as JSON and as text."""
    from tapdesk.engine.planning.target import find_subjects
    from tapdesk.report.plan import target_text
    result = find_subjects(request, target, on_event=ProgressLine())
    return Outcome(result, result.to_dict(), target_text(result) + "\n")


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The plan (or the target search), its JSON and its text."""
    from tapdesk.engine.planning import PlanRequest, parse_counts, plan
    from tapdesk.report.plan import plan_text
    level, needs = level_and_needs(args)
    target = target_of(args)
    t, a, p, source = assumed_truth(args)
    request = PlanRequest(t, a, p, parse_counts(args.raters, "--raters"),
                          parse_counts(args.subjects, "--subjects"), sims=args.sims,
                          seed=args.seed, versus=args.versus, level=level, workers=args.workers,
                          source=source)
    if target is not None:
        return target_outcome(request, target)
    from tapdesk.engine.planning.advice import Costs
    from tapdesk.errors import SettingError
    try:
        costs = Costs(args.subject_cost)
    except SettingError as exc:
        raise SettingError(f"--subject-cost: {exc}") from None
    from dataclasses import replace

    from tapdesk.report.plan import answer_sentence
    result = replace(plan(request, on_event=ProgressLine()), needs=needs, costs=costs)
    return Outcome(result, {"answer": answer_sentence(result), **result.to_dict()},
                   plan_text(result) + "\n")
