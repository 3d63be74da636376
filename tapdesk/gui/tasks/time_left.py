"""How long a counted piece of work has left, from its pace so far ("about 2 min left").

Used wherever long work is counted: a fit's stages on the Progress tab, the
simulated studies of a study plan. No estimate before the work has run
:data:`ESTIMATE_AFTER_S` and is 5% done: an early pace says little.
"""

from __future__ import annotations

import time

from tapdesk.engine.words import time_left_words

ESTIMATE_AFTER_S = 3.0
"""A stage must have run this long (and be 5% done) before its time left is estimated."""


class TimeLeft:
    """The time left of the stage being counted, in words; a new stage starts a new clock."""

    def __init__(self) -> None:
        self._clock: tuple[str, float, int] | None = None     # (stage, since, done then)

    def reset(self) -> None:
        self._clock = None

    def words(self, stage: str, done: int, total: int) -> str:
        """"about 2 min left", or "" while it is too early to tell (and for uncounted work)."""
        now = time.monotonic()
        if total <= 0 or self._clock is None or self._clock[0] != stage or done < self._clock[2]:
            self._clock = (stage, now, done)
            return ""
        _, since, done_then = self._clock
        elapsed, gained = now - since, done - done_then
        if elapsed < ESTIMATE_AFTER_S or gained <= 0 or done < 0.05 * total or done >= total:
            return ""
        return time_left_words(elapsed * (total - done) / gained)
