"""The PDF report: text extracted with pypdf matches the result, pages, images, fonts, layout."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("PySide6")
from pypdf import PdfReader  # noqa: E402

from tapdesk.data.readers import read_ratings  # noqa: E402
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.results import fmt  # noqa: E402
from tapdesk.errors import SettingError  # noqa: E402
from tapdesk.render.figures import render_figures  # noqa: E402
from tapdesk.render.pdf import write_report_pdf  # noqa: E402
from tapdesk.report import ReportInputs, build_report  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui


def page_texts(path) -> list[str]:
    """Extracted text per page, ligatures expanded and whitespace collapsed."""
    stat = Path(path).stat()
    return list(_page_texts(str(path), stat.st_mtime_ns, stat.st_size))


@functools.lru_cache(maxsize=16)
def _page_texts(path: str, mtime_ns: int, size: int) -> tuple[str, ...]:
    """Kept per file and version: pypdf reads about 0.1 s a page, and several tests read the
    same report."""
    out = []
    for page in PdfReader(path).pages:
        text = unicodedata.normalize("NFKC", page.extract_text())
        out.append(re.sub(r"\s+", " ", text))
    return tuple(out)


needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="pdftoppm (poppler-utils) not installed")


@pytest.fixture(scope="module")
def report(tmp_path_factory, qapp):
    folder = tmp_path_factory.mktemp("report")
    dataset = read_ratings(ratings_csv(folder / "panel.csv", n_subjects=150))
    result = fit(FitRequest(model="per-rater", class1=("yes",), seed=7, n_starts=3),
                 dataset.table)
    doc = build_report(ReportInputs(result, dataset.table))
    path = write_report_pdf(doc, folder / "report.pdf")
    return doc, result, path


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


def test_sections_are_all_there(report):
    doc, _, path = report
    text = " ".join(page_texts(path))
    for section in doc.sections:
        assert section.title in text, section.title
    for needle in ("Conclusion", "What was analysed", "Key numbers", "SHA-256 of the file", "Limitations",
                   "Fleiss, J. L. (1971)", "Dawid, A. P., & Skene", "Landis, J. R., & Koch"):
        assert needle in text


def test_numbers_printed_equal_the_result(report):
    _, result, path = report
    pages = page_texts(path)
    first = pages[0]
    for est in result.params:
        assert f"{fmt(est.value)} 95% interval {fmt(est.ci[0])} to {fmt(est.ci[1])}" in first
    text = " ".join(pages)
    assert result.headline[0] in text
    assert result.provenance.sha256 in text.replace(" ", "")
    for rater in result.raters:
        accuracy = rater.get("a")
        assert (f"{rater.rater_id} {rater.n_ratings} {fmt(accuracy.value)} "
                f"{fmt(accuracy.ci[0])} to {fmt(accuracy.ci[1])}") in text
        for est in rater.estimates:
            assert fmt(est.value) in text
    for subject in result.subjects[:5] + result.subjects[-5:]:
        assert fmt(subject.probabilities[1]) in text


def test_page_count_footer_and_page_size(report, tmp_path):
    doc, _, path = report
    pages = page_texts(path)
    total = len(pages)
    assert total >= 5
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {total}" in text
        assert doc.footer_command.replace(" ", "") in text.replace(" ", "")
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    letter = write_report_pdf(doc, tmp_path / "letter.pdf", page_size="Letter")
    box = PdfReader(letter).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    with pytest.raises(SettingError):
        write_report_pdf(doc, tmp_path / "x.pdf", page_size="A3")


def test_appendix_tables_repeat_their_header_on_every_page(report):
    _, result, path = report
    pages = page_texts(path)
    continued = [t for t in pages if "Per-subject class probabilities (continued)" in t]
    assert len(continued) >= 2                       # 150 subjects need several pages
    for text in continued:
        assert "Subject Ratings Pr(Class 0) Pr(Class 1)" in text
    last = result.subjects[-1].subject_id
    assert any(re.search(rf"\b{last}\b", t) for t in continued)


@needs_pdftoppm
def test_plots_are_drawn_in_the_pdf_as_vectors_and_as_png_files(report, tmp_path):
    doc, _, path = report
    inked = plot_ink(path, doc, tmp_path)
    pngs = render_figures(doc, tmp_path / "png", 640, 400)
    assert len(inked) == len(pngs) and all(share > 0.01 for _, share in inked), inked
    bitmaps = 0
    for page in PdfReader(path).pages:
        objects = page.get("/Resources", {}).get("/XObject", {})
        bitmaps += sum(objects[name].get_object().get("/Subtype") == "/Image"
                       for name in objects)
    assert bitmaps <= 2 * len(pngs)              # only what is a bitmap: a heatmap's cells
    text = " ".join(page_texts(path))
    assert "Class-1 ratings" in text             # the plots' words are text, not pixels
    for png in pngs:
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (640, 400)


def test_the_shipped_font_is_embedded(report):
    _, _, path = report
    names = set()
    for page in PdfReader(path).pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            names.add(str(font.get("/BaseFont")))
            for desc in font.get("/DescendantFonts", []):
                descriptor = desc.get_object()["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor or "/FontFile3" in descriptor
    assert any("DejaVuSans" in n for n in names), names


def _gray_pages(path, folder):
    """Pages rendered by pdftoppm at 30 dpi as grey arrays."""
    subprocess.run(["pdftoppm", "-r", "30", "-gray", str(path), str(folder / "pg")], check=True)
    arrays = []
    for file in sorted(folder.glob("pg-*.pgm"), key=lambda p: int(p.stem.split("-")[-1])):
        data = file.read_bytes()
        magic, width, height, maxval, rest = data.split(maxsplit=4)
        assert magic == b"P5" and maxval == b"255"
        arrays.append(np.frombuffer(rest[: int(width) * int(height)], np.uint8)
                      .reshape(int(height), int(width)))
    return arrays


def plot_frames(doc, page_size: str = "A4") -> list[tuple[int, tuple[float, float, float, float]]]:
    """(page index, (left, top, right, bottom) in mm from the page's top left) of every plot
    as the PDF lays it out."""
    from tapdesk.render import page as report_page
    from tapdesk.render.layout import ImageBlock
    from tapdesk.render.pdf import page_plan
    width, _ = report_page.page_body(page_size)
    left_mm, top_mm = report_page.MARGINS_MM[:2]
    frames = []
    for index, page in enumerate(page_plan(doc, page_size)):
        for y, block in page:
            if isinstance(block, ImageBlock):
                w, h = block.size(width)
                mm = block.styles.px_per_mm
                x0, y0 = left_mm + (width - w) / 2 / mm, top_mm + y / mm
                frames.append((index, (x0, y0, x0 + w / mm, y0 + h / mm)))
    return frames


def plot_ink(path, doc, folder, page_size: str = "A4") -> list[tuple[int, float]]:
    """(page index, share of darkish pixels inside the frame) of every plot of ``doc`` in the
    PDF at ``path``, rendered by pdftoppm at 30 dpi (a frame left empty has none)."""
    pages = _gray_pages(path, folder)
    out = []
    for index, (x0, y0, x1, y1) in plot_frames(doc, page_size):
        px = [round((v + inset) / 25.4 * 30) for v, inset in
              ((x0, 1.5), (y0, 1.5), (x1, -1.5), (y1, -1.5))]
        inside = pages[index][px[1]:px[3], px[0]:px[2]]
        out.append((index, float((inside < 230).mean())))
    return out


@needs_pdftoppm
def test_rendered_pages_keep_inside_the_margins(report, tmp_path):
    _, _, path = report
    pages = _gray_pages(path, tmp_path)
    assert len(pages) == len(PdfReader(path).pages)
    edge = int(round(12 / 25.4 * 30))             # 12 mm: inside the 18 mm side margins
    for number, page in enumerate(pages, start=1):
        assert page.min() < 128, f"page {number} is blank"
        assert page[:, :edge].min() > 240, f"page {number}: ink in the left margin"
        assert page[:, -edge:].min() > 240, f"page {number}: ink in the right margin (overflow)"
        assert page[-int(round(8 / 25.4 * 30)):, :].min() > 240, f"page {number}: bottom clipped"


def test_no_heading_ends_a_page_and_every_block_fits(report):
    from tapdesk.render.pdf import page_plan
    doc, _, _ = report
    pages = page_plan(doc)
    for number, page in enumerate(pages, start=1):
        assert page, f"page {number} is empty"
        last = page[-1][1]
        assert not getattr(last, "keep_next", False), f"page {number} ends with a heading"
    letter = page_plan(doc, "Letter")
    assert all(not getattr(p[-1][1], "keep_next", False) for p in letter)


def test_curves_drawn_only_in_the_kept_rendering_give_the_same_image(qapp, monkeypatch):
    """The layout passes of a printed plot skip its curves (a long antialiased trace costs a
    tenth of a second each time); the kept image is the one a full rendering each time gives,
    the curves are in it, and they are left painted afterwards."""
    import contextlib

    import pyqtgraph as pg

    from tapdesk.render import figures
    rng = np.random.default_rng(3)

    def trace_widget():
        widget = pg.GraphicsLayoutWidget()
        for row in range(2):
            plot = widget.addPlot(row=row, col=0)
            for chain in range(3):
                plot.plot(rng.normal(size=800) + 10 * chain,
                          pen=pg.mkPen(pg.intColor(chain), width=1))
        figures.thicken(widget, figures.SUPERSAMPLE)
        return widget

    def bits(image):
        return np.frombuffer(bytes(image.constBits()), np.uint8).reshape(image.height(), -1)

    state = rng.bit_generator.state
    fast_widget = trace_widget()
    fast = bits(figures.render_widget(fast_widget, 400, 300))
    rng.bit_generator.state = state
    monkeypatch.setattr(figures, "curves_unpainted", lambda widget: contextlib.nullcontext())
    full = bits(figures.render_widget(trace_widget(), 400, 300))
    np.testing.assert_array_equal(fast, full)
    assert (fast.reshape(fast.shape[0], -1, 4)[..., :3] < 200).any(axis=-1).mean() > 0.02
    no_contents = pg.QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    curves = [i for i in fast_widget.scene().items() if isinstance(i, pg.PlotCurveItem)]
    assert len(curves) == 6 and not any(c.flags() & no_contents for c in curves)


def test_layout_passes_into_one_pixel_give_the_full_size_image(qapp, monkeypatch):
    """The layout passes of a printed plot paint into a one-pixel image (they only measure);
    the kept image is the one a full-size layout pass gives: curves, labels, a legend and a
    heatmap laid out alike."""
    import pyqtgraph as pg
    from PySide6.QtGui import QImage

    from tapdesk.render import figures
    rng = np.random.default_rng(5)

    def widget():
        layout = pg.GraphicsLayoutWidget()
        plot = layout.addPlot(row=0, col=0, title="share")
        plot.addLegend()
        plot.plot(rng.normal(size=200), pen=pg.mkPen("b", width=1), name="chain 1")
        plot.setLabel("left", "log-likelihood (higher fits better)")
        plot.setLabel("bottom", "iteration")
        heat = layout.addPlot(row=1, col=0)
        heat.addItem(pg.ImageItem(rng.random((6, 6))))
        figures.style_for_print(layout, titles=True)
        figures.thicken(layout, figures.SUPERSAMPLE)
        return layout

    def bits(image):
        return np.frombuffer(bytes(image.constBits()), np.uint8).reshape(image.height(), -1)

    state = rng.bit_generator.state
    probed = bits(figures.render_widget(widget(), 420, 380))
    rng.bit_generator.state = state

    def full_size(scale):
        image = QImage(round(420 * scale), round(380 * scale),
                       QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(scale)
        image.fill(0xFFFFFFFF)
        return image
    monkeypatch.setattr(figures, "layout_probe", full_size)
    np.testing.assert_array_equal(probed, bits(figures.render_widget(widget(), 420, 380)))
    assert (probed.reshape(probed.shape[0], -1, 4)[..., :3] < 200).any(axis=-1).mean() > 0.02


def test_a_recorded_plot_fills_exactly_its_frame_at_the_devices_resolution(qapp):
    """A PlotPicture plays into its target rectangle on a device of any DPI (the PDF's 300):
    QPicture's own DPI scaling is undone, so nothing spills out and nothing is left empty."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QPicture

    from tapdesk.render.layout import PlotPicture
    picture = QPicture()
    painter = QPainter(picture)
    painter.fillRect(0, 0, 200, 100, QColor("black"))
    painter.end()
    plot = PlotPicture.from_bytes(PlotPicture(picture, 200, 100).to_bytes(), 200, 100)
    assert (plot.width(), plot.height()) == (200, 100)
    image = QImage(400, 300, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(300 / 0.0254))           # 300 dpi, as the PDF writer
    image.setDotsPerMeterY(round(300 / 0.0254))
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    plot.draw(painter, QRectF(50, 40, 300, 120))
    painter.end()
    dark = np.frombuffer(bytes(image.constBits()), np.uint8).reshape(300, 400, 4)[..., 0] < 128
    rows, cols = np.nonzero(dark)
    assert (rows.min(), rows.max(), cols.min(), cols.max()) == (40, 159, 50, 349)
    assert dark[40:160, 50:350].all()


def test_printed_plots_draw_markers_as_shapes_and_no_cached_background(qapp):
    """On screen pyqtgraph copies markers from a screen-resolution bitmap and caches the
    background; printed, both are drawn (sharp in the PDF at any zoom)."""
    import pyqtgraph as pg
    from PySide6.QtGui import QPainter, QPicture

    from tapdesk.render import figures
    widget = pg.PlotWidget()
    widget.plot([0, 1, 2], [1, 3, 2], symbol="o", name="points")
    figures.style_for_print(widget, titles=False)
    figures.thicken(widget, figures.SUPERSAMPLE)     # re-applies the item's options
    scatters = [i for i in widget.scene().items() if isinstance(i, pg.ScatterPlotItem)]
    assert scatters and not any(s.opts["useCache"] for s in scatters)
    assert widget.cacheMode() == pg.QtWidgets.QGraphicsView.CacheModeFlag.CacheNone
    plot = figures.record_widget(widget, 300, 200)
    assert (plot.width(), plot.height()) == (300, 200)
    assert isinstance(plot.picture, QPicture) and plot.picture.size() > 0
    # played back, it draws: the markers and the axes leave ink
    from PySide6.QtGui import QImage
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    painter.drawPicture(0, 0, plot.picture)
    painter.end()
    pixels = np.frombuffer(bytes(image.constBits()), np.uint8).reshape(200, 300, 4)[..., :3]
    assert (pixels < 200).any(axis=-1).mean() > 0.01
    figures.dispose(widget)


def test_a_long_report_is_laid_out_once_with_its_contents(report, monkeypatch):
    """A report longer than CONTENTS_AFTER pages even without the pages its contents could
    take is paginated once, with the contents, and comes out as the two passes gave it (one
    without the contents, to count the pages, and one with them)."""
    from tapdesk.render import pdf as report_pdf
    from tapdesk.render.layout import Styles
    doc, _, _ = report
    writer = report_pdf.QPdfWriter(str(Path(tempfile.mkdtemp()) / "x.pdf"))
    writer.setResolution(report_pdf.DPI)
    writer.setPageLayout(report_pdf.page_layout("A4"))
    st = Styles(*report_pdf.load_fonts(), writer, report_pdf.PX_PER_MM)
    width, body_h = report_pdf.page_body("A4")
    images = report_pdf.figure_images(doc, *report_pdf.figure_area("A4"))
    calls = []
    paginate = report_pdf.paginate
    monkeypatch.setattr(report_pdf, "paginate", lambda *a: calls.append(1) or paginate(*a))
    once = report_pdf.pages_of(doc, st, images, width, body_h)
    assert len(calls) == 1
    without = paginate(report_pdf.flowables(doc, st, images, body_h), width, body_h)
    assert len(without) > report_pdf.CONTENTS_AFTER
    contents = report_pdf.ContentsBlock(doc, st)
    twice = paginate(report_pdf.flowables(doc, st, images, body_h, contents), width, body_h)
    contents.fill(twice)
    assert [[(y, type(b).__name__, b.height(width)) for y, b in page] for page in once] == \
        [[(y, type(b).__name__, b.height(width)) for y, b in page] for page in twice]
    listed = next(b for page in once for _, b in page if isinstance(b, report_pdf.ContentsBlock))
    assert listed.pages == contents.pages and listed.pages


def test_a_short_report_has_no_contents(qapp):
    """Three pages or fewer without the contents: none, even where the document has a place."""
    from tapdesk.render import pdf as report_pdf
    from tapdesk.report.document import Contents, Paragraph, ReportDocument, Section
    doc = ReportDocument("Short", "one section", (
        Section("contents", "Contents", (Contents(),)),
        Section("body", "Body", (Paragraph("Only a few words."),))), "tapdesk report x",
        "1.0", "2026-11-24")
    assert doc.contents_wanted()
    pages = report_pdf.page_plan(doc)
    assert len(pages) == 1
    assert not any(isinstance(b, report_pdf.ContentsBlock) for page in pages for _, b in page)


def test_the_footer_command_breaks_only_between_options(report, tmp_path):
    """A long command wraps in the footer, but never inside an option: each ``--option value``
    is on one line of the page, as :func:`option_groups` reads it."""
    from dataclasses import replace

    from tapdesk.report.print_text import option_groups
    doc, _, _ = report
    command = ("tapdesk report /a/rather/long/folder/name/for/the/ratings/panel-2026.csv "
               "--labels '1=no medal,2=bronze,3=silver,4=gold' --model tap --model per-rater "
               "--coefficients --cut bronze --method mcmc --chains 4 --draws 2000 "
               "--warmup 1000 --seed 20261121 --starts 12 --title 'Wine judging, May' "
               "--out /a/rather/long/folder/name/for/the/reports/wine-2026.pdf")
    path = write_report_pdf(replace(doc, footer_command=command), tmp_path / "long.pdf")
    text = PdfReader(path).pages[0].extract_text().replace("\t", " ")
    lines = [line.replace(" ", "") for line in text.splitlines()]   # pypdf's spacing varies
    start = next(i for i, line in enumerate(lines) if line.startswith("tapdeskreport"))
    written = lines[start:]
    assert len(written) >= 3
    assert "".join(written) == command.replace(" ", "")
    for group in option_groups(command):
        assert any(group.replace(" ", "") in line for line in written), (group, written)
    assert all(line.startswith("--") for line in written[1:]), written
