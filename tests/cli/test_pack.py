"""``tapdesk pack``: the report, every rater's feedback sheet and the subjects to review in one
folder and one zip, under the same title, with a README listing them; the review list is the
Subjects tab's rule (:mod:`tapdesk.report.labels`)."""

from __future__ import annotations

import csv
import json
import zipfile

import pytest
from pypdf import PdfReader

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.render.pack import README_NAME, REPORT_NAME, REVIEW_NAME
from tapdesk.report.file_names import readme_file
from tapdesk.report.labels import subject_labels
from tests.cli.test_report import run_cli
from tests.report.test_document import ratings_csv

TITLE = "Panel review, May meeting"


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pack")
    data = ratings_csv(folder / "panel.csv", n_subjects=80)
    out = folder / "committee"
    out.mkdir()
    (out / "notes.txt").write_text("not part of the pack", encoding="utf-8")
    done = run_cli("pack", str(data), "--class1", "yes", "--title", TITLE, "--seed", "5",
                   "--out", str(out), "--zip", "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    return data, out, json.loads(done.stdout)


def test_the_pack_holds_report_feedback_review_list_and_readme(pack):
    _, out, answer = pack
    files = answer["files"]
    assert answer["title"] == TITLE and REPORT_NAME in files and REVIEW_NAME in files
    sheets = [f for f in files if f.startswith("feedback/feedback_") and f.endswith(".pdf")]
    assert len(sheets) == 4 and "feedback/feedback_summary.csv" in files
    assert all((out / name).is_file() and (out / name).stat().st_size > 0 for name in files)
    readme = (out / README_NAME).read_text(encoding="utf-8").splitlines()
    assert readme[0] == TITLE
    assert all(any(line.startswith(f"- {name}") for line in readme) for name in files)


def test_the_same_title_on_every_file(pack):
    _, out, answer = pack
    report = PdfReader(out / REPORT_NAME)
    assert report.metadata.title.startswith(f"{TITLE}: ")
    assert report.pages[0].extract_text().replace("\t", " ").startswith(TITLE)
    for name in answer["files"]:
        if name.startswith("feedback/") and name.endswith(".pdf"):
            sheet = PdfReader(out / name)
            assert f": {TITLE}. " in sheet.metadata.title, name


def test_the_zip_holds_every_file(pack):
    _, out, answer = pack
    with zipfile.ZipFile(answer["zip"]) as archive:
        names = set(archive.namelist())
        assert names == set(answer["files"])           # the pack's files, nothing else
        assert (out / "notes.txt").is_file()
        assert archive.read(REPORT_NAME) == (out / REPORT_NAME).read_bytes()


def test_the_review_list_is_the_subjects_tabs(pack):
    data, out, _ = pack
    table = read_ratings(data).table
    result = fit(FitRequest(model="per-rater", class1=("yes",), seed=5), table)
    labels = subject_labels(result, table)
    expected = labels.review_rows()
    with (out / REVIEW_NAME).open(encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert tuple(rows[0]) == labels.columns
    assert [row[0] for row in rows[1:]] == [str(row[0]) for row in expected]
    at = labels.columns.index("Probability of the most likely class")
    certainty = [float(row[at]) for row in rows[1:]]
    assert certainty == sorted(certainty) and all(row[-2] == "yes" for row in rows[1:])
    assert all(row[at - 1].startswith(("Class 0 (", "Class 1 (")) for row in rows[1:])


def test_help_lists_pack_and_a_bad_folder_is_refused(tmp_path):
    listed = run_cli("--help")
    assert "pack" in listed.stdout and "committee pack" in listed.stdout
    helped = run_cli("help", "pack")
    assert helped.returncode == 0 and "--zip" in helped.stdout
    blocker = tmp_path / "file"
    blocker.write_text("x")
    data = ratings_csv(tmp_path / "panel.csv")
    done = run_cli("pack", str(data), "--class1", "yes", "--out", str(blocker / "sub"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "cannot create the output folder" in done.stderr


def test_the_default_title_is_in_the_packs_language(tmp_path):
    """Without --title the pack is called "Committee pack" in the language asked for."""
    data = ratings_csv(tmp_path / "panel.csv", n_subjects=40)
    out = tmp_path / "mappe"
    done = run_cli("pack", str(data), "--class1", "yes", "--seed", "5", "--out", str(out),
                   "--json", "--language", "de")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["title"] == "Gremienmappe"
    with i18n.language("de"):                 # the README is named in German too
        readme = readme_file()
    assert (out / readme).read_text(encoding="utf-8").splitlines()[0] == "Gremienmappe"
