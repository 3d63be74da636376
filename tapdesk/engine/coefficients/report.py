"""Plain-words rendering of an AgreementResult: Summary, ResultTables, text."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tapdesk.engine.intervals import level_text
from tapdesk.engine.results import ResultTable, Summary, ci_text, fmt  # noqa: F401 (ci_text re-exported)
from tapdesk.engine.words import category_phrase
from tapdesk.i18n import N_, NC_, _, formats
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.deferred import joined_text, made, said, said_n, said_p, shown
from tapdesk.i18n.languages import SOURCE
from tapdesk.i18n.tables import displayed, kept
from tapdesk.i18n.text import Interval, Level, Number, text

if TYPE_CHECKING:
    from tapdesk.data.binary import ClassChoice
    from tapdesk.engine.coefficients.result import AgreementResult, Coefficient


def clean_json(value: Any) -> Any:
    """Recursively make ``value`` standard JSON: NaN/inf -> None, numpy -> Python."""
    if isinstance(value, dict):
        return {k: clean_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_json(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# Translators: what a classical coefficient measures, in a table's words column.
MEANINGS = {
    "percent_agreement": N_("how often two ratings of the same subject agree"),
    "fleiss_kappa": N_("agreement beyond chance; chance from the overall category shares"),
    "conger_kappa": N_("agreement beyond chance; chance from each rater's own category shares"),
    "cohen_kappa": N_("two raters: agreement beyond chance, from each rater's own shares"),
    "scott_pi": N_("two ratings per subject: agreement beyond chance, from shared shares"),
    "gwet_ac1": N_("agreement beyond chance; stays stable when one category dominates"),
    "gwet_ac2": N_("agreement beyond chance; stays stable when one category dominates"),
    "brennan_prediger": N_("agreement beyond chance; every category equally likely by chance"),
    "krippendorff_alpha": N_("agreement beyond chance, from the disagreements between ratings"),
    "pabak": N_("agreement beyond chance as if both classes were equally common and raters had "
             "no bias"),
    "prevalence_index": N_("how unequal the classes are: both ratings Class 1 minus both Class 0"),
    "bias_index": N_("how much raters differ in how often they say Class 1"),
}
"""What each coefficient measures, in words (the method stays in the details and in JSON)."""


def meaning(coef: Coefficient) -> str:
    """The coefficient's meaning in words; weighted ones say that near misses count partly."""
    base = coef.key.removesuffix("_weighted")
    text = _(next((v for k, v in MEANINGS.items() if base.startswith(k)), coef.name))
    if coef.key.endswith("_weighted") or coef.key == "gwet_ac2":
        # Translators: a weighted coefficient's meaning; {meaning} says what it measures.
        text = _("{meaning}; near misses count partly").format(meaning=text)
    return text


def _row(coef: Coefficient) -> tuple[str, str, str, str, str]:
    """A row with the method used (for tables and details)."""
    if not coef.defined:
        # Translators: a coefficient's value when it cannot be computed (its reason follows).
        return (coef.name, said("undefined"), "-", "-", coef.undefined_reason or "")
    return (coef.name, made(fmt, coef.value), made(fmt, coef.se), made(ci_text, coef.ci),
            how_computed(coef))         # the numbers written again in the language shown


def _table_row(coef: Coefficient) -> tuple[Any, ...]:
    """A row of a coefficients table: its numbers and interval kept as numbers, written in the
    language the table is shown in (a fit's tables are made once, in English)."""
    if not coef.defined:
        return _row(coef)
    return (coef.name, made(fmt, coef.value), made(fmt, coef.se), Interval.of(coef.ci),
            how_computed(coef))


def how_computed(coef: Coefficient) -> str:
    """What the coefficient says (its verdict, where it makes a claim), then how it was computed."""
    method = joined_text("", (coef.method, " [", coef.note, "]")) if coef.note else coef.method
    return joined_text("; ", (coef.verdict, method)) if coef.verdict else method


def in_words(coef: Coefficient) -> str:
    """What the coefficient means and says (its verdict), or why it is undefined: the words a
    working screen shows; how it was computed is for tooltips and details (:func:`how_computed`)."""
    if not coef.defined:
        return shown(coef.undefined_reason or "")
    return meaning(coef) + (f"; {shown(coef.verdict)}" if coef.verdict else "")


def _plain_row(coef: Coefficient) -> tuple[str, str, str, str, str]:
    """A row with what the coefficient means, and its verdict (for the summary a reader sees
    first)."""
    return _row(coef)[:4] + (in_words(coef),)


