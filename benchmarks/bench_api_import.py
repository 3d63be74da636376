"""Import cost of the Python API (issue 56): ``import tapdesk`` against ``import numpy``,
``import scipy`` and ``import pandas``, each in a fresh interpreter, alternately in one run.

Target: ``import tapdesk`` costs less than ``import numpy`` (it loads no numerical library,
no Qt and no plotting; :mod:`tapdesk.api` is loaded on first use), and ``tapdesk.fit`` once
called costs about what pandas and scipy cost (what the engine needs). Reported as medians of
wall time and as ratios to ``import numpy``, measured in the same run.

    .venv/bin/python benchmarks/bench_api_import.py [--runs N]

Prints the figures and replaces the section "## Import cost of the Python API (issue 56)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Import cost of the Python API (issue 56)"
CASES = {
    "import tapdesk": "import tapdesk",
    "import numpy": "import numpy",
    "import scipy": "import scipy",
    "import pandas": "import pandas",
    "import numpy, scipy, pandas": "import numpy, scipy, pandas",
    "tapdesk.fit reached (tapdesk.api loaded)": "import tapdesk; tapdesk.fit",
}
TIMER = ("import time; _t = time.perf_counter()\n{code}\n"
         "print(f'{{time.perf_counter() - _t:.6f}}')")


def once(code: str) -> float:
    """Seconds a fresh interpreter takes to run ``code`` (from its first line, so the
    interpreter's own start is left out)."""
    out = subprocess.run([sys.executable, "-c", TIMER.format(code=code)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.split()[-1])


def measure(runs: int) -> dict[str, float]:
    """Median seconds of each case, the cases taken in turn within every round."""
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(runs):
        for name, code in CASES.items():
            times[name].append(once(code))
    return {name: statistics.median(values) for name, values in times.items()}


def section(medians: dict[str, float], runs: int) -> str:
    numpy = medians["import numpy"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [SECTION, "",
             f"Fresh interpreter per import, {runs} rounds, the cases alternating in every round; "
             f"median wall time from the interpreter's first line. Python "
             f"{platform.python_version()}, {platform.system()} {platform.machine()}, "
             f"{os.cpu_count()} cores, load average {load:.2f} at the end.", "",
             "| what | median (ms) | ratio to import numpy |", "|---|---:|---:|"]
    lines += [f"| `{name}` | {1000 * value:.1f} | {value / numpy:.2f} |"
              for name, value in medians.items()]
    verdict = "meets" if medians["import tapdesk"] < numpy else "MISSES"
    lines += ["", f"`import tapdesk` {verdict} the target (below `import numpy`): "
                  f"{medians['import tapdesk'] / numpy:.2f} x numpy, "
                  f"{medians['import tapdesk'] / medians['import numpy, scipy, pandas']:.3f} x "
                  "numpy, scipy and pandas together."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    text = section(measure(args.runs), args.runs)
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
