"""Where a crowd fit's time and memory go, stage by stage (issue 43), in one process.

    python benchmarks/crowd_stages.py FILE.csv [--model dawid-skene]

Runs what ``tapdesk fit FILE --model MODEL --json`` runs (reading, the fit, the findings, the
JSON dictionary and its text, written to /dev/null) and prints, for each stage, the wall and
CPU seconds and the process's peak resident memory when the stage ended (VmHWM: the
largest so far, so a stage that raised it shows a larger figure than the one before). The fit
is cut into its own stages by its progress events: the chained first fits (average t-a-p, then
per-rater t-a-p, which the model comparison needs and Dawid-Skene starts from), each
Dawid-Skene start, and what follows the last start (the polish of the best start, the
estimates, the rater tables, the subjects). Load on a shared machine moves the wall time;
the CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def peak_mb() -> float:
    """This process's peak resident memory (VmHWM: unlike ``ru_maxrss``, not the parent's peak
    carried across the exec of a fresh process)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Clock:
    """Wall and CPU seconds since the last mark, and the peak memory so far."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float, float]] = []
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def mark(self, stage: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        peak = peak_mb()
        self.rows.append((stage, wall - self.wall, cpu - self.cpu, peak))
        self.wall, self.cpu = wall, cpu

    def table(self) -> str:
        total_w = sum(r[1] for r in self.rows)
        total_c = sum(r[2] for r in self.rows)
        lines = ["| stage | wall (s) | CPU (s) | share of the CPU | peak so far (MB) |",
                 "|---|---|---|---|---|"]
        lines += [f"| {s} | {w:.1f} | {c:.1f} | {100 * c / max(total_c, 1e-9):.0f}% | {m:,.0f} |"
                  for s, w, c, m in self.rows]
        lines.append(f"| total | {total_w:.1f} | {total_c:.1f} | 100% | {self.rows[-1][3]:,.0f} |")
        return "\n".join(lines)


def fit_stages(clock: Clock, request, table):
    """The fit, its stages marked by its progress events (Dawid-Skene: the chained fits, each
    start, the rest; per-rater t-a-p: each EM start, then the intervals and each rater's
    comparison from their own labels, the simulated panels of the verdicts, the rest)."""
    from tapdesk.engine.binary.crowd_family import STAGE
    from tapdesk.engine.events import StageProgress, StartFinished
    from tapdesk.engine.run import fit

    names = {0: "fit: prepare, label matrix", 1: "fit: average t-a-p (first fit)",
             2: "fit: per-rater t-a-p (chained, for the comparison)"}
    per_rater = request.model == "per-rater"

    def seen(event) -> None:
        if isinstance(event, StageProgress) and event.stage == STAGE:
            if event.done == 1:
                clock.mark("fit: the best start's polish, intervals (information), rater "
                           "estimates, each rater's comparison from their own labels, the first "
                           "simulated panel")
            elif event.done == event.total:
                clock.mark(f"fit: verdicts, simulated panels 2 to {event.total} (each simulated, "
                           "refitted, its comparisons tested)")
        elif isinstance(event, StageProgress) and event.done in names and not per_rater:
            clock.mark(names[event.done])
        elif isinstance(event, StartFinished):
            what = "per-rater t-a-p" if per_rater else "Dawid-Skene"
            clock.mark(f"fit: {what} start {event.start + 1} ({event.iterations} "
                       "iterations)" + (", after the label matrix and the average fit"
                                        if per_rater and event.start == 0 else ""))
    result = fit(request, table, on_event=seen)
    clock.mark("fit: polish, estimates, rater tables, subjects" if not per_rater else
               "fit: subjects, tables, words")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--model", default="dawid-skene")
    args = parser.parse_args()
    clock = Clock()
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.story.findings import findings_for
    from tapdesk.library.json_text import json_pieces
    clock.mark("start-up (modules)")
    table = read_ratings(args.path, ImportOptions(time_limit=3600)).table   # a loaded machine
    clock.mark("read and check the file")
    result = fit_stages(clock, FitRequest(model=args.model), table)
    findings = findings_for(result, table)
    clock.mark("findings (incl. classical coefficients)")
    payload = {**result.to_dict(stream=True), **findings.to_dict()}
    clock.mark("JSON dictionary (subjects left to the writer)")
    with open("/dev/null", "w") as sink:
        for piece in json_pieces(payload):
            sink.write(piece)
    clock.mark("JSON text (subjects made a slice at a time)")
    print(f"{args.path.name}: {table.n_ratings:,} ratings, {table.n_subjects:,} subjects, "
          f"{table.n_raters:,} raters; --model {args.model}\n")
    print(clock.table())


if __name__ == "__main__":
    main()
