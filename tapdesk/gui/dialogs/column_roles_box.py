"""The import preview's "Columns" box: every column of the file with its role, which the user
can change, and the reason the importer gave for it.

Roles are those of :data:`tapdesk.data.importer.model.COLUMN_ROLES` plus "not used"; choosing a
role asks the preview to read the data again with ``ImportOptions.column_roles``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from tapdesk.data.import_words import layout_name
from tapdesk.data.importer.model import COLUMN_ROLES, Dataset, ImportNote
from tapdesk.data.role_words import ROLE_WORDS, RoleWords
from tapdesk.data.wording import shown
from tapdesk.gui.widgets.upright_scroll import UprightScroll
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats, pgettext

NOT_USED = "not used"
ROLE_CHOICES = COLUMN_ROLES
"""The roles offered; "not used" only shows as the state of a column no role uses (to leave a
column out, the user chooses "leave out": one choice, one word)."""
"""What each column's role box offers."""


ONE_SUBJECT = "one subject's ratings"
"""A column of a file with one row per rater: one subject, not the subject ids (the choice
"subject" names the column of subject ids, so it must read as a change)."""


def _elide_to_choices(combo: QComboBox, index: int) -> None:
    """A role the importer gave that is longer than every role a user chooses from ("ratings
    of one rater and item (read from its name)", longer in German) is cut to their width, whole
    in its tooltip: the box stays as wide as its choices, so the preview fits a 1280 screen."""
    metrics = combo.fontMetrics()
    widest = max(metrics.horizontalAdvance(role_words(c)) for c in ROLE_CHOICES)
    full = combo.itemText(index)
    if metrics.horizontalAdvance(full) > widest:
        combo.setItemText(index, metrics.elidedText(full, Qt.TextElideMode.ElideRight, widest))
        combo.setItemData(index, full, Qt.ItemDataRole.ToolTipRole)


def role_words(role: str) -> str:
    """A role as its box shows it, in the current language (its words:
    :data:`tapdesk.data.role_words.ROLE_WORDS`' ``choice``)."""
    words = ROLE_WORDS.get(role, RoleWords()).choice
    return pgettext("column role", words) if words else role


def shown_role(role: str, layout: str | None = None) -> str:
    """The choice that stands for a role of ``Dataset.column_roles`` ("left out (footer-rows)"
    is "leave out"; a layout's own role such as "number of raters" is kept as it is)."""
    if role.startswith("left out"):
        return "leave out"
    if role == "subject" and layout == "wide-rows":
        return ONE_SUBJECT
    return role


@dataclass(frozen=True)
class RolesRead:
    """What the box shows: every column with its role, the notes that gave them, and the layout
    (None: the reading stopped before one was found) with its reason."""

    column_roles: tuple[tuple[str, str], ...]
    import_notes: tuple[ImportNote, ...]
    layout: str | None
    reason: str
    chosen: frozenset[str] = frozenset()     # columns whose role the user gave
    refused: bool = False                     # the reading stopped (the layout was only tried)

    @classmethod
    def of(cls, dataset: Dataset) -> RolesRead:
        return cls(dataset.column_roles, dataset.import_notes, dataset.layout, dataset.reason)


def role_reason(read: RolesRead, column: str, role: str) -> str:
    """Why the column has its role: the note that decided it, else the layout's reason."""
    notes = [n for n in read.import_notes if column in n.columns]
    deciding = [n for n in notes if n.action == "left out"] if role.startswith("left out") else notes
    if deciding:
        return deciding[-1].message
    if role == NOT_USED:
        return _("no role of the layout uses this column") if read.layout else \
            _("the reading stopped before this column was given a role")
    if column in read.chosen or read.layout is None:
        return _("as you chose")
    if read.refused:
        # Translators: why a column has its role; {layout} is the layout's short name ("wide").
        return _("as tried in the {layout} layout").format(layout=layout_name(read.layout))
    # Translators: why a column has its role; {layout} is the layout's short name ("wide").
    return _("as the {layout} layout was detected (see above)").format(
        layout=layout_name(read.layout))


class ColumnRolesBox(QGroupBox):
    """One row per column: its name and a role box, and why under them.
    ``role_chosen(column, role)`` is emitted when the user picks a role."""

    role_chosen = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        say(self, "setTitle", N_("Columns: what each one holds"))
        v = QVBoxLayout(self)
        self.page = QWidget()
        self.grid = QGridLayout(self.page)
        self.grid.setContentsMargins(0, 0, 0, 0)
        v.addWidget(UprightScroll(self.page))     # never narrower than the role boxes
        self.combos: dict[str, QComboBox] = {}
        self.reasons: dict[str, QLabel] = {}
        self._filling = False

    def show_roles(self, read: RolesRead) -> None:
        """The columns with their roles as read (or as far as a refused reading got)."""
        self._filling = True
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.combos, self.reasons = {}, {}
        for row, (column, role) in enumerate(read.column_roles):
            self._add_row(row, read, column, role)
        self.grid.setRowStretch(2 * len(read.column_roles), 1)
        self.grid.setColumnStretch(0, 1)
        self._filling = False

    def _add_row(self, row: int, read: RolesRead, column: str, role: str) -> None:
        name = QLabel(column)
        combo = QComboBox()
        current = shown_role(role, read.layout)
        for choice in ROLE_CHOICES if current in ROLE_CHOICES else (current, *ROLE_CHOICES):
            combo.addItem(role_words(choice), choice)
        if current not in ROLE_CHOICES:
            _elide_to_choices(combo, 0)
        combo.setCurrentIndex(combo.findData(current))
        # Translators: {column} is a column's name as the file gives it.
        say(combo, "setAccessibleName", N_("Role of column {column}"), column=column)
        # Translators: a role box's tooltip; {column} is a column's name as the file gives it.
        say(combo, "setToolTip", N_("What column {column} holds. Choose another role to read "
                                    "the data again with it."),
            column=partial(formats.quoted, column))
        combo.currentIndexChanged.connect(lambda _i, c=column, box=combo: self._chosen(c, box))
        name.setBuddy(combo)
        name.setWordWrap(True)                 # a long question as a header wraps
        reason = QLabel(role_reason(read, column, role))
        reason.setWordWrap(True)
        reason.setStyleSheet("color: gray")
        reason.setToolTip(shown(read.reason))
        reason.setContentsMargins(0, 0, 0, 6)
        self.grid.addWidget(name, 2 * row, 0)
        self.grid.addWidget(combo, 2 * row, 1)
        self.grid.addWidget(reason, 2 * row + 1, 0, 1, 2)   # under the pair: the whole width
        self.combos[column], self.reasons[column] = combo, reason

    def roles(self) -> dict[str, str]:
        """Each column's role as the boxes show it."""
        return {c: box.currentData() for c, box in self.combos.items()}

    def _chosen(self, column: str, combo: QComboBox) -> None:
        if not self._filling:
            self.role_chosen.emit(column, combo.currentData())
