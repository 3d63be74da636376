"""A small table beside the scale: each category's code and its value label, editable.

Labels come from the file (SPSS/Stata value labels) or from the user; every
output then names the categories by label ("gold") and shows the code where
it helps ("gold (4)"). The dataset pane applies an edit with
:meth:`Scale.with_labels`; the project saves the labels with the scale.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tapdesk.data.scale import Scale


class LabelsEditor(QTableWidget):
    """Two columns, code (read-only) and label (editable); emits the (code, label) pairs."""

    labels_changed = Signal(object)          # tuple[tuple[str, str], ...], every category

    def __init__(self, parent=None) -> None:
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels(["Code", "Label"])
        self.setAccessibleName("Category labels")
        self.setToolTip("Give each category a name (for example 4 = gold); results, plots and "
                        "the report then show the names. Leave a label empty to show the code.")
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self._filling = False
        self.itemChanged.connect(self._edited)

    def set_scale(self, scale: Scale | None) -> None:
        """Show the scale's codes and labels (empty for no scale)."""
        self._filling = True
        try:
            cats = scale.categories if scale is not None else ()
            self.setRowCount(len(cats))
            for row, code in enumerate(cats):
                code_item = QTableWidgetItem(code)
                code_item.setFlags(code_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                label = scale.label(code)
                self.setItem(row, 0, code_item)
                self.setItem(row, 1, QTableWidgetItem("" if label == code else label))
        finally:
            self._filling = False
        rows = max(1, min(self.rowCount(), 6))
        self.setMaximumHeight(self.horizontalHeader().sizeHint().height()
                              + rows * self.verticalHeader().defaultSectionSize() + 4)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """(code, label) for every row; "" where the label is empty."""
        out = []
        for row in range(self.rowCount()):
            code, label = self.item(row, 0), self.item(row, 1)
            out.append((code.text() if code else "", (label.text() if label else "").strip()))
        return tuple(out)

    def _edited(self, item: QTableWidgetItem) -> None:
        if not self._filling and item.column() == 1:
            self.labels_changed.emit(self.pairs())
