"""The headless engine: models, fits, progress events and results. Never imports Qt."""

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.registry import all_models, get_model, model_names
from tapdesk.engine.request import FitRequest, Prior
from tapdesk.engine.results import Estimate, FitResult, Notice
from tapdesk.engine.run import fit, fit_events

__all__ = ["CancelToken", "Estimate", "FitRequest", "FitResult", "Notice", "Prior",
           "all_models", "fit", "fit_events", "get_model", "model_names"]
