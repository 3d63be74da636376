"""Texts left untranslated (issue 54): in the pseudo-language every text TapDesk shows carries
the pseudo brackets, so a text without them was never translated (or never extracted).

One walk of a window or dialog for the suite (``tests/gui/window/test_window_in_languages.py``)
and the self-test (``tapdesk --selftest`` with ``TAPDESK_SELFTEST_LANGUAGE=qps``: each screenshot's
window or dialog is walked, and any text found fails the self-test's "untranslated" check).
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)

from tapdesk import i18n

LANGUAGE_ENV = "TAPDESK_SELFTEST_LANGUAGE"
"""The language the self-test speaks (``qps`` for the pseudo-language), else the system's."""

TAGS = re.compile(r"<[^>]+>")
BRACKETED = re.compile(r"\[[^\[\]]*\]")

NOT_YET: dict[str, str] = {
    # (the Raters ... Progress tabs: tests/gui/window/test_tabs_in_languages.py)
}
"""Surfaces of the window whose own texts are not converted yet: skipped by the walk."""

ENGINE_WORDS: dict[str, str] = {
    # (the Summary's headline and facts and the findings in words: converted, issue 54;
    # tests/gui/window/test_window_words_in_languages.py fits every analysis to check them)
}
"""Texts made by the engine and data layers, converted in their own areas: their widgets'
own words (names, tooltips) are still checked, their text is not. (The analyses' names and
descriptions, Class 1 in words and the coefficients' rows are checked: converted.)"""


QT_OWN = re.compile(r"^(qt_|Scroll(Left|Right)Button$)")
"""Widgets Qt makes and words itself (Qt's own translations, not TapDesk's catalog)."""


def widget_at(window, path: str) -> QWidget:
    """The widget at a dotted attribute path of the window ("results_pane.raters")."""
    obj = window
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def plain(text: str) -> str:
    return html.unescape(TAGS.sub(" ", text or ""))


PRODUCT_NAMES = ("TapDesk",)
"""Names no language translates (a window's title ends in the product's name)."""
PLAIN_LETTERS = re.compile(r"[A-Za-z]{2,}")
"""A word of unaccented letters: the pseudo-language accents every letter of the template, so
inside its brackets such a word is an English text put into a translated one (a placeholder
filled with an untranslated sentence: "[Ŕàţéŕš ... {note}]" holding "Each rater's ...")."""
HEX = re.compile(r"\b[0-9a-f]{8,}\b")
"""A hash's digits (the ratings' SHA-256 in a data set's line)."""
ENCODINGS = re.compile(r"\b(?:utf|latin|cp|iso|windows|ascii|mac)[-_]?[\d-]*\b", re.IGNORECASE)
"""A text encoding's name as Python writes it ("utf-8"): a machine name, in every language."""


PATH = re.compile(r"(?:[A-Za-z]:)?(?:[/\\][\w.\-]+)+[/\\]?")
"""A folder's or a file's path (the Export dialog's "done" page names the folder)."""
FILE = re.compile(r"[\w.\-]+\.(?:html?|pdf|odt|docx|csv|tsv|txt|xlsx?|ods|json|tapdesk|png|zip)\b",
                  re.IGNORECASE)
"""A file's name (the report just written): the user's, in every language."""


def untranslated(text: str, data: tuple[str, ...]) -> bool:
    """Whether ``text`` has words outside the pseudo brackets, or English words inside them,
    once the data's own words (file, column and category names), the product's name and
    numbers are taken out."""
    return bool(untranslated_words(text, data))


def untranslated_words(text: str, data: tuple[str, ...]) -> list[str]:
    """The words of ``text`` that show it untranslated (see :func:`untranslated`)."""
    rest = " ".join(plain(text).split())          # a wrapped name is the name on one line
    for machine in (HEX, ENCODINGS, PATH, FILE):        # before a data word cuts into them
        rest = machine.sub(" ", rest)
    for word in sorted((*data, *PRODUCT_NAMES), key=len, reverse=True):
        rest = rest.replace(word, " ")
    inside = PLAIN_LETTERS.findall(rest)
    while BRACKETED.search(rest):
        rest = BRACKETED.sub(" ", rest)
    return list(dict.fromkeys(inside + re.findall(r"[^\W\d_]{2,}", rest)))


