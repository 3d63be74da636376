"""The first window imports only what it shows (issue 41).

The main window appears with its data and analysis panes (the model list from
tapdesk.engine.models, no model imported) and its whole menus, without numpy (the ratings table,
the project file and the simulated examples import it where they make or read arrays); the
results pane, which needs pyqtgraph, pandas (through the importer's rules), scipy (the engine),
the report and the plots, is built just after the window is shown, from modules a background
thread imported meanwhile (:mod:`tapdesk.gui.window.warm_up`). Each check runs in a fresh
process, where nothing else has imported those modules yet. The time it saves is measured in
benchmarks/ (bench_startup.py --window), not here.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tapdesk.engine.models import METHODS, MODELS

NOT_IN_FIRST_WINDOW = ("numpy", "pyqtgraph", "pandas", "scipy", "tapdesk.data.binary",
                       "tapdesk.data.importer.pipeline", "tapdesk.data.importer.export",
                       "tapdesk.report", "tapdesk.render", "tapdesk.gui.results",
                       "tapdesk.gui.plots.live", "tapdesk.gui.tasks.pack_task",
                       "tapdesk.gui.dialogs.help", "tapdesk.licence", "tapdesk.gui.examples",
                       "tapdesk.gui.project.file", "tapdesk.gui.project.autosave",
                       *sorted({entry.module for entry in (*MODELS, *METHODS)}))
"""Packages and modules (with their submodules) the first window must not import: among them
every model's and every method's code, which the model list names without importing."""

FIRST_WINDOW = textwrap.dedent("""
    import json, os, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QTimer
    from tapdesk.gui.app import make_app
    from tapdesk.gui.tasks.report_task import shutdown_report_pool
    from tapdesk.gui.tasks.worker import shutdown_worker_pool
    app = make_app(["tapdesk"])
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    first = sorted(sys.modules)
    tab_entries = lambda menu: [a.text() for a in menu.actions()   # View: the tabs, then Language
                                if a.objectName().startswith("action_view_")]
    first_menus = {"view": tab_entries(window.view_menu),
                   "edit": [a.objectName() for a in window.edit_menu.actions() if a.objectName()],
                   "enabled": [a.objectName() for a in window.edit_menu.actions()
                               if a.objectName() and a.isEnabled()]}
    window.show()
    QTimer.singleShot(120_000, app.quit)
    window.warmed_up.connect(lambda: QTimer.singleShot(0, app.quit))
    app.exec()
    built = window._results is not None
    import pyqtgraph as pg
    pal = app.palette()
    state = {
        "first": first, "built": built, "first_menus": first_menus,
        "tabs": window.results_pane.tab_names(),
        "view_menu": tab_entries(window.view_menu),
        "edit_menu": [a.objectName() for a in window.edit_menu.actions() if a.objectName()],
        "in_window": window.results_pane.window() is window,
        "background": pg.getConfigOption("background") == pal.color(pal.ColorRole.Base),
    }
    window.close()
    shutdown_worker_pool()
    shutdown_report_pool()
    print(json.dumps(state))
""")


def first_window_state() -> dict:
    done = subprocess.run([sys.executable, "-c", FIRST_WINDOW], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules
            if any(m == name or m.startswith(name + ".") for name in NOT_IN_FIRST_WINDOW)]


def test_the_first_window_imports_only_what_it_shows_and_the_rest_follows():
    state = first_window_state()
    assert heavy(state["first"]) == [], "the first window imported what it does not show"
    # then, once shown, the results pane came by itself, whole and wired as before
    assert state["built"] and state["in_window"]
    assert state["tabs"][:2] == ["Data", "Summary"] and "Progress" in state["tabs"]
    assert state["view_menu"] == state["tabs"]
    assert state["edit_menu"] == ["action_undo", "action_redo", "action_remove_fit"]
    # the menus were whole in the first window: the same View and Edit entries, nothing to undo
    first = state["first_menus"]
    assert first["view"] == state["tabs"] and first["edit"] == state["edit_menu"]
    assert first["enabled"] == []
    assert state["background"], "plots do not take the app's colours"


def test_asking_for_the_results_pane_builds_it_at_once(window):
    """Code that needs the pane before the warm-up ends gets it whole (built there and then)."""
    pane = window.results_pane
    assert pane is window.results_pane and pane.window() is window
    assert window.main_splitter.widget(1) is pane
    assert [a.text() for a in window.view_menu.actions()
            if a.objectName().startswith("action_view_")] == pane.tab_names()
    assert window.action_remove_fit.isEnabled() is False
