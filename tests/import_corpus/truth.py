"""What a corpus file holds (its truth) and how a reading is compared with it."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

Rating = tuple[str, ...]        # (subject, rater, rating) or (subject, rater, item, rating)


@dataclass(frozen=True)
class Truth:
    """The reading a careful person would make of a file, or the refusal it deserves.

    ``ratings`` are (subject, rater, rating) triples (rater "" when the file does not say who
    rated), or (subject, rater, item, rating) when ``items``. ``subjects`` lists every subject,
    rated or not; ``raters`` every rater with at least one rating. ``categories`` is compared
    as a set unless ``ordered``. A non-empty ``refuse`` means the file must be refused with a
    one-line message containing each of those words. ``rules`` are ImportNote rules the
    reading must report (what it left out or kept, and why); ``quiet`` are rules that must
    leave nothing out and warn of nothing (near misses: a real subject called 'Total').
    """

    ratings: tuple[Rating, ...] = ()
    subjects: tuple[str, ...] = ()
    raters: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    ordered: bool = False
    items: bool = False
    refuse: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    quiet: tuple[str, ...] = ()
    labels: dict = field(default_factory=dict)
    suggested_missing: str | None = None
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Case:
    """One corpus file: its name, the kind of export it imitates, and its truth."""

    name: str
    kind: str
    path: Path
    truth: Truth

    def to_json(self) -> dict:
        data = asdict(self.truth)
        data["ratings"] = [list(r) for r in self.truth.ratings]
        return {"name": self.name, "kind": self.kind, "file": self.path.name, "truth": data}


def save_truth(cases: list[Case], folder: Path) -> Path:
    path = folder / "truth.json"
    path.write_text(json.dumps([c.to_json() for c in cases], indent=1, ensure_ascii=False),
                    encoding="utf-8")
    return path


def read_back(ds) -> tuple[Counter, set, set, tuple, bool]:
    """(ratings, subjects, raters, categories, has items) of a Dataset."""
    tables = list(ds.item_tables.items()) if ds.items else [(None, ds.table)]
    ratings: Counter = Counter()
    subjects: set[str] = set()
    raters: set[str] = set()
    categories: tuple[str, ...] = ()
    for item, t in tables:
        sid = np.asarray(t.subject_ids + ("",), dtype=object)
        rid = np.asarray(t.rater_ids + ("",), dtype=object)
        cat = np.asarray(t.scale.categories, dtype=object)
        for s, r, v in zip(sid[t.subject], rid[t.rater], cat[t.rating]):
            ratings[(s, r, v) if item is None else (s, r, item, v)] += 1
        subjects |= set(t.subject_ids)
        raters |= set(t.rater_ids)
        categories = t.scale.categories
    return ratings, subjects, raters, categories, bool(ds.items)


def _diff(name: str, want: set, got: set) -> str:
    extra, lost = sorted(got - want, key=str)[:4], sorted(want - got, key=str)[:4]
    return f"{name}: read {len(got)}, truth {len(want)}" + \
        (f"; extra {extra}" if extra else "") + (f"; lost {lost}" if lost else "")


def compare(truth: Truth, ds) -> list[str]:
    """Every way the Dataset ``ds`` differs from the truth (empty when it is right)."""
    problems = []
    ratings, subjects, raters, categories, has_items = read_back(ds)
    if has_items != truth.items:
        problems.append(f"items: read {list(ds.items)}, truth {'some' if truth.items else 'none'}")
    if subjects != set(truth.subjects):
        problems.append(_diff("subjects", set(truth.subjects), subjects))
    if raters != set(truth.raters):
        problems.append(_diff("raters", set(truth.raters), raters))
    want_cats = tuple(truth.categories)
    if (categories != want_cats) if truth.ordered else (set(categories) != set(want_cats)):
        problems.append(f"categories: read {list(categories)}, truth {list(want_cats)}")
    if truth.labels and dict(ds.table.scale.label_pairs()) != truth.labels:
        problems.append(f"value labels: read {dict(ds.table.scale.label_pairs())}, "
                        f"truth {truth.labels}")
    if ratings != Counter(truth.ratings):
        extra = sorted((ratings - Counter(truth.ratings)).elements())[:3]
        lost = sorted((Counter(truth.ratings) - ratings).elements())[:3]
        problems.append(f"ratings: read {sum(ratings.values())}, truth {len(truth.ratings)}; "
                        f"extra {extra}; lost {lost}")
    rules = {n.rule for n in ds.import_notes}
    for rule in truth.rules:
        if rule not in rules:
            problems.append(f"no '{rule}' note (notes: {sorted(rules)})")
    for note in ds.import_notes:
        if note.rule in truth.quiet and note.action in ("left out", "warning"):
            problems.append(f"'{note.rule}' acted on a near miss: {note.message}")
    if truth.suggested_missing is not None:
        offered = {n.suggested_missing for n in ds.import_notes}
        if truth.suggested_missing not in offered:
            problems.append(f"no warning offering '{truth.suggested_missing}' as missing")
    return problems
