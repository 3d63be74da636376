"""One table names the methods (issue 54): the engine's, with a short form for the fits list;
the report and the window render from it."""

from __future__ import annotations

import tapdesk.gui.project.session as session
import tapdesk.report.words as report_words
from tapdesk.engine import words
from tapdesk.i18n import language, pgettext
from tapdesk.i18n.deferred import shown


def test_report_and_window_keep_no_table_of_their_own():
    assert not hasattr(report_words, "METHOD_WORDS")
    assert not hasattr(session, "METHOD_WORDS")


def test_every_surface_renders_the_engines_table_in_the_language_shown():
    stored = words.method_words("mle")                  # made once, shown later
    for code in ("en", "de", "fr", "es"):
        with language(code):
            for method, forms in words.METHOD_WORDS.items():
                full = shown(words.method_words(method))
                assert report_words.method_words(method) == full
                assert session.method_words(method) == pgettext(words.METHOD_SHORT,
                                                                forms[words.METHOD_SHORT])
            assert shown(stored) == report_words.method_words("mle")
    with language("fr"):
        assert session.method_words("mle") != report_words.method_words("mle")  # the short form
    assert report_words.method_words("unknown") == session.method_words("unknown") == "unknown"
