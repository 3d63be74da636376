"""A long file read column by column (issue 43) reads exactly as the general pipeline does,
or leaves the file to it: the same RatingsTable, notes and messages, never another reading."""

from __future__ import annotations

import dataclasses
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from tapdesk.data.importer import longread, pipeline
from tapdesk.data.importer.model import Dataset, ImportOptions
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.sources import FileFacts, read_bytes
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError
from tests import FIXTURES, IMPORT_FIXTURES

SHARED = Path("/work/shared/data")
HEAD, TAIL = 8, 3
"""A sample this small makes every fixture of more than twelve lines take the new path (or
fall back), where the real sample (100,200 lines) would leave them all to the general one."""

TEXT_FIXTURES = sorted(p for p in [*IMPORT_FIXTURES.iterdir(), *FIXTURES.glob("*.csv"),
                                   *(SHARED.glob("*.csv") if SHARED.is_dir() else [])]
                       if p.is_file() and p.suffix in (".csv", ".txt", ".tsv"))


def general(path: Path, options: ImportOptions = ImportOptions()) -> Dataset:
    """The general pipeline's reading of a file (the grid of cells)."""
    data = path.read_bytes()
    facts = FileFacts.of(path.name, data)
    budget = pipeline.limits(options, str(path))
    book = NoteBook(options.rules_off)
    grid, facts = read_bytes(data, facts, str(path), book, budget, suffix=path.suffix.lower())
    return pipeline.finish(grid, facts, options, book, budget, source_path=str(path))


def by_columns(path: Path, options: ImportOptions = ImportOptions(), head: int = HEAD,
               tail: int = TAIL) -> Dataset | None:
    """The new path's reading, or None when it leaves the file to the general pipeline."""
    data = path.read_bytes()
    facts = FileFacts.of(path.name, data)
    budget = pipeline.limits(options, str(path))
    read = longread.read_long(data, facts, str(path), options, budget, pipeline.decide,
                              path.suffix.lower(), head, tail, min_rows=0)
    return None if read is None else pipeline.long_dataset(read, facts, str(path), options,
                                                           budget)


