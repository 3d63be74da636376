"""Speed and memory of the classical agreement coefficients (issue 3).

K = 5 categories, 100,000 subjects x 10 raters (1,000,000 ratings), simulated
in memory (each rater is right with probability 0.6, otherwise guesses
uniformly; not timed). Cases, each in its own subprocess so peak memory is
per case:

(a) Krippendorff's alpha at all four levels with its seeded bootstrap over
    subjects (1000 resamples) - target < 2 s,
(b) Gwet's AC1 with the analytic (linearization) standard error - target < 2 s,
(c) everything ``tapdesk agreement`` computes (all coefficients, per-category
    Fleiss kappas, the 45 pairwise Cohen kappas, 1000 bootstrap resamples) -
    reported, no target.

Each time includes building the subjects x categories view from the ratings
table. Median of three runs after one cold run; peak resident memory of the
process (target < 1.5 GB).

Run: ``.venv/bin/python benchmarks/bench_coefficients.py``. Prints the figures
and replaces the section "## Classical coefficients (issue 3)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Classical coefficients (issue 3)"
N_SUBJECTS, N_RATERS, K = 100_000, 10, 5
TARGETS = {"alpha": 2.0, "ac1": 2.0, "all": None}
MEMORY_TARGET_MB = 1536

CHILD = r"""
import json, resource, statistics, sys, time
import numpy as np
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.coefficients.krippendorff import krippendorff_alphas
from tapdesk.engine.coefficients.multirater import gwet_ac
from tapdesk.engine.coefficients.prepared import prepare


case, n, r, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(2)
truth = rng.integers(0, k, n)
guess = rng.random((n, r)) >= 0.6
grid = np.where(guess, rng.integers(0, k, (n, r)), truth[:, None])
table = RatingsTable(np.repeat(np.arange(n), r), np.tile(np.arange(r), n), grid.ravel(),
                     tuple(str(i) for i in range(n)), tuple(f"R{j}" for j in range(r)),
                     Scale(tuple(str(c + 1) for c in range(k)), ordinal=True))
rss_data = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

def alpha():
    p = prepare(table)
    out = krippendorff_alphas(p.counts, p.ordinal, p.numeric_labels, p.values, 1000, 1)
    return out[0].value, out[0].se

def ac1():
    p = prepare(table)
    c = gwet_ac(p.counts, np.eye(p.k), "AC1", "gwet_ac1")
    return c.value, c.se

def everything():
    res = agreement_coefficients(table, bootstrap=1000, seed=1)
    return res.get("fleiss_kappa").value, res.get("fleiss_kappa").se

func = {"alpha": alpha, "ac1": ac1, "all": everything}[case]
times = []
for _ in range(4):
    start = time.perf_counter()
    value, se = func()
    times.append(time.perf_counter() - start)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"case": case, "cold": times[0], "median": statistics.median(times[1:]),
                  "value": value, "se": se, "rss_data_mb": rss_data / 1024, "rss_mb": rss / 1024}))
"""


def run_case(case: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, case, str(N_SUBJECTS), str(N_RATERS),
                          str(K)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(cases: list[dict]) -> str:
    names = {"alpha": "(a) Krippendorff's alpha, 4 levels + bootstrap SE (1000 resamples)",
             "ac1": "(b) Gwet's AC1 + analytic SE",
             "all": "(c) every coefficient (`tapdesk agreement` engine call)"}
    lines = [SECTION, "",
             f"K = {K}, {N_SUBJECTS:,} subjects x {N_RATERS} raters = "
             f"{N_SUBJECTS * N_RATERS:,} ratings, in-memory RatingsTable. Python "
             f"{platform.python_version()}, {platform.machine()}, "
             "`benchmarks/bench_coefficients.py`. Times include building the count view.", "",
             "| case | median of 3 (s) | first run (s) | target (s) | estimate (SE) | "
             "peak RSS (MB) | RSS with data only (MB) | verdict |",
             "|---|---|---|---|---|---|---|---|"]
    for case in cases:
        target = TARGETS[case["case"]]
        ok = (target is None or case["median"] < target) and case["rss_mb"] < MEMORY_TARGET_MB
        verdict = "meets target" if ok else "MISSES target"
        lines.append(f"| {names[case['case']]} | {case['median']:.3f} | {case['cold']:.3f} | "
                     f"{target if target is not None else '-'} | {case['value']:.4f} "
                     f"({case['se']:.4f}) | {case['rss_mb']:.0f} | {case['rss_data_mb']:.0f} | "
                     f"{verdict} |")
    lines += ["", f"Memory target: peak resident memory < {MEMORY_TARGET_MB} MB per process "
              "(includes Python, numpy, scipy and the table itself). The bootstrap resamples "
              "the distinct per-subject count patterns (multinomial pattern frequencies), which "
              "is the subject bootstrap without touching 100,000 rows per resample.", ""]
    return "\n".join(lines)




def main() -> int:
    cases = [run_case(case) for case in ("alpha", "ac1", "all")]
    text = report(cases)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
