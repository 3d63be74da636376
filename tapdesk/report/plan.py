"""A study plan in words and tables: for the command line, the app and the report (no Qt).

Importing this module registers the report's PLAN_TITLE
section (after the analyses; it appears when ``ReportInputs.plan`` is set).
It imports nothing heavy, so the report package can load it at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tapdesk.engine.planning.advice import Advice, Costs, Need
    from tapdesk.engine.planning.classical import ClassicalAnswer
    from tapdesk.engine.planning.classical_power import ClassicalPowerAnswer
    from tapdesk.engine.planning.request import PlanRequest
    from tapdesk.engine.planning.result import PlanDesign, PlanResult
    from tapdesk.engine.planning.target import SubjectsNeeded, TargetResult
from tapdesk.engine.results import fmt
from tapdesk.engine.words import plus_minus
from tapdesk.i18n import N_, _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown as shown_text
from tapdesk.i18n.text import Count, Number
from tapdesk.report.build import register_section
from tapdesk.report.document import BulletList, Figure, Paragraph, Section, Table

# Translators: a model parameter's name inside a plan's titles and sentences ("the typical width
# of the 95% interval for accuracy a"); keep the symbol (a, t, p).
PARAMETER_WORDS = {"a": N_("accuracy a"), "t": N_("t (share truly in Class 1)"),
                   "p": N_("p (guess rate)")}
"""The parameters' names, marked for the catalog (translated where they are shown)."""


def parameter_words(name: str) -> str:
    """A parameter's name in the current language ("accuracy a")."""
    return _(PARAMETER_WORDS[name])


def general(value: float, spec: str = "g") -> str:
    """A setting as the user gave it ("0.2", "0.65"), as ``format(value, spec)`` wrote it in
    English, with the language's decimal mark in any other."""
    return Number.general(value, spec).shown()


def share_general(share: float) -> str:
    """A share the user gave as a percent with as few decimals as it needs ("80%", "80 %")."""
    if is_source():
        return f"{100 * share:g}%"
    shown = f"{100 * share:g}"
    return formats.percent(share, len(shown.partition(".")[2]) if "e" not in shown else 0)


def whole(n: int) -> str:
    """A count as TapDesk wrote it in English ("1200"), grouped in another language."""
    return Count(n).shown()

_MAX_DECIMALS = 6
"""The most decimals a planned value gets to tell it from its need."""
MEETS, MISSES = "\u2713", "\u2717"
"""The marks of a design that meets the need and of one that does not: the verdict is in the
text, never in a colour alone."""


@dataclass(frozen=True)
class Quantity:
    """One number a plan gives per design, and how to show it.

    Parameters
    ----------
    key
        The PlanDesign field.
    title
        Heading of its grid (and the plot's title).
    percent
        Shown as a percentage.
    lower_is_better
        True for interval widths.
    subject
        The quantity inside a sentence ("the typical width of the 95% interval for ...").
    axis
        The plot's y-axis title.
    """

    key: str
    title: str
    percent: bool = False
    lower_is_better: bool = True
    subject: str = ""
    axis: str = ""
    plot_title: str = ""
    """The plot's title when it differs from ``title`` (without the grid's closed forms)."""

    def value(self, design: PlanDesign) -> float | None:
        return getattr(design, self.key)

    def error(self, design: PlanDesign) -> float | None:
        return getattr(design.mc_error, self.key, None)

    def number(self, value: float, beside: float | None = None) -> str:
        """A value of this quantity in words: "0.173" or "84.0%"; beside a need (``beside``)
        with as many more decimals as it takes to tell the two apart ("0.2003" beside a need
        of 0.2, never "0.200", which would read as meeting it)."""
        scale, decimals = (100.0, 1) if self.percent else (1.0, 3)
        while beside is not None and decimals < _MAX_DECIMALS and value != beside and \
                round(scale * value, decimals) == round(scale * beside, decimals):
            decimals += 1
        return formats.percent(value, decimals) if self.percent else formats.decimal(value, decimals)

    def cell(self, design: PlanDesign, beside: float | None = None) -> str:
        """The value of one design with its Monte Carlo error, told apart from the need
        ``beside`` (see ``number``)."""
        value, error = self.value(design), self.error(design)
        if value is None:
            return "-"
        text = self.number(value, beside)
        if error is not None:
            text += plus_minus(100 * error, 1) if self.percent else plus_minus(error, 3)
        if self.key == "accuracy_model":
            text += f" [{formats.percent(design.accuracy_exact, 1)}]"
        if self.key == "accuracy_majority":
            text += f" [{formats.percent(design.majority_exact, 1)}]"
        return text


    def judged(self, design: PlanDesign, need: Need) -> str:
        """:meth:`cell` after the mark of whether the design meets ``need`` (a design without a
        value: "-" alone)."""
        text = self.cell(design, need.target)
        if text == "-":
            return text
        return f"{MEETS if need.met_by(design) else MISSES} {text}"

    def need_note(self, need: Need) -> str:
        """What the marks mean, for a table's note."""
        target = self.target(need)
        if need.lower_is_better:
            # Translators: a plan grid's note: {meets} and {misses} are the marks (a tick and a
            # cross) before each cell; {target} the need ("0.2", "80%").
            return _("{meets} meets the need (at most {target}); {misses} does not.").format(
                meets=MEETS, misses=MISSES, target=target)
        # Translators: as "meets the need (at most ...)" for a share that should be at least {target}.
        return _("{meets} meets the need (at least {target}); {misses} does not.").format(
            meets=MEETS, misses=MISSES, target=target)

    def target(self, need: Need) -> str:
        """The need's bound as the user gave it: "0.2", "80%"."""
        return share_general(need.target) if self.percent else general(need.target)

    def bounded(self, need: Need) -> str:
        """The quantity with its bound: "the typical width of ... at most 0.2"."""
        if need.lower_is_better:
            # Translators: a need on a plan's quantity: {quantity} names it ("the typical width
            # of the 95% interval for accuracy a"), {target} is the bound ("0.2").
            return _("{quantity} at most {target}").format(quantity=self.subject,
                                                            target=self.target(need))
        # Translators: as "{quantity} at most {target}" for a share ("80%") it should reach.
        return _("{quantity} at least {target}").format(quantity=self.subject,
                                                         target=self.target(need))


