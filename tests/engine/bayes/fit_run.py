"""Run a fit's event stream to its end, optionally cancelling after a given event.

Shared by the sampler and ridge tests (they used to carry a copy each)."""

from __future__ import annotations

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.run import fit_events


def run(request, table, cancel_after=None):
    """Return (result, events) of ``request`` on ``table``; cancel after that many events."""
    token = CancelToken()
    events = []
    gen = fit_events(request, table, token)
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            return stop.value, events
        events.append(event)
        if cancel_after is not None and len(events) == cancel_after:
            token.cancel()
