"""``tapdesk report``: headless PDF, PNG plots and CSV/XLSX tables; bad input exits 2."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("PySide6")
from pypdf import PdfReader  # noqa: E402

from tests.test_report_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui


def run_cli(*args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                            "QT_QPA_PLATFORM")}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "tapdesk", *args], capture_output=True,
                          text=True, env=env, timeout=120)


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
    assert sum(len(p.images) for p in reader.pages) == len(written["png"])
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
    assert "Prior for t" in text and "Bayesian" in text