def category_names(result: AgreementResult) -> list[str]:
    """Each category by its label, with the code where both exist ("gold (4)"); the two
    classes of a split by the categories each holds, joined as the language shown joins
    alternatives ("gold or silver", "gold oder silver")."""
    labels = result.category_labels or ("",) * len(result.categories)
    split = _split_classes(result)
    return [split[c] if c in split else category_phrase(c, lab)
            for c, lab in zip(result.categories, labels)]


def _split_classes(result: AgreementResult) -> dict[str, Any]:
    """The categories of a split's two-class view, which it names by the categories each class
    holds in English (data, the same in every language: "gold or silver"), each as a text
    written in the language shown; {} without a split or where each class is one category."""
    choice = result.class_choice
    if choice is None or len(result.categories) != 2:
        return {}
    with language(SOURCE):
        english = (choice.names(choice.class0)[:40], choice.names(choice.class1)[:40])
    if tuple(result.categories) != english:
        return {}
    return {english[0]: made(class_words, choice, False, english[0]),
            english[1]: made(class_words, choice, True, english[1])}


def class_words(choice: ClassChoice, class1: bool, english: str) -> str:
    """A class of a split by the categories it holds, in the current language (``english``,
    the view's own name of it, in English)."""
    if is_source():
        return english
    return choice.names(choice.class1 if class1 else choice.class0)


def split_words(choice: ClassChoice, english: str) -> str:
    """The two classes of a split ("Class 1 = {3, 4}; Class 0 = {1, 2}") in the current
    language (``english``: as the result keeps them)."""
    return english if is_source() else choice.shown()


def _split(result: AgreementResult) -> Any:
    """The result's two classes, written when shown."""
    if result.class_choice is None:
        return result.split
    return made(split_words, result.class_choice, result.split)


def _headline(result: AgreementResult) -> tuple[str, ...]:
    size = {"n": result.n_subjects, "ratings": result.n_ratings}
    if result.split:
        # Translators: {n} subjects, {ratings} ratings; {split} says which categories form each
        # class ("Class 1 = {3, 4}; Class 0 = {1, 2}").
        lines = [said_n("{n} subject with {ratings} ratings, in two classes: {split}.",
                        "{n} subjects with {ratings} ratings, in two classes: {split}.",
                        result.n_subjects, split=_split(result), **size)]
    else:
        # Translators: {n} subjects, {ratings} ratings, {k} categories, listed in {names}.
        lines = [said_n("{n} subject with {ratings} ratings on {k} categories ({names}).",
                        "{n} subjects with {ratings} ratings on {k} categories ({names}).",
                        result.n_subjects, k=len(result.categories),
                        names=joined_text(", ", category_names(result)), **size)]
    pa = next((c for c in result.coefficients if c.key == "percent_agreement"), None)
    fk = next((c for c in result.coefficients if c.key == "fleiss_kappa"), None)
    if pa is not None and pa.value is not None:
        # Translators: {share} is a percent with one decimal ("72.5%").
        lines.append(said("Two ratings of the same subject agree {share} of the time.",
                          share=made(formats.percent, pa.value, 1)))
    if fk is not None and fk.defined:
        # Translators: {kappa} is a number ("0.412"), {level} "95%", {interval} its ends
        # ("0.35 to 0.47").
        lines.append(said("Fleiss' kappa is {kappa} ({level} interval {interval}): agreement "
                          "beyond what chance would give.", kappa=made(fmt, fk.value),
                          level=made(level_text, result.level), interval=made(ci_text, fk.ci)))
    return tuple(lines)


# Translators: the agreement weights of classical coefficients, as `tapdesk agreement` names them.
_WEIGHTS = {"unweighted": NC_("weights", "unweighted"), "linear": NC_("weights", "linear"),
            "quadratic": NC_("weights", "quadratic"), "user matrix": NC_("weights", "user matrix")}


def _weights_words(weights: str) -> str:
    return said_p("weights", _WEIGHTS[weights]) if weights in _WEIGHTS else weights


