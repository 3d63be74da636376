"""The self-test's check for texts left untranslated (issue 54): in the pseudo-language each
screenshot's window is walked, and a text outside the pseudo brackets is named."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from tapdesk.gui import language as gui_language
from tapdesk.gui.selftest.untranslated import LANGUAGE_ENV, apply_selftest_language, window_problems
from tapdesk.i18n import current_language, languages

pytestmark = pytest.mark.gui


def test_the_check_names_an_english_label_in_the_pseudo_language_only(app, qtbot, monkeypatch):
    from tapdesk.gui.window.main_window import MainWindow
    english = MainWindow()
    qtbot.addWidget(english)
    QLabel("Accuracy of every rater", english.dataset_pane).show()
    english.show()
    assert window_problems(english) == []               # English: nothing to find
    monkeypatch.setenv(LANGUAGE_ENV, "qps")
    monkeypatch.setenv(languages.PSEUDO_SWITCH, "1")   # the self-test sets it for good: undone
    #                                                     here, or later tests start in qps
    try:
        apply_selftest_language()                        # as the self-test: before its window
        assert current_language() == "qps"
        window = MainWindow()
        qtbot.addWidget(window)
        window.show()
        assert window_problems(window) == []            # the window's own texts: bracketed
        planted = QLabel("Accuracy of every rater", window.dataset_pane)
        planted.show()
        found = window_problems(window)
        assert len(found) == 1 and "Accuracy of every rater" in found[0]
    finally:
        gui_language.apply_language("en")
