"""Partial pooling's sentences and its table's words, kept as texts written in the language
shown (issue 54); in English what the pooled model always wrote.

:class:`~tapdesk.engine.bayes.pooled_result.Population` and
:class:`~tapdesk.engine.bayes.pooled_result.PooledEffect` tell their findings through these
functions; the numbers are written when shown (``made``), so a German screen reads "0,74".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapdesk.engine.results import ci_text, fmt
from tapdesk.engine.words import level_percent, number_text, percent
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.text import Level, text
from tapdesk.i18n.text import Text as TableText

if TYPE_CHECKING:
    from tapdesk.engine.bayes.pooled_result import PooledEffect, Population

SHRINK_TITLE = N_("Shrunk toward the panel")
# Translators: the note under the table of raters' accuracies shrunk toward the panel.
SHRINK_NOTE = N_("Pooled: each rater's estimate with the panel's spread as its prior, shrunk "
                 "toward the panel the more, the fewer ratings the rater gave. Own ratings only: "
                 "the same model with a flat prior for every rater (no pooling).")


def shrink_columns(level: float) -> tuple[str | TableText, ...]:
    """The columns of the table of raters shrunk toward the panel, the level's in words."""
    share = Level(level)
    # Translators: a column of the table of raters' accuracies pooled toward the panel;
    # {level} is the intervals' level ("95%").
    pooled = text(N_("pooled {level}"), level=share)
    # Translators: a column of the same table, from the rater's own ratings only; {level} as
    # in "pooled {level}".
    own = text(N_("own {level}"), level=share)
    return (N_("rater"), N_("ratings"), N_("accuracy pooled"), pooled, N_("own ratings only"),
            own, N_("shrunk by"))


def population_sentence(population: Population, with_attributes: bool, alike: bool) -> Text:
    """"Raters' accuracies vary: most (the middle 80%) lie between 55% and 82%, around a
    typical 70%." (``alike``: the data cannot rule out one value for every rater)."""
    lo, hi = population.middle
    args = {"quantities": _quantities(population.quantity), "low": made(percent, lo),
            "high": made(percent, hi), "typical": made(percent, population.typical.value)}
    if with_attributes and alike:
        # Translators: how raters' accuracies (or guess rates) spread; {quantities} is
        # "accuracies", {low}, {high} and {typical} percents ("55%").
        return said("Beyond what the rater attributes explain, raters' {quantities} vary: most "
                    "(the middle 80%) lie between {low} and {high}, around a typical {typical}; "
                    "these data cannot rule out that every rater is about the same.", **args)
    if with_attributes:
        # Translators: as "Beyond what the rater attributes explain, ...", without the last clause.
        return said("Beyond what the rater attributes explain, raters' {quantities} vary: most "
                    "(the middle 80%) lie between {low} and {high}, around a typical "
                    "{typical}.", **args)
    if alike:
        # Translators: as "Beyond what the rater attributes explain, ...", with no attributes.
        return said("Raters' {quantities} vary: most (the middle 80%) lie between {low} and "
                    "{high}, around a typical {typical}; these data cannot rule out that every "
                    "rater is about the same.", **args)
    # Translators: as "Raters' {quantities} vary: ...", without the last clause.
    return said("Raters' {quantities} vary: most (the middle 80%) lie between {low} and {high}, "
                "around a typical {typical}.", **args)


def effect_sentence(effect: PooledEffect, level: float) -> Text:
    """"Each increase of 10 in age multiplies the odds of an accurate rating by 1.52 (95%
    credible interval 1.10 to 2.08): a typical rater with age 60 is accurate 9 points more often
    than one with 40 (95% interval +2 to +16 points)"."""
    share = made(level_percent, level)
    low, high = (made(number_text, 100 * end, "+.0f") for end in effect.points.interval)
    # Translators: an effect's interval in points; {low} and {high} signed whole numbers ("+2").
    points = said("{low} to {high} points", low=low, high=high)
    args = {"lead": _lead(effect, share), "compared": _compared(effect), "level": share,
            "attribute": effect.attribute, "points": points}
    if effect.shown:
        # Translators: a rater attribute's effect: {lead} how it moves the odds, {compared} what
        # that means for a typical rater, {level} "95%", {points} "+2 to +16 points".
        return said("{lead}: {compared} ({level} interval {points}).", **args)
    # Translators: as "{lead}: {compared} ({level} interval {points}).", when the interval
    # includes no change; {attribute} is the rater attribute's column ("age").
    return said("{lead}: {compared} ({level} interval {points}); these data do not show that "
                "{attribute} matters (the interval includes no change).", **args)


