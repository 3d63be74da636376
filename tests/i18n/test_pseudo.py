"""The pseudo-language: every template text accented, about 40% longer, in brackets."""

from __future__ import annotations

import math

from tapdesk import i18n
from tapdesk.i18n.pseudo import pseudo_text


def test_a_pseudo_text_keeps_placeholders_markup_and_mnemonic_letters():
    assert pseudo_text("&File") == "[&Fíĺé~~]"
    text = pseudo_text("{rater} was shown to be <b>less</b> accurate than %(panel)s")
    assert text.startswith("[{rater} ŵàš") and "<b>ĺéšš</b>" in text and "%(panel)s" in text
    assert text.endswith("~]")
    english = "Save the whole analysis (every data set and fit) as a .tapdesk file"
    assert 1.35 * len(english) < len(pseudo_text(english)) < 1.5 * len(english)


def test_the_pseudo_language_brackets_the_templates_texts_and_only_them():
    with i18n.language(i18n.PSEUDO):
        assert i18n._("&Quit") == pseudo_text("&Quit")
        assert i18n.pgettext("results tab", "Raters") == pseudo_text("Raters")
        assert i18n._("a text the template lacks") == "a text the template lacks"


def test_a_file_filter_keeps_its_patterns_where_qt_reads_them():
    """Qt reads a name filter's patterns from a last "(...)": bracketed whole, "[ÞĐƑ ... (*.pdf)~]"
    gave Qt the pattern "[ÞĐƑ" and a warning (an invalid regular expression) in the file dialog."""
    from PySide6.QtCore import QRegularExpression
    shown = pseudo_text("PDF files (*.pdf);;All files (*)")
    assert shown.split(";;") == ["[ÞĐƑ ƒíĺéš~~~~] (*.pdf)", "[Àĺĺ ƒíĺéš~~~~] (*)"]
    for part in shown.split(";;"):
        patterns = part[part.rindex("(") + 1:-1].split()
        assert all(QRegularExpression(QRegularExpression.wildcardToRegularExpression(p)).isValid()
                   for p in patterns)


def test_a_long_texts_padding_comes_in_words_a_line_may_break_between():
    """Issue 54: a model's description padded by one run of 80 tildes could not wrap narrower
    than 660 px, and the analysis pane squeezed the window's left side in the pseudo-language."""
    from tapdesk.i18n.pseudo import GROWTH, PAD_WORD
    english = ("Each subject is truly Class 1 with probability t; a rating is accurate with "
               "probability a, and otherwise a guess that says Class 1 with probability p.")
    shown = pseudo_text(english)
    padding = shown[len(english) + 1:-1]
    assert padding.replace(" ", "") == "~" * math.ceil(GROWTH * len(english))
    assert max(len(word) for word in padding.split()) <= PAD_WORD
    assert pseudo_text("Plots") == "[Þĺöţš~~]"
