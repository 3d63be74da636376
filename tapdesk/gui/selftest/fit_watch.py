"""Every fit a window finishes, checked as it arrives (issue 55): each rater comparison's and
each rater-attribute effect's p-value against the interval shown beside it
(:func:`tapdesk.report.consistency.p_value_mismatches`: p < 1 - level exactly when the interval
leaves out 0), whoever started the fit: the walkthrough's steps, the crowd of a thousand
raters, the action walk's menus.

The walkthrough's "one story" checks the fits listed when it runs (twice); the fits made after
its last run (the crowd, the action walk in its own process) were checked by nothing before.
"""

from __future__ import annotations

from typing import Any


class FitWatch:
    """Listens to ``window.controller.finished``; ``mismatches`` holds what every fit so far
    said otherwise, ``fits`` how many it saw."""

    def __init__(self, window: Any) -> None:
        self.fits = 0
        self.mismatches: list[str] = []
        window.controller.finished.connect(self.seen)

    def seen(self, result: Any) -> None:
        from tapdesk.engine.results import FitResult
        from tapdesk.report.consistency import p_value_mismatches
        self.fits += 1
        if isinstance(result, FitResult):
            label = f"fit {self.fits} ({result.title}, {result.method})"
            self.mismatches += p_value_mismatches(label, result)

    def step_name(self) -> str:
        return f"every p-value agrees with its interval ({self.fits} fits)"
