"""The footer's lead and what follows it make one sentence in the report's language (issue
54): a command too long for the footer is replaced by where to find it, which must complete
"Reproduce this report with:" ("Dieser Bericht lässt sich reproduzieren mit: dem Befehl ...",
not "... reproduzieren mit: der Befehl ...")."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.report import build, build_report
from tapdesk.report.footer_words import footer_words
from tests.report.test_report_language import wine_inputs


def test_a_german_footer_that_points_to_the_method_notes_is_one_german_sentence(monkeypatch):
    monkeypatch.setattr(build, "FOOTER_CHARS", 40)          # the command does not fit
    inputs = wine_inputs()
    with i18n.language("de"):
        doc = build_report(inputs, created="2026-01-02")
        lead = footer_words(doc)
    assert lead.endswith(". Dieser Bericht lässt sich reproduzieren mit:")
    assert doc.footer_command.startswith(("dem Befehl unter „Diesen Bericht reproduzieren“",
                                          "den Befehlen unter „Diesen Bericht reproduzieren“"))
    assert doc.footer_command.endswith(" in den Hinweisen zur Methode")