def quantity(request: PlanRequest, key: str) -> Quantity:
    """The Quantity ``key`` of a plan made from ``request`` (titles name its interval level).

    Parameters
    ----------
    request
        The plan's request (its level and ``versus`` value go into the words).
    key
        A PlanDesign field (see :func:`tapdesk.engine.planning.advice.quantity_keys`).

    Returns
    -------
    Quantity
    """
    from tapdesk.engine.planning.request import level_words
    level = level_words(request.level)
    if key.startswith("width_"):
        name = key[-1]
        parameter = parameter_words(name)
        # Translators: a plan grid's title; {level} is a percent ("95%"), {parameter} a
        # parameter's name ("accuracy a").
        return Quantity(key, _("Width of the {level} interval for {parameter}").format(
                            level=level, parameter=parameter),
                        # Translators: the same quantity inside a sentence ("Need: ... at most 0.2").
                        subject=_("the typical width of the {level} interval for {parameter}").format(
                            level=level, parameter=parameter),
                        # Translators: a plan plot's y axis; {symbol} is a, t or p.
                        axis=_("width of the {level} interval for {symbol}").format(
                            level=level, symbol=name))
    if key == "power":
        versus = general(request.versus or 0.0)
        # Translators: a plan grid's title; {level} is a percent ("95%"), {versus} the accuracy
        # a is compared with ("0.5"); keep the symbol a.
        return Quantity(key, _("Chance that the {level} interval for a excludes {versus}").format(
                            level=level, versus=versus), True, False,
                        # Translators: the same quantity inside a sentence.
                        _("the chance that the {level} interval for a excludes {versus}").format(
                            level=level, versus=versus),
                        # Translators: a plan plot's y axis; {versus} as above.
                        _("chance the interval for a excludes {versus} (%)").format(versus=versus))
    if key == "accuracy_model":
        # Translators: a plan grid's title; the bracket says how the bracketed figures in its
        # cells are made.
        return Quantity(key, _("Subjects whose true class the model's posterior gets right "
                               "[closed form with the true t, a, p]"), True, False,
                        _("the share of subjects whose true class the model's posterior gets "
                          "right"),
                        _("subjects the model gets right (%)"),
                        # Translators: a plan plot's title.
                        _("Subjects whose true class the model's posterior gets right"))
    if key == "accuracy_majority":
        # Translators: a plan grid's title; the bracket says how its bracketed figures are made.
        return Quantity(key, _("Subjects whose true class majority vote gets right [closed form]"),
                        True, False,
                        _("the share of subjects whose true class majority vote gets right"),
                        _("subjects majority vote gets right (%)"),
                        # Translators: a plan plot's title.
                        _("Subjects whose true class majority vote gets right"))
    raise KeyError(key)


