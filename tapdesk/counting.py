"""Counts in words: "1 rater", "2 raters", "1,000 ratings".

Below every package (data, engine, report, CLI, app), so each says a count the same way
without importing the engine; :mod:`tapdesk.engine.words` re-exports both functions.
"""

from __future__ import annotations

from tapdesk.i18n.formats import integer


def number(n: int) -> str:
    """A count as users read it: thousands separated, "1,000,000" ("1.000.000" in German:
    :func:`tapdesk.i18n.formats.integer`, the one way a count is written)."""
    return integer(n)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """"1 rater", "2 raters", "1,000 processes": a count with its noun in the right number."""
    return f"{number(n)} {noun if int(n) == 1 else plural or noun + 's'}"


def count_with_verb(n: int, noun: str, verb_one: str, verb_many: str) -> str:
    """"1 cell holds", "3 cells hold": a count, its noun and its verb in the right number."""
    return f"{count(n, noun)} {verb_one if int(n) == 1 else verb_many}"
