"""The rater check's request, result and words (issue 30, part 4; issue 39; the method is
described in :mod:`tapdesk.engine.raters.check`).

The difference and its interval are written as the Raters tab and the feedback sheets write a
rater's comparison with the rest of the panel (:func:`~tapdesk.engine.rater_words.signed`:
"difference \u22120.21, 95% interval \u22120.35 to \u22120.07"), never in points, so one difference never
reads in two units."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapdesk.engine.rater_words import signed
from tapdesk.engine.raters.check_calibration import CalibratedInterval
from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest, check_level
from tapdesk.engine.results import fmt, number_text
from tapdesk.engine.words import count, level_percent, percent
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import said

VERDICTS = ("superior", "non-inferior", "undecided", "inferior")
DEFAULT_MARGIN = 0.10
PROFILE_METHOD = "profile likelihood"
WALD_METHOD = "Wald (delta method, joint observed information)"
CALIBRATION_METHOD = ("parametric bootstrap of the likelihood-ratio signed root at -margin and "
                      "at 0, from the fit held there and from the most accurate panel the data "
                      "allow there (same design, seeded); critical values never below the "
                      "large-sample one")
CALIBRATED_METHOD = ("profile likelihood (the difference's ends calibrated for the verdict by a "
                     "parametric bootstrap)")
PANEL_DEFINITION = ("the other raters' accuracies, each weighted by the number of ratings that "
                    "rater gave (as on the Raters tab)")
Interval = tuple[float, float]


def verdict(interval: Interval, margin: float) -> str:
    """The verdict for a difference whose interval is ``interval``, at shortfall ``margin``.

    ``superior`` when the lower end is above 0, ``non-inferior`` when it is
    above -margin, ``inferior`` when the upper end is below -margin, else
    ``undecided``.
    """
    low, high = interval
    if low > 0:
        return "superior"
    if low > -margin:
        return "non-inferior"
    if high < -margin:
        return "inferior"
    return "undecided"


@dataclass(frozen=True)
class RaterCheckRequest:
    """Everything that decides a rater check.

    Parameters
    ----------
    rater
        The checked rater's identity, as in the data.
    margin
        The allowed shortfall in accuracy (0.10: the rater may be up to 10
        points less accurate than the panel and still pass), in [0, 1).
    class1, cut
        How Class 1 is formed (as in :class:`~tapdesk.engine.request.FitRequest`).
    level
        Level L of the two-sided interval; the test is one-sided at (1 + L) / 2.
    seed, n_starts
        The per-rater fit's random seed and number of EM starts.
    """

    rater: str
    margin: float = DEFAULT_MARGIN
    class1: tuple[str, ...] | None = None
    cut: str | None = None
    level: float = DEFAULT_LEVEL
    seed: int = FitRequest.seed
    n_starts: int = 4

    def __post_init__(self) -> None:
        if self.class1 is not None and not isinstance(self.class1, tuple):
            object.__setattr__(self, "class1", tuple(str(c) for c in self.class1))
        object.__setattr__(self, "rater", str(self.rater))
        check_level(self.level)
        if not 0 <= self.margin < 1:
            # Translators: {value} is the margin given ("1.5"); 0.10 is typed as it is.
            raise SettingError(said("the margin must be between 0 and 1 (0.10 for 10 points of "
                                    "accuracy), not {value}", value=str(self.margin)),
                               settings=("margin",))

    def fit_request(self) -> FitRequest:
        """The per-rater fit the check reads."""
        return FitRequest(model="per-rater", class1=self.class1, cut=self.cut, seed=self.seed,
                          n_starts=self.n_starts, level=self.level)


def decimal(value: float, avoid: tuple[float, ...] = ()) -> str:
    """A difference as the Raters tab writes it ("+0.24", "\u22120.17",
    :func:`~tapdesk.engine.rater_words.signed`), with a digit more where it would otherwise
    read as one of ``avoid`` (0 or -margin) without being it."""
    text = signed(value)
    for digits in (2, 3, 4):
        if digits > 2:
            text = number_text(value, f"+.{digits}f")
        if not any(round(value, digits) == round(a, digits) and abs(value - a) > 1e-12
                   for a in avoid):
            break
    return text


def margin_text(margin: float) -> str:
    """"0.10" (two decimals, more where the margin has them)."""
    text = f"{margin:.4f}".rstrip("0")
    return text + "0" * max(0, 2 - len(text.split(".")[1]))


VERDICT_WORDS = {
    "superior": "lies wholly above 0, so {name} is more accurate than the rest of the panel "
                "(and so certainly within the allowed shortfall of {points})",
    "non-inferior": "lies wholly above \u2212{m} (the allowed shortfall of {points}), so {name} is "
                    "at least as accurate as the rest of the panel within that margin",
    "inferior": "lies wholly below \u2212{m} (the allowed shortfall of {points}), so {name} is less "
                "accurate than the rest of the panel by more than that margin",
    "undecided": "reaches both sides of \u2212{m} (the allowed shortfall of {points}), so these "
                 "ratings cannot tell whether {name} is within that margin of the rest of the "
                 "panel (more subjects would narrow the interval)",
}
"""Each verdict on the difference's interval: the margin as a difference ("\u22120.10", the
difference's own unit, as on the Raters tab) and in points ("10 points", the unit the dialog's
box and the plain sentence use), never "10.0 points" in the box beside a bare "0.10"."""


def points_text(margin: float) -> str:
    """"10 points", "2.5 points" (the dialog's unit)."""
    return f"{100 * margin:g} points"


@dataclass(frozen=True)
class RaterCheckResult:
    """A rater's accuracy against the rest of the panel's, with the verdict at the request's
    margin and level.

    ``difference`` is the rater's accuracy minus ``panel_accuracy`` (the other
    raters' accuracies weighted by their ratings: the per-rater fit's own
    comparison), ``interval`` its two-sided interval at ``level``; ``method``
    says how the intervals were found, and ``calibration`` (None for Wald
    intervals) how the difference's was calibrated for the verdict.
    """

    request: RaterCheckRequest
    rater_accuracy: float
    rater_interval: Interval
    panel_accuracy: float
    panel_interval: Interval
    difference: float
    interval: Interval
    others: tuple[str, ...]
    n_subjects: int
    method: str
    calibration: CalibratedInterval | None = None

    @property
    def rater(self) -> str:
        return self.request.rater

    @property
    def margin(self) -> float:
        return self.request.margin

    @property
    def level(self) -> float:
        return self.request.level

    @property
    def verdict(self) -> str:
        return verdict(self.interval, self.margin)

    def sentence(self) -> str:
        """The answer in one sentence, the difference and its interval written as on the Raters
        tab ("difference \u22120.21, 95% interval \u22120.35 to \u22120.07")."""
        avoid = (0.0, -self.margin)
        low, high = (decimal(v, avoid) for v in self.interval)
        others = "the other rater" if len(self.others) == 1 else \
            f"the other {count(len(self.others), 'rater')}, weighted by their ratings"
        verdict_words = VERDICT_WORDS[self.verdict].format(
            name=self.rater, m=margin_text(self.margin), points=points_text(self.margin))
        return (f"Rater {self.rater} is accurate {percent(self.rater_accuracy)} of the time, the "
                f"rest of the panel ({others}) {percent(self.panel_accuracy)}; difference "
                f"{decimal(self.difference, avoid)}, {level_percent(self.level)} interval {low} to "
                f"{high}{self.interval_note()}. That interval {verdict_words}.")

    def interval_note(self) -> str:
        """Says when the interval is not the Raters tab's ("" when it is)."""
        if self.calibration is not None and self.interval != self.calibration.uncalibrated:
            return " (calibrated for the margin question, so wider than on the Raters tab)"
        return ""

    def margin_sentence(self) -> str:
        """What the margin and the level mean for this verdict."""
        return (f"The margin is the shortfall you accept: a rater up to {margin_text(self.margin)} "
                f"({100 * self.margin:g} points) of accuracy below the rest of the panel still "
                f"counts as good enough. The rest of the panel's accuracy is {PANEL_DEFINITION}. "
                f"The verdict reads the {level_percent(self.level)} interval, whose lower end is a "
                f"one-sided {level_percent((1 + self.level) / 2)} bound: a rater exactly at the "
                f"margin is meant to pass by mistake no more than "
                f"{level_percent((1 - self.level) / 2)} of the time ({self.calibration_words()}).")

    def plain_margin_sentence(self) -> str:
        """What the margin and the level mean, in a committee's words (the working screen; the
        statistics are in :meth:`margin_sentence`)."""
        return (f"The margin is the shortfall you accept: a rater up to "
                f"{points_text(self.margin)} of accuracy below the rest of the panel still "
                f"counts as good enough. "
                f"A rater exactly at the margin would be passed by mistake in at most "
                f"{level_percent((1 - self.level) / 2)} of studies like this one.")

    def calibration_words(self) -> str:
        """How the difference's interval was made to keep that promise."""
        found = self.calibration
        if found is None:
            return ("the interval is a large-sample one, not calibrated by simulation: with "
                    "this many raters or ratings that would take too long, so with few subjects "
                    "the real rate can be a little higher")
        if not found.simulated:
            return ("the interval is the Raters tab's; it reaches the margin, so no verdict "
                    "needed calibrating")
        return (f"where the interval came near a verdict, {found.resamples} studies like this "
                "one, with the same subjects and raters, were simulated and refitted to "
                "calibrate it, also for a panel as accurate as these data allow, so that this "
                "holds on small panels too")

    def summary(self) -> tuple[str, ...]:
        """The plain-words answer, the margin explained, then the numbers."""
        lv = level_percent(self.level)
        return (self.sentence(), self.margin_sentence(), "",
                f"Verdict: {self.verdict}",
                f"Rater {self.rater}: a = {fmt(self.rater_accuracy)} ({lv} interval "
                f"{fmt(self.rater_interval[0])} to {fmt(self.rater_interval[1])})",
                f"Rest of the panel ({names_shown(self.others)}), weighted by ratings: a = "
                f"{fmt(self.panel_accuracy)} ({lv} interval {fmt(self.panel_interval[0])} to "
                f"{fmt(self.panel_interval[1])})",
                f"Difference: {decimal(self.difference)} ({lv} interval "
                f"{decimal(self.interval[0])} to {decimal(self.interval[1])}); margin "
                f"{margin_text(self.margin)} ({100 * self.margin:g} points)",
                f"Subjects: {self.n_subjects}; intervals: {lv} {self.method}, from the "
                "per-rater t-a-p fit of the whole panel")

    def as_json(self) -> dict[str, Any]:
        """Every number, with the keys ``verdict``, ``difference``, ``interval``, ``margin``,
        ``level``."""
        return {"rater": self.rater, "verdict": self.verdict, "difference": self.difference,
                "interval": list(self.interval), "margin": self.margin, "level": self.level,
                "rater_accuracy": self.rater_accuracy, "rater_interval": list(self.rater_interval),
                "panel_accuracy": self.panel_accuracy, "panel_interval": list(self.panel_interval),
                "panel_definition": PANEL_DEFINITION,
                "others": list(self.others), "n_subjects": self.n_subjects,
                "method": self.method, "one_sided_level": (1 + self.level) / 2,
                "calibration": self.calibration_json(),
                "sentence": self.sentence(), "margin_sentence": self.margin_sentence()}

    def calibration_json(self) -> dict[str, Any]:
        """How the difference's interval was calibrated: ``method`` in words, and for a
        simulation the studies per simulated point, the seed, the critical values of the
        signed root used at the (lower, upper) end, the interval before calibration and each
        test (hypothesis value, observed signed root, critical value or None where nothing
        was simulated, and those simulated at the fit and at the most accurate panel)."""
        found = self.calibration
        if found is None:
            return {"method": "none (large-sample Wald interval)"}
        return {"method": CALIBRATION_METHOD, "resamples_per_point": found.resamples,
                "seed": self.request.seed, "critical_values": list(found.critical),
                "uncalibrated_interval": list(found.uncalibrated),
                "tests": [{"d0": t.d0, "signed_root": t.root, "critical_value": t.critical,
                           "simulated_critical_values": list(t.simulated)} for t in found.tests]}


def names_shown(names: list[str] | tuple[str, ...], most: int = 12) -> str:
    """"R1, R2, R3" (the first ``most`` names, then " ...")."""
    return ", ".join(names[:most]) + (" ..." if len(names) > most else "")
