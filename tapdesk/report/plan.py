"""A study plan in words and tables: for the command line, the app and the report (no Qt).

Importing this module registers the report's "Plan for the next study"
section (after the analyses; it appears when ``ReportInputs.plan`` is set).
It imports nothing heavy, so the report package can load it at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tapdesk.engine.planning.result import PlanDesign, PlanResult
from tapdesk.report.build import register_section
from tapdesk.report.document import BulletList, Figure, Paragraph, Section, Table

POWER_GOAL = 0.8


@dataclass(frozen=True)
class Quantity:
    """One number a plan gives per design, and how to show it."""

    key: str
    title: str
    percent: bool = False
    lower_is_better: bool = True

    def value(self, design: PlanDesign) -> float | None:
        return getattr(design, self.key)

    def error(self, design: PlanDesign) -> float | None:
        return getattr(design.mc_error, self.key, None)

    def cell(self, design: PlanDesign) -> str:
        value, error = self.value(design), self.error(design)
        if value is None:
            return "-"
        text = f"{100 * value:.1f}%" if self.percent else f"{value:.3f}"
        if error is not None and error == error:
            text += f" +-{100 * error:.1f}" if self.percent else f" +-{error:.3f}"
        if self.key == "accuracy_model":
            text += f" [{100 * design.accuracy_exact:.1f}%]"
        if self.key == "accuracy_majority":
            text += f" [{100 * design.majority_exact:.1f}%]"
        return text


def quantities(result: PlanResult) -> tuple[Quantity, ...]:
    out = [Quantity("width_a", "Width of the 95% interval for accuracy a"),
           Quantity("width_t", "Width of the 95% interval for t (share truly in Class 1)"),
           Quantity("width_p", "Width of the 95% interval for p (guess rate)")]
    if result.request.versus is not None:
        out.append(Quantity("power", f"Chance that the interval for a excludes "
                                     f"{result.request.versus:g}", True, False))
    out += [Quantity("accuracy_model", "Subjects whose true class the model's posterior gets "
                                       "right [closed form with the true t, a, p]", True, False),
            Quantity("accuracy_majority", "Subjects whose true class majority vote gets right "
                                          "[closed form]", True, False)]
    return tuple(out)


def grid(result: PlanResult, quantity: Quantity) -> tuple[tuple[str, ...], list[list[str]]]:
    """(header, rows): one row per number of raters, one column per number of subjects."""
    req = result.request
    header = ("raters \\ subjects",) + tuple(str(n) for n in req.subjects)
    rows = []
    for r in req.raters:
        row = [str(r)]
        for n in req.subjects:
            try:
                row.append(quantity.cell(result.design(r, n)))
            except KeyError:
                row.append("not run")
        rows.append(row)
    return header, rows


def headline(result: PlanResult) -> tuple[str, ...]:
    """Plain sentences: the most precise design, and the cheapest that reaches the power goal."""
    if not result.designs:
        return ("No design was simulated.",)
    best = min(result.designs, key=lambda d: (d.width_a, d.ratings))
    lines = [f"The narrowest interval for accuracy a comes from {best.raters} raters per subject "
             f"and {best.subjects} subjects: typically {best.width_a:.2f} wide "
             f"(for example {max(0.0, result.request.a - best.width_a / 2):.2f} to "
             f"{min(1.0, result.request.a + best.width_a / 2):.2f} if a is "
             f"{result.request.a:.3g})."]
    versus = result.request.versus
    if versus is not None:
        good = [d for d in result.designs if d.power is not None and d.power >= POWER_GOAL]
        if good:
            cheap = min(good, key=lambda d: (d.ratings, d.width_a))
            lines.append(f"The fewest ratings with at least an {POWER_GOAL:.0%} chance of showing "
                         f"that a differs from {versus:g}: {cheap.raters} raters x "
                         f"{cheap.subjects} subjects ({cheap.ratings} ratings, chance "
                         f"{cheap.power:.0%}).")
        else:
            lines.append(f"No design tried gives an {POWER_GOAL:.0%} chance of showing that a "
                         f"differs from {versus:g}; more subjects or raters are needed (or a is "
                         f"too close to {versus:g} to tell apart).")
    return tuple(lines)


def plan_text(result: PlanResult) -> str:
    """The plan as plain text (the CLI's output)."""
    req = result.request
    lines = [f"Study plan: t = {req.t:.3g}, a = {req.a:.3g}, p = {req.p:.3g} ({req.source}); "
             f"{req.sims} simulated studies per design, seed {req.seed}", ""]
    lines += [*headline(result), ""]
    for quantity in quantities(result):
        header, rows = grid(result, quantity)
        widths = [max(len(header[i]), *(len(row[i]) for row in rows)) for i in range(len(header))]
        lines += [quantity.title, "-" * len(quantity.title),
                  "  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
        lines.append("")
    from tapdesk.engine.planning.result import INTERVAL_NOTE
    lines.append(f"Intervals: {INTERVAL_NOTE}.")
    lines += [f"Note: {note}" for note in result.notes()]
    lines.append(f"{result.request.n_studies if result.complete else 'Some'} simulated studies "
                 f"in {result.seconds:.1f} s with {result.workers} process(es).")
    return "\n".join(lines)


def plan_sections(ctx) -> Section | None:
    """The report's section maker (registered after the analyses): a Plan section when the
    report's inputs carry a plan."""
    plan = getattr(ctx.inputs, "plan", None)
    return plan_section(plan) if plan is not None else None


register_section("plan", plan_sections, after="analyses")


def plan_section(result: PlanResult, key: str = "plan") -> Section:
    """The report's "Plan" section: assumptions, headline, the grids, a plot, the caveats."""
    req = result.request
    blocks: list[Any] = [
        Paragraph(f"How many raters and subjects would the next study need? Assuming "
                  f"t = {req.t:.3g}, a = {req.a:.3g} and p = {req.p:.3g} ({req.source}), each design "
                  f"below was simulated {req.sims} times and every simulated study was fitted "
                  "as this report's t-a-p fit was."),
        Paragraph(" ".join(headline(result)), "lead")]
    for quantity in quantities(result):
        header, rows = grid(result, quantity)
        blocks.append(Table(f"{key}-{quantity.key}", quantity.title, header,
                            tuple(tuple(row) for row in rows)))
    blocks.append(Figure("plan-widths", "Width of the 95% interval for accuracy a against the "
                         "number of subjects, one line per number of raters per subject.",
                         f"{key}-widths"))
    from tapdesk.engine.planning.result import INTERVAL_NOTE
    blocks.append(BulletList((f"Intervals: {INTERVAL_NOTE}.", *result.notes())))
    return Section(key, "Plan for the next study", tuple(blocks))
