"""The documents in the pseudo-language (issue 79): the report in every format it is written in
(PDF, ODT, DOCX, HTML; File > Print prints the PDF), its plots' titles, axes and legends (a PNG
plot and the window draw them; a printed one leaves its title to the caption), the feedback
sheets, the committee pack's README and the names of the files these write hold no English word
outside what stays plain in every language (the data's own words, file names, codes, the
command lines, the references: :mod:`tests.i18n.pseudo_leaks`).

One small realistic panel (missing ratings, an ordered scale of three, a subject attribute, a
numeric and a categorical rater attribute) is fitted once for the module: a per-rater fit
explained by the attributes, the average rater by maximum likelihood and Bayesian, a model the
data cannot pin down, the expert model, models of several categories (one explained by the
subjects' groups), the ordinal analysis, the classical coefficients and a study plan;
``tapdesk pack``, ``tapdesk feedback`` and ``tapdesk report`` run as a user runs them."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from tapdesk import i18n  # noqa: E402
from tapdesk.cli.main import main  # noqa: E402
from tests.i18n.pseudo_leaks import (  # noqa: E402
    LABELS,
    OWN,
    assert_no_leaks,
    file_name_leaks,
    panel_csv,
)
from tests.render.pdftext import pdf_text  # noqa: E402

pytestmark = pytest.mark.gui

TITLE, AUTHOR, SIGNER = "Prüfbericht", "Prüfungsamt", "Anna Berg, Vorsitz"
WORDS = (*OWN, TITLE, AUTHOR, "Anna Berg", "Vorsitz", "Entwurf", "panel", "Prüfungsmappe")
DATA_FILES = ("feedback_summary.csv", "subjects_to_review.csv", "tables.xlsx")
"""Files for a spreadsheet or a script, whose names stay English in every language as their
columns do (README, docs/translating.md); their tables' CSV files beside them likewise."""


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    return panel_csv(tmp_path_factory.mktemp("pseudo-docs") / "panel.csv")


@pytest.fixture(scope="module")
def offered():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
        yield


@pytest.fixture(scope="module")
def inputs(panel, offered):
    """The report's analyses, fitted once (in English, as a fit always runs)."""
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.analyses import get_analysis
    from tapdesk.engine.planning import PlanRequest, plan
    from tapdesk.engine.planning.request import estimates_from_fit
    from tapdesk.library.report import report_source
    from tapdesk.report import ReportAnalysis, ReportInputs
    labels = tuple(tuple(pair.split("=")) for pair in LABELS.split(","))
    table = read_ratings(panel, ImportOptions(labels=labels)).table

    def run(model, **request):
        req = FitRequest(model=model, n_starts=2, **request)
        analysis = get_analysis(model)
        return analysis.run(req, table) if analysis else fit(req, table)

    explained = run("per-rater", cut="mittel", subject_group="Jahrgang",
                    rater_attributes=("Dienstjahre", "Standort"))
    results = [explained, run("tap", cut="mittel"), run("tap", cut="mittel", method="exact"),
               run("tap-a0a1", cut="mittel"), run("expert", cut="mittel"),
               run("categorical", subject_group="Jahrgang"), run("dawid-skene"), run("mace"),
               run("ordinal-cuts"), run("coefficients")]
    study = plan(PlanRequest(*estimates_from_fit(explained), (2, 3), (30, 60), sims=20,
                             workers=1, source=report_source(explained)))
    return ReportInputs.of([ReportAnalysis(r, table) for r in results], title=TITLE,
                           author=AUTHOR, note="Entwurf", signers=(SIGNER,), plan=study,
                           language="qps")


@pytest.fixture(scope="module")
def report(inputs):
    from tapdesk.report import build_report
    with i18n.language("qps"):
        yield build_report(inputs, created="2026-01-02")


def document_text(path: Path) -> str:
    """What a reader reads in a written report: a PDF's text, an HTML page without its style,
    the paragraphs and table cells of an ODT's or a DOCX's XML."""
    if path.suffix == ".pdf":
        return pdf_text(path)
    if path.suffix == ".html":
        return re.sub(r"(?s)<style.*?</style>", " ", path.read_text(encoding="utf-8"))
    part = "content.xml" if path.suffix == ".odt" else "word/document.xml"
    xml = zipfile.ZipFile(path).read(part).decode("utf-8")
    xml = re.sub(r"(?s)<w:instrText[^>]*>.*?</w:instrText>", "", xml)     # a field's code
    return re.sub(r"</(?:text:p|text:h|w:p)>", "\n", xml)


