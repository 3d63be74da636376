"""Help > Glossary: every term TapDesk uses, in plain words, with a search box.

The text comes from :mod:`tapdesk.report.glossary`, the same entries the
report's appendix prints.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QTextBrowser, QVBoxLayout

from tapdesk.report.glossary import GLOSSARY, Term, groups


def matches(term: Term, text: str) -> bool:
    """True when ``text`` occurs in the term, its other spellings or its meaning."""
    key = text.strip().casefold()
    return not key or any(key in s.casefold() for s in (term.term, term.meaning, *term.also))


def glossary_html(text: str = "") -> str:
    """The entries matching ``text`` as HTML, grouped."""
    parts = []
    for group in groups():
        entries = [t for t in GLOSSARY if t.group == group and matches(t, text)]
        if not entries:
            continue
        parts.append(f"<h3>{html.escape(group)}</h3><dl>")
        for t in entries:
            also = f" <span style='color:gray'>(also: {html.escape(', '.join(t.also))})</span>" \
                if t.also else ""
            parts.append(f"<dt><b>{html.escape(t.term)}</b>{also}</dt>"
                         f"<dd style='margin-bottom:6px'>{html.escape(t.meaning)}</dd>")
        parts.append("</dl>")
    return "".join(parts) or "<p style='color:gray'>No term matches.</p>"


class GlossaryDialog(QDialog):
    """A searchable list of every term and what it means."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Glossary")
        self.resize(640, 620)
        layout = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a term (for example: kappa, interval, BIC)")
        self.search.setAccessibleName("Find a term")
        self.search.setClearButtonEnabled(True)
        layout.addWidget(self.search)
        self.text = QTextBrowser()
        self.text.setAccessibleName("Glossary")
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self.show_matches)
        self.show_matches("")

    def show_matches(self, text: str) -> None:
        self.text.setHtml(glossary_html(text))


def show_glossary(window) -> GlossaryDialog:
    """Open (or bring back) the window's glossary; it stays open beside the results."""
    dialog = getattr(window, "glossary_dialog", None)
    if dialog is None:
        dialog = GlossaryDialog(window)
        window.glossary_dialog = dialog
    dialog.show()
    if QGuiApplication.platformName() != "offscreen":     # offscreen cannot raise windows
        dialog.raise_()
    return dialog
