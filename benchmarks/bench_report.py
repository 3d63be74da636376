"""How long ``tapdesk report`` of the wine data takes, against a fit (issue 29).

Target: the report of the shared wine data with t-a-p, t-a-p per rater and
the classical coefficients (``--cut 1``) takes at most twice a ``tapdesk fit``
of a simulated 300 x 5 CSV, whole process. The two commands run alternately
in the same session (so the load of other jobs falls on both alike), after
one uncounted run of each that also leaves the compiled bytecode cached, as
an installed program has it; wall and CPU time per fresh process. With
``--before DIR`` the report also runs from the code in DIR (for example the
main branch's checkout) in the same alternation, for a before/after on equal
terms. Then a few more reports run in-process with timers around their stages, to
show where the time goes.

    .venv/bin/python benchmarks/bench_report.py [--runs N] [--before DIR]

Prints the figures and replaces the section "## Report speed (issue 29)" of
benchmarks/RESULTS.md. Needs the shared data (../shared/data/wine.csv).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
WINE = ROOT.parent / "shared" / "data" / "wine.csv"
SECTION = "## Report speed (issue 29)"
TARGET_RATIO = 2.0
REPORT_ARGS = ["--cut", "1", "--model", "tap", "--model", "per-rater", "--coefficients"]
STAGES = (
    ("tapdesk.library.report", "load_dataset", "read the data"),
    ("tapdesk.library.report", "run_analyses", "fits: t-a-p, per rater (with the rater "
                                               "comparison), coefficients"),
    ("tapdesk.report", "build_report", "build the documents (no Qt; with the figure process, "
                                       "also those of the analyses so far)"),
    ("tapdesk.render.figure_process", "FigureProcess.figures",
     "the figures the pages are laid out for (before: wait for the figure process to say)"),
    ("tapdesk.render.figure_process", "FigureProcess.image", "wait for each figure's image"),
    ("tapdesk.render.figures", "plots_module|_plots_module",
     "import Qt widgets and pyqtgraph"),
    ("tapdesk.render.figures", "PicturesAhead.record",
     "record the figures of the analyses so far, while the next fit runs"),
    ("tapdesk.render.figures", "build_plot", "build the plots"),
    ("tapdesk.render.figures", "record_widget|render_widget",
     "draw the plots at print size (recorded as vectors; before: 3x images)"),
    ("tapdesk.render.pdf", "paginate", "lay the pages out"),
    ("tapdesk.render.writer", "write_report", "write the PDF (everything from Qt on)"),
)
BEFORE_ROOMS = {"tapdesk.render.figure_process": "tapdesk.gui.report_pdf_process",
                "tapdesk.render.figures": "tapdesk.gui.report_pdf_figures",
                "tapdesk.render.pdf": "tapdesk.gui.report_pdf",
                "tapdesk.render.writer": "tapdesk.gui.report_pdf"}
"""Where each stage's module was before issue 38 moved the print renderer out of the GUI, for
runs against code from before the move (--before)."""
CHILD = " (figure process)"
"""Marks the stages timed in the forked figure process (see tapdesk.render.figure_process)."""


def environment(source: Path) -> dict[str, str]:
    """A child that imports TapDesk from ``source``, offscreen, with bytecode cached."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=str(source), QT_QPA_PLATFORM="offscreen")
    return env


FORCED = ("import sys; from tapdesk.render import figure_process as p; "
          "p.core_free = lambda: True; from tapdesk.cli.main import main; "
          "sys.exit(main(sys.argv[1:]))")
"""``python -c FORCED ARGS``: tapdesk ARGS with the figure process started even on a busy
machine (where the command itself draws the figures in its own process)."""


