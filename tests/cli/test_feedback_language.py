"""``tapdesk --language X feedback`` and ``tapdesk --language X pack`` (issue 79): what the
commands print, every feedback sheet, and the pack's report and README hold no English sentence
(no run of six words shared with the English output of the same data); the sheets keep the
raters' letters in their names, after the language's word for them."""

from __future__ import annotations

import csv

import pytest

from tapdesk import i18n
from tapdesk.report.file_names import readme_file, report_file, sheet_prefix
from tests.cli.test_report import run_cli
from tests.i18n.english_runs import assert_no_english
from tests.render.pdftext import pdf_text

PEOPLE = ("Ärztin Müller", "Dr. Öztürk", "Weiß", "Groß")


def _panel(path):
    """40 subjects, four named raters, yes/no: enough ratings for every sheet's numbers."""
    pattern = ["yes", "no", "yes", "yes", "no", "no", "yes", "no", "yes", "no", "no"]
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["subject", *PEOPLE])
        for i in range(40):
            out.writerow([f"s{i + 1}", *(pattern[(i + j * (i % 3 == 0)) % len(pattern)]
                                         for j in range(len(PEOPLE)))])
    return path


def _written(tmp, language: str) -> dict[str, str]:
    """What each output says, by what it is (the files are named in ``language``)."""
    with i18n.language(language):
        prefix, readme, report = sheet_prefix(), readme_file(), report_file()
    data = _panel(tmp / "panel.csv")
    texts = {}
    fb = run_cli("--language", language, "feedback", str(data), "--class1", "yes",
                 "--out", str(tmp / "fb"))
    assert fb.returncode == 0, fb.stderr[-2000:]
    texts["feedback printed"] = fb.stdout
    for name in PEOPLE:
        sheet = tmp / "fb" / f"{prefix}{name.replace(' ', '_')}.pdf"
        assert sheet.is_file(), sorted(p.name for p in (tmp / "fb").iterdir())
        texts[f"the sheet of {name}"] = pdf_text(sheet)
    pack = run_cli("--language", language, "pack", str(data), "--class1", "yes", "--title",
                   "Panel", "--out", str(tmp / "pack"))
    assert pack.returncode == 0, pack.stderr[-2000:]
    texts["pack printed"] = pack.stdout
    texts["README"] = (tmp / "pack" / readme).read_text(encoding="utf-8")
    texts["the pack's report"] = pdf_text(tmp / "pack" / report)
    return texts


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return _written(tmp_path_factory.mktemp("en"), "en")


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_feedback_and_pack_commands_leave_no_english(english, tmp_path, language):
    own = (*PEOPLE, "Panel", "yes", "no")
    written = _written(tmp_path, language)
    assert written.keys() == english.keys()
    for where, text in written.items():
        assert_no_english(text, english[where], own, where)
    quoted = {"de": "\u201eyes\u201c", "fr": "\u00ab\u00a0yes\u00a0\u00bb", "es": "\u00abyes\u00bb"}[language]
    for name in PEOPLE:              # Class 1 named in the language's quotes, never 'yes'
        sheet = " ".join(written[f"the sheet of {name}"].split())
        assert "'yes'" not in sheet and " ".join(quoted.split()) in sheet, sheet[:400]
