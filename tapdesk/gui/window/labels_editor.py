"""The scale in one small table: a column per category in scale order, its value heading the
column and its value label, editable, below; dragging a heading (or the pane's arrows) reorders.

Labels come from the file (SPSS/Stata value labels) or from the user; every
output then names the categories by label ("gold") and shows the code where
it helps ("gold (4)"). The dataset pane applies an edit with
:meth:`Scale.with_labels`; the project saves the labels with the scale.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tapdesk.data.scale import Scale
from tapdesk.gui.words import say
from tapdesk.i18n import N_, pgettext


class LabelsEditor(QTableWidget):
    """One column per category, in scale order: the code in the header, its label in the one
    editable row.

    Emits ``labels_changed`` with the (code, label) pairs of every category
    ("" where the label was cleared) after each edit, and ``order_changed`` with the codes in
    their new order when a column heading is dragged to another place.
    """

    labels_changed = Signal(object)          # tuple[tuple[str, str], ...], every category
    order_changed = Signal(object)           # tuple[str, ...], the codes in the new order

    def __init__(self, parent=None) -> None:
        super().__init__(1, 0, parent)
        self.retranslate_texts()
        say(self, "setAccessibleName", N_("Category labels and order"))
        # Translators: the tooltip of the data pane's small table of the scale's categories
        # ("4 = gold": a category's value and the name the user gives it).
        say(self, "setToolTip", N_("Each category's value (heading) and its label, in scale order. "
                                   "Give a value a name (for example 4 = gold); results, plots and "
                                   "the report then show the names. Clear a label to show the "
                                   "value. Drag a heading, or use the arrows, to change the order."))
        self.horizontalHeader().setSectionsMovable(True)
        self.horizontalHeader().sectionMoved.connect(self._moved)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setMinimumSectionSize(60)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self._codes: tuple[str, ...] = ()
        self._filling = False
        self.itemChanged.connect(self._edited)
        self.horizontalScrollBar().rangeChanged.connect(self._fit_height)
        self._fit_height()

    def _fit_height(self, *_) -> None:
        """Tall enough for the headings, the Label row whole and, when the categories are wider
        than the pane, the scroll bar below them: measured as they are, frame included (issue
        53: measured before the headings had any section, the heading counted 0 px, and the
        Label row was cut by 2 px, by the scroll bar's height where one showed)."""
        header = self.horizontalHeader()
        heading = header.sizeHint().height() if self.columnCount() else \
            header.fontMetrics().height() + 6
        bar = self.horizontalScrollBar()
        below = bar.sizeHint().height() if bar.maximum() > 0 else 0
        self.setFixedHeight(heading + self.verticalHeader().sectionSize(0)
                            + 2 * self.frameWidth() + below)

    def retranslate_texts(self) -> None:
        """The row's heading in the current language."""
        # Translators: the heading of the row of the categories' value labels (a category's
        # name, "gold" for 4), in the data pane's small table of the scale.
        self.setVerticalHeaderLabels([pgettext("value label", "Label")])

    def set_scale(self, scale: Scale | None) -> None:
        """Show the scale's codes (header) and labels (empty for no scale)."""
        self._filling = True
        try:
            self._codes = scale.categories if scale is not None else ()
            self.setColumnCount(0)                   # a dragged heading's place is forgotten
            self.setColumnCount(len(self._codes))
            self.setHorizontalHeaderLabels(list(self._codes))
            for col, code in enumerate(self._codes):
                label = scale.label(code)
                self.setItem(0, col, QTableWidgetItem("" if label == code else label))
        finally:
            self._filling = False
        self._fit_height()

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """(code, label) for every category; "" where the label is empty."""
        return tuple((code, (self.item(0, col).text() if self.item(0, col) else "").strip())
                     for col, code in enumerate(self._codes))

    def set_label(self, code: str, label: str) -> None:
        """Type ``label`` for ``code``, as a user would (emits labels_changed)."""
        self.item(0, self._codes.index(code)).setText(label)

    def _moved(self, *_) -> None:
        header = self.horizontalHeader()
        order = tuple(self._codes[header.logicalIndex(v)] for v in range(len(self._codes)))
        if order != self._codes:        # after the header's own handling of the drag ends
            QTimer.singleShot(0, self, lambda: self.order_changed.emit(order))

    def _edited(self, item: QTableWidgetItem) -> None:
        if not self._filling:
            self.labels_changed.emit(self.pairs())
