"""A window for 1,000 raters (issue 43): the GUI thread while a crowd's fit is shown.

Target: no action holds the GUI thread over 250 ms. A crowd of 1,000 workers labels 50,000
items, 3 labels each (150,000 labels, the issue's file; ``--items`` for another size), written
as a long CSV; it is read, fitted with the per-rater model and the results views' extras
computed (the app does both in its worker process: timed here, not part of the target), then
shown in the main window (offscreen; after a first small fit, so a session's first paint of each
tab is not counted), one user action at a time: the fit added, the Raters tab,
sorting by accuracy and by name, finding a worker, showing only the raters named as different,
the Plots tab, the caterpillar plot, the Subjects tab (50,000 subjects' labels), the Subjects
tab's review threshold moved. A 10 ms GUI-thread timer measures each action: the longest gap
between its ticks, and the GUI thread's own CPU time between two ticks (what the gap would be
on a quiet machine; this host is shared). Labels out are timed too: ``report.labels`` over
every subject and the CSV written.

    .venv/bin/python benchmarks/bench_crowd_window.py [--items 50000]
    .venv/bin/python benchmarks/bench_crowd_window.py --csv crowd1m.csv --class1 2

The million-label file is ``benchmarks/crowd_data.py crowd1m.csv --workers 10000 --items
333334`` (its labels 1 and 2; ``--class1 2``); every run fits the per-rater model.

The 1,000,000-label run reads a crowd's file (10,000 workers x 333,334 items) and adds the
actions a crowd that size asks for: sorting the Subjects tab, the labels exported, the
feedback sheets' contents for every rater. Each crowd size has its subsection ("### N labels")
of the section "## A window for 1,000 raters (issue 43)" of benchmarks/RESULTS.md; a run
replaces its own size's.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import tempfile
import time
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## A window for 1,000 raters (issue 43)"
TARGET_MS = 250.0


def engine_side(items: int, folder: Path, csv: Path | None = None,
                class1: str = "yes") -> tuple[object, object, list[tuple[str, float]]]:
    """The crowd's file (``csv``, else one written with ``items`` items) read, fitted, its extras
    and labels computed: (result, table, times)."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.gui.results.views import precompute
    from tapdesk.gui.selftest.many_raters import CROWD, crowd_csv
    from tapdesk.report.labels import subject_labels, write_labels
    times = []
    start = time.perf_counter()
    path = csv if csv is not None else crowd_csv(folder / "crowd.csv", CROWD[0], items, CROWD[2])
    if csv is None:
        times.append(("write the crowd's CSV", time.perf_counter() - start))
    start = time.perf_counter()
    table = read_ratings(path).table
    times.append(("read it", time.perf_counter() - start))
    start = time.perf_counter()
    result = fit(FitRequest(model="per-rater", class1=(class1,)), table)
    times.append(("per-rater fit", time.perf_counter() - start))
    start = time.perf_counter()
    precompute(result, table)
    times.append(("the views' extras and findings (the worker's part)", time.perf_counter() - start))
    start = time.perf_counter()
    labels = subject_labels(result, table)
    times.append((f"labels of {len(labels.rows):,} subjects", time.perf_counter() - start))
    start = time.perf_counter()
    write_labels(labels, folder / "labels.csv")
    times.append(("labels CSV written", time.perf_counter() - start))
    return result, table, times


def window_side(result, table, out_dir: Path) -> list[tuple[str, float, float]]:
    """Each user action's longest GUI-thread gap and most GUI-thread work between ticks (ms)."""
    from PySide6.QtCore import Qt

    from tapdesk.gui.app import make_app
    from tapdesk.gui.results.feedback_action import sheets_off_gui_thread
    from tapdesk.gui.selftest.many_raters import pause
    from tapdesk.gui.selftest.walkthrough import StallMonitor, wait_until
    from tapdesk.gui.window.main_window import MainWindow
    from tapdesk.gui.window.projects import DISCARD
    app = make_app(["tapdesk-bench"])
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    pause(1.0)
    rp = window.results_pane
    warm_up(rp)
    raters, subjects = rp.raters, rp.subjects

    def plots_tab() -> None:
        """The Plots tab, until every plot is built (one per turn of the event loop: each turn
        is measured)."""
        rp.show_tab("Plots")
        wait_until(app, lambda: not rp.plots.building, 120)

    def caterpillar() -> None:
        """The caterpillar plot chosen in the Plots tab's list, as the user chooses it."""
        rp.plots.chooser.setCurrentIndex(rp.plots.chooser.findText("Per-rater accuracy"))

    actions = (("show the fit (Summary)", lambda: rp.add_result(result, table)),
               ("Raters tab", lambda: rp.show_tab("Raters")),
               ("sort by accuracy", lambda: raters.view.sortByColumn(
                   2, Qt.SortOrder.AscendingOrder)),
               ("sort by name", lambda: raters.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)),
               ("find 'worker7'", lambda: raters.search.setText("worker7")),
               ("every worker again", raters.search.clear),
               ("only raters named as different", lambda: raters.only_named.setChecked(True)),
               ("Plots tab (every plot built, one per turn of the event loop)", plots_tab),
               ("caterpillar plot", caterpillar),
               ("Subjects tab", lambda: rp.show_tab("Subjects")),
               ("review threshold 0.9 -> 0.8", lambda: subjects.threshold.setValue(0.8)),
               ("sort subjects by the most likely class's probability", lambda: subjects.view
                .sortByColumn(subjects.model.columnCount() - 4, Qt.SortOrder.AscendingOrder)),
               ("sort subjects by name (their natural order made in a thread)",
                lambda: subjects.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)),
               ("only subjects that need review", lambda: subjects.only_review.setChecked(True)),
               ("find a subject", lambda: subjects.search.setText("12")),
               ("labels exported (CSV)", lambda: subjects.export_labels(out_dir / "labels.csv")),
               ("feedback for every rater: the sheets' contents (before the file dialog)",
                lambda: sheets_off_gui_thread(result, table)))
    monitor = StallMonitor()
    out = []
    for name, action in actions:
        monitor.max_gap_ms = monitor.max_busy_ms = 0.0
        monitor.start()
        action()
        pause(0.2)
        monitor.stop()
        out.append((name, monitor.max_gap_ms, monitor.max_busy_ms))
    window.ask_save_changes = lambda action: DISCARD
    window.close()
    app.processEvents()
    return out


