"""Release shape (issue 28): one version everywhere, the licence shipped and shown, no stray files."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest

import tapdesk
from tapdesk.licence import licence_text
from tests import ROOT


def test_the_version_is_one_and_semantic():
    """X.Y.Z for a release, X.Y.Z.devN between releases (tests/packaging/test_versioning.py)."""
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", tapdesk.__version__)


def test_the_command_line_says_the_version():
    done = subprocess.run([sys.executable, "-m", "tapdesk", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0
    assert tapdesk.__version__ in done.stdout


def test_the_changelog_has_the_release_this_version_is_or_leads_to():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    release = re.match(r"\d+\.\d+\.\d+", tapdesk.__version__).group(0)
    if release == tapdesk.__version__:
        assert re.search(rf"^## \[{re.escape(release)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.M)
    else:       # a development version: its release is not in the changelog yet
        assert f"## [{release}]" not in text and "## [Unreleased]" in text


def test_the_licence_text_is_found_and_is_the_gpl3():
    text = licence_text()
    assert text is not None
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert len(text) > 30_000        # the full text, not a pointer to it


def test_pyproject_can_build_the_licence_expression_and_ships_the_text():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requires = project["build-system"]["requires"]
    setuptools = next(r for r in requires if r.startswith("setuptools"))
    assert tuple(int(x) for x in re.search(r">=\s*([\d.]+)", setuptools).group(1).split(".")) >= (77,)
    assert project["project"]["license"] == "GPL-3.0-or-later"
    assert project["project"]["license-files"] == ["LICENSE"]
    assert project["project"]["urls"] and project["project"]["classifiers"]


def test_no_wheels_or_archives_are_committed():
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = done.stdout.split()
    assert not [f for f in tracked if f.endswith((".whl", ".tar.gz", ".zip"))]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "*.whl" in ignored and "/examples/" in ignored


@pytest.mark.gui
def test_about_shows_the_version_and_the_licence(qtbot):
    from tapdesk.gui.dialogs.help import about_html
    text = about_html()
    assert f"TapDesk {tapdesk.__version__}" in text
    assert "GPL-3.0-or-later" in text and "GNU GENERAL PUBLIC LICENSE" in text
