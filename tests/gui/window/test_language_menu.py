"""View > Language: the menus in German, French, Spanish, English and the pseudo-language,
chosen through the window, remembered, with Qt's own texts (issue 54)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QDialogButtonBox, QMenu

from tapdesk import i18n
from tapdesk.gui import language as gui_language
from tapdesk.gui import settings
from tapdesk.gui.window.menus import ENTRIES

LANGUAGES = ("de", "fr", "es", "en")


@pytest.fixture(autouse=True)
def english_after():
    yield
    gui_language.apply_language("en")


def menus(window) -> list[QMenu]:
    """Every menu of the menu bar and their submenus, each filled as when it opens."""
    found: list[QMenu] = []
    todo = [action.menu() for action in window.menuBar().actions()]
    while todo:
        menu = todo.pop(0)
        menu.aboutToShow.emit()                  # fills Examples, gives run-time mnemonics
        found.append(menu)
        todo += [action.menu() for action in menu.actions() if action.menu() is not None]
    return found


def texts(window) -> list[str]:
    """Every menu title, entry, tool tip and status tip of the window."""
    found = [action.text() for action in window.menuBar().actions()]
    for menu in menus(window):
        for action in menu.actions():
            if not action.isSeparator():
                found += [action.text(), action.toolTip(), action.statusTip()]
    return found


def mnemonic(text: str) -> str | None:
    match = re.search(r"(?<!&)&([^&])", text.replace("&&", ""))
    return match.group(1).lower() if match else None


def test_choosing_a_language_relabels_every_menu_and_is_remembered(window, qtbot):
    english = texts(window)
    assert window.file_menu.title() == "&File" and window.action_save.statusTip().startswith("Save")
    window.action_language_de.trigger()
    assert [a.text() for a in window.menuBar().actions()] == \
        ["&Datei", "&Bearbeiten", "A&nalyse", "&Ansicht", "&Hilfe"]
    assert window.action_open.text() == "Bewertungen ö&ffnen..."
    assert window.action_save.statusTip().startswith("Die ganze Analyse")
    assert window.action_undo.text() == "&Rückgängig" and window.edit_menu.actions()[0] is window.action_undo
    assert window.action_view_1.text() == "Übersicht"
    assert window.action_language_de.isChecked() and not window.action_language_en.isChecked()
    assert settings.value("language") == "de" and gui_language.start_language() == "de"
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)     # Qt's own texts too
    assert box.buttons()[0].text() == "Abbrechen"
    window.results_pane.undo_stack.push(QUndoCommand("Remove fit 2"))   # its words are the pane's
    assert window.action_undo.text() == "&Rückgängig: Remove fit 2"
    window.action_language_fr.trigger()
    assert window.analysis_menu.title() == "A&nalyse" and window.action_fit.text() == "A&juster"
    assert window.action_undo.text() == "&Annuler\u00a0: Remove fit 2"
    window.action_language_en.trigger()
    assert window.action_undo.text() == "&Undo Remove fit 2"
    window.results_pane.undo_stack.clear()
    assert texts(window) == english
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert box.buttons()[0].text() == "Cancel"


@pytest.mark.parametrize("code", LANGUAGES)
def test_mnemonics_are_unique_in_every_menu_in_every_language(window, code):
    getattr(window, f"action_language_{code}").trigger()
    bar = [mnemonic(action.text()) for action in window.menuBar().actions()]
    assert None not in bar and len(set(bar)) == len(bar), bar
    for menu in menus(window):
        keys = [mnemonic(a.text()) for a in menu.actions() if not a.isSeparator()]
        assert None not in keys, (menu.title(), [a.text() for a in menu.actions()])
        assert len(set(keys)) == len(keys), (menu.title(), [a.text() for a in menu.actions()])
    if code != "en":                             # every entry is translated, none left English
        translated = {getattr(window, f"action_{name}").text() for name in ENTRIES}
        assert translated.isdisjoint(text for text, _tip in ENTRIES.values())


def test_the_pseudo_language_brackets_every_menu_text(monkeypatch, app, qtbot):
    """With the developer switch, View > Language offers the pseudo-language; in it every menu
    text is bracketed, so any text without brackets is one nobody translated (the built-in
    examples of Help > Examples too). Left out, by what they are: the languages' own names."""
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    window.action_language_qps.trigger()
    everything = texts(window)
    left_out = {lang.name for lang in i18n.offered()}
    shown = [text for text in everything if text and text.replace("&", "") not in left_out]
    assert len(shown) > 60
    plain = [text for text in shown if not (text.startswith("[") and text.endswith("]"))]
    assert plain == []


def test_the_app_starts_in_the_systems_language_until_one_is_chosen(monkeypatch, qapp):
    from tapdesk.gui.app import make_app
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert gui_language.start_language() == "fr"
    make_app()
    assert i18n.current_language() == "fr"
    gui_language.choose_language("es")
    assert gui_language.start_language() == "es"          # the choice wins over the system's
    settings.set_value("language", "qps")                  # the pseudo-language needs the switch
    assert gui_language.start_language() == "fr"


def test_without_locale_variables_the_app_asks_qt_for_the_users_languages(monkeypatch):
    """Windows and macOS set no LANG: the user's languages come from the system through Qt."""
    for name in i18n.languages.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    class System:
        @staticmethod
        def uiLanguages():  # noqa: N802 - Qt's name
            return ["pt-BR", "es-419", "en-US"]

    monkeypatch.setattr(gui_language.QLocale, "system", staticmethod(lambda: System()))
    assert gui_language.system_language() == "es"          # the first one TapDesk ships
    monkeypatch.setenv("LANG", "C.UTF-8")                   # a locale named: it decides
    assert gui_language.system_language() == "en"
