"""The command line heads a command's text with what the import guessed and warned of (issue
74): the same findings the preview shows at its top and the report on page one."""

from __future__ import annotations

import json

from tapdesk.cli.main import main
from tests import EXAMPLE_DATA
from tests.data.importer.test_audit import _csv, _panel, _with_comments


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_fit_is_headed_by_the_import_s_guess(tmp_path, capsys):
    path = tmp_path / "komm.csv"
    path.write_text(_with_comments(), encoding="utf-8")
    code, out, _ = run_cli(capsys, "fit", str(path), "--class1", "gut")
    assert code == 0
    head, _, rest = out.partition("\n\n")
    assert head.startswith("How komm.csv was read (check these):")
    assert "'Kommentar' was left out" in head and rest.startswith("t-a-p (average rater)")


def test_a_warning_of_the_audit_heads_it_too(tmp_path, capsys):
    path = tmp_path / "words.csv"
    rows = [r + [{"gut": "good", "mittel": "fair", "schlecht": "poor"}[r[0]]] for r in _panel(20)]
    path.write_text(_csv(["r1", "r2", "r3", "r4"], rows), encoding="utf-8")
    _, out, _ = run_cli(capsys, "agreement", str(path))
    assert out.splitlines()[1].startswith("  - warning: column 'r4' has no category in common")


def test_a_plain_file_and_json_are_not_headed(tmp_path, capsys):
    _, out, _ = run_cli(capsys, "fit", str(EXAMPLE_DATA / "wine.csv"), "--cut", "1")
    assert not out.startswith("How ")
    path = tmp_path / "komm.csv"
    path.write_text(_with_comments(), encoding="utf-8")
    _, out, _ = run_cli(capsys, "fit", str(path), "--class1", "gut", "--json")
    assert json.loads(out)["model"]


def test_the_library_s_results_are_headed_by_the_same_findings(tmp_path):
    """``tapdesk.fit`` (the Python library) heads its summary and its notebook display with
    what the import guessed, word for word as the command line; a plain file has none."""
    import tapdesk
    path = tmp_path / "komm.csv"
    path.write_text(_with_comments(), encoding="utf-8")
    fitted = tapdesk.fit(path, class1="gut")
    assert fitted.findings.startswith("How komm.csv was read (check these):")
    assert "'Kommentar' was left out" in fitted.findings
    assert fitted.summary().startswith(fitted.findings)
    assert "&#x27;Kommentar&#x27; was left out" in fitted._repr_html_().split("<p>")[0]
    plain = tapdesk.fit(EXAMPLE_DATA / "wine.csv", cut="1")
    assert plain.findings == "" and plain.summary().startswith("t-a-p")
