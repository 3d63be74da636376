"""The importer's words that the first window, the report's Data table and ``tapdesk inspect``
show (``tapdesk.data.import_words``) and the column roles in words (``tapdesk.data.role_words``)
load without numpy or pandas: their readers import them at the top of their modules, and the
first window (tests/gui/test_first_window.py) and ``tapdesk report``'s figure process
(tests/render/test_figure_process.py) must not load the importer's rules."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["tapdesk.data.import_words", "tapdesk.data.role_words",
                                    "tapdesk.data.mapping_words"])
def test_the_words_load_without_numpy_or_pandas(module):
    code = (f"import sys, {module}\n"
            "print(sorted(m for m in ('numpy', 'pandas', 'tapdesk.data.importer.layouts') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
