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
from tapdesk.i18n import _, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import joined_text, made, said, said_n
from tapdesk.i18n.formats import quoted

UNTOLD_POINTS = 0.8
"""An effect interval at least this wide (in accuracy, 0.8 = 80 points) cannot tell."""


def chance_words(p: float) -> str:
    """"1%", "0.4%", "under 0.1%": a p-value as the chance in words."""
    if p < 0.001:
        if is_source():
            return "under 0.1%"
        return _("under {percent}").format(percent=formats.percent(0.001, 1))
    if p < 0.01:
        return f"{100 * p:.1f}%" if is_source() else formats.percent(p, 1)
    return f"{round(100 * p)}%" if is_source() else formats.percent(round(100 * p) / 100)


def number_words(value: float) -> str:
    return number_text(value, "g")


def points(value: float) -> int:
    return round(abs(100 * value))


def points_span(low: int, high: int) -> str:
    """An effect interval's ends in points: "3 to 21", "\u22124 to 9" ("3 bis 21")."""
    if is_source():
        return interval_words(str(low), str(high))
    return formats.interval(low, high, 0)


def effect_sentence(effect: AttributeEffect, level: float) -> str:
    """"Accuracy rises with age: raters with age 60 are accurate 12 points more often than
    those with age 35 (95% interval 3 to 21); the chance ... is 1%" (written when shown)."""
    who_high, who_low = _who(effect)
    if effect.interval is None or effect.interval[1] - effect.interval[0] >= UNTOLD_POINTS:
        # Translators: {high} and {low} are groups of raters ("raters with age 60", "those with
        # age 35").
        return said("These data cannot tell whether accuracy differs between {high} and {low}: "
                    "there are too few raters or ratings to pin it down.", high=who_high,
                    low=who_low)
    lo, hi = (round(100 * v) for v in effect.interval)
    # Translators: an effect's interval in points of accuracy; {level} is "95%", {span} its ends
    # ("3 to 21").
    ends = said("{level} interval {span} points", level=made(level_percent, level),
                span=made(points_span, lo, hi))
    args = {"high": who_high, "low": who_low, "points": points(effect.effect), "ends": ends}
    # Translators: {high} and {low} are groups of raters ("raters with age 60", "those with age
    # 35"), {points} a whole number, {ends} the interval ("95% interval 3 to 21 points").
    compare = (said("{high} are accurate {points} points more often than {low} ({ends})", **args)
               if effect.effect >= 0 else
               # Translators: as "{high} are accurate {points} points more often than ...".
               said("{high} are accurate {points} points less often than {low} ({ends})", **args))
    # Translators: {attribute} is a rater attribute's column name ("age"); {chance} a percent
    # ("1%", "under 0.1%").
    chance = None if effect.p_value is None else said(
        "the chance of a difference this large if {attribute} did not matter is {chance}",
        attribute=effect.attribute, chance=made(chance_words, effect.p_value))
    if effect.verdict in ("higher", "lower"):
        head = _direction(effect)
        if chance is None:
            # Translators: a finding: {head} is "Accuracy rises with age", {compare} the
            # comparison of two groups of raters.
            return said("{head}: {compare}.", head=head, compare=compare)
        # Translators: as "{head}: {compare}.", with {chance} the chance of so large a difference.
        return said("{head}: {compare}; {chance}.", head=head, compare=compare, chance=chance)
    what = _what(effect)
    if effect.family_size > 1:
        # Translators: a finding; {what} is a rater attribute ("age", "site (B against A)"), {n}
        # the number of effects tested (2 or more), {compare} the comparison of two groups of
        # raters, {chance} the chance of so large a difference.
        return (said_n("The data do not show that accuracy depends on {what}, and not once all "
                       "{n} effect is allowed for: {compare}; {chance}.",
                       "The data do not show that accuracy depends on {what}, and not once all "
                       "{n} effects are allowed for: {compare}; {chance}.", effect.family_size,
                       what=what, n=effect.family_size, compare=compare, chance=chance)
                if chance is not None else
                # Translators: as above, without the chance.
                said_n("The data do not show that accuracy depends on {what}, and not once all "
                       "{n} effect is allowed for: {compare}.",
                       "The data do not show that accuracy depends on {what}, and not once all "
                       "{n} effects are allowed for: {compare}.", effect.family_size,
                       what=what, n=effect.family_size, compare=compare))
    if chance is None:
        # Translators: a finding; {what} is a rater attribute ("age", "site (B against A)"),
        # {compare} the comparison of two groups of raters.
        return said("The data do not show that accuracy depends on {what}: {compare}.",
                    what=what, compare=compare)
    # Translators: as above, with {chance} the chance of so large a difference.
    return said("The data do not show that accuracy depends on {what}: {compare}; {chance}.",
                what=what, compare=compare, chance=chance)


