"""Every command's settings as one frozen object: the names, types and defaults that
:mod:`tapdesk.api`'s keyword arguments and the command line's options share.

A field is named as the command line's option (``--subject-col`` is ``subject_col``) and holds
its value as the command line gives it: text where the option takes words (``cut="2"``,
``labels="1=no,2=yes"``, ``categories="1,2,3"``), a sequence for a repeatable option
(``class1``, ``missing``, ``column_roles``), a number where the option takes a number
(``level=0.9``). :meth:`ReadSettings.of` takes the fields from any object that has them (the
command line's parsed arguments); :func:`tapdesk.api.fit` and the others make them from their
keyword arguments. The engine's own frozen requests (``FitRequest``, ``PlanRequest`` ...) are
made from these in each command's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Self

from tapdesk.engine.request import COEFFICIENT_BOOTSTRAP, DEFAULT_LEVEL, FitRequest
from tapdesk.engine.subjects.estimate import REVIEW_BELOW

FEEDBACK_SEED = 20261121
"""The seed of the per-rater fit of ``feedback`` and ``pack``."""
RATER_CHECK_MARGIN = 0.10
"""The shortfall in accuracy ``rater-check`` allows by default (the engine's
``tapdesk.engine.raters.check_result.DEFAULT_MARGIN``, which imports numpy; a test keeps the
two equal)."""


@dataclass(frozen=True, kw_only=True)
class ReadSettings:
    """The data and how to read them: the import overrides every data command takes (None:
    the importer detects it)."""

    data: Any = None
    """A file's path, ``-`` for standard input, a pandas DataFrame or a Dataset already read."""
    layout: str | None = None
    subject_col: str | None = None
    rater_col: str | None = None
    rating_col: str | None = None
    item_col: str | None = None
    item: str | None = None
    sheet: str | None = None
    categories: str | None = None
    labels: str | None = None
    ordinal: bool | None = None
    missing: Sequence[str] = ()
    default_missing: bool = True
    fold_case: bool = False
    same_as: str | None = None
    column_roles: Sequence[str] = ()
    trim: bool = True
    header: bool | None = None
    encoding: str | None = None
    delimiter: str | None = None
    decimal: str | None = None
    max_categories: int = 20
    rules_off: Sequence[str] = ()
    drop_flagged: bool = False
    raters_file: str | None = None
    max_file_mb: float = 500.0
    time_limit: float = 120.0

    @classmethod
    def of(cls, source: Any, **values: Any) -> Self:
        """The settings ``source`` holds (every field it has an attribute for: the command
        line's parsed arguments), with ``values`` in place of its own."""
        given = {f.name: getattr(source, f.name) for f in fields(cls) if hasattr(source, f.name)}
        return cls(**(given | values))


@dataclass(frozen=True, kw_only=True)
class ClassSettings:
    """Which categories form Class 1: ``class1`` (labels or codes) or ``cut`` (at or below)."""

    class1: Sequence[str] | None = None
    cut: str | None = None
    level: float = DEFAULT_LEVEL


@dataclass(frozen=True, kw_only=True)
class ExplainSettings:
    """What explains the ratings (issue 42): a subject group, rater attributes."""

    subject_group: str | None = None
    subject_bands: int = 0
    rater_attributes: Sequence[str] = ()
    effect_at: Sequence[str] = ()
    guess_by_attributes: bool = False


@dataclass(frozen=True, kw_only=True)
class InspectSettings(ReadSettings):
    export: str | None = None


@dataclass(frozen=True, kw_only=True)
class FitSettings(ReadSettings, ClassSettings, ExplainSettings):
    model: str = "tap"
    bootstrap: int = 0
    seed: int = FitRequest.seed
    starts: int = FitRequest.n_starts
    paragraph: bool = False
    subjects_out: str | None = None
    review_below: float = REVIEW_BELOW


@dataclass(frozen=True, kw_only=True)
class AgreementSettings(ReadSettings, ClassSettings):
    weights: str | None = None
    weight_matrix: str | None = None
    keep_unused: bool | None = None
    bootstrap: int = COEFFICIENT_BOOTSTRAP
    seed: int = FitRequest.seed
    paragraph: bool = False


@dataclass(frozen=True, kw_only=True)
class OrdinalSettings(ReadSettings):
    bootstrap: int = 0
    seed: int = FitRequest.seed
    starts: int = FitRequest.n_starts
    level: float = DEFAULT_LEVEL


