"""What one fit found, built once: its warnings (apart from its notes), its level, its verdicts.

Every surface (the summary pane, the Compare tab, the report, the feedback
sheets, ``tapdesk ... --json``) renders a :class:`Findings`; none decides on
its own whether a warning applies or what a rater comparison means. The
warnings are the fit's own plus those that follow from the fit and its data:
an unfinished or unsettled fit, and the kappa paradox (one rule, here).

Never imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapdesk.engine.rater_words import panel_sentence
from tapdesk.engine.results import FitResult, Notice, fmt
from tapdesk.i18n import formats
from tapdesk.i18n.deferred import made, said

PARADOX_AGREEMENT = 0.8
"""Raw agreement at least this high ..."""
PARADOX_KAPPA = 0.5
"""... with Fleiss' kappa below this: the kappa paradox."""
PARADOX_CODES = ("kappa-paradox", "rare-class")
"""A fit that already explains the paradox (or its cause, a rare class) is not told twice."""


@dataclass(frozen=True)
class Findings:
    """The warnings, notes and verdict sentences of one fit, for every surface to render.

    ``warnings`` change how a number should be read; ``notes`` state
    settings for the record (the priors ...). ``agreement`` and ``kappa``
    are the raw agreement and Fleiss' kappa the paradox rule read (None
    where the data were not at hand).
    """

    result: FitResult
    warnings: tuple[Notice, ...]
    notes: tuple[Notice, ...]
    rater_sentence: str
    agreement: float | None = None
    kappa: float | None = None
    explained: tuple[str, ...] = ()
    """An explanatory fit's verdicts in words (issue 42): whether the groups differ, how each
    rater attribute moves accuracy (issue 32's panel-wide verdicts), the attributes' joint test."""

    @property
    def level(self) -> float:
        return self.result.level

    @property
    def explanations(self) -> tuple[str, ...]:
        """An explanatory or pooled fit's findings in words (issue 42): the groups, each
        attribute's effect with its verdict (issue 32's panel-wide control where several are
        tested) and the attributes' joint test, or the pooled population and effects; () for
        any other fit."""
        pooling = self.result.pooling
        return tuple(pooling.sentences()) if pooling is not None else self.explained

    @property
    def effect_verdicts(self) -> tuple[tuple[str, str, str], ...]:
        """(attribute, level, verdict) of every attribute effect of an explanatory fit."""
        return tuple((e.attribute, e.level, e.verdict) for e in self.result.effects)

    @property
    def warning_messages(self) -> tuple[str, ...]:
        return tuple(n.message for n in self.warnings)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the CLI's ``--json`` carries it beside the result)."""
        return {"level": self.level, "warnings": list(self.warning_messages),
                "warning_codes": [n.code for n in self.warnings],
                "notes": [n.message for n in self.notes], "rater_sentence": self.rater_sentence,
                **({"explained": list(self.explained)} if self.explained else {})}


def result_json(result: FitResult, table: Any, stream: bool = False) -> dict[str, Any]:
    """A fit's JSON with its findings' warnings and notes (what ``--json`` prints); ``stream``
    as :meth:`FitResult.to_dict`'s."""
    return {**result.to_dict(stream), **findings_for(result, table).to_dict()}


def paradox_applies(agreement: float | None, kappa: float | None) -> bool:
    """The kappa paradox: raters agree on most pairs of ratings, yet kappa is low."""
    return agreement is not None and kappa is not None and \
        agreement >= PARADOX_AGREEMENT and kappa < PARADOX_KAPPA


def paradox_message(agreement: float, kappa: float, scope: str) -> str:
    """The paradox in words; ``scope`` "split" (Class 1 / Class 0) or "all" (every category);
    kept as its template (written in the language shown)."""
    args = {"percent": made(formats.percent, agreement), "kappa": made(fmt, kappa)}
    if scope == "split":
        # Translators: {percent} a share of pairs of ratings ("93%"), {kappa} a number ("0.41").
        return said("Raters agree on {percent} of pairs of ratings on the Class 1 / Class 0 "
                    "split, yet Fleiss' kappa is only {kappa}. This is the kappa paradox: one "
                    "category is so common that agreement expected by chance is high, so kappa "
                    "looks poor even though raters rarely disagree. Read the model's accuracy "
                    "and class share rather than kappa alone.", **args)
    # Translators: {percent} a share of pairs of ratings ("93%"), {kappa} a number ("0.41").
    return said("Raters agree on {percent} of pairs of ratings, yet Fleiss' kappa is only "
                "{kappa}. This is the kappa paradox: one category is so common that agreement "
                "expected by chance is high, so kappa looks poor even though raters rarely "
                "disagree. Read the model's accuracy and class share rather than kappa alone.",
                **args)


def raw_agreement(result: FitResult, table: Any) -> tuple[float | None, float | None, str]:
    """(raw agreement, Fleiss' kappa, scope) on the view of the data the fit saw.

    A two-class fit is read on its Class 1 / Class 0 split, a K-category fit
    on every category; (None, None, "") without data or when kappa is undefined.
    The numbers are those of the agreement table on the same view
    (:func:`tapdesk.engine.coefficients.api.percent_and_fleiss`, the one computation).
    """
    from tapdesk.errors import TapDeskError
    if table is None:
        return None, None, ""
    try:
        from tapdesk.engine.coefficients.api import percent_and_fleiss
        agreement, kappa = percent_and_fleiss(table, result.class_choice)
        return agreement, kappa, "all" if result.class_choice is None else "split"
    except (TapDeskError, ValueError, ZeroDivisionError):
        return None, None, ""


def reading_warnings(result: FitResult, agreement: float | None = None,
                     kappa: float | None = None, scope: str = "split") -> tuple[Notice, ...]:
    """Every warning of the fit once: its own, an unfinished or unsettled fit, the kappa paradox."""
    notices = list(result.real_warnings)
    codes = {n.code for n in notices}
    if not result.complete and "cancelled" not in codes:
        notices.append(Notice("cancelled", said("The analysis was cancelled before the end: "
                                                "these numbers are incomplete.")))
    if not result.converged and result.method == "mle" and "not-converged" not in codes:
        notices.append(Notice("not-converged", said("The fit did not converge: treat the "
                                                    "numbers with caution.")))
    if agreement is not None and kappa is not None and paradox_applies(agreement, kappa) \
            and not codes & set(PARADOX_CODES):
        notices.append(Notice("kappa-paradox", paradox_message(agreement, kappa, scope)))
    return tuple(notices)


def explained_verdicts(result: FitResult) -> tuple[str, ...]:
    """The sentences of an explanatory fit (none for any other fit)."""
    if not (result.groups or result.effects):
        return ()
    from tapdesk.engine.explain.words import explained_sentences
    return tuple(explained_sentences(result))


_MADE: dict[int, tuple[FitResult, Any, Findings]] = {}


def findings_for(result: FitResult, table: Any = None) -> Findings:
    """The findings of ``result`` (fitted on ``table``), made once per result and table."""
    key = id(result)
    kept = _MADE.get(key)
    if kept is not None and kept[0] is result and kept[1] is table:
        return kept[2]
    agreement, kappa, scope = raw_agreement(result, table)
    made = Findings(result, reading_warnings(result, agreement, kappa, scope), result.notes,
                    panel_sentence(result), agreement, kappa, explained_verdicts(result))
    while len(_MADE) >= 64:
        _MADE.pop(next(iter(_MADE)))
    _MADE[key] = (result, table, made)
    return made
