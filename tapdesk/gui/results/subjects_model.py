"""The Subjects tab's table: a crowd's hundreds of thousands of subjects without a Python row each.

:class:`SubjectsModel` reads a :class:`~tapdesk.report.labels.SubjectLabels`' arrays: ``data``
makes one cell when the view paints it; a sort is an ``argsort`` of the column's values (text
columns by the rank of their few words, subject names by their natural order, "J2" before
"J10"); a filter (the subjects to review, a name searched) is a boolean mask. The order shown
is one index array. Fits without labels (each subject's ratings counted) give plain rows,
sorted and filtered the same way.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from tapdesk.gui.results.rater_rows import cell_key
from tapdesk.gui.widgets.table_models import _display, sort_key, two_lines
from tapdesk.i18n import _, current_language
from tapdesk.i18n.deferred import shown
from tapdesk.report.labels import SubjectLabels, label_columns

Index = QModelIndex | QPersistentModelIndex
HIGHLIGHT = QColor(255, 196, 0, 60)
OFF_THREAD_NAMES = 50_000
"""Subject names sorted off the GUI thread from this many on (their natural order is Python
work: half a second for 300,000 names)."""


def word_ranks(words: Sequence[str]) -> np.ndarray:
    """Each word's place in the natural order of ``words`` as they are shown (a text kept as
    data in the current language: the same word, the same place)."""
    keys = np.array([sort_key(w) for w in words] or [""])
    return np.unique(keys, return_inverse=True)[1].reshape(-1)[:len(words)]


def text_ranks(values: Sequence[Any]) -> np.ndarray:
    """Each cell's place in the order :func:`cell_key` gives a column of any values."""
    keys = [cell_key(v) for v in values]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    ranks = np.empty(len(keys), dtype=np.int64)
    ranks[order] = np.arange(len(keys))
    return ranks


def numbers_first_missing(values: np.ndarray) -> np.ndarray:
    """Numbers sort as numbers, a missing one first (as :func:`cell_key` has it)."""
    values = np.asarray(values, dtype=float)
    return np.where(np.isnan(values), -np.inf, values)


def label_keys(labels: SubjectLabels, column: int) -> np.ndarray:
    """One column's sort keys (except the names, :func:`word_ranks` of ``labels.ids``)."""
    k = len(labels.classes)
    if column == 1:
        return labels.n_ratings
    if column < 2 + k:
        return numbers_first_missing(labels.probabilities[:, column - 2])
    at = column - 2 - k
    if at == 0:
        return word_ranks(labels.classes)[labels.best]
    if at == 1:
        return numbers_first_missing(labels.top)
    if at == 2:
        return word_ranks(labels.vote_words)[labels.vote]
    codes = labels.codes
    return (codes > 0) if at == 3 else word_ranks(labels.reason_words())[codes]


