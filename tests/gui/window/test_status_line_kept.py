"""Issue 79 (a committee's first look): choosing a language in View > Language cleared the status
line. On the way to the language the menu shows each entry's tip in the status line (a
language's entry has none, which clears it), and Qt's tips took the place of the window's last
message for good. The status line now keeps its message: shown again when a tip ends, and said
again in the language chosen (:mod:`tapdesk.gui.window.status_line`)."""

from __future__ import annotations

import pytest

from tests import WINE

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("window_in_english_after")]


def _line(window) -> str:
    return window.statusBar().currentMessage()


def test_view_language_keeps_the_status_line_and_says_it_in_the_new_language(window, qtbot):
    assert window.open_path(WINE)
    assert _line(window) == "Opened wine.csv."
    window.view_menu.setActiveAction(window.language_menu.menuAction())   # the way to Deutsch
    window.language_menu.setActiveAction(window.action_language_de)       # (no tip: cleared it)
    assert _line(window) == "Opened wine.csv."
    window.action_language_de.trigger()
    assert _line(window) == "wine.csv geöffnet."
    window.language_menu.setActiveAction(window.action_language_en)
    window.action_language_en.trigger()
    assert _line(window) == "Opened wine.csv."


def test_a_menu_tip_shows_over_the_message_and_the_message_comes_back(window, qtbot):
    window.file_menu.setActiveAction(window.action_open)
    assert _line(window) == window.action_open.statusTip() != ""
    window.file_menu.setActiveAction(None)                                # the tip ends
    assert _line(window) == "Ready. Open a ratings file to begin."


def test_a_message_given_for_a_while_is_not_brought_back_after_its_time(window, qtbot):
    window.tell(lambda: "Copied.", 50)
    qtbot.waitUntil(lambda: _line(window) == "", timeout=2000)
    window.file_menu.setActiveAction(window.action_open)
    window.file_menu.setActiveAction(None)
    assert _line(window) == ""