def timed(argv: list[str], source: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh ``python -m tapdesk ARGV`` (``python ARGV`` when it
    starts with -c) from ``source``, with every process it started."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = argv if argv[0] == "-c" else ["-m", "tapdesk", *argv]
    # run from ``source``: ``python -m`` and ``-c`` put the working folder first on sys.path,
    # ahead of PYTHONPATH, so from any other checkout they would import its code instead
    subprocess.run([sys.executable, *command], check=True, cwd=source,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment(source))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def alternate(commands: dict[str, tuple[list[str], Path]], runs: int) -> dict[str, list]:
    """Every command once uncounted, then ``runs`` rounds of all of them in turn."""
    for argv, source in commands.values():
        timed(argv, source)
    samples: dict[str, list] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (argv, source) in commands.items():
            load = os.getloadavg()[0]           # what the report's figure process goes by
            samples[name].append((*timed(argv, source), load))
    return samples


def stage_times(out: Path, source: Path) -> dict[str, tuple[float, float, int]]:
    """One report in a child process (TapDesk from ``source``) with timers around its stages:
    {stage: (wall, CPU, calls)}."""
    done = subprocess.run([sys.executable, __file__, "--stages", str(out)], check=True,
                          capture_output=True, text=True, env=environment(source))
    return {k: tuple(v) for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def median_stages(out: Path, sources: dict[str, Path],
                  runs: int) -> dict[str, dict[str, tuple[float, float, int]]]:
    """:func:`stage_times` ``runs`` times per source, alternately; the median wall and CPU."""
    found: dict[str, list] = {name: [] for name in sources}
    for _ in range(runs):
        for name, source in sources.items():
            found[name].append(stage_times(out, source))
    out = {}
    for name, rows in found.items():
        labels = list(dict.fromkeys(label for row in rows for label in row))
        out[name] = {label: (statistics.median(r[label][0] for r in rows if label in r),
                             statistics.median(r[label][1] for r in rows if label in r),
                             next(r[label][2] for r in rows if label in r))
                     for label in labels}
    return out


def stage_module(name: str):
    """The module ``name``, or where it was before the rooms (:data:`BEFORE_ROOMS`), from the
    TapDesk this process runs; None when that code has neither. (A module found elsewhere, e.g.
    by the editable install of another checkout, is not this code's.)"""
    import importlib
    import importlib.util

    import tapdesk
    home = Path(tapdesk.__file__).resolve().parent
    for candidate in dict.fromkeys((name, BEFORE_ROOMS.get(name, name))):
        try:
            spec = importlib.util.find_spec(candidate)
        except ImportError:
            continue
        if spec is not None and spec.origin and Path(spec.origin).resolve().is_relative_to(home):
            return importlib.import_module(candidate)
    return None


def run_stages(out: str) -> None:
    """(Child) the report of the wine data with every stage timed; prints JSON. Stages timed
    in the forked figure process come back through a file and are marked CHILD."""
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    found: dict[str, list] = {}

    def wrap(module_name: str, names: str, label: str) -> None:
        """Time ``module.name`` (the first of ``names`` "a|b" there; none: the code before
        this benchmark's has no such stage)."""
        module = stage_module(module_name)
        if module is None:
            return
        for name in names.split("|"):
            *path, attribute = name.split(".")
            owner = module
            for part in path:
                owner = getattr(owner, part, None)
            if owner is not None and hasattr(owner, attribute):
                break
        else:
            return
        inner = getattr(owner, attribute)

        def timed_call(*args, **kwargs):
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                entry = found.setdefault(label, [0.0, 0.0, 0])
                entry[0] += time.perf_counter() - wall
                entry[1] += time.process_time() - cpu
                entry[2] += 1
        setattr(owner, attribute, timed_call)

    from tapdesk.cli.main import main
    report_pdf_process = stage_module("tapdesk.render.figure_process")
    if report_pdf_process is None:              # the code before: no figure process
        for stage in STAGES:
            wrap(*stage)
        main(["report", str(WINE), *REPORT_ARGS, "--out", out])
        found["whole process (from the first import of TapDesk)"] = [
            time.perf_counter() - start_wall, time.process_time() - start_cpu, 1]
        print(json.dumps(found))
        return
    qt_bound = [stage for stage in STAGES if stage[0] in ("tapdesk.render.pdf", "tapdesk.render.writer")]
    if hasattr(report_pdf_process, "start_early"):
        wrap_after_early_fork(wrap, report_pdf_process, qt_bound)
    else:                                       # the code before: it forks before its fits
        for stage in STAGES:
            if stage not in qt_bound:
                wrap(*stage)
        start = report_pdf_process.FigureProcess.start

        def start_then_wrap():                  # importing report_pdf loads Qt: after the fork
            job = start()
            for stage in qt_bound:
                wrap(*stage)
            return job
        report_pdf_process.FigureProcess.start = start_then_wrap
    child_file = Path(out + ".figure-process.json")
    child_file.unlink(missing_ok=True)
    send = report_pdf_process._send

    def last_word(stream, record):              # in the figure process: its stages, at the end
        if record is None:
            child_file.write_text(json.dumps(found))
        send(stream, record)
    report_pdf_process._send = last_word
    main(["report", str(WINE), *REPORT_ARGS, "--out", out])
    found["whole process (from the first import of TapDesk)"] = [
        time.perf_counter() - start_wall, time.process_time() - start_cpu, 1]
    if child_file.exists():
        parent = set(found)
        for label, entry in json.loads(child_file.read_text()).items():
            if label not in parent or entry != found[label]:
                found[label + CHILD] = entry
    print(json.dumps(found))


def wrap_after_early_fork(wrap: Callable, process: Any, qt_bound: list) -> None:
    """Timers for a command that forks its figure process first (``start_early``): the
    command's stages once it has forked (importing them earlier would load the engine
    before the fork), the figure process's as it starts, the command's Qt stages once it
    has handed the child the document (it loads Qt then)."""
    early, child, send = process.start_early, process._child, process.FigureProcess.send
    figure_stages = [s for s in STAGES if s[0] == "tapdesk.render.figures"]

    def start_early_then_wrap() -> None:
        early()
        for stage in STAGES:
            if stage not in qt_bound and stage not in figure_stages:
                wrap(*stage)

    def child_with_timers(*args) -> None:
        for stage in figure_stages:
            wrap(*stage)
        child(*args)

    def send_then_wrap(job, *args, **kwargs) -> None:
        send(job, *args, **kwargs)
        for stage in qt_bound + figure_stages:
            wrap(*stage)

    process.start_early = start_early_then_wrap
    process._child = child_with_timers
    process.FigureProcess.send = send_then_wrap


def median(samples: list[tuple[float, float]], index: int) -> float:
    return statistics.median(s[index] for s in samples)


def table_lines(samples: dict[str, list], labels: dict[str, str]) -> list[str]:
    fit_wall, fit_cpu = median(samples["fit"], 0), median(samples["fit"], 1)
    lines = ["| command | median wall (s) | runs, wall (s) | median CPU (s) | wall / fit | "
             "CPU / fit | target | verdict |", "|---|---|---|---|---|---|---|---|"]
    for name, runs in samples.items():
        wall, cpu = median(runs, 0), median(runs, 1)
        ratio = wall / fit_wall
        target, verdict = "-", "-"
        if name != "fit":
            target = f"<= {TARGET_RATIO:g}x a fit"
            verdict = "meets target" if ratio <= TARGET_RATIO else "MISSES target"
        lines.append(f"| {labels[name]} | {wall:.2f} | {', '.join(f'{s[0]:.2f}' for s in runs)} "
                     f"| {cpu:.2f} | {ratio:.2f} | {cpu / fit_cpu:.2f} | {target} | {verdict} |")
    return lines


def stage_lines(stages: dict[str, dict[str, tuple[float, float, int]]]) -> list[str]:
    now, before = stages["report"], stages.get("before")
    head = "| stage | calls | wall (s) | CPU (s) |"
    rule = "|---|---|---|---|"
    if before is not None:
        head, rule = head + " calls before | CPU before (s) |", rule + "---|---|"
    lines = [head, rule]
    labels = list(now) + [label for label in (before or {}) if label not in now]
    for label in labels:
        wall, cpu, calls = now.get(label, (None, None, None))
        row = (f"| {label} | {calls} | {wall:.3f} | {cpu:.3f} |" if calls is not None
               else f"| {label} | - | - | - |")
        if before is not None:
            old = before.get(label)
            row += f" {old[2]} | {old[1]:.3f} |" if old else " - | - |"
        lines.append(row)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", type=Path, help="also run the report from this checkout")
    parser.add_argument("--before-label", help="what the code before is (default: its folder)")
    parser.add_argument("--stage-runs", type=int, default=3,
                        help="in-process reports with timed stages (each code; median)")
    parser.add_argument("--stages", metavar="OUT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stages:
        run_stages(args.stages)
        return 0
    if not WINE.exists():
        print(f"the shared wine data is not at {WINE}", file=sys.stderr)
        return 1
    sys.path.insert(0, str(ROOT))
    from tapdesk.engine.binary.simulate import TapParameters, write_simulation_csv
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "ratings-300x5.csv"
        write_simulation_csv(data, TapParameters(0.3, 0.6, 0.4), 300, 5, seed=15)
        report = ["report", str(WINE), *REPORT_ARGS, "--out", str(Path(tmp) / "report.pdf")]
        commands = {"fit": (["fit", str(data), "--class1", "1"], ROOT), "report": (report, ROOT),
                    "forced": (["-c", FORCED, *report], ROOT)}
        labels = {"fit": "`tapdesk fit` 300 x 5 CSV (t-a-p, profile intervals)",
                  "report": "`tapdesk report wine.csv --cut 1 --model tap --model per-rater "
                            "--coefficients`",
                  "forced": "the same report, figures drawn in the second process even on "
                            "a busy machine"}
        if args.before is not None:
            commands["before"] = (report, args.before.resolve())
            labels["before"] = ("the same report, code before "
                                f"({args.before_label or f'`{args.before}`'})")
        samples = alternate(commands, args.runs)
        sources = {name: source for name, (_, source) in commands.items()
                   if name not in ("fit", "forced")}
        stages = median_stages(Path(tmp) / "stages.pdf", sources, args.stage_runs)
    load_after = os.getloadavg()[0]
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
             f"load average {load_before:.1f} at the start and {load_after:.1f} at the end (other "
             "jobs share this machine: a load above the number of cores stretches wall times, "
             "CPU times less); `benchmarks/bench_report.py`, fresh processes run alternately, "
             f"{args.runs} rounds after one uncounted run of each, bytecode cached.", ""]
    lines += table_lines(samples, labels)
    loads = [sample[2] for sample in samples["report"]]
    below = (os.cpu_count() or 1) - 0.5         # report_pdf_process.core_free
    lines += ["", "Load over the last minute when each report run started: "
              f"{', '.join(f'{v:.1f}' for v in loads)}; the report starts its figure process "
              f"below {below:g} (in {sum(v < below for v in loads)} of these {len(loads)} runs)."]
    lines += ["", f"Where the time goes: {args.stage_runs} more reports in-process (median), "
              "timers around their stages (nested stages are inside the ones below them; the "
              "rest of the whole process is the interpreter, the command line and the engine's "
              "imports); with --before, the same for the code before, alternately.", ""]
    lines += stage_lines(stages)
    lines += ["", "Done for speed (issue 29). First pass: every text of the PDF is laid out "
              "once per report and each table's cells formatted once; one layout rendering of "
              "each plot before the kept one; scipy.ndimage and the planning engine imported "
              "only when a plot needs them. Second pass: the per-rater fit's profile searches "
              "(each rater's intervals and each rater's comparison with the panel) sum over "
              "the panel's distinct rating patterns, one evaluation giving the log-likelihood, "
              "its gradient and the information (a wine per-rater fit, warm, took 0.20-0.33 s "
              "of CPU against 0.45-0.65 s before, in alternating runs at different loads; its "
              "interval ends stay within 1e-6 of the per-subject searches', pinned by "
              "tests/engine/binary/test_per_rater_dense.py); the plots' layout pass "
              "paints into a one-pixel image; the plots are drawn opaque, which Qt's PDF writer "
              "encodes about a quarter quicker; and where another core is free (Linux, load "
              "over the last minute below the number of cores less half a core) the command "
              "forks a figure process that imports Qt and pyqtgraph while the fits run, says "
              "which figures there are as soon as it has built the plots and sends each image "
              "as soon as it is drawn, while the command lays out and writes the pages. The "
              "report's pages are the same as before, pixel for pixel at 100 dpi (pdftoppm), "
              "and its text the same. Third pass: the PDF's plots are recorded as drawing "
              "commands (a QPicture of each laid-out plot) and played into the PDF at their "
              "printed size as vector lines and text, instead of images at three times the "
              "pixels that Qt's PDF writer JPEG-encodes (recording is quicker than rendering, "
              "and there is nothing to encode: the wine report's PDF shrinks from 1.8 MB to "
              "0.18 MB; the plots' words are text at exactly their point size, markers are "
              "drawn as shapes, not copied from a screen-resolution bitmap); the figure "
              "process sends these pictures, a few kilobytes each, not raw images; and the "
              "check of the --plan-target options no longer imports the planning engine, "
              "and with it scipy.optimize, when no target is asked for (on the wine data the "
              "rater comparisons import scipy.optimize all the same, so its cost moved from "
              "before the fits into them). The fresh processes of each code now run from "
              "their own folder: before, `python -m tapdesk` run from this checkout imported "
              "this checkout's code ahead of PYTHONPATH, so the row of the code before "
              "measured the new code again. The pages without "
              "plots are the same as before, pixel for pixel at 60 dpi (pdftoppm); the "
              "plots' pages show the same plots, sharper. Fourth pass (stop 35): the figure process "
              "wrote the whole PDF, so the command never loaded Qt. Fifth pass (stop 36): "
              "the figure process is forked as soon as the command is known to be report, "
              "once the engine and the report's model are imported (both processes need them) "
              "and before pandas and the data (only the command needs them; the ratings "
              "table now imports pandas only where it builds a frame), so the child imports "
              "Qt and pyqtgraph while the command reads the data and fits; what exists at "
              "the fork is frozen (gc.freeze, Python's advice before a fork: neither "
              "process's collections walk it, the command's last one at exit included); "
              "after each fit but the last the command hands the child the document of the "
              "analyses so far, whose figures the child records while the next fit runs, "
              "and takes for the final document where they are the same figure drawn from "
              "the same inputs; the command writes the pages itself again, laid out as soon "
              "as it has imported Qt's GUI classes, with the figures' sizes computed as the "
              "child computes them (where the child has nothing to draw for one, the pages "
              "are laid out again), while the child records the rest; and the rater "
              "comparisons no longer import scipy.optimize on the wine data (a constrained "
              "maximum with an estimate on the edge is found by Newton steps with an active "
              "set, SLSQP staying the last resort; the profile ends' bracketing search is "
              "TapDesk's own, engine/roots.py). The stage table's figure-process rows are "
              "the child's; the command's waits show what it waited for the child. What "
              "remains: the shared start-up (the interpreter, numpy, scipy.special, pandas "
              "and the engine, as in a fit), then the fits (0.2 s), then the command's "
              "import of Qt's GUI classes, the page layout and the writing (about 0.25 s), "
              "while the child imports Qt and pyqtgraph (0.3 s) and records 7 plots (each "
              "PlotItem builds its options widgets). On a busy machine (no core free) the "
              "report runs in one process and does all of it in turn. The figure process takes the plots "
              "off the command's path only when a core is free for it; it costs some CPU of "
              "its own (its Qt start-up, the images' trip through a pipe): the row with the "
              "figure process forced shows what it gives or costs at the load of the run.", ""]
    text = "\n".join(lines)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
