"""Issue 39 item 2: how often a rater comparison's interval end is short of the global profile.

Simulated wine-like panels (4 raters x 183 subjects, t = 0.65, accuracies 0.15 to 0.75, guess
rates 0.85 to 0.99: Class 1 called most of the time). For every comparison's two ends, the
independent multi-start optimiser of tests/engine/binary/global_profile.py (SLSQP from the fit
and 20 random starts, on the fit's side of the label swap) says whether the profile 0.02 further
out is still inside the 95% cut-off: if it is, the end is short by more than 0.02.

    PYTHONPATH=$PWD python benchmarks/bench_global_profile.py [panels] [tapdesk folder]

The second argument runs another TapDesk (e.g. an export of the code before) on the same panels.
"""

from __future__ import annotations

import sys
import time

if len(sys.argv) > 2:
    sys.path.insert(0, sys.argv[2])

import numpy as np  # noqa: E402

from tapdesk.data.ratings import RatingsTable  # noqa: E402
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.intervals import chi2_1  # noqa: E402
from tests.engine.binary.test_rater_standing import independent_for  # noqa: E402


def wine_like(rng: np.random.Generator) -> RatingsTable:
    a = rng.uniform(0.15, 0.75, 4)
    p = rng.uniform(0.85, 0.99, 4)
    truth = rng.random(183) < 0.65
    accurate = rng.random((183, 4)) < a
    y = np.where(accurate, truth[:, None], rng.random((183, 4)) < p).astype(int)
    return RatingsTable.from_wide(y.tolist(), rater_ids=[f"J{j + 1}" for j in range(4)])


def main(panels: int) -> None:
    import tapdesk
    rng = np.random.default_rng(39)
    cutoff = chi2_1(0.95) / 2
    ends = short = claims = 0
    seconds = 0.0
    for _ in range(panels):
        table = wine_like(rng)
        request = FitRequest(model="per-rater", class1=("1",), n_starts=4)
        start = time.perf_counter()
        result = fit(request, table)
        seconds += time.perf_counter() - start
        for c in result.comparisons:
            claims += c.differs
            if c.interval is None:
                continue
            independent = independent_for(table, request, result, c.rater_id, c.name)
            for end, side in zip(c.interval, (-1, 1)):
                if abs(end) >= 0.999 * (2 if c.name == "a" else 1):
                    continue
                ends += 1
                short += independent.drop(end + side * 0.02) <= cutoff
    print(f"{tapdesk.__file__}: {panels} panels, {ends} ends, {short} short by > 0.02 "
          f"({short / max(ends, 1):.1%}), {claims} 'differs' claims, fit {seconds / panels:.2f} s "
          "per panel")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
