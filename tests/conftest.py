"""Test-wide set-up: Qt runs offscreen, the user's home is never written, shared data is
located or skipped."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests import SHARED_DATA

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # before any Qt import
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")                     # as tapdesk/__init__.py, before numpy loads

# The tests' own home, before Qt or anything else reads the real one: Qt's file-dialog history
# (QtProject.conf), font and shader caches and every ~ of a test go here, as do the XDG folders
# (a tester's own XDG_CONFIG_HOME would otherwise still win). Each xdist worker has its own.
HOME = Path(tempfile.mkdtemp(prefix="tapdesk-tests-home-")).resolve()
os.environ["HOME"] = str(HOME)
for _var, _folder in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                      ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
    os.environ[_var] = str(HOME / _folder)


def pytest_unconfigure(config):
    shutil.rmtree(HOME, ignore_errors=True)



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


@pytest.fixture(autouse=True)
def p_values_agree_with_intervals(monkeypatch):
    """Every per-rater fit a test makes in this process: each rater comparison's p-value agrees
    with the interval shown beside it (p < 1 - level exactly when the interval leaves out 0;
    issue 55), on the profile path (checked as the verdicts are reached) and the many-raters
    path (as its comparisons are made). The check is report/consistency.py's, the one the
    self-test runs on every fit it makes."""
    from tapdesk.engine.binary import per_rater
    from tapdesk.report.consistency import p_interval_mismatches

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

    monkeypatch.setattr(per_rater, "panel_verdicts", checked_verdicts)
    monkeypatch.setattr(per_rater, "crowd_comparisons", checked_crowd)
