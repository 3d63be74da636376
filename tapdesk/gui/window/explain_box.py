"""The Analysis pane's "Explain by..." box (issue 42): a subject attribute whose groups each get
their own class share, and rater attributes that accuracy may depend on.

It lists the attribute columns of the data shown (``RatingsTable.attributes``) and is shown only
when the data have some; the models that can take them (t-a-p, per rater, several categories,
by maximum likelihood) read its choice into the request (:meth:`ModelPane.request`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QListWidget, QListWidgetItem

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.models import EXPLAIN
from tapdesk.gui.style import narrow_combo

NO_GROUP = "(no groups)"
HELP = ("Explain the ratings: give each group of subjects (a year, a site) its own share of the "
        "classes, and let accuracy depend on the raters' attributes (age, experience, human or "
        "AI). The result says whether the groups differ and how much each attribute moves "
        "accuracy, in points.")


def explaining_models() -> frozenset[tuple[str, str]]:
    """(model, method) pairs that take subject groups and rater attributes."""
    return frozenset((e.model, e.method) for e in EXPLAIN)


class ExplainBox(QGroupBox):
    """Subject-group combo and rater-attribute check list."""

    def __init__(self) -> None:
        super().__init__("Explain by...")
        form = QFormLayout(self)
        note = QLabel(HELP)
        note.setWordWrap(True)
        form.addRow(note)
        self.group_combo = narrow_combo(QComboBox())
        self.group_combo.setAccessibleName("Subject groups")
        self.group_combo.setToolTip("A subject attribute: each of its groups gets its own class "
                                    "share, with a test that the groups differ.")
        form.addRow("Subject groups:", self.group_combo)
        self.rater_list = QListWidget()
        self.rater_list.setAccessibleName("Rater attributes")
        self.rater_list.setToolTip("Rater attributes accuracy may depend on: tick one or more.")
        self.rater_list.setMaximumHeight(90)
        form.addRow("Rater attributes:", self.rater_list)
        self.available = False
        self.set_table(None)

    def set_table(self, table: RatingsTable | None) -> None:
        """List the attribute columns of ``table`` (hidden when it has none)."""
        attrs = table.attributes if table is not None else None
        chosen = self.group_combo.currentData(), set(self._ticked())
        self.group_combo.clear()
        self.group_combo.addItem(NO_GROUP, None)
        self.rater_list.clear()
        if attrs is not None:
            for col in attrs.subject_columns:
                self.group_combo.addItem(col, col)
            for col in attrs.rater_columns:
                item = QListWidgetItem(col)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if col in chosen[1]
                                   else Qt.CheckState.Unchecked)
                self.rater_list.addItem(item)
        index = self.group_combo.findData(chosen[0])
        self.group_combo.setCurrentIndex(max(index, 0))
        self.setVisible(attrs is not None and not attrs.is_empty)

    def set_available(self, model: str | None, method: str | None) -> None:
        """Enabled only for the models and methods that can explain the ratings."""
        ok = (model, method) in explaining_models()
        self.available = ok
        self.setEnabled(ok)
        self.setToolTip("" if ok else "Subject groups and rater attributes are for t-a-p, t-a-p "
                                      "per rater and t-a-p for several categories, by maximum "
                                      "likelihood.")

    def subject_group(self) -> str | None:
        return self.group_combo.currentData() if self.available else None

    def rater_attributes(self) -> tuple[str, ...]:
        return self._ticked() if self.available else ()

    def _ticked(self) -> tuple[str, ...]:
        items = (self.rater_list.item(i) for i in range(self.rater_list.count()))
        return tuple(i.text() for i in items if i.checkState() == Qt.CheckState.Checked)

    def apply(self, subject_group: str | None, rater_attributes: tuple[str, ...]) -> None:
        """Show a saved request's choice (columns the data lack are left unticked)."""
        self.group_combo.setCurrentIndex(max(self.group_combo.findData(subject_group), 0))
        for i in range(self.rater_list.count()):
            item = self.rater_list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in rater_attributes
                               else Qt.CheckState.Unchecked)
