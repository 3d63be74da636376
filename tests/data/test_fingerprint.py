"""The two SHA-256 values of a data set: of the file's bytes, and of the ratings as read. Each is
named in the same words on the screen, in the report and by ``tapdesk inspect``."""

from __future__ import annotations

import hashlib

import pytest

from tapdesk.data.fingerprint import FILE_SHA256, RATINGS_SHA256, table_sha256
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.library.summary import summary_text
from tapdesk.report import build_report

ROWS = ["subject,R1,R2,R3", "s1,yes,yes,no", "s2,no,no,no", "s3,yes,yes,yes", "s4,no,yes,no",
        "s5,yes,no,yes", "s6,no,no,yes"]


@pytest.fixture(scope="module")
def two_files(tmp_path_factory):
    """The same ratings in two files whose bytes differ (line ends)."""
    folder = tmp_path_factory.mktemp("hashes")
    unix, windows = folder / "unix.csv", folder / "windows.csv"
    unix.write_bytes(("\n".join(ROWS) + "\n").encode())
    windows.write_bytes(("\r\n".join(ROWS) + "\r\n").encode())
    return unix, windows


def test_the_file_hash_is_of_the_bytes_and_the_ratings_hash_of_the_ratings(two_files):
    first, second = (read_ratings(path) for path in two_files)
    for path, dataset in zip(two_files, (first, second)):
        assert dataset.provenance.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert first.provenance.sha256 != second.provenance.sha256
    assert table_sha256(first.table) == table_sha256(second.table)


def test_every_surface_names_each_value_in_the_same_words(two_files):
    from tapdesk.gui.project.session import DataIdentity
    from tapdesk.gui.results.pane import summary_html
    dataset = read_ratings(two_files[1])
    file_hash, ratings_hash = dataset.provenance.sha256, table_sha256(dataset.table)
    inspect = summary_text(dataset)
    assert f"{FILE_SHA256}: {file_hash}" in inspect
    assert f"{RATINGS_SHA256}: {ratings_hash}" in inspect
    result = fit(FitRequest(model="tap", class1=("yes",), seed=1, n_starts=2), dataset.table)
    doc = build_report(result, table=dataset.table, coefficients=None)
    rows = {row[0]: row[1] for t in doc.tables() if t.key == "provenance" for row in t.rows}
    assert (rows[FILE_SHA256], rows[RATINGS_SHA256]) == (file_hash, ratings_hash)
    identity = DataIdentity.of(dataset.table, "windows.csv")
    assert f"{RATINGS_SHA256} {ratings_hash[:12]}" in identity.summary()
    assert f"({RATINGS_SHA256} {ratings_hash[:12]})" in summary_html(result, identity)
    for text in (inspect, identity.summary(), summary_html(result, identity)):
        assert text.count("SHA-256") == text.count("SHA-256 of the ")     # never a bare one
