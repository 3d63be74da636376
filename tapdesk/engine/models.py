"""Every model TapDesk can fit, and every method beside maximum likelihood: one explicit table.

The table names where each model's :class:`~tapdesk.engine.registry.ModelSpec`
lives without importing it: :mod:`tapdesk.engine.registry` imports a model's
module only when that model is asked for, so ``tapdesk fit`` of t-a-p loads
t-a-p's code and nothing else (start-up, issue 15), while
:func:`~tapdesk.engine.registry.all_models` loads them all. Each title is
repeated here so that listing the models (``--help``, ``--model`` choices)
imports none of them; ``tests/engine/test_model_registry.py`` checks every entry
against the spec its module defines. A model's description and needs (a Class-1 choice, rater
ids) are written only here: the app lists the models before any is imported (issue 41).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tapdesk.i18n import N_


@dataclass(frozen=True)
class ModelEntry:
    """A model: its name and title, where its ModelSpec is (``module.attribute``), and what the
    app's model list shows of it (description, binary, needs_rater_ids) without importing it.

    ``description`` is one or two sentences in a committee's words, shown under the model list;
    ``detail`` the same model in a statistician's symbols (its tooltip); ``binary`` is True
    when the model needs a Class-1 choice; ``needs_rater_ids`` when it needs to know which rater
    gave each rating.
    """

    name: str
    title: str
    module: str
    attribute: str = "SPEC"
    description: str = field(kw_only=True)
    binary: bool = field(kw_only=True)
    needs_rater_ids: bool = field(kw_only=True)
    detail: str = field(default="", kw_only=True)

    @property
    def methods(self) -> tuple[str, ...]:
        """Maximum likelihood, then the model's other methods in :data:`METHODS`."""
        return ("mle",) + tuple(entry.method for entry in METHODS if entry.model == self.name)


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
    ModelEntry("tap", N_("t-a-p (average rater)"), f"{_BINARY}.tap",
               description=N_("Each subject is truly Class 1 with probability t; a rating is accurate with "
                           "probability a, otherwise a guess that says Class 1 with probability p."),
               binary=True, needs_rater_ids=False),
    ModelEntry("tap-a0a1", N_("t-a-p, accuracy depends on the true class"), f"{_BINARY}.ridge",
               "SPEC_A0A1",
               description=N_("Like t-a-p, but raters may be more accurate on one true class "
                           "than the other. The ratings cannot tell those two accuracies and the "
                           "guess rate apart, so they are reported as ranges of equally good values."),
               detail=N_("Accuracy a1 on Class 1, a0 on Class 0, guess rate p; counts identify only "
                      "t, q1 and q0."),
               binary=True, needs_rater_ids=False),
    ModelEntry("tap-p0p1", N_("t-a-p, guessing depends on the true class"), f"{_BINARY}.ridge",
               "SPEC_P0P1",
               description=N_("Like t-a-p, but the guess rate may depend on the true class. The "
                           "ratings cannot tell the accuracy and those two guess rates apart, so "
                           "they are reported as ranges of equally good values."),
               detail=N_("Accuracy a, guess rate p1 on Class 1, p0 on Class 0; counts identify only "
                      "t, q1 and q0."),
               binary=True, needs_rater_ids=False),
    ModelEntry("tap-a0a1-p0p1", N_("t-a-p, accuracy and guessing depend on the true class"),
               f"{_BINARY}.ridge", "SPEC_A0A1_P0P1",
               description=N_("Accuracy and guess rate both depend on the true class. The ratings "
                           "reveal only three numbers, so the four accuracies and guess rates are "
                           "reported as ranges of equally good values."),
               detail=N_("a1, a0, p1, p0; counts identify only t, q1 and q0."),
               binary=True, needs_rater_ids=False),
    ModelEntry("expert", N_("Expert raters (they guess at the true rate, t = p)"),
               f"{_BINARY}.expert",
               description=N_("Raters guess Class 1 exactly as often as it truly occurs, as experts "
                           "who know how common it is would. Then Fleiss' kappa is the square of "
                           "the accuracy; reports the accuracy beside kappa and its square root."),
               detail=N_("t = p; Fleiss' kappa = a^2; a by maximum likelihood."),
               binary=True, needs_rater_ids=False),
    ModelEntry("per-rater", N_("t-a-p per rater (each rater their own accuracy and guess rate)"),
               f"{_BINARY}.per_rater",
               description=N_("Each rater has their own accuracy and guess rate. Reports every "
                           "rater's accuracy, sensitivity and false-positive rate, says which "
                           "raters the data show to differ from the rest of the panel, and gives "
                           "each subject's probability of being truly Class 1."),
               detail=N_("Rater j: accuracy a_j, guess rate p_j; t shared."),
               binary=True, needs_rater_ids=True),
    ModelEntry("categorical", N_("t-a-p for several categories (average rater)"),
               f"{_CATEGORICAL}.tap_k",
               description=N_("Each subject truly belongs to one of the categories; a rating is "
                           "accurate with probability a, otherwise a guess that picks each "
                           "category at its own rate."),
               detail=N_("K categories with true shares t_k; accuracy a; guess rates p_k."),
               binary=False, needs_rater_ids=False),
    ModelEntry("categorical-per-rater", N_("t-a-p for several categories (per rater)"),
               f"{_CATEGORICAL}.per_rater",
               description=N_("Each rater has their own accuracy and their own guess rates over the "
                           "categories; the true categories have shares shared by all raters."),
               detail=N_("Rater j: accuracy a_j, guess rates p_jk over K categories; shares t_k."),
               binary=False, needs_rater_ids=True),
    ModelEntry("dawid-skene", N_("Dawid-Skene (each rater their own table of mistakes)"),
               f"{_CATEGORICAL}.dawid_skene",
               description=N_("Each rater has a full table of how often they give each rating to "
                           "subjects truly in each category (Dawid & Skene 1979)."),
               detail=N_("A K x K confusion matrix per rater; true shares t_k."),
               binary=False, needs_rater_ids=True),
    ModelEntry("mace", N_("MACE (each worker knows the answer or guesses)"), f"{_CATEGORICAL}.mace",
               description=N_("Each rater either knows the answer or guesses from their own "
                           "spread of labels; every category is taken as equally common (Hovy "
                           "et al. 2013). Says how often each rater knows the answer."),
               detail=N_("Rater j: knows with probability theta_j, else label k with probability "
                      "xi_jk; true shares fixed at 1/K (per-rater t-a-p with t = 1/K)."),
               binary=False, needs_rater_ids=True),
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
    # per-rater "mcmc": pooled toward the panel with FitRequest.pooled, else the plain Gibbs sampler
    MethodEntry("per-rater", "mcmc", "tapdesk.engine.bayes.pooled_methods", "fit_per_rater_posterior"),
    MethodEntry("categorical", "mcmc", _GIBBS, "fit_categorical_mcmc"),
    *(MethodEntry(name, "exact", _RIDGE, "fit_ridge_exact") for name in RIDGE_MODELS),
)

_EXPLAIN = "tapdesk.engine.explain.model"
EXPLAIN: tuple[MethodEntry, ...] = tuple(
    MethodEntry(name, "mle", _EXPLAIN, "fit_explained") for name in ("tap", "per-rater", "categorical"))
"""The explanatory fits (issue 42): a request naming a subject group or rater attributes
(``FitRequest.explains``) is fitted by these, for its model and method."""
