"""Every model TapDesk can fit, and every method beside maximum likelihood: one explicit table.

The table names where each model's :class:`~tapdesk.engine.registry.ModelSpec`
lives without importing it: :mod:`tapdesk.engine.registry` imports a model's
module only when that model is asked for, so ``tapdesk fit`` of t-a-p loads
t-a-p's code and nothing else (start-up, issue 15), while
:func:`~tapdesk.engine.registry.all_models` loads them all. Each title is
repeated here so that listing the models (``--help``, ``--model`` choices)
imports none of them; ``tests/engine/test_model_registry.py`` checks every entry
against the spec its module defines.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelEntry:
    """A model: its name and title, and where its ModelSpec is (``module.attribute``)."""

    name: str
    title: str
    module: str
    attribute: str = "SPEC"


@dataclass(frozen=True)
class MethodEntry:
    """A non-MLE method of a model: the generator function ``module.function`` that fits it."""

    model: str
    method: str
    module: str
    function: str


_BINARY = "tapdesk.engine.binary"
_CATEGORICAL = "tapdesk.engine.categorical"

MODELS: tuple[ModelEntry, ...] = (                     # in display order
    ModelEntry("tap", "t-a-p (average rater)", f"{_BINARY}.tap"),
    ModelEntry("tap-a0a1", "t-a-p, accuracy depends on the true class", f"{_BINARY}.ridge",
               "SPEC_A0A1"),
    ModelEntry("tap-p0p1", "t-a-p, guessing depends on the true class", f"{_BINARY}.ridge",
               "SPEC_P0P1"),
    ModelEntry("tap-a0a1-p0p1", "t-a-p, accuracy and guessing depend on the true class",
               f"{_BINARY}.ridge", "SPEC_A0A1_P0P1"),
    ModelEntry("expert", "Expert raters (they guess at the true rate, t = p)",
               f"{_BINARY}.expert"),
    ModelEntry("per-rater", "t-a-p per rater (each rater their own accuracy and guess rate)",
               f"{_BINARY}.per_rater"),
    ModelEntry("categorical", "t-a-p for several categories (average rater)",
               f"{_CATEGORICAL}.tap_k"),
    ModelEntry("categorical-per-rater", "t-a-p for several categories (per rater)",
               f"{_CATEGORICAL}.per_rater"),
    ModelEntry("dawid-skene", "Dawid-Skene (each rater their own table of mistakes)",
               f"{_CATEGORICAL}.dawid_skene"),
)

_BAYES = "tapdesk.engine.bayes.methods"
_GIBBS = "tapdesk.engine.bayes.gibbs_methods"
# Ridge models: exact posterior by the (t, q1, q0) x fibre factorisation, and "mcmc" as
# independent draws from the same factorisation
_RIDGE = "tapdesk.engine.bayes.ridge_methods"
RIDGE_MODELS = ("tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1")

METHODS: tuple[MethodEntry, ...] = (                   # a model's methods in this order
    *(MethodEntry(name, "exact", _BAYES, "fit_exact") for name in ("tap", "expert")),
    *(MethodEntry(name, "mcmc", _BAYES, "fit_mcmc") for name in ("tap", "expert")),
    *(MethodEntry(name, "mcmc", _RIDGE, "fit_ridge_mcmc") for name in RIDGE_MODELS),
    MethodEntry("per-rater", "mcmc", _GIBBS, "fit_per_rater_mcmc"),
    MethodEntry("categorical", "mcmc", _GIBBS, "fit_categorical_mcmc"),
    *(MethodEntry(name, "exact", _RIDGE, "fit_ridge_exact") for name in RIDGE_MODELS),
)
