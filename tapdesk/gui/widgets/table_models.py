"""Qt item models over ratings and result tables.

:class:`RatingsModel` reads straight from the table's numpy code arrays, so a
view over 1,000,000 ratings costs nothing until rows are painted (the view
asks only for the visible cells). :class:`RowsModel` shows rows of plain
Python values with numeric sorting (through QSortFilterProxyModel).
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyleOptionHeader,
    QTableView,
)

from tapdesk.data.ratings import NO_RATER, RatingsTable
from tapdesk.engine.results import fmt
from tapdesk.i18n import NC_, pgettext
from tapdesk.i18n.deferred import Text
from tapdesk.i18n.formats import integer, unbroken_intervals
from tapdesk.i18n.text import Number as KeptNumber

if TYPE_CHECKING:
    import numpy as np

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NUMBERS = (numbers.Number, KeptNumber)
"""What a cell aligns right as a number: a number, or one a table keeps as a number
(:class:`~tapdesk.i18n.text.Number`) until it is shown."""


class RatingsModel(QAbstractTableModel):
    """Long-form ratings: row, subject, rater, rating."""

    HEADERS = (NC_("column", "Subject"), NC_("column", "Rater"), NC_("column", "Rating"))

    def __init__(self, table: RatingsTable | None = None, parent=None) -> None:
        super().__init__(parent)
        self._table: RatingsTable | None = None
        self._subject_ids: np.ndarray | tuple[str, ...] = ()
        self._rater_ids: np.ndarray | tuple[str, ...] = ()
        self._labels: np.ndarray | tuple[str, ...] = ()
        if table is not None:
            self.set_table(table)

    def set_table(self, table: RatingsTable | None) -> None:
        import numpy as np  # here: the first window's empty table does not load numpy
        self.beginResetModel()
        self._table = table
        if table is not None:
            self._subject_ids = np.asarray(table.subject_ids, dtype=object)
            self._rater_ids = np.asarray(table.rater_ids + ("(unknown)",), dtype=object)
            self._labels = np.asarray([table.scale.display(c) for c in table.scale.categories],
                                      dtype=object)            # "gold (4)" where labelled
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() or self._table is None else self._table.n_ratings

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else 3

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or self._table is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        t = self._table
        if col == 0:
            return self._subject_ids[t.subject[row]]
        if col == 1:
            code = t.rater[row]
            return self._rater_ids[code] if code != NO_RATER else "(unknown)"
        return self._labels[t.rating[row]]

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return pgettext("column", self.HEADERS[section])
        return str(section + 1)


def is_float(value: Any) -> bool:
    """A float, Python's or numpy's (numpy registers its scalar types with :mod:`numbers`, so
    this needs no numpy import): a real number that is not an integer."""
    return isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral)


def is_count(value: Any) -> bool:
    """A whole number, Python's or numpy's (not a truth value)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def counted(n: int) -> str:
    """A count as the language groups it: "1,000", "1.000", "1 000" (:func:`formats.integer`)."""
    return integer(int(n))


def _display(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, KeptNumber):             # a number kept as one: in the language shown
        return value.shown()
    if is_float(value):
        return fmt(value)
    if isinstance(value, Text):                   # kept as data: in the language shown
        return unbroken_intervals(value.shown())
    return unbroken_intervals(str(value))        # "0,710 bis 0,791" on one line, never two


BREAKS = re.compile(r"[^\S\u00a0\u202f\u2007]+")
"""Where a wrapped cell may break: at white space, not at a no-break space (an interval's,
"0,710 bis 0,791"; a percent's "54 %")."""


def pieces(text: str) -> list[str]:
    """``text``'s pieces a wrapped line cannot break (its words, an interval whole)."""
    return [p for p in BREAKS.split(text) if p]


