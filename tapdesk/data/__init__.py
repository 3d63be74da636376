"""Ratings data: the immutable table, category scales, binary views, readers.

Nothing in this package imports Qt. The binary views load (with numpy) on first use, so naming
a scale or a table (the app's first window) does not import numpy.
"""

from typing import TYPE_CHECKING

from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.data.scale import Scale, order_labels

if TYPE_CHECKING:
    from tapdesk.data.binary import BinaryCounts, ClassChoice, CountHistogram, binary_counts, choose_class1

__all__ = [
    "BinaryCounts", "ClassChoice", "CountHistogram", "Exclusion", "RatingsTable", "Scale",
    "binary_counts", "choose_class1", "order_labels",
]
_FROM_BINARY = ("BinaryCounts", "ClassChoice", "CountHistogram", "binary_counts", "choose_class1")


def __getattr__(name: str) -> object:
    """The binary views' names, loaded (with numpy) on first use."""
    if name not in _FROM_BINARY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tapdesk.data import binary
    return getattr(binary, name)
