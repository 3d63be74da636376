"""What partial pooling found: the panel's population and each rater shrunk toward it.

Built by :mod:`tapdesk.engine.bayes.pooled_methods` from the draws of the pooled per-rater
model; held by :attr:`FitResult.pooling`. The sentences, the table and the JSON are written
here and only here, so the CLI, the app and the report say the same thing (one source of
truth). Nothing here computes a statistic from data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapdesk.engine.bayes.pooled_words import (
    SHRINK_NOTE,
    SHRINK_TITLE,
    effect_sentence,
    population_sentence,
    shrink_columns,
)
from tapdesk.engine.results import ResultTable
from tapdesk.i18n.deferred import Text
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Interval as IntervalCell

ALIKE = 0.1
"""A spread of the logits below this (raters within about 2 points of each other around 70%)
is "about the same": where the credible interval of the spread reaches below it, the sentence
says the data cannot rule that out."""


@dataclass(frozen=True)
class Interval:
    """A posterior mean with its credible interval (at the result's level)."""

    value: float
    interval: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "interval": list(self.interval)}


@dataclass(frozen=True)
class PooledEffect:
    """One attribute's effect on a quantity's logit: per unit of a numeric attribute (``level``
    None; ``unit`` the reading unit its odds ratio is told per, ``low`` and ``high`` the values
    its points are told at), or one level against the ``reference`` level. ``points``: the
    typical rater's probability at ``high`` (or with the level) minus at ``low`` (or with the
    reference)."""

    quantity: str                 # "a" or "p"
    attribute: str
    level: str | None
    effect: Interval              # change of the logit per unit (or level against reference)
    odds_ratio: Interval          # exp(effect x unit): how the odds multiply
    points: Interval
    unit: float = 1.0
    low: float = 0.0
    high: float = 0.0
    reference: str = ""

    @property
    def shown(self) -> bool:
        lo, hi = self.effect.interval
        return lo > 0 or hi < 0

    def sentence(self, level: float) -> Text:
        """This effect in words, written in the language shown (:mod:`.pooled_words`)."""
        return effect_sentence(self, level)

    def to_dict(self) -> dict[str, Any]:
        return {"quantity": self.quantity, "attribute": self.attribute, "level": self.level,
                "reference": self.reference or None,
                "effect": self.effect.value, "interval": list(self.effect.interval),
                "scale": "logit per unit" if self.level is None else "logit against reference",
                "unit": self.unit, "odds_ratio": self.odds_ratio.value,
                "odds_ratio_interval": list(self.odds_ratio.interval),
                "points": self.points.value, "points_interval": list(self.points.interval),
                "told_at": [self.low, self.high] if self.level is None else None,
                "shown": self.shown}


@dataclass(frozen=True)
class Population:
    """One quantity's population across raters: ``mu`` the mean logit (at the raters' average
    attributes), ``typical`` its probability (the median rater's value), ``sigma`` the spread
    of the logits, ``middle`` where the middle 80% of raters' values lie (posterior means of
    the population's 10% and 90% points)."""

    quantity: str
    mu: Interval
    typical: Interval
    sigma: Interval
    middle: tuple[float, float]

    def sentence(self, with_attributes: bool) -> Text:
        """How raters spread, written in the language shown (:mod:`.pooled_words`)."""
        return population_sentence(self, with_attributes, self.sigma.interval[0] < ALIKE)

    def to_dict(self) -> dict[str, Any]:
        return {"mu": self.mu.to_dict(), "typical": self.typical.to_dict(),
                "sigma": self.sigma.to_dict(), "middle_80": list(self.middle)}


@dataclass(frozen=True)
class Shrinkage:
    """One rater's pooled and own-ratings-only (unpooled) posterior means and intervals."""

    rater_id: str
    n_ratings: int
    pooled: dict[str, Interval]
    unpooled: dict[str, Interval]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.rater_id, "n_ratings": self.n_ratings}
        for name in ("a", "p"):
            out[name], out[f"{name}_unpooled"] = self.pooled[name].to_dict(), \
                self.unpooled[name].to_dict()
        return out


@dataclass(frozen=True)
class Pooling:
    """Partial pooling's population, effects and per-rater shrinkage."""

    populations: tuple[Population, ...]
    effects: tuple[PooledEffect, ...]
    raters: tuple[Shrinkage, ...]
    attributes: tuple[str, ...]
    level: float
    unpooled_complete: bool = True

    def population(self, quantity: str) -> Population:
        return next(p for p in self.populations if p.quantity == quantity)

    def sentences(self) -> tuple[Text, ...]:
        """The population in words, then every attribute effect on accuracy."""
        lines = [self.population("a").sentence(bool(self.attributes))]
        lines += [e.sentence(self.level) for e in self.effects if e.quantity == "a"]
        return tuple(lines)

    def table(self) -> ResultTable:
        """Every rater's accuracy pooled beside their own ratings only."""
        return ResultTable(**kept(SHRINK_TITLE, shrink_columns(self.level),
                                  self.shrinkage_rows(), SHRINK_NOTE))

    def shrinkage_rows(self) -> tuple[tuple[Any, ...], ...]:
        rows = []
        for r in self.raters:
            pooled, own = r.pooled["a"], r.unpooled["a"]
            rows.append((r.rater_id, r.n_ratings, pooled.value, _range(pooled.interval), own.value,
                         _range(own.interval), pooled.value - own.value))
        return tuple(rows)

    def to_dict(self) -> dict[str, Any]:
        """The JSON key ``pooling``."""
        return {
            "mu": {p.quantity: p.mu.value for p in self.populations},
            "sigma": {p.quantity: p.sigma.value for p in self.populations},
            "populations": {p.quantity: p.to_dict() for p in self.populations},
            "effects": [e.to_dict() for e in self.effects],
            "attributes": list(self.attributes),
            "raters": [r.to_dict() for r in self.raters],
            "sentences": list(self.sentences()),
            "level": self.level,
            "unpooled_complete": self.unpooled_complete,
        }


def _range(interval: tuple[float, float]) -> IntervalCell:
    """An interval cell, written in the language of the surface that shows the table."""
    return IntervalCell.of(interval)
