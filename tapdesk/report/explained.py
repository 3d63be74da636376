"""An explained fit in the report and the app: what it found, its tables and its figures (issue 42).

An explanatory fit (class shares by subject group, accuracy by rater attributes) or a pooled
per-rater posterior gets, beside its estimates: its findings in words (the engine's sentences,
:attr:`Findings.explanations`), the effects and the groups as tables headed for a committee,
the tests in precise terms, and figures: accuracy against each rater attribute, the class share
by group, the subjects' Class-1 probabilities by group, and (pooled) each rater shrunk toward
the panel. The figure kinds and captions are made here once; the render layer draws each kind
(:mod:`tapdesk.render.plots.explain`) for the report and the app's Explain tab alike.

Never imports Qt.
"""

from __future__ import annotations

from typing import Any

from tapdesk.engine.results import AttributeEffect, FitResult, lr_test_words
from tapdesk.engine.story.findings import findings_for
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.report.document import Paragraph, Table
from tapdesk.report.local_words import fixed, interval_title, local_number
from tapdesk.report.words import interval_name

ACCURACY_KIND = "explain-accuracy"
GROUPS_KIND = "explain-groups"
SUBJECTS_KIND = "explain-subjects"
POOLED_KIND = "explain-pooled"
# Translators: an effect's verdict in the table "Accuracy by rater attributes".
VERDICT_WORDS = {"higher": N_("more accurate"), "lower": N_("less accurate"),
                 "not shown to differ": N_("not shown to differ"),
                 "unknown": N_("not tested")}


def is_explained(result: FitResult) -> bool:
    """The fit explains the ratings by groups or attributes, or pools raters toward the panel."""
    return bool(result.groups or result.effects or result.pooling is not None)


def explanations(result: FitResult, table: Any = None) -> tuple[str, ...]:
    """The findings in words (the engine's sentences, never re-made here), in the report's
    language (each kept as a template until it is shown)."""
    return tuple(shown(s) for s in findings_for(result, table).explanations)


# ------------------------------------------------------------------ tables
def shown_by_section(result: FitResult) -> tuple[str, ...]:
    """The fit's own group and effect tables, which the section shows in a committee's words
    (their statistics in the table's note): left out of the plain list of model tables."""
    return tuple(t.title for t in result.explain_tables())


def compared(effect: AttributeEffect) -> str:
    """"age 55 against 35", "site B against A": the raters an effect compares."""
    high, low = _ends(effect)
    # Translators: the raters an effect compares; {attribute} is a rater attribute's name
    # ("age"), {high} and {low} its values or levels ("55", "35"; "site B", "A").
    return _("{attribute} {high} against {low}").format(attribute=effect.attribute, high=high,
                                                       low=low)


def effect_statistics(effect: AttributeEffect) -> str:
    """An effect's statistics in precise terms (the app's tooltip, the report's note), in the
    current language (the JSON keeps the engine's English ``scale``)."""
    high, low = _ends(effect)
    ci = effect.coefficient_interval
    coefficient = fixed(effect.coefficient) + (
        "" if ci is None else f" ({formats.interval(ci[0], ci[1], 3)})")
    if effect.numeric:
        # Translators: an effect's statistic: {compared} is "age 55 against 35", {per} a number
        # of units ("10"), {attribute} a rater attribute ("age"), {coefficient} a number with
        # its interval in brackets ("0.576 (0.158 to 1.040)").
        text = _("{compared}: change in the logit of accuracy per {per} of {attribute}: "
                 "{coefficient}").format(compared=compared(effect), per=_g(effect.per),
                                         attribute=effect.attribute, coefficient=coefficient)
    else:
        # Translators: as "{compared}: change in the logit of accuracy per {per} of ...", for
        # an attribute with levels ("site B against A").
        text = _("{compared}: change in the logit of accuracy: {coefficient}").format(
            compared=compared(effect), coefficient=coefficient)
    if effect.p_value is not None:
        p = (_("p = {p}").format(p=fixed(effect.p_value)) if effect.p_value >= 0.001
             else _("p < {p}").format(p=fixed(0.001)))
        # Translators: follows an effect's statistic; {p} is "p = 0.005" or "p < 0.001".
        text += _("; likelihood-ratio test of no effect {p}").format(p=p)
    if effect.family_size > 1:
        # Translators: follows an effect's statistic; {n} is the number of effects (2 or more).
        text += _("; verdict held for all {n} effects together (global test, then Holm)").format(
            n=effect.family_size)
    # Translators: what an effect's number is; {attribute} is a rater attribute ("age"),
    # {high} and {low} its two values or levels ("55", "35"; "B", "A").
    scale = _("Accuracy of raters with {attribute} {high} minus that of raters with "
              "{attribute} {low}.").format(attribute=effect.attribute, high=high, low=low)
    return f"{text}. {scale}"


