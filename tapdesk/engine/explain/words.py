"""The explanatory models' findings in words a committee reads (issue 42).

Every sentence is built here from the result's objects (groups, group test, effects,
attribute test), so the command line, the app and the report say the same thing. Where an
interval spans most of its range, the sentence says that the data cannot tell instead of
stating a number.
"""

from __future__ import annotations

from tapdesk.engine.results import (
    AttributeEffect,
    FitResult,
    GroupShare,
    LikelihoodRatioTest,
    interval_words,
    number_text,
)
from tapdesk.engine.words import (
    class_words,
    level_percent,
    percent,
    percent_with_interval,
    tells,
)

UNTOLD_POINTS = 0.8
"""An effect interval at least this wide (in accuracy, 0.8 = 80 points) cannot tell."""


def chance_words(p: float) -> str:
    """"1%", "0.4%", "under 0.1%": a p-value as the chance in words."""
    if p < 0.001:
        return "under 0.1%"
    if p < 0.01:
        return f"{100 * p:.1f}%"
    return f"{round(100 * p)}%"


def number_words(value: float) -> str:
    return number_text(value, "g")


def points(value: float) -> int:
    return round(abs(100 * value))


def effect_sentence(effect: AttributeEffect, level: float) -> str:
    """"Accuracy rises with age: raters with age 60 are accurate 12 points more often than
    those with age 35 (95% interval 3 to 21); the chance ... is 1%"."""
    who_high, who_low = _who(effect)
    if effect.interval is None or effect.interval[1] - effect.interval[0] >= UNTOLD_POINTS:
        return (f"These data cannot tell whether accuracy differs between {who_high} and "
                f"{who_low}: there are too few raters or ratings to pin it down.")
    lo, hi = (round(100 * v) for v in effect.interval)
    ends = f"{level_percent(level)} interval {interval_words(str(lo), str(hi))} points"
    more = "more" if effect.effect >= 0 else "less"
    compare = (f"{who_high} are accurate {points(effect.effect)} points {more} often than "
               f"{who_low} ({ends})")
    chance = "" if effect.p_value is None else (
        f"; the chance of a difference this large if {effect.attribute} did not matter is "
        f"{chance_words(effect.p_value)}")
    if effect.verdict in ("higher", "lower"):
        head = _direction(effect)
        return f"{head}: {compare}{chance}."
    held = (f", and not once all {effect.family_size} effects are allowed for"
            if effect.family_size > 1 else "")
    return (f"The data do not show that accuracy depends on {_what(effect)}{held}: "
            f"{compare}{chance}.")


def _what(effect: AttributeEffect) -> str:
    return effect.attribute if effect.numeric else f"{effect.attribute} ({effect.level} against " \
                                                   f"{effect.reference})"


def _direction(effect: AttributeEffect) -> str:
    if effect.numeric:
        return f"Accuracy {'rises' if effect.effect >= 0 else 'falls'} with {effect.attribute}"
    return f"Accuracy differs by {effect.attribute}"


def _who(effect: AttributeEffect) -> tuple[str, str]:
    if effect.numeric:
        return (f"raters with {effect.attribute} {number_words(effect.high)}",
                f"those with {effect.attribute} {number_words(effect.low)}")
    return (f"raters whose {effect.attribute} is {effect.level}",
            f"those whose {effect.attribute} is {effect.reference}")


def effect_scale(effect_attribute: str, level: str, reference: str, low: float,
                 high: float) -> str:
    """What an effect's number is, in words (the JSON's ``scale``)."""
    if not level:
        return (f"accuracy of raters with {effect_attribute} {number_words(high)} minus that "
                f"of raters with {effect_attribute} {number_words(low)}")
    return (f"accuracy of raters with {effect_attribute} {level} minus that of raters with "
            f"{effect_attribute} {reference}")


def groups_sentence(column: str, groups: tuple[GroupShare, ...], test: LikelihoodRatioTest,
                    class_name: str, level: float) -> str:
    """The class shares by group and whether they differ."""
    binary = all(g.category is None for g in groups)
    if binary:
        parts = [f"{column} {g.group}: {_share(g, level)}" for g in groups]
    else:
        labels = list(dict.fromkeys(g.group for g in groups))
        parts = [f"{column} {label}: " + ", ".join(f"{percent(g.t)} '{g.category}'" for g in groups
                                                   if g.group == label) for label in labels]
    differ = test.p_value < round(1 - level, 12)
    what = (f"The share of subjects truly in {class_name}" if binary
            else "The subjects' true categories")
    verdict = "differs" if binary else "differ"
    chance = f"the chance of differences this large if the groups did not differ is " \
             f"{chance_words(test.p_value)}"
    if differ:
        return f"{what} {verdict} by {column} ({chance}): {'; '.join(parts)}."
    return (f"The data do not show that {what[0].lower() + what[1:]} {verdict} by {column} "
            f"({chance}): {'; '.join(parts)}.")


def _share(group: GroupShare, level: float) -> str:
    if not tells(group.interval):
        return "cannot be told"
    text = percent_with_interval(group.t, group.interval, level)
    return text if group.category is None else f"{text} in '{group.category}'"


def attribute_test_sentence(test: LikelihoodRatioTest, columns: tuple[str, ...],
                            level: float) -> str:
    """Whether the rater attributes matter at all."""
    joined = " and ".join(columns)
    shown = test.p_value < round(1 - level, 12)
    return (f"Taken together, {joined} {'explain' if shown else 'do not clearly explain'}"
            f" differences in accuracy (the chance of an improvement this large if "
            f"{'they' if len(columns) > 1 else 'it'} did not matter is "
            f"{chance_words(test.p_value)}).")



def explained_sentences(result: FitResult) -> list[str]:
    """The groups, the effects and the attributes' joint test of an explanatory fit, in words
    (the headline's and the paragraph's sentences)."""
    lines = []
    if result.groups and result.group_test is not None:
        one = class_words(result.class_choice)[0] if result.class_choice is not None else ""
        lines.append(groups_sentence(str(result.request.subject_group), result.groups,
                                     result.group_test, f"Class 1 ({one})", result.level))
    lines += [effect_sentence(e, result.level) for e in result.effects]
    if result.attribute_test is not None and len(result.effects) > 1:
        lines.append(attribute_test_sentence(result.attribute_test,
                                             tuple(result.request.rater_attributes), result.level))
    return lines
