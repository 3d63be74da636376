"""The printed report read back (pypdf, pdftoppm): every analysis with its plots, numbers that
equal the results, one value per label, each warning once, a contents list that points to the
right pages, legible plots and every page rendered, for each kind of report."""

from __future__ import annotations

import re
import shutil
import zipfile

import numpy as np
import pytest

pytest.importorskip("PySide6")
from pypdf import PdfReader  # noqa: E402

from tapdesk.data.readers import read_ratings  # noqa: E402
from tapdesk.engine.results import fmt  # noqa: E402
from tapdesk.render.pdf import page_plan  # noqa: E402
from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.context import make_context  # noqa: E402
from tapdesk.report.print_text import NB_HYPHEN, NBSP  # noqa: E402
from tests.render.test_pdf import _gray_pages, needs_pdftoppm, page_texts, plot_ink  # noqa: E402
from tests.report.test_content import LABELLED, RAW_KEY, run, wine_table  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui
SCREEN_WORDS = ("hover", "click", "tooltip", "mouse")


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


@pytest.fixture(scope="module")
def wine(qapp, tmp_path_factory):
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze"),
               run("coefficients", table), run("ordinal-cuts", table)]
    doc = build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results],
                                       title="Wine judging", author="Tasting committee",
                                       note="Draft for the May meeting."))
    path = write_report(doc, tmp_path_factory.mktemp("wine") / "wine.pdf")
    return doc, results, path, page_texts(path)


def analysis_pages(doc, texts) -> dict[int, list[int]]:
    """{analysis number: the page indexes its section spans}, from the headings found."""
    titles = [s.title for s in doc.sections if s.key.startswith("analysis-")]
    starts = [next(i for i, t in enumerate(texts) if f"{title} What it found" in t)
              for title in titles]
    warnings = next(i for i, t in enumerate(texts) if re.search(r"Warnings (Warning 1\.|None of)", t))
    ends = starts[1:] + [warnings + 1]
    return {n: list(range(start, max(end, start + 1)))
            for n, (start, end) in enumerate(zip(starts, ends), start=1)}


@needs_pdftoppm
def test_every_analysis_contributes_at_least_one_plot(wine, tmp_path):
    doc, _, path, texts = wine
    spans = analysis_pages(doc, texts)
    assert len(spans) == 4
    inked = plot_ink(path, doc, tmp_path)
    assert len(inked) == len(doc.figures())
    assert all(share > 0.01 for _, share in inked), inked       # drawn, not empty frames
    for number, pages in spans.items():
        assert any(index in pages for index, _ in inked), \
            f"Analysis {number} has no plot on pages {pages}"


def test_title_author_note_and_conclusion_open_page_one(wine):
    _, results, _, texts = wine
    first = texts[0]
    assert first.startswith("Wine judging")
    assert "Prepared by Tasting committee" in first and "Draft for the May meeting." in first
    assert first.index("Conclusion") < first.index("Key numbers") < first.index("What was analysed")
    assert "Accuracy: raters are accurate on about 44%" in first
    assert "'slight' on the Landis & Koch scale" in first and "conventions, not findings" in first


def test_every_number_printed_equals_the_results(wine):
    doc, results, _, texts = wine
    spans = analysis_pages(doc, texts)
    for number, result in enumerate(results, start=1):
        text = " ".join(texts[i] for i in spans[number])
        if result.model == "coefficients":
            for est in result.params:
                value = f"{est.name} {fmt(est.value)}" if est.value == est.value else est.name
                assert value in text, value
                if est.ci:
                    assert f"{fmt(est.se)} {fmt(est.ci[0])} to {fmt(est.ci[1])}" in text
        elif result.model == "ordinal-cuts":
            for est in result.params:
                assert f"{fmt(est.value)} {fmt(est.ci[0])} to {fmt(est.ci[1])}" in text
        else:
            for est in result.params:
                assert (f"{est.name} {fmt(est.value)} {fmt(est.se)} {fmt(est.ci[0])} to "
                        f"{fmt(est.ci[1])}") in text
            for rater in result.raters:
                a = rater.get("a")
                assert f"{rater.rater_id} {rater.n_ratings} {fmt(a.value)} " \
                       f"{fmt(a.ci[0])} to {fmt(a.ci[1])}" in text


def test_no_number_has_two_values_under_one_label(wine):
    doc, results, _, texts = wine
    spans = analysis_pages(doc, texts)
    regions = {"page one": texts[0]}
    regions.update({f"Analysis {n}": " ".join(texts[i] for i in pages)
                    for n, pages in spans.items()})
    checked = 0
    for region, text in regions.items():
        seen: dict[str, set[str]] = {}
        for label, value in LABELLED.findall(text):
            seen.setdefault(label, set()).add(value)
        clash = {k: v for k, v in seen.items() if len(v) > 1}
        assert not clash, f"{region}: {clash}"
        checked += len(seen)
    assert checked >= 2
    key_a = re.search(r"Accuracy a (\d\.\d{3})", texts[0]).group(1)
    assert key_a == fmt(results[0].value("a"))


