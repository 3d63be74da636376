"""A target answer (the subjects needed for a width or a power) in the exported report: the
sentences ``tapdesk plan`` prints, from the target result's own numbers, in the PDF, Word, HTML
and ODT files alike; and ``tapdesk report --plan-target-*`` (issue 30, part 5)."""

from __future__ import annotations

import html
import re
import zipfile

import pytest

pytest.importorskip("PySide6")
import docx  # noqa: E402

from tapdesk.cli.main import main  # noqa: E402
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.binary.simulate import TapParameters, simulate_table  # noqa: E402
from tapdesk.engine.planning import PlanRequest  # noqa: E402
from tapdesk.engine.planning.target import Target, find_subjects  # noqa: E402
from tapdesk.report import ReportInputs, build_report  # noqa: E402
from tapdesk.report.plan import target_text, target_words  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def answered():
    """A power target answered for 2 and 3 raters, and a report holding it."""
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, seed=9)
    result = fit(FitRequest(model="tap", n_starts=2), table)
    request = PlanRequest(0.3, 0.6, 0.4, raters=(2, 3), subjects=(60,), sims=20, seed=3,
                          versus=0.4, workers=1)
    target = find_subjects(request, Target("power", 0.8))
    return target, build_report(ReportInputs(result, table, None, plan=target))


def flat(text: str) -> str:
    """The text without whitespace: a PDF's lines break anywhere, also after a hyphen."""
    return re.sub(r"\s+", "", text)


def shown_lines(target) -> list[str]:
    words = target_words(target)
    return [*words.answers, *words.classical, words.classical_note]


def test_the_section_prints_the_targets_own_numbers(answered):
    target, doc = answered
    section = doc.section("plan")
    assert section.title == "Plan for the next study"
    assert not [b for b in section.blocks if getattr(b, "kind", "") == "plan-widths"]
    text = doc.as_text()
    for line in shown_lines(target):
        assert line in text and line in target_text(target)       # the CLI prints the same
    two, three = target.designs
    assert "2 raters per subject: not reachable" in text and three.reachable
    assert (f"3 raters per subject: {three.subjects:,} subjects (power {100 * three.value:.1f}% "
            f"\u00b1 {100 * three.mc_error:.1f} there)") in text
    classical = target.classical[1]
    assert (f"3 raters per subject: {classical.subjects:,} subjects for a chance of 80% that a test "
            f"at the 5% level tells Fleiss' kappa {classical.kappa1:.3f} from "
            f"{classical.kappa0:.3f}") in text
    assert f"{classical.exact:.2f} before rounding up" in text


def file_text(path, fmt: str) -> str:
    """The words of a written report: the PDF's extracted text, the Word paragraphs read back
    with python-docx, the HTML and the ODT's content without their tags."""
    if fmt == "pdf":
        from tests.render.test_pdf import page_texts
        return " ".join(page_texts(path))
    if fmt == "docx":
        return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    raw = (path.read_text(encoding="utf-8") if fmt == "html"
           else zipfile.ZipFile(path).read("content.xml").decode("utf-8"))
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "odt"])
def test_every_format_renders_the_same_target_section(answered, tmp_path, fmt):
    from tapdesk.render.page import ensure_app
    from tapdesk.render.writer import write_report
    ensure_app()
    target, doc = answered
    text = flat(file_text(write_report(doc, tmp_path / f"target.{fmt}"), fmt))
    assert "Planforthenextstudy" in text
    for line in shown_lines(target):
        assert flat(line) in text, line


def test_report_command_puts_a_width_answer_in_the_report(tmp_path, capsys):
    data = ratings_csv(tmp_path / "panel.csv")
    out = tmp_path / "target.docx"
    assert main(["report", str(data), "--class1", "yes", "--starts", "2", "--seed", "3",
                 "--plan-target-width", "0.35", "--plan-raters", "3", "--plan-subjects", "60",
                 "--plan-sims", "20", "--out", str(out)]) == 0, capsys.readouterr().err
    paragraphs = [p.text.replace("\u00a0", " ").replace("\u2011", "-")     # no-break: plain
                  for p in docx.Document(str(out)).paragraphs]
    text = "\n".join(paragraphs)
    assert "Subjects needed for a median interval for a at most 0.35 wide" in text
    assert re.search(r"^3 raters per subject: [\d,]+ subjects \(median width 0\.\d{3} ", text,
                     re.MULTILINE)
    assert "Classical answer beside it (Fleiss' kappa):" in paragraphs
    assert "--plan-target-width 0.35" in text          # the command that reproduces it


@pytest.mark.parametrize("flags, words", [
    (["--plan-target-power", "0.8"], "--plan-target-power needs --plan-versus"),
    (["--plan-target-width", "0.3", "--plan-target-power", "0.8", "--plan-versus", "0.5"],
     "not both"),
    (["--plan-for", "t"], "--plan-for names the parameter of --plan-target-width"),
    (["--plan-target-width", "1.5"], "at most 1; got 1.5 (command line: --plan-target-width)"),
])
def test_report_target_options_are_checked_before_any_fit(tmp_path, capsys, flags, words):
    out = tmp_path / "never.pdf"
    assert main(["report", str(tmp_path / "missing.csv"), *flags, "--out", str(out)]) != 0
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and not out.exists()


def test_a_report_made_without_a_command_line_says_how_to_redo_its_plan(answered, capsys):
    target, doc = answered
    text = doc.as_text()
    assert "The study plan comes from this command:" in text
    command = next(line for line in text.splitlines() if line.startswith("tapdesk plan "))
    import json
    import shlex
    assert main([*shlex.split(command)[1:], "--workers", "1", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["subjects_needed"] == json.loads(json.dumps(target.to_dict()))["subjects_needed"]


def test_the_plan_command_of_a_plain_plan_gives_the_same_plan(capsys):
    import json
    import shlex

    from tapdesk.engine.planning import plan
    from tapdesk.report.reproduce import plan_command
    made = plan(PlanRequest(0.3123456789, 0.6, 0.4, raters=(3,), subjects=(40,), sims=20, seed=5,
                            versus=0.5, level=0.9, workers=1))
    command = plan_command(made)
    assert "--t 0.3123456789" in command and "--level 0.9" in command
    assert main([*shlex.split(command)[1:], "--workers", "1", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["designs"] == json.loads(json.dumps(made.to_dict()))["designs"]


def test_a_planned_value_beside_its_need_is_never_rounded_onto_it():
    from tapdesk.report.plan import Quantity
    width = Quantity("width_a", "Width", percent=False)
    assert width.number(0.2003, 0.2) == "0.2003"          # not "0.200", which reads as met
    assert width.number(0.195, 0.2) == "0.195"
    assert width.number(0.2, 0.2) == "0.200"
    assert width.number(0.2003) == "0.200"                 # alone, three decimals as ever
    share = Quantity("power", "Power", percent=True)
    assert share.number(0.79996, 0.8) == "79.996%"
