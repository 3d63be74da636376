"""Do the per-rater fit's p-values agree with their intervals? (issue 55, item 1)

Panels of 3 raters x 60 subjects from tapdesk's simulator (t = a = p = 0.5, the audit's
design; seeds 0, 1, 2 ...), each fitted as the app does (per-rater model, maximum
likelihood); every comparison of a rater with the rest of the panel that has both a p-value
and an interval is read: the interval is the inversion of the comparison's own test, so p <
0.05 exactly when the 95% interval leaves out 0 (report/consistency.py's
``p_interval_mismatches``, which allows for the searches' tolerance at the interval's end).
Also counted: the p-values below 0.05.

Run: ``nice .venv/bin/python benchmarks/bench_p_interval.py [--panels N]``; writes the
section "## p-values against their intervals (issue 55)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import time

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.report.consistency import p_interval_mismatches

SECTION = "## p-values against their intervals (issue 55)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--panels", type=int, default=60)
    args = parser.parse_args()
    tested = small = 0
    found: list[str] = []
    start = time.process_time()
    for seed in range(args.panels):
        table = simulate_table(TapParameters(t=0.5, a=0.5, p=0.5), 60, 3, seed)
        result = fit(FitRequest(model="per-rater", class1=("1",), seed=0), table)
        with_p = [c for c in result.comparisons if c.p_value is not None and c.interval is not None]
        tested += len(with_p)
        small += sum(c.p_value < 0.05 for c in with_p)
        found += p_interval_mismatches(f"seed {seed}", result.comparisons)
        print(seed, len(with_p), len(found), flush=True)
    cpu = (time.process_time() - start) / args.panels
    text = "\n".join([
        SECTION, "",
        f"`benchmarks/bench_p_interval.py`: {args.panels} panels of 3 raters x 60 subjects "
        "(t = a = p = 0.5, seeds from 0), per-rater fit; every comparison with a p-value and an "
        "interval. The interval is the inversion of the comparison's test, so p < 0.05 exactly "
        "when the 95% interval leaves out 0.", "",
        "| panels | comparisons tested | p below 0.05 | p and interval disagree | CPU per fit |",
        "| --- | --- | --- | --- | --- |",
        f"| {args.panels} | {tested} | {small} | {len(found)} | {cpu:.1f} s |", "",
        "Before (main at 10b93d9, the same panels: the held fit searched from the fit alone, "
        "the profile searches let through maximisers on the fit's mirror image): 1 disagreement "
        "in 207 comparisons of the first 60 panels (seed 41, R1's accuracy: p = 0.025 beside the "
        "interval -1.28 to 1.28), and on seed 5 R3's accuracy had p = 0.0001 where the held "
        "fit's global maximum (an independent multi-start optimiser agrees) gives 0.0034.",
        *(["", "Disagreements: " + "; ".join(found)] if found else []), ""])
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
