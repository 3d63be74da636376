"""A payload as the JSON text ``--json`` prints (:func:`json_pieces`), long lists an item a
line; what :meth:`tapdesk.api_results.Result.to_dict` reads back."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from typing import Any

LONG_LIST = 1000
"""A top-level list longer than this is written an item a line (see :func:`print_json`)."""


def _listed(value: Any) -> list[Any]:
    """A sequence made as it is read (a fit's subjects, see :meth:`FitResult.to_dict`) as a list."""
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return list(value)
    raise TypeError(f"{type(value).__name__} cannot be written as JSON")


def _dumps(value: Any, **options: Any) -> str:
    return json.dumps(value, allow_nan=False, default=_listed, **options)


def json_pieces(payload: dict[str, Any]) -> Iterator[str]:
    """``payload`` as JSON text in pieces: indented as ``json.dumps(indent=2)``, long lists compact
    (a long sequence is read a slice at a time).

    Everything that could fail (a value JSON cannot hold) is made before the first piece is
    given, except a fit's subjects, which write their own text (``json_texts``: ids and
    numbers, nothing that can fail): their pieces are made as they are written, so a crowd
    file's 400 MB of subject text never stands in memory."""
    long_keys = [k for k, v in payload.items() if isinstance(v, Sequence)
                 and not isinstance(v, (str, bytes, tuple)) and len(v) > LONG_LIST]
    if not long_keys:
        return iter([_dumps(payload, indent=2)])
    parts: list[str | Iterator[str]] = ["{"]
    for n, (key, value) in enumerate(payload.items()):
        head = ("," if n else "") + "\n  " + json.dumps(key) + ": "
        if key in long_keys:               # in chunks: no second list of millions of strings
            parts.append(head + "[\n    ")
            parts.append(_long_list_pieces(value))
            parts.append("\n  ]")
        else:
            parts.append(head + _dumps(value, indent=2).replace("\n", "\n  "))
    parts.append("\n}")
    return chain.from_iterable([part] if isinstance(part, str) else part for part in parts)


def _long_list_pieces(value: Sequence[Any]) -> Iterator[str]:
    """The items of a long list, compact, an item a line, a slice of :data:`LONG_LIST` a piece:
    made now (so a failure comes before anything is written), or as they are written where
    the list makes its own text (a fit's subjects, ``json_texts``)."""
    own_texts: Callable[[int, int], list[str]] | None = getattr(value, "json_texts", None)
    texts = own_texts or _encoded_texts(value)
    pieces = ((",\n    " if start else "") + ",\n    ".join(texts(start, start + LONG_LIST))
              for start in range(0, len(value), LONG_LIST))
    return pieces if own_texts else iter(list(pieces))


def _encoded_texts(value: Sequence[Any]) -> Callable[[int, int], list[str]]:
    compact = json.JSONEncoder(allow_nan=False, separators=(",", ":"), default=_listed).encode
    return lambda start, stop: list(map(compact, value[start:stop]))