class RowsModel(QAbstractTableModel):
    """Rows of values with headers; numbers sort as numbers; optional row highlight."""

    def __init__(self, columns: Sequence[str] = (), rows: Sequence[Sequence[Any]] = (),
                 tooltips: Sequence[str] = (), parent=None) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self.rows = [tuple(r) for r in rows]
        self.tooltips = tuple(tooltips)
        self.row_tips: tuple[str, ...] = ()
        self.highlight: set[int] = set()
        self._keys: dict[int, list[Any]] = {}
        self.names_in_header = False
        """Row headings are the rows' first cells (see :func:`names_stay_in_view`)."""
        self.stacked: set[int] = set()
        """Columns whose heading is shown a word a line (a view short of room sets them)."""
        self.broken: dict[int, str] = {}
        """Headings broken over the lines their room allows (a view short of room sets them:
        the words column's, :meth:`FittedTableView._break_last_heading`)."""
        self.right: frozenset[int] = frozenset()
        """Columns of numbers written as text (a summary's "0.653", "0.324 to 0.880"), aligned
        right as numbers are."""
        self.counts_grouped = False
        """Whole numbers are counts, shown with the language's grouping ("1,000", "1.000",
        "1 000"); the rows keep them as numbers (a saved table writes 1000). Off where a whole
        number may be an id or a year (a data file's own cells)."""

    def set_rows(self, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                 tooltips: Sequence[str] = (), highlight: set[int] | None = None,
                 row_tips: Sequence[str] = (), right: Sequence[int] = ()) -> None:
        """``tooltips`` explain the columns; ``row_tips`` each row's first cell ("" = none);
        ``right``: columns of numbers written as text, aligned right."""
        self.beginResetModel()
        self.columns, self.rows = tuple(columns), [tuple(r) for r in rows]
        self.right = frozenset(right)
        self.stacked, self.broken = set(), {}
        self.tooltips = tuple(tooltips)
        self.row_tips = tuple(row_tips)
        self.highlight = highlight or set()
        self._keys = {}
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self.rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return counted(value) if self.counts_grouped and is_count(value) else _display(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(index.row(), index.column(), value)
        if role == SORT_ROLE:
            return self._sort_key(index.row(), index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and (isinstance(value, NUMBERS)
                                                          or index.column() in self.right):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and index.row() in self.highlight:
            return QBrush(QColor(255, 196, 0, 60))
        return None

    def _sort_key(self, row: int, column: int) -> Any:
        """The cell's sort key, worked out for the whole column at its first sort (a sort of a
        thousand rows asks for twenty thousand keys)."""
        keys = self._keys.get(column)
        if keys is None:
            keys = self._keys[column] = [sort_key(r[column]) for r in self.rows]
        return keys[row]

    def _tooltip(self, row: int, column: int, value: Any) -> str | None:
        """The row's explanation on its first cell, else a long text cell in full."""
        if column == 0 and row < len(self.row_tips) and self.row_tips[row]:
            return self.row_tips[row]
        return value if isinstance(value, str) and len(value) > 30 else None

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            named = self.names_in_header and section < len(self.rows) and self.rows[section]
            if role == Qt.ItemDataRole.ToolTipRole and named:
                return self._tooltip(section, 0, self.rows[section][0])
            if role != Qt.ItemDataRole.DisplayRole:
                return None
            return _display(self.rows[section][0]) if named else str(section + 1)
        if role == Qt.ItemDataRole.DisplayRole:
            heading = self.columns[section]
            if section in self.broken:
                return self.broken[section]
            return stacked(heading) if section in self.stacked else two_lines(unbroken(heading))
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self.tooltips[section] if section < len(self.tooltips) else ""
            return tip or unbroken(self.columns[section])
        return None


def sort_key(value: Any) -> Any:
    """How a cell sorts: numbers as numbers (a missing one first), text by :func:`natural_key`
    of the words shown (a text kept as data in the language current: "nein" after "ja", as a
    German reader reads them)."""
    if isinstance(value, KeptNumber):
        value = value.value
    if isinstance(value, numbers.Real):
        return float(value) if math.isfinite(float(value)) else -math.inf
    if value is None:
        return ""
    return natural_key(value.shown() if isinstance(value, Text) else str(value))


SOFT_HYPHEN = "\u00ad"
HEADING_BREAKS = re.compile(r" |(?<=\S-)(?=[^\W\d_]{3})|\u00ad")
"""Where a heading stacked a word a line breaks: at each space, after a hyphen that joins a
word ("95 %-" over "Glaubwürdigkeitsintervall"; "t-a-p" stays whole), and at a soft hyphen a
translation put in a long word ("Standard-" over "fehler")."""


def stacked(heading: str) -> str:
    """``heading`` a word a line (see :data:`HEADING_BREAKS`)."""
    return HEADING_BREAKS.sub(lambda m: "-\n" if m.group() == SOFT_HYPHEN else "\n", heading)


def unbroken(heading: str) -> str:
    """``heading`` on its lines without the soft hyphens it may hold (they show only at a
    break)."""
    return heading.replace(SOFT_HYPHEN, "")


def two_lines(heading: str, longest: int = 16) -> str:
    """A long column heading on two lines, broken at the space nearest its middle.

    Narrow columns keep their whole heading visible instead of cutting it
    ("ensitivity") or forcing a wide column for a short number.
    """
    if len(heading) <= longest or "\n" in heading:
        return heading
    middle = len(heading) / 2
    spaces = [i for i, ch in enumerate(heading) if ch == " " and not NUMBER_AFTER.match(heading, i)]
    if not spaces:
        return heading
    cut = min(spaces, key=lambda i: abs(i - middle))
    return heading[:cut] + "\n" + heading[cut + 1:]


NUMBER_AFTER = re.compile(r" \d+[,.:;]?(?= |$)")
"""A space before a bare number: the number belongs to the word before it ("Class 1",
"Klasse 1", "Analysis 2"), so no line breaks there (the German Raters tab's heading read
"Ratewahrscheinlichkeit für Klasse" over "1 gegenüber dem übrigen Gremium", issue 54). A
number that starts a term of its own ("95 %-Intervall", its space a no-break one) may begin a
line."""


def _terms(text: str) -> list[str]:
    """``text``'s words, a bare number kept with the word before it."""
    terms: list[str] = []
    for word in text.split():
        if terms and NUMBER_AFTER.fullmatch(" " + word):
            terms[-1] += " " + word
        else:
            terms.append(word)
    return terms


def broken_lines(text: str, fm, width: int) -> str:
    """``text`` broken at spaces into lines of at most ``width`` pixels as ``fm`` measures
    them (a word longer than that on a line of its own; a bare number never starts a line)."""
    lines: list[str] = []
    for word in _terms(text):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and fm.horizontalAdvance(trial) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return "\n".join(lines)


def natural_key(text: str) -> str:
    """Sort key for text with numbers in it: "9" before "10", "J2" before "J10".

    Runs of digits are zero-padded so that plain string comparison (all
    QSortFilterProxyModel can do with one role) orders them as numbers.
    """
    return re.sub(r"\d+", lambda m: m.group().zfill(20), text.casefold())


def table_view(model: QAbstractTableModel, name: str, sort: bool = True,
               proxy: QSortFilterProxyModel | None = None) -> QTableView:
    """A read-only table view of ``model``: sortable by clicking a heading (through ``proxy``
    when given, e.g. a :class:`RowFilter`).

    It opens in the model's own row order; enabling sorting alone would apply
    Qt's default indicator (column 0, descending) and show the rows backwards.
    """
    view = QTableView()
    view.setAccessibleName(name)
    if proxy is not None:
        proxy.setSourceModel(model)
    view.setModel((proxy or sortable(model, view)) if sort else model)
    view.setSortingEnabled(sort)
    if sort:
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setStretchLastSection(True)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setDefaultSectionSize(110)
    return view


NAME_PADDING = 10
HEADING_MARGIN = 12
"""A heading's left and right margins together in its header section: a heading given less is
drawn cut (the self-test's layout check measures headings with the same)."""
"""Room each side of a name in the row headings (the style's own margins are not enough)."""


def names_stay_in_view(view: QTableView, model: Any) -> None:
    """The first column (a rater's or a subject's name) as the row headings, which stay in view
    while the other columns scroll sideways; the column itself is hidden (it is still the
    rows' data: the selected row's name is read from it). ``model`` is a :class:`RowsModel`, or
    another with its ``rows`` and ``names_in_header``."""
    model.names_in_header = True
    header = view.verticalHeader()
    header.setVisible(True)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    corner = CornerHeading(view, model)

    def refit() -> None:
        view.setColumnHidden(0, model.columnCount() > 1)
        fm = header.fontMetrics()
        names = [max(fm.horizontalAdvance(line) for line in _display(r[0]).split("\n"))
                 for r in model.rows[:2000]]
        heading = view.horizontalHeader().fontMetrics()
        names += [heading.horizontalAdvance(line) for line in corner.text().split("\n")]
        header.setFixedWidth(max(names, default=0) + 2 * NAME_PADDING)

    model.modelReset.connect(refit)
    view.corner_heading = corner        # type: ignore[attr-defined]  # kept with its view
    view.refit_names = refit            # type: ignore[attr-defined]  # names changed in place


class CornerHeading(QObject):
    """The names' column's heading ("Rater", "Subject") in the table's top-left corner, above
    the row headings that show the names (the column itself is hidden). Qt's corner button draws
    an empty heading; this paints it as a heading with the model's words for column 0."""

    def __init__(self, view: QTableView, model: Any) -> None:
        super().__init__(view)
        self.model = model
        self.corner = view.findChild(QAbstractButton)     # Qt's corner button, the view's own
        if self.corner is not None:
            self.corner.installEventFilter(self)

    def text(self) -> str:
        """The heading shown: the model's heading of its first column ("" without columns)."""
        if self.model.columnCount() == 0:
            return ""
        return str(self.model.headerData(0, Qt.Orientation.Horizontal) or "")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is self.corner and event.type() == QEvent.Type.Paint:
            self._paint(self.corner)
            return True
        return False

    def _paint(self, corner: QAbstractButton) -> None:
        option = QStyleOptionHeader()
        option.initFrom(corner)
        option.rect = corner.rect()
        option.text = self.text()
        option.orientation = Qt.Orientation.Horizontal
        option.position = QStyleOptionHeader.SectionPosition.OnlyOneSection
        option.textAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter = QPainter(corner)
        try:
            corner.style().drawControl(QStyle.ControlElement.CE_Header, option, painter, corner)
        finally:
            painter.end()


class FittedTableView(QTableView):
    """A short table shown whole: every row visible, the last column wraps its words.

    Used on the Summary page, which scrolls as one: the table never scrolls on
    its own and never cuts a row or a long explanation off. Its height follows
    its rows, which follow the width (wrapped text), so it is recomputed on
    every resize and every new model.
    """

    FITS_WIDTH = True
    """Its columns are meant to fit its width (the self-test's layout check reports a horizontal
    scroll bar)."""

    NARROWEST_CAP = 120
    """No column but the last is wider than a quarter of the table, nor capped below this:
    long names wrap, so the words column keeps its room."""

    def __init__(self, model: QAbstractTableModel, name: str) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.setModel(model)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)   # a row cut at MOST_ROW_LINES ends
        #                                                      in "…" (its tooltip holds it whole)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(60)
        self._pending = True
        self._fitted: tuple[int, int] | None = None    # (width, contents) last fitted to
        self._contents = 0
        model.modelReset.connect(self._new_contents)

    def _new_contents(self) -> None:
        self._contents += 1
        self.fit_rows()

    def fit_rows(self) -> None:
        """Columns to their contents, the last one to the room left (wrapping); height to the rows.

        Hidden views wait until they are shown (a finished fit fills every tab at once).
        Nothing is measured again for the same contents at the same width (a view being
        shown gets both a show and a resize event; measuring every cell twice held the GUI
        thread for tens of milliseconds).
        """
        if not self.isVisible():
            self._pending = True
            return
        self._pending = False
        if self._fitted == (self.width(), self._contents):
            return
        self._fitted = (self.width(), self._contents)
        header = self.horizontalHeader()
        count = header.count()
        room = self.width() - 2 * self.frameWidth()
        self._fit_columns(room)
        self.resizeRowsToContents()
        for col in range(count):        # a narrowed number column may wrap too (an interval
            self._wrapped_rows_whole(col)   # on three lines where its row held two)
        rows = self.verticalHeader().length()
        bar = self.horizontalScrollBar().sizeHint().height() \
            if header.length() > self.width() - 2 * self.frameWidth() else 0
        head = max(header.height() if header.isVisible() else 0, header.sizeHint().height())
        self.setFixedHeight(head + rows + bar + 2 * self.frameWidth())

    MOST_LINES = 3
    """The words column wraps to at most this many lines where the other columns can give room
    (its "Meaning" took four to five lines at 1280 pixels and at 150%: the numbers' columns were
    as wide as their one-line headings)."""

    def _fit_columns(self, room: int) -> None:
        """Columns to their contents and the last to the rest; where the last would wrap to more
        than :attr:`MOST_LINES` lines, or the columns are wider than the room, the other headings
        stack their words, every heading and cell is measured with the margins it is drawn with
        (no more), and then the other columns, the widest first, wrap to their longest word
        until the words column has its room (:meth:`_give_room`). No column is ever narrower
        than its longest word or heading line, in any language."""
        model, header = self.model(), self.horizontalHeader()
        count = header.count()
        if isinstance(model, RowsModel) and (model.stacked or model.broken):
            model.stacked, model.broken = set(), {}
            model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(count - 1, 0))
        fit_columns(self, widest=max(self.NARROWEST_CAP, room // 4), rows_too=False)
        if not count:
            return
        self._words_whole()
        self._last_to_rest(room)
        if count > 1 and isinstance(model, RowsModel) and self._short_of_room(room):
            model.stacked = {c for c in range(count - 1) if HEADING_BREAKS.search(model.columns[c])}
            model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, count - 1)
            fit_columns(self, widest=max(self.NARROWEST_CAP, room // 4), rows_too=False,
                        heading_padding=HEADING_MARGIN, cell_padding=self.WRAP_MARGIN)
            self._words_whole()
            self._last_to_rest(room)
            self._give_room(room)
            self._break_last_heading(room)

    def least_width(self) -> int:
        """The narrowest the table shows whole: each column as wide as its longest piece that
        cannot break (a word, a heading's line, an interval held whole: "0,513 bis 0,590")."""
        header = self.horizontalHeader()
        return sum(self._longest_word(c) for c in range(header.count())
                   if not header.isSectionHidden(c)) + 2 * self.frameWidth()

    def _short_of_room(self, room: int) -> bool:
        """The words column wraps to more than :attr:`MOST_LINES`, or the columns are wider than
        the view."""
        header = self.horizontalHeader()
        return self._lines(header.count() - 1) > self.MOST_LINES or header.length() > room

    def _words_whole(self) -> None:
        """Each column but the last at least as wide as its longest word and heading line (a
        capped column cut "verzerrungsbereinigtes" in German)."""
        header = self.horizontalHeader()
        for col in range(header.count() - 1):
            least = self._longest_word(col)
            if header.sectionSize(col) < least:
                header.resizeSection(col, least)

    def _give_room(self, room: int) -> None:
        """The columns but the last, the one with the most to give first, narrowed until each of
        their cells takes two lines (a name; an interval "0,710 bis" over "0,791") while the
        words column is short of room (German at 1280: a meaning of nine lines beside a names
        column and an interval column a line wide)."""
        header = self.horizontalHeader()
        columns = range(header.count() - 1)
        self._narrow_to(room, {col: self._two_lines_width(col) for col in columns})
        if header.length() > room:          # still wider than the view: down to the longest
            #                                 words (a cell may take three lines then)
            self._narrow_to(room, {col: self._longest_word(col) for col in columns})

    def _narrow_to(self, room: int, least: dict[int, int]) -> None:
        """Columns narrowed to ``least``, the one with the most to give first, while the
        words column is short of room."""
        header = self.horizontalHeader()

        def spare(col: int) -> int:
            return header.sectionSize(col) - least[col]

        for col in sorted(least, key=spare, reverse=True):
            if not self._short_of_room(room) or spare(col) <= 0:
                return
            header.resizeSection(col, least[col])
            self._last_to_rest(room)

    def _break_last_heading(self, room: int) -> None:
        """Where the columns are still wider than the view with every other column at its
        longest word, the words column's heading breaks over as many lines as the room left
        needs (its longest word, not its longest line, is then its least width): German at
        1280 px held "Was er bedeutet oder warum" on one line, 9 px more than the view had,
        and the table scrolled sideways."""
        model, header = self.model(), self.horizontalHeader()
        last = header.count() - 1
        if not isinstance(model, RowsModel) or last < 1 or header.length() <= room:
            return
        used = sum(header.sectionSize(c) for c in range(last))
        width = room - used - HEADING_MARGIN
        model.broken[last] = broken_lines(unbroken(model.columns[last]), self.fontMetrics(), width)
        model.headerDataChanged.emit(Qt.Orientation.Horizontal, last, last)
        self._last_to_rest(room)

    def _two_lines_width(self, col: int) -> int:
        """The narrowest column ``col`` may be with each cell in at most two lines, broken at
        the space that evens them (a longer name takes more lines at its longest word)."""
        model, fm = self.model(), self.fontMetrics()

        def two_lines(text: str) -> int:
            words = pieces(text)
            if len(words) < 2:
                return fm.horizontalAdvance(text)
            return min(max(fm.horizontalAdvance(" ".join(words[:k])),
                           fm.horizontalAdvance(" ".join(words[k:]))) for k in range(1, len(words)))

        cells = [two_lines(str(model.index(r, col).data() or "")) for r in range(model.rowCount())]
        return max(self._longest_word(col), max(cells, default=0) + self.WRAP_MARGIN)

    def _last_to_rest(self, room: int) -> None:
        header = self.horizontalHeader()
        count = header.count()
        used = sum(header.sectionSize(c) for c in range(count - 1))
        header.resizeSection(count - 1, max(self._longest_word(count - 1), room - used))

    def _lines(self, col: int) -> int:
        """The most lines a cell of column ``col`` wraps to at its width."""
        model, fm = self.model(), self.fontMetrics()
        width = self.horizontalHeader().sectionSize(col) - self.WRAP_MARGIN
        heights = [fm.boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap),
                                   str(model.index(row, col).data() or "")).height()
                   for row in range(min(model.rowCount(), 200))]
        return round(max(heights, default=0) / max(fm.lineSpacing(), 1))

    WRAP_MARGIN = 8
    """A wrapped cell's text margins, left and right together, at their widest among the
    styles: a text that just fits the delegate's own measure was one line short elsewhere."""

    def _wrapped_rows_whole(self, col: int) -> None:
        """Each row at least as tall as its wrapping column's text within the widest margins."""
        model, fm = self.model(), self.fontMetrics()
        width = self.horizontalHeader().sectionSize(col) - self.WRAP_MARGIN
        for row in range(model.rowCount()):
            text = str(model.index(row, col).data() or "")
            need = fm.boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap),
                                   text).height() + 4
            if need > self.rowHeight(row):
                self.setRowHeight(row, need)
            most = self.MOST_ROW_LINES * fm.lineSpacing() + 4
            if self.rowHeight(row) > most:
                self.setRowHeight(row, most)

    MOST_ROW_LINES = 6
    """The most lines a row shows: a longer text (a German sentence of 290 characters in a
    column of 270 px at 1280) ends its sixth line in "…", and its tooltip holds it whole
    (:class:`RowsModel` gives a long text its tooltip)."""

    def _longest_word(self, col: int) -> int:
        """The narrowest a wrapping column may be: its longest word (or heading line) fits."""
        model, fm = self.model(), self.fontMetrics()
        heading = str(model.headerData(col, Qt.Orientation.Horizontal) or "").split("\n")
        words = [w for r in range(model.rowCount()) for w in pieces(str(model.index(r, col).data() or ""))]
        widest = max([fm.horizontalAdvance(w) + self.WRAP_MARGIN for w in words] +  # cells wrap,
                     [fm.horizontalAdvance(line) + HEADING_MARGIN for line in heading])  # headings not
        return max(self.horizontalHeader().minimumSectionSize(), widest)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.fit_rows()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.fit_rows()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:     # the same text measures differently
            self._new_contents()


def fit_columns(view: QTableView, max_rows: int = 2000, widest: int = 420,
                rows_too: bool = True, heading_padding: int = 30, cell_padding: int = 14) -> None:
    """Every column as wide as its heading and its cells (all rows, up to ``max_rows``).

    Qt's resizeColumnsToContents measures only the rows in view, so a table
    filled while its tab was hidden got columns sized to its first row and cut
    the longer values below. Cells wider than ``widest`` wrap instead; a heading
    never does, so a column is never narrower than its heading. Only a
    column's longest texts are measured (a thousand raters: a few measures a
    column, not a thousand).
    """
    model = view.model()
    if model is None:
        return
    fm = view.fontMetrics()
    header = view.horizontalHeader()
    rows = min(model.rowCount(), max_rows)
    for col in range(model.columnCount()):
        heading = str(model.headerData(col, Qt.Orientation.Horizontal) or "")
        title = max((fm.horizontalAdvance(line) for line in heading.split("\n")), default=0) + \
            heading_padding
        lines = [line for text in column_texts(model, col, rows) for line in text.split("\n")]
        cells = max((fm.horizontalAdvance(line) + cell_padding
                     for line in sorted(lines, key=len)[-LONGEST_MEASURED:]), default=0)
        header.resizeSection(col, max(title, min(cells, max(widest, fm.horizontalAdvance("x") * 12))))
    if rows_too and rows <= 500:         # long cells wrapped: rows as tall as their text
        view.resizeRowsToContents()


