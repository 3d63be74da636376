"""The report's writing speaks the language in force (issue 54): each progress step of a PDF, ODT
and DOCX export (figures, pages, the file itself), and the refusals of the writers (a format, a
page size, a folder that cannot be written), in German; English as before."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from tapdesk import i18n  # noqa: E402
from tapdesk.errors import SettingError  # noqa: E402
from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.labels import check_review_below  # noqa: E402
from tests.report.test_content import run, wine_table  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def doc():
    from tapdesk.render.page import ensure_app
    ensure_app()
    table = wine_table()
    return build_report(ReportInputs.of([ReportAnalysis(run("tap", table, cut="bronze"), table)]))


@pytest.mark.parametrize(("suffix", "last"), [("pdf", "Seiten werden geschrieben"),
                                              ("odt", "OpenDocument-Datei wird geschrieben"),
                                              ("docx", "Word-Datei wird geschrieben")])
def test_every_step_of_the_export_is_german(doc, tmp_path, suffix, last):
    steps: list[str] = []
    with i18n.language("de"):
        write_report(doc, tmp_path / f"report.{suffix}", step=steps.append)
    assert steps and all(s.startswith("Abbildung ") for s in steps[:-1]), steps
    assert steps[-1].endswith(last), steps


def test_the_docx_steps_keep_their_english(doc, tmp_path):
    steps: list[str] = []
    write_report(doc, tmp_path / "report.docx", step=steps.append)
    assert steps[0].startswith("Drawing figure 1 of ") and steps[-1] == "Writing the Word file"


def test_the_writers_refusals_read_in_german(doc, tmp_path):
    refusals = []
    for call in (lambda: write_report(doc, tmp_path / "r.txt", fmt="txt"),
                 lambda: write_report(doc, tmp_path / "r.odt", page_size="A3"),
                 lambda: check_review_below(0.3)):
        with pytest.raises(SettingError) as caught:
            call()
        assert str(caught.value).startswith(("the report format", "page size", "the review")), \
            str(caught.value)
        with i18n.language("de"):
            refusals.append(str(caught.value))
    assert refusals == ["das Berichtsformat muss pdf, odt, docx oder html sein, nicht „txt“",
                        "das Papierformat muss A4 oder Letter sein, nicht „A3“",
                        "die Prüfschwelle muss zwischen 0.5 und 1 liegen, nicht 0.3"]
