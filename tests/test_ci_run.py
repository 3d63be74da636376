"""CI's entry point (.ci/run) runs the import corpora, builds and self-tests the bundle and runs
the real-window check even when an earlier step fails, reports every step, and fails when any
failed; a real-window check that could not be had, or corpora that are not there, are said as
SKIPPED. Run here with stand-ins for the four steps."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests import ROOT


def run_ci(tmp_path: Path, tests_status: int, bundle_status: int, window_status: int = 0,
           window_says: str = "passed", corpora_status: int = 0,
           corpora_says: str = "passed") -> subprocess.CompletedProcess:
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    (tmp_path / "scripts").mkdir()
    (tmp_path / "packaging").mkdir()
    for folder, name, status, says in (("scripts", "test.sh", tests_status, ""),
                                       ("scripts", "corpora.sh", corpora_status, corpora_says),
                                       ("packaging", "ci_bundle.sh", bundle_status, ""),
                                       ("scripts", "realwindow.sh", window_status, window_says)):
        (tmp_path / folder / name).write_text(f'echo "ran {name} $* {says}"\nexit {status}\n')
    return subprocess.run(["bash", str(tmp_path / ".ci" / "run")], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("tests_status, corpora_status, bundle_status, window_status",
                         [(0, 0, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0), (1, 1, 0, 0), (0, 0, 1, 0),
                          (2, 0, 1, 0), (0, 0, 0, 1), (1, 1, 1, 1)])
def test_every_step_runs_and_the_run_fails_when_any_fails(tmp_path, tests_status, corpora_status,
                                                          bundle_status, window_status):
    done = run_ci(tmp_path, tests_status, bundle_status, window_status,
                  corpora_status=corpora_status)
    assert "ran test.sh -q --durations=20" in done.stdout
    assert "ran corpora.sh" in done.stdout                    # even after failed tests
    assert "ran ci_bundle.sh" in done.stdout                  # even after failed tests or corpora
    assert "ran realwindow.sh" in done.stdout                 # even after a failed bundle
    last = done.stdout.strip().splitlines()[-1]
    assert ("tests passed" in last) == (tests_status == 0)
    assert ("import corpora passed" in last) == (corpora_status == 0)
    assert ("bundle build and self-test passed" in last) == (bundle_status == 0)
    assert ("real-window check passed" in last) == (window_status == 0)
    assert (done.returncode == 0) == (tests_status == corpora_status == bundle_status
                                      == window_status == 0)


def test_a_skipped_real_window_check_is_said_as_such(tmp_path):
    done = run_ci(tmp_path, 0, 0, 0, "realwindow: SKIPPED: Xvfb/openbox cannot be had here")
    last = done.stdout.strip().splitlines()[-1]
    assert "real-window check SKIPPED" in last and done.returncode == 0


def test_import_corpora_that_are_not_there_are_said_as_skipped(tmp_path):
    done = run_ci(tmp_path, 0, 0, corpora_says="\ncorpora: SKIPPED: the shared import corpora are not here")
    last = done.stdout.strip().splitlines()[-1]
    assert "import corpora SKIPPED" in last and done.returncode == 0
