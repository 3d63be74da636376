"""The last few exact grids, kept for the next request that needs the same one.

A grid takes seconds to compute, and the same one is asked for again
whenever a fit is re-run with another seed or more draws (its sampler
proposes from the grid), or the exact method is run again on the same data.
The key holds everything a grid depends on: the kind of grid, the model,
the data's count histogram, the priors and the tolerance it was refined to.
Only complete grids are kept (a cancelled one is coarse), and only KEEP of
them: each holds up to a few tens of megabytes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from tapdesk.data.binary import CountHistogram

KEEP = 2
_grids: OrderedDict[Hashable, object] = OrderedDict()
_lock = threading.Lock()
G = TypeVar("G")


def histogram_key(hist: CountHistogram) -> tuple:
    """A hashable fingerprint of a count histogram (its arrays' bytes and dtypes)."""
    return tuple((a.dtype.str, a.tobytes()) for a in (hist.n_rated, hist.n_class1, hist.weight))


def remembered(key: Hashable, compute: Callable[[], G],
               cancelled: Callable[[], bool] = lambda: False) -> G:
    """The grid kept under ``key``, or ``compute()``'s (kept when it is complete).

    A request cancelled before it starts gets what ``compute()`` gives then (a coarse,
    incomplete grid), as it would without the cache.
    """
    if cancelled():
        return compute()
    with _lock:
        if key in _grids:
            _grids.move_to_end(key)
            # the cache holds grids of several types, each under keys that only its own kind of
            # request makes ("exact", "ridge" ...): what is kept under ``key`` is what this
            # ``compute`` gave, which a cache of one value type cannot say
            return cast(G, _grids[key])
    grid = compute()
    if getattr(grid, "complete", False):
        with _lock:
            _grids[key] = grid
            while len(_grids) > KEEP:
                _grids.popitem(last=False)
    return grid


def forget_all() -> None:
    """Drop every kept grid."""
    with _lock:
        _grids.clear()
