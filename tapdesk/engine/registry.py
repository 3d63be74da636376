"""Explicit model registry: every fit-able model is listed in one place.

:mod:`tapdesk.engine.models` lists every model (where its :class:`ModelSpec`
is) and every non-MLE method (where its fitting function is), in display
order. A model's module is imported the first time that model is asked for
(:func:`get_model`), so a fit loads only the code of the model it fits;
:func:`all_models` loads every one. The contract test runs over
:func:`all_models`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator
from dataclasses import dataclass

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import ProgressEvent
from tapdesk.engine.models import EXPLAIN, METHODS, MODELS, ModelEntry
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted

FitGenerator = Generator[ProgressEvent, None, FitResult]
FitFunction = Callable[[FitRequest, RatingsTable, CancelToken], FitGenerator]


@dataclass(frozen=True)
class ModelSpec:
    """How to fit one model. How it is described to a user (description, binary,
    needs_rater_ids) is its :class:`~tapdesk.engine.models.ModelEntry`, which the app's model
    list reads without importing the model (:attr:`entry`).

    Parameters
    ----------
    name
        The CLI and JSON name (``tap``, ``per-rater`` ...).
    title
        Display name ("t-a-p (average rater)").
    fit
        Maximum-likelihood fit: a generator function ``fit(request, table,
        cancel)`` yielding progress events and returning a FitResult. Other
        methods ("exact", "mcmc") are listed in :data:`tapdesk.engine.models.METHODS`.
    """

    name: str
    title: str
    fit: FitFunction

    @property
    def entry(self) -> ModelEntry:
        """The model's line in :data:`~tapdesk.engine.models.MODELS`."""
        return next(e for e in MODELS if e.name == self.name)

    @property
    def methods(self) -> tuple[str, ...]:
        return self.entry.methods

    def fitter(self, method: str, explains: bool = False) -> FitFunction:
        """The fitting function of ``method``; with ``explains``, of the explanatory model
        (subject groups, rater attributes: :data:`~tapdesk.engine.models.EXPLAIN`)."""
        if explains:
            return self._explainer(method)
        if method == "mle":
            return self.fit
        entry = next((e for e in METHODS if (e.model, e.method) == (self.name, method)), None)
        if entry is None:
            # Translators: {model} and {method} are names as the options take them ("mace",
            # "mcmc"); {methods} the model's methods ("mle, exact").
            raise SettingError(said("model {model} supports the methods {methods}, not "
                                 "{method}", model=made(quoted, self.name),
                                    methods=", ".join(self.methods), method=made(quoted, method)))
        return getattr(importlib.import_module(entry.module), entry.function)


    def _explainer(self, method: str) -> FitFunction:
        entry = next((e for e in EXPLAIN if (e.model, e.method) == (self.name, method)), None)
        if entry is None:
            models = sorted({e.model for e in EXPLAIN})
            if self.name in models:
                methods = [e.method for e in EXPLAIN if e.model == self.name]
                pooled = (self.name, method) == ("per-rater", "mcmc")
                if pooled:
                    # Translators: {methods} are methods' names as the option takes them ("mle"),
                    # {model} and {method} the names given.
                    message = said("subject groups and rater attributes are fitted by {methods} for "
                                "model {model}, not {method}; a Bayesian per-rater fit takes "
                                "rater attributes only with pooling toward the panel",
                                   methods=", ".join(methods), model=made(quoted, self.name),
                                   method=made(quoted, method))
                else:
                    # Translators: as above, without the note on pooling.
                    message = said("subject groups and rater attributes are fitted by {methods} for "
                                "model {model}, not {method}", methods=", ".join(methods),
                                   model=made(quoted, self.name), method=made(quoted, method))
                raise SettingError(message,
                                   settings=("method", "pooled") if pooled else ("method",))
            # Translators: {model} is a model's name as the option takes it, {models} the models
            # that can ("per-rater, tap").
            raise SettingError(said("the model {model} cannot explain the ratings by subject groups "
                                 "or rater attributes; choose one of {models}",
                model=made(quoted, self.name), models=", ".join(models)), settings=("model",))
        return getattr(importlib.import_module(entry.module), entry.function)


_LOADED: dict[str, ModelSpec] = {}


def _load(entry: ModelEntry) -> ModelSpec:
    """The ModelSpec the table entry points to, importing its module the first time."""
    if entry.name not in _LOADED:
        spec = getattr(importlib.import_module(entry.module), entry.attribute)
        if (spec.name, spec.title) != (entry.name, entry.title):
            raise ValueError(f"tapdesk.engine.models lists '{entry.name}' ({entry.title}) at "
                             f"{entry.module}.{entry.attribute}, which is '{spec.name}' "
                             f"({spec.title})")
        _LOADED[entry.name] = spec
    return _LOADED[entry.name]


def get_model(name: str) -> ModelSpec:
    entry = next((e for e in MODELS if e.name == name), None)
    if entry is None:
        # Translators: {name} is the model asked for, {models} the models' names as the option
        # takes them.
        raise SettingError(said("unknown model {name}; choose one of: {models}",
            name=made(quoted, name), models=", ".join(model_names())))
    return _load(entry)


def all_models() -> tuple[ModelSpec, ...]:
    """Every model, in display order (imports every model's module)."""
    return tuple(_load(entry) for entry in MODELS)


def model_names() -> tuple[str, ...]:
    """Every model's name, in display order (imports no model)."""
    return tuple(entry.name for entry in MODELS)


def model_titles() -> tuple[tuple[str, str], ...]:
    """(name, title) of every model, in display order (imports no model)."""
    return tuple((entry.name, entry.title) for entry in MODELS)
