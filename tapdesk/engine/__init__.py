"""The headless engine: models, fits, progress events and results. Never imports Qt.

The names below load on first use, so a program that imports one engine module (the app's
first window: the model list, requests, results) does not import the registry and the runner.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tapdesk.engine.cancel import CancelToken
    from tapdesk.engine.registry import all_models, get_model, model_names
    from tapdesk.engine.request import FitRequest, Prior
    from tapdesk.engine.results import Estimate, FitResult, Notice
    from tapdesk.engine.run import fit, fit_events

__all__ = ["CancelToken", "Estimate", "FitRequest", "FitResult", "Notice", "Prior",
           "all_models", "fit", "fit_events", "get_model", "model_names"]
_MODULES = {"CancelToken": "cancel", "all_models": "registry", "get_model": "registry",
            "model_names": "registry", "FitRequest": "request", "Prior": "request",
            "Estimate": "results", "FitResult": "results", "Notice": "results", "fit": "run",
            "fit_events": "run"}
"""Where each name of the package lives."""


def __getattr__(name: str) -> object:
    """An engine name, from its module (imported on first use)."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module
    return getattr(import_module(f"{__name__}.{_MODULES[name]}"), name)
