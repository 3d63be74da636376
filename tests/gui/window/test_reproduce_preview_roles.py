"""The reproduce command of a report made from the window reads the file as the import preview
was told to (issue 79): a column made the reference, a category merged, a column left out ...
are flags of the command, which runs and gives the same numbers."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

import pytest

from tests.gui.dialogs.test_plan_feedback import _fit
from tests.gui.project.test_column_roles_saved import _choose, _in_preview
from tests.reproduce_check import command_problems, copied_commands

pytestmark = pytest.mark.gui


def _panel(path):
    rows = ["case,Ann,Bob,Cy,Dee,Site"]
    for i in range(40):
        a = "yes" if i % 3 else "no"
        b = a if i % 7 else ("no" if a == "yes" else "yes")
        c = a if i % 5 else "no"
        d = "yes" if i % 4 else "no"            # different from the others: a fourth rater
        rows.append(f"c{i},{a},{b},{c},{d},S{i % 4}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_the_reproduce_command_carries_the_roles_set_in_the_preview(window, qtbot, tmp_path):
    path = _panel(tmp_path / "panel.csv")
    window.preview_imports = True
    _in_preview(lambda dialog: _choose(dialog, "Dee", "reference"))
    assert window.open_path(path)
    assert window.session.dataset.table.rater_ids == ("Ann", "Bob", "Cy")
    result = _fit(window, qtbot, "tap")
    report = window.export_report(tmp_path / "report.pdf")
    assert report is not None and command_problems(report) == []
    (command,) = [" ".join(lines) for lines in copied_commands(report)]
    assert "--column-role Dee=reference" in command
    words = shlex.split(command)
    assert words[:3] == ["tapdesk", "report", "panel.csv"]
    flags = words[3:words.index("--model")]           # the reading's flags, as the report gives
    again = subprocess.run([sys.executable, "-m", "tapdesk", "fit", str(path), *flags,
                            "--model", "tap", "--class1", result.request.class1[0], "--json"],
                           capture_output=True, text=True, timeout=120, check=True)
    fitted = json.loads(again.stdout)
    assert (fitted["n_subjects"], fitted["n_ratings"]) == (result.n_subjects, result.n_ratings)
    assert fitted["n_ratings"] == 3 * 40                      # Dee is the reference, no rater
    for name in ("t", "a", "p"):
        assert fitted["params"][name] == pytest.approx(result.value(name), abs=1e-6), name
