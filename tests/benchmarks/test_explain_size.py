"""benchmarks/bench_explain_size.py (issue 55, item 2): a run can draw new panels (seeds from
--first-seed on) rather than the ones every earlier run drew from seed 1, keeps each record as
soon as it is made, continues where a stopped run left off and starts no panel after --until."""

import json
import time

import pytest

from tests.benchmarks.loading import load_bench


@pytest.fixture
def bench(monkeypatch):
    module = load_bench("bench_explain_size", monkeypatch)
    drawn: list[int] = []

    def fake_panel(d, seed, stars=1, double=False, paired=False, pull=0.0):
        drawn.append(seed)
        return {"seed": seed, "design": d.key}
    monkeypatch.setattr(module, "one_panel", fake_panel)
    module.drawn = drawn
    return module


def seeds(path):
    return [json.loads(line)["seed"] for line in path.open()]


def test_panels_are_numbered_from_the_first_seed(bench, tmp_path):
    bench.run(["per-rater-6"], 3, 0, 8, out=tmp_path, first_seed=3001)
    assert seeds(tmp_path / "per-rater-6.jsonl") == [3001, 3002, 3003]


def test_without_a_first_seed_panels_start_at_1_as_before(bench, tmp_path):
    bench.run(["per-rater-6"], 2, 0, 8, out=tmp_path)
    assert seeds(tmp_path / "per-rater-6.jsonl") == [1, 2]


def test_a_second_run_continues_after_the_panels_already_kept(bench, tmp_path):
    bench.run(["per-rater-6"], 2, 0, 8, out=tmp_path, first_seed=3001)
    bench.run(["per-rater-6"], 4, 0, 8, out=tmp_path, first_seed=3001)
    assert seeds(tmp_path / "per-rater-6.jsonl") == [3001, 3002, 3003, 3004]
    assert bench.drawn == [3001, 3002, 3003, 3004]


def test_no_panel_is_started_after_the_deadline(bench, tmp_path):
    bench.run(["per-rater-6"], 5, 0, 8, out=tmp_path, first_seed=3001, until=time.time() - 1)
    assert bench.drawn == [] and not (tmp_path / "per-rater-6.jsonl").exists()


def test_a_deadline_reads_as_utc_today(bench):
    now = time.gmtime()
    deadline = time.gmtime(bench.utc_today("04:10"))
    assert (deadline.tm_mday, deadline.tm_hour, deadline.tm_min) == (now.tm_mday, 4, 10)


@pytest.fixture
def real_bench(monkeypatch):
    module = load_bench("bench_explain_size", monkeypatch)
    return module


def test_pulled_panels_share_the_random_numbers_and_leave_the_app_s_t_star_alone(real_bench):
    """The candidate's T* (simulated from the nested fit pulled within +-pull) use the same
    random numbers as the app's: pulled no further than the box (12), they are the same T*; and
    asking for them leaves the app's T* as a run without them draws them."""
    d = next(d for d in real_bench.designs() if d.key == "per-rater-4")
    plain = real_bench.one_panel(d, 3001, stars=2)["groups"]
    both = real_bench.one_panel(d, 3001, stars=2, pull=12.0)["groups"]
    assert both["T_star"] == plain["T_star"]
    assert both["T_star_pulled"] == pytest.approx(plain["T_star"], abs=1e-9)
    theta = real_bench.np.array([-12.0, -3.0, 0.5, 11.9])
    assert list(real_bench.pulled_off_the_box(theta, 4.0)) == [-4.0, -3.0, 0.5, 4.0]


def test_new_panels_pool_with_the_earlier_ones_by_their_counts(bench):
    earlier = (3000, (0.060, 0.052, 0.069))
    size, lo, hi = bench.pooled_with_earlier((0.050, 0.040, 0.061), 3000, earlier)
    assert size == pytest.approx(0.055)
    half = 1.96 * ((0.017 / 3.92) ** 2 + (0.021 / 3.92) ** 2) ** 0.5 / 2
    assert (lo, hi) == pytest.approx((0.055 - half, 0.055 + half))
    assert hi - lo < 0.017                        # narrower than either set's own
    alone = bench.pooled_with_earlier((0.0, 0.0, 0.0), 0, earlier)
    assert alone[0] == pytest.approx(0.060) and alone[1] <= 0.052 and alone[2] >= 0.069


def test_a_panel_drawn_twice_counts_once(bench, tmp_path):
    one, two = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    one.write_text("".join(json.dumps({"seed": s, "from": "a"}) + "\n" for s in (3002, 3001)))
    two.write_text(json.dumps({"seed": 3001, "from": "b"}) + "\n"
                   + json.dumps({"seed": 100001, "from": "b"}) + "\n")
    records = bench.new_records((one, two, tmp_path / "absent.jsonl"))
    assert [(r["seed"], r["from"]) for r in records] == [(3001, "a"), (3002, "a"), (100001, "b")]


def test_sizes_prints_each_design_and_test_of_a_run(bench, tmp_path, capsys):
    """``sizes --out DIR``: the app's 200-panel test and the chi-square for every design and
    test a run's records hold (a T far above every T* rejects, one below them does not)."""
    def entry(reject):
        return {"T": 30.0 if reject else 0.5, "df": 2, "chi2_p": 0.001 if reject else 0.8,
                "T_star": [1.0, 2.0, 3.0, 4.0]}
    for key, every in (("categorical-8", 10), ("categorical-12", 20)):
        with (tmp_path / f"{key}.jsonl").open("w") as sink:
            for seed in range(101, 141):
                sink.write(json.dumps({"seed": seed, "groups": entry(seed % every == 0),
                                       "age": entry(False)}) + "\n")
    bench.report_sizes(tmp_path)
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if "8 raters" in line]
    assert len(rows) == 2
    assert "groups differ | 40 x 4 (101-140) | 10.0% (" in rows[0]
    assert "age matters | 40 x 4 (101-140) | 0.0% (" in rows[1] and "| 0.0% (0.0-" in rows[1]
    assert rows[0].endswith("| not settled |")
    together = [line for line in out if "these 2 designs together | groups" in line]
    assert len(together) == 1 and "| 80 | - | 7.5% (" in together[0]    # (4 + 2) of 80
