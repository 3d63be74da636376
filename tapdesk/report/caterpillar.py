"""The caterpillar plot's content (no Qt): each rater's accuracy with its interval, lowest to
highest, the panel's mean, and pooled estimates beside them when a result has them.

:func:`caterpillar` decides once what is drawn and what the caption says; the app's Plots tab
and the report draw it with :func:`tapdesk.render.plots.builders.rater_accuracy_plot`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from tapdesk.engine.results import Estimate, FitResult
from tapdesk.engine.words import interval_name, parameter_words
from tapdesk.i18n import N_, _, ngettext
from tapdesk.i18n.formats import ends, in_sentence, integer, quoted
from tapdesk.report.axis_names import AxisNames, axis_names
from tapdesk.report.local_words import fixed as fmt
from tapdesk.report.local_words import interval_title

NAMES_ON_AXIS = 20
"""Up to this many raters the axis names each; beyond it the axis counts ranks and the name
is shown on hover (in the app) and in the Raters tab."""

FLOOR = 0.0
"""The axis starts here: every per-rater quantity the plot draws is a probability (an accuracy,
a rate). The binary per-rater model lets an accuracy go below 0, a rater whose ratings lean
the opposite way (below chance); such a rater is drawn at 0 with a mark of its own, an interval
reaching below 0 is cut there, and the caption says both in words."""


@dataclass(frozen=True)
class RaterPoint:
    """One rater's estimate: ``named`` when flagged or named as different from the panel."""

    rater_id: str
    n_ratings: int
    value: float
    interval: tuple[float, float] | None
    named: bool = False

    def tip(self, words: str) -> str:
        """What hovering over the point says, in the current language."""
        ci = f" ({ends(fmt(self.interval[0]), fmt(self.interval[1]))})" if self.interval else ""
        quantity = in_sentence(words)
        what = f"{quantity} {fmt(self.value)}{ci}"
        if self.below:
            # Translators: a rater's point on the chart, hovered; {quantity} "accuracy",
            # {estimate} the estimate and its interval ("-0.150 (-0.250 to -0.050)").
            what = _("{quantity} below chance, drawn at 0 (estimate {estimate})").format(
                quantity=quantity, estimate=f"{fmt(self.value)}{ci}")
        # Translators: {n} a count of ratings.
        ratings = ngettext("{n} rating", "{n} ratings", self.n_ratings).format(
            n=integer(self.n_ratings))
        mark = "\n" + _("flagged or named as different") if self.named else ""
        return f"{self.rater_id}: {what}\n{ratings}{mark}"

    @property
    def below(self) -> bool:
        """The estimate lies below the axis (:data:`FLOOR`): drawn there, with its own mark."""
        return self.value < FLOOR

    @property
    def reaches_below(self) -> bool:
        """The estimate or its interval lies partly below the axis."""
        return self.below or (self.interval is not None and self.interval[0] < FLOOR)

    @property
    def shown(self) -> float:
        """Where the point is drawn: its estimate, or the axis's floor below it."""
        return max(self.value, FLOOR)

    @property
    def shown_interval(self) -> tuple[float, float] | None:
        """The interval as drawn: cut at the axis's floor."""
        if self.interval is None:
            return None
        return max(self.interval[0], FLOOR), max(self.interval[1], FLOOR)


@dataclass(frozen=True)
class Caterpillar:
    """The raters sorted by their estimate of ``quantity``; ``pooled`` parallel to ``points``
    (None where a rater has no pooled estimate), empty when the result has none."""

    quantity: str
    words: str
    points: tuple[RaterPoint, ...]
    panel_mean: float
    caption: str
    pooled: tuple[RaterPoint | None, ...] = ()
    axis: AxisNames = AxisNames(())
    # Translators: the legend's name of the second series of the raters' plot: each rater's
    # estimate drawn toward the panel.
    second_name: str = N_("pooled estimate")
    """What the second series is, in the legend (English, marked: translated where drawn)."""

    @property
    def names_on_axis(self) -> bool:
        return self.axis.shown


def plotted_quantity(result: FitResult) -> str | None:
    """The per-rater estimate drawn: accuracy "a" where the model has it, else the first."""
    if not result.raters or not result.raters[0].estimates:
        return None
    names = [e.name for e in result.raters[0].estimates if e.category is None]
    return "a" if "a" in names else names[0] if names else None


def _point(rater_id: str, n: int, est: Estimate | None, named: bool) -> RaterPoint | None:
    if est is None or not est.identified or not math.isfinite(est.value):
        return None
    return RaterPoint(rater_id, n, float(est.value), est.ci, named)


