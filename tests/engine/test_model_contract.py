"""One contract every registered model must honour, whatever it estimates.

For each model and each of its methods, fit a small simulated data set and
check the shape of what comes back: typed events, a frozen complete result,
finite numbers, JSON without NaN, a summary with plain-words headline, and
cooperative cancellation.
"""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest

from tapdesk.engine import CancelToken, FitRequest, FitResult, all_models, fit
from tapdesk.engine import events as ev
from tapdesk.engine.binary.simulate import TapParameters, simulate_table

EVENT_TYPES = tuple(t for t in vars(ev).values()
                    if isinstance(t, type) and dataclasses.is_dataclass(t))

CASES = [(spec.name, method) for spec in all_models() for method in spec.methods]


@pytest.fixture(scope="module")
def small_table():
    return simulate_table(TapParameters(t=0.35, a=0.6, p=0.4), n_subjects=120, n_raters=4, seed=7)


def quick_request(model: str, method: str, **extra) -> FitRequest:
    return FitRequest(model=model, method=method, n_starts=3, chains=2, draws=200, warmup=200,
                      **extra)


@pytest.mark.parametrize("model, method", CASES)
def test_model_contract(model, method, small_table):
    seen = []
    result = fit(quick_request(model, method), small_table, on_event=seen.append)
    assert isinstance(result, FitResult)
    assert result.model == model and result.method == method
    assert result.complete
    assert all(isinstance(e, EVENT_TYPES) for e in seen), "events must be typed dataclasses"
    assert all(dataclasses.is_dataclass(e) and e.__dataclass_params__.frozen for e in seen)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.model = "other"      # type: ignore[misc]
    assert result.params, "a result must estimate something"
    for est in result.params:
        if est.identified:
            assert math.isfinite(est.value), est
    assert result.n_subjects == 120 and result.n_ratings == 480
    payload = result.to_dict()
    json.dumps(payload, allow_nan=False)
    for key in ("model", "params", "se", "ci", "log_likelihood", "bits_per_rating", "n_subjects",
                "n_ratings", "n_excluded", "converged", "warnings"):
        assert key in payload, key
    summary = result.summary()
    assert summary.headline and all(isinstance(s, str) and s for s in summary.headline)
    assert summary.as_text()


@pytest.mark.parametrize("model, method", CASES)
def test_model_cancels_cooperatively(model, method, small_table):
    token = CancelToken()
    token.cancel()
    result = fit(quick_request(model, method), small_table, cancel=token)
    assert isinstance(result, FitResult)
    assert not result.complete


def test_same_request_same_result(small_table):
    first = fit(FitRequest(model="tap", seed=3), small_table)
    second = fit(FitRequest(model="tap", seed=3), small_table)
    assert np.allclose([e.value for e in first.params], [e.value for e in second.params], atol=0)


@pytest.mark.parametrize("model", ["tap", "tap-a0a1", "expert", "per-rater", "categorical",
                                   "categorical-per-rater"])
def test_cancel_during_the_bootstrap_marks_the_result_incomplete(model, small_table):
    """A cancel in a later stage (here the bootstrap) must not come back as a complete result."""
    token = CancelToken()

    def cancel_at_bootstrap(event):
        if isinstance(event, ev.StageProgress) and event.stage == "bootstrap":
            token.cancel()

    request = quick_request(model, "mle", bootstrap=200)
    result = fit(request, small_table, on_event=cancel_at_bootstrap, cancel=token)
    assert token.requested, f"{model} reported no bootstrap progress"
    assert not result.complete
    assert "incomplete" in result.summary().as_text()


# ------------------------------------------------ explanatory variants (issue 42)
def _explain_cases():
    from tapdesk.engine.models import EXPLAIN
    settings = ({"subject_group": "year"}, {"rater_attributes": ("kind",)},
                {"subject_group": "year", "rater_attributes": ("kind",)})
    return [(e.model, e.method, s) for e in EXPLAIN for s in settings]


@pytest.fixture(scope="module")
def attribute_table(small_table):
    from tapdesk.data.attributes import Attributes
    years = {s: str(i % 3 + 1) for i, s in enumerate(small_table.subject_ids)}
    kinds = {r: "AI" if j == 0 else "human" for j, r in enumerate(small_table.rater_ids)}
    return small_table.with_attributes(Attributes({"year": years}, {"kind": kinds}))


@pytest.mark.parametrize("model, method, settings", _explain_cases())
def test_explanatory_variants_keep_the_contract(model, method, settings, attribute_table):
    seen = []
    result = fit(quick_request(model, method, **settings), attribute_table, on_event=seen.append)
    assert isinstance(result, FitResult) and result.model == model and result.complete
    assert seen and all(isinstance(e, EVENT_TYPES) for e in seen)
    assert all(e.__dataclass_params__.frozen for e in seen)
    assert result.params and all(math.isfinite(e.value) for e in result.params)
    assert result.n_subjects == 120 and result.n_ratings == 480
    payload = result.to_dict()
    json.dumps(payload, allow_nan=False)
    assert ("groups" in payload) == ("subject_group" in settings)
    assert ("effects" in payload) == ("rater_attributes" in settings)
    assert result.summary().headline and result.summary().as_text()
    token = CancelToken()
    token.cancel()
    cancelled = fit(quick_request(model, method, **settings), attribute_table, cancel=token)
    assert isinstance(cancelled, FitResult) and not cancelled.complete
