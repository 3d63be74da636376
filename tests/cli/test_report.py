"""``tapdesk report``: headless PDF, PNG plots and CSV/XLSX tables; bad input exits 2."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from pypdf import PdfReader  # noqa: E402

from tapdesk.report.print_text import NB_HYPHEN, NBSP  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui


def run_cli(*args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                            "QT_QPA_PLATFORM")}
    env.update(env_extra or {})
    done = subprocess.run([sys.executable, "-m", "tapdesk", *args], capture_output=True,
                          text=True, env=env, timeout=120)
    if done.returncode == 0 and args and args[0] in ("report", "pack"):
        check_reproduce_commands(args)
    return done


def check_reproduce_commands(args) -> None:
    """The report a command wrote: its reproduce commands run as copied out of the PDF."""
    from tests.reproduce_check import command_problems
    out = Path(args[list(args).index("--out") + 1]) if "--out" in args else Path("report.pdf")
    path = out / "report.pdf" if args[0] == "pack" else out
    if path.suffix == ".pdf" and path.exists():
        problems = command_problems(path)
        assert not problems, f"{path.name}: {problems}"


def test_report_command_writes_pdf_pngs_and_tables_without_a_display(tmp_path):
    data = ratings_csv(tmp_path / "panel.csv")
    out = tmp_path / "out" / "report.pdf"
    done = run_cli("report", str(data), "--class1", "yes", "--seed", "3", "--starts", "3",
                   "--out", str(out), "--png-dir", str(tmp_path / "png"), "--png-size", "500x300",
                   "--tables-dir", str(tmp_path / "tables"), "--page-size", "Letter", "--json")
    assert done.returncode == 0, done.stderr
    written = json.loads(done.stdout)
    assert written["pdf"] == str(out) and out.exists()
    reader = PdfReader(out)
    assert round(float(reader.pages[0].mediabox.height)) == 792
    footer = "tapdesk report " + str(data) + " --class1 yes --seed 3 --starts 3"
    assert footer.replace(" ", "") in reader.pages[0].extract_text().replace("\t", "").replace(
        "\n", "").replace(" ", "")
    assert written["png"] and all(p.endswith(".png") for p in written["png"])
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))
    captions = set(re.findall(r"Figure (\d+)\. ", text))
    assert len(captions) == len(written["png"])
    assert "Class-1 ratings" in text     # the plots are drawn as vectors: their words are text
    names = {os.path.basename(p) for p in written["tables"]}
    assert {"parameters.csv", "provenance.csv", "tables.xlsx"} <= names


def test_report_command_errors_exit_2_with_a_message(tmp_path, capsys):
    from tapdesk.cli.main import main
    assert main(["report", str(tmp_path / "missing.csv"), "--out", str(tmp_path / "r.pdf")]) == 2
    assert "missing.csv" in capsys.readouterr().err
    data = ratings_csv(tmp_path / "panel.csv")
    assert main(["report", str(data), "--class1", "yes", "--png-size", "big",
                 "--out", str(tmp_path / "r.pdf")]) == 2
    assert "--png-size" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["report", str(data), "--class1", "yes", "--out", str(blocker / "r.pdf")]) == 2
    assert "output folder" in capsys.readouterr().err
    assert main(["report", str(data), "--class1", "yes", "--format", "odt",
                 "--out", str(tmp_path / "r.pdf")]) == 2
    assert "--format odt does not match" in capsys.readouterr().err
    assert main(["report", str(data), "--class1", "yes", "--ordinal",
                 "--out", str(tmp_path / "r.pdf")]) == 2
    err = capsys.readouterr().err
    assert "--ordinal" in err and "three categories" in err


@pytest.mark.slow
def test_one_report_of_several_analyses_with_title_author_note(tmp_path, shared_data):
    out = tmp_path / "wine.pdf"
    done = run_cli("report", str(shared_data / "wine.csv"), "--labels",
                   "1=no medal,2=bronze,3=silver,4=gold", "--model", "tap", "--model",
                   "per-rater", "--coefficients", "--ordinal", "--cut", "bronze", "--starts", "2",
                   "--title", "Wine judging", "--author", "Tasting committee", "--note",
                   "Draft for the May meeting.", "--out", str(out), "--tables-dir",
                   str(tmp_path / "tables"), "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    pages = [re.sub(r"\s+", " ", unicodedata.normalize("NFKC", p.extract_text()))
             for p in PdfReader(out).pages]
    text = " ".join(pages)
    assert pages[0].startswith("Wine judging") and "Prepared by Tasting committee" in pages[0]
    for title in ("Analysis 1: t-a-p model, average rater", "Analysis 2: t-a-p model, each rater",
                  "Analysis 3: Ordinal analysis", "Analysis 4: Classical agreement coefficients",
                  "Contents", "Limitations",
                  "judge columns are seats, not always the same person"):
        assert title in text, title
    assert all("Reproduce this report with" in p for p in pages)
    command = ("tapdesk report " + str(shared_data / "wine.csv") + " --labels '1=no medal,"
               "2=bronze,3=silver,4=gold' --ordinal --model tap --model per-rater "
               "--coefficients --cut bronze")
    assert command.replace(" ", "") in text.replace(" ", "")
    names = {p.name for p in (tmp_path / "tables").iterdir()}
    assert {"parameters.csv", "parameters-2.csv", "coefficients.csv", "coefficients-4.csv",
            "raters-2.csv", "tables.xlsx"} <= names


def test_editable_formats_from_the_command_line(tmp_path):
    data = ratings_csv(tmp_path / "panel.csv")
    done = run_cli("report", str(data), "--class1", "yes", "--starts", "2", "--format", "odt",
                   "--out", str(tmp_path / "panel.odt"), "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"level": 0.95, "odt": str(tmp_path / "panel.odt")}
    import zipfile
    with zipfile.ZipFile(tmp_path / "panel.odt") as archive:
        content = archive.read("content.xml").decode("utf-8")   # headings keep numbers whole
        assert "Analysis 1: t-a-p model" in content.replace(NBSP, " ").replace(NB_HYPHEN, "-")
    done = run_cli("report", str(data), "--class1", "yes", "--starts", "2",
                   "--out", str(tmp_path / "panel.html"))
    assert done.returncode == 0, done.stderr[-2000:]
    html = (tmp_path / "panel.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "data:image/png;base64," in html


def test_bayesian_report_has_posterior_and_trace_plots_and_exits_cleanly(tmp_path):
    from tapdesk.engine import get_model
    if "mcmc" not in get_model("tap").methods:
        pytest.skip("no MCMC method registered for tap")
    data = ratings_csv(tmp_path / "panel.csv")
    out = tmp_path / "bayes.pdf"
    done = run_cli("report", str(data), "--class1", "yes", "--method", "mcmc", "--chains", "2",
                   "--draws", "200", "--warmup", "100", "--out", str(out),
                   "--png-dir", str(tmp_path / "png"))
    assert done.returncode == 0, done.stderr[-2000:]     # no crash while Qt shuts down
    names = {p.name for p in (tmp_path / "png").iterdir()}
    assert {"posterior.png", "traces.png"} <= names
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(out).pages))
    assert "priors: every value of t, a and p equally likely before the data" in text
    assert "~ Beta" not in text and "Bayesian (simulation)" in text
    assert "Chains 2" in text and "Draws per chain 200" in text
