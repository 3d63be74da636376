"""A full garbage collection in the GUI thread walks every object not frozen. The app freezes
what start-up made, and again, once the results pane is built, the modules the warm-up
imported (some 80,000 objects: 40-140 ms a collection, which could fall in an export and hold
the window). Tests, whose windows come and go, freeze nothing."""

from __future__ import annotations

import gc

import pytest

from tapdesk.gui import collector

pytestmark = pytest.mark.gui


def test_the_warm_up_modules_are_frozen_only_where_start_up_was(monkeypatch):
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(gc, "get_freeze_count", lambda: 0)
    collector.freeze_warm_up_objects()
    assert frozen == []                                 # nothing frozen at start-up: a test
    monkeypatch.setattr(gc, "get_freeze_count", lambda: 50_000)
    collector.freeze_warm_up_objects()
    assert frozen == [True]


def test_building_the_results_pane_freezes_the_warm_up(app, qtbot, monkeypatch):
    from tapdesk.gui.window import main_window
    calls = []
    monkeypatch.setattr(main_window, "freeze_warm_up_objects", lambda: calls.append(True))
    window = main_window.MainWindow()
    qtbot.addWidget(window)
    assert calls == []                                  # the first window freezes nothing more
    assert window.results_pane is not None              # built now (after the warm-up)
    assert calls == [True]
    window.shutdown()
