"""Architecture rules that must never regress.

The layers and the rooms are data in pyproject.toml, kept by tools: import-linter's contracts
(``[tool.importlinter]``) and mypy on the Qt-free layers (``[tool.mypy]``); the tests here run
both, and check at run time what static analysis cannot see (imports by name, what a command
loads).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import ROOT, WINE

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
        assert spec.title and len(spec.entry.description) > 20
        assert "mle" in spec.methods


@pytest.mark.parametrize("module", ["tapdesk", "tapdesk.cli.main"])
def test_package_imports_quickly_without_side_effects(module):
    out = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == ""


def _tool(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run a tool of the test set-up (installed beside this Python) in the project folder."""
    return subprocess.run(list(args), capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def test_the_import_contracts_hold():
    """Layers, no cycle between rooms at any depth, the command line reaches the app only to
    open it, and no Qt below render: ``lint-imports`` with the contracts of pyproject.toml."""
    script = Path(sys.executable).with_name("lint-imports" + (".exe" if os.name == "nt" else ""))
    done = _tool(str(script), "--no-cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


@pytest.mark.slow
def test_the_qt_free_layers_type_check():
    """mypy over tapdesk.data, .engine, .report, .counting and .errors ([tool.mypy])."""
    done = _tool(sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", os.devnull)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


@pytest.mark.parametrize("command", [
    ["report", str(WINE), "--class1", "1", "--out", "{tmp}/wine.pdf"],
    ["feedback", str(WINE), "--class1", "1", "--out", "{tmp}/feedback"],
])
def test_report_and_feedback_commands_load_no_gui_module(command, tmp_path):
    """The command line prints through the render room; it opens no window code (issue 38)."""
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in command]
    code = textwrap.dedent(f"""
        import sys
        from tapdesk.cli.main import main
        status = main({argv!r})
        loaded = sorted(m for m in sys.modules if m == "tapdesk.gui" or m.startswith("tapdesk.gui."))
        print("STATUS", status, "GUI", ",".join(loaded))
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=ROOT, env=env)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert last == "STATUS 0 GUI", done.stdout[-2000:] + done.stderr[-2000:]


def _modules_at(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.py"))


@pytest.mark.parametrize("folder, most", [("tapdesk/gui", 20), ("tapdesk/engine", 14), ("tests", 10)])
def test_rooms_keep_their_roots_small(folder, most):
    """A newcomer reads a room's root in a minute: modules that belong together live in a room
    of their own (issue 38: at most 20 at gui/, 14 at engine/, 10 files flat in tests/)."""
    found = _modules_at(ROOT / folder)
    assert len(found) <= most, f"{folder} holds {len(found)} modules: {found}"
