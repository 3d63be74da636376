"""The public Python surface passes ``mypy --strict`` (issue 56): the API, its results, the
crowd-kit adaptor and the package's lazy names. The modules they call are checked by the
suite's own mypy run ([tool.mypy], tests/test_architecture.py); here they are followed
silently, so a loose type there cannot fail this test, only one in the public surface."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import ROOT

PUBLIC = ("tapdesk/__init__.py", "tapdesk/api.py", "tapdesk/api_results.py", "tapdesk/crowd.py")


@pytest.mark.slow
def test_the_public_surface_is_strictly_typed():
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                           "--no-error-summary", "--cache-dir", os.devnull, *PUBLIC],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
