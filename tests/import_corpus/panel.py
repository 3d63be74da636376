"""Random rating panels (subjects x raters grids of category labels) and their truth."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from tests.import_corpus.truth import Truth

LABEL_SETS = (("1", "2", "3"), ("1", "2", "3", "4", "5"), ("0", "1"), ("no", "yes"),
              ("none", "mild", "moderate", "severe"), ("A", "B", "C", "D"), ("absent", "present"),
              ("1", "2", "3", "4"))
NUMERIC_SETS = tuple(s for s in LABEL_SETS if s[0].isdigit())
TEXT_SETS = tuple(s for s in LABEL_SETS if not s[0].isdigit())
RATER_NAMES = ("Anna", "Ben", "Cara", "Dev", "Eli", "Femi", "Gus")


def subject_ids(rng: np.random.Generator, n: int, style: str | None = None) -> list[str]:
    style = style or rng.choice(["s", "P", "num100", "case", "seq"])
    if style == "s":
        return [f"s{i + 1}" for i in range(n)]
    if style == "P":
        return [f"P{i + 1:03d}" for i in range(n)]
    if style == "num100":
        return [str(101 + i) for i in range(n)]
    if style == "case":
        return [f"Case {i + 1}" for i in range(n)]
    return [str(i + 1) for i in range(n)]


def rater_ids(rng: np.random.Generator, n: int, style: str | None = None) -> list[str]:
    style = style or rng.choice(["R", "Rater", "Judge", "names", "coder"])
    if style == "R":
        return [f"R{j + 1}" for j in range(n)]
    if style == "Rater":
        return [f"Rater {j + 1}" for j in range(n)]
    if style == "Judge":
        return [f"Judge {'ABCDEFG'[j]}" for j in range(n)]
    if style == "coder":
        return [f"coder{j + 1}" for j in range(n)]
    return list(RATER_NAMES[:n])


@dataclass
class Panel:
    """Subjects x raters grid of labels (None = missing)."""

    subjects: list[str]
    raters: list[str]
    grid: list[list[str | None]]
    labels: tuple[str, ...]

    def triples(self) -> tuple[tuple[str, str, str], ...]:
        return tuple((s, r, v) for s, row in zip(self.subjects, self.grid)
                     for r, v in zip(self.raters, row) if v is not None)

    def used(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for row in self.grid for v in row if v is not None))

    def truth(self, **changes) -> Truth:
        t = self.triples()
        raters = tuple(dict.fromkeys(r for _, r, _ in t))
        return replace(Truth(t, tuple(self.subjects), raters, self.used()), **changes)

    def unnamed_truth(self, **changes) -> Truth:
        """Truth when subjects are numbered by row (no id column)."""
        return replace(self, subjects=[str(i + 1) for i in range(len(self.subjects))]).truth(**changes)

    def cell(self, v: str | None, numeric: bool = False):
        """A label as a spreadsheet cell: a number when it spells one and ``numeric``."""
        if v is None:
            return None
        return int(v) if numeric and v.lstrip("-").isdigit() else v

    def rows(self, *, ids: bool = True, id_header: str = "subject", numeric: bool = False,
             na=None) -> list[list]:
        head = ([id_header] if ids else []) + list(self.raters)
        body = [([s] if ids else []) + [na if v is None else self.cell(v, numeric) for v in row]
                for s, row in zip(self.subjects, self.grid)]
        return [head] + body

    def long_rows(self, names=("subject", "rater", "rating"), na=None, rng=None) -> list[list]:
        rows = [[s, r, na if v is None else v] for s, row in zip(self.subjects, self.grid)
                for r, v in zip(self.raters, row)]
        if rng is not None:
            order = rng.permutation(len(rows))
            rows = [rows[i] for i in order]
        return [list(names)] + rows


def make_panel(rng: np.random.Generator, *, n_subj: tuple[int, int] = (5, 14),
               n_rat: tuple[int, int] = (2, 5), labels: tuple[str, ...] | None = None,
               missing: float | None = None, subjects: list[str] | None = None,
               raters: list[str] | None = None, subject_style: str | None = None,
               rater_style: str | None = None) -> Panel:
    """A random panel with at least two categories used and no all-missing rater."""
    ns = len(subjects) if subjects else int(rng.integers(n_subj[0], n_subj[1] + 1))
    nr = len(raters) if raters else int(rng.integers(n_rat[0], n_rat[1] + 1))
    labels = labels or LABEL_SETS[int(rng.integers(len(LABEL_SETS)))]
    missing = float(rng.choice([0.0, 0.0, 0.08, 0.15])) if missing is None else missing
    subjects = subjects or subject_ids(rng, ns, subject_style)
    raters = raters or rater_ids(rng, nr, rater_style)
    while True:
        grid = [[None if rng.random() < missing else str(rng.choice(labels)) for _ in range(nr)]
                for _ in range(ns)]
        used = {v for row in grid for v in row if v is not None}
        rated = all(any(row[j] is not None for row in grid) for j in range(nr))
        if len(used) >= 2 and rated:
            return Panel(subjects, raters, grid, labels)