def caterpillar(result: FitResult, pooled: Mapping[str, Estimate] | None = None
                ) -> Caterpillar | None:
    """What the caterpillar plot draws, or None for a result without per-rater estimates.

    ``pooled`` ({rater id: estimate}) adds a second series, e.g. the partially pooled
    accuracies of a hierarchical model, drawn beside each rater's own.
    """
    quantity = plotted_quantity(result)
    if quantity is None:
        return None
    differ = {c.rater_id for c in result.comparisons if c.differs}
    points = []
    for r in result.raters:
        est = next((e for e in r.estimates if e.name == quantity and e.category is None), None)
        point = _point(r.rater_id, r.n_ratings, est, bool(r.flagged) or r.rater_id in differ)
        if point is not None:
            points.append(point)
    if not points:
        return None
    points.sort(key=lambda p: p.value)
    weight = sum(p.n_ratings for p in points)
    mean = (sum(p.value * p.n_ratings for p in points) / weight if weight
            else sum(p.value for p in points) / len(points))
    second: tuple[RaterPoint | None, ...] = ()
    own_series = pooled is None and quantity == "a" and result.pooling is not None
    if own_series:                    # a pooled fit: its raters are pooled; beside them, their own
        pooled = own_ratings_only(result)
    if pooled:
        second = tuple(_point(p.rater_id, p.n_ratings, pooled.get(p.rater_id), False)
                       for p in points)
    words = parameter_words(quantity)
    axis = (axis_names([p.rater_id for p in points]) if len(points) <= NAMES_ON_AXIS
            else AxisNames(()))
    return Caterpillar(quantity, words, tuple(points), mean,
                       caterpillar_caption(result, words, points, mean, bool(pooled), axis,
                                           own_series),
                       second, axis, N_("own ratings only") if own_series else N_("pooled estimate"))


def own_ratings_only(result: FitResult) -> dict[str, Estimate]:
    """A pooled fit's per-rater accuracies from each rater's own ratings alone (no pooling)."""
    pooling = result.pooling
    if pooling is None:
        return {}
    return {r.rater_id: Estimate("a", r.unpooled["a"].value, None, r.unpooled["a"].interval)
            for r in pooling.raters if "a" in r.unpooled}


def caterpillar_caption(result: FitResult, words: str, points: list[RaterPoint], mean: float,
                        pooled: bool, axis: AxisNames, own_series: bool = False) -> str:
    """The caption: what each mark is (one sentence each)."""
    bars = any(p.interval for p in points)
    parts = [_first_sentence(result, words, len(points), bars)]
    # Translators: a figure's caption; {quantity} is what is plotted ("accuracy"), {mean} a number.
    parts.append(_("The dashed line is the panel's mean {quantity}, {mean} (each rater weighted by "
                   "their number of ratings).").format(quantity=in_sentence(words), mean=fmt(mean)))
    if any(p.named for p in points):
        parts.append(_("Orange points: raters flagged or named as different from the rest of the "
                       "panel."))
    parts.extend(below_chance_lines(plotted_quantity(result) or "", words, points))
    if own_series:
        parts.append(_("These are pooled estimates, drawn toward the panel; the hollow diamonds "
                       "beside them are each rater's estimate from their own ratings alone."))
    elif pooled:
        parts.append(_("Hollow diamonds beside them: the pooled estimates, which borrow strength "
                       "from the whole panel."))
    if len(points) > NAMES_ON_AXIS:
        parts.append(_("With this many raters the axis gives their rank, not their names: in the "
                       "app, hover over a point to see who it is; the Raters tab lists them all."))
    elif not axis.shown:
        parts.append(_("The raters' names are too long for the axis, which gives their rank: in "
                       "the app, hover over a point to see who it is; the Raters tab lists them."))
    elif axis.prefix:
        # Translators: {prefix} is what every rater's name begins with ("Judge ").
        parts.append(_("The axis shows each rater's name without the {prefix} every name begins "
                       "with.").format(prefix=quoted(axis.prefix)))
    return " ".join(parts)


def _first_sentence(result: FitResult, words: str, n: int, bars: bool) -> str:
    if bars:
        # Translators: a figure's caption; {quantity} is what is plotted ("Accuracy"), {n} the
        # number of raters, {interval_name} "95% interval".
        return ngettext("{quantity} of each of the {n} rater, lowest to highest, with its "
                        "{interval_name} (bars).", "{quantity} of each of the {n} raters, lowest to "
                        "highest, with its {interval_name} (bars).", n).format(
            quantity=words, n=integer(n),
            interval_name=interval_title(interval_name(result.method, result.level)))
    # Translators: as above, for a model without intervals.
    return ngettext("{quantity} of each of the {n} rater, lowest to highest (this model gives no "
                    "interval for it).", "{quantity} of each of the {n} raters, lowest to highest "
                    "(this model gives no interval for it).", n).format(quantity=words, n=integer(n))


