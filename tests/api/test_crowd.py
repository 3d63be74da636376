"""The crowd-kit-shaped adaptor (issue 56): the labels of ``tapdesk fit --model dawid-skene``,
and crowd-kit's own usage example run with one import changed; crowd-kit's contract honoured
(issue 75: its arguments honoured or refused at construction, its fitted attributes, its
column order, the frame's own ids and dtypes, fit_predict computing the estimates only)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tapdesk.cli.main import main
from tapdesk.crowd import MACE, ConvergenceWarning, DawidSkene, PerRaterTAP
from tapdesk.errors import DataError

CROWD = Path(__file__).parents[1] / "fixtures" / "crowd_small.csv"

CROWDKIT_EXAMPLE = """
from crowdkit.aggregation import DawidSkene
df = pd.read_csv(CROWD)
result = DawidSkene(n_iter=100).fit_predict(df)
"""
"""crowd-kit's usage example (its README: ``df = ...`` a frame of task, worker, label)."""

NOTEBOOK = """
from crowdkit.aggregation import DawidSkene, MACE
df = pd.read_csv(CROWD)
majority = df.groupby("task")["label"].agg(lambda s: s.mode()[0])
true_labels = majority.iloc[:30]
ds = DawidSkene(n_iter=100)
labels = ds.fit_predict(df, true_labels=true_labels)
mace = MACE(n_restarts=2, random_state=0, method="em", n_iter=200)
mace_labels = mace.fit_predict(df)
first = ds.probas_.iloc[:, 0]
summary = {"agree": float((labels == mace_labels.loc[labels.index]).mean()),
           "gold_kept": bool((labels.loc[true_labels.index] == true_labels).all()),
           "first_column": first.name, "errors": ds.errors_.shape,
           "errors_index": list(ds.errors_.index.names), "priors": ds.priors_.index.tolist(),
           "spamming": mace.spamming_.shape, "thetas": mace.thetas_.shape}
"""
"""A notebook's crowd-kit code: restarts, a seed, known labels (true_labels), the fitted
attributes and the first column of the probabilities."""