def assert_same_table(a: RatingsTable, b: RatingsTable) -> None:
    for name in ("subject", "rater", "rating"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert (a.subject_ids, a.rater_ids, a.scale, a.n_missing, a.provenance) == \
        (b.subject_ids, b.rater_ids, b.scale, b.n_missing, b.provenance)
    assert a.attributes == b.attributes


def assert_same_reading(fast: Dataset, slow: Dataset) -> None:
    for field in dataclasses.fields(Dataset):
        if field.name not in ("table", "item_tables"):
            assert getattr(fast, field.name) == getattr(slow, field.name), field.name
    assert_same_table(fast.table, slow.table)
    assert fast.item_tables.keys() == slow.item_tables.keys()
    for key, table in fast.item_tables.items():
        assert_same_table(table, slow.item_tables[key])


def reading_or_message(path: Path) -> Dataset | str:
    try:
        return general(path)
    except DataError as exc:
        return str(exc)


@pytest.mark.parametrize("sample", [(2, 1), (HEAD, TAIL), (12, 5)], ids=str)
@pytest.mark.parametrize("path", TEXT_FIXTURES, ids=lambda p: p.name)
def test_every_text_fixture_reads_as_the_general_pipeline_or_is_left_to_it(path, sample):
    slow = reading_or_message(path)
    fast = by_columns(path, head=sample[0], tail=sample[1])
    if fast is None:
        return
    assert not isinstance(slow, str), f"the new path read a file the pipeline refuses: {slow}"
    assert_same_reading(fast, slow)


def test_the_plain_long_fixtures_take_the_new_path():
    taken = {p.name for p in TEXT_FIXTURES if by_columns(p) is not None}
    assert {"crowd_small.csv", "long_items.csv"} <= taken
    # long.csv holds ' no ' and 'NA' below its head: values the sample did not see
    assert by_columns(IMPORT_FIXTURES / "long.csv") is None


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def crowd_lines(n_tasks: int = 40, categories: tuple[str, ...] = ("1", "2")) -> list[str]:
    rows = ["task,worker,label"]
    for t in range(n_tasks):
        for k in range(3):
            rows.append(f"t{t},w{(t * 3 + k) % 17},{categories[(t + k) % len(categories)]}")
    return rows


def test_late_repeats_and_one_rating_subjects_are_counted_over_the_whole_file(tmp_path):
    lines = crowd_lines() + ["t5,w15,1", "t5,w15,2", "t900,w1,2"]
    path = write(tmp_path / "crowd.csv", lines)
    fast, slow = by_columns(path), general(path)
    assert fast is not None
    assert_same_reading(fast, slow)
    assert any("repeat" in w for w in fast.warnings)


def test_windows_line_ends_and_a_sample_of_thousands_read_alike(tmp_path):
    path = tmp_path / "crowd.csv"
    path.write_bytes(("\r\n".join(crowd_lines(1000, ("a", "b", "c"))) + "\r\n").encode())
    fast = by_columns(path, head=2000, tail=200)
    assert fast is not None
    assert_same_reading(fast, general(path))
    assert fast.table.n_ratings == 3000 and fast.table.scale.categories == ("a", "b", "c")


def test_long_ids_and_accented_labels_read_alike(tmp_path):
    lines = ["sujet,juré,évaluation"] + [
        f"patient-record-{i // 3:05d},Dr Zoë Müller {i % 3},{'très bien' if i % 4 else 'mal'}"
        for i in range(90)]
    path = write(tmp_path / "accents.csv", lines)
    fast = by_columns(path)
    assert fast is not None
    assert_same_reading(fast, general(path))


LATE = {
    "a late value that is no rating": ["t20,w3,x"],
    "a late new category": ["t20,w3,7"],
    "a late empty rating": ["t20,w3,"],
    "a Total row at the end": ["Total,,120"],
    "a note below the data": ["Source: crowd platform export 2026"],
    "a repeated header": ["task,worker,label"],
    "a row with an extra field": ["t20,w3,1,late"],
    "a quoted field holding the delimiter": ['t20,"w3,w4",1'],
    "a quoted field with a quote inside": ['t20,"w""3",1'],
    "a quote inside a field": ['t20,w"3,1'],
    "a blank line": ["", "t20,w3,1"],
}


@pytest.mark.parametrize("extra", list(LATE.values()), ids=list(LATE))
def test_what_the_sample_did_not_see_leaves_the_file_to_the_general_pipeline(tmp_path, extra):
    lines = crowd_lines()
    lines[60:60] = extra                      # in the middle: neither head nor tail
    path = write(tmp_path / "crowd.csv", lines)
    assert by_columns(path) is None


def test_quotes_around_whole_values_read_as_the_csv_reader_reads_them(tmp_path):
    quoted = ['"task","worker","label"'] + [
        ",".join(f'"{v}"' for v in line.split(",")) for line in crowd_lines()[1:]]
    quoted[30] = quoted[30].replace('"', "")            # a row written without quotes
    quoted[45] = 't14,"w9",' + quoted[45].split(",")[-1]
    path = write(tmp_path / "r_write_csv.csv", quoted)
    fast = by_columns(path)
    assert fast is not None
    assert_same_reading(fast, general(path))
    assert fast.table.scale.categories == ("1", "2") and '"' not in "".join(fast.table.rater_ids)


def test_a_trailing_total_row_leaves_the_file_to_the_general_pipeline(tmp_path):
    path = write(tmp_path / "crowd.csv", crowd_lines() + ["Total,,120"])
    assert by_columns(path) is None
    assert by_columns(path, tail=0) is None   # the footer differs from the ids all the same


def test_a_late_bad_value_gets_the_general_pipelines_message(tmp_path):
    lines = crowd_lines(900)
    lines[2500] = "t833,w2,12.75"             # a continuous value beyond the real sample
    path = write(tmp_path / "crowd.csv", lines)
    assert by_columns(path, head=2000, tail=200) is None
    slow = reading_or_message(path)
    assert read_ratings_or_message(path) == (slow if isinstance(slow, str) else _summary(slow))


def _summary(ds: Dataset) -> tuple[object, ...]:
    t = ds.table
    return (t.n_ratings, t.n_subjects, t.n_raters, t.scale.categories, ds.warnings, ds.notes)


def read_ratings_or_message(path: Path) -> tuple[object, ...] | str:
    try:
        return _summary(read_ratings(path))
    except DataError as exc:
        return str(exc)


def big_crowd(path: Path, n_tasks: int) -> Path:
    rng = np.random.default_rng(7)
    workers = rng.integers(0, 3000, size=3 * n_tasks)
    labels = rng.integers(1, 4, size=3 * n_tasks)
    tasks = np.repeat(np.arange(n_tasks), 3)
    body = "\n".join(f"t{t},w{w},{lab}" for t, w, lab in zip(tasks, workers, labels))
    path.write_text("task,worker,label\n" + body + "\n", encoding="utf-8")
    return path


def peak_bytes(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_a_long_file_takes_well_under_half_the_general_pipelines_memory(tmp_path):
    path = big_crowd(tmp_path / "crowd.csv", 333_334)         # 1,000,002 labels
    options = ImportOptions(max_megabytes=2 * path.stat().st_size / 1e6)
    fast = peak_bytes(lambda: pipeline.import_path(path, options))
    slow = peak_bytes(lambda: general(path, options))
    assert fast < slow / 2, (fast, slow)
    assert_same_reading(pipeline.import_path(path, options), general(path, options))


def test_the_real_sample_leaves_small_files_to_the_general_pipeline(tmp_path):
    assert by_columns(FIXTURES / "crowd_small.csv", head=longread.HEAD_ROWS,
                      tail=longread.TAIL_ROWS) is None
    path = write(tmp_path / "crowd.csv", crowd_lines(40))       # 121 lines
    data = path.read_bytes()
    assert longread.cut_sample(data, ImportOptions(), 10, 5) is not None
    assert longread.cut_sample(data, ImportOptions(), 10, 5, min_rows=4 * 30) is None
