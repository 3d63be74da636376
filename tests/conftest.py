"""Test-wide set-up: Qt runs offscreen, the user's home is never written, shared data is
located or skipped."""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from tests import SHARED_DATA

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # before any Qt import
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")                     # as TapDesk's own processes (tapdesk/threads.py)

# The tests' own home, before Qt or anything else reads the real one: Qt's file-dialog history
# (QtProject.conf), font and shader caches and every ~ of a test go here, as do the XDG folders
# (a tester's own XDG_CONFIG_HOME would otherwise still win). Each xdist worker has its own.
HOME = Path(tempfile.mkdtemp(prefix="tapdesk-tests-home-")).resolve()
os.environ["HOME"] = str(HOME)
for _var, _folder in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                      ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
    os.environ[_var] = str(HOME / _folder)

# The tests read TapDesk's English whatever the tester's own language (tapdesk.i18n follows
# LANGUAGE, LC_ALL, LC_MESSAGES, LANG); a test of another language sets it itself.
for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"

# Every fit of every ``tapdesk`` command a test runs as a process: p-values against their
# intervals (tapdesk.cli.fit_checks; the fits in this process: p_values_agree_with_intervals).
os.environ["TAPDESK_CHECK_P_VALUES"] = "1"
# The self-test's bound on the GUI thread's own work (250 ms, felt by a user) is guarded in the
# suite, and in the self-tests it starts as processes, only at ten times: a loaded 2-core CI
# machine ran a step at 287 ms of CPU time (the guide: a timed check at 10x its typical value).
os.environ["TAPDESK_SELFTEST_BUSY_LIMIT_MS"] = "2500"


def pytest_unconfigure(config):
    shutil.rmtree(HOME, ignore_errors=True)


WRITTEN_REPORTS: list[tuple[Path, list[int], tuple[str, ...], str]] = []
"""PDF reports written in this process since the last check: (file, pages holding a command,
the commands it prints, the language it is written in)."""


def _record_report_pdfs(pdf) -> None:
    """Have ``tapdesk.render.pdf`` note each report it writes, for :func:`reproduce_commands`."""
    write_pages = pdf._write_pages

    def recorded(writer, styles, pages, doc, path, *args, **kwargs):
        write_pages(writer, styles, pages, doc, path, *args, **kwargs)
        holding = [i for i, page in enumerate(pages)
                   if any(isinstance(block, pdf.CommandBlock) for _, block in page)]
        if holding:                    # the commands printed: the report's and a plan's
            from tapdesk.i18n import current_language
            commands = tuple(block.text for block in doc.blocks()
                             if getattr(block, "style", "") == "mono")
            WRITTEN_REPORTS.append((Path(path), holding, commands, current_language()))

    pdf._write_pages = recorded


class _WhenPdfLoads(importlib.abc.MetaPathFinder):
    """Records the PDF writer's reports from the moment it is imported (Qt loads with it, so it
    is not imported here for tests that never write one)."""

    def find_spec(self, name, path, target=None):
        if name != "tapdesk.render.pdf":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            _record_report_pdfs(module)

        spec.loader.exec_module = exec_module
        return spec


if "tapdesk.render.pdf" in sys.modules:
    _record_report_pdfs(sys.modules["tapdesk.render.pdf"])
else:
    sys.meta_path.insert(0, _WhenPdfLoads())


@pytest.fixture(autouse=True)
def english_after_each_test():
    """The language is one per process (the app's and a command's): a test that speaks German
    (``tapdesk --language de``, ``LANG=de_DE`` through the command line's ``main``, View >
    Language) would leave the next test of its worker in German. Each test starts in English."""
    from tapdesk.i18n import SOURCE, set_language
    set_language(SOURCE)
    yield
    set_language(SOURCE)


@pytest.fixture(autouse=True)
def reproduce_commands():
    """After each test: every PDF report it wrote holds commands that run as copied (issue 53:
    "--" at a line's end and "cut 1" on the next did not), see :mod:`tests.reproduce_check`."""
    del WRITTEN_REPORTS[:]
    yield
    from tapdesk.i18n import language
    from tests.reproduce_check import command_problems
    written, WRITTEN_REPORTS[:] = list(WRITTEN_REPORTS), []
    for path, pages, commands, code in written:
        if path.exists():
            with language(code):                   # its label and footer read in its language
                problems = command_problems(path, pages, commands)
            if problems and code != "en":          # a document made in English, written later
                with language("en"):               # under another language: its label English
                    problems = command_problems(path, pages, commands) and problems
            assert not problems, f"{path.name}: {problems}"