def item_texts(view: QAbstractItemView, most: int = 60) -> list[str]:
    """The texts of a list's or a tree's items (the first ``most``, first column): a table's
    cells are data and numbers, a list's items are names (the Export dialog's fits, the fits
    list's data sets and fits)."""
    model = view.model()
    if model is None or isinstance(view, QTableView | QHeaderView):
        return []
    out: list[str] = []

    def visit(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            if len(out) >= most:
                return
            index = model.index(row, 0, parent)
            out.append(str(index.data(Qt.ItemDataRole.DisplayRole) or ""))
            out.append(str(index.data(Qt.ItemDataRole.ToolTipRole) or ""))
            if isinstance(view, QTreeView):
                visit(index)

    visit(QModelIndex())
    return out


def header_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:
        columns = 1
    return [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]


def own_texts(widget: QWidget, with_text: bool) -> list[str]:
    """The words of one widget: its text (when ``with_text``), tooltip, accessible name,
    placeholder, title, tabs and column headings."""
    out = [widget.toolTip(), widget.accessibleName()]
    if not with_text:
        return out
    if isinstance(widget, QLabel | QAbstractButton):       # a one-line label elides: its whole text
        out.append(getattr(widget, "full_text", None) or widget.text())
    if isinstance(widget, QLineEdit | QPlainTextEdit):
        out.append(widget.placeholderText())
    if isinstance(widget, QComboBox):
        out += [widget.itemText(i) for i in range(widget.count())]
    if isinstance(widget, QGroupBox):
        out.append(widget.title())
    if isinstance(widget, QTabWidget):
        out += [widget.tabText(i) for i in range(widget.count())]
    if isinstance(widget, QAbstractItemView):
        out += header_texts(widget) + item_texts(widget)
    if widget.isWindow():                  # a window's or a dialog's title
        out.append(widget.windowTitle())
    return out


def unbracketed(root: QWidget, skipped: list[QWidget], engine: list[QWidget],
                data: tuple[str, ...]) -> list[str]:
    """Every text a user reads in ``root`` (shown widgets) that is not in pseudo brackets."""
    found = []
    for widget in (root, *root.findChildren(QWidget)):
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        if any(s is widget or s.isAncestorOf(widget) for s in skipped) or \
                QT_OWN.match(widget.objectName()):
            continue
        inside_engine = any(e is widget or e.isAncestorOf(widget) for e in engine)
        for text in own_texts(widget, with_text=not inside_engine):
            words = untranslated_words(text, data) if text else []
            if words:
                found.append(f"{type(widget).__name__} {widget.objectName()!r}: {text!r} "
                             f"(untranslated: {', '.join(words[:6])})")
    return found


def dataset_words(ds, table) -> list[str]:
    """One data set's own words: its name, columns, categories, items, raters and subjects."""
    words = [ds.provenance.file_name or "", *ds.items,
             *(str(column) for _role, column in ds.mapping if column)]      # the columns read
    if table is not None:
        words += [*table.categories, *(table.scale.display(c) for c in table.categories),
                  *(table.scale.label(c) for c in table.categories),
                  *table.attributes.subject_columns, *table.attributes.rater_columns,
                  *(str(name) for name in (*table.rater_ids, *table.subject_ids[:2000]))]
    return words


def data_words(window, root: QWidget | None = None) -> tuple[str, ...]:
    """The data's own words: those of every data set open (the fits list and the data-set
    chooser name them all) and of the data a dialog ``root`` previews, each data set's name,
    the project's file name (the window's title) and each language's own name."""
    words: list[str] = []
    for session in window.sessions.values():
        words += [session.name, *dataset_words(session.dataset, session.table)]
    previewed = getattr(root, "dataset", None)
    if previewed is not None and hasattr(previewed, "provenance"):
        words += dataset_words(previewed, getattr(previewed, "table", None))
    if getattr(window, "project_path", None) is not None:
        words.append(window.project_path.name)
    words += [language.name for language in i18n.offered()]      # each by its own name
    return tuple(dict.fromkeys(" ".join(str(w).split()) for w in words if w))


def window_problems(window, root: QWidget | None = None) -> list[str]:
    """What the pseudo-language leaves unbracketed in ``root`` (the main window when None), the
    surfaces of :data:`NOT_YET` skipped and the engine's words (:data:`ENGINE_WORDS`) checked
    only for their widgets' own names; [] in any other language."""
    if i18n.current_language() != i18n.PSEUDO:
        return []
    root = root or window
    skipped = [_optional(window, path) for path in NOT_YET]
    engine = [_optional(window, path) for path in ENGINE_WORDS]
    words = data_words(window, root)
    return unbracketed(root, [w for w in skipped if w is not None],
                       [w for w in engine if w is not None], words)


def _optional(window, path: str) -> QWidget | None:
    try:
        return widget_at(window, path)
    except AttributeError:
        return None


def apply_selftest_language() -> None:
    """Speak the language :data:`LANGUAGE_ENV` names (the self-test and its action walk's own
    process call this after making the app); nothing when it names none."""
    import os

    from tapdesk.gui.language import apply_language
    code = os.environ.get(LANGUAGE_ENV, "")
    if not code:
        return
    if code == i18n.PSEUDO:
        os.environ[i18n.languages.PSEUDO_SWITCH] = "1"      # View > Language offers it too
    apply_language(code)
