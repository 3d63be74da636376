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
from tapdesk.engine.words import level_percent, percent
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, NC_, _, formats, ngettext, pgettext
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.deferred import said
from tapdesk.i18n.languages import SOURCE

VERDICTS = ("superior", "non-inferior", "undecided", "inferior")
DEFAULT_MARGIN = 0.10
# Translators: how the rater check's intervals were made, in its summary's "intervals:" line.
PROFILE_METHOD = N_("profile likelihood")
# Translators: how the rater check's intervals were made, in its summary's "intervals:" line.
WALD_METHOD = N_("Wald (delta method, joint observed information)")
CALIBRATION_METHOD = ("parametric bootstrap of the likelihood-ratio signed root at -margin and "
                      "at 0, from the fit held there and from the most accurate panel the data "
                      "allow there (same design, seeded); critical values never below the "
                      "large-sample one")
# Translators: how the rater check's intervals were made, in its summary's "intervals:" line.
CALIBRATED_METHOD = N_("profile likelihood (the difference's ends calibrated for the verdict by a "
                     "parametric bootstrap)")
# Translators: what the rest of the panel's accuracy is, read after "The rest of the panel's
# accuracy is".
PANEL_DEFINITION = N_("the other raters' accuracies, each weighted by the number of ratings that "
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
    """"0.10" (two decimals, more where the margin has them; the language's decimal mark)."""
    written = f"{margin:.4f}".rstrip("0")
    return formats.decimal(margin, max(2, len(written.split(".")[1])))


def points_number(margin: float) -> str:
    """The margin in points, "10", "2.5" (as few decimals as it has; the language's mark)."""
    written = f"{100 * margin:g}"
    return formats.decimal(100 * margin, len(written.partition(".")[2]))


def points_text(margin: float) -> str:
    """"10 points", "2.5 points" (the dialog's unit)."""
    points = round(100 * margin, 4)
    n = int(points) if points == int(points) else 2      # a fraction of a point reads plural
    # Translators: the rater check's margin in points of accuracy; {points} is "10" or "2.5"
    # (a fraction of a point takes the plural form).
    return ngettext("{points} point", "{points} points", n).format(points=points_number(margin))


VERDICT_WORDS = {
    # Translators: the rater check's verdict, after the sentence with the difference's interval;
    # {name} is the rater, {points} the allowed shortfall ("10 points").
    "superior": N_("That interval lies wholly above 0, so these ratings show {name} as more "
                   "accurate than the rest of the panel, and so also within the allowed shortfall "
                   "of {points}."),
    # Translators: the rater check's verdict; {m} is the margin as a difference ("0.10", after a
    # minus sign), {points} the same in points ("10 points"), {name} the rater.
    "non-inferior": N_("That interval lies wholly above \u2212{m} (the allowed shortfall of "
                       "{points}), so these ratings show that {name} falls short of the rest of "
                       "the panel by less than that margin, if at all."),
    # Translators: the rater check's verdict; {m} is the margin as a difference ("0.10", after a
    # minus sign), {points} the same in points ("10 points"), {name} the rater.
    "inferior": N_("That interval lies wholly below \u2212{m} (the allowed shortfall of {points}), "
                   "so these ratings show {name} as less accurate than the rest of the panel by "
                   "more than that margin."),
    # Translators: the rater check's verdict; {m} is the margin as a difference ("0.10", after a
    # minus sign), {points} the same in points ("10 points"), {name} the rater.
    "undecided": N_("That interval reaches both sides of \u2212{m} (the allowed shortfall of "
                    "{points}), so these ratings cannot tell whether {name} falls short of the "
                    "rest of the panel by more than that margin (more subjects would narrow the "
                    "interval)."),
}
"""Each verdict on the difference's interval, a sentence: the margin as a difference
("\u22120.10", the difference's own unit, as on the Raters tab) and in points ("10 points", the
unit the dialog's box and the plain sentence use), never "10.0 points" in the box beside a bare
"0.10"."""

VERDICT_NAMES = {
    # Translators: the rater check's verdict as its summary names it ("Verdict: non-inferior"):
    # more accurate than the rest of the panel.
    "superior": NC_("rater check verdict", "superior"),
    # Translators: the rater check's verdict: not less accurate than the rest of the panel by
    # more than the margin.
    "non-inferior": NC_("rater check verdict", "non-inferior"),
    # Translators: the rater check's verdict: the interval reaches both sides of the margin.
    "undecided": NC_("rater check verdict", "undecided"),
    # Translators: the rater check's verdict: less accurate than the rest of the panel by more
    # than the margin.
    "inferior": NC_("rater check verdict", "inferior"),
}


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
        """The answer in the reader's language, the difference and its interval written as on
        the Raters tab ("difference \u22120.21, 95% interval \u22120.35 to \u22120.07"), then the
        verdict (:data:`VERDICT_WORDS`)."""
        avoid = (0.0, -self.margin)
        low, high = (decimal(v, avoid) for v in self.interval)
        numbers = {"rater": self.rater, "share": percent(self.rater_accuracy),
                   "others": self.others_words(), "panel_share": percent(self.panel_accuracy),
                   "difference": decimal(self.difference, avoid),
                   "level": level_percent(self.level), "low": low, "high": high}
        if self.interval_calibrated():
            # Translators: the rater check's answer; {rater} is the rater, {share} and
            # {panel_share} accuracies ("54%"), {others} the rest of the panel ("the other 3
            # raters, weighted by their ratings"), {difference} "\u22120.21", {level} "95%", {low}
            # and {high} the difference's interval; the verdict's sentence follows.
            head = _("Rater {rater}'s accuracy is estimated at {share}, the rest of the panel's "
                     "({others}) at {panel_share}; difference {difference}, {level} interval {low} "
                     "to {high} (calibrated for the margin question, so wider than on the Raters "
                     "tab).").format(**numbers)
        else:
            # Translators: the rater check's answer; {rater} is the rater, {share} and
            # {panel_share} accuracies ("54%"), {others} the rest of the panel ("the other 3
            # raters, weighted by their ratings"), {difference} "\u22120.21", {level} "95%", {low}
            # and {high} the difference's interval; the verdict's sentence follows.
            head = _("Rater {rater}'s accuracy is estimated at {share}, the rest of the panel's "
                     "({others}) at {panel_share}; difference {difference}, {level} interval {low} "
                     "to {high}.").format(**numbers)
        verdict_words = _(VERDICT_WORDS[self.verdict]).format(
            name=self.rater, m=margin_text(self.margin), points=points_text(self.margin))
        return f"{head} {verdict_words}"

    def others_words(self) -> str:
        """"the other rater", "the other 3 raters, weighted by their ratings"."""
        n = len(self.others)
        if n == 1:
            # Translators: the rest of the panel when it is one rater, inside parentheses.
            return _("the other rater")
        # Translators: the rest of the panel, inside parentheses; {n} is a number of raters.
        return ngettext("the other {n} rater, weighted by their ratings",
                        "the other {n} raters, weighted by their ratings", n).format(
                            n=formats.integer(n))

    def interval_calibrated(self) -> bool:
        """Whether the interval is not the Raters tab's (calibrated, so wider)."""
        return self.calibration is not None and self.interval != self.calibration.uncalibrated

    def margin_sentence(self) -> str:
        """What the margin and the level mean for this verdict."""
        # Translators: the rater check's margin explained; {margin} is "0.10", {points} "10
        # points", {panel} says how the rest of the panel's accuracy is made, {level} the
        # interval's level ("95%"), {one_sided} "97.5%", {error} "2.5%", {calibration} how the
        # interval was made to keep that promise (a clause).
        return _("The margin is the shortfall you accept: a rater up to {margin} ({points}) of "
                 "accuracy below the rest of the panel still counts as good enough. Accuracy is "
                 "the share of ratings given accurately rather than guessed, not the share that "
                 "are right (a guess can be right too). The rest of the panel's accuracy is "
                 "{panel}. The verdict reads the {level} interval, whose "
                 "lower end is a one-sided {one_sided} bound: a rater exactly at the margin is "
                 "meant to pass by mistake in no more than {error} of studies "
                 "({calibration}).").format(
                     margin=margin_text(self.margin), points=points_text(self.margin),
                     panel=_(PANEL_DEFINITION), level=level_percent(self.level),
                     one_sided=level_percent((1 + self.level) / 2),
                     error=level_percent((1 - self.level) / 2),
                     calibration=self.calibration_words())

    def plain_margin_sentence(self) -> str:
        """What the margin and the level mean, in a committee's words (the working screen; the
        statistics are in :meth:`margin_sentence`)."""
        # Translators: the rater check's margin in a committee's words; {points} is "10 points",
        # {error} a share of studies ("2.5%").
        return _("The margin is the shortfall you accept: a rater up to {points} of accuracy "
                 "below the rest of the panel still counts as good enough (accuracy: the share of "
                 "ratings given accurately rather than guessed). A rater exactly at "
                 "the margin would be passed by mistake in at most {error} of studies like this "
                 "one.").format(points=points_text(self.margin),
                                error=level_percent((1 - self.level) / 2))

    def calibration_words(self) -> str:
        """How the difference's interval was made to keep that promise (a clause)."""
        found = self.calibration
        if found is None:
            # Translators: a clause inside parentheses at the end of the rater check's margin
            # sentence: how its interval keeps the promised error rate.
            return _("the interval is a large-sample one, not calibrated by simulation: with "
                     "this many raters or ratings that would take too long, so with few "
                     "subjects the real rate can be a little higher")
        if not found.simulated:
            # Translators: a clause inside parentheses at the end of the rater check's margin
            # sentence.
            return _("the interval is the Raters tab's; it reaches the margin, so no verdict "
                     "needed calibrating")
        n = found.resamples
        # Translators: a clause inside parentheses at the end of the rater check's margin
        # sentence; {n} is a number of simulated studies ("399").
        return ngettext("where the interval came near a verdict, {n} study like this one, with "
                        "the same subjects and raters, was simulated and refitted to calibrate "
                        "it, also for a panel as accurate as these data allow, so that this holds "
                        "on small panels too",
                        "where the interval came near a verdict, {n} studies like this one, with "
                        "the same subjects and raters, were simulated and refitted to calibrate "
                        "it, also for a panel as accurate as these data allow, so that this holds "
                        "on small panels too", n).format(n=_count(n))

    def method_words(self) -> str:
        """How the intervals were made, in the reader's language (the JSON keeps the English)."""
        if is_source():
            return self.method
        return formats.joined([_(part) for part in self.method.split(" and ")])

    def verdict_name(self) -> str:
        """The verdict's name in the reader's language ("non-inferior"; ``verdict`` keeps the
        code, the --json output's word)."""
        return pgettext("rater check verdict", VERDICT_NAMES[self.verdict])

    def summary(self) -> tuple[str, ...]:
        """The plain-words answer, the margin explained, then the numbers."""
        lv = level_percent(self.level)
        # Translators: a line of the rater check's summary; {verdict} is its verdict's name.
        verdict = _("Verdict: {verdict}").format(verdict=self.verdict_name())
        # Translators: a line of the rater check's summary; {rater} is the rater, {a} the
        # accuracy ("0.712"), {level} "95%", {low} and {high} its interval's ends.
        rater = _("Rater {rater}: a = {a} ({level} interval {low} to {high})").format(
            rater=self.rater, a=fmt(self.rater_accuracy), level=lv,
            low=fmt(self.rater_interval[0]), high=fmt(self.rater_interval[1]))
        # Translators: a line of the rater check's summary; {raters} names the other raters
        # ("R2, R3"), {a} their weighted accuracy, {level} "95%", {low} and {high} its interval.
        panel = _("Rest of the panel ({raters}), weighted by ratings: a = {a} ({level} interval "
                  "{low} to {high})").format(
                      raters=names_shown(self.others), a=fmt(self.panel_accuracy), level=lv,
                      low=fmt(self.panel_interval[0]), high=fmt(self.panel_interval[1]))
        # Translators: a line of the rater check's summary; {difference} is "\u22120.21",
        # {level} "95%", {low} and {high} its interval, {margin} "0.10", {points} "10 points".
        difference = _("Difference: {difference} ({level} interval {low} to {high}); margin "
                       "{margin} ({points})").format(
                           difference=decimal(self.difference), level=lv,
                           low=decimal(self.interval[0]), high=decimal(self.interval[1]),
                           margin=margin_text(self.margin), points=points_text(self.margin))
        # Translators: a line of the rater check's summary; {n} is a number of subjects, {level}
        # "95%", {method} how the intervals were made ("profile likelihood").
        subjects = _("Subjects: {n}; intervals: {level} {method}, from the per-rater t-a-p fit of "
                     "the whole panel").format(n=_count(self.n_subjects), level=lv,
                                               method=self.method_words())
        return (self.sentence(), self.margin_sentence(), "", verdict, rater, panel, difference,
                subjects)

    def as_json(self) -> dict[str, Any]:
        """Every number, with the keys ``verdict``, ``difference``, ``interval``, ``margin``,
        ``level``; the sentences in English whatever the language (machine output)."""
        with language(SOURCE):
            sentence, margin_sentence = self.sentence(), self.margin_sentence()
        return {"rater": self.rater, "verdict": self.verdict, "difference": self.difference,
                "interval": list(self.interval), "margin": self.margin, "level": self.level,
                "rater_accuracy": self.rater_accuracy, "rater_interval": list(self.rater_interval),
                "panel_accuracy": self.panel_accuracy, "panel_interval": list(self.panel_interval),
                "panel_definition": PANEL_DEFINITION,
                "others": list(self.others), "n_subjects": self.n_subjects,
                "method": self.method, "one_sided_level": (1 + self.level) / 2,
                "calibration": self.calibration_json(),
                "sentence": sentence, "margin_sentence": margin_sentence}

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


def _count(n: int) -> str:
    """A count: as English always wrote it ("1000"), grouped in other languages ("1.000")."""
    return str(n) if is_source() else formats.integer(n)


def names_shown(names: list[str] | tuple[str, ...], most: int = 12) -> str:
    """"R1, R2, R3" (the first ``most`` names, then " ...")."""
    return ", ".join(names[:most]) + (" ..." if len(names) > most else "")
