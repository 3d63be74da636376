"""The language the texts are written in now (one per process), and a way to write a document in
another (the report's own language, chosen in the Export dialog)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import TypeVar

from tapdesk.i18n.languages import PSEUDO, SOURCE, known

_current = SOURCE

E = TypeVar("E")
R = TypeVar("R")


def current_language() -> str:
    return _current


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (a tag such as ``de_DE`` is understood; an unknown one is
    English); the language set."""
    global _current
    _current = known(code) or SOURCE
    return _current


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (a report written in its own language), then as before."""
    global _current
    before = _current
    set_language(code)
    try:
        yield _current
    finally:
        _current = before


def is_source() -> bool:
    """Whether texts are shown as written (English): the formats then stay TapDesk's own."""
    return _current == SOURCE


def is_pseudo() -> bool:
    return _current == PSEUDO


def each_step_in(code: str | None, steps: Generator[E, None, R]) -> Generator[E, None, R]:
    """``steps`` (a generator: a fit yielding its progress) run in ``code``'s language one step
    at a time, the caller's language back between the steps: a fit stores its texts in English
    (``formats`` writes the numbers inside them) while the window shows its progress in German."""
    try:
        while True:
            with language(code):
                try:
                    event = next(steps)
                except StopIteration as stop:
                    return stop.value
            yield event
    finally:
        steps.close()
