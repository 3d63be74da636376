"""Issue 79 in the window: "Explain by..." offered a patient's age (59 different values) as
subject groups, and the fit, the Summary and the report's first page became a 60-item list. A
subject attribute read as a number is offered only in bands ("... in 4 bands"), chosen in the
Subject groups choice; a ward (A/B/C) and a ward code (1/2/3) are offered by value."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests import FIXTURES

pytestmark = pytest.mark.gui

PATIENTS = FIXTURES / "patients_age_ward.csv"
AGE = "Alter Patient (Jahre)"
DASH = "\u2013"


def _entries(box) -> list[str]:
    return [box.group_combo.itemText(i) for i in range(box.group_combo.count())]


def test_a_number_is_offered_in_bands_only_and_a_fit_groups_by_them(window, qtbot):
    assert window.open_path(PATIENTS)
    pane = window.model_pane
    box = pane.explain
    pane.explain_group.set_open(True)
    assert pane.select("tap", "mle") and box.group_combo.isEnabled()
    assert _entries(box) == ["(none)", f"{AGE} in 2 bands", f"{AGE} in 3 bands",
                             f"{AGE} in 4 bands", f"{AGE} in 5 bands", "ward", "ward code"]
    assert AGE not in _entries(box)                     # never one group per age
    four = _entries(box).index(f"{AGE} in 4 bands")
    tip = box.group_combo.itemData(four, Qt.ItemDataRole.ToolTipRole)
    assert f"18{DASH}31, 32{DASH}46, 47{DASH}61 and 62{DASH}76" in tip
    box.group_combo.setCurrentIndex(four)
    request = pane.request(None, "yes")
    assert (request.subject_group, request.subject_bands) == (AGE, 4)
    assert f"class share by {AGE} in 4 bands" in box.summary()
    box.group_combo.setCurrentIndex(_entries(box).index("ward code"))
    request = pane.request(None, "yes")
    assert (request.subject_group, request.subject_bands) == ("ward code", 0)
    box.group_combo.setCurrentIndex(four)

    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    result = window.results_pane.current()
    assert [g.group for g in result.groups] == [f"18{DASH}31", f"32{DASH}46", f"47{DASH}61",
                                                f"62{DASH}76"]
    window.results_pane.show_tab("Summary")
    summary = window.results_pane.summary.text()
    assert f"{AGE} 62{DASH}76" in summary and f"{AGE} 18:" not in summary
    # the saved request comes back to the same entry
    box.group_combo.setCurrentIndex(0)
    pane.apply_request(result.request)
    assert box.group_combo.currentIndex() == four
