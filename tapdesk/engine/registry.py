"""Explicit model registry: every fit-able model is listed in one place.

Each model module defines a :class:`ModelSpec`; :mod:`tapdesk.engine.models`
registers them all, in display order. The contract test runs over
:func:`all_models`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generator

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import ProgressEvent
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult
from tapdesk.errors import SettingError

FitGenerator = Generator[ProgressEvent, None, FitResult]
FitFunction = Callable[[FitRequest, RatingsTable, CancelToken], FitGenerator]


@dataclass(frozen=True)
class ModelSpec:
    """How to fit one model, and how to describe it to a user.

    Parameters
    ----------
    name
        The CLI and JSON name (``tap``, ``per-rater`` ...).
    title
        Display name ("t-a-p (average rater)").
    description
        One or two plain sentences for tooltips and the report.
    binary
        True when the model needs a Class-1 choice.
    needs_rater_ids
        True when the model needs to know which rater gave each rating.
    fit
        Maximum-likelihood fit: a generator function ``fit(request, table,
        cancel)`` yielding progress events and returning a FitResult. Other
        methods ("exact", "mcmc") are added with :func:`register_method`.
    """

    name: str
    title: str
    description: str
    binary: bool
    needs_rater_ids: bool
    fit: FitFunction

    @property
    def methods(self) -> tuple[str, ...]:
        return ("mle",) + tuple(m for (name, m) in _METHODS if name == self.name)

    def fitter(self, method: str) -> FitFunction:
        if method == "mle":
            return self.fit
        try:
            return _METHODS[(self.name, method)]
        except KeyError:
            raise SettingError(f"model '{self.name}' supports the methods "
                               f"{', '.join(self.methods)}, not '{method}'") from None


_REGISTRY: dict[str, ModelSpec] = {}
_METHODS: dict[tuple[str, str], FitFunction] = {}


def register(spec: ModelSpec) -> None:
    if spec.name in _REGISTRY:
        raise ValueError(f"model '{spec.name}' registered twice")
    _REGISTRY[spec.name] = spec


def register_method(model: str, method: str, function: FitFunction) -> None:
    """Add a non-MLE method (e.g. "mcmc") to a registered model."""
    if model not in _REGISTRY:
        raise ValueError(f"register model '{model}' before its methods")
    if method == "mle" or (model, method) in _METHODS:
        raise ValueError(f"method '{method}' of '{model}' registered twice")
    _METHODS[(model, method)] = function


def _ensure_loaded() -> None:
    if not _REGISTRY:
        import tapdesk.engine.models  # noqa: F401  (registers every model)


def get_model(name: str) -> ModelSpec:
    _ensure_loaded()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise SettingError(f"unknown model '{name}'; choose one of: {', '.join(_REGISTRY)}") from None


def all_models() -> tuple[ModelSpec, ...]:
    _ensure_loaded()
    return tuple(_REGISTRY.values())


def model_names() -> tuple[str, ...]:
    return tuple(spec.name for spec in all_models())
