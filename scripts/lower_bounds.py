"""Print pip constraints that hold every dependency of [project] at its declared lower bound.

``numpy>=1.26`` becomes ``numpy==1.26``; a dependency without a lower bound is an error, since
then nothing says what is tested. Used by scripts/lowest.sh; the standard library only.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)$")


def lower_bounds(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, str]:
    """{name: lower bound} of every dependency of [project], in pyproject's order."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    bounds = {}
    for requirement in project["dependencies"]:
        match = REQUIREMENT.match(requirement)
        if match is None:
            raise ValueError(f"cannot read the requirement {requirement!r}")
        name, spec = match.groups()
        lower = re.search(r">=\s*([0-9][0-9a-zA-Z.]*)", spec)
        if lower is None:
            raise ValueError(f"{name} has no lower bound (>=) in pyproject.toml")
        bounds[name] = lower.group(1)
    return bounds


def main() -> int:
    for name, version in lower_bounds().items():
        print(f"{name}=={version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
