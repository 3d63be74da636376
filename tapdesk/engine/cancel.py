"""Cooperative cancellation shared between a fit and whoever watches it."""

from __future__ import annotations

import threading


class CancelToken:
    """A flag a fit checks between iterations; safe to set from any thread."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def requested(self) -> bool:
        return self._event.is_set()


NEVER_CANCELLED = CancelToken()
"""A token nobody can set; the default when the caller offers none."""