def warm_up(rp) -> None:
    """A first small fit shown in every tab (the wine judges): the first paint of each tab in a
    session costs the same for four raters as for a thousand, and is not what is measured."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.gui.results.views import precompute
    from tapdesk.gui.selftest.many_raters import pause
    from tapdesk.resources.examples import get_example
    table = read_ratings(get_example("wine").path).table
    result = fit(FitRequest(model="per-rater", class1=("4",)), table)
    precompute(result, table)
    rp.add_result(result, table)
    for tab in ("Raters", "Subjects", "Plots", "Summary"):
        rp.show_tab(tab)
        pause(0.2)


def peak_mb() -> float:
    """The process's peak resident memory (MB)."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def size_heading(table) -> str:
    """The subsection a crowd's size is measured under."""
    return (f"### {table.n_ratings:,} labels ({table.n_raters:,} workers x "
            f"{table.n_subjects:,} items)")


def report(table, times, actions) -> str:
    worst = max(busy for _, _, busy in actions)
    verdict = "met" if worst < TARGET_MS else "MISSED"
    lines = [size_heading(table), "",
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
             f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} "
             "(`benchmarks/bench_crowd_window.py`).", "",
             "| engine side (the app's worker) | s |", "|---|---|"]
    lines += [f"| {name} | {seconds:.2f} |" for name, seconds in times]
    lines += ["", f"Target: no action holds the GUI thread over {TARGET_MS:.0f} ms (its own work "
              f"between two ticks of a 10 ms timer): {verdict} (worst {worst:.0f} ms). The gap "
              "also counts the time other processes on this shared host took. The window has "
              "shown a small fit first (a session's first paint of each tab is not measured).",
              "",
              "| action (offscreen window) | longest gap (ms) | GUI-thread work (ms) |",
              "|---|---|---|"]
    lines += [f"| {name} | {gap:.0f} | {busy:.0f} |" for name, gap, busy in actions]
    return "\n".join(lines) + "\n"


def with_size(section: str, heading: str, text: str) -> str:
    """The section with the subsection under ``heading`` replaced by ``text`` (or added): each
    crowd size keeps its own table."""
    parts = re.split(r"(?m)^(?=### )", section)
    head, subs = parts[0], [p for p in parts[1:] if not p.startswith(heading + "\n")]
    sizes = sorted(subs + [text.rstrip("\n") + "\n\n"], key=lambda p: int(
        re.sub(r"\D", "", p.split(" labels", 1)[0])))
    return head + "".join(sizes)


def current_section(section: str = SECTION) -> str:
    from results_file import RESULTS
    found = re.search(rf"(?ms)^{re.escape(section)}\n.*?(?=^## |\Z)",
                      RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "")
    return found.group(0) if found else section + "\n\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=50_000, help="items of the crowd")
    parser.add_argument("--csv", type=Path, help="a crowd's long file (item, worker, label) "
                        "in place of the written one (e.g. 1,000,000 labels)")
    parser.add_argument("--class1", default="yes", help="the label read as Class 1 (with --csv)")
    parser.add_argument("--section", default=SECTION, help="the section of RESULTS.md the run's "
                        "size goes to (e.g. '## Crowd window with a per-rater fit of a million "
                        "labels (issue 57)'; default issue 43's)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="tapdesk-crowd-") as folder:
        result, table, times = engine_side(args.items, Path(folder), args.csv, args.class1)
        times.append(("peak memory of the process so far (MB, not s)", peak_mb()))
        actions = window_side(result, table, Path(folder))
    text = report(table, times, actions)
    print(text)
    write_section(args.section, with_size(current_section(args.section), size_heading(table), text))


if __name__ == "__main__":
    main()
