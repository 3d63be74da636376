"""Test-wide set-up: Qt runs offscreen, shared data is located or skipped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import SHARED_DATA

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # before any Qt import
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")                     # as tapdesk/__init__.py, before numpy loads



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