@pytest.mark.parametrize("fmt", ["pdf", "odt", "docx", "html"])
def test_the_report_in_every_format_is_in_the_language(report, tmp_path, fmt):
    from tapdesk.render.writer import write_report
    with i18n.language("qps"):
        path = write_report(report, tmp_path / f"report.{fmt}")
    assert_no_leaks(document_text(path), WORDS, f"the report as {fmt}")


def scene_texts(widget) -> list[str]:
    """Every word a plot draws: its panels' titles, axis names and tick labels given as words,
    legends and the texts placed in it."""
    import pyqtgraph as pg
    out = []
    for item in widget.scene().items():
        if isinstance(item, pg.LabelItem):
            out.append(item.text)
        elif isinstance(item, pg.AxisItem):
            out.append(item.labelText)
            for level in item._tickLevels or ():
                out += [str(label) for _value, label in level]
        elif isinstance(item, pg.TextItem):
            out.append(item.toPlainText())
    return [t for t in out if t]


def test_every_plot_of_the_report_is_in_the_language(inputs, report):
    """The report's figures as a PNG file or the window draws them, titles included."""
    from tapdesk.render import plots
    from tapdesk.render.figures import build_plot, style_for_print
    from tapdesk.render.page import ensure_app
    ensure_app()
    drawn = []
    with i18n.language("qps"):
        for figure in report.figures():
            widget = build_plot(plots, figure, inputs)
            if widget is None:
                continue
            style_for_print(widget, titles=True)
            drawn.append(figure.kind)
            assert_no_leaks("\n".join(scene_texts(widget)), WORDS, f"the plot {figure.kind}")
            widget.deleteLater()
    assert {"rater-accuracy", "plan-widths"} <= set(drawn), drawn
    assert any(kind.startswith("explain-") for kind in drawn), drawn


def test_the_pack_its_sheets_readme_and_file_names_are_in_the_language(panel, offered,
                                                                        tmp_path, capsys):
    out = tmp_path / "pack"
    code = main(["--language", "qps", "pack", str(panel), "--labels", LABELS, "--cut", "mittel",
                 "--title", "Prüfungsmappe", "--author", AUTHOR, "--sign", SIGNER,
                 "--out", str(out), "--zip"])
    printed, err = capsys.readouterr()
    assert code == 0, err[-3000:]
    assert_no_leaks(printed + err, WORDS, "tapdesk pack prints")
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert not file_name_leaks(names, WORDS, DATA_FILES), names
    for name in names:
        path = out / name
        if path.suffix == ".pdf":
            assert_no_leaks(pdf_text(path), WORDS, name)
        elif path.suffix == ".txt":
            assert_no_leaks(path.read_text(encoding="utf-8"), WORDS, name)
    assert sum(name.endswith(".pdf") for name in names) == 8      # the report, seven sheets


def test_the_feedback_book_is_in_the_language(panel, offered, tmp_path, capsys):
    book = tmp_path / "sheets.pdf"
    assert main(["--language", "qps", "feedback", str(panel), "--labels", LABELS, "--cut",
                 "mittel", "--out", str(book)]) == 0
    capsys.readouterr()
    assert_no_leaks(pdf_text(book), WORDS, "the feedback sheets in one PDF")


def test_the_report_command_and_the_files_it_writes_are_in_the_language(panel, offered,
                                                                        tmp_path, capsys):
    """``tapdesk report`` with its PNG plots and tables: what it prints and the files' names
    (the tables' CSV files are data, as their columns are)."""
    png, tables = tmp_path / "png", tmp_path / "tables"
    code = main(["--language", "qps", "report", str(panel), "--labels", LABELS, "--cut",
                 "mittel", "--model", "per-rater", "--rater-attribute", "Dienstjahre",
                 "--starts", "2", "--format", "html", "--out", str(tmp_path / "r.html"),
                 "--png-dir", str(png), "--png-size", "400x300", "--tables-dir", str(tables)])
    printed, err = capsys.readouterr()
    assert code == 0, err[-3000:]
    assert_no_leaks(printed + err, WORDS, "tapdesk report prints")
    names = sorted(p.name for p in png.iterdir())
    assert names and not file_name_leaks(names, WORDS), names
