"""Dataset pane: which data set, what was imported and how, the scale, and Class 1.

The pane shows one data set at a time (the main window may hold several side
by side: a chooser at the top switches between them) and the user's choices
on top of it: scale order, ordinal or nominal, Class 1 or a cut point.
Opening files is the main window's job; it hands the pane a Dataset with
:meth:`DatasetPane.set_dataset`. Categories are shown by their value labels
with the code ("gold (4)") and kept as codes inside.

A widget that edits the scale (e.g. a value-label editor) can be placed
beside the scale with :meth:`DatasetPane.add_scale_editor`; it changes the
scale through :meth:`DatasetPane.set_scale`. The value-label table
(:class:`~tapdesk.gui.window.labels_editor.LabelsEditor`) is placed there.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.import_words import data_name, layout_name
from tapdesk.data.mapping_words import mapping_in_words
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import Dataset
from tapdesk.data.scale import Scale
from tapdesk.data.wording import shown as shown_wording
from tapdesk.errors import TapDeskError
from tapdesk.gui.hint_words import window_hint
from tapdesk.gui.project.session import BinaryChoice
from tapdesk.gui.style import narrow_combo, pane_title
from tapdesk.gui.widgets.disclosure import Disclosure
from tapdesk.gui.widgets.table_models import RatingsModel
from tapdesk.gui.widgets.wrap_list import WrapList
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, ngettext
from tapdesk.i18n.deferred import shown as shown_text

if TYPE_CHECKING:
    from tapdesk.data.binary import ClassChoice

CODE_ROLE = Qt.ItemDataRole.UserRole + 3


def describe_dataset(ds: Dataset, table: RatingsTable) -> str:
    """The import summary as a few short HTML lines (the details are in :func:`import_details`)."""
    prov = ds.provenance
    per = table.ratings_per_subject()
    esc = html.escape
    lines = [f"<b>{esc(data_name(prov.file_name or '') or _('Untitled data'))}</b>"]
    lines.append(_counts_line(table, per))
    if table.scale.scores:
        from tapdesk.data.binary import written_score  # numpy: not at start-up
        numbered = sorted((float(c), c) for c in table.scale.categories)
        # Translators: the data pane's line for scores; {n} how many distinct numbers, {low}
        # and {high} the smallest and the largest.
        lines.append(_("Scores: {n} distinct numbers from {low} to {high}").format(
            n=len(numbered), low=written_score(numbered[0][1]), high=written_score(numbered[-1][1])))
    else:
        # Translators: {categories} is the scale's categories as a list ("gold (4), silver (3)").
        kind = _("Categories (ordered): {categories}") if table.scale.ordinal else (
            # Translators: as above, for unordered categories.
            _("Categories (unordered): {categories}"))
        lines.append(kind.format(categories=", ".join(esc(table.scale.display(c))
                                                      for c in table.categories)))
    if ds.layout == "simulated":
        # Translators: "point here": the mouse pointer over the text shows the settings the
        # data were simulated with.
        lines.append(_("Simulated data (point here for the settings)"))
    else:
        # Translators: {layout} is the layout's short name in bold ("wide", "long"); {sure} is a
        # percent ("95%"). "Point here": the mouse pointer over the text shows the reasons.
        lines.append(_("Read as the {layout} layout ({sure} sure; point here for why)").format(
            layout=f"<b>{esc(layout_name(ds.layout))}</b>", sure=formats.percent(ds.confidence)))
    for exc in table.exclusions():
        # Translators: {n} is a number of subjects; {reason} says why (from the importer).
        left_out = ngettext("{n} subjects left out: {reason}", "{n} subjects left out: {reason}",
                            exc.n_subjects).format(n=formats.integer(exc.n_subjects),
                                                   reason=esc(shown_text(exc.reason)))
        lines.append(f"<span style='color:#B35900'>{left_out}</span>")
    hinted = {n.message: n.message + window_hint(n.settings) for n in ds.import_notes}
    for warning in ds.warnings:
        lines.append(f"<span style='color:#B35900'>{esc(hinted.get(warning, warning))}</span>")
    return "<br>".join(lines)


def _counts_line(table: RatingsTable, per) -> str:
    """"12 subjects × 3 raters, 36 ratings (3 per subject, none missing)"."""
    n = formats.integer
    each = ""
    if len(per):
        # Translators: {n}, {low}, {high} are counts of ratings each subject has.
        each = _("{n} per subject").format(n=per.min()) if per.min() == per.max() else (
            # Translators: as above; {low} and {high} are the fewest and most ratings a subject
            # has.
            _("{low} to {high} per subject").format(low=per.min(), high=per.max()))
    # Translators: {n} is a count of missing ratings, already written as a number ("1,234").
    missing = ngettext("{n} missing", "{n} missing", table.n_missing).format(
        n=n(table.n_missing)) if table.n_missing else _("none missing")
    # Translators: the size of a data set: {subjects}, {raters}, {ratings} are counts written as
    # numbers; {each} is "3 per subject" or "2 to 4 per subject"; {missing} is "5 missing" or
    # "none missing".
    return _("{subjects} subjects \u00d7 {raters} raters, {ratings} ratings ({each}, {missing})").format(
        subjects=n(table.n_subjects), raters=n(table.n_raters), ratings=n(table.n_ratings),
        each=each, missing=missing)


def import_details(ds: Dataset) -> str:
    """How the data were read, in full (the summary's tooltip)."""
    mapping = mapping_in_words(ds.mapping)
    if ds.layout == "simulated":
        reason = shown_wording(ds.reason)          # a simulated example's settings, worded
        return reason[:1].upper() + reason[1:] + "."
    # Translators: {layout} is the layout's short name ("wide"); {reason} is why the importer chose it.
    details = _("Layout: {layout}, because {reason}.").format(layout=layout_name(ds.layout),
                                                              reason=shown_wording(ds.reason))
    # Translators: {mapping} is "subject: ID; rater: Judge; rating: Score" (the file's columns).
    return details + ("\n" + _("Columns: {mapping}").format(mapping=mapping) if mapping else "")


class DatasetPane(QWidget):
    """Data-set chooser, import summary, scale and Class-1 choice, and the ratings table."""

    changed = Signal()                 # the table or the binary choice changed
    remap_requested = Signal()         # user wants the import mapping dialog
    open_requested = Signal()          # "Open a ratings file..." (shown while there is no data)
    item_requested = Signal(str)       # user picked another item of a multi-item file
    session_requested = Signal(int)    # user picked another open data set
    layout_changed = Signal()          # the Scale group opened or folded

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
        top = QHBoxLayout()
        title = pane_title(say(QLabel(), "setText", NC_("pane title", "Data"), context="pane title"))
        top.addWidget(title)
        self.session_combo = narrow_combo(QComboBox())
        say(self.session_combo, "setAccessibleName", N_("Data set"))
        say(self.session_combo, "setToolTip", N_("The data sets open side by side. Each fit stays with "
                                                 "the data it was made from; pick one to see it and fit "
                                                 "it again."))
        self.session_combo.activated.connect(
            lambda i: self.session_requested.emit(int(self.session_combo.itemData(i))))
        top.addStretch(1)
        self.remap_button = say(QPushButton(), "setText", N_("Change import mapping..."))
        say(self.remap_button, "setToolTip", N_("See how the file was read (layout, which column is the "
                                                "subject, rater, rating) and change it."))
        self.remap_button.clicked.connect(self.remap_requested)
        top.addWidget(self.remap_button)           # beside the title: one row less above Class 1
        layout.addLayout(top)
        layout.addWidget(self.session_combo)       # the whole width for long names (2+ data sets)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        say(self.summary, "setAccessibleName", N_("Import summary"))
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        self.open_button = say(QPushButton(), "setText", N_("Open a ratings file..."))
        say(self.open_button, "setToolTip", N_("Read a CSV, Excel, SPSS, Stata, R or JSON file of ratings "
                                               "(Ctrl+O)."))
        self.open_button.clicked.connect(self.open_requested)
        layout.addWidget(self.open_button)
        row = QHBoxLayout()
        self.item_combo = narrow_combo(QComboBox())
        say(self.item_combo, "setAccessibleName", N_("Item"))
        say(self.item_combo, "setToolTip", N_("This file holds several items (questions); pick the one "
                                              "to analyse."))
        self.item_combo.activated.connect(
            lambda _arg: self.item_requested.emit(self.item_combo.currentText()))
        self.item_label = say(QLabel(), "setText", N_("Item:"))
        row.addWidget(self.item_label)
        row.addWidget(self.item_combo, 1)
        row.addStretch()
        layout.addLayout(row)
        # Class 1 first: the choice every two-class fit needs, in view without scrolling on a
        # 1280 x 800 screen; the scale's order and labels, set once, below it
        layout.addWidget(self._build_class_box())
        layout.addWidget(self._build_scale_box())
        self.model = RatingsModel(parent=self)
        self._view: QTableView | None = None
        layout.addStretch()

    @property
    def view(self) -> QTableView:
        """The ratings table, shown on the results pane's Data tab: made when the pane asks for
        it (the first window does not show it)."""
        if self._view is None:
            view = self._view = QTableView()
            say(view, "setAccessibleName", N_("Ratings table"))
            view.setModel(self.model)
            view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            view.setAlternatingRowColors(True)
        return self._view

    def _build_scale_box(self) -> Disclosure:
        """The scale's order and value labels in one table (a column per category, in scale
        order: its value heads it, its label below), folded away: set once, if ever."""
        body = QWidget()
        v = QVBoxLayout(body)
        v.setContentsMargins(12, 0, 0, 0)
        top = QHBoxLayout()
        self.ordinal_check = say(QCheckBox(), "setText", N_("Ordered (ordinal)"))
        say(self.ordinal_check, "setToolTip", N_("Tick when the categories have a natural order (grades, "
                                                 "medals, Likert points). Cut points need an ordered "
                                                 "scale."))
        self.ordinal_check.toggled.connect(self._scale_edited)
        top.addWidget(self.ordinal_check)
        top.addStretch()
        self.move_buttons: list[QToolButton] = []
        for text, step, tip in (("\u25C0", -1, N_("Move the selected category earlier")),
                                ("\u25B6", 1, N_("Move the selected category later"))):
            btn = QToolButton()
            self.move_buttons.append(btn)
            btn.setText(text)
            say(btn, "setToolTip", tip)
            say(btn, "setAccessibleName", tip)
            btn.clicked.connect(lambda _checked=False, s=step: self._move_category(s))
            top.addWidget(btn)
        v.addLayout(top)
        self.scale_editors = QVBoxLayout()         # room for editors of the scale (value labels)
        self.scale_editors.setContentsMargins(0, 0, 0, 0)
        v.addLayout(self.scale_editors)
        from tapdesk.gui.window.labels_editor import LabelsEditor
        self.labels_editor = LabelsEditor()        # value, label and order in one table
        self.labels_editor.labels_changed.connect(self._labels_edited)
        self.labels_editor.order_changed.connect(self._order_edited)
        self.add_scale_editor(self.labels_editor)
        self.scale_group = Disclosure(N_("Scale"), body, "scale")
        self.scale_group.toggled.connect(lambda _arg: self.layout_changed.emit())
        return self.scale_group

    def _build_class_box(self) -> QGroupBox:
        box = self.class_box = say(QGroupBox(), "setTitle", N_("Class 1 (for the two-class models)"))
        v = QVBoxLayout(box)
        self.by_labels = say(QRadioButton(), "setText", N_("These categories:"))
        labels_tip = N_("Class 1 is every ticked category; the rest form Class 0.")
        say(self.by_labels, "setToolTip", labels_tip)
        self.by_cut = say(QRadioButton(), "setText", N_("At or below the cut:"))
        cut_tip = N_("Class 1 is every category at or below the cut point in scale order (needs an "
                     "ordered scale).")
        say(self.by_cut, "setToolTip", cut_tip)
        group = QButtonGroup(self)
        group.addButton(self.by_labels)
        group.addButton(self.by_cut)
        self.by_labels.setChecked(True)
        self.by_labels.toggled.connect(self._choice_edited)
        self.cut_combo = narrow_combo(QComboBox(), 8)
        say(self.cut_combo, "setAccessibleName", N_("Cut point"))
        say(self.cut_combo, "setToolTip", cut_tip)
        self.cut_combo.currentIndexChanged.connect(self._choice_edited)
        self.class_list = WrapList(max_rows=4)
        say(self.class_list, "setAccessibleName", N_("Class 1 categories"))
        say(self.class_list, "setToolTip", labels_tip)
        self.class_list.itemChanged.connect(self._choice_edited)
        v.addWidget(self.by_labels)
        v.addWidget(self.class_list)
        row2 = QHBoxLayout()
        row2.addWidget(self.by_cut)
        row2.addWidget(self.cut_combo, 1)
        v.addLayout(row2)
        self.choice_label = QLabel()
        self.choice_label.setWordWrap(True)
        v.addWidget(self.choice_label)
        return box

    def first_focus(self) -> QWidget:
        """Where the keyboard starts: "Open a ratings file..." while there is no data, else the
        Class 1 categories (the choice every two-class fit needs)."""
        return self.open_button if self.table is None else self.class_list

    def add_scale_editor(self, widget: QWidget) -> None:
        """Place an editor of the scale (e.g. value labels) inside the Scale box."""
        self.scale_editors.addWidget(widget)

    # ------------------------------------------------------------ state in
    def _show_empty(self) -> None:
        say(self.summary, "setText", N_("No data yet. Open a file (Ctrl+O), drop one here, paste from the "
                                        "clipboard, or try <b>Examples</b> in the Help menu."))
        for w in (self.remap_button, self.ordinal_check, self.class_list,
                  self.cut_combo, self.by_cut, self.by_labels, self.labels_editor,
                  *self.move_buttons):
            w.setEnabled(False)
        self.open_button.setVisible(True)
        self.item_combo.setVisible(False)
        self.item_label.setVisible(False)
        self.session_combo.setVisible(False)

    def clear(self) -> None:
        """No data set (a new, empty analysis)."""
        self.dataset = None
        self.table = None
        self._building = True
        try:
            self.model.set_table(None)
            self.class_list.clear()
            self.class_list.refit()
            self.labels_editor.set_scale(None)
            self.cut_combo.clear()
            self.choice_label.setText("")
        finally:
            self._building = False
        self._show_empty()
        self.changed.emit()

    def set_sessions(self, sessions: list[tuple[int, str]], current: int | None) -> None:
        """The open data sets as (key, label); the chooser shows when there are two or more."""
        self.session_combo.blockSignals(True)
        self.session_combo.clear()
        for key, label in sessions:
            self.session_combo.addItem(label, key)
        index = self.session_combo.findData(current)
        self.session_combo.setCurrentIndex(max(index, 0))
        self.session_combo.blockSignals(False)
        self.session_combo.setVisible(len(sessions) > 1)

    def set_dataset(self, dataset: Dataset, item: str | None = None,
                    choice: BinaryChoice | None = None, scale: Scale | None = None) -> None:
        """Show a new dataset; optional choices restore a saved project's settings."""
        self.dataset = dataset
        table = dataset.table
        if scale is not None and scale != table.scale:
            table = table.with_scale(scale)
        self.table = table
        self._building = True
        try:
            self.model.set_table(table)
            for w in (self.remap_button, self.ordinal_check, self.class_list,
                      self.by_labels, self.labels_editor, *self.move_buttons):
                w.setEnabled(True)
            if self.window().focusWidget() is self.open_button:   # on to the next choice
                self.class_list.setFocus(Qt.FocusReason.OtherFocusReason)
            self.open_button.setVisible(False)
            self.item_combo.clear()
            self.item_combo.addItems(list(dataset.items))
            if item:
                self.item_combo.setCurrentText(item)
            self.item_combo.setVisible(len(dataset.items) > 1)
            self.item_label.setVisible(len(dataset.items) > 1)
            self._fill_scale(table.scale)
            self._fill_choice(table, choice)
        finally:
            self._building = False
        self._refresh()
        self.changed.emit()

    @staticmethod
    def _item(scale: Scale, code: str) -> QListWidgetItem:
        item = QListWidgetItem(scale.display(code))
        item.setData(CODE_ROLE, code)
        return item

    def _fill_scale(self, scale: Scale) -> None:
        self.ordinal_check.setChecked(scale.ordinal)
        self.labels_editor.set_scale(scale)
        self.scale_group.set_summary(scale_summary(scale))

    def _fill_choice(self, table: RatingsTable, choice: BinaryChoice | None) -> None:
        scale = table.scale
        cats = scale.categories
        self.cut_combo.clear()
        for cat in cats[:-1]:
            self.cut_combo.addItem(scale.display(cat), cat)
        self.class_list.clear()
        if choice is None and scale.scores:          # scores start cut at their median
            choice = BinaryChoice(cut=default_cut(table))
        if choice is not None and choice.cut is not None and choice.cut in cats[:-1]:
            self.cut_combo.setCurrentIndex(self.cut_combo.findData(choice.cut))
            self.by_cut.setChecked(True)
            selected: tuple[str, ...] = ()
        else:
            self.by_labels.setChecked(True)
            selected = choice.class1 if choice is not None and choice.class1 else default_class1(table)
            if len(cats) > 2:
                self.cut_combo.setCurrentIndex(max(0, len(cats) // 2 - 1))
        for cat in cats:
            item = self._item(scale, cat)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cat in selected else Qt.CheckState.Unchecked)
            self.class_list.addItem(item)
        self.class_list.refit()

    # ----------------------------------------------------------- edits
    def _move_category(self, step: int) -> None:
        """The selected category (a column of the labels table) one place earlier or later."""
        col = self.labels_editor.currentColumn()
        if self.table is None or col < 0:
            return
        order = list(self.table.scale.categories)
        new = col + step
        if not 0 <= new < len(order):
            return
        order.insert(new, order.pop(col))
        self._order_edited(tuple(order))
        self.labels_editor.setCurrentCell(0, new)

    def _order_edited(self, order: tuple[str, ...]) -> None:
        """The categories in a new order (the arrows, or a column heading dragged)."""
        if self._building or self.table is None:
            return
        old = self.table.scale
        labels = tuple(old.labels[old.index(c)] for c in order) if old.labels else ()
        self.set_scale(replace(old, categories=order, declared=True, labels=labels))

    def _scale_edited(self, *_args) -> None:
        if self._building or self.dataset is None or self.table is None:
            return
        self.set_scale(replace(self.table.scale, ordinal=self.ordinal_check.isChecked(),
                               declared=True))

    def set_scale(self, scale: Scale) -> None:
        """Use ``scale`` (same categories: new order, ordinal flag or value labels)."""
        if self.table is None:
            return
        choice = self.binary_choice()
        self.table = self.table.with_scale(scale)
        self._building = True
        try:
            self.model.set_table(self.table)
            self._fill_scale(scale)
            self._fill_choice(self.table, choice)
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
        self.set_scale(scale)

    def _choice_edited(self, *_args) -> None:
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
        self.summary.__dict__.pop("_tapdesk_words", None)      # the data's words, not "No data yet"
        self.summary.setText(describe_dataset(self.dataset, self.table))
        self.summary.setToolTip(import_details(self.dataset))
        try:
            choice = self.class_choice()
            self.choice_label.setText(choice.shown())
            self.choice_label.setStyleSheet("")
        except TapDeskError as exc:
            self.choice_label.setText(str(exc))
            self.choice_label.setStyleSheet("color: #B35900")

    def retranslate_texts(self) -> None:
        """The data set's words again in the language just chosen (View > Language)."""
        if self.table is not None:
            self.scale_group.set_summary(scale_summary(self.table.scale))
            self._refresh()

    # ------------------------------------------------------------ state out
    def binary_choice(self) -> BinaryChoice:
        if self.by_cut.isChecked() and self.cut_combo.currentData() is not None:
            return BinaryChoice(cut=self.cut_combo.currentData())
        checked = tuple(self.class_list.item(i).data(CODE_ROLE) for i in range(self.class_list.count())
                        if self.class_list.item(i).checkState() == Qt.CheckState.Checked)
        return BinaryChoice(class1=checked or None)

    def class_choice(self) -> ClassChoice:
        """The engine's view of the choice (raises DataError when it is impossible)."""
        from tapdesk.data.binary import choose_class1, ratings_per_category  # numpy: not at start-up
        choice = self.binary_choice()
        return choose_class1(self.table.scale, choice.class1, choice.cut,
                             counts=ratings_per_category(self.table))

    def current_item(self) -> str | None:
        return self.item_combo.currentText() or None if self.item_combo.count() else None


def scale_summary(scale: Scale) -> str:
    """"ordered, 5 categories, value labels": the folded Scale group's summary."""
    labelled = any(scale.label(c) != c for c in scale.categories)
    # Translators: the folded Scale group's summary; {n} is the number of categories.
    if scale.ordinal:
        text = ngettext("ordered, {n} categories, value labels", "ordered, {n} categories, value labels",
                        scale.size) if labelled else (
            # Translators: as above, without value labels.
            ngettext("ordered, {n} categories", "ordered, {n} categories", scale.size))
    else:
        # Translators: the folded Scale group's summary; {n} is the number of categories.
        text = ngettext("unordered, {n} categories, value labels",
                        "unordered, {n} categories, value labels", scale.size) if labelled else (
            # Translators: as above, without value labels.
            ngettext("unordered, {n} categories", "unordered, {n} categories", scale.size))
    return text.format(n=scale.size)


def default_cut(table: RatingsTable) -> str:
    """Scores (:attr:`Scale.scores`): the cut at their median (:func:`tapdesk.data.binary.median_cut`)."""
    from tapdesk.data.binary import median_cut, ratings_per_category  # numpy: not at start-up
    return median_cut(table.scale, ratings_per_category(table))


def default_class1(table: RatingsTable) -> tuple[str, ...]:
    """Two categories: the engine's default; more: the last category in scale order that is
    not rare (:func:`tapdesk.data.binary.default_choice`); one category: none (the fit says
    why it cannot run)."""
    from tapdesk.data.binary import default_choice, ratings_per_category  # numpy: not at start-up
    if table.scale.size < 2:
        return ()
    return default_choice(table.scale, ratings_per_category(table)).class1
