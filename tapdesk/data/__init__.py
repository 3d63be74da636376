"""Ratings data: the immutable table, category scales, binary views, readers.

Nothing in this package imports Qt.
"""

from tapdesk.data.binary import BinaryCounts, ClassChoice, CountHistogram, binary_counts, choose_class1
from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.data.scale import Scale, order_labels

__all__ = [
    "BinaryCounts", "ClassChoice", "CountHistogram", "Exclusion", "RatingsTable", "Scale",
    "binary_counts", "choose_class1", "order_labels",
]
