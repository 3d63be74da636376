"""The German key numbers' interval in DOCX and ODT: LibreOffice broke it inside a number
("95 %-Intervall 0,533 bis 0" / ",735") because the interval's name was glued to it by a
no-break space (the rule for "Klasse 1" took "Intervall 0,533" for a numbered name), making one
piece wider than its column. The line may break after the name, never inside the interval."""

from __future__ import annotations

import re
import zipfile

import pytest

from tapdesk import i18n
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.print_text import NBSP, keep_numbers_whole
from tests.report.test_content import run, wine_table

pytest.importorskip("docx")


def test_a_numbered_name_is_glued_but_not_a_name_before_a_decimal():
    kept = keep_numbers_whole("Klasse 1 und Analyse 12")
    assert f"Klasse{NBSP}1" in kept and kept.endswith(f"Analyse{NBSP}12")
    assert keep_numbers_whole("Intervall 0,533") == "Intervall 0,533"
    assert keep_numbers_whole("Intervall 10,5") == "Intervall 10,5"


@pytest.fixture(scope="module")
def german_files(tmp_path_factory):
    from tapdesk.render.page import ensure_app
    from tapdesk.render.writer import write_report
    ensure_app()
    table = wine_table()
    with i18n.language("de"):
        doc = build_report(ReportInputs.of([ReportAnalysis(run("tap", table, cut="bronze"), table)]),
                           created="2026-01-02")
        folder = tmp_path_factory.mktemp("key-interval")
        return write_report(doc, folder / "de.docx"), write_report(doc, folder / "de.odt")


@pytest.mark.parametrize(("which", "member"), [(0, "word/document.xml"), (1, "content.xml")])
def test_the_key_numbers_interval_breaks_after_its_name_only(german_files, which, member):
    with zipfile.ZipFile(german_files[which]) as archive:
        xml = archive.read(member).decode("utf-8")
    intervals = re.findall(rf"Intervall([ {NBSP}])(\d,\d+){NBSP}bis{NBSP}(\d,\d+)<", xml)
    assert intervals, "no key-number interval found"
    assert all(space == " " for space, _, _ in intervals), intervals
