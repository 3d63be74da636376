"""Shared by the benchmark scripts: replace one script's own section of RESULTS.md.

Each script owns the section under its heading ("## ..."); running it
rewrites that section and leaves every other section as it was.
"""

from __future__ import annotations

import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def write_section(heading: str, text: str, results: Path = RESULTS) -> None:
    """Put ``text`` (which starts with ``heading``) in place of that heading's section."""
    old = results.read_text(encoding="utf-8") if results.exists() else "# Benchmark results\n\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    body = text.rstrip("\n") + "\n"
    if pattern.search(old):
        new = pattern.sub(lambda _: body + "\n", old).rstrip("\n") + "\n"
    else:
        new = old.rstrip("\n") + "\n\n" + body
    results.write_text(new, encoding="utf-8")