def _quantities(quantity: str) -> Text:
    if quantity == "a":
        # Translators: what varies between raters, inside "Raters' {quantities} vary".
        return said("accuracies")
    # Translators: as "accuracies", for the guess rate.
    return said("guess rates for Class 1")


def _odds(effect: PooledEffect, share: Text) -> Text:
    lo, hi = effect.odds_ratio.interval
    # Translators: an odds ratio ("1.52") with its credible interval; {level} is "95%", {ends}
    # "1.10 to 2.08".
    return said("{ratio} ({level} credible interval {ends})",
                ratio=made(fmt, effect.odds_ratio.value, 2), level=share,
                ends=made(ci_text, (lo, hi), 2))


def _lead(effect: PooledEffect, share: Text) -> Text:
    args: dict[str, object] = {"attribute": effect.attribute, "odds": _odds(effect, share)}
    if effect.level is None:
        args["unit"] = made(number_text, effect.unit, "g")
        if effect.quantity == "a":
            # Translators: a numeric rater attribute's effect: {unit} its reading unit ("10"),
            # {attribute} its column ("age"), {odds} the odds ratio with its interval.
            return said("Each increase of {unit} in {attribute} multiplies the odds of an "
                        "accurate rating by {odds}", **args)
        # Translators: as "Each increase of {unit} in {attribute} multiplies the odds of an
        # accurate rating by {odds}", for the guess rate.
        return said("Each increase of {unit} in {attribute} multiplies the odds of a guess "
                    "saying Class 1 by {odds}", **args)
    args |= {"level": made(quoted, str(effect.level)), "reference": made(quoted, effect.reference)}
    if effect.quantity == "a":
        # Translators: a rater attribute's level against its reference level: {attribute} the
        # column ("site"), {level} and {reference} its values, quoted; {odds} the odds ratio.
        return said("Raters with {attribute} {level} have {odds} times the odds of an accurate "
                    "rating of those with {reference}", **args)
    # Translators: as "Raters with {attribute} {level} have {odds} times the odds of an accurate
    # rating of those with {reference}", for the guess rate.
    return said("Raters with {attribute} {level} have {odds} times the odds of a guess saying "
                "Class 1 of those with {reference}", **args)


def _compared(effect: PooledEffect) -> Text:
    gap = 100 * effect.points.value
    more = gap >= 0
    args: dict[str, object] = {"points": made(fmt, abs(gap), 0)}
    if effect.level is not None:
        return _typical_one(effect.quantity, more, args)
    args |= {"attribute": effect.attribute, "high": made(number_text, effect.high, "g"),
             "low": made(number_text, effect.low, "g")}
    if effect.quantity == "a" and more:
        # Translators: what an effect means for a typical rater: {attribute} a column ("age"),
        # {high} and {low} two of its values, {points} a whole number of points.
        return said("a typical rater with {attribute} {high} is accurate {points} points more "
                    "often than one with {low}", **args)
    if effect.quantity == "a":
        # Translators: as "a typical rater with {attribute} {high} is accurate {points} points
        # more often than one with {low}".
        return said("a typical rater with {attribute} {high} is accurate {points} points less "
                    "often than one with {low}", **args)
    if more:
        # Translators: as "a typical rater with {attribute} {high} is accurate {points} points
        # more often than one with {low}", for guessing Class 1.
        return said("a typical rater with {attribute} {high} guesses Class 1 {points} points "
                    "more often than one with {low}", **args)
    # Translators: as "a typical rater with {attribute} {high} guesses Class 1 {points} points
    # more often than one with {low}".
    return said("a typical rater with {attribute} {high} guesses Class 1 {points} points less "
                "often than one with {low}", **args)


def _typical_one(quantity: str, more: bool, args: dict[str, object]) -> Text:
    if quantity == "a" and more:
        # Translators: what a level's effect means for a typical rater with it; {points} a
        # whole number of points.
        return said("a typical one is accurate {points} points more often", **args)
    if quantity == "a":
        # Translators: as "a typical one is accurate {points} points more often".
        return said("a typical one is accurate {points} points less often", **args)
    if more:
        # Translators: as "a typical one is accurate {points} points more often", for guessing
        # Class 1.
        return said("a typical one guesses Class 1 {points} points more often", **args)
    # Translators: as "a typical one guesses Class 1 {points} points more often".
    return said("a typical one guesses Class 1 {points} points less often", **args)
