"""Start-up of the ``tapdesk`` command (issue 15).

Targets on a quiet 2-core machine: ``tapdesk --version`` and ``tapdesk --help``
in < 0.4 s (median wall time of a fresh process), ``tapdesk fit`` of a
300 x 5 CSV in < 1.2 s for the whole process. Each run is a fresh process
of the installed ``tapdesk`` script; wall time and the CPU time it used
(user + system, which a busy machine inflates less) are reported, with the
machine's load average. Then ``python -X importtime`` shows where the
remaining start-up goes: the top-level imports by cumulative time.

    .venv/bin/python benchmarks/bench_startup.py [--runs N]

Prints the figures and replaces the section "## Start-up (issue 15)" of
benchmarks/RESULTS.md.

The first window (issue 41), target: within 3x a bare PySide6 window on the same machine::

    .venv/bin/python benchmarks/bench_startup.py --window [--runs N]

starts, alternately in one run, a fresh process that opens TapDesk's main window and one that
opens a bare ``QMainWindow`` (offscreen when there is no display), each timing from its first
line to the window's show event processed; reports the medians, their ratio and the first
window's largest imports, in the section "## First window (issue 41)".
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.engine.binary.simulate import TapParameters, write_simulation_csv

SECTION = "## Start-up (issue 15)"
WINDOW_SECTION = "## First window (issue 41)"
WINDOW_TARGET = 3.0
"""The first window within this many times a bare PySide6 window's time."""
SHOWN = """
def shown(app, started):
    def done():
        print(f"window_shown_s={time.perf_counter() - started:.4f}", flush=True)
        app.quit()
    QTimer.singleShot(0, done)
    app.exec()
"""
HEAVY = ("numpy", "pandas", "pyqtgraph", "scipy")
BUILT = f"""
import sys
heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))
print("imported_before_shown=" + ",".join(heavy), flush=True)
"""
"""Which of :data:`HEAVY` the window imported before it is shown (the rest is imported by a
background thread after that: :mod:`tapdesk.gui.window.warm_up`)."""
WINDOWS = {
    "TapDesk": "import time\nstarted = time.perf_counter()\n"
               "from PySide6.QtCore import QTimer\n"
               "from tapdesk.gui.app import make_app\napp = make_app(['tapdesk'])\n"
               "from tapdesk.gui.window.main_window import MainWindow\n"
               "window = MainWindow()\n" + BUILT + "window.show()\n" + SHOWN +
               "shown(app, started)\n",
    "bare PySide6": "import time\nstarted = time.perf_counter()\n"
                    "from PySide6.QtCore import QTimer\n"
                    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
                    "app = QApplication(['bare'])\nwindow = QMainWindow()\nwindow.show()\n"
                    + SHOWN + "shown(app, started)\n",
}
TARGETS = {"--version": 0.4, "--help": 0.4, "fit": 1.2}
TOP = 12
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""As an installed program runs: Python keeps each module's compiled bytecode (pip compiles it at
install time; the uncounted first run writes it here). With PYTHONDONTWRITEBYTECODE set, as on
some build machines, every start compiles all of TapDesk's modules again (about 0.4 s more)."""


def command() -> list[str]:
    script = Path(sys.executable).with_name("tapdesk")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tapdesk"]


