"""The K-category fit against tapModel's ``fit_counts_cat`` (issue 57), whole process each.

Target: ``tapdesk fit DATA --model categorical --json`` (start-up, import, reading, fit,
intervals, findings, JSON) at most 0.5 x the time of an R process that loads tapModel (D.
Eubanks' R package, the t-a-p model's reference implementation) with the tidyverse it is
written in, reads the same file and runs ``fit_counts_cat`` (its average K-category fit) with
its defaults. Both run as fresh processes under /usr/bin/time, alternating, REPEATS rounds;
medians of wall seconds and of CPU seconds (user + system: on a shared machine they vary less
than the wall's), and the ratio of the medians.

Cases, K = 4: the 183 wines of the bundled example (four judges, no medal to gold; tapModel's
own example of ``fit_counts_cat``), and a panel simulated as tapModel's test of
``fit_counts_cat`` draws one (300 subjects x 10 raters, t = (.1, .2, .3, .4), a = .5,
p = (.4, .3, .2, .1)). Beside the times: each program's log-likelihood (tapModel's estimates
scored with TapDesk's likelihood: ``fit_counts_cat`` stops when the estimates move less than
0.01, so it need not reach the maximum).

tapModel is not a TapDesk dependency; R, the tidyverse and tapModel are installed apart (R
from the system's packages, tapModel into an R library named by TAPMODEL_R_LIBS or R_LIBS).
Without them the benchmark says so and stops, writing nothing.

    .venv/bin/python benchmarks/bench_tapmodel_cat.py            # writes its RESULTS.md section
    TAPMODEL_R_LIBS=/path/to/Rlib .venv/bin/python benchmarks/bench_tapmodel_cat.py
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## K-category fit against tapModel's fit_counts_cat (issue 57)"
ROOT = Path(__file__).resolve().parent.parent
REPEATS = 7
TARGET = 0.5
SIM_T, SIM_A, SIM_P = (0.1, 0.2, 0.3, 0.4), 0.5, (0.4, 0.3, 0.2, 0.1)
SIM_SUBJECTS, SIM_RATERS, SIM_SEED = 300, 10, 123

R_FIT = """
suppressMessages(library(tidyverse)); library(tapModel)
args <- commandArgs(TRUE)
data <- read.csv(args[1])
if (args[2] == "wide") {
  long <- tibble(subject_id = rep(seq_len(nrow(data)), ncol(data)),
                 rater_id = rep(seq_len(ncol(data)), each = nrow(data)),
                 rating = as.integer(unlist(data)))
} else {
  long <- tibble(subject_id = data$subject, rater_id = data$rater, rating = data$rating)
}
fit <- fit_counts_cat(as_cat_ratings(long))
cat(c(fit$t, fit$a, fit$p), "\\n")
"""
R_PROBE = ('suppressMessages(library(tidyverse)); library(tapModel); '
           'stopifnot(exists("fit_counts_cat")); '
           'cat(R.version$major, R.version$minor, as.character(packageVersion("tapModel")))')


def r_env() -> dict[str, str]:
    """The environment of the R processes: tapModel's library, and a time zone (without one
    R asks timedatectl at start-up, which fails in a container and costs a process)."""
    env = {**os.environ, "TZ": os.environ.get("TZ", "UTC")}
    if os.environ.get("TAPMODEL_R_LIBS"):
        env["R_LIBS"] = os.environ["TAPMODEL_R_LIBS"]
    return env


def r_versions() -> str | None:
    """'R x.y, tapModel v', or None (with the reason on stderr) when R or tapModel is absent."""
    if shutil.which("Rscript") is None:
        print("skipped: Rscript is not installed (install R and the tidyverse from the system's "
              "packages, and tapModel into an R library named by TAPMODEL_R_LIBS)", file=sys.stderr)
        return None
    done = subprocess.run(["Rscript", "-e", R_PROBE], capture_output=True, text=True, env=r_env())
    if done.returncode:
        print("skipped: R cannot load tapModel with fit_counts_cat (set TAPMODEL_R_LIBS to the R "
              f"library it is installed in): {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    major, minor, version = done.stdout.split()
    return f"R {major}.{minor}, tapModel {version}"


def simulated_csv(folder: Path) -> Path:
    """tapModel's test panel, drawn by TapDesk's simulator, as a long CSV."""
    from tapdesk.engine.categorical.simulate import simulate_table
    table = simulate_table(SIM_T, SIM_A, SIM_P, SIM_SUBJECTS, SIM_RATERS, seed=SIM_SEED)
    path = folder / "tapmodel_test_panel.csv"
    rows = ["subject,rater,rating"] + [
        f"{s + 1},{r + 1},{int(table.categories[c])}"
        for s, r, c in zip(table.subject.tolist(), table.rater.tolist(), table.rating.tolist())]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stdout) of one fresh process."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as record:
        done = subprocess.run(["/usr/bin/time", "-o", record.name, "-f", "%e %U %S", *command],
                              capture_output=True, text=True, env=env)
        if done.returncode:
            raise SystemExit(f"{command[0]} failed: {done.stderr[-1500:]}")
        wall, user, system = map(float, record.read().split()[-3:])
    return wall, user + system, done.stdout


def tapdesk_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "tapdesk", "fit", str(path), "--model", "categorical", "--json"]


def r_command(path: Path, layout: str) -> list[str]:
    return ["Rscript", "-e", R_FIT, str(path), layout]


def scored(path: Path, r_out: str) -> float:
    """tapModel's estimates scored with TapDesk's likelihood (nats)."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine.categorical.common import prepare
    from tapdesk.engine.categorical.likelihood import CountPatterns, TapK, log_likelihood
    values = np.array(r_out.split(), float)
    k = (len(values) - 1) // 2
    table = read_ratings(path).table
    order = np.argsort([float(c) for c in table.categories])
    t, p = values[:k] / values[:k].sum(), values[k + 1:] / values[k + 1:].sum()
    counts = prepare(table).counts()[:, order]
    return log_likelihood(CountPatterns.from_counts(counts), TapK(t, float(values[k]), p))