def quantities(result: PlanResult) -> tuple[Quantity, ...]:
    """Every quantity of the plan, in display order (power only with a ``versus`` value)."""
    from tapdesk.engine.planning.advice import quantity_keys
    return tuple(quantity(result.request, key) for key in quantity_keys(result.request.versus))


def grid(result: PlanResult, quantity: Quantity) -> tuple[tuple[str, ...], list[list[str]]]:
    """(header, rows): one row per number of raters, one column per number of subjects; each
    value marked by whether it meets the plan's need on ``quantity`` (see :meth:`Quantity.
    judged`)."""
    req = result.request
    need = need_on(result, quantity)
    # Translators: a plan grid's corner: rows are numbers of raters, columns numbers of subjects.
    header = (_("raters \\ subjects"),) + tuple(whole(n) for n in req.subjects)
    rows = []
    for r in req.raters:
        row = [whole(r)]
        for n in req.subjects:
            try:
                row.append(quantity.judged(result.design(r, n), need))
            except KeyError:
                # Translators: a plan grid's cell for a design not simulated (the plan was stopped).
                row.append(_("not run"))
        rows.append(row)
    return header, rows


def need_on(result: PlanResult, quantity: Quantity) -> Need:
    """The plan's need on ``quantity`` (what the user asked, or its default)."""
    return next(need for need in result.asked() if need.key == quantity.key)


def _raters_per_subject(n: int) -> str:
    # Translators: part of a design: {n} is a number of raters per subject.
    return ngettext("{n} rater per subject", "{n} raters per subject", n).format(n=whole(n))


def _raters(n: int) -> str:
    # Translators: part of a design ("4 raters × 200 subjects"); {n} is a number of raters.
    return ngettext("{n} rater", "{n} raters", n).format(n=whole(n))


def _subjects(n: int) -> str:
    # Translators: part of a design ("4 raters × 200 subjects"); {n} is a number of subjects.
    return ngettext("{n} subject", "{n} subjects", n).format(n=whole(n))


def _ratings(n: int) -> str:
    # Translators: a design's number of ratings (one rater rating one subject); {n} is grouped
    # ("1,200").
    return ngettext("{n} rating", "{n} ratings", n).format(n=formats.integer(n))


def _design_words(design: PlanDesign) -> str:
    # Translators: a design with its size: {raters} is "4 raters per subject", {subjects}
    # "200 subjects", {ratings} "800 ratings".
    return _("{raters} \u00d7 {subjects} ({ratings})").format(
        raters=_raters_per_subject(design.raters), subjects=_subjects(design.subjects),
        ratings=_ratings(design.ratings))


def _design_short(design: PlanDesign) -> str:
    """A design as a reader names it: "4 raters \u00d7 200 subjects"."""
    # Translators: a design: {raters} is "4 raters", {subjects} "200 subjects".
    return _("{raters} \u00d7 {subjects}").format(raters=_raters(design.raters),
                                                  subjects=_subjects(design.subjects))


def _remedy(request: PlanRequest, key: str) -> str:
    """What would help when no design meets a need on ``key``."""
    if key == "power":
        # Translators: what would help when no design reaches the power wanted; {versus} is the
        # accuracy a is compared with ("0.5"). Follows a colon: no capital, no full stop.
        return _("more subjects or raters are needed, or a is too close to {versus} to tell "
                 "apart").format(versus=general(request.versus or 0.0))
    if key.startswith("accuracy_"):
        # Translators: what would help when no design classifies enough subjects right (as above).
        return _("more raters per subject are needed (more subjects hardly change it)")
    # Translators: what would help when no design gives intervals narrow enough (as above).
    return _("more subjects or raters per subject are needed")


def _cost_words(advice: Advice, design: PlanDesign) -> str:
    """The design with its cost: ratings, or (subjects costed) the cost in ratings."""
    if not advice.costs.subject:
        return _design_words(design)
    # Translators: a design and its cost: {design} is "4 raters \u00d7 200 subjects", {cost}
    # says what it costs ("cost 1,000 in ratings (800 ratings + 200 subjects \u00d7 1)").
    return _("{design} ({cost})").format(design=_design_short(design),
                                         cost=advice.costs.words(design))


