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
from tapdesk.engine.words import count, plus_minus
from tapdesk.report.build import register_section
from tapdesk.report.document import BulletList, Figure, Paragraph, Section, Table

PARAMETER_WORDS = {"a": "accuracy a", "t": "t (share truly in Class 1)", "p": "p (guess rate)"}

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
        return f"{scale * value:.{decimals}f}{'%' if self.percent else ''}"

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
            text += f" [{100 * design.accuracy_exact:.1f}%]"
        if self.key == "accuracy_majority":
            text += f" [{100 * design.majority_exact:.1f}%]"
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
        bound = "at most" if need.lower_is_better else "at least"
        target = f"{100 * need.target:g}%" if self.percent else f"{need.target:g}"
        return f"{MEETS} meets the need ({bound} {target}); {MISSES} does not."


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
        return Quantity(key, f"Width of the {level} interval for {PARAMETER_WORDS[name]}",
                        subject=f"the typical width of the {level} interval for "
                                f"{PARAMETER_WORDS[name]}",
                        axis=f"width of the {level} interval for {name}")
    if key == "power":
        versus = f"{request.versus:g}"
        return Quantity(key, f"Chance that the {level} interval for a excludes {versus}", True,
                        False, f"the chance that the {level} interval for a excludes {versus}",
                        f"chance the interval for a excludes {versus} (%)")
    if key == "accuracy_model":
        return Quantity(key, "Subjects whose true class the model's posterior gets right "
                             "[closed form with the true t, a, p]", True, False,
                        "the share of subjects whose true class the model's posterior gets right",
                        "subjects the model gets right (%)")
    if key == "accuracy_majority":
        return Quantity(key, "Subjects whose true class majority vote gets right [closed form]",
                        True, False,
                        "the share of subjects whose true class majority vote gets right",
                        "subjects majority vote gets right (%)")
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
    header = ("raters \\ subjects",) + tuple(str(n) for n in req.subjects)
    rows = []
    for r in req.raters:
        row = [str(r)]
        for n in req.subjects:
            try:
                row.append(quantity.judged(result.design(r, n), need))
            except KeyError:
                row.append("not run")
        rows.append(row)
    return header, rows


def need_on(result: PlanResult, quantity: Quantity) -> Need:
    """The plan's need on ``quantity`` (what the user asked, or its default)."""
    return next(need for need in result.asked() if need.key == quantity.key)


def _design_words(design: PlanDesign) -> str:
    return (f"{design.raters} raters per subject \u00d7 {design.subjects} subjects "
            f"({design.ratings:,} ratings)")


def _design_short(design: PlanDesign) -> str:
    """A design as a reader names it: "4 raters \u00d7 200 subjects"."""
    return f"{design.raters} raters \u00d7 {design.subjects} subjects"


def _remedy(request: PlanRequest, key: str) -> str:
    """What would help when no design meets a need on ``key``."""
    if key == "power":
        return (f"more subjects or raters are needed, or a is too close to {request.versus:g} "
                "to tell apart")
    if key.startswith("accuracy_"):
        return "more raters per subject are needed (more subjects hardly change it)"
    return "more subjects or raters per subject are needed"


def _cost_words(advice: Advice, design: PlanDesign) -> str:
    """The design with its cost: ratings, or (subjects costed) the cost in ratings."""
    if not advice.costs.subject:
        return _design_words(design)
    return f"{_design_short(design)} ({advice.costs.words(design)})"


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
        quality = "narrower interval" if advice.need.lower_is_better else "higher share"
        there = "; ".join(f"{shown.number(advice.need.value(d) or 0.0)} with "
                          f"{_design_short(d)}" for d in better)
        own = shown.number(advice.need.value(design) or 0.0)
        parts.append(f"{_names(better)} {_verb(better)} as much; this design is chosen for its "
                     f"{quality} ({own}, against {there})")
    if same:
        parts.append(f"{_names(same)} {_verb(same)} as much and {_verb(same, 'do')} as well; "
                     "this design is chosen for needing fewer raters per subject")
    return " " + ". ".join(p[:1].upper() + p[1:] for p in parts) + "."


def _names(designs: list[PlanDesign]) -> str:
    return " and ".join(_design_short(d) for d in designs)


