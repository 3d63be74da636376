"""Start-up stays quick: what each command line imports (issue 15).

``tapdesk --version`` and ``--help`` import no numerical library, no engine
and no Qt; ``tapdesk fit`` on a CSV file imports neither Qt nor the
spreadsheet and statistics-package readers, nor scipy.stats; with the default
model (t-a-p) neither scipy.optimize nor any other model's code. The timings
themselves are benchmarks (benchmarks/bench_startup.py), not tests.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import textwrap

import pytest

from tapdesk.cli.main import COMMANDS, chosen_command

QT = ("PySide6", "shiboken6", "pyqtgraph")
READERS = ("openpyxl", "python_calamine", "pyreadstat")
HEAVY = ("numpy", "scipy", "pandas") + QT + READERS


def loaded_after(argv: list[str]) -> tuple[int, list[str], str]:
    """Exit code and the modules loaded by ``tapdesk ARGV`` in a fresh interpreter."""
    code = textwrap.dedent(f"""
        import contextlib, io, json, sys
        from tapdesk.cli.main import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main({argv!r})
        print(json.dumps([status, sorted(sys.modules), out.getvalue()]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    status, modules, out = json.loads(done.stdout.strip().splitlines()[-1])
    return status, modules, out


def tops(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules if m.split(".")[0] in names})


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["no-such-command"]])
def test_version_and_help_import_no_numerics_engine_or_qt(argv):
    status, modules, out = loaded_after(argv)
    assert status == (2 if argv == ["no-such-command"] else 0)
    assert tops(modules, HEAVY) == []
    assert [m for m in modules if m.startswith(("tapdesk.engine", "tapdesk.data", "tapdesk.gui",
                                                "tapdesk.report"))] == []
    if argv == ["--help"]:
        for command in COMMANDS:                         # every command is listed with its help
            assert command.name in out and command.help[:30] in " ".join(out.split())


def test_a_command_help_imports_only_its_own_module():
    status, modules, out = loaded_after(["simulate", "--help"])
    assert status == 0 and "--t " in out
    assert [m for m in modules if m.startswith("tapdesk.cli.cmd_")] == ["tapdesk.cli.cmd_simulate"]
    assert tops(modules, QT + READERS) == []


def test_fitting_a_csv_loads_no_qt_no_spreadsheet_readers_and_no_scipy_stats(tmp_path):
    data = tmp_path / "ratings.csv"
    data.write_text("subject,r1,r2,r3\n" + "".join(
        f"s{i},{i % 2},{(i // 2) % 2},{i % 3 == 0:d}\n" for i in range(40)))
    status, modules, out = loaded_after(["fit", str(data), "--class1", "1", "--json"])
    assert status == 0 and json.loads(out)["model"] == "tap"
    assert tops(modules, QT + READERS) == []
    assert "scipy.stats" not in modules and "scipy.signal" not in modules, (
        "an engine module imports scipy.stats/scipy.signal at its top: import it inside the "
        "function that needs it (it costs a third of the start-up of every command)")


def test_agreement_coefficients_load_no_scipy_stats(tmp_path):
    """``tapdesk agreement`` (and the coefficients of every report): the intervals take their t
    and normal quantiles from scipy.special, the functions scipy.stats itself calls; importing
    scipy.stats for them cost each such command over a second."""
    data = tmp_path / "ratings.csv"
    data.write_text("subject,r1,r2,r3\n" + "".join(
        f"s{i},{i % 2},{(i // 2) % 2},{i % 3 == 0:d}\n" for i in range(40)))
    status, modules, out = loaded_after(["agreement", str(data), "--json"])
    assert status == 0 and "interval" in out.lower()
    assert [m for m in modules if m.startswith("scipy.stats")] == []


def model_modules() -> set[str]:
    from tapdesk.engine.models import METHODS, MODELS
    return {entry.module for entry in (*MODELS, *METHODS)}


def test_fitting_a_csv_with_the_default_model_loads_only_what_t_a_p_needs(tmp_path):
    """``tapdesk fit ratings.csv``: no scipy.optimize or scipy.sparse (the t-a-p fit polishes and
    profiles with its own Newton steps), no Qt or readers, and no model but t-a-p."""
    data = tmp_path / "ratings.csv"
    data.write_text("subject,r1,r2,r3,r4\n" + "".join(
        f"s{i},{i % 2},{(i // 2) % 2},{i % 3 == 0:d},{i % 5 < 2:d}\n" for i in range(60)))
    status, modules, out = loaded_after(["fit", str(data)])
    assert status == 0 and "t-a-p (average rater)" in out and "95% interval" in out
    assert tops(modules, QT + READERS) == []
    heavy = [m for m in modules if m.startswith(("scipy.optimize", "scipy.sparse", "scipy.stats",
                                                 "scipy.linalg"))]
    assert heavy == [], f"the t-a-p fit imported {heavy[:5]}: import it where it is needed"
    assert sorted(model_modules() & set(modules)) == ["tapdesk.engine.binary.tap"]