def _tie_words(advice: Advice, shown: Quantity) -> str:
    """Why the advised design rather than the others of the same cost (the rule of
    :func:`~tapdesk.engine.planning.advice.advise`: the better value, then fewer raters)."""
    design = advice.design
    if design is None or not advice.tied:
        return ""
    better = [d for d in advice.tied if advice.need.goodness(d) < advice.need.goodness(design)]
    same = [d for d in advice.tied if d not in better]
    parts = []
    if better:
        # Translators: a value of the advised quantity at another design: {value} is "0.173",
        # {design} "8 raters \u00d7 100 subjects".
        there = formats.joined([_("{value} with {design}").format(
            value=shown.number(advice.need.value(d) or 0.0), design=_design_short(d))
            for d in better])
        own = shown.number(advice.need.value(design) or 0.0)
        if advice.need.lower_is_better:
            # Translators: why the advised design beats others of the same cost: {designs}
            # names them ("8 raters \u00d7 100 subjects"), {own} is the advised design's
            # width, {others} the others' ("0.18 with 8 raters \u00d7 100 subjects").
            parts.append(ngettext(
                "{designs} costs as much; this design is chosen for its narrower interval "
                "({own}, against {others}).",
                "{designs} cost as much; this design is chosen for its narrower interval "
                "({own}, against {others}).", len(better)).format(
                    designs=_names(better), own=own, others=there))
        else:
            # Translators: as the narrower interval's sentence, for a higher share ("84.0%").
            parts.append(ngettext(
                "{designs} costs as much; this design is chosen for its higher share "
                "({own}, against {others}).",
                "{designs} cost as much; this design is chosen for its higher share "
                "({own}, against {others}).", len(better)).format(
                    designs=_names(better), own=own, others=there))
    if same:
        # Translators: why the advised design beats others of the same cost and value; {designs}
        # names them ("8 raters \u00d7 100 subjects").
        parts.append(ngettext(
            "{designs} costs as much and does as well; this design is chosen for needing fewer "
            "raters per subject.",
            "{designs} cost as much and do as well; this design is chosen for needing fewer "
            "raters per subject.", len(same)).format(designs=_names(same)))
    return "".join(" " + p[:1].upper() + p[1:] for p in parts)


def _names(designs: list[PlanDesign]) -> str:
    return formats.joined([_design_short(d) for d in designs])


def answer_words(request: PlanRequest, advice: Advice) -> str:
    """The answer in one sentence, first: the design and what it gives ("4 raters \u00d7 200
    subjects: accuracy a known to within \u00b10.087 ..."), or that no design meets the need.

    Parameters
    ----------
    request
        The plan's request.
    advice
        From :func:`tapdesk.engine.planning.advice.advise`; nothing is recomputed here.
    """
    shown = quantity(request, advice.need.key)
    design = advice.design
    if design is None:
        # Translators: a plan's answer when no design meets the need; {need} is the quantity
        # with its bound ("the typical width of the 95% interval for accuracy a at most 0.2").
        return _("No design tried gives {need}.").format(need=shown.bounded(advice.need))
    value = advice.need.value(design)
    assert value is not None                     # a design that meets the need has a value
    head = _design_short(design)
    if advice.need.lower_is_better:
        from tapdesk.engine.planning.request import level_words
        # Translators: a plan's answer: {design} is "4 raters \u00d7 200 subjects", {parameter}
        # "accuracy a", {half} half the interval's width ("0.087"), {level} "95%", {width} the
        # width ("0.173").
        return _("{design}: {parameter} known to within \u00b1{half} (a typical {level} "
                 "interval {width} wide).").format(
                     design=head, parameter=parameter_words(advice.need.key[-1]),
                     half=formats.decimal(value / 2, 3), level=level_words(request.level),
                     width=formats.decimal(value, 3))
    # Translators: a plan's answer: {design} is "4 raters \u00d7 200 subjects", {quantity} names
    # a share ("the share of subjects whose true class majority vote gets right"), {value} "84.0%".
    return _("{design}: {quantity} is {value}.").format(design=head, quantity=shown.subject,
                                                        value=shown.number(value))