def cli_labels(capsys, tmp_path, model: str) -> pd.Series:
    """The most likely class of every subject, as ``tapdesk fit --subjects-out`` writes it."""
    out = tmp_path / "labels.csv"
    assert main(["fit", str(CROWD), "--model", model, "--subjects-out", str(out), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    labels = pd.read_csv(out, encoding="utf-8-sig", dtype=str)
    assert len(labels) == payload["n_subjects"]
    return labels.set_index("Subject")["Most likely class"]


@pytest.mark.parametrize("aggregator, model", [(DawidSkene, "dawid-skene"), (MACE, "mace")])
def test_the_labels_are_the_command_lines(capsys, tmp_path, aggregator, model):
    expected = cli_labels(capsys, tmp_path, model)
    got = aggregator(n_iter=100).fit_predict(pd.read_csv(CROWD))
    assert got.name == "agg_label" and got.index.name == "task"
    assert got.dtype == np.int64                     # the frame's labels, not their text
    assert sorted(got.index) == sorted(expected.index)
    assert (got.loc[expected.index].astype(str) == expected).all()


def test_probabilities_a_row_per_task_a_column_per_label():
    frame = pd.read_csv(CROWD)
    aggregator = DawidSkene()
    probas = aggregator.fit_predict_proba(frame)
    assert list(probas.columns) == [1, 2, 3]
    assert len(probas) == frame["task"].nunique()
    assert np.allclose(probas.sum(axis=1), 1)
    assert (probas.idxmax(axis=1) == aggregator.labels_).all()
    assert aggregator.result_.model == "dawid-skene"


def test_two_labels_with_the_per_rater_model():
    frame = pd.read_csv(CROWD)
    frame["label"] = np.where(frame["label"] == 1, "spam", "ham")
    labels = PerRaterTAP(class1="spam").fit_predict(frame)
    assert set(labels) <= {"spam", "ham"} and len(labels) == frame["task"].nunique()


def test_crowdkits_example_runs_with_the_import_changed():
    code = CROWDKIT_EXAMPLE.replace("from crowdkit.aggregation import", "from tapdesk.crowd import")
    scope = {"pd": pd, "CROWD": CROWD}
    exec(code, scope)
    result = scope["result"]
    assert isinstance(result, pd.Series) and len(result) == 300


def test_crowdkit_itself_gives_the_same_labels():
    """Beside crowd-kit's own DawidSkene, where it is installed (it is no TapDesk
    dependency: see benchmarks/bench_crowd.py for a venv that has it)."""
    crowdkit = pytest.importorskip("crowdkit.aggregation",
                                   reason="crowd-kit is not installed (not a TapDesk dependency)")
    frame = pd.read_csv(CROWD)
    theirs = crowdkit.DawidSkene(n_iter=100).fit_predict(frame)
    ours = DawidSkene(n_iter=100).fit_predict(frame)
    assert (ours.loc[theirs.index] == theirs).mean() > 0.99


def test_a_frame_without_crowdkits_columns_is_refused():
    with pytest.raises(DataError, match="no column worker"):
        DawidSkene().fit_predict(pd.DataFrame({"task": [1], "rater": [1], "label": [1]}))


# ------------------------------------------------------------------ crowd-kit's contract (75)
def run_notebook(module: str) -> dict:
    code = NOTEBOOK.replace("from crowdkit.aggregation import", f"from {module} import")
    scope = {"pd": pd, "CROWD": CROWD}
    exec(code, scope)
    return scope["summary"]


def test_a_notebook_runs_with_the_import_changed():
    summary = run_notebook("tapdesk.crowd")
    assert summary["gold_kept"] and summary["agree"] > 0.9
    assert summary["first_column"] == 1 and summary["priors"] == [1, 2, 3]
    assert summary["errors"] == (87, 3) and summary["errors_index"] == ["worker", "label"]
    assert summary["spamming"] == (30, 2) and summary["thetas"] == (30, 3)


def test_the_notebook_gives_what_crowdkit_gives():
    pytest.importorskip("crowdkit.aggregation",
                        reason="crowd-kit is not installed (not a TapDesk dependency)")
    theirs, ours = run_notebook("crowdkit.aggregation"), run_notebook("tapdesk.crowd")
    assert {k: v for k, v in ours.items() if k != "agree"} == \
        {k: v for k, v in theirs.items() if k != "agree"}


def test_crowdkits_arguments_are_refused_at_construction_with_tapdesks_equivalent():
    with pytest.raises(ValueError, match="maximum likelihood.*method='em'"):
        MACE(method="vb")
    with pytest.raises(ValueError, match="does not take smoothing, alpha"):
        MACE(smoothing=0.1, alpha=0.5)
    with pytest.raises(ValueError, match="true_labels"):
        DawidSkene(initial_error_strategy="assign")
    with pytest.raises(ValueError, match="max_iterations"):
        DawidSkene(n_iter=0)
    with pytest.raises(ValueError, match="tolerance"):
        DawidSkene(tol=2)
    with pytest.raises(TypeError, match="seed"):
        MACE(random_state=np.random.default_rng(1))
    with pytest.raises(TypeError, match="TapDesk's equivalent: MACE's method='em'"):
        DawidSkene(method="em")
    with pytest.raises(TypeError, match="only DawidSkene"):
        MACE().fit(pd.read_csv(CROWD), true_labels=pd.Series({"t0": 1}))
    with pytest.raises(ValueError, match="initial error"):
        DawidSkene().fit(pd.read_csv(CROWD), initial_error=pd.DataFrame())


def test_seed_restarts_and_tolerance_reach_the_fit():
    fitted = MACE(n_restarts=3, random_state=7, n_iter=500).fit(pd.read_csv(CROWD))
    request = fitted.result_.request
    assert (request.seed, request.n_starts, request.max_iterations) == (7, 3, 500)
    frame = pd.read_csv(CROWD)
    loose, tight = DawidSkene(tol=1e-3).fit(frame), DawidSkene().fit(frame)
    assert loose.result_.request.tolerance == 1e-3
    assert loose.result_.iterations < tight.result_.iterations


def test_n_iter_caps_the_fit_and_says_so():
    with pytest.warns(ConvergenceWarning, match="n_iter=2"):
        fitted = DawidSkene(n_iter=2).fit(pd.read_csv(CROWD))
    assert not fitted.result_.converged
    assert "not-converged" in {notice.code for notice in fitted.result_.warnings}


def test_true_labels_hold_the_known_tasks():
    frame = pd.read_csv(CROWD)
    free = DawidSkene().fit_predict(frame)
    swapped = free.iloc[:5].map({1: 2, 2: 3, 3: 1})              # each the wrong label
    held = DawidSkene()
    labels = held.fit_predict(frame, true_labels=swapped)
    assert (labels.loc[swapped.index] == swapped).all()
    assert np.allclose(held.probas_.loc[swapped.index].max(axis=1), 1)
    assert held.result_.request.known_classes[0] == ("t0", str(swapped.iloc[0]))


def test_fitted_attributes_have_crowdkits_names_and_shapes_from_the_engines_result():
    frame = pd.read_csv(CROWD)
    ds = DawidSkene().fit(frame)
    columns = list(ds.probas_.columns)
    assert ds.priors_.name == "prior" and list(ds.priors_.index) == columns
    assert np.isclose(ds.priors_.sum(), 1)
    assert list(ds.errors_.columns) == columns and ds.errors_.index.names == ["worker", "label"]
    assert np.allclose(ds.errors_.groupby("worker").sum(), 1)
    rater = ds.result_.raters[0]
    for estimate in (e for e in rater.estimates if e.name == "correct"):
        label = int(estimate.category)
        assert ds.errors_.loc[(rater.rater_id, label), label] == estimate.value
    assert ds.loss_history_[-1] == ds.result_.log_likelihood.nats / ds.result_.n_ratings
    assert all(b >= a - 1e-12 for a, b in zip(ds.loss_history_, ds.loss_history_[1:]))
    assert ds.skills_.name == "skill" and ds.skills_.index.name == "worker"
    mace = MACE(n_iter=500).fit(frame)
    assert mace.spamming_.shape == (30, 2) and mace.thetas_.shape == (30, 3)
    assert np.allclose(mace.spamming_.sum(axis=1), 1) and np.allclose(mace.thetas_.sum(axis=1), 1)
    assert np.allclose(mace.skills_.to_numpy(), mace.spamming_[:, 1])
    binary = frame.assign(label=np.where(frame["label"] == 1, 1, 0))
    tap = PerRaterTAP(class1=1).fit(binary)
    assert list(tap.priors_.index) == list(tap.probas_.columns) and np.isclose(tap.priors_.sum(), 1)
    assert len(tap.skills_) == binary["worker"].nunique()


@pytest.mark.parametrize("first, order", [(1, [1, 0]), (0, [0, 1])])
def test_probabilities_in_crowdkits_column_order(first, order):
    """crowd-kit's columns follow the labels' first appearance in the frame."""
    frame = pd.DataFrame({"task": np.repeat(np.arange(40), 3), "worker": np.tile([5, 3, 9], 40),
                          "label": (np.arange(120) * 7 // 5) % 2})
    frame.loc[0, "label"] = first
    assert list(DawidSkene().fit_predict_proba(frame).columns) == order


def test_repr_shows_the_constructor_arguments():
    assert repr(MACE(n_restarts=3, random_state=1)) == \
        "MACE(n_restarts=3, n_iter=50, method='em', random_state=1, analysis=False, level=0.95)"
    assert repr(PerRaterTAP(class1=1)).startswith("PerRaterTAP(n_iter=100, tol=None, class1=1,")


def test_fit_predict_computes_the_estimates_only_and_the_analysis_on_request():
    frame = pd.read_csv(CROWD)
    binary = frame.assign(label=np.where(frame["label"] == 1, 1, 0))
    quick = PerRaterTAP(class1=1)
    quick.fit_predict(binary)
    assert quick.result_.request.point_only and quick.result_.comparisons == ()
    assert all(e.ci is None for r in quick.result_.raters for e in r.estimates)
    full = PerRaterTAP(class1=1, analysis=True)
    full.fit_predict(binary)
    assert any(e.ci is not None for r in full.result_.raters for e in r.estimates)
    assert full.result_.comparisons
    assert (full.probas_ == quick.probas_).all().all()


def test_ids_and_label_dtypes_come_back_as_the_frame_held_them():
    frame = pd.read_csv(CROWD)
    frame["task"] = frame["task"].str[1:].astype(int)
    frame["worker"] = frame["worker"].str[1:].astype(int)
    frame["label"] = frame["label"].map({1: "c", 2: "a", 3: "b"}).astype(
        pd.CategoricalDtype(["c", "a", "b"]))
    ds = DawidSkene().fit(frame)
    assert ds.labels_.index.dtype == np.int64 and ds.skills_.index.dtype == np.int64
    assert isinstance(ds.labels_.dtype, pd.CategoricalDtype)
    assert list(ds.labels_.cat.categories) == ["c", "a", "b"]
    assert list(ds.probas_.columns) == ["c", "a", "b"]
    assert ds.errors_.index.get_level_values("worker").dtype == np.int64
    words = frame.assign(label=frame["label"].astype(str))
    assert DawidSkene().fit_predict(words).dtype == words["label"].dtype


def test_known_labels_are_dawid_skenes_and_of_the_datas_categories():
    from tapdesk.engine.request import FitRequest
    from tapdesk.errors import SettingError
    with pytest.raises(SettingError, match="dawid-skene model"):
        FitRequest(model="mace", known_classes=(("t0", "1"),))
    with pytest.raises(SettingError, match="known category '9' of subject t0"):
        DawidSkene().fit(pd.read_csv(CROWD), true_labels=pd.Series({"t0": 9, "nowhere": 1}))
