"""The code is clean under the project's ruff configuration (pyproject.toml, [tool.ruff])."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT


def _ruff() -> list[str]:
    beside = Path(sys.executable).with_name("ruff")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (it comes with the test extras: pip install -e .[test])")
    return [found]


def test_ruff_finds_nothing():
    done = subprocess.run(_ruff() + ["check", "--no-cache", "tapdesk", "tests", "benchmarks", "scripts",
                                     "packaging"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_configuration_is_the_one_chosen():
    """A planted fault is caught, so the check above cannot pass by checking nothing."""
    done = subprocess.run(_ruff() + ["check", "--no-cache", "--stdin-filename", "tapdesk/planted.py", "-"],
                          cwd=ROOT, input="import os\nimport sys\nprint(sys.argv)\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "F401" in done.stdout