def _what(effect: AttributeEffect) -> str:
    if effect.numeric:
        return effect.attribute
    # Translators: a level of a rater attribute against the reference level: {attribute} is the
    # column ("site"), {level} and {reference} its values ("B", "A").
    return said("{attribute} ({level} against {reference})", attribute=effect.attribute,
                level=str(effect.level), reference=str(effect.reference))


def _direction(effect: AttributeEffect) -> str:
    if effect.numeric:
        # Translators: {attribute} is a rater attribute's column name ("age").
        return (said("Accuracy rises with {attribute}", attribute=effect.attribute)
                if effect.effect >= 0 else
                # Translators: {attribute} is a rater attribute's column name ("age").
                said("Accuracy falls with {attribute}", attribute=effect.attribute))
    # Translators: {attribute} is a rater attribute's column name ("site").
    return said("Accuracy differs by {attribute}", attribute=effect.attribute)


def _who(effect: AttributeEffect) -> tuple[str, str]:
    if effect.numeric:
        high, low = made(number_words, effect.high), made(number_words, effect.low)
        # Translators: a group of raters: {attribute} is a column ("age"), {value} a number.
        return (said("raters with {attribute} {value}", attribute=effect.attribute, value=high),
                # Translators: as "raters with {attribute} {value}", for the second group.
                said("those with {attribute} {value}", attribute=effect.attribute, value=low))
    # Translators: a group of raters: {attribute} is a column ("site"), {value} its value ("B").
    return (said("raters whose {attribute} is {value}", attribute=effect.attribute,
                 value=str(effect.level)),
            # Translators: as "raters whose {attribute} is {value}", for the second group.
            said("those whose {attribute} is {value}", attribute=effect.attribute,
                 value=str(effect.reference)))


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
    """The class shares by group and whether they differ (written when shown)."""
    binary = all(g.category is None for g in groups)
    if binary:
        # Translators: one group's share: {column} is the subjects' group column ("year"),
        # {group} its value ("2019"), {share} the share ("54% (95% interval 44-65%)").
        parts = [said("{column} {group}: {share}", column=column, group=str(g.group),
                      share=_share(g, level)) for g in groups]
    else:
        labels = list(dict.fromkeys(g.group for g in groups))
        # Translators: one group's shares: {column} is the subjects' group column ("year"),
        # {group} its value ("2019"), {shares} each category's share ("54% 'good', 46% 'poor'").
        parts = [said("{column} {group}: {shares}", column=column, group=str(label),
                      shares=joined_text(", ", [
                          # Translators: a category's share: {share} is "54%", {category} its label.
                          said("{share} {category}", share=made(percent, g.t),
                               category=made(quoted, str(g.category)))
                          for g in groups if g.group == label])) for label in labels]
    differ = test.p_value < round(1 - level, 12)
    # Translators: {chance} is a percent ("1%", "under 0.1%").
    chance = said("the chance of differences this large if the groups did not differ is {chance}",
                  chance=made(chance_words, test.p_value))
    args = {"column": column, "chance": chance, "parts": joined_text("; ", parts)}
    if binary and differ:
        # Translators: {column} is the subjects' group column ("year"), {chance} "the chance of
        # differences this large ... is 1%", {parts} each group's share, joined by "; "; {cls} the
        # class ("Class 1 (yes)").
        return said("The share of subjects truly in {cls} differs by {column} ({chance}): "
                    "{parts}.", cls=class_name, **args)
    if binary:
        # Translators: {column} is the subjects' group column ("year"), {chance} "the chance of
        # differences this large ... is 1%", {parts} each group's share, joined by "; "; {cls} the
        # class ("Class 1 (yes)").
        return said("The data do not show that the share of subjects truly in {cls} differs by "
                    "{column} ({chance}): {parts}.", cls=class_name, **args)
    if differ:
        # Translators: {column} is the subjects' group column ("year"), {chance} "the chance of
        # differences this large ... is 1%", {parts} each group's share, joined by "; ".
        return said("The subjects' true categories differ by {column} ({chance}): {parts}.",
                    **args)
    # Translators: {column} is the subjects' group column ("year"), {chance} "the chance of
    # differences this large ... is 1%", {parts} each group's share, joined by "; ".
    return said("The data do not show that the subjects' true categories differ by {column} "
                "({chance}): {parts}.", **args)