def _g(value: float) -> str:
    """A number as ``:g`` writes it, in the current language."""
    return f"{value:g}" if is_source() else local_number(value, "g")


def _ends(effect: AttributeEffect) -> tuple[str, str]:
    """The two values or levels an effect compares, as the reader writes them."""
    if effect.numeric:
        return _g(effect.high), _g(effect.low)
    return str(effect.level), str(effect.reference)


def effect_rows(result: FitResult) -> tuple[tuple[Any, ...], ...]:
    """One row per effect: the raters compared (by attribute), points, interval ends, verdict."""
    rows = []
    for e in result.effects:
        lo, hi = (100 * e.interval[0], 100 * e.interval[1]) if e.interval is not None \
            else (None, None)
        rows.append((compared(e), 100 * e.effect, lo, hi,
                     _(VERDICT_WORDS[e.verdict]) if e.verdict in VERDICT_WORDS else e.verdict))
    return tuple(rows)


def effect_columns(result: FitResult) -> tuple[str, ...]:
    interval = interval_name(result)
    # Translators: the columns of the table "Accuracy by rater attributes".
    return (N_("Raters compared"), N_("Difference in accuracy (points)"), f"{interval} low",
            f"{interval} high", N_("Verdict"))


def group_rows(result: FitResult) -> tuple[tuple[Any, ...], ...]:
    """One row per group (and category): group, subjects, category (None with two classes: the
    title names Class 1), share, interval ends, mean."""
    rows = []
    for g in result.groups:
        lo, hi = g.interval if g.interval is not None else (None, None)
        rows.append((g.group, g.n_subjects, g.category, g.t, lo, hi, g.mean_probability))
    return tuple(rows)


def group_columns(result: FitResult) -> tuple[str, ...]:
    """The columns of the table "Class share by subject group", in English (the exported
    table's column names); :func:`group_column_words` prints the ones made from data."""
    interval = interval_name(result)
    column = result.request.subject_group or "Group"
    share = "Share truly in the class" if result.class_choice is None else \
        f"Share truly in {class_one(result)}"
    # Translators: the columns of the table "Class share by subject group".
    return (column[:1].upper() + column[1:], N_("Subjects"), N_("Class"), share,
            f"{interval} low", f"{interval} high", N_("Mean probability of its subjects"))


def group_column_words(result: FitResult) -> tuple[tuple[str, str], ...]:
    """The group table's columns made from data, in the current language: the group column's
    default name and the share's ("Anteil tatsächlich in Klasse 1 (no medal oder bronze)")."""
    english = group_columns(result)
    if result.class_choice is None:
        # Translators: a column of the table "Class share by subject group": the share of the
        # group's subjects truly in the class (a K-category fit: in the row's category).
        share = _("Share truly in the class")
    else:
        # Translators: as above, for a two-class fit: {what} names Class 1 with its categories
        # ("Class 1 (gold or silver)").
        share = _("Share truly in {what}").format(what=class_one_shown(result))
    # Translators: the first column of the table "Class share by subject group" when the
    # groups' column has no name.
    group = english[0] if result.request.subject_group else _("Group")
    return ((english[0], group), (english[3], share))


def class_one(result: FitResult) -> str:
    choice = result.class_choice
    return f"Class 1 ({choice.names(choice.class1)})" if choice is not None else "Class 1"


def tests_in_words(result: FitResult) -> tuple[str, ...]:
    """The likelihood-ratio tests in precise terms."""
    return tuple(lr_test_words(t) for t in (result.group_test, result.attribute_test)
                 if t is not None)


def effects_table(result: FitResult, key: str = "") -> Table | None:
    """The effects as a table headed for a committee (their statistics in the note)."""
    if not result.effects:
        return None
    # Translators: a table's title and its note (the effects' statistics follow the note).
    return Table(f"{key}explain-effects", _("Accuracy by rater attributes"), effect_columns(result),
                 effect_rows(result), ("", "+.1f", "+.1f", "+.1f", ""),
                 note=_("Difference in accuracy: percentage points between the raters compared, "
                        "the other attributes held at their mean or most common level.") + " "
                      + " ".join(effect_statistics(e) for e in result.effects))


def groups_table(result: FitResult, key: str = "") -> Table | None:
    """The class shares by group (a K-category fit: a row per group and category)."""
    if not result.groups:
        return None
    # Translators: a table's title and its note.
    return Table(f"{key}explain-groups", _("Class share by subject group"), group_columns(result),
                 group_rows(result),
                 ("", "d", "", ".3f", ".3f", ".3f", ".3f"), column_words=group_column_words(result),
                 note=_("Share: the share of the group's subjects truly in the class, as the "
                        "model estimates it; mean probability: the mean of its subjects' "
                        "probabilities of that class."))


