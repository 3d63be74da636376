"""The validity block of ``tapdesk inspect`` and ``tapdesk fit`` when the data hold a reference
answer (``Dataset.references``, filled by the importer; here added to what it read)."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

import tapdesk.library.reading as common
from tapdesk.cli.main import main
from tapdesk.engine.validity import validity_check


def write_ratings(path, n=40, seed=7):
    """A wide CSV of three raters, and the truth they rated (the reference answer)."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 2, n)
    lines = ["subject,A,B,C"]
    for i in range(n):
        said = [truth[i] if rng.random() < 0.85 else 1 - truth[i] for _ in range(3)]
        lines.append(f"s{i}," + ",".join(map(str, said)))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {f"s{i}": str(truth[i]) for i in range(n)}


@pytest.fixture
def with_reference(tmp_path, monkeypatch):
    path = tmp_path / "ratings.csv"
    reference = write_ratings(path)
    real = common.read_ratings

    def read(data, options):
        return dataclasses.replace(real(data, options), references={"consensus": reference})

    monkeypatch.setattr(common, "read_ratings", read)
    return path, reference


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_inspect_shows_the_validity_block(capsys, with_reference):
    path, reference = with_reference
    out = run(capsys, "inspect", str(path))
    check = validity_check(common.read_ratings(str(path), common.ImportOptions()).table,
                           reference, "consensus")
    assert "Against the reference answer" in out
    for sentence in check.sentences():
        assert sentence in out
    for cells in check.table_rows():
        assert all(str(cell) in out for cell in cells)


def test_inspect_json_has_the_same_numbers(capsys, with_reference):
    path, reference = with_reference
    payload = json.loads(run(capsys, "inspect", str(path), "--json"))
    (block,) = payload["validity"]
    assert block["reference"] == "consensus" and block["n_answers"] == 40
    panel = next(r for r in block["rows"] if r["kind"] == "panel")
    assert panel["agreement"]["n"] == 120
    assert block["table"]["rows"][-1][0] == "majority vote"


def test_fit_text_and_json_include_the_block_and_the_fitted_t(capsys, with_reference):
    path, _ = with_reference
    out = run(capsys, "fit", str(path))
    assert "Against the reference answer" in out and "t-a-p fit estimates" in out
    payload = json.loads(run(capsys, "fit", str(path), "--json"))
    (block,) = payload["validity"]
    assert block["fitted_t"]["value"] == pytest.approx(payload["params"]["t"])
    assert any("t-a-p fit estimates" in s for s in block["sentences"])


def test_no_reference_no_block(capsys, tmp_path):
    path = tmp_path / "plain.csv"
    write_ratings(path)
    assert "reference answer" not in run(capsys, "inspect", str(path))
    assert "validity" not in json.loads(run(capsys, "fit", str(path), "--json"))
