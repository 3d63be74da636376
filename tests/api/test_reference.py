"""The API reference (docs/api-reference.md) is built from the docstrings and current
(issue 56): ``scripts/api_reference.py --check``."""

from __future__ import annotations

import subprocess
import sys

from tests import ROOT


def test_the_reference_is_current():
    done = subprocess.run([sys.executable, "scripts/api_reference.py", "--check"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_reference_lists_every_public_name():
    import tapdesk.api
    text = (ROOT / "docs" / "api-reference.md").read_text(encoding="utf-8")
    for name in tapdesk.api.__all__:
        module = getattr(tapdesk.api, name).__module__
        assert f"`{module}.{name}`" in text
    assert "`tapdesk.crowd.DawidSkene.fit_predict`" in text
