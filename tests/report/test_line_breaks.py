"""The one rule that breaks a word too long for its line (issue 54): Qt-free, shared by the
fits list and the Compare tab's headings."""

from __future__ import annotations

import subprocess
import sys

from tapdesk.report.line_breaks import broken_word, wrap_parts, wrap_words


def test_a_long_word_breaks_before_a_consonant_and_vowel_where_one_fits():
    def fits(line: str) -> bool:
        return len(line) <= 20
    assert wrap_parts(["2. Klassische Übereinstimmungskoeffizienten", "Analytische"], fits, "") \
        == ["2. Klassische", "Übereinstimmungs-", "koeffizienten", "Analytische"]
    assert broken_word("Übereinstimmungskoeffizienten", lambda line: len(line) <= 9, "") == \
        ["Übereins-", "timmungs-", "koeffi-", "zienten"]
    assert broken_word("ab-c", lambda line: len(line) <= 2) == ["ab-c"]     # as it is: too short


def test_parts_share_a_line_with_a_comma_and_end_one_without():
    def fits(line: str) -> bool:
        return len(line) <= 19
    assert wrap_parts(["1. t-a-p", "Vraisemblance max.", "Classe 1 = no medal"], fits, "") == \
        ["1. t-a-p", "Vraisemblance max.", "Classe 1 = no medal"]
    assert wrap_parts(["1. t-a-p", "ML", "Class 1 = 1"], lambda line: len(line) <= 40, "") == \
        ["1. t-a-p, ML, Class 1 = 1"]


def test_words_wrap_to_the_width_and_a_longer_one_breaks_with_a_hyphen():
    assert wrap_words(["Klassische", "Übereinstimmungskoeffizienten"],
                      lambda line: len(line) <= 20, "") == \
        ["Klassische", "Übereinstimmungs-", "koeffizienten"]


def test_the_rule_needs_no_qt():
    """The module loads without Qt, so the report's layers may use it (the import-linter
    contracts keep Qt out of tapdesk.report)."""
    code = ("import sys; import tapdesk.report.line_breaks; "
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]")
    subprocess.run([sys.executable, "-c", code], check=True)