def _share(group: GroupShare, level: float) -> str:
    if not tells(group.interval):
        # Translators: a group's share where the interval is too wide to state it.
        return said("cannot be told")
    text = made(percent_with_interval, group.t, group.interval, level)
    # Translators: {share} is "54% (95% interval 44-65%)", {category} a category's label.
    return text if group.category is None else said("{share} in {category}", share=text,
                                                     category=made(quoted, str(group.category)))


def joined_columns(columns: tuple[str, ...]) -> str:
    """Attribute columns in a sentence: "age and site" (English joins each pair with "and", as
    TapDesk wrote it), by the language's rule in another."""
    return " and ".join(columns) if is_source() else formats.joined(list(columns))


def attribute_test_sentence(test: LikelihoodRatioTest, columns: tuple[str, ...],
                            level: float) -> str:
    """Whether the rater attributes matter at all (written when shown)."""
    shown = test.p_value < round(1 - level, 12)
    args = {"columns": made(joined_columns, tuple(columns)),
            "chance": made(chance_words, test.p_value)}
    if len(columns) > 1:
        # Translators: {columns} names rater attribute columns ("age and site"); {chance} is a
        # percent ("1%", "under 0.1%").
        return (said("Taken together, {columns} explain differences in accuracy (the chance of "
                     "an improvement this large if they did not matter is {chance}).", **args)
                if shown else
                # Translators: {columns} names rater attribute columns ("age and site"); {chance} is a
                # percent ("1%", "under 0.1%").
                said("Taken together, {columns} do not clearly explain differences in accuracy "
                     "(the chance of an improvement this large if they did not matter is "
                     "{chance}).", **args))
    # Translators: {columns} names rater attribute column ("age"); {chance} is a
    # percent ("1%", "under 0.1%").
    return (said("Taken together, {columns} explain differences in accuracy (the chance of an "
                 "improvement this large if it did not matter is {chance}).", **args)
            if shown else
            # Translators: {columns} names rater attribute column ("age"); {chance} is a
            # percent ("1%", "under 0.1%").
            said("Taken together, {columns} do not clearly explain differences in accuracy (the "
                 "chance of an improvement this large if it did not matter is {chance}).",
                 **args))


def explained_sentences(result: FitResult) -> list[str]:
    """The groups, the effects and the attributes' joint test of an explanatory fit, in words
    (the headline's and the paragraph's sentences)."""
    lines = []
    if result.groups and result.group_test is not None:
        one = class_words(result.class_choice)[0] if result.class_choice is not None else ""
        # Translators: the class a group's share is of; {names} the categories ("yes").
        lines.append(groups_sentence(str(result.request.subject_group), result.groups,
                                     result.group_test, said("Class 1 ({names})", names=one),
                                     result.level))
    lines += [effect_sentence(e, result.level) for e in result.effects]
    if result.attribute_test is not None and len(result.effects) > 1:
        lines.append(attribute_test_sentence(result.attribute_test,
                                             tuple(result.request.rater_attributes), result.level))
    return lines
