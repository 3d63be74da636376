"""The importer over the whole seeded corpus of real-looking exports (issue 10).

The standard: 0 silent wrong readings, 0 hangs, 0 tracebacks. Every file is either read
exactly as its truth says (subjects, raters, ratings, categories, and the notes saying what
was left out) or refused with the one-line message its truth asks for; refusals reach the
command line as one line with exit code 2. Every reading also survives ``inspect --export``
and a second import unchanged. One test reports every wrong reading by name.
"""

from __future__ import annotations

import time
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from tapdesk.cli.main import main
from tapdesk.data.importer.filekind import content_kind
from tapdesk.data.importer.notes import RULES
from tapdesk.data.readers import ImportOptions, export_long_csv, read_ratings
from tapdesk.errors import DataError
from tests.import_corpus import build_corpus, compare
from tests.import_corpus.truth import read_back

SLOW_SECONDS = 10.0          # a small file taking this long counts as a hang (typical: < 0.1 s)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpus")
    return folder, build_corpus(folder)


def _scale(ds):
    return ds.table.scale.categories, ds.table.scale.ordinal


def round_trip(ds, folder: Path, name: str) -> list[str]:
    """Export the reading as a long CSV, import it again: the same table must come back."""
    out = folder / f"{name}.export.csv"
    export_long_csv(ds, out)
    again = read_ratings(out, ImportOptions(item=ds.item))      # the same item shown
    problems = []
    if read_back(again)[:3] != read_back(ds)[:3]:
        problems.append("round trip: subjects, raters or ratings changed")
    if _scale(again) != _scale(ds):
        problems.append(f"round trip: scale {_scale(ds)} came back as {_scale(again)}")
    return problems


def check_case(case, folder: Path) -> list[str]:
    """The problems with one file's reading (empty when right)."""
    truth = case.truth
    try:
        ds = read_ratings(case.path, ImportOptions(**truth.options))
        unknown = {n.rule for n in ds.import_notes} - set(RULES)
        if unknown:
            return [f"notes with rules no client knows: {sorted(unknown)}"]
    except DataError as exc:
        message = str(exc)
        if not truth.refuse:
            return [f"refused a readable file: {message}"]
        problems = [f"refusal lacks '{w}': {message}" for w in truth.refuse if w not in message]
        if "\n" in message or "internal error" in message:
            problems.append(f"refusal is not one plain line: {message!r}")
        if not message.startswith(str(case.path)):
            problems.append(f"refusal does not start with the path given: {message}")
        return problems
    if truth.refuse:
        return [f"read a file that must be refused ({', '.join(truth.refuse)}): "
                f"layout {ds.layout}, {ds.table.n_subjects} subjects, {ds.table.n_raters} raters"]
    problems = compare(truth, ds)
    return problems or round_trip(ds, folder, case.name)


def test_corpus_is_read_right_or_refused_in_words(corpus):
    folder, cases = corpus
    assert len(cases) >= 300
    wrong: list[str] = []
    for case in cases:
        start = time.perf_counter()
        try:
            problems = check_case(case, folder)
        except Exception as exc:                   # a traceback is a failure like any other
            problems = [f"{type(exc).__name__} escaped: {exc}"]
        elapsed = time.perf_counter() - start
        if elapsed > SLOW_SECONDS:
            problems.append(f"took {elapsed:.1f} s (counts as a hang)")
        wrong += [f"{case.name} [{case.kind}]: {p}" for p in problems]
    kinds = Counter(w.split("[")[1].split("]")[0] for w in wrong)
    assert not wrong, (f"{len(wrong)} wrong reading(s) in {len(cases)} files "
                       f"(by kind: {dict(kinds)}):\n" + "\n".join(wrong))


def test_corpus_refusals_are_one_line_with_exit_code_2(corpus, capsys):
    folder, cases = corpus
    refused = [c for c in cases if c.truth.refuse]
    assert len(refused) >= 20
    for case in refused:
        code = main(["inspect", str(case.path)])
        out, err = capsys.readouterr()
        assert code == 2, case.name
        assert err.count("\n") == 1 and err.startswith(f"tapdesk: error: {case.path}"), (case.name, err)
        assert "Traceback" not in err and "C error" not in err and not out


def _content(path: Path) -> bytes | dict | None:
    """What a corpus file holds, without the times zip and SPSS/Stata headers record (known
    by their bytes: some corpus files are renamed)."""
    data = path.read_bytes()
    if data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(path) as z:
            return {n: z.read(n) for n in z.namelist() if n != "docProps/core.xml"}  # dates
    kind = content_kind(data)
    if kind in ("spss", "stata"):
        import pyreadstat
        frame, _ = (pyreadstat.read_dta if kind == "stata" else pyreadstat.read_sav)(path)
        return frame.to_csv().encode()
    return data


def test_corpus_is_seeded(tmp_path):
    a = build_corpus(tmp_path / "a")
    b = build_corpus(tmp_path / "b")
    assert [c.truth for c in a] == [c.truth for c in b]
    assert all(_content(x.path) == _content(y.path) for x, y in zip(a, b))
