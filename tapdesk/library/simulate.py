"""``simulate``: seeded 0/1 ratings drawn from the t-a-p model (or the expected counts), as a
DataFrame and as the CSV file the command writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapdesk.engine.binary.simulate import TapParameters
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats
from tapdesk.library.settings import SimulateSettings

if TYPE_CHECKING:
    import pandas as pd


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


def check_ranges(settings: SimulateSettings) -> None:
    for name in ("t", "a", "p", "a0", "a1", "p0", "p1"):
        value = getattr(settings, name)
        if value is not None and not (0.0 <= value <= 1.0):
            # Translators: {option} is an option ("--a"); {value} the number typed.
            raise SettingError(_("{option} must lie between 0 and 1; got {value}").format(
                option=f"--{name}", value=f"{value:g}"))


def parameters(settings: SimulateSettings) -> tuple[TapParameters, int]:
    check_ranges(settings)
    rater_a = parse_list(settings.rater_a) if settings.rater_a else None
    raters = settings.raters if settings.raters is not None else (len(rater_a) if rater_a else None)
    if raters is None:
        raise SettingError(_("give the number of raters with --raters (or a list with --rater-a)"))
    if rater_a is not None and len(rater_a) != raters:
        # Translators: {n} and {raters} are numbers the user gave.
        raise SettingError(_("--rater-a lists {n} accuracies but --raters is {raters}").format(
            n=len(rater_a), raters=raters))
    if rater_a is not None and (settings.a0 is not None or settings.a1 is not None):
        raise SettingError(_("use either --rater-a or --a0/--a1, not both"))
    a = settings.a
    if a is None:
        if rater_a is not None:
            a = sum(rater_a) / len(rater_a)
        elif settings.a0 is not None and settings.a1 is not None:
            a = (settings.a0 + settings.a1) / 2
        else:
            raise SettingError(_("give the accuracy --a (or both --a0 and --a1, or --rater-a)"))
    p = settings.p
    if p is None:
        if settings.p0 is not None and settings.p1 is not None:
            p = (settings.p0 + settings.p1) / 2
        else:
            raise SettingError(_("give the guess rate --p (or both --p0 and --p1)"))
    if settings.subjects < 1 or raters < 1:
        raise SettingError(_("--subjects and --raters must be at least 1"))
    return TapParameters(settings.t, a, p, settings.a0, settings.a1, settings.p0, settings.p1,
                         rater_a), raters


def simulated(settings: SimulateSettings) -> pd.DataFrame:
    """The ratings (or with ``exact`` the expected counts) as a DataFrame, written to
    ``settings.out`` as the command writes them when it names a file."""
    from tapdesk.engine.binary.simulate import expected_frame, simulated_frame, write_simulation_csv
    params, n_raters = parameters(settings)
    if settings.out:
        write_simulation_csv(settings.out, params, settings.subjects, n_raters, settings.seed,
                             exact=settings.exact)
    if settings.exact:
        return expected_frame(params, settings.subjects, n_raters)
    return simulated_frame(params, settings.subjects, n_raters, settings.seed)
