"""The app's language: the one chosen in View > Language (remembered), else the system's.

Choosing sets :mod:`tapdesk.i18n`'s language for the app's own texts, Qt's default locale for the
numbers Qt writes (a spin box's decimal mark), and loads Qt's shipped
translations (``qtbase_<code>.qm``: the standard buttons, the file dialog, the context menus of
text fields) from Qt's translations folder, which the bundle carries. ``qt_<code>.qm`` is not
used: it only names the catalogs of every Qt module, and fails to load where PySide6-Essentials
lacks one of them (qtmultimedia). English loads nothing.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from tapdesk import i18n
from tapdesk.gui import settings

SETTING = "language"

_qt_translator: QTranslator | None = None


def saved_language() -> str | None:
    """The language chosen in View > Language, if one was."""
    return i18n.known(str(settings.value(SETTING, "") or ""))


def start_language() -> str:
    """The language the app starts in: the one chosen, else the system's (first start)."""
    chosen = saved_language()
    if chosen == i18n.PSEUDO and not i18n.languages.pseudo_offered():
        chosen = None
    return chosen or system_language()


def system_language() -> str:
    """The system's language: what ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` name
    (Linux, a terminal), else the user's languages as Qt reads them from Windows or macOS,
    the first TapDesk ships; else English."""
    if i18n.languages.environment_says():
        return i18n.from_environment()
    for tag in QLocale.system().uiLanguages():
        if i18n.known(tag) not in (None, i18n.PSEUDO):
            return str(i18n.known(tag))
    return i18n.SOURCE


def choose_language(code: str) -> str:
    """Speak ``code`` from now on and remember it; the language set."""
    code = apply_language(code)
    settings.set_value(SETTING, code)
    return code


def apply_language(code: str | None) -> str:
    """Speak ``code`` (TapDesk's texts and Qt's own, and Qt's numbers) without remembering it."""
    code = i18n.set_language(code)
    install_qt_translations(code)
    use_number_locale(code)
    return code


def use_number_locale(code: str) -> None:
    """Qt's numbers (a spin box's "0,05") as ``code`` writes them: Qt's default locale, the
    pseudo-language's German as :mod:`tapdesk.i18n.formats` writes its numbers; the windows
    already open follow (a widget keeps the locale it was made with until told)."""
    QLocale.setDefault(QLocale("de" if code == i18n.PSEUDO else code))
    app = QCoreApplication.instance()
    if not isinstance(app, QApplication):
        return
    for widget in app.topLevelWidgets():
        if not widget.testAttribute(Qt.WidgetAttribute.WA_SetLocale):
            widget.unsetLocale()        # the default again, down to its children


def qt_translations_folder(code: str) -> str:
    """The folder with ``qtbase_<code>.qm``: Qt's own translations folder, else where PySide6
    keeps them beside its module (a bundle: ``PySide6/Qt/translations`` on Linux and macOS,
    ``PySide6/translations`` on Windows), which packaging/platform_choices.py carries."""
    import PySide6
    here = Path(PySide6.__file__).resolve().parent
    qt_own = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for folder in (Path(qt_own), here / "Qt" / "translations", here / "translations"):
        if (folder / f"qtbase_{code}.qm").is_file():
            return str(folder)
    return qt_own


def install_qt_translations(code: str) -> bool:
    """Qt's own texts in ``code`` (none for English and the pseudo-language); whether a
    translation was loaded."""
    global _qt_translator
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if code in (i18n.SOURCE, i18n.PSEUDO):
        return False
    translator = QTranslator(app)
    if not translator.load(QLocale(code), "qtbase", "_", qt_translations_folder(code)):
        return False
    app.installTranslator(translator)
    _qt_translator = translator
    return True
