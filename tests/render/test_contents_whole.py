"""Issue 53: every line of the printed report's contents is whole (a long title was cut short
with "..."), each title followed by the page its section starts on, in the wine report and the
writing report of an explained fit named as the app names it."""

from __future__ import annotations

import re
import unicodedata

import pytest

pytest.importorskip("PySide6")

from tapdesk.render.writer import write_report  # noqa: E402
from tests.render.pdftext import pdf_text
from tests.render.two_reports import REPORTS  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())      # ligatures ("ﬃ") undone


@pytest.mark.parametrize("name", list(REPORTS))
def test_every_contents_line_is_whole(qapp, name, tmp_path):
    """Every section's title in the contents, whole (wrapped at most between words), then the
    page it starts on; no title ends in an ellipsis."""
    doc = REPORTS[name]()
    path = write_report(doc, tmp_path / "report.pdf")
    text = pdf_text(path, layout=True)
    pages = text.split("\f")
    start = next(i for i, page in enumerate(pages) if re.search(r"^\s*Contents\s*$", page, re.M))
    after = pages[start][re.search(r"^\s*Contents\s*$", pages[start], re.M).end():]
    listed = after.strip("\n").split("\n\n")[0]          # the list: up to the first blank line
    assert "\u2026" not in listed and not re.search(r"\w\.\.\.", listed), listed
    flat = _flat(listed)
    titles = [s.title for s in doc.sections if s.key not in ("summary", "contents")]
    assert len(titles) > 5
    for title in titles:
        shown = re.search(re.escape(_flat(title)) + r"[ .]*?(\d+)(?= |$)", flat)
        assert shown is not None, (title, flat)
        assert _flat(title) in _flat(pages[int(shown.group(1)) - 1]), title
