"""The rule of issue 54's number check: a number written as English writes it, in a text meant to
be German (the window's walk, tests/gui/window/test_numbers_walk.py, and the German report,
tests/report/test_report_numbers.py). Qt-free."""

from __future__ import annotations

import html
import re

GERMAN_GROUPED = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:\.\d{3})+(?!\d|\.\d)")
"""A whole number grouped as German groups it ("1.000", "12.345.678"): not a decimal point."""
ENGLISH_NUMBER = re.compile(r"\d\.\d|\b\d{1,3}(?:,\d{3}){2,}\b|\d\s*%?\s+to\s+[\u2212+-]?\d")
"""A number as English writes it: a decimal point between digits ("0.54"), commas grouping
thousands ("1,000,000"), the English "to" between two numbers ("0,41 to 0,62"). A comma before
three digits alone ("1,000") is not told: in German it is a number with three decimals
("0,265"), as TapDesk writes most."""

NOT_NUMBERS = (
    re.compile(r"\b[0-9a-f]{8,}\b"),                  # a hash's digits (the ratings' SHA-256)
    re.compile(r"\b\d+\.\d+\.\d+(?:\.?(?:dev|rc|post)\d+)?\b"),   # a version ("1.1.0.dev0")
    re.compile(r"(?:[A-Za-z]:)?(?:[/\\][\w.\-]+)+[/\\]?"),        # a file's path
    re.compile(r"\b[\w\-]+\.(?:csv|tsv|txt|xlsx?|ods|json|tapdesk|pdf|html?|png)\b"),  # a file
)
"""Digits that are not numbers a reader reads, taken out before the check: the only exceptions."""

TAGS = re.compile(r"<[^>]+>")


def english_numbers(text: str) -> list[str]:
    """The English-written numbers in ``text`` (each with some context), once the texts that
    are not numbers are out."""
    rest = " ".join(html.unescape(TAGS.sub(" ", text or "")).split())
    for pattern in (*NOT_NUMBERS, GERMAN_GROUPED):
        rest = pattern.sub(" ", rest)
    return [rest[max(0, m.start() - 25):m.end() + 25] for m in ENGLISH_NUMBER.finditer(rest)]
