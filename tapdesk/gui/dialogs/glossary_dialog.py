"""Help > Glossary: every term TapDesk uses, in plain words, with a search box.

The text comes from :mod:`tapdesk.report.glossary`, the same entries the
report's appendix prints, in the window's language (View > Language); the search finds a term by
its English spelling too. The other spellings ("also: ...") are the English names a reader meets
in the command line's options and the exported files' columns, which stay English.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QTextBrowser, QVBoxLayout

from tapdesk.gui.words import say
from tapdesk.i18n import N_, _
from tapdesk.report.glossary import GLOSSARY, Term, groups


def matches(term: Term, text: str) -> bool:
    """True when ``text`` occurs in the term, its other spellings or its meaning."""
    key = text.strip().casefold()
    spellings = (term.term, term.meaning, term.shown_term(), term.shown_meaning(), *term.also)
    return not key or any(key in s.casefold() for s in spellings)


def glossary_html(text: str = "") -> str:
    """The entries matching ``text`` as HTML, grouped."""
    parts = []
    for group in groups():
        entries = [t for t in GLOSSARY if t.group == group and matches(t, text)]
        if not entries:
            continue
        parts.append(f"<h3>{html.escape(_(group))}</h3><dl>")
        for t in entries:
            parts.append(f"<dt><b>{html.escape(t.shown_term())}</b>{_also(t)}</dt>"
                         f"<dd style='margin-bottom:6px'>{html.escape(t.shown_meaning())}</dd>")
        parts.append("</dl>")
    if not parts:
        return "<p style='color:gray'>" + html.escape(_("No term matches.")) + "</p>"
    return "".join(parts)


def _also(term: Term) -> str:
    """The term's other spellings (English names, as the command line and files write them)."""
    if not term.also:
        return ""
    # Translators: after a glossary term, its other spellings: {spellings} is a comma-separated
    # list of English names ("accuracy, a0a1"), kept English as the files and command line write them.
    also = _("(also: {spellings})").format(spellings=", ".join(term.also))
    return f" <span style='color:gray'>{html.escape(also)}</span>"


class GlossaryDialog(QDialog):
    """A searchable list of every term and what it means."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        say(self, "setWindowTitle", N_("Glossary"))
        self.resize(640, 620)
        layout = QVBoxLayout(self)
        self.search = QLineEdit()
        say(self.search, "setPlaceholderText", N_("Find a term (for example: kappa, interval, BIC)"))
        say(self.search, "setAccessibleName", N_("Find a term"))
        self.search.setClearButtonEnabled(True)
        layout.addWidget(self.search)
        self.text = QTextBrowser()
        say(self.text, "setAccessibleName", N_("Glossary"))
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        # Translators: the button that closes a help window (& marks the shortcut letter).
        say(buttons.button(QDialogButtonBox.StandardButton.Close), "setText", N_("&Close"))
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self.show_matches)
        self.show_matches("")

    def show_matches(self, text: str) -> None:
        self.text.setHtml(glossary_html(text))

    def retranslate_texts(self) -> None:
        """The entries again in the language just chosen (called by :func:`retranslate`)."""
        self.show_matches(self.search.text())


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
