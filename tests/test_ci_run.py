"""CI's entry point (.ci/run) builds and self-tests the bundle even when tests fail, reports
both, and fails when either failed. Run here with stand-ins for the two steps."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_ci(tmp_path: Path, tests_status: int, bundle_status: int) -> subprocess.CompletedProcess:
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    for folder, name, status in (("scripts", "test.sh", tests_status),
                                 ("packaging", "ci_bundle.sh", bundle_status)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text(f'echo "ran {name} $*"\nexit {status}\n')
    return subprocess.run(["bash", str(tmp_path / ".ci" / "run")], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("tests_status, bundle_status", [(0, 0), (1, 0), (0, 1), (2, 1)])
def test_both_steps_run_and_the_run_fails_when_either_fails(tmp_path, tests_status, bundle_status):
    done = run_ci(tmp_path, tests_status, bundle_status)
    assert "ran test.sh -q --durations=20" in done.stdout
    assert "ran ci_bundle.sh" in done.stdout                  # even after failed tests
    last = done.stdout.strip().splitlines()[-1]
    assert ("tests passed" in last) == (tests_status == 0)
    assert ("bundle build and self-test passed" in last) == (bundle_status == 0)
    assert (done.returncode == 0) == (tests_status == 0 and bundle_status == 0)