def test_no_warning_is_printed_twice(wine):
    doc, _, _, texts = wine
    text = " ".join(texts)
    notices = make_context(doc.inputs).notices
    assert notices
    for notice in notices:
        message = re.sub(r"\s+", " ", notice.message)
        assert text.count(message) == 1, message
    assert "None of the analyses raised a warning" not in text


def test_contents_list_points_to_the_right_pages(wine):
    doc, _, path, texts = wine
    assert len(texts) > 3
    contents = next(t for t in texts if " Contents " in f" {t} ")
    for section in doc.sections:
        if section.key in ("summary", "contents"):
            continue
        found = re.search(re.escape(section.title) + r"[ .]*?(\d+)(?= |$)", contents)
        assert found, section.title
        page = int(found.group(1))
        assert section.title in texts[page - 1], (section.title, page)


def test_body_has_no_raw_keys_or_screen_words(wine):
    _, _, _, texts = wine
    method = next(i for i, t in enumerate(texts) if "Method notes and references" in t
                  and "Contents" not in t)
    body = " ".join(re.sub(r"Reproduce this report with: .*?(Page \d+ of \d+|$)", "", t)
                    for t in texts[:method])
    assert not RAW_KEY.findall(body), RAW_KEY.findall(body)
    for word in SCREEN_WORDS + ("nats", "HDI90", "logit-Wald"):
        assert word not in body.lower() if word.islower() else word not in body, word


def test_intervals_never_wrap_and_plots_print_at_their_laid_out_size(wine):
    from tapdesk.render.figures import logical_dpi
    from tapdesk.render.layout import ImageBlock, PlotPicture
    from tapdesk.render.table import TableBlock
    doc, _, _, _ = wine
    pages = page_plan(doc)
    checked = images = 0
    for page in pages:
        for _, block in page:
            if isinstance(block, TableBlock):
                width = sum(block.widths) if block.widths else 0.0
                _, _, _, rows, _ = block._layout(width)
                for boxes, cells in zip(rows, block.cells[block.first:block.end]):
                    for box, cell in zip(boxes, cells):
                        if "\u00a0to\u00a0" in cell:
                            checked += 1
                            assert box.layout.lineCount() == 1, cell
            if isinstance(block, ImageBlock):
                images += 1
                width = block.styles.mm(174)
                assert block.size(width) == block.fixed        # not shrunk: text keeps its size
                picture = block.image
                assert isinstance(picture, PlotPicture)        # vector: sharp at any zoom
                laid_out_mm = picture.width() / logical_dpi() * 25.4
                assert laid_out_mm == pytest.approx(block.fixed[0] / block.styles.px_per_mm,
                                                    abs=0.3)    # its text prints at its points
    assert checked > 20 and images == len(doc.figures())


def test_plot_text_is_at_least_8_points_at_print_size(wine):
    from tapdesk.render import plots
    from tapdesk.render.figures import MIN_PT, build_plot, style_for_print, text_sizes
    doc, _, _, _ = wine
    for figure in doc.figures():
        widget = build_plot(plots, figure, doc.inputs)
        style_for_print(widget, titles=False)
        sizes = text_sizes(widget)
        assert sizes, figure.kind
        small = [(what, pt) for what, pt in sizes if pt < MIN_PT]
        assert not small, (figure.kind, small)
        widget.deleteLater()


@pytest.fixture(scope="module")
def kinds(qapp, tmp_path_factory):
    """One PDF of each kind of report: binary fit, per-rater, Bayesian, coefficients only,
    ordinal only."""
    folder = tmp_path_factory.mktemp("kinds")
    panel = read_ratings(ratings_csv(folder / "panel.csv", n_subjects=80)).table
    wine = wine_table()
    made = {"binary": [run("tap", panel, class1=("yes",))],
            "per-rater": [run("per-rater", panel, class1=("yes",))],
            "bayesian": [run("tap", panel, class1=("yes",), method="exact")],
            "coefficients": [run("coefficients", wine)],
            "ordinal": [run("ordinal-cuts", wine)]}
    out = {}
    for kind, results in made.items():
        table = wine if kind in ("coefficients", "ordinal") else panel
        doc = build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results]))
        out[kind] = (doc, write_report(doc, folder / f"{kind}.pdf"))
    return out