def timed(argv: list[str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one fresh ``tapdesk ARGV`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command() + argv, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def import_rows(argv: list[str]) -> list[tuple[int, str, float, float]]:
    """Every import of ``tapdesk ARGV``: (depth, module, self s, cumulative s), in load order."""
    code = f"import sys; from tapdesk.cli.main import main; sys.exit(main({argv!r}))"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                          capture_output=True, text=True, env=ENV)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, raw = line[len("import time:"):].split("|")
        depth = (len(raw) - len(raw.lstrip(" ")) - 1) // 2
        rows.append((depth, raw.strip(), int(own) / 1e6, int(total) / 1e6))
    return rows


def top_level(rows) -> list[tuple[str, float, float]]:
    """The imports the command itself made, by cumulative time: (module, self s, cumulative s)."""
    return sorted(((name, own, total) for depth, name, own, total in rows if depth == 0),
                  key=lambda r: -r[2])[:TOP]


def by_package(rows) -> list[tuple[str, int, float]]:
    """Own import time summed by package (TapDesk by subpackage): (package, modules, self s)."""
    sums: dict[str, list] = {}
    for _, name, own, _ in rows:
        parts = name.split(".")
        package = ".".join(parts[:2]) if parts[0] == "tapdesk" and len(parts) > 1 else parts[0]
        entry = sums.setdefault(package, [0, 0.0])
        entry[0] += 1
        entry[1] += own
    return sorted(((k, n, t) for k, (n, t) in sums.items()), key=lambda r: -r[2])[:TOP]


def measure(label: str, argv: list[str], runs: int) -> dict:
    timed(argv)                                      # warm the disk cache; not counted
    samples = [timed(argv) for _ in range(runs)]
    walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
    row = {"label": label, "wall": statistics.median(walls), "cpu": statistics.median(cpus),
           "min": min(walls), "max": max(walls), "target": TARGETS[argv[0] if argv[0] != "fit"
                                                                  else "fit"]}
    print(f"{label}: median {row['wall']:.3f} s wall ({row['min']:.3f}-{row['max']:.3f}), "
          f"{row['cpu']:.3f} s CPU; target {row['target']} s", flush=True)
    return row


def importtime_lines(title: str, rows, packages: bool = False) -> list[str]:
    lines = [f"`python -X importtime`, {title}: top-level imports by cumulative time", "",
             "| module | self (ms) | cumulative (ms) |", "|---|---|---|"]
    lines += [f"| {name} | {1000 * own:.0f} | {1000 * total:.0f} |"
              for name, own, total in top_level(rows)]
    if packages:
        total = sum(own for _, _, own, _ in rows)
        lines += ["", f"`python -X importtime`, {title}: where the import time goes, own time of "
                  f"each module summed by package (all {len(rows)} modules: "
                  f"{1000 * total:.0f} ms; importtime's bookkeeping inflates every figure a little)",
                  "", "| package | modules | self (ms) |", "|---|---|---|"]
        lines += [f"| {name} | {count} | {1000 * own:.0f} |" for name, count, own in by_package(rows)]
    return lines + [""]


def window_env() -> dict[str, str]:
    env = dict(ENV)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def window_time(code: str, importtime: bool = False) -> tuple[float, str]:
    """(seconds to the window shown, importtime's report) of one fresh process."""
    return window_run(code, importtime)[:2]


def window_run(code: str, importtime: bool = False) -> tuple[float, str, str]:
    """(seconds to the window shown, importtime's report, heavy packages imported before the
    window was shown) of one fresh process."""
    extra = ["-X", "importtime"] if importtime else []
    done = subprocess.run([sys.executable, *extra, "-c", code], capture_output=True, text=True,
                          env=window_env(), check=True)
    lines = done.stdout.splitlines()
    line = next(x for x in lines if x.startswith("window_shown_s="))
    heavy = next((x.split("=")[1] for x in lines if x.startswith("imported_before_shown=")), "")
    return float(line.split("=")[1]), done.stderr, heavy


def importtime_rows(report: str) -> list[tuple[int, str, float, float]]:
    rows = []
    for line in report.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, raw = line[len("import time:"):].split("|")
        depth = (len(raw) - len(raw.lstrip(" ")) - 1) // 2
        rows.append((depth, raw.strip(), int(own) / 1e6, int(total) / 1e6))
    return rows


def first_window(runs: int) -> int:
    """TapDesk's first window against a bare PySide6 window, alternately, in one run."""
    load_before = os.getloadavg()[0]
    for code in WINDOWS.values():
        window_time(code)                           # warm the disk cache; not counted
    times: dict[str, list[float]] = {name: [] for name in WINDOWS}
    for _ in range(runs):
        for name, code in WINDOWS.items():
            times[name].append(window_time(code)[0])
    _, report, before_shown = window_run(WINDOWS["TapDesk"], importtime=True)
    rows = importtime_rows(report)
    load_after = os.getloadavg()[0]
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["TapDesk"] / medians["bare PySide6"]
    verdict = "meets target" if ratio <= WINDOW_TARGET else "MISSES target"
    print(f"first window {medians['TapDesk']:.3f} s, bare {medians['bare PySide6']:.3f} s: "
          f"ratio {ratio:.1f} (target <= {WINDOW_TARGET:g}); {verdict}", flush=True)
    platform_name = window_env().get("QT_QPA_PLATFORM", "on the display")
    heavy = [name for name in before_shown.split(",") if name]
    lines = [
        WINDOW_SECTION, "",
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load_before:.1f} at the start and {load_after:.1f} at the end; "
        f"`benchmarks/bench_startup.py --window`, {runs} fresh processes of each, alternately "
        f"(TapDesk, bare, TapDesk, ...) after one uncounted run of each; each timed from its "
        f"first line to the main window's show event processed ({platform_name}).",
        "",
        "| window | median (s) | range (s) |", "|---|---|---|"]
    lines += [f"| {name} | {medians[name]:.3f} | {min(v):.3f}-{max(v):.3f} |"
              for name, v in times.items()]
    lines += ["", f"Ratio (TapDesk / bare, medians): **{ratio:.1f}**; target at most "
              f"{WINDOW_TARGET:g}: {verdict}. Of {', '.join(HEAVY)}, the first window imports "
              f"{', '.join(heavy) or 'none'} before it is shown.", ""]
    lines += ["The imports below include those of the warm-up thread that imports the results "
              "pane's modules once the window is shown (`tapdesk.gui.window.warm_up`: pandas, "
              "scipy, pyqtgraph, `tapdesk.gui.results.pane`; the process waits for it before it "
              "exits); what the window itself waits for is the rest (`tapdesk.gui.app`, "
              "`tapdesk.gui.window.main_window`). The fit worker process starts only once the "
              "results pane is built, after this run has stopped.", ""]
    lines += importtime_lines("the first window", rows, packages=True)
    write_section(WINDOW_SECTION, "\n".join(lines))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--window", action="store_true",
                        help="time the first window against a bare PySide6 window instead")
    args = parser.parse_args()
    if args.window:
        return first_window(args.runs)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "ratings-300x5.csv"
        write_simulation_csv(data, TapParameters(0.3, 0.6, 0.4), 300, 5, seed=15)
        fit = ["fit", str(data), "--class1", "1"]
        rows = [measure("`tapdesk --version`", ["--version"], args.runs),
                measure("`tapdesk --help`", ["--help"], args.runs),
                measure("`tapdesk fit` 300 x 5 CSV (t-a-p, profile intervals)", fit,
                        max(5, args.runs // 2))]
        version_imports = import_rows(["--version"])
        fit_imports = import_rows(fit)
    load_after = os.getloadavg()[0]
    lines = [
        SECTION,
        "",
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load_before:.1f} at the start and {load_after:.1f} at the end "
        "(other jobs share this machine: with a load above 1 the wall times are "
        "pessimistic; the CPU time is what the process itself used); "
        f"`benchmarks/bench_startup.py`, {args.runs} fresh processes of the installed "
        "`tapdesk` script per command (the fit: at least 5), after one uncounted run that also leaves "
        "the compiled bytecode cached, as an installed program has it.",
        "",
        "| command | median wall (s) | range (s) | median CPU (s) | target (s) | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        verdict = "meets target" if row["wall"] < row["target"] else "MISSES target"
        lines.append(f"| {row['label']} | {row['wall']:.3f} | {row['min']:.3f}-{row['max']:.3f} | "
                     f"{row['cpu']:.3f} | < {row['target']} | {verdict} |")
    lines += ["", "How: the top-level parser lists the commands from a static table "
              "(`tapdesk/cli/main.py` COMMANDS) and imports only the module of the command "
              "given; the model registry is a static table too (`tapdesk/engine/models.py`), "
              "so `fit` lists the models without importing them and loads only the chosen "
              "model's code; the t-a-p fit polishes its EM result and finds its profile "
              "intervals with its own Newton steps on exact derivatives, not scipy.optimize "
              "(which costs about 0.3 s to import: it loads scipy.linalg, sparse, spatial and "
              "fft); engine modules import scipy.stats, scipy.signal and scipy.fft inside the "
              "functions that need them; Qt, pyqtgraph and the spreadsheet/SPSS/Stata readers "
              "load only when used (`tests/cli/test_startup.py` checks what each command line "
              "imports). What remains of the fit's start-up is mostly numpy, pandas (the "
              "importer) and scipy.special.", ""]
    lines += importtime_lines("`tapdesk --version`", version_imports)
    lines += importtime_lines("`tapdesk fit` of the 300 x 5 CSV", fit_imports, packages=True)
    write_section(SECTION, "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
