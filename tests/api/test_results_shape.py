"""A result shaped like statsmodels' (issue 75, items 2 and 7): params, bse, conf_int, pvalues,
llf, aic, bic, nobs, df_model read from what the fit computed; summary() with as_text() and
as_html(); raters indexed by their ids; a notebook display that stays small for a crowd of a
thousand workers; the model's warnings issued once as TapDeskWarning."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import tapdesk
from tapdesk.engine.story.model_choice import aic

WINE = tapdesk.example("wine")


def _flat(values):
    """The JSON's params (a number, or a list per category) as one list, None as NaN."""
    out = []
    for value in values:
        out += value if isinstance(value, list) else [value]
    return [math.nan if v is None else v for v in out]


@pytest.fixture(scope="module")
def tap():
    return tapdesk.fit(WINE, cut="2")


@pytest.fixture(scope="module")
def per_rater():
    return tapdesk.fit(WINE, model="per-rater", cut="2")


def test_a_fits_numbers_are_its_jsons(tap):
    said = tap.to_dict()
    assert isinstance(tap.params, pd.Series) and tap.params.to_dict() == said["params"]
    assert tap.bse.to_dict() == said["se"]
    interval = tap.conf_int()
    assert list(interval.columns) == ["lower", "upper"]
    assert {name: list(row) for name, row in interval.iterrows()} == said["ci"]
    assert tap.conf_int(alpha=0.05).equals(interval)
    assert tap.llf == said["log_likelihood"] and tap.nobs == said["n_subjects"] == 183
    assert tap.df_model == 3 and tap.aic == aic(tap.result) == 2 * 3 - 2 * tap.llf
    assert tap.bic == pytest.approx(3 * math.log(183) - 2 * tap.llf)
    assert tap.pvalues.isna().all() and list(tap.pvalues.index) == ["t", "a", "p"]


def test_another_level_is_refused_with_the_level_computed():
    ninety = tapdesk.fit(WINE, cut="2", level="90%")
    with pytest.raises(ValueError, match=r"computed at 90% only .*level=0\.95"):
        ninety.conf_int()
    assert ninety.conf_int(alpha=0.1)["lower"].notna().all()


def test_per_rater_and_category_estimates_are_named(per_rater):
    said = per_rater.to_dict()
    params = per_rater.params
    assert params.index.is_unique and params["t"] == said["params"]["t"]
    first = said["raters"][0]
    assert params["a[J1]"] == first["a"] and per_rater.bse["a[J1]"] == first["se"]["a"]
    assert per_rater.conf_int().loc["a[J1]"].tolist() == first["ci"]["a"]
    tested = {c["rater"]: c["p_value"] for c in said["rater_comparisons"] if c["quantity"] == "a"}
    assert per_rater.pvalues["a[J2]"] == tested["J2"]
    categorical = tapdesk.fit(WINE, model="categorical")
    assert categorical.params.filter(like="t[").tolist() == _flat([categorical.to_dict()["params"]["t"]])
    assert "t[4]" in categorical.params.index


def test_an_attributes_effect_is_a_term_with_its_interval_and_p_value(tmp_path):
    """As statsmodels names a formula's terms: the effect of a rater attribute's level on the
    logit of accuracy, with the profile interval and the likelihood-ratio p value it was given."""
    raters = tmp_path / "raters.csv"
    raters.write_text("rater,trained\nJ1,no\nJ2,yes\nJ3,no\nJ4,yes\n")
    explained = tapdesk.explain(WINE, cut="2", rater_attributes="trained", raters_file=raters)
    effect = explained.to_dict()["effects"][0]
    term = "a:trained[T.yes]"
    assert explained.params[term] == pytest.approx(effect["coefficient_per_unit"])
    assert explained.conf_int().loc[term].tolist() == pytest.approx(effect["coefficient_interval"])
    assert explained.pvalues[term] == effect["p_value"] and 0 < effect["p_value"] < 1
    assert math.isnan(explained.bse[term]) and explained.params.index.is_unique


def test_a_result_without_a_model_says_so():
    kappas = tapdesk.agreement(WINE, bootstrap=0)
    with pytest.raises(AttributeError, match="agreement result has no 'params'"):
        _ = kappas.params
    with pytest.raises(AttributeError, match="has no 'conf_int'"):
        kappas.conf_int()


def test_the_summary_is_the_printed_text_with_its_html(per_rater):
    summary = per_rater.summary()
    text = per_rater.findings + per_rater.outcome.text
    assert str(summary) == summary.as_text() == text == summary and repr(summary) == text
    page = summary.as_html()
    assert page.startswith("<pre") and "Per-rater estimates" in page and "&lt;" not in text
    assert summary._repr_html_() == page


def test_raters_are_indexed_by_their_ids(per_rater):
    assert per_rater.raters.index.tolist() == ["J1", "J2", "J3", "J4"]
    assert per_rater.raters.index.name == "rater"
    assert per_rater.raters.loc["J2", "a"] == per_rater.params["a[J2]"]


def _crowd(workers: int = 1000, tasks: int = 2000, per_task: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    chosen = np.array([rng.choice(workers, per_task, replace=False) for _ in range(tasks)])
    chosen[:workers, 0] = np.arange(workers)             # every worker labels
    truth = rng.random(tasks) < 0.4
    knows = rng.random(chosen.shape) < 0.7
    labels = np.where(knows, truth[:, None], rng.random(chosen.shape) < 0.5).astype(int)
    return pd.DataFrame({"task": np.repeat(np.arange(tasks), per_task),
                         "worker": chosen.ravel(), "label": labels.ravel()})


def _crowd_fit(model: str, **options):
    return tapdesk.fit(_crowd(), model=model, layout="long", subject_col="task",
                       rater_col="worker", rating_col="label", starts=1, **options)


def test_a_thousand_workers_show_in_a_small_page():
    crowd = _crowd_fit("dawid-skene")
    assert len(crowd.raters) == 1000 and len(crowd.result.tables) > 1000
    page = crowd._repr_html_()
    assert len(page.encode()) < 50_000
    assert "980 more rows" in page and f"{len(crowd.result.tables) - 5} more tables" in page
    assert crowd.result.headline[0].split()[0] in page


def test_model_warnings_are_issued_once_with_their_own_category():
    assert issubclass(tapdesk.TapDeskWarning, UserWarning)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        crowd = _crowd_fit("per-rater", cut="0")
        made = [w for w in caught if issubclass(w.category, tapdesk.TapDeskWarning)]
        _ = crowd.params, crowd.raters, crowd.summary(), crowd._repr_html_()
        assert len([w for w in caught if issubclass(w.category, tapdesk.TapDeskWarning)]) == len(made)
    said = crowd.to_dict()["warnings"]
    assert len(said) > 20 and 1 < len(made) < len(said)   # a few of each kind, the rest counted
    assert str(made[0].message) == said[0] and made[0].filename == __file__
    assert any("more warnings like it" in str(w.message) for w in made)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.simplefilter("ignore", tapdesk.TapDeskWarning)
        _crowd_fit("per-rater", cut="0")
    assert not [w for w in caught if issubclass(w.category, tapdesk.TapDeskWarning)]
