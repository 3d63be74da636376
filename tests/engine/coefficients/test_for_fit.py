"""The coefficients shown beside a model use the data the model saw."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.binary import binary_counts, binary_table
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.agreement import binary_agreement
from tapdesk.engine.categorical.simulate import simulate_codes, table_from_codes
from tapdesk.engine.coefficients import agreement_coefficients, coefficients_for_fit
from tapdesk.engine.coefficients.api import percent_and_fleiss


@pytest.fixture
def wine(shared_data):
    return read_ratings(shared_data / "wine.csv").table


def test_binary_model_gets_coefficients_on_its_binary_view(wine):
    result = fit(FitRequest(model="tap", cut="2"), wine)
    coefficients = coefficients_for_fit(result, wine, bootstrap=0)
    expected = binary_agreement(binary_counts(wine, cut="2").histogram())
    assert coefficients.get("fleiss_kappa").value == pytest.approx(expected.kappa, abs=1e-12)
    assert coefficients.get("percent_agreement").value == pytest.approx(
        expected.percent_agreement, abs=1e-12)
    four_categories = agreement_coefficients(wine, bootstrap=0)
    assert four_categories.get("fleiss_kappa").value != pytest.approx(expected.kappa, abs=1e-3)


def test_binary_table_keeps_subjects_raters_and_names_the_classes(wine):
    result = fit(FitRequest(model="tap", cut="1"), wine)
    binary = binary_table(wine, result.class_choice)
    assert binary.categories == ("2 or 3 or 4", "1")
    assert binary.n_ratings == wine.n_ratings and binary.rater_ids == wine.rater_ids
    assert int(binary.rating.sum()) == 178            # wines rated 1 (shared data README)


def test_categorical_model_gets_the_full_scale(wine):
    result = fit(FitRequest(model="categorical", n_starts=3), wine)
    coefficients = coefficients_for_fit(result, wine, bootstrap=0)
    assert coefficients.get("fleiss_kappa").value == pytest.approx(
        agreement_coefficients(wine, bootstrap=0).get("fleiss_kappa").value)


def test_a_fits_findings_read_percent_agreement_and_fleiss_as_the_full_set_gives_them(wine):
    conf = 0.7 * np.eye(3) + 0.3 * np.full((6, 3, 3), 1 / 3)
    _, codes = simulate_codes((0.5, 0.3, 0.2), conf, 60, seed=2, missing_rate=0.4)
    for table in (wine, table_from_codes(codes, k=3)):
        full = agreement_coefficients(table, bootstrap=0)
        assert percent_and_fleiss(table) == (full.get("percent_agreement").value,
                                             full.get("fleiss_kappa").value)
