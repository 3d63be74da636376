"""What a worker process and the app send each other (frozen, picklable records)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROGRESS_HZ = 20.0
"""Events are sent to the app in batches, at most this many times a second."""


@dataclass(frozen=True)
class Ready:
    """Sent once by a worker after its imports: it is warm."""

    pid: int
    seconds: float              # from the worker's start to the end of its imports


@dataclass(frozen=True)
class Events:
    """A batch of a task's progress events, in the order the engine yielded them."""

    task_id: int
    events: tuple


@dataclass(frozen=True)
class Returned:
    """A task's return value."""

    task_id: int
    value: Any


@dataclass(frozen=True)
class Failure:
    """A task ended with an exception (sent as text: exceptions need not pickle)."""

    task_id: int
    kind: str                   # "cancelled", "user" (a TapDeskError), "memory", "internal"
    type_name: str
    message: str
    details: str                # the worker's traceback
    settings: tuple[str, ...] = ()   # a TapDeskError's settings (see tapdesk.errors)


@dataclass(frozen=True)
class Task:
    """Run ``func(*args, cancel=token, on_event=callback)``; ``func`` is pickled by name."""

    task_id: int
    func: Callable[..., Any]
    args: tuple


class SameTable:
    """Stands for the table the worker received last (sent once, reused by identity)."""