def test_the_k_category_fit_of_an_ordinal_scale_loads_no_optimiser_and_no_report(tmp_path):
    """``tapdesk fit --model categorical`` on a four-point scale (issue 57): the fit polishes
    with its own Newton steps and the ordinal side-by-side table fits each cut by EM, so no
    scipy.optimize; the report package (whose ``--review-below`` default it once loaded) is
    not imported either."""
    data = tmp_path / "wine.csv"
    data.write_text("J1,J2,J3,J4\n" + "".join(
        f"{1 + i % 4},{1 + (i // 2) % 4},{1 + (i * 3) % 4},{1 + (i // 3) % 4}\n"
        for i in range(80)))
    status, modules, out = loaded_after(["fit", str(data), "--model", "categorical"])
    assert status == 0 and "several categories" in out and "Ordinal scale" in out
    heavy = [m for m in modules if m.startswith(("scipy.optimize", "scipy.sparse", "scipy.stats",
                                                 "scipy.linalg", "tapdesk.report"))]
    assert heavy == [], f"the K-category fit imported {heavy[:5]}: import it where it is needed"


def test_fit_help_lists_the_models_without_importing_any():
    status, modules, out = loaded_after(["fit", "--help"])
    assert status == 0 and "dawid-skene" in out and "t-a-p (average rater)" in out
    assert model_modules() & set(modules) == set()
    assert tops(modules, QT + READERS) == []


def test_the_static_command_table_matches_each_command_module():
    """main.COMMANDS lists the commands without importing them: names and help must agree."""
    for command in COMMANDS:
        seen = []

        class Recorder:
            def __init__(self):
                self.sub = argparse.ArgumentParser().add_subparsers()

            def add_parser(self, name, **kw):
                seen.append((name, kw.get("help")))  # noqa: B023 - used within this iteration
                return self.sub.add_parser(name, **kw)

        importlib.import_module(command.module).add_parser(Recorder())
        assert seen == [(command.name, command.help)], (
            f"update tapdesk/cli/main.py COMMANDS for '{command.name}' to match {command.module}")


def test_build_parser_without_lazy_builds_every_command_in_full():
    from tapdesk.cli.main import build_parser
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(action.choices) == {c.name for c in COMMANDS}
    assert "--model" in action.choices["fit"].format_help()


@pytest.mark.parametrize("argv, command", [
    (["fit", "x.csv"], "fit"), (["--out", "fit", "report"], "report"),
    (["--ou", "dir", "inspect"], "inspect"), (["--out=dir", "--selftest"], None),
    (["--selftest"], None), ([], None), (["--", "fit"], "fit"),
])
def test_the_command_is_found_before_parsing(argv, command):
    assert chosen_command(argv) == command


def test_the_window_and_what_it_computes_itself_use_no_scipy_stats():
    """Neither building the main window nor what the GUI thread computes itself (the simulate
    dialog's preview, the plan dialog's accuracies, the Subjects and counts views) imports
    scipy.stats: its first import held the window over a second each time. Binomials come
    from scipy.special (tapdesk.engine.binary.likelihood.binomial_pmf)."""
    pytest.importorskip("PySide6")
    code = textwrap.dedent("""
        import json, os, sys
        import numpy as np
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from tapdesk.gui.app import make_app
        app = make_app(["tapdesk"])
        from tapdesk.gui.window.main_window import MainWindow
        window = MainWindow()
        opened = sorted(sys.modules)
        from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
        from tapdesk.report import views as data_views
        from tapdesk.engine.planning.accuracy import model_accuracy_exact
        preview = SimulateDialog(window).expected()
        n = np.array([3, 4, 4])
        data_views.class1_probability(n, np.array([1, 2, 4]), 0.3, 0.8, 0.2)
        data_views.expected_count_distribution(n, 0.3, 0.8, 0.2)
        model_accuracy_exact(0.3, 0.6, 0.4, 5)
        print(json.dumps([opened, sorted(sys.modules)]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    opened, computed = json.loads(done.stdout.strip().splitlines()[-1])
    assert [m for m in opened if m.startswith("scipy.stats")] == []
    assert [m for m in computed if m.startswith("scipy.stats")] == []


def test_the_command_module_runs_as_a_script():
    """``python -m tapdesk.cli.main`` is the ``tapdesk`` command too (it did nothing)."""
    from tapdesk import __version__
    done = subprocess.run([sys.executable, "-m", "tapdesk.cli.main", "--version"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == f"TapDesk {__version__}", done
