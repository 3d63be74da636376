"""``plan``: how many raters and subjects the next study needs.

From t, a, p typed in or estimated from data (the class settings choose Class 1), simulate
studies of every design (raters per subject x subjects), fit each with the t-a-p engine, and
report the expected width of the intervals, the power against ``versus`` and how often the
panel gets a subject's class right, with the cheapest design that meets each need, or that
none does."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapdesk.i18n import _, formats
from tapdesk.library.outcome import Outcome
from tapdesk.library.settings import PlanSettings
from tapdesk.library.values import level_value


def assumed_truth(settings: PlanSettings) -> tuple[float, float, float, Any]:
    """(t, a, p, where they came from): typed in, or the t-a-p fit of --from DATA."""
    from tapdesk.engine.planning import PlanRequest
    from tapdesk.errors import SettingError
    from tapdesk.i18n import N_
    from tapdesk.i18n.text import Listed, text
    typed = [getattr(settings, name) for name in ("t", "a", "p")]
    if settings.data is None:
        if settings.cut is not None or settings.class1:
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
    from tapdesk.engine import FitRequest, fit
    from tapdesk.library.reading import load_dataset
    result = fit(FitRequest(model="tap", class1=tuple(settings.class1) if settings.class1 else None,
                            cut=settings.cut), load_dataset(settings).table)
    choice = result.class_choice
    # Translators: where a plan's assumed t, a and p come from (inside the brackets of the plan's
    # first line); {data} is the data file's name, {categories} the categories of Class 1 ("3, 4").
    source = text(N_("the t-a-p fit of {data}, Class 1 = {categories}"),
                  data=result.provenance.file_name or settings.data,
                  categories=Listed.of(choice.class1) if choice else "?")
    return result.value("t"), result.value("a"), result.value("p"), source


def level_and_needs(settings: PlanSettings) -> tuple[float, tuple]:
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
        level = check_level(DEFAULT_LEVEL if settings.level is None else level_value(settings.level))
    except (SettingError, argparse.ArgumentTypeError) as exc:
        raise SettingError(f"--level: {exc}") from None          # the message is the engine's
    chosen = {"width": settings.need_width, "power": settings.need_power, "right": settings.need_right}
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
    return level, chosen_needs(default_needs(settings.versus, **values), settings.need)


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


def target_of(settings: PlanSettings):  # -> Target | None (engine imported lazily)
    """The Target of --target-width/--target-power (with --for); None when neither is given."""
    return make_target(settings.target_width, settings.target_power, settings.target_for)


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


def outcome(settings: PlanSettings) -> Outcome:
    """The plan (or the target search), its JSON and its text."""
    from tapdesk.engine.planning import PlanRequest, parse_counts, plan
    from tapdesk.report.plan import plan_text
    level, needs = level_and_needs(settings)
    target = target_of(settings)
    t, a, p, source = assumed_truth(settings)
    request = PlanRequest(t, a, p, parse_counts(settings.raters, "--raters"),
                          parse_counts(settings.subjects, "--subjects"), sims=settings.sims,
                          seed=settings.seed, versus=settings.versus, level=level, workers=settings.workers,
                          source=source)
    if target is not None:
        return target_outcome(request, target)
    from tapdesk.engine.planning.advice import Costs
    from tapdesk.errors import SettingError
    try:
        costs = Costs(settings.subject_cost)
    except SettingError as exc:
        raise SettingError(f"--subject-cost: {exc}") from None
    from dataclasses import replace

    from tapdesk.report.plan import answer_sentence
    result = replace(plan(request, on_event=ProgressLine()), needs=needs, costs=costs)
    return Outcome(result, {"answer": answer_sentence(result), **result.to_dict()},
                   plan_text(result) + "\n")