TAPDESK_ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
               "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
"""TapDesk runs with its compiled bytecode cached, as an installed program has it (pip compiles
at install time, the bundle ships it; the uncounted first run writes it here). With
PYTHONDONTWRITEBYTECODE set, as on some development machines, every run would compile
TapDesk's own modules again (about 0.1 CPU s of this fit)."""


def run_case(name: str, path: Path, layout: str) -> dict:
    """An uncounted run of each, then REPEATS rounds of TapDesk then tapModel on one file;
    partial rows go to stdout."""
    env = TAPDESK_ENV
    timed(tapdesk_command(path), env)
    timed(r_command(path, layout), r_env())
    runs: dict[str, list[tuple[float, float]]] = {"TapDesk": [], "tapModel": []}
    outs = {}
    for round_ in range(REPEATS):
        wall, cpu, outs["TapDesk"] = timed(tapdesk_command(path), env)
        runs["TapDesk"].append((wall, cpu))
        wall, cpu, outs["tapModel"] = timed(r_command(path, layout), r_env())
        runs["tapModel"].append((wall, cpu))
        print(f"{name} round {round_ + 1}: " + ", ".join(
            f"{who} {r[-1][0]:.2f} s ({r[-1][1]:.2f} CPU)" for who, r in runs.items()), flush=True)
    result = json.loads(outs["TapDesk"])
    return {"name": name, "runs": runs, "ll_tapdesk": result["log_likelihood"],
            "ll_tapmodel": scored(path, outs["tapModel"]), "iterations": result["iterations"]}


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def report(cases: list[dict], versions: str, loads: tuple[float, float]) -> str:
    import numpy
    import pandas
    import scipy

    from tapdesk import __version__
    lines = [SECTION, "",
             f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} "
             f"cores, shared with other work), `benchmarks/bench_tapmodel_cat.py`: TapDesk "
             f"{__version__} (Python {platform.python_version()}, numpy {numpy.__version__}, "
             f"scipy {scipy.__version__}, pandas {pandas.__version__}) against {versions} "
             "(tidyverse from Debian's packages; tapModel's `fit_counts_cat` with its defaults, "
             "20 EM steps at most, stopping when the estimates move less than 0.01). Whole "
             "processes under /usr/bin/time: `tapdesk fit DATA --model categorical --json` "
             "(start-up, import, reading, fit from 12 starts, intervals, findings, the "
             "ordinal side-by-side table, JSON) and `Rscript` loading the tidyverse and "
             f"tapModel, reading the same file and fitting; an uncounted run of each first "
             "(it leaves TapDesk's compiled bytecode cached, as an installed program has it), "
             f"then {REPEATS} rounds, the two alternating; medians. Load average "
             f"{loads[0]:.1f} at the start and {loads[1]:.1f} at the end. Log-likelihoods "
             "in nats, tapModel's estimates scored with TapDesk's likelihood.", "",
             "| case (K = 4) | TapDesk wall s | tapModel wall s | ratio wall | TapDesk CPU s "
             "| tapModel CPU s | ratio CPU | target | log-likelihood TapDesk / tapModel |",
             "|---|---|---|---|---|---|---|---|---|"]
    for case in cases:
        (tw, tc), (rw, rc) = medians(case["runs"]["TapDesk"]), medians(case["runs"]["tapModel"])
        ok = tw / rw <= TARGET and tc / rc <= TARGET
        lines.append(f"| {case['name']} | {tw:.2f} | {rw:.2f} | {tw / rw:.2f}x | {tc:.2f} | "
                     f"{rc:.2f} | {tc / rc:.2f}x | <= {TARGET}x: "
                     f"{'meets' if ok else 'misses'} | {case['ll_tapdesk']:.3f} / "
                     f"{case['ll_tapmodel']:.3f} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    versions = r_versions()
    if versions is None:
        return 0
    from tapdesk.resources.examples import get_example
    start_load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        cases = [run_case("183 wines x 4 judges (example `wine`)", get_example("wine").path,
                          "wide"),
                 run_case(f"{SIM_SUBJECTS} subjects x {SIM_RATERS} raters, simulated as "
                          "tapModel's test", simulated_csv(Path(folder)), "long")]
    text = report(cases, versions, (start_load, os.getloadavg()[0]))
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