def advice_words(request: PlanRequest, advice: Advice) -> str:
    """One advice in plain words: the need, then the design that meets it most cheaply (and why
    it rather than another of the same cost), or that none does and how close the best one
    comes.

    Parameters
    ----------
    request
        The plan's request (level and ``versus`` for the words).
    advice
        From :func:`tapdesk.engine.planning.advice.advise`; nothing is recomputed here.

    Returns
    -------
    str
    """
    shown = quantity(request, advice.need.key)
    # Translators: a plan's need; {need} is the quantity with its bound ("the typical width of
    # the 95% interval for accuracy a at most 0.2").
    need = _("Need: {need}.").format(need=shown.bounded(advice.need))
    if advice.design is not None:
        met = advice.need.value(advice.design)
        assert met is not None                  # a design that meets the need has a value for it
        # Translators: the plan's advice after its need; {design} is "4 raters per subject \u00d7
        # 200 subjects (800 ratings)", {value} the design's value ("0.173", "84.0%").
        advised = _("The cheapest design that meets it: {design}, with {value}.").format(
            design=_cost_words(advice, advice.design),
            value=shown.number(met, advice.need.target))
        return f"{need} {advised}{_tie_words(advice, shown)}"
    if advice.best is None:
        # Translators: the plan's advice after its need, before any design has a value.
        return f"{need} {_('No design tried has a value for it yet.')}"
    closest = advice.need.value(advice.best)
    assert closest is not None                  # the best design is one with a value (advise)
    # Translators: the plan's advice after its need when no design meets it: {n} designs were
    # simulated, {design} is the closest ("4 raters per subject \u00d7 200 subjects (800
    # ratings)"), {value} its value ("0.213"), {remedy} what would help ("more subjects or
    # raters per subject are needed").
    missed = ngettext("The {n} design tried, {design}, does not meet it; it reaches {value}: {remedy}.",
                      "None of the {n} designs tried meets it; the closest, {design}, reaches "
                      "{value}: {remedy}.", advice.tried).format(
        n=whole(advice.tried), design=_cost_words(advice, advice.best),
        value=shown.number(closest, advice.need.target), remedy=_remedy(request, advice.need.key))
    return f"{need} {missed}"


def headline(result: PlanResult, need: Need | None = None,
             costs: Costs | None = None) -> tuple[str, ...]:
    """Plain sentences about one quantity: the answer in one sentence, then the advice for
    ``need`` in full.

    Parameters
    ----------
    result
        The plan.
    need
        What is asked (default: the plan's first need, see ``PlanResult.asked``).
    costs
        What a subject costs against a rating (default: the plan's ``costs``).

    Returns
    -------
    tuple of str
        (answer, advice); ("No design was simulated.",) before any design.
    """
    from tapdesk.engine.planning.advice import advise
    if not result.designs:
        return (_("No design was simulated."),)
    advice = advise(result, need or result.asked()[0], costs or result.costs)
    return answer_words(result.request, advice), advice_words(result.request, advice)


def answer_sentence(result: PlanResult) -> str:
    """The plan's answer in one sentence, for the first need the user asked (the dialog's
    headline, the report's Plan section and ``tapdesk plan`` all say this sentence)."""
    return headline(result)[0]


def advice_lines(result: PlanResult, needs: tuple[Need, ...] | None = None,
                 costs: Costs | None = None) -> tuple[str, ...]:
    """The advice for every need (default: the plan's, see ``PlanResult.asked``), one sentence
    each; ``costs``: what a subject costs against a rating (default: the plan's)."""
    from tapdesk.engine.planning.advice import advise_all
    if not result.designs:
        return (_("No design was simulated."),)
    return tuple(advice_words(result.request, advice)
                 for advice in advise_all(result, needs or result.asked(), costs or result.costs))