def build_summary(result: AgreementResult) -> Summary:
    """The coefficients' summary: its texts are kept (English, with their recipes) and written
    in the language shown by :meth:`Summary.as_text`."""
    # Translators: the names of the facts of `tapdesk agreement`'s summary, and two of their
    # values (the raters "not identified": the data have no rater column; the bootstrap "off").
    facts = [(N_("Subjects analysed"), str(result.n_subjects)), (N_("Ratings"), str(result.n_ratings)),
             (N_("Raters"), str(result.n_raters) if result.n_raters else said("not identified")),
             (N_("Categories"), joined_text(", ", category_names(result))),
             (N_("Weights"), _weights_words(result.weights))]
    if result.split:
        facts.append((N_("Two classes"), _split(result)))
    if result.n_excluded:
        facts.append((N_("Excluded subjects"), str(result.n_excluded)))
    # Translators: {n} resamples (a count), {seed} the random seed (a whole number).
    facts.append((N_("Bootstrap"),
                  # Translators: the "Bootstrap" fact: {n} resamples (a count), {seed} the random
                  # seed (a whole number).
                  said_n("{n} resample over subjects, seed {seed}, percentile "
                                          "intervals", "{n} resamples over subjects, seed {seed}, "
                                          "percentile intervals", result.bootstrap,
                                          n=result.bootstrap, seed=str(result.seed))
                  if result.bootstrap else said("off")))
    rows = tuple(_plain_row(c) for c in result.coefficients)
    details = tuple((c.name, _row(c)[4]) for c in result.coefficients if c.defined)
    # Translators: the title of `tapdesk agreement`'s summary and its first column.
    return Summary(N_("Agreement coefficients"), _headline(result), rows, result.warnings,
                   tuple(facts), details=details, name_header=N_("coefficient"))


# Translators: the title of the table of Cohen's kappa for each pair of raters, by its weights.
_PAIRWISE_TITLES = {"unweighted": N_("Pairwise Cohen's kappa (unweighted)"),
                    "linear": N_("Pairwise Cohen's kappa (linear)"),
                    "quadratic": N_("Pairwise Cohen's kappa (quadratic)")}


def build_tables(result: AgreementResult) -> tuple[ResultTable, ...]:
    # Translators: a table column; {level} is an interval's level ("95%").
    interval = text(N_("{level} interval"), level=Level(result.level))
    # Translators: columns of the tables of agreement coefficients.
    tail = (N_("SE"), interval, N_("method or reason"))
    tables = [ResultTable(**kept(N_("Agreement coefficients"),
                                 (N_("coefficient"), N_("estimate"), *tail),
                                 tuple(_table_row(c) for c in result.coefficients)))]
    if result.per_category_fleiss:
        # Translators: a table's title, its first column and its note (Fleiss 1971 is a paper).
        tables.append(ResultTable(**kept(
            N_("Fleiss' kappa per category"), (N_("category"), N_("kappa"), *tail),
            tuple((name,) + _table_row(c)[1:]
                  for name, c in zip(_fleiss_names(result), result.per_category_fleiss)),
            N_("Each category against all others (Fleiss 1971)."))))
    pw = result.pairwise_cohen
    if pw is not None and pw.kappa:
        rows = tuple((rid,) + tuple("-" if v is None else _kappa_cell(v) for v in row)
                     for rid, row in zip(pw.rater_ids, pw.kappa))
        title = _PAIRWISE_TITLES.get(pw.weights, f"Pairwise Cohen's kappa ({pw.weights})")
        # Translators: the first column and the note of the table of Cohen's kappa for each
        # pair of raters ('-' marks a cell with no kappa).
        tables.append(ResultTable(**kept(title, (N_("rater"),) + pw.rater_ids, rows,
                                         N_("Subjects both raters rated; '-' = undefined or the "
                                            "diagonal."))))
    return tuple(tables)


def _kappa_cell(value: float) -> Number:
    """A pairwise kappa kept as a number until it is shown (right-aligned in the window and the
    report, in the language shown); its English is what ``fmt`` writes ("\u22120.120")."""
    return Number.of(value, 3, english=formats.signed(f"{value:.3f}"))


def _fleiss_names(result: AgreementResult) -> list[str | None]:
    names: dict[str | None, str | None] = dict(zip(result.categories, category_names(result)))
    return [names.get(c.category, c.category) for c in result.per_category_fleiss]


def render_text(result: AgreementResult) -> str:
    """``tapdesk agreement``'s text in the current language (its tables' titles, columns, worded
    cells and notes too: :func:`~tapdesk.i18n.tables.displayed`)."""
    summary = result.summary()
    parts = [replace(summary, details=()).as_text()]
    for table in map(displayed, result.tables()[1:]):
        cells = [tuple(shown(v) for v in row) for row in (table.columns, *table.rows)]
        widths = [max(len(x) for x in col) for col in zip(*cells)]
        lines = ["", table.title, "-" * len(table.title)]
        for row in cells:
            lines.append("  ".join(f"{v:<{w}}" for v, w in zip(row, widths)).rstrip())
        if table.note:
            lines.append(table.note)
        parts.append("\n".join(lines))
    # Translators: the heading of `tapdesk agreement`'s last part: how each coefficient's interval
    # was computed.
    heading = _("Details: how each interval was computed")
    parts += ["", heading, "-" * len(heading)]
    # Translators: one line of the details: {name} a coefficient's name, {how} how its interval
    # was computed.
    parts += [_("{name}: {how}").format(name=_(k), how=shown(v)) for k, v in summary.details]
    return "\n".join(parts)
