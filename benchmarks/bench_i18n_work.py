"""What the languages cost a fit and a report in English (issue 54): the share of their own code.

A before/after comparison across the commits that brought the languages would mix in every
other change of those commits (faster fits, new report sections), so this measures the
languages' code itself. Each case runs ``tapdesk ...`` in a fresh process under cProfile, in
English (``LANG=C.UTF-8``), and adds up the time spent *inside* functions of the languages'
own modules (``tapdesk/i18n``, ``tapdesk/data/wording.py``, Python's ``gettext`` and Babel):
their own time, not what they call back (so a sentence's number formatting counts, the fit
does not). cProfile's cost per call falls hardest on small functions such as ``_()``, so the
share is an upper bound of the unprofiled one.

    nice -n 10 .venv/bin/python benchmarks/bench_i18n_work.py [--runs N]

Prints the figures and replaces the section "## Languages in a fit and a report" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Languages in a fit and a report (issue 54)"
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tapdesk" / "resources" / "example_data"
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"}
OWN = ("/tapdesk/i18n/", "/tapdesk/data/wording.py", "/gettext.py", "/babel/")
"""The files whose functions' own time is the languages' cost."""

PROFILED = """
import contextlib, cProfile, io, pstats, sys
from tapdesk.cli.main import main
argv = {argv!r}
profile = cProfile.Profile()
with contextlib.redirect_stdout(io.StringIO()):
    status = profile.runcall(main, argv)
if status:
    raise SystemExit(f"tapdesk {{' '.join(argv)}} ended with status {{status}}")
stats = pstats.Stats(profile)
own = sum(row[2] for (path, _line, _name), row in stats.stats.items()
          if any(part in path.replace("\\\\", "/") for part in {own!r}))
print(f"total_s={{stats.total_tt:.5f}} own_s={{own:.5f}}")
print("babel=" + str(any(m.split('.')[0] == 'babel' for m in sys.modules)))
"""


def cases(out: Path) -> dict[str, list[str]]:
    """The fits and reports timed: the wine data, and the writing example explained by age."""
    writing = str(DATA / "writing_simulated.csv")
    return {
        "fit, wine (t-a-p, cut 1, JSON)": ["fit", str(DATA / "wine.csv"), "--cut", "1", "--json"],
        "fit, writing example explained by age (JSON)":
            ["fit", writing, "--cut", "2", "--rater-attribute", "age", "--json"],
        "report, wine (PDF)": ["report", str(DATA / "wine.csv"), "--cut", "1",
                               "--out", str(out / "w.pdf")],
        "report, writing example by age (PDF)":
            ["report", writing, "--cut", "2", "--rater-attribute", "age",
             "--out", str(out / "x.pdf")],
    }


def profiled(argv: list[str]) -> tuple[float, float, bool]:
    """One fresh process: total profiled seconds, the languages' own seconds, Babel loaded."""
    code = PROFILED.format(argv=argv, own=OWN)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600, env=ENV, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    fields = dict(item.split("=", 1) for item in done.stdout.split())
    return float(fields["total_s"]), float(fields["own_s"]), fields["babel"] == "True"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        timed = cases(Path(folder))
        for argv in timed.values():                      # bytecode written, caches warm
            profiled(argv)
        seen: dict[str, list[tuple[float, float, bool]]] = {name: [] for name in timed}
        for _run in range(runs):                         # alternated: the load falls on all
            for name, argv in timed.items():
                seen[name].append(profiled(argv))
    rows = []
    for name, results in seen.items():
        total = statistics.median(r[0] for r in results)
        own = statistics.median(r[1] for r in results)
        share = statistics.median(r[1] / r[0] for r in results)
        babel = "yes" if any(r[2] for r in results) else "no"
        rows.append(f"| {name} | {total:.2f} s | {1000 * own:.1f} ms | {100 * share:.2f}% "
                    f"| {babel} |")
    text = "\n".join([
        SECTION, "",
        f"{runs} runs of each case, alternated, fresh processes under cProfile, `LANG=C.UTF-8` "
        f"(English), Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f} on "
        "a shared 2-core machine (`nice -n 10 .venv/bin/python benchmarks/bench_i18n_work.py`). "
        "The languages' own time is the time spent inside functions of `tapdesk/i18n`, "
        "`tapdesk/data/wording.py`, `gettext` and Babel; the profiler's cost per call makes "
        "it an upper bound.", "",
        "| case | whole run, profiled (median) | the languages' own time (median) "
        "| its share (median) | Babel loaded |",
        "|---|---|---|---|---|", *rows,
    ])
    print(text)
    write_section(SECTION, text + "\n")


if __name__ == "__main__":
    main()
