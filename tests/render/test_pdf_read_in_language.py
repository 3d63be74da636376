"""The wine report read as a German reader gets it (issue 54): the PDF's text, page by page,
has no English words left beside the data, the references and the reproducing command, writes
every decimal with a comma and a percent as "54 %", and holds the same decimals as the English
PDF of the same fit, plots and tables included."""

from __future__ import annotations

import re
from collections import Counter

import pytest

pytest.importorskip("PySide6")

from tapdesk import i18n  # noqa: E402
from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.document import References  # noqa: E402
from tests.i18n.english_numbers import GERMAN_GROUPED, english_numbers  # noqa: E402
from tests.render.test_pdf import page_texts  # noqa: E402
from tests.report.test_content import LABELS, run, wine_table  # noqa: E402

pytestmark = pytest.mark.gui

ENGLISH = frozenset({"the", "and", "of", "with", "to", "is", "are", "for", "this", "that",
    "from", "by", "or", "not", "when", "each", "both", "only", "at", "below", "rater", "raters",
    "accuracy", "guess", "guesses", "subject", "subjects", "interval", "category", "categories",
    "class", "share", "truly", "says", "agreement", "probability", "rating", "ratings",
    "undefined", "average", "classical", "coefficient", "coefficients", "model", "data", "row",
    "number", "percent", "index", "wide", "per", "chance", "cut", "analysis", "report", "value",
    "estimate", "change"})
"""Words that are English and no German word: one in the German text is an English text left."""
DECIMAL = re.compile(r"(?<![\w.,])[\u2212-]?\d+[.,]\d+(?![\w.,]*\d)")
VERSION = re.compile(r"\d+\.\d+\.\d+(\.dev\d+)?")


def _written(tmp_path, language: str, inputs: ReportInputs) -> tuple[str, list[str]]:
    with i18n.language(language):
        doc = build_report(inputs, created="2026-01-02")
        path = write_report(doc, tmp_path / f"wine-{language}.pdf")
        quoted = [entry.text for block in doc.blocks() if isinstance(block, References)
                  for entry in block.entries]
    return " ".join(page_texts(path)), quoted


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    from tapdesk.render.page import ensure_app
    ensure_app()
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze")]
    inputs = ReportInputs.of([ReportAnalysis(result, table) for result in results])
    folder = tmp_path_factory.mktemp("read")
    return {language: _written(folder, language, inputs) for language in ("en", "de")}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def unquoted(text: str, quoted: list[str]) -> str:
    """A report's text without what it quotes: the references, the reproducing command (from
    "tapdesk report" to the end of its paragraph), the data's names (file, categories)."""
    text = _flat(text)
    for item in quoted:
        text = text.replace(_flat(item), " ")
    text = re.sub(r"tapdesk report .*?--out report\.pdf", " ", text)
    text = re.sub(r"\[[a-z0-9-]+\]", " ", text)            # a model's code: "[per-rater]"
    for name in (*(label for _code, label in LABELS), "wine.csv"):
        text = text.replace(name, " ")
    return text


def english_words(text: str, quoted: list[str]) -> list[str]:
    """The English words of a translated report's text, past what it quotes."""
    return [w for w in re.findall(r"[A-Za-z']+", unquoted(text, quoted)) if w.lower() in ENGLISH]


CITATION = re.compile(r"\([^()]*\b(1[89]|20)\d\d\)")
"""A citation, "(Cohen 1960; Fleiss 1971)", "(Hovy et al. 2013)": names the report quotes."""


def _runs(text: str, n: int) -> set[str]:
    """Every run of ``n`` consecutive words (of letters only, two or more, lower case; a number,
    a hash, a formula's letter or a citation ends a run)."""
    words: list[str] = []
    for token in CITATION.sub(" ", text).split():
        word = token.strip(".,;:!?()[]\"'\u2018\u2019\u201c\u201d\u201e\u00ab\u00bb")
        words.append(word.lower() if word.isalpha() and len(word) > 1 else "")
    runs = (words[i:i + n] for i in range(len(words) - n + 1))
    return {" ".join(run) for run in runs if all(run)}


def english_runs(text: str, english: str, quoted: list[str], n: int = 4) -> list[str]:
    """The runs of ``n`` words a translated report shares with the English report of the same
    fit, past what both quote: a text the translation left in English (issue 54)."""
    return sorted(_runs(unquoted(text, quoted), n) & _runs(unquoted(english, quoted), n))


def decimals(text: str, grouped: re.Pattern[str] | None = None) -> Counter[str]:
    """Every decimal number a reader sees, with a point for its mark (the version and the
    whole numbers ``grouped`` matches left out: German groups 1.000 with a point)."""
    text = VERSION.sub(" ", text).replace("\u2212", "-")
    text = grouped.sub(" ", text) if grouped else text
    return Counter(n.replace(",", ".") for n in DECIMAL.findall(text))


def test_the_german_pdf_has_no_english_words_left(reports):
    text, quoted = reports["de"]
    assert english_words(text, quoted) == []


def test_the_check_finds_english_words():
    assert english_words("Die Beurteiler: the raters agree", []) == ["the", "raters"]


def test_the_german_pdf_shares_no_run_of_four_words_with_the_english_pdf(reports):
    (german, quoted), (english, _quoted) = reports["de"], reports["en"]
    assert english_runs(german, english, quoted) == []


def test_the_run_check_finds_an_english_sentence_left():
    english = "Raters cannot be estimated from these data: 0.00 to 1.00."
    german = "Beurteiler: cannot be estimated from these data: 0,00 bis 1,00."
    assert english_runs(german, english, []) == ["be estimated from these",
                                                 "cannot be estimated from",
                                                 "estimated from these data"]
    assert english_runs("(Cohen 1960; Fleiss 1971; Krippendorff 2004) 2123b72b2d0d5041964554f0",
                        "(Cohen 1960; Fleiss 1971; Krippendorff 2004) 2123b72b2d0d5041964554f0",
                        []) == []


def test_the_german_pdf_writes_decimal_commas_and_spaced_percents(reports):
    text, _quoted = reports["de"]
    assert english_numbers(text) == []
    assert re.search(r"\d\u00a0%|\d %", text) and not re.search(r"\d%", text)


def test_the_german_pdf_holds_the_english_pdfs_numbers(reports):
    english = decimals(reports["en"][0])
    german = decimals(reports["de"][0], GERMAN_GROUPED)
    assert len(english) > 30
    assert english - german == Counter() and german - english == Counter()
