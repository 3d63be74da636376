"""The Summary's texts of a fit, written off the GUI thread when the fit is large (issue 57).

The Summary shows :meth:`~tapdesk.engine.results.FitResult.summary` (headline, facts,
parameter rows) and the results in one paragraph
(:func:`~tapdesk.engine.story.paragraph.fit_paragraph`). For a per-rater fit of ten
thousand raters the two took 460 ms of the GUI thread (the summary builds its table of every
rater, made twice): :func:`summary_texts` writes them once, in a thread while the window
paints, for a fit of :data:`MANY_RATERS` raters or more, and keeps them for the fit and the
language shown. The texts are the same ones, written by the same functions: only where and
how often they are written changes. Qt-free (the thread touches no Qt object).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tapdesk.engine.results import FitResult, Summary
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.i18n.current import current_language

MANY_RATERS = 500
"""From this many raters a fit's texts are written off the GUI thread (below, in it: a few
milliseconds, with no event loop run in between)."""


@dataclass(frozen=True)
class SummaryTexts:
    """A fit's summary and paragraph, written in ``language``."""

    language: str
    summary: Summary
    paragraph: str


_KEPT: dict[tuple[int, int], SummaryTexts] = {}


def _forget(key: tuple[int, int]) -> None:
    _KEPT.pop(key, None)


def write_texts(result: FitResult, table: Any) -> SummaryTexts:
    """The summary and the paragraph of ``result`` fitted on ``table``, in the current language
    (any thread)."""
    return SummaryTexts(current_language(), result.summary(), fit_paragraph(result, table))


def kept_texts(result: FitResult, table: Any) -> SummaryTexts | None:
    """The texts kept for (result, table) in the current language, if any."""
    kept = _KEPT.get((id(result), id(table)))
    return kept if kept is not None and kept.language == current_language() else None


def summary_texts(result: FitResult, table: Any,
                  off_thread: Callable[[Callable[[], SummaryTexts]], SummaryTexts]
                  ) -> SummaryTexts:
    """The texts of (result, table) in the current language: kept ones, else written (by
    ``off_thread`` for a fit of :data:`MANY_RATERS` raters or more) and kept while the result
    lives."""
    kept = kept_texts(result, table)
    if kept is not None:
        return kept
    many = len(result.raters) >= MANY_RATERS
    texts = off_thread(lambda: write_texts(result, table)) if many else write_texts(result, table)
    key = (id(result), id(table))
    if key not in _KEPT:
        weakref.finalize(result, _forget, key)
    _KEPT[key] = texts
    return texts
