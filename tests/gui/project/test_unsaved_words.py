"""The close prompt counts only what changed since the last save and names a new data set
(issue 41: "Not saved yet: 4 fits" when 3 of them were saved)."""

from __future__ import annotations

import pytest

from tapdesk.gui.window.menus import load_example
from tests.gui.project.test_no_lost_work import _fit

pytestmark = pytest.mark.gui


def test_the_prompt_counts_the_fits_added_since_the_save_and_names_new_data(window, qtbot,
                                                                             tmp_path):
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    load_example(window, "medals")
    for _ in range(3):
        _fit(window, qtbot)
    assert window.save_project(tmp_path / "three.tapdesk")
    assert not window._has_unsaved()
    _fit(window, qtbot)
    medals = window.results_pane.entries[0].data.title
    assert window.unsaved_summary() == f"Not saved yet: 1 fit of {medals}."
    window.load_dataset(simulated_dataset(TapParameters(0.3, 0.6, 0.4), 60, 3, seed=2),
                        "Second panel")
    new = window.session.name
    assert window.unsaved_summary() == (f"Not saved yet: 1 fit of {medals}; the new data set "
                                        f"{new}.")


def test_a_removed_saved_fit_is_named_and_a_saved_one_never_counted(window, qtbot, tmp_path):
    load_example(window, "medals")
    _fit(window, qtbot)
    _fit(window, qtbot)
    assert window.save_project(tmp_path / "two.tapdesk")
    window.results_pane.select(0)
    window.results_pane.remove_entries([0])
    assert window.unsaved_summary() == "Not saved yet: 1 fit removed."