LONGEST_MEASURED = 8
"""The texts of a column measured for its width: its longest in characters (a wide letter
can make a shorter text wider, so a few, not one)."""


def column_texts(model: QAbstractItemModel, col: int, rows: int) -> list[str]:
    """The shown texts of one column's first ``rows`` rows: read straight from the rows of a
    :class:`RowsModel` (under its proxy), else asked of the model cell by cell."""
    source = model.sourceModel() if isinstance(model, QSortFilterProxyModel) else model
    if isinstance(source, RowsModel) and source.rowCount() == model.rowCount():
        return [_display(row[col]) for row in source.rows[:rows]]
    out = []
    for row in range(rows):
        text = model.index(row, col).data()
        if text:
            out.append(str(text))
    return out


def sortable(model: QAbstractTableModel, parent=None) -> QSortFilterProxyModel:
    """A proxy that sorts ``model`` by its SORT_ROLE (numbers numerically)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    return proxy


class RowFilter(QSortFilterProxyModel):
    """Sorts by SORT_ROLE (numbers numerically) and keeps only the rows asked for: those whose
    first cell (a rater's or a subject's name) holds the search text, in any letter case, and,
    while :meth:`set_only` names rows, only those rows of the source model."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._text = ""
        self._only: frozenset[int] | None = None

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._text = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_only(self, rows: set[int] | frozenset[int] | None) -> None:
        """Keep only these source rows (None: every row)."""
        self.beginFilterChange()
        self._only = None if rows is None else frozenset(rows)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:  # noqa: N802 - Qt API
        if self._only is not None and row not in self._only:
            return False
        if not self._text:
            return True
        name = self.sourceModel().index(row, 0, parent).data()
        return self._text in str(name).casefold()
