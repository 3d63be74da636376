"""The wine report in German has no number written as English writes it (issue 54, item 4): the
rule of :mod:`tests.i18n.english_numbers` over every line of the report's text (its sections, tables
and captions); in French, percents are "54 %" (a no-break space) and thousands are grouped by a
narrow no-break space."""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.report import build_report
from tests.i18n.english_numbers import english_numbers
from tests.report.test_report_language import wine_inputs


@pytest.fixture(scope="module")
def inputs():
    return wine_inputs()


def _text(inputs, code: str) -> str:
    with i18n.language(code):
        return build_report(inputs, created="2026-01-02").as_text()


def test_the_rule_finds_english_numbers():
    assert english_numbers("a = 0.54") and english_numbers("1,000,000 Fälle")
    assert english_numbers("0,41 to 0,62") and english_numbers("54 % to 60 %")
    assert not english_numbers("a = 0,54 (0,41 bis 0,62), 1.000 Fälle, 2, 3 und 4, 54\u00a0%, "
                               "1.234,5")
    assert not english_numbers("TapDesk 1.1.0.dev0, wine.csv, 3f2a9c0d1e2b3c4d, kostet 1.200.")


UNGROUPED_COUNT = re.compile(r"(?<![\d\u202f.,])\d{4,}[ \u00a0][^\W\d_]")
"""A count of four digits or more before the word it counts, written without its thousands
grouped ("1000 resamples": German groups it "1.000", French "1\u202f000"); a year, a seed or a
hash is not followed by a word."""


def _english(text: str) -> list[str]:
    found = [f"{bad!r} in {line.strip()[:160]!r}" for line in text.splitlines()
             for bad in english_numbers(line)]
    return found + [m.group(0) for m in UNGROUPED_COUNT.finditer(text)]


def test_the_german_wine_report_writes_no_number_as_english_does(inputs):
    """A rater's guess rate the data could not pin down read "... could be anything from 0.00
    to 1.00 (95% interval)" in the German report (an English sentence in the rater table); the
    bootstrap's and the test's resamples read "1000", not grouped."""
    text = _text(inputs, "de")
    assert _english(text) == [], "\n".join(_english(text))
    assert "0,00 bis 1,00 (95\u00a0%-Intervall)" in text
    assert "1.000 Stichproben" in text and "1.000 Umverteilungen" in text


def test_the_french_wine_report_spaces_percents_and_groups_with_a_narrow_space(inputs):
    text = _text(inputs, "fr")
    assert _english(text) == [], "\n".join(_english(text))
    assert not re.search(r"\d%", text)                         # "54 %", never "54%"
    assert re.search(r"\d\u00a0%", text)
    assert "1\u202f000 rééchantillons" in text                 # a narrow no-break space