def _verb(designs: list[PlanDesign], verb: str = "cost") -> str:
    if verb == "do":
        return "does" if len(designs) == 1 else "do"
    return "costs" if len(designs) == 1 else "cost"


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
        bound = "at most" if advice.need.lower_is_better else "at least"
        target = f"{100 * advice.need.target:g}%" if shown.percent else f"{advice.need.target:g}"
        return f"No design tried gives {shown.subject} {bound} {target}."
    value = advice.need.value(design)
    assert value is not None                     # a design that meets the need has a value
    head = _design_short(design)
    if advice.need.lower_is_better:
        name = PARAMETER_WORDS[advice.need.key[-1]]
        from tapdesk.engine.planning.request import level_words
        return (f"{head}: {name} known to within \u00b1{value / 2:.3f} (a typical "
                f"{level_words(request.level)} interval {value:.3f} wide).")
    return f"{head}: {shown.subject} is {shown.number(value)}."


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
    bound = "at most" if advice.need.lower_is_better else "at least"
    target = f"{100 * advice.need.target:g}%" if shown.percent else f"{advice.need.target:g}"
    need = f"Need: {shown.subject} {bound} {target}."
    if advice.design is not None:
        met = advice.need.value(advice.design)
        assert met is not None                  # a design that meets the need has a value for it
        value = shown.number(met, advice.need.target)
        return (f"{need} The cheapest design that meets it: {_cost_words(advice, advice.design)}, "
                f"with {value}.{_tie_words(advice, shown)}")
    if advice.best is None:
        return f"{need} No design tried has a value for it yet."
    closest = advice.need.value(advice.best)
    assert closest is not None                  # the best design is one with a value (advise)
    value = shown.number(closest, advice.need.target)
    return (f"{need} None of the {advice.tried} designs tried meets it; the closest, "
            f"{_cost_words(advice, advice.best)}, reaches {value}: "
            f"{_remedy(request, advice.need.key)}.")


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
        return ("No design was simulated.",)
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
        return ("No design was simulated.",)
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
    from tapdesk.engine.planning.result import interval_note
    req = result.request
    lines = [f"Study plan: t = {req.t:.3g}, a = {req.a:.3g}, p = {req.p:.3g} ({req.source}); "
             f"{req.sims} simulated studies per design, seed {req.seed}, "
             f"{level_words(req.level)} intervals", ""]
    result = replace(result, needs=needs or result.needs, costs=costs or result.costs)
    lines += ["Answer", "------", answer_sentence(result), ""]
    lines += ["Advice", "------", *(f"- {line}" for line in advice_lines(result)), ""]
    for quantity in quantities(result):
        header, rows = grid(result, quantity)
        widths = [max(len(header[i]), *(len(row[i]) for row in rows)) for i in range(len(header))]
        lines += [quantity.title, "-" * len(quantity.title),
                  "  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
        lines += [quantity.need_note(need_on(result, quantity)), ""]
    lines.append(f"Intervals: {interval_note(req.level)}.")
    lines += [f"Note: {note}" for note in result.notes()]
    lines.append(f"{result.request.n_studies if result.complete else 'Some'} simulated studies "
                 f"in {result.seconds:.1f} s with {count(result.workers, 'process', 'processes')}.")
    return "\n".join(lines)


def target_answer_words(kind: str, answer: SubjectsNeeded) -> str:
    """One design's answer to a target search, in one sentence."""
    head = f"{count(answer.raters, 'rater', 'raters')} per subject: "
    if answer.value is None or not answer.reachable:
        return head + answer.reason + "."
    assert answer.mc_error is not None          # simulated with the value
    figure = (f"median width {answer.value:.3f}{plus_minus(answer.mc_error, 3)}" if kind == "width"
              else f"power {100 * answer.value:.1f}%{plus_minus(100 * answer.mc_error, 1)}")
    if answer.reason != "met":
        return f"{head}{answer.subjects:,} subjects: {answer.reason} ({figure})."
    return f"{head}{answer.subjects:,} subjects ({figure} there)."


def classical_answer_words(answer: ClassicalAnswer | ClassicalPowerAnswer) -> str:
    """The classical (Fleiss' kappa) answer for one number of raters, in one sentence: for an
    interval width, or (a ClassicalPowerAnswer) for a power."""
    from tapdesk.engine.planning.classical_power import ClassicalPowerAnswer
    head = f"{count(answer.raters, 'rater', 'raters')} per subject: "
    if isinstance(answer, ClassicalPowerAnswer):
        return head + power_answer_words(answer)
    if answer.subjects is None:
        return head + "Fleiss' kappa is undefined (every rating is expected in one class)."
    return (f"{head}{answer.subjects:,} subjects for the interval of Fleiss' kappa "
            f"(kappa = {answer.kappa:.3f}) to be at most {answer.width:g} wide.")


def power_answer_words(answer: ClassicalPowerAnswer) -> str:
    """The kappaSize-style power answer's sentence after "N raters per subject: "."""
    if answer.subjects is None:
        return f"no classical answer: {answer.reason}."
    return (f"{answer.subjects:,} subjects for a chance of {100 * answer.power:g}% that a test at "
            f"the {100 * answer.alpha:g}% level tells Fleiss' kappa {fmt(answer.kappa1)} from "
            f"{fmt(answer.kappa0)} (share of Class-1 ratings {fmt(answer.share)}; "
            f"{answer.exact:.2f} before rounding up).")


@dataclass(frozen=True)
class TargetWords:
    """A target search in words, the pieces the CLI's text and the report's section share."""

    question: str
    assumptions: str
    answers: tuple[str, ...]
    classical: tuple[str, ...]
    classical_note: str
    notes: tuple[str, ...]


CLASSICAL_HEADING = "Classical answer beside it (Fleiss' kappa):"
MC_NOTE = ("'\u00b1' figures say how much the simulation itself wobbles; near the target they can "
           "make a neighbouring number of subjects look enough or not enough.")


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
    question = (f"Subjects needed for {target.words()} with {level_words(req.level)} intervals"
                + (f" (power against a = {req.versus:g})" if target.kind == "power" else "") + ":")
    assumptions = (f"assumed t = {req.t:.3g}, a = {req.a:.3g}, p = {req.p:.3g} ({req.source}); "
                   f"each number of subjects tried was simulated {req.sims} times "
                   f"(seed {req.seed}).")
    answers = tuple(target_answer_words(target.kind, answer) for answer in result.designs)
    if not result.complete:
        answers += ("The search was stopped before the end: numbers of raters not shown were "
                    "not searched.",)
    classical = tuple(classical_answer_words(answer) for answer in result.classical)
    note = result.classical_note() if result.classical else ""
    return TargetWords(question, assumptions, answers, classical, note, (MC_NOTE,))


def target_text(result: TargetResult) -> str:
    """A target search as plain text (the CLI's output): what was asked, one line per design."""
    words = target_words(result)
    lines = [words.question, words.assumptions, "", *(f"- {line}" for line in words.answers)]
    if words.classical:
        lines += ["", CLASSICAL_HEADING, *(f"- {line}" for line in words.classical),
                  words.classical_note]
    lines += ["", *words.notes, f"Searched in {result.seconds:.1f} s."]
    return "\n".join(lines)


PLAN_TITLE = "Plan for the next study"
"""The heading of the report's plan section (the export dialog lists the plan by it)."""


def target_section(result: TargetResult, key: str = "plan") -> Section:
    """The report's Plan section for a target search: the same sentences as ``tapdesk plan``."""
    words = target_words(result)
    blocks: list[Any] = [Paragraph(f"How many subjects would the next study need? "
                                   f"{words.question[:-1]}; {words.assumptions}"),
                         BulletList(words.answers)]
    if words.classical:
        blocks += [Paragraph(CLASSICAL_HEADING), BulletList(words.classical),
                   Paragraph(words.classical_note)]
    from tapdesk.engine.planning.result import interval_note
    blocks.append(BulletList((*words.notes, f"Intervals: {interval_note(result.request.level)}.")))
    return Section(key, PLAN_TITLE, tuple(blocks))


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
        return "fewest ratings"
    return f"least cost, a subject costing as much as {costs.subject:g} ratings"


def plan_section(result: PlanResult, key: str = "plan") -> Section:
    """The report's "Plan" section: assumptions, headline, the grids, a plot, the caveats."""
    req = result.request
    blocks: list[Any] = [
        Paragraph(f"How many raters and subjects would the next study need? Assuming "
                  f"t = {req.t:.3g}, a = {req.a:.3g} and p = {req.p:.3g} ({req.source}), each design "
                  f"below was simulated {req.sims} times and every simulated study was fitted "
                  "as this report's t-a-p fit was."),
        Paragraph(answer_sentence(result), "verdict"),
        Paragraph(f"The cheapest design ({_cost_basis(result.costs)}) that meets each need, or "
                  "the closest one when none of the designs tried does:"),
        BulletList(advice_lines(result))]
    for shown in quantities(result):
        header, rows = grid(result, shown)
        blocks.append(Table(f"{key}-{shown.key}", shown.title, header,
                            tuple(tuple(row) for row in rows),
                            note=shown.need_note(need_on(result, shown))))
    blocks.append(Figure("plan-widths", f"{quantity(req, 'width_a').title} against the "
                         "number of subjects, one line per number of raters per subject.",
                         f"{key}-widths"))
    from tapdesk.engine.planning.result import interval_note
    blocks.append(BulletList((f"Intervals: {interval_note(req.level)}.", *result.notes())))
    return Section(key, PLAN_TITLE, tuple(blocks))