def plan_text(result: PlanResult, needs: tuple[Need, ...] | None = None,
              costs: Costs | None = None) -> str:
    """The plan as plain text (the CLI's output).

    Parameters
    ----------
    result
        The plan.
    needs
        What the advice aims at, the answer's first (default: the plan's).
    costs
        What a subject costs against a rating (default: the plan's).

    Returns
    -------
    str
        Assumptions, the answer, the advice, one grid per quantity, notes.
    """
    from tapdesk.engine.planning.request import level_words
    req = result.request
    # Translators: the first line of `tapdesk plan`: {t}, {a}, {p} the assumed values ("0.3"),
    # {source} where they come from, {n} simulated studies per design, {seed} the random seed,
    # {level} the intervals' level ("95%").
    lines = [ngettext("Study plan: t = {t}, a = {a}, p = {p} ({source}); {n} simulated study per "
                      "design, seed {seed}, {level} intervals",
                      "Study plan: t = {t}, a = {a}, p = {p} ({source}); {n} simulated studies "
                      "per design, seed {seed}, {level} intervals", req.sims).format(
        t=general(req.t, ".3g"), a=general(req.a, ".3g"), p=general(req.p, ".3g"),
        source=req.source, n=whole(req.sims), seed=req.seed, level=level_words(req.level)), ""]
    result = replace(result, needs=needs or result.needs, costs=costs or result.costs)
    # Translators: headings of `tapdesk plan`'s text: the answer in one sentence, the advice.
    answer, advice = _("Answer"), _("Advice")
    lines += [answer, "-" * len(answer), answer_sentence(result), ""]
    lines += [advice, "-" * len(advice), *(f"- {line}" for line in advice_lines(result)), ""]
    for quantity in quantities(result):
        header, rows = grid(result, quantity)
        widths = [max(len(header[i]), *(len(row[i]) for row in rows)) for i in range(len(header))]
        lines += [quantity.title, "-" * len(quantity.title),
                  "  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
        lines += [quantity.need_note(need_on(result, quantity)), ""]
    lines.append(intervals_line(req.level))
    # Translators: a plan's note in `tapdesk plan`'s text; {note} is the note.
    lines += [_("Note: {note}").format(note=note) for note in result.notes()]
    processes = ngettext("{n} process", "{n} processes", result.workers).format(
        n=whole(result.workers))
    if result.complete:
        # Translators: the last line of `tapdesk plan`: {n} simulated studies, {seconds} their
        # time ("12.3"), {processes} "2 processes".
        lines.append(ngettext("{n} simulated study in {seconds} s with {processes}.",
                              "{n} simulated studies in {seconds} s with {processes}.",
                              result.request.n_studies).format(
            n=whole(result.request.n_studies), seconds=formats.decimal(result.seconds, 1),
            processes=processes))
    else:
        # Translators: as "{n} simulated studies in ...", for a plan stopped before the end.
        lines.append(_("Some simulated studies in {seconds} s with {processes}.").format(
            seconds=formats.decimal(result.seconds, 1), processes=processes))
    return "\n".join(lines)


def intervals_line(level: float) -> str:
    """What the plan's widths are, as a line of its notes ("Intervals: 95% profile-likelihood
    ...")."""
    from tapdesk.engine.planning.result import interval_note
    # Translators: a plan's note; {note} says what its intervals are.
    return _("Intervals: {note}.").format(note=interval_note(level))


def _per_subject(raters: int, answer: str) -> str:
    # Translators: one line of a target search's answers: {raters} is "4 raters", {answer} the
    # answer for that many raters per subject ("200 subjects (median width 0.187 there).").
    return _("{raters} per subject: {answer}").format(raters=_raters(raters), answer=answer)


def target_answer_words(kind: str, answer: SubjectsNeeded) -> str:
    """One design's answer to a target search, in one sentence."""
    if answer.value is None or not answer.reachable:
        # Translators: a target search's answer that is a reason (from the search, as it is).
        return _per_subject(answer.raters, _("{reason}.").format(reason=shown_text(answer.reason)))
    assert answer.mc_error is not None          # simulated with the value
    if kind == "width":
        # Translators: a target search's simulated figure: {width} is "0.187", {error} its
        # Monte Carlo error (" \u00b1 0.004", or nothing).
        figure = _("median width {width}{error}").format(
            width=formats.decimal(answer.value, 3), error=plus_minus(answer.mc_error, 3))
    else:
        # Translators: as "median width ..." for a power: {power} is "81.2%".
        figure = _("power {power}{error}").format(power=formats.percent(answer.value, 1),
                                                  error=plus_minus(100 * answer.mc_error, 1))
    subjects = _subjects(answer.subjects or 0)
    if answer.reason != "met":
        # Translators: {subjects} is "200 subjects", {reason} why the search stopped there (as
        # the search gives it), {figure} "median width 0.187 \u00b1 0.004".
        return _per_subject(answer.raters, _("{subjects}: {reason} ({figure}).").format(
            subjects=subjects, reason=shown_text(answer.reason), figure=figure))
    # Translators: {subjects} is "200 subjects", {figure} "median width 0.187 \u00b1 0.004".
    return _per_subject(answer.raters, _("{subjects} ({figure} there).").format(
        subjects=subjects, figure=figure))


def classical_answer_words(answer: ClassicalAnswer | ClassicalPowerAnswer) -> str:
    """The classical (Fleiss' kappa) answer for one number of raters, in one sentence: for an
    interval width, or (a ClassicalPowerAnswer) for a power."""
    from tapdesk.engine.planning.classical_power import ClassicalPowerAnswer
    if isinstance(answer, ClassicalPowerAnswer):
        return _per_subject(answer.raters, power_answer_words(answer))
    if answer.subjects is None:
        # Translators: the classical answer when Fleiss' kappa has no value.
        return _per_subject(answer.raters, _("Fleiss' kappa is undefined (every rating is "
                                             "expected in one class)."))
    # Translators: the classical answer: {subjects} is "200 subjects", {kappa} the kappa the
    # assumptions imply ("0.410"), {width} the width wanted ("0.2").
    return _per_subject(answer.raters, _("{subjects} for the interval of Fleiss' kappa (kappa = "
                                         "{kappa}) to be at most {width} wide.").format(
        subjects=_subjects(answer.subjects), kappa=formats.decimal(answer.kappa, 3),
        width=general(answer.width)))


def power_answer_words(answer: ClassicalPowerAnswer) -> str:
    """The kappaSize-style power answer's sentence after "N raters per subject: "."""
    if answer.subjects is None:
        # Translators: {reason} why there is no classical answer (as the search gives it).
        return _("no classical answer: {reason}.").format(reason=shown_text(answer.reason))
    # Translators: the classical power answer: {subjects} is "200 subjects", {power} "80%",
    # {alpha} the test's level ("5%"), {kappa1} and {kappa0} two kappas ("0.410"), {share} a
    # share ("0.340"), {exact} the number of subjects before rounding up ("199.37").
    return _("{subjects} for a chance of {power} that a test at the {alpha} level tells Fleiss' "
             "kappa {kappa1} from {kappa0} (share of Class-1 ratings {share}; {exact} before "
             "rounding up).").format(
        subjects=_subjects(answer.subjects), power=share_general(answer.power),
        alpha=share_general(answer.alpha), kappa1=fmt(answer.kappa1), kappa0=fmt(answer.kappa0),
        share=fmt(answer.share), exact=formats.decimal(answer.exact, 2))


@dataclass(frozen=True)
class TargetWords:
    """A target search in words, the pieces the CLI's text and the report's section share."""

    question: str
    assumptions: str
    answers: tuple[str, ...]
    classical: tuple[str, ...]
    classical_note: str
    notes: tuple[str, ...]
    asked: str = ""
    """The question inside a sentence (without the heading's colon)."""


# Translators: before the classical answers of a target search.
CLASSICAL_HEADING = N_("Classical answer beside it (Fleiss' kappa):")
# Translators: a target search's note on its Monte Carlo errors.
MC_NOTE = N_("'\u00b1' figures say how much the simulation itself wobbles; near the target they "
             "can make a neighbouring number of subjects look enough or not enough.")
"""Marked for the catalog; shown through ``_``."""


def target_words(result: TargetResult) -> TargetWords:
    """Every sentence of a target search, from the result's own numbers (nothing recomputed).

    Parameters
    ----------
    result
        From :func:`tapdesk.engine.planning.target.find_subjects`.

    Returns
    -------
    TargetWords
    """
    from tapdesk.engine.planning.request import level_words
    req, target = result.request, result.target
    level = level_words(req.level)
    if target.kind == "power":
        # Translators: a target search's question: {target} says the target ("a power of at
        # least 80%"), {level} "95%", {versus} the accuracy compared with ("0.5").
        question = _("Subjects needed for {target} with {level} intervals (power against "
                     "a = {versus})").format(target=target.words(), level=level,
                                             versus=general(req.versus or 0.0))
    else:
        # Translators: as above for a width target ("a median interval for a at most 0.2 wide").
        question = _("Subjects needed for {target} with {level} intervals").format(
            target=target.words(), level=level)
    # Translators: a target search's assumptions: {t}, {a}, {p} the assumed values ("0.3"),
    # {source} where they come from, {n} simulations per number of subjects, {seed} the seed.
    assumptions = ngettext("assumed t = {t}, a = {a}, p = {p} ({source}); each number of subjects "
                           "tried was simulated {n} time (seed {seed}).",
                           "assumed t = {t}, a = {a}, p = {p} ({source}); each number of subjects "
                           "tried was simulated {n} times (seed {seed}).", req.sims).format(
        t=general(req.t, ".3g"), a=general(req.a, ".3g"), p=general(req.p, ".3g"),
        source=req.source, n=whole(req.sims), seed=req.seed)
    answers = tuple(target_answer_words(target.kind, answer) for answer in result.designs)
    if not result.complete:
        answers += (_("The search was stopped before the end: numbers of raters not shown were "
                      "not searched."),)
    classical = tuple(classical_answer_words(answer) for answer in result.classical)
    note = result.classical_note() if result.classical else ""
    # Translators: a target search's question as a heading line; {question} is the question.
    return TargetWords(_("{question}:").format(question=question), assumptions, answers,
                       classical, note, (_(MC_NOTE),), question)


def target_text(result: TargetResult) -> str:
    """A target search as plain text (the CLI's output): what was asked, one line per design."""
    words = target_words(result)
    lines = [words.question, words.assumptions, "", *(f"- {line}" for line in words.answers)]
    if words.classical:
        lines += ["", _(CLASSICAL_HEADING), *(f"- {line}" for line in words.classical),
                  words.classical_note]
    # Translators: the last line of a target search's text; {seconds} is "12.3".
    lines += ["", *words.notes, _("Searched in {seconds} s.").format(
        seconds=formats.decimal(result.seconds, 1))]
    return "\n".join(lines)


# Translators: the heading of the report's plan section.
PLAN_TITLE = N_("Plan for the next study")
"""The heading of the report's plan section (the export dialog lists the plan by it)."""


def target_section(result: TargetResult, key: str = "plan") -> Section:
    """The report's Plan section for a target search: the same sentences as ``tapdesk plan``."""
    words = target_words(result)
    # Translators: the report's target-search section opens with it: {question} is "Subjects
    # needed for a median interval for a at most 0.2 wide with 95% intervals", {assumptions}
    # "assumed t = 0.3, ...".
    blocks: list[Any] = [Paragraph(_("How many subjects would the next study need? {question}; "
                                     "{assumptions}").format(question=words.asked,
                                                             assumptions=words.assumptions)),
                         BulletList(words.answers)]
    if words.classical:
        blocks += [Paragraph(_(CLASSICAL_HEADING)), BulletList(words.classical),
                   Paragraph(words.classical_note)]
    blocks.append(BulletList((*words.notes, intervals_line(result.request.level))))
    return Section(key, _(PLAN_TITLE), tuple(blocks))


def plan_sections(ctx) -> Section | None:
    """The report's section maker (registered after the analyses): a Plan section when the
    report's inputs carry a plan (a PlanResult's grids, or a TargetResult's answers)."""
    plan = getattr(ctx.inputs, "plan", None)
    if plan is None:
        return None
    return target_section(plan) if hasattr(plan, "target") else plan_section(plan)


register_section("plan", plan_sections, after="analyses")


def _cost_basis(costs: Costs) -> str:
    """How designs were costed, in words."""
    if not costs.subject:
        # Translators: how a plan chose the cheapest design, inside "The cheapest design (...)".
        return _("fewest ratings")
    # Translators: as "fewest ratings" when a subject is costed; {cost} is a number ("2", "0.5").
    return _("least cost, a subject costing as much as {cost} ratings").format(
        cost=general(costs.subject))


def plan_section(result: PlanResult, key: str = "plan") -> Section:
    """The report's "Plan" section: assumptions, headline, the grids, a plot, the caveats."""
    req = result.request
    # Translators: the report's plan section opens with it: {t}, {a}, {p} the assumed values
    # ("0.3"), {source} where they come from, {n} simulated studies per design.
    opening = ngettext("How many raters and subjects would the next study need? Assuming t = {t}, "
                       "a = {a} and p = {p} ({source}), each design below was simulated {n} time "
                       "and every simulated study was fitted as this report's t-a-p fit was.",
                       "How many raters and subjects would the next study need? Assuming t = {t}, "
                       "a = {a} and p = {p} ({source}), each design below was simulated {n} times "
                       "and every simulated study was fitted as this report's t-a-p fit was.",
                       req.sims).format(t=general(req.t, ".3g"), a=general(req.a, ".3g"),
                                        p=general(req.p, ".3g"), source=req.source,
                                        n=whole(req.sims))
    blocks: list[Any] = [
        Paragraph(opening),
        Paragraph(answer_sentence(result), "verdict"),
        # Translators: before the plan's advice, one line per need; {basis} says how the
        # cheapest was chosen ("fewest ratings").
        Paragraph(_("The cheapest design ({basis}) that meets each need, or the closest one "
                    "when none of the designs tried does:").format(basis=_cost_basis(result.costs))),
        BulletList(advice_lines(result))]
    for shown in quantities(result):
        header, rows = grid(result, shown)
        blocks.append(Table(f"{key}-{shown.key}", shown.title, header,
                            tuple(tuple(row) for row in rows),
                            note=shown.need_note(need_on(result, shown))))
    # Translators: the plan plot's caption; {title} is the plot's title ("Width of the 95%
    # interval for accuracy a").
    blocks.append(Figure("plan-widths", _("{title} against the number of subjects, one line per "
                                          "number of raters per subject.").format(
                                              title=quantity(req, "width_a").title),
                         f"{key}-widths"))
    blocks.append(BulletList((intervals_line(req.level), *result.notes())))
    return Section(key, _(PLAN_TITLE), tuple(blocks))
