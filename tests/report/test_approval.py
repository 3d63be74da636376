"""The approval block (issue 53): the people named with ``--sign "Name, role"`` get a line to
sign and a line to date, in the PDF, ODT, DOCX and HTML report and in the committee pack's."""

from __future__ import annotations

import re
import zipfile

import pytest
from pypdf import PdfReader

from tapdesk.errors import SettingError
from tapdesk.report.approval import APPROVAL_TITLE, SIGNATURE_LINE, Signer, approval_section
from tests.cli.test_report import run_cli
from tests.report.test_document import ratings_csv

SIGNERS = ("Ada Lovelace, chair of the panel", "Bob Smith, statistician")


def flat(text: str) -> str:
    """Text without its spaces (a PDF's extracted spacing varies)."""
    return re.sub(r"\s+", "", text)


def written_text(path) -> str:
    """The words a reader sees in a written report of any format."""
    if path.suffix == ".pdf":
        return "\n".join(page.extract_text() for page in PdfReader(path).pages)
    if path.suffix == ".docx":
        import docx
        return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    if path.suffix == ".odt":
        with zipfile.ZipFile(path) as odt:
            xml = odt.read("content.xml").decode("utf-8")
        return re.sub(r"<[^>]+>", " ", xml.replace("<text:s/>", " "))
    return re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return ratings_csv(tmp_path_factory.mktemp("approval") / "panel.csv")


@pytest.mark.parametrize("fmt", ["pdf", "odt", "docx", "html"])
def test_sign_on_the_command_line_puts_the_approval_block_in_each_format(data, tmp_path, fmt):
    out = tmp_path / f"report.{fmt}"
    signs = [word for signer in SIGNERS for word in ("--sign", signer)]
    done = run_cli("report", str(data), "--class1", "yes", "--starts", "2", *signs,
                   "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    text = written_text(out)
    block = text[text.rindex(APPROVAL_TITLE):]       # the section, after its contents line
    for signer in SIGNERS:
        assert flat(signer) in flat(block), (signer, block[:600])
    assert flat(block).count(flat(SIGNATURE_LINE)) == len(SIGNERS)
    first, second = (flat(block).index(flat(s)) for s in SIGNERS)
    assert first < second                          # in the order given


def test_without_signers_there_is_no_block():
    assert approval_section(()) is None and approval_section(["  "]) is None


def test_a_signer_without_a_name_is_refused_with_the_form_to_use(data, tmp_path):
    with pytest.raises(SettingError, match="Name, role"):
        Signer.parse(", chair")
    assert Signer.parse("  Ada  Lovelace ,  chair, panel ").label() == \
        "Ada Lovelace, chair, panel"
    assert Signer.parse("Ada Lovelace").label() == "Ada Lovelace"
    done = run_cli("report", str(data), "--sign", ", chair", "--out", str(tmp_path / "r.pdf"))
    assert done.returncode == 2 and "--sign" in done.stderr and "Name, role" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "r.pdf").exists()


def test_the_reproduce_command_keeps_the_signers(data, tmp_path):
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report import ReportInputs, build_report
    table = read_ratings(data).table
    result = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table)
    doc = build_report(ReportInputs(result, table, coefficients=None, signers=SIGNERS))
    assert doc.section("approval").title == APPROVAL_TITLE
    keys = [s.key for s in doc.sections]
    assert keys[-1] == "approval" and "approval-page-one" not in keys   # the signatures close it
    for signer in SIGNERS:
        assert f"--sign '{signer}'" in doc.commands[0]
    assert "--sign-on-page-one" not in doc.commands[0]
    again = build_report(ReportInputs(result, table, coefficients=None, signers=SIGNERS,
                                      sign_on_page_one=True))
    keys = [s.key for s in again.sections]
    assert keys[:2] == ["summary", "approval-page-one"] and keys[-1] == "approval"
    assert "--sign-on-page-one" in again.commands[0]


def _pages(path) -> list[str]:
    return [flat(page.extract_text()) for page in PdfReader(path).pages]


def test_the_block_is_on_the_last_page_and_on_page_one_when_asked(data, tmp_path):
    signs = [word for signer in SIGNERS for word in ("--sign", signer)]
    for extra, name in (((), "end.pdf"), (("--sign-on-page-one",), "both.pdf")):
        done = run_cli("report", str(data), "--class1", "yes", "--starts", "2", *signs, *extra,
                       "--out", str(tmp_path / name))
        assert done.returncode == 0, done.stderr[-2000:]
    end, both = _pages(tmp_path / "end.pdf"), _pages(tmp_path / "both.pdf")
    line = flat(SIGNATURE_LINE)                # (the footer's command names the signers too)
    for pages, on_page_one in ((end, False), (both, True)):
        assert len(pages) >= 3
        assert [page.count(line) for page in pages] == \
            [len(SIGNERS) * on_page_one] + [0] * (len(pages) - 2) + [len(SIGNERS)]


def test_the_committee_pack_report_has_the_block(data, tmp_path):
    out = tmp_path / "pack"
    done = run_cli("pack", str(data), "--class1", "yes", "--sign", SIGNERS[0],
                   "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    text = written_text(out / "report.pdf")
    block = text[text.rindex(APPROVAL_TITLE):]
    assert flat(SIGNERS[0]) in flat(block) and flat(SIGNATURE_LINE) in flat(block)
