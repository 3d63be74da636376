"""Architecture rules that must never regress."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

QT_FREE_PACKAGES = ["tapdesk.engine", "tapdesk.data", "tapdesk.report", "tapdesk.cli.main",
                    "tapdesk.gui.tasks.fit_task"]         # what the worker process runs (issue 15)


def test_engine_data_and_report_never_import_qt():
    """Import every engine/data/report module in a fresh interpreter; no Qt may load."""
    code = textwrap.dedent(f"""
        import importlib, pkgutil, sys
        roots = {QT_FREE_PACKAGES!r}
        for root in roots:
            try:
                pkg = importlib.import_module(root)
            except ModuleNotFoundError as exc:
                if exc.name == root:
                    continue   # package not written yet
                raise
            if hasattr(pkg, "__path__"):
                for info in pkgutil.walk_packages(pkg.__path__, root + "."):
                    importlib.import_module(info.name)
        from tapdesk.engine import all_models
        all_models()                   # every registered model
        bad = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "pyqtgraph", "shiboken6"))
        print(",".join(bad))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"Qt imported by the engine side: {out.stdout.strip()}"


def test_every_model_is_registered_once_with_a_description():
    from tapdesk.engine import all_models
    names = [spec.name for spec in all_models()]
    assert len(names) == len(set(names))
    assert "tap" in names
    for spec in all_models():
        assert spec.title and len(spec.description) > 20
        assert "mle" in spec.methods


@pytest.mark.parametrize("module", ["tapdesk", "tapdesk.cli.main"])
def test_package_imports_quickly_without_side_effects(module):
    out = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == ""
