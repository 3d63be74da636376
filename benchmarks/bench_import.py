"""Import speed and memory (issue 5), and the import guards (issue 10).

Targets: a long CSV with 1,000,000 ratings imports in < 2 s and < 1 GB; an
.xlsx with 100,000 cells in < 3 s. Each case runs in a fresh Python process
(so peak resident memory is that of one import, including Python, numpy and
pandas), timing ``read_ratings`` after the modules are loaded; median of 3.

Guards (issue 10): a named pipe, /dev/zero, a 2 MB line and a 3-million-line
one-column file are refused, and a 20,000-column file is read, each in < 5 s;
the seeded import corpus (tests/import_corpus, a few hundred real-looking
exports) reads at under 0.2 s per file on average, none over 2 s.

    .venv/bin/python benchmarks/bench_import.py            # both sections
    .venv/bin/python benchmarks/bench_import.py --guards   # only the issue-10 section

Prints the figures and replaces the sections "## Import (issue 5)" and
"## Import guards and corpus (issue 10)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Import (issue 5)"
GUARD_SECTION = "## Import guards and corpus (issue 10)"
GUARD_TARGET_S = 5.0
MEMORY_TARGET_MB = 1024
REPEATS = 3

CHILD = r"""
import json, sys, time
from tapdesk.library.summary import summary_dict
from tapdesk.data.readers import read_ratings


def peak_mb():
    # VmHWM belongs to this process image (ru_maxrss would inherit the parent's peak)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")

t0 = time.perf_counter()
ds = read_ratings(sys.argv[1])
elapsed = time.perf_counter() - t0
summary = summary_dict(ds)
print(json.dumps({"seconds": elapsed, "layout": ds.layout, "n_ratings": ds.table.n_ratings,
                  "n_subjects": ds.table.n_subjects, "n_raters": ds.table.n_raters,
                  "rss_mb": peak_mb()}))
"""


def make_long_csv(path: Path, n: int = 1_000_000) -> None:
    """50,000 subjects, 40 raters, 5 categories, about 1% missing ("NA")."""
    rng = np.random.default_rng(2026)
    rating = rng.integers(1, 6, n).astype(str).astype(object)
    rating[rng.random(n) < 0.01] = "NA"
    frame = pd.DataFrame({"subject": np.char.add("S", rng.integers(0, 50_000, n).astype(str)),
                          "rater": np.char.add("R", rng.integers(0, 40, n).astype(str)),
                          "rating": rating})
    frame.to_csv(path, index=False)


def make_xlsx(path: Path, n_subjects: int = 10_000, n_raters: int = 10) -> None:
    """Wide sheet: id column + 10 rater columns, 10,000 rows = 100,000 rating cells."""
    import openpyxl
    rng = np.random.default_rng(7)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Ratings")
    sheet.append(["id"] + [f"Rater {j + 1}" for j in range(n_raters)])
    grid = rng.integers(1, 5, (n_subjects, n_raters))
    for i in range(n_subjects):
        sheet.append([f"case{i + 1}"] + grid[i].tolist())
    book.save(path)


def run_case(path: Path) -> dict:
    runs = []
    for _ in range(REPEATS):
        out = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                             text=True, check=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    result = dict(runs[0])
    result["median_s"] = statistics.median(r["seconds"] for r in runs)
    result["first_s"] = runs[0]["seconds"]
    result["rss_mb"] = max(r["rss_mb"] for r in runs)
    result["size_mb"] = path.stat().st_size / 2**20
    return result


def report(cases: list[tuple[str, float, dict]]) -> str:
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, "
             "`benchmarks/bench_import.py`; each import runs in a fresh process, timing "
             "`read_ratings` (read, sniff, detect, clean, build the table) after the modules "
             f"are loaded; median of {REPEATS}.", "",
             "| case | file size (MB) | median (s) | first run (s) | target (s) | ratings | "
             "peak RSS (MB) | verdict |", "|---|---|---|---|---|---|---|---|"]
    for name, target, c in cases:
        ok = c["median_s"] < target and c["rss_mb"] < MEMORY_TARGET_MB
        lines.append(f"| {name} | {c['size_mb']:.1f} | {c['median_s']:.3f} | {c['first_s']:.3f} | "
                     f"{target:g} | {c['n_ratings']:,} | {c['rss_mb']:.0f} | "
                     f"{'meets target' if ok else 'MISSES target'} |")
    load = os.getloadavg()[0]
    lines += ["", f"Memory target: peak resident memory < {MEMORY_TARGET_MB} MB per process "
              "(VmHWM; includes Python, numpy and pandas). Load average when the run started: "
              f"{load:.1f} on {os.cpu_count()} cores (other jobs shared the machine, so the first "
              "run can be slow).", ""]
    return "\n".join(lines)




GUARD_CHILD = r"""
import json, sys, time
from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError

t0 = time.perf_counter()
try:
    ds = read_ratings(sys.argv[1])
    outcome = f"read: {ds.table.n_subjects} subjects, {ds.table.n_raters} raters"
except DataError as exc:
    outcome = "refused: " + str(exc).split(": ", 1)[-1][:70]
print(json.dumps({"seconds": time.perf_counter() - t0, "outcome": outcome}))
"""

CORPUS_CHILD = r"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from tests.import_corpus import build_corpus
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError

cases = build_corpus(Path(sys.argv[1]))
times = []
for case in cases:
    t0 = time.perf_counter()
    try:
        read_ratings(case.path, ImportOptions(**case.truth.options))
    except DataError:
        pass
    times.append(time.perf_counter() - t0)
print(json.dumps({"n": len(times), "total": sum(times), "max": max(times),
                  "slowest": cases[times.index(max(times))].name}))
"""


def guard_files(folder: Path) -> list[tuple[str, str]]:
    """(case, path) for the inputs that used to hang or crawl."""
    cases = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.csv")
        cases.append(("named pipe (FIFO)", str(folder / "pipe.csv")))
    if Path("/dev/zero").exists():
        cases.append(("/dev/zero", "/dev/zero"))
    (folder / "line.csv").write_bytes(b"a," * 1_000_000 + b"\n1,2\n")
    cases.append(("one 2 MB line", str(folder / "line.csv")))
    (folder / "digits.csv").write_bytes(b"a,b,c\n" + b"1" * 500_000 + b"x,1,2\n1,2,3\n")
    cases.append(("a 500,000-digit cell (once a regex hang)", str(folder / "digits.csv")))
    rng = np.random.default_rng(3)
    grid = rng.integers(1, 3, (30, 20_000)).astype(str)
    (folder / "wide.csv").write_text(",".join(f"R{j}" for j in range(20_000)) + "\n"
                                     + "\n".join(",".join(r) for r in grid) + "\n")
    cases.append(("20,000 columns x 30 rows", str(folder / "wide.csv")))
    (folder / "rows.csv").write_bytes(b"a\n" + b"x\n" * 3_000_000)
    cases.append(("3,000,000 lines of one column", str(folder / "rows.csv")))
    return cases


def run_guard(path: str) -> dict:
    out = subprocess.run([sys.executable, "-c", GUARD_CHILD, path], capture_output=True, text=True,
                         timeout=600, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def guard_report(cases: list[tuple[str, dict]], corpus: dict) -> str:
    lines = [GUARD_SECTION, "",
             "`benchmarks/bench_import.py`; each input read once in a fresh process, timing "
             "`read_ratings` after the modules are loaded.", "",
             "| input | seconds | target (s) | outcome | verdict |", "|---|---|---|---|---|"]
    for name, r in cases:
        ok = r["seconds"] < GUARD_TARGET_S
        lines.append(f"| {name} | {r['seconds']:.3f} | {GUARD_TARGET_S:g} | {r['outcome']} | "
                     f"{'meets target' if ok else 'MISSES target'} |")
    mean = corpus["total"] / corpus["n"]
    ok = mean < 0.2 and corpus["max"] < 2.0
    lines += ["", f"Seeded import corpus (tests/import_corpus): {corpus['n']} files read in "
              f"{corpus['total']:.1f} s, {mean:.3f} s per file on average (target < 0.2), slowest "
              f"{corpus['max']:.2f} s ({corpus['slowest']}; target < 2): "
              f"{'meets target' if ok else 'MISSES target'}. Load average when the run started: "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.", ""]
    return "\n".join(lines)


def main() -> int:
    if "--guards" not in sys.argv[1:]:
        speed()
    guards()
    return 0


def speed() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        csv_path, xlsx_path = Path(tmp) / "long_1M.csv", Path(tmp) / "wide_100k.xlsx"
        make_long_csv(csv_path)
        make_xlsx(xlsx_path)
        cases = [("(a) long CSV, 1,000,000 rating rows (50,000 subjects x 40 raters, 1% NA)", 2.0,
                  run_case(csv_path)),
                 ("(b) .xlsx, 10,000 rows x 10 raters = 100,000 rating cells (+ id column)", 3.0,
                  run_case(xlsx_path))]
    text = report(cases)
    print(text)
    write_section(SECTION, text)


def guards() -> None:
    repo = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        results = [(name, run_guard(path)) for name, path in guard_files(Path(tmp))]
        out = subprocess.run([sys.executable, "-c", CORPUS_CHILD, str(Path(tmp) / "corpus"),
                              str(repo)], capture_output=True, text=True, check=True, timeout=1200)
        corpus = json.loads(out.stdout.strip().splitlines()[-1])
    text = guard_report(results, corpus)
    print(text)
    write_section(GUARD_SECTION, text)


if __name__ == "__main__":
    raise SystemExit(main())
