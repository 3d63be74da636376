"""Help: what the numbers mean, and About (versions and licences)."""

from __future__ import annotations

import html
import platform
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from tapdesk import __version__
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats
from tapdesk.licence import LICENCE_NAME, licence_text

# Translators: the pieces of Help > What these numbers mean (F1), one paragraph or list item
# each; keep the HTML tags (<b>, <i>) around the same words. {level} is "95%", {half} is "50%",
# written as the language writes a percent.
MEANING_TITLE = N_("What these numbers mean")
MEANING_LEAD = N_("The <b>t-a-p model</b> imagines each rating being made in two steps. First, the rater "
                  "either <i>knows</i> the right answer (with probability <b>a</b>, the <b>accuracy</b>) or "
                  "does not. A rater who knows gives the subject's true class. A rater who does not know "
                  "<i>guesses</i>, and says Class 1 with probability <b>p</b>. Finally, <b>t</b> is the "
                  "share of subjects that truly belong to Class 1.")
MEANING_ITEMS = (
    N_("<b>a (accuracy)</b>: 0 means every rating is a guess; 1 means raters never guess. It is not "
       "the share of correct ratings: a guess can still be right by luck."),
    N_("<b>p (guess rate)</b>: when raters guess, how often they say Class 1. A p far from t means "
       "raters lean one way when unsure."),
    N_("<b>t (truth rate)</b>: the share of subjects truly in Class 1, estimated from the pattern of "
       "agreement, not from a gold standard."),
    # Translators: a line of the F1 help; {level} is the default level ("95%"); keep the <b> tags.
    N_("<b>Intervals</b>: the range of values compatible with the data ({level} unless stated). Wide "
       "intervals mean the data do not pin the number down."),
    N_("<b>Fleiss' kappa</b> and other classical coefficients measure agreement beyond chance. When "
       "t = p (raters guess at the true rate), kappa = a\u00b2."),
    N_("<b>The kappa paradox</b>: with a rare class, raters agree most of the time just by saying the "
       "common class; kappa then looks low even when agreement is high. Accuracy a is not affected by "
       "the class balance in this way."),
    N_("<b>Warnings</b> such as \"on the boundary\" or \"not identified\" mean a number sits at 0 or 1, "
       "or cannot be learned from these data; read the message before using it."),
    # Translators: a line of the F1 help; {half} is the number 0.5 as your language writes it; keep
    # the <b> tags.
    N_("<b>Per-subject probabilities</b>: for each subject, how likely it is to be truly Class 1 given "
       "its ratings. Subjects near {half} are the ones a committee should review."),
)


def meaning_html() -> str:
    """Help > What these numbers mean, in the current language."""
    shares = {"level": formats.percent(0.95), "half": formats.percent(0.5)}
    items = "".join(f"<li>{_(item).format(**shares)}</li>" for item in MEANING_ITEMS)
    return f"<h2>{_(MEANING_TITLE)}</h2><p>{_(MEANING_LEAD)}</p><ul>{items}</ul>"


def _versions() -> list[tuple[str, str, str]]:
    import numpy
    import pandas
    import pyqtgraph
    import PySide6
    import scipy
    return [("TapDesk", __version__, "GPL-3.0-or-later"),
            ("Python", platform.python_version(), "PSF License"),
            ("Qt for Python (PySide6)", PySide6.__version__, "LGPL-3.0"),
            ("pyqtgraph", pyqtgraph.__version__, "MIT"),
            ("NumPy", numpy.__version__, "BSD-3-Clause"),
            ("SciPy", scipy.__version__, "BSD-3-Clause"),
            ("pandas", pandas.__version__, "BSD-3-Clause")]


def _licence_html() -> str:
    """The licence's part of About: what it allows, and its text (the licence itself stays in
    English, the language it is written and binding in)."""
    text = licence_text()
    heading = f"<h3>{_('Licence')}</h3>"
    if text is None:
        # Translators: in Help > About; {licence} is the licence's name ("GNU General Public
        # License v3.0 or later"), {address} its web address.
        return heading + "<p>" + _("TapDesk is free software under the {licence}. The licence text "
                                   "was not found beside this installation; it is at {address}.").format(
            licence=LICENCE_NAME, address="https://www.gnu.org/licenses/gpl-3.0.html") + "</p>"
    # Translators: in Help > About, before the licence's full text (which stays in English);
    # {licence} is the licence's name.
    return (heading + "<p>" + _("TapDesk is free software under the {licence}: you may share and "
                                "change it under its terms. There is no warranty. The full text "
                                "follows.").format(licence=LICENCE_NAME) + "</p>"
            f"<pre style='font-size: small'>{html.escape(text)}</pre>")


def about_html() -> str:
    """Help > About's page in the current language: what TapDesk is, the versions of its
    parts (names and licences as their makers write them), and the licence."""
    rows = "".join(f"<tr><td>{n}</td><td>{v}</td><td>{lic}</td></tr>" for n, v, lic in _versions())
    # Translators: the first lines of Help > About.
    lead = _("Rater-agreement analysis with the t-a-p model family (D. Eubanks). Works offline; "
             "your data never leave this computer.")
    # Translators: the column headings of Help > About's table of the program's parts.
    heads = "".join(f"<th align='left'>{word}</th>" for word in
                    (_("Component"), _("Version"), _("Licence")))
    return (f"<h2>TapDesk {__version__}</h2><p>{lead}</p>"
            f"<table cellpadding='3'><tr>{heads}</tr>{rows}</table>" + _licence_html())


class _Page(QTextBrowser):
    """A help page that is made again in the language chosen (View > Language)."""

    def __init__(self, make: Callable[[], str]) -> None:
        super().__init__()
        self._make = make
        self.setHtml(make())

    def retranslate_texts(self) -> None:
        self.setHtml(self._make())


def _dialog(parent: QWidget, title: str, make: Callable[[], str]) -> QDialog:
    """A dialog showing the page ``make`` writes (again when the language changes); ``title``
    is marked for the catalog (said in the current language)."""
    dialog = QDialog(parent)
    say(dialog, "setWindowTitle", title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    layout = QVBoxLayout(dialog)
    browser = _Page(make)
    say(browser, "setAccessibleName", title)
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    # Translators: the button that closes a help window (& marks the shortcut letter).
    say(buttons.button(QDialogButtonBox.StandardButton.Close), "setText", N_("&Close"))
    buttons.rejected.connect(dialog.close)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    return dialog


def show_meaning(parent: QWidget) -> QDialog:
    dialog = _dialog(parent, MEANING_TITLE, meaning_html)
    dialog.show()
    return dialog


def show_about(parent: QWidget) -> QDialog:
    dialog = _dialog(parent, N_("About TapDesk"), about_html)
    dialog.show()
    return dialog
