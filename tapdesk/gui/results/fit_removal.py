"""Removing fits, undoably: Edit > Undo (Ctrl+Z) puts a removed fit back in its place.

:class:`RemoveFits` is a :class:`QUndoCommand` on the results pane's undo
stack. Its ``redo`` takes the fits out of the list; its ``undo`` puts each
back at its own position, with its data, its tick for Compare, and shows
the fit that was shown before. The project and the recovery copy follow the
list itself (``ResultsPane.entries``), so a removed fit is not saved and an
undone one is.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.results.fits_list import group_key
from tapdesk.i18n import _, formats, ngettext
from tapdesk.i18n.deferred import shown


def fit_name(entry: FitEntry, number: int) -> str:
    """How the status bar and Edit menu name a fit: "2. TAP model of wine" (in the language of
    the moment)."""
    # Translators: a fit as the status bar and Edit > Undo name it: {number} its number in the
    # fits list, {title} the model's name ("t-a-p (average rater)"), {data} the data set's name.
    return _("{number}. {title} of {data}").format(number=number, title=shown(entry.result.title),
                                                   data=entry.data.title)


def fits_named(names: list[str]) -> str:
    """One fit's name, or "3 fits (1. ...; 2. ...; 3. ...)"."""
    if len(names) == 1:
        return names[0]
    # Translators: several removed fits as the status bar and Edit > Undo name them; {n} a
    # count, {fits} their names (each "2. t-a-p of wine.csv") separated by semicolons.
    return ngettext("{n} fit ({fits})", "{n} fits ({fits})", len(names)).format(
        n=formats.integer(len(names)), fits=formats.clauses(names))


class RemoveFits(QUndoCommand):
    """Remove fits ``rows`` of ``pane``; undo restores them where they were."""

    def __init__(self, pane, rows: list[int]) -> None:
        self.pane = pane
        entries = pane.entries
        self.rows = sorted(r for r in set(rows) if 0 <= r < len(entries))
        self.removed = [entries[r] for r in self.rows]
        self.checked = [pane.history_list.is_checked(r) for r in self.rows]
        self.shown = pane.current_entry()
        super().__init__()
        self.reword()

    def reword(self) -> None:
        """The command's text (Edit > Undo's) in the current language: again when it changes."""
        self.words = fits_named([fit_name(e, r + 1) for e, r in zip(self.removed, self.rows)])
        # Translators: what Edit > Undo undoes ("&Undo Remove fit 2. t-a-p of wine.csv");
        # {fits} names the removed fit or fits.
        self.setText(_("Remove fit {fits}").format(fits=self.words))

    def redo(self) -> None:
        pane = self.pane
        gone = set(map(id, self.removed))
        pane.entries = [e for e in pane.entries if id(e) not in gone]
        pane.refresh_list(self._next_shown())
        pane.removed.emit(self.words)

    def undo(self) -> None:
        pane = self.pane
        for row, entry in zip(self.rows, self.removed):       # ascending: each lands in place
            pane.entries.insert(min(row, len(pane.entries)), entry)
        shown = pane.entries.index(self.shown) if self.shown in pane.entries else -1
        pane.refresh_list(shown)
        for entry, on in zip(self.removed, self.checked):
            pane.history_list.set_checked(pane.entries.index(entry), on)
        pane.restored.emit(self.words)

    def _next_shown(self) -> int:
        """The fit shown after removal: the one before the shown one of the same data, else the
        next of those data; the shown one itself when it stays."""
        entries = self.pane.entries
        if self.shown in entries:
            return entries.index(self.shown)
        if self.shown is None:
            return -1
        key = group_key(self.shown)
        row = self.rows[0]
        same = [i for i, e in enumerate(entries) if group_key(e) == key]
        before = [i for i in same if i < row]
        return before[-1] if before else (same[0] if same else -1)
