"""Loading a benchmark script as a module for its tests (benchmarks/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests import ROOT

BENCH = ROOT / "benchmarks"


def load_bench(name: str, monkeypatch) -> ModuleType:
    """``benchmarks/NAME.py`` imported as the module ``NAME``, with benchmarks/ on sys.path (a
    script imports its siblings, such as results_file) and in sys.modules while the test runs
    (its dataclasses look their module up)."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module
