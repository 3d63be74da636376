"""Numbers, percents, intervals, dates and lists in each language (tapdesk.i18n.formats):
English as TapDesk always wrote them, the others by CLDR's rules through Babel."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from tapdesk import i18n
from tapdesk.i18n import formats

NBSP, NNBSP = "\u00a0", "\u202f"


def written(code: str) -> tuple[str, ...]:
    with i18n.language(code):
        return (formats.decimal(-12345.678, 3), formats.decimal(0.5, 2), formats.percent(0.54),
                formats.percent(0.545, 1), formats.interval(0.41, 0.625, 2),
                formats.joined(["A", "B", "C"]), formats.joined(["A", "B"], "or"),
                formats.date(dt.date(2026, 11, 5)), formats.integer(1234567))


def test_english_keeps_tapdesks_own_forms():
    assert written("en") == ("\u221212345.678", "0.50", "54%", "54.5%", "0.41 to 0.62", "A, B and C",
                             "A or B", "2026-11-05", "1,234,567")


@pytest.mark.parametrize(("code", "expected"), [
    ("de", ("\u221212.345,678", "0,50", f"54{NBSP}%", f"54,5{NBSP}%", "0,41 bis 0,62", "A, B und C",
            "A oder B", "5. November 2026", "1.234.567")),
    ("fr", (f"\u221212{NNBSP}345,678", "0,50", f"54{NBSP}%", f"54,5{NBSP}%", "0,41 à 0,62", "A, B et C",
            "A ou B", "5 novembre 2026", f"1{NNBSP}234{NNBSP}567")),
    ("es", ("\u221212.345,678", "0,50", f"54{NBSP}%", f"54,5{NBSP}%", "0,41 a 0,62", "A, B y C", "A o B",
            "5 de noviembre de 2026", "1.234.567")),
])
def test_other_languages_write_as_their_readers_do(code, expected):
    assert written(code) == expected


@pytest.mark.parametrize(("code", "four", "five"), [
    ("es", "1600", "16.000"), ("de", "1.600", "16.000"), ("fr", f"1{NNBSP}600", f"16{NNBSP}000"),
])
def test_grouping_follows_cldrs_minimum_grouping_digits(code, four, five):
    """Spanish groups a number's thousands from five digits on (CLDR's minimumGroupingDigits 2)."""
    with i18n.language(code):
        assert (formats.integer(1600), formats.integer(16000)) == (four, five)
        assert formats.decimal(1600.25, 1) == four + ",2"
        assert formats.decimal(9999.96, 1) == five.replace("16", "10") + ",0"


def test_the_pseudo_language_writes_numbers_with_a_decimal_comma():
    with i18n.language(i18n.PSEUDO):
        assert formats.decimal(0.5, 2) == "0,50"          # a decimal point among these stands out


def test_english_loads_no_babel():
    code = ("import sys; from tapdesk import i18n; from tapdesk.i18n import formats, _; "
            "formats.percent(0.5); formats.decimal(1.0, 2); formats.joined(['a', 'b']); _('&File'); "
            "print([m for m in sys.modules if m.split('.')[0] == 'babel'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_english_is_what_the_existing_formatters_write():
    """English through these functions is byte for byte what the engine's one number formatter
    and the counts write (non-negative numbers: the sign of a negative one is the engine's to
    choose, a real minus sign, when a surface is converted)."""
    from tapdesk.counting import number
    from tapdesk.engine.results import fmt
    for value in (0.0, 0.5, 0.1234567, 3.0, 12345.678):
        for digits in (0, 1, 2, 3):
            assert formats.decimal(value, digits) == fmt(value, digits)
    for n in (0, 7, 1000, 1234567):
        assert formats.integer(n) == number(n)


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_every_language_signs_as_the_engine_does(code):
    """One rule for the sign: a real minus sign, none on a number that rounds to zero."""
    with i18n.language(code):
        assert formats.decimal(-0.21, 2).startswith("\u2212")
        assert formats.decimal(-0.0001, 2)[0] == "0"


@pytest.mark.parametrize("code, listed, alternatives", [
    ("de", "0; 1 und 2", "0; 1 oder 2"), ("fr", f"0{NBSP}; 1 et 2", f"0{NBSP}; 1 ou 2"),
    ("es", "0; 1 y 2", "0; 1 o 2")])
def test_numbers_listed_with_a_decimal_comma_are_not_read_as_one_number(code, listed, alternatives):
    """Issue 79: "0, 1 und 2" in German reads as "0,1 und 2" (a decimal comma): where the comma is
    the decimal sign, numbers in a list with a zero or a decimal are set apart by the language's
    semicolon; words and whole numbers past zero keep their commas (rows "12, 13 und 15" read
    as a list), and English its own."""
    from tapdesk.data.binary import ClassChoice
    with i18n.language(code):
        assert formats.joined(["0", "1", "2"]) == listed
        assert formats.joined(["0", "1", "2"], "or") == alternatives
        assert formats.joined(["\u22120,05", "1"], "or").startswith("\u22120,05")
        assert "," in formats.joined(["A", "B", "C"])                 # words keep their commas
        assert "," in formats.joined(["12", "13", "15"])              # and whole numbers past 0
        choice = ClassChoice(("0", "1", "2"), ("3",), "chosen")
        assert choice.names(("0", "1", "2")) == alternatives
    assert formats.joined(["0", "1", "2"]) == "0, 1 and 2"