def report_blocks(result: FitResult, table: Any, key: str) -> list[Any]:
    """The report's blocks for an explained fit (its figures come from :func:`figures`)."""
    tables = [t for t in (effects_table(result, key), groups_table(result, key)) if t is not None]
    if not tables:
        return []
    # Translators: a label in an analysis's section, above the explained fit's tables.
    blocks: list[Any] = [Paragraph(_("Explaining the ratings"), "label"), *tables]
    tests = tests_in_words(result)
    if tests:
        # Translators: {tests} lists the likelihood-ratio tests (the engine's words).
        blocks.append(Paragraph(_("Tests: {tests}.").format(tests=formats.clauses(tests)), "small"))
    return blocks


# ----------------------------------------------------------------- figures
def figures(result: FitResult) -> list[tuple[str, str]]:
    """(kind, caption) of every figure of an explained fit, in order."""
    out = []
    for attribute in dict.fromkeys(e.attribute for e in result.effects):
        numeric = any(e.numeric for e in result.effects if e.attribute == attribute)
        out.append((f"{ACCURACY_KIND}:{attribute}", accuracy_caption(result, attribute, numeric)))
    if result.groups:
        out.append((GROUPS_KIND, groups_caption(result)))
        if any(s.group for s in result.subjects) and result.class_choice is not None:
            # Translators: a figure's caption; {class1} names Class 1, {group} the subjects'
            # grouping column ("year").
            out.append((SUBJECTS_KIND, _("Each subject's probability of being truly in {class1}, by "
                                         "{group} (one dot per subject, spread sideways to be seen; "
                                         "the bar marks the group's mean).").format(
                class1=class_one_shown(result), group=result.request.subject_group)))
    pooling = result.pooling
    if pooling is not None:
        for attribute in pooling.attributes or ("",):
            # Translators: a figure's caption; {attribute} is a rater attribute's name ("age").
            caption = _("Each rater's accuracy against {attribute}: from their own ratings only "
                        "(open circles) and shrunk toward the panel (filled); a line joins a "
                        "rater's two estimates; the curve is a typical rater's accuracy as the "
                        "panel's model puts it.").format(attribute=attribute) if attribute else \
                _("Each rater's accuracy against the number of ratings each rater gave: from their "
                  "own ratings only (open circles) and shrunk toward the panel (filled); a line "
                  "joins a rater's two estimates.")
            out.append((f"{POOLED_KIND}:{attribute}" if attribute else POOLED_KIND, caption))
    return out


def accuracy_caption(result: FitResult, attribute: str, numeric: bool) -> str:
    interval = interval_title(interval_name(result))
    if numeric:
        # Translators: a figure's caption; {attribute} is a rater attribute's name ("age"),
        # {interval} "95% interval".
        return _("Accuracy against the raters' {attribute}: the fitted curve (the other attributes "
                 "at their mean or most common level); each rater's accuracy as the attributes "
                 "predict it (filled, with its {interval}) and on their own ratings (open circles, "
                 "each with its {interval}, drawn just to the right).").format(
            attribute=attribute, interval=interval)
    # Translators: as above, for an attribute with levels ("site").
    return _("Accuracy by the raters' {attribute}: the fitted accuracy of each level (bars, the "
             "other attributes at their mean or most common level); each rater's accuracy as the "
             "attributes predict it (filled, with its {interval}) and on their own ratings (open "
             "circles, each with its {interval}, drawn just to the right).").format(
        attribute=attribute, interval=interval)


def groups_caption(result: FitResult) -> str:
    if result.class_choice is None:
        # Translators: a figure's caption; {group} is the subjects' grouping column ("year"),
        # {interval} "95% interval".
        return _("The share of subjects truly in each category for each group of {group}, with "
                 "its {interval}.").format(group=result.request.subject_group,
                                           interval=interval_title(interval_name(result)))
    # Translators: a figure's caption; {class1} names Class 1, {group} is the subjects' grouping
    # column ("year"), {interval} "95% interval".
    return _("The share of subjects truly in {class1} for each group of {group}, with its "
             "{interval}.").format(class1=class_one_shown(result), group=result.request.subject_group,
                                   interval=interval_title(interval_name(result)))


def class_one_shown(result: FitResult) -> str:
    """:func:`class_one` in the current language ("Klasse 1 (no medal oder bronze)")."""
    from tapdesk.report.words import class_words
    return class_words(result, 1) if result.class_choice is not None else \
        _("Class {number}").format(number=1)
