"""Dataset pane: what was imported, how, a fast table of the ratings, and Class 1.

The pane holds the current :class:`~tapdesk.data.readers.Dataset` and the
user's choices on top of it (scale order, ordinal or nominal, Class 1 or a
cut point). Opening files is the main window's job; it hands the pane a
Dataset with :meth:`DatasetPane.set_dataset`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QCheckBox, QComboBox, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QRadioButton, QTableView, QToolButton, QVBoxLayout,
                               QWidget)

from tapdesk.data.binary import ClassChoice, choose_class1
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import Dataset
from tapdesk.data.scale import Scale
from tapdesk.errors import TapDeskError
from tapdesk.gui.table_models import RatingsModel


@dataclass(frozen=True)
class BinaryChoice:
    """What the user picked for binary models: Class-1 labels or a cut point."""

    class1: tuple[str, ...] | None = None
    cut: str | None = None


def describe_dataset(ds: Dataset, table: RatingsTable) -> str:
    """The import summary as short HTML lines."""
    prov = ds.provenance
    per = table.ratings_per_subject()
    lines = [f"<b>{prov.file_name or 'Untitled data'}</b>"]
    lines.append(f"{table.n_subjects:,} subjects, {table.n_raters:,} raters, "
                 f"{table.n_ratings:,} ratings ({table.n_missing:,} missing cells)")
    if len(per):
        lines.append(f"Ratings per subject: {per.min()} to {per.max()}")
    kind = "ordinal" if table.scale.ordinal else "nominal"
    lines.append(f"Categories ({kind}): {', '.join(map(table.scale.display, table.categories))}")
    lines.append(f"Layout: <b>{ds.layout}</b> &mdash; {ds.reason} "
                 f"(confidence {100 * ds.confidence:.0f}%)")
    mapping = "; ".join(f"{k}: {v}" for k, v in ds.mapping if v)
    if mapping:
        lines.append(f"Columns: {mapping}")
    for exc in table.exclusions():
        lines.append(f"<span style='color:#B35900'>{exc.n_subjects} subjects left out: "
                     f"{exc.reason}</span>")
    for warning in ds.warnings:
        lines.append(f"<span style='color:#B35900'>{warning}</span>")
    return "<br>".join(lines)


class DatasetPane(QWidget):
    """Import summary, scale and Class-1 choice, and the ratings table."""

    changed = Signal()                 # the table or the binary choice changed
    remap_requested = Signal()         # user wants the import mapping dialog
    item_requested = Signal(str)       # user picked another item of a multi-item file

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.dataset: Dataset | None = None
        self.table: RatingsTable | None = None
        self._building = False
        self._build()
        self._show_empty()

    # ----------------------------------------------------------------- build
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        title = QLabel("Data")
        title.setObjectName("paneTitle")
        layout.addWidget(title)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAccessibleName("Import summary")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        row = QHBoxLayout()
        self.remap_button = QPushButton("Change import mapping...")
        self.remap_button.setToolTip("See how the file was read (layout, which column is the subject, "
                                     "rater, rating) and change it.")
        self.remap_button.clicked.connect(self.remap_requested)
        row.addWidget(self.remap_button)
        self.item_combo = QComboBox()
        self.item_combo.setAccessibleName("Item")
        self.item_combo.setToolTip("This file holds several items (questions); pick the one to analyse.")
        self.item_combo.activated.connect(lambda _: self.item_requested.emit(self.item_combo.currentText()))
        self.item_label = QLabel("Item:")
        row.addWidget(self.item_label)
        row.addWidget(self.item_combo, 1)
        row.addStretch()
        layout.addLayout(row)
        layout.addWidget(self._build_scale_box())
        layout.addWidget(self._build_class_box())
        self.view = QTableView()
        self.view.setAccessibleName("Ratings table")
        self.model = RatingsModel(parent=self)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.setAlternatingRowColors(True)
        layout.addStretch()

    def _build_scale_box(self) -> QGroupBox:
        box = QGroupBox("Scale")
        outer = QVBoxLayout(box)
        form = QHBoxLayout()
        outer.addLayout(form)
        self.ordinal_check = QCheckBox("Ordered (ordinal)")
        self.ordinal_check.setToolTip("Tick when the categories have a natural order (grades, medals, "
                                      "Likert points). Cut points need an ordered scale.")
        self.ordinal_check.toggled.connect(self._scale_edited)
        form.addWidget(self.ordinal_check)
        self.order_list = QListWidget()
        self.order_list.setFlow(QListWidget.Flow.LeftToRight)
        self.order_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.order_list.setMaximumHeight(self.fontMetrics().height() * 2 + 12)
        self.order_list.setAccessibleName("Category order")
        self.order_list.setToolTip("The order of the categories. Drag to reorder, or use the arrows.")
        self.order_list.model().rowsMoved.connect(self._scale_edited)
        form.addWidget(self.order_list, 1)
        for text, step, tip in (("\u25C0", -1, "Move the selected category earlier"),
                                ("\u25B6", 1, "Move the selected category later")):
            btn = QToolButton()
            btn.setText(text)
            btn.setToolTip(tip)
            btn.setAccessibleName(tip)
            btn.clicked.connect(lambda _=False, s=step: self._move_category(s))
            form.addWidget(btn)
        from tapdesk.gui.labels_editor import LabelsEditor
        self.labels_editor = LabelsEditor()           # code -> value label, beside the order
        self.labels_editor.labels_changed.connect(self._labels_edited)
        outer.addWidget(self.labels_editor)
        return box

    def _build_class_box(self) -> QGroupBox:
        box = QGroupBox("Class 1 (for the two-class models)")
        v = QVBoxLayout(box)
        row = QHBoxLayout()
        self.by_labels = QRadioButton("These categories:")
        self.by_labels.setToolTip("Class 1 is every ticked category; the rest form Class 0.")
        self.by_cut = QRadioButton("At or below the cut:")
        self.by_cut.setToolTip("Class 1 is every category at or below the cut point in scale order "
                               "(needs an ordered scale).")
        group = QButtonGroup(self)
        group.addButton(self.by_labels)
        group.addButton(self.by_cut)
        self.by_labels.setChecked(True)
        self.by_labels.toggled.connect(self._choice_edited)
        self.cut_combo = QComboBox()
        self.cut_combo.setAccessibleName("Cut point")
        self.cut_combo.setToolTip(self.by_cut.toolTip())
        self.cut_combo.currentIndexChanged.connect(self._choice_edited)
        self.class_list = QListWidget()
        self.class_list.setFlow(QListWidget.Flow.LeftToRight)
        self.class_list.setMaximumHeight(self.fontMetrics().height() * 2 + 12)
        self.class_list.setAccessibleName("Class 1 categories")
        self.class_list.setToolTip(self.by_labels.toolTip())
        self.class_list.itemChanged.connect(self._choice_edited)
        row.addWidget(self.by_labels)
        row.addWidget(self.class_list, 1)
        v.addLayout(row)
        row2 = QHBoxLayout()
        row2.addWidget(self.by_cut)
        row2.addWidget(self.cut_combo)
        row2.addStretch()
        v.addLayout(row2)
        self.choice_label = QLabel()
        self.choice_label.setWordWrap(True)
        v.addWidget(self.choice_label)
        return box

    # ------------------------------------------------------------ state in
    def _show_empty(self) -> None:
        self.summary.setText("No data yet. Open a file (Ctrl+O), drop one here, paste from the "
                             "clipboard, or try <b>Examples</b> in the Help menu.")
        for w in (self.remap_button, self.ordinal_check, self.order_list, self.class_list,
                  self.cut_combo, self.by_cut, self.by_labels):
            w.setEnabled(False)
        self.item_combo.setVisible(False)
        self.item_label.setVisible(False)

    def set_dataset(self, dataset: Dataset, item: str | None = None,
                    choice: BinaryChoice | None = None, scale: Scale | None = None) -> None:
        """Show a new dataset; optional choices restore a saved project's settings."""
        self.dataset = dataset
        table = dataset.table
        if scale is not None:
            table = table.with_scale(scale)
        self.table = table
        self._building = True
        try:
            self.model.set_table(table)
            for w in (self.remap_button, self.ordinal_check, self.order_list, self.class_list,
                      self.by_labels):
                w.setEnabled(True)
            self.item_combo.clear()
            self.item_combo.addItems(list(dataset.items))
            if item:
                self.item_combo.setCurrentText(item)
            self.item_combo.setVisible(len(dataset.items) > 1)
            self.item_label.setVisible(len(dataset.items) > 1)
            self._fill_scale(table.scale)
            self._fill_choice(table.scale, choice)
        finally:
            self._building = False
        self._refresh()
        self.changed.emit()

    def _fill_scale(self, scale: Scale) -> None:
        self.ordinal_check.setChecked(scale.ordinal)
        self.order_list.clear()
        for cat in scale.categories:
            item = QListWidgetItem(scale.display(cat))
            item.setData(Qt.ItemDataRole.UserRole, cat)
            self.order_list.addItem(item)
        self.labels_editor.set_scale(scale)

    def _fill_choice(self, scale: Scale, choice: BinaryChoice | None) -> None:
        cats = scale.categories
        self.cut_combo.clear()
        for cat in cats[:-1]:
            self.cut_combo.addItem(scale.display(cat), cat)
        self.class_list.clear()
        if choice is not None and choice.cut is not None and choice.cut in cats[:-1]:
            self.cut_combo.setCurrentIndex(self.cut_combo.findData(choice.cut))
            self.by_cut.setChecked(True)
            selected: tuple[str, ...] = ()
        else:
            self.by_labels.setChecked(True)
            selected = choice.class1 if choice is not None and choice.class1 else default_class1(scale)
            if len(cats) > 2:
                self.cut_combo.setCurrentIndex(max(0, len(cats) // 2 - 1))
        for cat in cats:
            item = QListWidgetItem(scale.display(cat))
            item.setData(Qt.ItemDataRole.UserRole, cat)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cat in selected else Qt.CheckState.Unchecked)
            self.class_list.addItem(item)

    # ----------------------------------------------------------- edits
    def _move_category(self, step: int) -> None:
        row = self.order_list.currentRow()
        new = row + step
        if row < 0 or not 0 <= new < self.order_list.count():
            return
        item = self.order_list.takeItem(row)
        self.order_list.insertItem(new, item)
        self.order_list.setCurrentRow(new)
        self._scale_edited()

    def _scale_edited(self, *_) -> None:
        if self._building or self.dataset is None or self.table is None:
            return
        order = tuple(self.order_list.item(i).data(Qt.ItemDataRole.UserRole)
                      for i in range(self.order_list.count()))
        scale = Scale(order, ordinal=self.ordinal_check.isChecked(),
                      declared=True).with_labels(self.table.scale.label_pairs())
        choice = self.binary_choice()
        self.table = self.table.with_scale(scale)
        self._building = True
        try:
            self.model.set_table(self.table)
            self._fill_choice(scale, choice)
        finally:
            self._building = False
        self._refresh()
        self.changed.emit()

    def _labels_edited(self, pairs) -> None:
        """The user renamed a category in the labels table: relabel the scale, keep the choice."""
        if self._building or self.table is None:
            return
        try:
            scale = self.table.scale.with_labels(pairs)
        except TapDeskError as exc:
            self.choice_label.setText(str(exc))
            self.choice_label.setStyleSheet("color: #B35900")
            self.labels_editor.set_scale(self.table.scale)      # back to the labels in force
            return
        choice = self.binary_choice()
        self.table = self.table.with_scale(scale)
        self._building = True
        try:
            self.model.set_table(self.table)
            self._fill_scale(scale)
            self._fill_choice(scale, choice)
        finally:
            self._building = False
        self._refresh()
        self.changed.emit()

    def _choice_edited(self, *_) -> None:
        if self._building:
            return
        self._refresh()
        self.changed.emit()

    def _refresh(self) -> None:
        if self.table is None:
            return
        ordinal = self.table.scale.ordinal and self.table.scale.size > 2
        self.by_cut.setEnabled(ordinal)
        if not ordinal and self.by_cut.isChecked():
            self.by_labels.setChecked(True)
        self.cut_combo.setEnabled(ordinal and self.by_cut.isChecked())
        self.class_list.setEnabled(self.by_labels.isChecked())
        self.summary.setText(describe_dataset(self.dataset, self.table))
        try:
            choice = self.class_choice()
            self.choice_label.setText(f"{choice.describe()}")
            self.choice_label.setStyleSheet("")
        except TapDeskError as exc:
            self.choice_label.setText(str(exc))
            self.choice_label.setStyleSheet("color: #B35900")

    # ------------------------------------------------------------ state out
    def binary_choice(self) -> BinaryChoice:
        if self.by_cut.isChecked() and self.cut_combo.currentData():
            return BinaryChoice(cut=self.cut_combo.currentData())
        checked = tuple(self.class_list.item(i).data(Qt.ItemDataRole.UserRole)
                        for i in range(self.class_list.count())
                        if self.class_list.item(i).checkState() == Qt.CheckState.Checked)
        return BinaryChoice(class1=checked or None)

    def class_choice(self) -> ClassChoice:
        """The engine's view of the choice (raises DataError when it is impossible)."""
        choice = self.binary_choice()
        return choose_class1(self.table.scale, choice.class1, choice.cut)

    def current_item(self) -> str | None:
        return self.item_combo.currentText() or None if self.item_combo.count() else None


def default_class1(scale: Scale) -> tuple[str, ...]:
    """Two categories: the engine's default; more: the last category in scale order."""
    if scale.size == 2:
        return choose_class1(scale).class1
    return (scale.categories[-1],)
