"""A report written in another language than English carries ``--language`` in its reproduce
command, so the command, run as the report prints it, writes the same report in the same
language whatever the reader's LANG (issue 54)."""

from __future__ import annotations

import html
import re
import shlex

import pytest

pytest.importorskip("PySide6")

from tests.cli.test_report import run_cli  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui

GERMAN_TITLE = "Bericht zur Übereinstimmung der Beurteiler"


def reproduce_command(page: str) -> str:
    """The report's "tapdesk report ..." command, as its HTML shows it."""
    found = re.search(r"tapdesk report [^<]*", page)
    assert found, "the report holds no reproduce command"
    return html.unescape(found.group(0)).strip()


def test_the_reproduce_command_of_a_german_report_writes_a_german_report(tmp_path):
    data = ratings_csv(tmp_path / "panel.csv")
    first = tmp_path / "erster.html"
    done = run_cli("report", str(data), "--class1", "yes", "--starts", "2", "--language", "de",
                   "--out", str(first), env_extra={"LANG": "en_GB.UTF-8", "LANGUAGE": ""})
    assert done.returncode == 0, done.stderr[-2000:]
    page = first.read_text(encoding="utf-8")
    assert GERMAN_TITLE in page
    words = shlex.split(reproduce_command(page))
    assert words[:5] == ["tapdesk", "report", str(data), "--language", "de"]
    again = tmp_path / "again.html"
    words[words.index("--out") + 1] = str(again)
    done = run_cli(*words[1:], env_extra={"LANG": "en_GB.UTF-8", "LANGUAGE": ""})
    assert done.returncode == 0, done.stderr[-2000:]
    page_again = again.read_text(encoding="utf-8")
    assert GERMAN_TITLE in page_again
    assert shlex.split(reproduce_command(page_again)) == words


def test_an_english_report_s_command_names_no_language(tmp_path):
    from tapdesk.cli.cmd_report import command_line
    from tapdesk.cli.main import build_parser, parse
    data = ratings_csv(tmp_path / "panel.csv")
    args = parse(build_parser("report", lazy=True), ["report", str(data), "--out", "r.pdf"])
    assert "--language" not in command_line(args)


def test_the_apps_reproduce_command_carries_the_reports_language(tmp_path):
    """A report the app builds (no command line given) in German: its commands say so."""
    from tapdesk import i18n
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report.reproduce import reproduce_commands
    table = read_ratings(ratings_csv(tmp_path / "panel.csv"), ImportOptions()).table
    result = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table)
    with i18n.language("de"):
        german = reproduce_commands(result, "r.pdf")
    english = reproduce_commands(result, "r.pdf")
    assert german[0].startswith("tapdesk report panel.csv --language de ")
    assert german[0].replace(" --language de", "") == english[0]
    assert "--language" not in english[0]