@dataclass(frozen=True, kw_only=True)
class PosteriorSettings(ReadSettings, ClassSettings):
    model: str = "tap"
    method: str | None = None
    chains: int = FitRequest.chains
    draws: int = FitRequest.draws
    warmup: int = FitRequest.warmup
    seed: int = FitRequest.seed
    prior: Sequence[str] = ()
    pooled: bool = False
    draws_out: str | None = None
    rater_attributes: Sequence[str] = ()
    effect_at: Sequence[str] = ()
    paragraph: bool = False


@dataclass(frozen=True, kw_only=True)
class ModelfitSettings(ReadSettings, ClassSettings):
    bootstrap: int = 200
    seed: int = FitRequest.seed


@dataclass(frozen=True, kw_only=True)
class RaterCheckSettings(ReadSettings, ClassSettings):
    rater: str = ""
    margin: float = RATER_CHECK_MARGIN
    seed: int = FitRequest.seed


@dataclass(frozen=True, kw_only=True)
class PlanSettings(ReadSettings, ClassSettings):
    """``data`` is ``--from DATA``; ``level`` is text ("90%") or None for the default."""

    t: float | None = None
    a: float | None = None
    p: float | None = None
    raters: str = "2,3,5,8"
    subjects: str = "50,100,200,400"
    sims: int = 200
    seed: int = 1
    versus: float | None = None
    level: str | None = None
    workers: int | None = None
    need_width: float | None = None
    need_power: float | None = None
    need_right: float | None = None
    need: Sequence[str] = ()
    subject_cost: float = 0.0
    target_width: float | None = None
    target_for: str | None = None
    target_power: float | None = None


@dataclass(frozen=True, kw_only=True)
class SignSettings:
    """Who signs (``"Name, role"`` each) and where."""

    sign: Sequence[str] | None = None
    sign_on_page_one: bool = False


@dataclass(frozen=True, kw_only=True)
class ReportSettings(ReadSettings, ClassSettings, ExplainSettings, SignSettings):
    """``command`` is the command that writes the report again (printed in it)."""

    model: Sequence[str] | None = None
    coefficients: bool = False
    pooled: bool = False
    method: str = "mle"
    bootstrap: int = 0
    seed: int = FitRequest.seed
    starts: int = FitRequest.n_starts
    chains: int = FitRequest.chains
    draws: int = FitRequest.draws
    warmup: int = FitRequest.warmup
    title: str = ""
    author: str = ""
    note: str = ""
    out: str | None = None
    format: str | None = None
    page_size: str = "A4"
    png_dir: str | None = None
    png_size: str = "1200x800"
    tables_dir: str | None = None
    no_coefficients: bool = False
    plan: bool = False
    plan_raters: str = "2,3,5,8"
    plan_subjects: str = "50,100,200,400"
    plan_sims: int = 200
    plan_versus: float | None = None
    plan_target_width: float | None = None
    plan_for: str | None = None
    plan_target_power: float | None = None
    command: str = ""


@dataclass(frozen=True, kw_only=True)
class FeedbackSettings(ReadSettings, ClassSettings):
    out: str = ""
    seed: int = FEEDBACK_SEED


@dataclass(frozen=True, kw_only=True)
class PackSettings(ReadSettings, ClassSettings, SignSettings):
    title: str = ""
    author: str = ""
    out: str = ""
    zip: bool = False
    seed: int = FEEDBACK_SEED


@dataclass(frozen=True, kw_only=True)
class ExamplesSettings:
    copy: str | None = None

    @classmethod
    def of(cls, source: Any) -> Self:
        return cls(copy=source.copy)


@dataclass(frozen=True, kw_only=True)
class SimulateSettings:
    """The t-a-p parameters of ``tapdesk simulate`` (``out``: the CSV file, "" for none)."""

    t: float
    a: float | None = None
    p: float | None = None
    a0: float | None = None
    a1: float | None = None
    p0: float | None = None
    p1: float | None = None
    rater_a: str | None = None
    subjects: int
    raters: int | None = None
    seed: int = 1
    out: str = ""
    exact: bool = False

    @classmethod
    def of(cls, source: Any) -> Self:
        return cls(**{f.name: getattr(source, f.name) for f in fields(cls)})
