"""benchmarks/bench_rater_check_designs.py (issue 55, item 5): study k of a design is the same
study whoever runs it, a rerun skips the studies already done, and each rate is shown with its
Wilson interval and the number of studies that ran."""

import json

import pytest

from tests.benchmarks.loading import load_bench


@pytest.fixture
def bench(tmp_path, monkeypatch):
    module = load_bench("bench_rater_check_designs", monkeypatch)
    monkeypatch.setattr(module, "OUT", tmp_path)
    return module


def test_a_study_is_the_same_whoever_runs_it(bench):
    first, again = bench.one_study(0, 7), bench.one_study(0, 7)
    assert (first["verdict"], first["uncalibrated"]) == (again["verdict"], again["uncalibrated"])
    assert first["design"] == "3x60" and first["study"] == 7


def test_shards_are_read_once_each_and_rates_carry_wilson_intervals(bench, tmp_path):
    lines = [{"design": "3x60", "study": k, "verdict": v, "uncalibrated": v, "cpu": 0.5}
             for k, v in enumerate(["non-inferior"] * 3 + ["undecided"] * 47)]
    (tmp_path / "shard0of2.jsonl").write_text(
        "".join(json.dumps(s) + "\n" for s in lines[:30]) + '{"design": "3x6', encoding="utf-8")
    (tmp_path / "shard1of2.jsonl").write_text(
        "".join(json.dumps(s) + "\n" for s in lines[20:]), encoding="utf-8")
    done = bench.done_studies()
    assert len(done["3x60"]) == 50 and done["5x100"] == {}     # 20-29 twice, a cut line skipped
    row = bench.row(bench.DESIGNS[0], done["3x60"])
    # the audit's 3 of 50: 6.0%, Wilson 95% interval 2.1% to 16.2%
    assert "| 50 of 1000 | 6.0% (2.1%-16.2%) | yes |" in row