@pytest.mark.slow
@needs_pdftoppm
@pytest.mark.parametrize("kind", ["binary", "per-rater", "bayesian", "coefficients", "ordinal"])
def test_each_kind_of_report_has_plots_and_no_contradiction(kinds, kind, tmp_path):
    doc, path = kinds[kind]
    inked = plot_ink(path, doc, tmp_path)
    assert len(inked) == len(doc.figures()) >= 1
    assert all(share > 0.01 for _, share in inked), inked
    text = " ".join(page_texts(path))
    warned = bool(make_context(doc.inputs).notices)
    assert ("None of the analyses raised a warning" in text) != warned
    assert "Prior for" not in text
    if kind == "bayesian":
        assert "Bayesian (exact)" in text and "95% credible interval" in text
        assert "Chains" not in text
    if kind == "coefficients":
        assert "Estimates:" not in text and "Classical agreement coefficients on all" in text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
@pytest.mark.parametrize("kind", ["binary", "per-rater", "bayesian", "coefficients", "ordinal"])
def test_every_page_renders(kinds, kind, tmp_path):
    _, path = kinds[kind]
    pages = _gray_pages(path, tmp_path)
    assert len(pages) == len(PdfReader(path).pages)
    edge = int(round(12 / 25.4 * 30))
    for number, page in enumerate(pages, start=1):
        assert page.min() < 128, f"{kind} page {number} is blank"
        assert page[:, :edge].min() > 240, f"{kind} page {number}: ink in the left margin"
        assert page[:, -edge:].min() > 240, f"{kind} page {number}: ink in the right margin"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
def test_every_page_of_the_wine_report_renders(wine, tmp_path):
    _, _, path, texts = wine
    pages = _gray_pages(path, tmp_path)
    assert len(pages) == len(texts)
    for number, page in enumerate(pages, start=1):
        assert page.min() < 128, f"page {number} is blank"
        ink = (page < 200).mean()
        assert ink > 0.002, f"page {number} is nearly empty"


def test_editable_copies_hold_the_same_report(wine, tmp_path):
    doc, results, _, _ = wine
    odt = write_report(doc, tmp_path / "wine.odt")
    with zipfile.ZipFile(odt) as archive:
        names = archive.namelist()
        content = archive.read("content.xml").decode("utf-8")
        assert archive.read("mimetype") == b"application/vnd.oasis.opendocument.text"
    assert sum(n.startswith("Pictures/") for n in names) == len(doc.figures())
    plain = re.sub(r"<[^>]+>", " ", content).replace("&apos;", "'")
    plain = plain.replace(NBSP, " ").replace(NB_HYPHEN, "-")    # headings keep numbers whole
    for needle in ("Wine judging", "Tasting committee", "Draft for the May meeting.",
                   "Analysis 4: Ordinal analysis", fmt(results[0].value("a")),
                   "judge columns are seats"):
        assert needle in plain, needle
    html = write_report(doc, tmp_path / "wine.html").read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") == len(doc.figures())
    assert "Analysis 2: t-a-p model, each rater on their own" in html
    from tapdesk.errors import SettingError
    with pytest.raises(SettingError):
        write_report(doc, tmp_path / "wine.rtf")


def test_heatmap_pixels_match_the_printed_legend(wine, tmp_path):
    """The print styling keeps the colour scale: a heatmap's cells are not washed out."""
    from tapdesk.render.figures import print_images
    doc, _, _, _ = wine
    images = print_images(doc, 174, 250)
    image, size = images["pairwise-heatmap"]
    assert size.width_mm == pytest.approx(174 * 0.9)
    arr = np.frombuffer(image.constBits(), np.uint8)[: image.sizeInBytes()]
    colourful = arr.reshape(image.height(), image.width(), 4)[..., :3].std(axis=2) > 30
    assert colourful.mean() > 0.05


def test_plots_name_the_categories_by_their_labels(wine):
    from tapdesk.render import plots
    from tapdesk.render.figures import build_plot
    doc, _, _, _ = wine
    by_kind = {f.kind: f for f in doc.figures()}
    distribution = build_plot(plots, by_kind["fit-distribution"], doc.inputs)
    assert "no medal or bronze" in distribution.getAxis("bottom").labelText
    cuts = build_plot(plots, by_kind["cut-points"], doc.inputs)
    ticks = [label for _, label in cuts.getAxis("bottom")._tickLevels[0]]
    assert ticks == ["no medal | bronze", "bronze | silver", "silver | gold"]
    pairs = build_plot(plots, by_kind["category-pairs"], doc.inputs)
    assert pairs.labels == ["no medal", "bronze", "silver", "gold"]
    for widget in (distribution, cuts, pairs):
        widget.deleteLater()