def below_chance_lines(quantity: str, words: str, points: list[RaterPoint]) -> list[str]:
    """What the caption says of raters whose estimate or interval lies below 0, where the axis
    starts: none is drawn below it, and why (an accuracy, ``quantity`` "a", under 0 is below
    chance). Whole sentences, one template for each case."""
    below = [p for p in points if p.below]
    reaching = [p for p in points if p.reaches_below and not p.below]
    accuracy = quantity == "a"
    lines = []
    if below:
        lines.append(_below_sentence(len(below), in_sentence(words), accuracy,
                                     any(p.interval for p in below)))
    if reaching:
        lines.append(_reaching_sentence(len(reaching), accuracy, bool(below)))
    return lines


def _below_sentence(n: int, what: str, accuracy: bool, cut: bool) -> str:
    """"2 raters have an estimated accuracy under 0 (below chance): ... drawn as downward
    triangles, with their intervals cut off at 0." An accuracy's sentences name it in their own
    words (a language's article or elision before "accuracy" is its own: "d'exactitude"); any
    other quantity is named by ``what``."""
    if accuracy and cut:
        # Translators: a figure's caption; {n} is a number of raters; an accuracy under 0 is
        # below chance.
        template = ngettext(
            "{n} rater has an estimated accuracy under 0 (below chance): its ratings lean the "
            "opposite way. The axis stops at 0, where it is drawn as a downward triangle, with its "
            "interval cut off at 0.",
            "{n} raters have an estimated accuracy under 0 (below chance): their ratings lean "
            "the opposite way. The axis stops at 0, where they are drawn as downward triangles, "
            "with their intervals cut off at 0.", n)
    elif accuracy:
        # Translators: as above, for raters drawn without intervals.
        template = ngettext(
            "{n} rater has an estimated accuracy under 0 (below chance): its ratings lean the "
            "opposite way. The axis stops at 0, where it is drawn as a downward triangle.",
            "{n} raters have an estimated accuracy under 0 (below chance): their ratings lean "
            "the opposite way. The axis stops at 0, where they are drawn as downward triangles.", n)
    elif cut:
        # Translators: a figure's caption; {n} is a number of raters, {quantity} what is plotted
        # (a quantity other than accuracy, "false-positive rate"): write it so that any
        # quantity's name fits, with no article or elision that depends on the name.
        template = ngettext(
            "{n} rater has an estimated {quantity} under 0: its ratings lean the opposite way. The "
            "axis stops at 0, where it is drawn as a downward triangle, with its interval cut off "
            "at 0.",
            "{n} raters have an estimated {quantity} under 0: their ratings lean the opposite way. "
            "The axis stops at 0, where they are drawn as downward triangles, with their intervals "
            "cut off at 0.", n)
    else:
        # Translators: as above, for raters drawn without intervals.
        template = ngettext(
            "{n} rater has an estimated {quantity} under 0: its ratings lean the opposite way. The "
            "axis stops at 0, where it is drawn as a downward triangle.",
            "{n} raters have an estimated {quantity} under 0: their ratings lean the opposite way. "
            "The axis stops at 0, where they are drawn as downward triangles.", n)
    return template.format(n=integer(n), quantity=what)


def _reaching_sentence(n: int, accuracy: bool, others: bool) -> str:
    """"The interval of 1 other rater reaches below 0 (below chance) and is cut off at 0."""
    if accuracy and others:
        # Translators: a figure's caption; {n} is a number of raters besides those named before
        # (whose estimate is under 0); an accuracy under 0 is below chance.
        template = ngettext("The interval of {n} other rater reaches below 0 (below chance) and "
                            "is cut off at 0.", "The intervals of {n} other raters reach below 0 "
                            "(below chance) and are cut off at 0.", n)
    elif accuracy:
        # Translators: a figure's caption; {n} is a number of raters; an accuracy under 0 is
        # below chance.
        template = ngettext("The interval of {n} rater reaches below 0 (below chance) and is cut "
                            "off at 0.", "The intervals of {n} raters reach below 0 (below chance) "
                            "and are cut off at 0.", n)
    elif others:
        # Translators: a figure's caption; {n} is a number of raters besides those named before.
        template = ngettext("The interval of {n} other rater reaches below 0 and is cut off at 0.",
                            "The intervals of {n} other raters reach below 0 and are cut off at 0.",
                            n)
    else:
        # Translators: a figure's caption; {n} is a number of raters.
        template = ngettext("The interval of {n} rater reaches below 0 and is cut off at 0.",
                            "The intervals of {n} raters reach below 0 and are cut off at 0.", n)
    return template.format(n=integer(n))
