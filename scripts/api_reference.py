"""Write docs/api-reference.md: the Python API's reference, built from its docstrings.

The scientific Python convention is a reference built from numpydoc docstrings (Sphinx,
pdoc); neither is in the locked test tools, so this script does the small part TapDesk
needs with the standard library (``inspect``): every public name of :mod:`tapdesk.api`,
:mod:`tapdesk.api_results` and :mod:`tapdesk.crowd` with its signature and its docstring as
written. ``tests/api/test_reference.py`` checks the file is current.

    .venv/bin/python scripts/api_reference.py          # write it
    .venv/bin/python scripts/api_reference.py --check  # exit 1 when it is out of date
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[1] / "docs" / "api-reference.md"
MODULES = ("tapdesk.api", "tapdesk.api_results", "tapdesk.crowd")
HEADER = ("# TapDesk Python API reference\n\n"
          "Built from the docstrings by `scripts/api_reference.py` (do not edit by hand; "
          "`tests/api/test_reference.py` checks it is current). The guide is "
          "[Use from Python](python.md).\n")


def markdown(doc: str) -> str:
    """A numpydoc docstring as Markdown: a section's underline made a bold title, a doctest
    block fenced as Python."""
    out: list[str] = []
    lines = doc.splitlines()
    in_example = False
    for n, line in enumerate(lines):
        following = lines[n + 1] if n + 1 < len(lines) else ""
        if set(line.strip()) == {"-"} and out and out[-1].startswith("**"):
            continue
        if following.strip() and set(following.strip()) == {"-"} and line.strip():
            out.append(f"**{line.strip()}**")
            continue
        if line.startswith(">>>") and not in_example:
            out.append("```python")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


def entry(owner: str, name: str, obj: object, level: str = "###",
          is_property: bool = False) -> list[str]:
    """One name: heading, signature, docstring; a class with its public methods and
    properties."""
    lines = [f"{level} `{owner}.{name}`", ""]
    try:
        signature = f"{name}{inspect.signature(obj)}"  # type: ignore[arg-type]
    except (TypeError, ValueError):
        signature = ""
    if signature and (inspect.isfunction(obj) or inspect.isclass(obj)) and level == "###" or \
            level != "###" and inspect.isfunction(obj) and not is_property:
        lines += ["```python", signature, "```", ""]
    doc = inspect.getdoc(obj)
    if doc:
        lines += [markdown(doc), ""]
    if inspect.isclass(obj):
        seen: set[str] = set()
        members = [(m, v) for klass in obj.__mro__[:-1] for m, v in vars(klass).items()]
        for member, value in members:
            if member.startswith("_") or member in seen:
                continue
            seen.add(member)
            if isinstance(value, property) or inspect.isfunction(value):
                target = value.fget if isinstance(value, property) else value
                lines += entry(f"{owner}.{name}", member, target, "####",
                               isinstance(value, property))
    return lines


def reference() -> str:
    lines = [HEADER]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        lines += [f"## `{module_name}`", "", markdown(inspect.getdoc(module) or ""), ""]
        for name in module.__all__:
            obj = getattr(module, name)
            if getattr(obj, "__module__", module_name) == module_name:   # where it is defined
                lines += entry(module_name, name, obj)
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> int:
    text = reference()
    if "--check" in sys.argv[1:]:
        current = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
        if current != text:
            print(f"{REFERENCE} is out of date: run python scripts/api_reference.py")
            return 1
        return 0
    REFERENCE.write_text(text, encoding="utf-8")
    print(f"wrote {REFERENCE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