def pytest_collection_modifyitems(session, config, items):
    """Modules holding a test marked ``slow`` run first, the others in their usual order.

    The suite runs on every core (scripts/test.sh: pytest-xdist, one module per
    worker at a time, in this order), so the long statistical checks start at
    once beside the rest instead of being left alone at the end.
    """
    slow = {item.module.__name__ for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.module.__name__ not in slow)


@pytest.fixture
def shared_data() -> Path:
    """The ../shared/data folder; skips the test with a reason when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data folder not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def rater_check_csv(tmp_path_factory) -> Path:
    """The rater check's panel as a CSV file: R1 much worse than R2-R4 (accuracy 0.2 against
    0.75), 200 subjects (``tapdesk rater-check``'s tests: tests/engine/raters/test_check.py and,
    in the languages, tests/cli/test_rater_check_language.py)."""
    import numpy as np

    from tapdesk.engine.raters.check import simulated_panel
    table = simulated_panel(np.random.default_rng(3), [0.2, 0.75, 0.75, 0.75], 200)
    path = tmp_path_factory.mktemp("rc") / "panel.csv"
    table.to_frame().to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def p_values_agree_with_intervals(monkeypatch):
    """Every fit a test makes: each rater comparison's and each rater-attribute effect's p-value
    agrees with the interval shown beside it (p < 1 - level exactly when the interval leaves out
    0; issue 55). In this process, on the per-rater profile path (checked as the verdicts are
    reached), the many-raters path (as its comparisons are made) and the explanatory fits'
    effects (as their verdicts are reached); in a worker process (every fit a window
    makes, tapdesk.engine.process), as its result comes back: those are collected and fail the
    test at its end (the result arrives in a fit thread, where an assertion would fail only the
    fit); and every result any fit returns in this process, every model's (engine.run's
    RESULT_CHECKS, the check the ``tapdesk`` commands a test runs as processes make,
    tapdesk.cli.fit_checks). The check is report/consistency.py's, the one the self-test runs
    on every fit it makes (tapdesk/gui/selftest/fit_watch.py). Yields the worker fits'
    mismatches (a test of the check empties it)."""
    import tapdesk.engine.run as run
    from tapdesk.cli.fit_checks import check_p_values
    from tapdesk.engine.binary import per_rater
    from tapdesk.engine.explain import model as explained
    from tapdesk.engine.process import parent
    from tapdesk.engine.results import FitResult
    from tapdesk.report.consistency import (
        effect_p_interval_mismatches,
        p_interval_mismatches,
        p_value_mismatches,
    )

    def agreeing(comparisons):
        mismatches = p_interval_mismatches("a per-rater fit in this test", comparisons)
        assert not mismatches, "\n".join(mismatches)

    verdicts, crowd = per_rater.panel_verdicts, per_rater.crowd_comparisons

    def checked_verdicts(*args, **kwargs):
        comparisons, test = verdicts(*args, **kwargs)
        agreeing(comparisons)
        return comparisons, test

    def checked_crowd(*args, **kwargs):
        comparisons = crowd(*args, **kwargs)
        agreeing(comparisons)
        return comparisons

    effect_verdicts = explained._verdicts

    def checked_effects(effects, test, level):
        out = effect_verdicts(effects, test, level)
        mismatches = effect_p_interval_mismatches("an explanatory fit in this test", out, level)
        assert not mismatches, "\n".join(mismatches)
        return out

    monkeypatch.setattr(per_rater, "panel_verdicts", checked_verdicts)
    monkeypatch.setattr(per_rater, "crowd_comparisons", checked_crowd)
    monkeypatch.setattr(explained, "_verdicts", checked_effects)
    monkeypatch.setattr(run, "RESULT_CHECKS", [check_p_values])
    in_workers: list[str] = []
    returned = parent.TaskHandle.result

    def checked_result(self, *args, **kwargs):
        value = returned(self, *args, **kwargs)
        fitted = getattr(value, "result", value)        # a window's fit: a FitOutcome
        if isinstance(fitted, FitResult):
            in_workers.extend(p_value_mismatches("a fit in a worker process in this test",
                                                 fitted))
        return value

    monkeypatch.setattr(parent.TaskHandle, "result", checked_result)
    yield in_workers
    assert not in_workers, "\n".join(in_workers)
