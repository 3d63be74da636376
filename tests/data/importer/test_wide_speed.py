"""A wide table of many raters reads in seconds (issue 74's audit at annotation-team width).

The check for a column computed from two others (a 'Difference' beside two markers) tried
every pair of the other columns in turn: 150 raters took minutes and stopped at the import's
time limit. It now screens every pair at once; these tests pin the screen to the pairwise
rule it stands for and guard the time at well over ten times its typical value.
"""

from __future__ import annotations

import itertools
import time

import numpy as np
import pytest

from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.importer.scalerule import _formula_pairs, _formulas
from tapdesk.data.readers import read_text
from tapdesk.errors import DataError


def _pairwise(own: np.ndarray, others: list[np.ndarray], rows: int) -> list[tuple[int, int]]:
    """The rule the screen stands for, pair by pair: some formula matches in every one of
    the first ``rows`` rows where ``own`` has a number and both of the pair have one."""
    first = np.flatnonzero(~np.isnan(own))[:rows]
    found = []
    for i, j in itertools.combinations(range(len(others)), 2):
        x, y = others[i][first], others[j][first]
        known = ~np.isnan(x) & ~np.isnan(y)
        if any(np.allclose(own[first][known], made[known]) for made in _formulas(x, y)):
            found.append((i, j))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_screen_keeps_exactly_the_pairs_a_formula_fits(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, k = 40, 9
    others = [rng.integers(1, 4, n).astype(float) for _ in range(k)]
    for x in others:
        x[rng.random(n) < 0.2] = np.nan
    a, b = rng.choice(k, 2, replace=False)
    own = _formulas(others[a], others[b])[seed % 5].copy()
    own[np.isnan(own)] = rng.integers(1, 4, int(np.isnan(own).sum()))
    own[rng.random(n) < 0.1] = np.nan
    found = _formula_pairs(own, others)
    assert found == _pairwise(own, others, 12)
    assert (min(a, b), max(a, b)) in found


def test_a_difference_column_beside_many_raters_is_still_found() -> None:
    rng = np.random.default_rng(3)
    n, k = 60, 30
    grid = rng.integers(1, 5, (n, k))
    lines = ["case\t" + "\t".join(f"r{j}" for j in range(k)) + "\tdiff"]
    lines += [f"c{i}\t" + "\t".join(map(str, grid[i])) + f"\t{abs(grid[i, 4] - grid[i, 17])}"
              for i in range(n)]
    ds = read_text("\n".join(lines) + "\n")
    assert "diff" not in ds.table.rater_ids and len(ds.table.rater_ids) == k
    assert any("r4" in note and "r17" in note for note in ds.notes), ds.notes


def test_a_table_of_120_raters_reads_in_seconds() -> None:
    """400 subjects x 120 raters: about 2 s here; minutes before the screen."""
    rng = np.random.default_rng(1)
    lines = ["s\t" + "\t".join(f"r{j}" for j in range(120))]
    lines += [f"S{i}\t" + "\t".join(map(str, rng.integers(1, 5, 120))) for i in range(400)]
    start = time.perf_counter()
    ds = read_text("\n".join(lines) + "\n")
    assert len(ds.table.rater_ids) == 120
    assert time.perf_counter() - start < 60


def test_the_time_limit_stops_an_import_inside_the_audit(monkeypatch) -> None:
    """Each principle of the audit a checkpoint: an audit slower than the import's time limit
    stops near the limit, naming the stage, instead of running to its end."""
    import tapdesk.data.importer.audit.run as run

    asked: list[int] = []

    def slow(principle):
        def asked_slowly(reading):
            asked.append(1)
            time.sleep(0.2)
            return principle(reading)
        return asked_slowly

    monkeypatch.setattr(run, "PRINCIPLES", tuple(slow(p) for p in run.PRINCIPLES))
    lines = ["case\tr1\tr2\tr3"] + [f"c{i}\t{i % 3}\t{i % 3}\t{(i + 1) % 3}" for i in range(20)]
    with pytest.raises(DataError) as stopped:
        read_text("\n".join(lines) + "\n", ImportOptions(time_limit=1))
    assert "while checking the reading" in str(stopped.value)
    assert len(asked) < len(run.PRINCIPLES)       # stopped inside the audit, not after it
