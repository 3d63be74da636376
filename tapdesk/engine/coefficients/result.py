"""Frozen results of the classical agreement coefficients (no computation here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tapdesk import __version__
from tapdesk.data.ratings import Exclusion, Provenance


@dataclass(frozen=True)
class Coefficient:
    """One agreement coefficient with its standard error and interval (95% unless the
    result's ``level`` says otherwise).

    ``value`` is None exactly when the coefficient is undefined for the data;
    ``undefined_reason`` then says why in plain words. ``method`` names how
    the SE and interval were obtained (an analytic formula, or
    ``"bootstrap, N resamples, seed S"``). ``key`` is a stable machine name.
    ``verdict`` is what the coefficient says in words where it makes a claim (the bias
    index: whether raters differ in how often they say Class 1), read from the interval
    shown or, where no interval is shown, from the test whose ``p_value`` is given.
    """

    name: str
    value: float | None
    se: float | None = None
    ci: tuple[float, float] | None = None
    method: str = ""
    undefined_reason: str | None = None
    key: str = ""
    category: str | None = None
    note: str = ""
    verdict: str = ""
    p_value: float | None = None

    @property
    def defined(self) -> bool:
        return self.value is not None

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "key": self.key, "value": self.value, "se": self.se,
               "ci": list(self.ci) if self.ci else None, "method": self.method,
               "undefined_reason": self.undefined_reason}
        if self.category is not None:
            out["category"] = self.category
        if self.note:
            out["note"] = self.note
        if self.verdict:
            out["verdict"] = self.verdict
        if self.p_value is not None:
            out["p_value"] = self.p_value
        return out


def undefined(name: str, key: str, reason: str, **extra) -> Coefficient:
    """A coefficient the data cannot define, with the reason."""
    return Coefficient(name, None, None, None, "not computed", reason, key, **extra)


@dataclass(frozen=True)
class PairwiseCohen:
    """Cohen's kappa for every pair of raters (None where undefined)."""

    rater_ids: tuple[str, ...]
    kappa: tuple[tuple[float | None, ...], ...]
    se: tuple[tuple[float | None, ...], ...]
    n_subjects: tuple[tuple[int, ...], ...]
    weights: str = "unweighted"
    method: str = ""
    undefined_reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"raters": list(self.rater_ids), "matrix": [list(r) for r in self.kappa],
                "se": [list(r) for r in self.se], "n_subjects": [list(r) for r in self.n_subjects],
                "weights": self.weights, "method": self.method,
                "undefined_reason": self.undefined_reason}


TWO_CLASS_KEYS = ("pabak", "prevalence_index", "bias_index")
"""Byrt et al.'s three numbers, also given as top-level keys of the JSON output."""


@dataclass(frozen=True)
class AgreementResult:
    """Every classical coefficient for one ratings table."""

    coefficients: tuple[Coefficient, ...]
    per_category_fleiss: tuple[Coefficient, ...]
    pairwise_cohen: PairwiseCohen | None
    n_subjects: int
    n_ratings: int
    n_raters: int
    categories: tuple[str, ...]
    unused_categories: tuple[str, ...] = ()
    kept_unused: bool = True
    weights: str = "unweighted"
    weight_matrix: tuple[tuple[float, ...], ...] | None = None
    exclusions: tuple[Exclusion, ...] = ()
    warnings: tuple[str, ...] = ()
    bootstrap: int = 0
    seed: int | None = None
    provenance: Provenance = field(default_factory=Provenance)
    version: str = __version__
    category_labels: tuple[str, ...] = ()
    """Value labels parallel to ``categories`` ("" where a code has none)."""
    level: float = 0.95
    """The level of every coefficient's interval."""
    split: str = ""
    """The Class 1 / Class 0 split the coefficients were computed on, in words ("" = none)."""
    class_choice: Any = field(default=None, compare=False)
    """That split as a :class:`~tapdesk.data.binary.ClassChoice` (None = the whole scale)."""

    @property
    def n_excluded(self) -> int:
        return sum(e.n_subjects for e in self.exclusions)

    def get(self, key: str) -> Coefficient:
        """The coefficient with machine name ``key`` (KeyError naming the choices)."""
        for coef in self.coefficients:
            if coef.key == key:
                return coef
        raise KeyError(f"{key} (have: {', '.join(c.key for c in self.coefficients)})")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dictionary (the CLI's ``--json`` output); never NaN."""
        from tapdesk.engine.coefficients.report import clean_json
        return clean_json({
            "coefficients": [c.to_dict() for c in self.coefficients],
            "pairwise_cohen": self.pairwise_cohen.to_dict() if self.pairwise_cohen else None,
            "per_category_fleiss": [c.to_dict() for c in self.per_category_fleiss],
            "n_subjects": self.n_subjects, "n_ratings": self.n_ratings,
            "n_raters": self.n_raters, "n_excluded": self.n_excluded,
            "exclusions": [{"n_subjects": e.n_subjects, "reason": e.reason}
                           for e in self.exclusions],
            "categories": list(self.categories),
            **({"category_labels": [lab or c for c, lab in zip(self.categories,
                                                                self.category_labels)]}
               if any(self.category_labels) else {}),
            "unused_categories": list(self.unused_categories),
            "kept_unused_categories": self.kept_unused,
            "weights": self.weights,
            "weight_matrix": [list(r) for r in self.weight_matrix] if self.weight_matrix else None,
            "bootstrap": self.bootstrap, "seed": self.seed, "level": self.level,
            "class_split": self.split or None,
            **{c.key: c.to_dict() for c in self.coefficients if c.key in TWO_CLASS_KEYS},
            "warnings": list(self.warnings),
            "file": self.provenance.file_name or None, "version": self.version,
        })

    def summary(self):
        """The :class:`tapdesk.engine.results.Summary` every front end can show."""
        from tapdesk.engine.coefficients.report import build_summary
        return build_summary(self)

    def tables(self):
        """Coefficients, per-category Fleiss kappas and pairwise Cohen kappas as ResultTables."""
        from tapdesk.engine.coefficients.report import build_tables
        return build_tables(self)

    def as_text(self) -> str:
        from tapdesk.engine.coefficients.report import render_text
        return render_text(self)
