"""The frozen description of a fit: which model, on which binary view, how."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats
from tapdesk.i18n.deferred import made, said

_ids = itertools.count(1)


def next_request_id() -> int:
    return next(_ids)


METHODS = ("mle", "exact", "mcmc")
DEFAULT_LEVEL = 0.95
"""The interval level every surface uses unless the user chooses another."""
MIN_LEVEL, MAX_LEVEL = 0.5, 0.999
COEFFICIENT_BOOTSTRAP = 1000
"""Bootstrap resamples for the coefficients without an analytic variance (Krippendorff's alpha),
wherever they appear (the app's tabs, the report, ``tapdesk agreement``), with the fit's seed:
the same interval everywhere."""


def check_level(level: float) -> float:
    """``level`` as a float, or a SettingError naming the setting and its range."""
    try:
        value = float(level)
    except (TypeError, ValueError):
        # Translators: {level} is what was given; "0.95" is typed as it is.
        raise SettingError(_("the interval level must be a number such as 0.95, not "
                             "{level}").format(level=formats.quoted(str(level)))) from None
    if not MIN_LEVEL <= value <= MAX_LEVEL:
        # Translators: {low} and {high} bound the level ("0.5", "0.999"), {level} is what was
        # given; {example} is "0.95" as it is typed, {percent} "95%".
        raise SettingError(_("the interval level must be between {low} and {high} (for example "
                             "{example} for {percent} intervals), not {level}").format(
            low=MIN_LEVEL, high=MAX_LEVEL, level=level, example="0.95",
            percent=formats.percent(0.95)))
    return value


@dataclass(frozen=True)
class Prior:
    """Beta(alpha, beta) prior for one parameter (Dirichlet concentration for vectors)."""

    name: str
    alpha: float = 1.0
    beta: float = 1.0


@dataclass(frozen=True)
class FitRequest:
    """Everything that decides a fit's result; two equal requests give equal results.

    Parameters
    ----------
    model
        Registered model name (see :func:`tapdesk.engine.registry.model_names`).
    class1, cut
        How binary models form Class 1 (see :func:`tapdesk.data.choose_class1`).
    method
        "mle" (maximum likelihood), "exact" (grid posterior) or "mcmc".
    n_starts
        Optimisation starts; the best is kept. More starts, safer global maximum.
    bootstrap
        Number of nonparametric bootstrap resamples over subjects (0 = none).
    seed
        Seed for every random choice (starts, bootstrap, sampler).
    chains, draws, warmup
        Sampler settings (method "mcmc").
    priors
        Beta priors by parameter name; parameters not named get Beta(1, 1).
    level
        The level of every interval the fit reports (0.95: 95% confidence
        intervals for maximum likelihood and the bootstrap, 95% credible
        intervals for the Bayesian methods). One level for every method, so
        intervals side by side are alike.
    subject_group, rater_attributes
        Explanatory models (issue 42): the subject attribute whose groups get their own class
        share, and the rater attributes accuracy is modelled on. Checked against the table's
        columns where the table is known (:func:`tapdesk.engine.explain.design.check_columns`).
    subject_bands
        With a subject group read as a number (an age: all numbers, at least 5 different): the
        subjects are grouped in this many bands of its values, with about as many subjects in
        each (issue 79); 0, the default, groups by each value, which only a column read as
        categories may (:func:`tapdesk.data.attributes.reads_as_number`).
    guess_by_attributes
        With rater attributes: the guess rate depends on them as accuracy does (logit
        c0 + c.x_j), instead of one guess rate for the panel (two-category models).
    pooled
        Partial pooling of the per-rater parameters toward the panel (Bayesian, issue 42).
    point_only
        Only what the estimates and each subject's class probabilities need: no intervals or
        standard errors, no rater comparisons or verdicts, no comparison with the other models
        and no simulated panels (issue 75: the crowd adaptor's ``fit_predict`` returns labels
        only). The per-rater (two classes), Dawid-Skene and MACE models honour it; the
        estimates are those of the full fit.
    known_classes
        (subject id, category) pairs of subjects whose true category is known (gold labels):
        Dawid-Skene holds each such subject in its category at every step of the fit, as
        crowd-kit's ``fit(data, true_labels)`` does (issue 75). Only the Dawid-Skene model
        takes them; subjects not in the data are ignored.
    """

    model: str = "tap"
    class1: tuple[str, ...] | None = None
    cut: str | None = None
    method: str = "mle"
    n_starts: int = 12
    max_iterations: int = 5000
    tolerance: float = 1e-10
    bootstrap: int = 0
    seed: int = 20261121
    chains: int = 4
    draws: int = 2000
    warmup: int = 1000
    priors: tuple[Prior, ...] = ()
    level: float = DEFAULT_LEVEL
    subject_group: str | None = None
    subject_bands: int = 0
    rater_attributes: tuple[str, ...] = ()
    guess_by_attributes: bool = False
    pooled: bool = False
    point_only: bool = False
    known_classes: tuple[tuple[str, str], ...] = ()
    effect_at: tuple[tuple[str, float, float], ...] = ()
    """(numeric rater attribute, low, high): tell that attribute's effect in points of accuracy
    between these two values instead of the ones the rule picks (its 20th and 80th percentiles,
    see :func:`tapdesk.engine.explain.design.rater_design`)."""
    request_id: int = field(default_factory=next_request_id, compare=False)

    def __post_init__(self) -> None:
        if self.class1 is not None and not isinstance(self.class1, tuple):
            object.__setattr__(self, "class1", tuple(str(c) for c in self.class1))
        object.__setattr__(self, "subject_bands", int(self.subject_bands or 0))
        if not isinstance(self.rater_attributes, tuple):
            object.__setattr__(self, "rater_attributes", tuple(self.rater_attributes))
        object.__setattr__(self, "effect_at", tuple((str(c), float(lo), float(hi))
                                                    for c, lo, hi in self.effect_at))
        object.__setattr__(self, "known_classes", tuple((str(s), str(c))
                                                        for s, c in self.known_classes))
        self.validate()

    def validate(self) -> None:
        checks = [
            # Translators: {methods} are the methods' names as the option takes them ("mle,
            # exact, mcmc"), {method} what was given.
            (self.method in METHODS, lambda: _("method must be one of {methods}, not "
                                               "{method}").format(methods=", ".join(METHODS),
                                                                  method=formats.quoted(
                                                                      str(self.method)))),
            # Translators: the settings' names in these messages are the API's (keep them).
            (self.n_starts >= 1, lambda: _("n_starts must be at least 1")),
            (self.max_iterations >= 1, lambda: _("max_iterations must be at least 1")),
            (0 < self.tolerance < 1, lambda: _("tolerance must be between 0 and 1")),
            (self.bootstrap >= 0,
             lambda: _("bootstrap must be 0 (none) or a positive number of resamples")),
            (self.chains >= 1, lambda: _("chains must be at least 1")),
            (self.draws >= 10, lambda: _("draws must be at least 10")),
            (self.warmup >= 0, lambda: _("warmup must be 0 or more")),
            # Translators: {model} and {method} are the model's and method's names as the
            # options take them ("tap", "mle").
            (not self.pooled or (self.model, self.method) == ("per-rater", "mcmc"),
             # Translators: an error; {model} and {method} are the model's and method's names as the
             # options take them ("tap", "mle").
             lambda: _("pooling toward the panel is Bayesian and pools the per-rater model: it "
                       "needs the per-rater model with the mcmc method, not {model} with "
                       "{method}").format(model=self.model, method=self.method)),
            (not self.known_classes or (self.model, self.method) == ("dawid-skene", "mle"),
             # Translators: an error; {model} and {method} are the model's and method's names as
             # the options take them ("mace", "mle"); "dawid-skene" and "mle" are names too.
             lambda: _("known true categories (gold labels) are taken by the dawid-skene model "
                       "with the mle method only, not {model} with {method}").format(
                           model=self.model, method=self.method)),
        ]
        check_level(self.level)
        for ok, message in checks:
            if not ok:
                raise SettingError(message())
        self._validate_explain()
        for prior in self.priors:
            if not (prior.alpha > 0 and prior.beta > 0):
                # Translators: {name} is a parameter's symbol (t, a or p).
                raise SettingError(_("prior for {name}: alpha and beta must be positive").format(
                    name=prior.name))

    @property
    def explains(self) -> bool:
        """A subject group or rater attributes are asked for: the explanatory model (the pooled
        per-rater posterior takes its rater attributes itself, :mod:`~tapdesk.engine.bayes.pooled`)."""
        return not self.pooled and (self.subject_group is not None or bool(self.rater_attributes))

    def _validate_explain(self) -> None:
        if self.subject_group is not None and not str(self.subject_group).strip():
            raise SettingError(said("the subject-group column needs a name"),
                               settings=("subject_group",))
        if self.subject_bands and self.subject_group is None:
            raise SettingError(said("bands group the subjects by a subject attribute: name its "
                                    "column too"), settings=("subject_group",))
        if self.subject_bands < 0 or self.subject_bands == 1:
            # Translators: {n} is the number of bands given (1 or less than 0).
            raise SettingError(said("the subjects are compared in 2 bands or more (or 0: a group "
                                    "for each value), not {n}", n=str(self.subject_bands)),
                               settings=("subject_bands",))
        names = [str(c).strip() for c in self.rater_attributes]
        if any(not n for n in names):
            raise SettingError(said("a rater attribute needs a column name"),
                               settings=("rater_attributes",))
        if self.guess_by_attributes and not names:
            raise SettingError(said("the guess rate can depend on rater attributes only when rater "
                                    "attributes are chosen"), settings=("rater_attributes",))
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            # Translators: {column} is a column of the data file.
            raise SettingError(said("the rater attribute {column} is named twice; name each "
                                    "column once", column=made(formats.quoted, repeated[0])),
                               settings=("rater_attributes",))
        for col, low, high in self.effect_at:
            if col not in self.rater_attributes:
                if self.rater_attributes:
                    # Translators: {column} is the column given; {chosen} the model's rater
                    # attributes ("age, years").
                    message = said("the effect is told at chosen values only for a rater "
                                   "attribute of the model; {column} is not one (chosen: "
                                   "{chosen})", column=made(formats.quoted, col),
                                   chosen=", ".join(self.rater_attributes))
                else:
                    # Translators: {column} is the column given.
                    message = said("the effect is told at chosen values only for a rater "
                                   "attribute of the model; {column} is not one (chosen: none)",
                                   column=made(formats.quoted, col))
                raise SettingError(message, settings=("effect_at",))
            if not low < high:
                # Translators: {column} is a column of the data file, {low} and {high} the
                # values given ("40", "30").
                raise SettingError(said("to tell the effect of {column} between two values, give "
                                        "the lower first and make them differ, not {low} and "
                                        "{high}", column=made(formats.quoted, col),
                                        low=f"{low:g}", high=f"{high:g}"),
                                   settings=("effect_at",))

    def prior_for(self, name: str) -> Prior:
        for prior in self.priors:
            if prior.name == name:
                return prior
        return Prior(name)
