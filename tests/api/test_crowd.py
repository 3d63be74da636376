"""The crowd-kit-shaped adaptor (issue 56): the labels of ``tapdesk fit --model dawid-skene``,
and crowd-kit's own usage example run with one import changed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tapdesk.cli.main import main
from tapdesk.crowd import MACE, DawidSkene, PerRaterTAP
from tapdesk.errors import DataError

CROWD = Path(__file__).parents[1] / "fixtures" / "crowd_small.csv"

CROWDKIT_EXAMPLE = """
from crowdkit.aggregation import DawidSkene
df = pd.read_csv(CROWD)
result = DawidSkene(n_iter=100).fit_predict(df)
"""
"""crowd-kit's usage example (its README: ``df = ...`` a frame of task, worker, label)."""


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
