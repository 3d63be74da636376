"""benchmarks/bench_suite.py keeps the table of its runs when it rewrites its section."""

from tests.benchmarks.loading import load_bench


def test_runs_are_read_back_from_the_section_and_a_new_one_is_added(tmp_path, monkeypatch):
    bench = load_bench("bench_suite", monkeypatch)
    old = ("| 2026-11-23 01:55 | `ba44410` | bench_suite | 272 | 524 | 12.09 | - | meets |",
           "| 2026-11-23 02:45 | `d8b53f3` | bench_suite | 351 | 679 | 16.47 | - | misses |")
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmark results\n\n## Other\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
                       f"{bench.SECTION}\n\ntext\n\n{bench.HISTORY}\n\n{bench.HISTORY_HEAD}\n"
                       "|---|---|---|---|---|---|---|---|\n" + "\n".join(old) +
                       "\n\n## Next section\n\n| x |\n", encoding="utf-8")
    assert bench.earlier_runs(results) == list(old)
    phases = ["19.27s call     tests/engine/bayes/test_sbc.py::test_sbc_ranks_are_uniform_over_100_prior",
              "3.10s call     tests/test_x.py::test_y"]
    row = bench.run_row(288.4, 548.2, phases, (0.223, 0.277))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[2:] == ["bench_suite", "288", "548", "19.27", "0.223 / 0.277", "meets"]
    assert bench.earlier_runs(tmp_path / "missing.md") == []
    assert "misses" in bench.run_row(301, 600, [], (0.2, 0.2)) and "| - |" in bench.run_row(
        301, 600, [], (0.2, 0.2))