class SubjectsModel(QAbstractTableModel):
    """A subject per row: a fit's labels (arrays) or plain rows; sorted and filtered by index
    arrays. ``columns`` and ``rows`` read as a :class:`RowsModel`'s do (in the subjects' own
    order); ``highlight`` is the subjects to review."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.columns: tuple[str, ...] = ()
        self.headings: tuple[str, ...] = ()
        """The columns as the tab heads them (the current language; ``columns``: the file's)."""
        self.labels: SubjectLabels | None = None
        self._rows: Sequence[tuple[Any, ...]] = ()
        self._review = np.zeros(0, bool)
        self._why: tuple[str, ...] = ()
        self._order = np.zeros(0, np.int64)
        self._keys: dict[int, np.ndarray] = {}
        self._keys_language = ""
        """The language the word columns' keys were made in (their order is the shown words')."""
        self._sort: tuple[int, Qt.SortOrder] = (-1, Qt.SortOrder.AscendingOrder)
        self._sorted: tuple[tuple[int, Qt.SortOrder], np.ndarray] | None = None
        self._found: tuple[str, np.ndarray] | None = None
        self._search = ""
        self._only_review = False
        self.names_in_header = False
        self.off_thread: Callable[[Callable[[], np.ndarray]], np.ndarray] = lambda work: work()
        """How the names' order is worked out for many subjects (the panel runs it in a
        thread while the window paints)."""

    # ---------------------------------------------------------------- contents
    @property
    def rows(self) -> Sequence[tuple[Any, ...]]:
        return self._rows

    @property
    def highlight(self) -> set[int]:
        return set(np.flatnonzero(self._review).tolist())

    def __len__(self) -> int:
        return len(self._rows)

    def set_labels(self, labels: SubjectLabels) -> None:
        """Show ``labels``; a new threshold of the same subjects keeps their sort and filter
        (and what of them does not depend on the review flag)."""
        same = self.labels is not None and self.labels.ids is labels.ids
        flag_columns = range(len(labels.columns) - 2, len(labels.columns))
        self.beginResetModel()
        if not same:
            self._keys, self._sorted, self._found = {}, None, None
        for column in flag_columns:
            self._keys.pop(column, None)
        if self._sorted is not None and self._sorted[0][0] in flag_columns:
            self._sorted = None
        self.labels, self.columns, self._rows = labels, labels.columns, labels.rows
        self.headings = label_columns(tuple(shown(c) for c in labels.classes), _)
        self._review, self._why = labels.review, labels.reason_words()
        self._reorder(keep_sort=same)
        self.endResetModel()

    def set_rows(self, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                 headings: Sequence[str] = ()) -> None:
        """Plain rows under ``columns`` (headed ``headings`` where given: the language's)."""
        self.beginResetModel()
        self.labels, self.columns = None, tuple(columns)
        self.headings = tuple(headings) or self.columns
        self._rows = [tuple(r) for r in rows]
        self._review, self._why, self._keys = np.zeros(len(self._rows), bool), (), {}
        self._sorted = self._found = None
        self._reorder(keep_sort=False)
        self.endResetModel()

    def cell(self, row: int, column: int) -> Any:
        """The value of the subject ``row`` (in the subjects' own order)."""
        if self.labels is not None:
            return self.labels.value(row, column, self._why)
        return self._rows[row][column]

    def subject_at(self, view_row: int) -> int:
        """The subject (its place in the subjects' own order) shown in the view's row."""
        return int(self._order[view_row])

    # ---------------------------------------------------------------- sort, filter
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(self.columns):
            shown = self._rows
            self._column_keys(column)        # first: the names' order may be worked out in a thread
            if self._rows is not shown:      # other subjects came meanwhile: this sort is stale
                return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        old = self._order
        self._reorder(keep_sort=True)
        self._move_persistent(old)
        self.layoutChanged.emit()

    def set_filter(self, search: str = "", only_review: bool = False) -> None:
        """Show only the subjects whose name holds ``search`` (any letter case) and, with
        ``only_review``, only those that need review."""
        self.beginResetModel()
        self._search, self._only_review = search.strip().casefold(), only_review
        self._reorder(keep_sort=True)
        self.endResetModel()

    def _reorder(self, keep_sort: bool) -> None:
        if not keep_sort:
            self._sort = (-1, Qt.SortOrder.AscendingOrder)
        ordered = self._sorted_rows()
        mask = self._mask()
        self._order = ordered if mask is None else ordered[mask[ordered]]

    def _sorted_rows(self) -> np.ndarray:
        """Every row in the sort's order (kept while only the filter or the flag moves)."""
        self._follow_language()
        if self._sorted is None or self._sorted[0] != self._sort:
            column, order = self._sort
            if column < 0 or column >= len(self.columns):
                ordered = np.arange(len(self._rows))
            else:
                keys = self._column_keys(column)
                ordered = np.argsort(keys if order == Qt.SortOrder.AscendingOrder else -keys,
                                     kind="stable")
            self._sorted = (self._sort, ordered)
        return self._sorted[1]

    def _follow_language(self) -> None:
        """The word columns' keys and order made again after a change of language: they sort
        as they now read (the subjects' names are the data's, in every language)."""
        if self._keys_language != current_language():
            self._keys_language = current_language()
            self._keys = {0: self._keys[0]} if 0 in self._keys else {}
            self._sorted = None

    def _column_keys(self, column: int) -> np.ndarray:
        self._follow_language()
        keys = self._keys.get(column)
        if keys is None:
            shown = self._rows
            keys = np.asarray(self._keys_of(column))
            keys = keys.astype(np.int8) if keys.dtype == bool else keys
            if self._rows is shown:          # not the keys of subjects shown since
                self._keys[column] = keys
        return keys

    def _keys_of(self, column: int) -> np.ndarray:
        if column == 0:
            names = [str(r[0]) for r in self._rows] if self.labels is None else self.labels.ids
            work = (lambda: word_ranks(names))
            return self.off_thread(work) if len(names) >= OFF_THREAD_NAMES else work()
        if self.labels is not None:
            return label_keys(self.labels, column)
        return text_ranks([r[column] for r in self._rows])

    def _mask(self) -> np.ndarray | None:
        mask = self._review.copy() if self._only_review else None
        if self._search:
            found = self._names_holding(self._search)
            mask = found if mask is None else mask & found
        return mask

    def _names_holding(self, text: str) -> np.ndarray:
        """Where a subject's name holds ``text`` (kept for the same search)."""
        if self._found is None or self._found[0] != text:
            names = self.labels.ids if self.labels is not None else [str(r[0]) for r in self._rows]
            lower = np.strings.lower(np.asarray(names, dtype=str))
            self._found = (text, np.strings.find(lower, text) >= 0)
        return self._found[1]

    def _move_persistent(self, old: np.ndarray) -> None:
        """Selections follow their subjects through a sort."""
        where = np.full(len(self._rows), -1, dtype=np.int64)
        where[self._order] = np.arange(len(self._order))
        for index in self.persistentIndexList():
            row = int(where[old[index.row()]]) if index.row() < len(old) else -1
            self.changePersistentIndex(index, self.index(row, index.column())
                                       if row >= 0 else QModelIndex())

    # ---------------------------------------------------------------- Qt API
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = int(self._order[index.row()])
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(HIGHLIGHT) if self._review[row] else None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                        Qt.ItemDataRole.TextAlignmentRole):
            return None
        value = self.cell(row, index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return value if isinstance(value, str) and len(value) > 30 else None
        if isinstance(value, numbers.Number):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            if role != Qt.ItemDataRole.DisplayRole or section >= len(self._order):
                return None
            row = int(self._order[section])
            return _display(self.cell(row, 0)) if self.names_in_header else str(section + 1)
        if role == Qt.ItemDataRole.DisplayRole:
            return two_lines(self.headings[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.headings[section]
        return None
