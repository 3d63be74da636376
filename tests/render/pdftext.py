"""A PDF's text as poppler's ``pdftotext`` gives it (its pages split by form feeds), for the tests
that read what a report says on its pages; where poppler-utils is not installed the test is
skipped with that reason, as the tests that need ``pdftoppm`` are."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


def pdf_text(path: Path | str, *, layout: bool = False) -> str:
    """The text of the PDF at ``path`` (``layout``: kept in its columns, ``pdftotext -layout``)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) not installed: the PDF's text cannot be read")
    command = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout
