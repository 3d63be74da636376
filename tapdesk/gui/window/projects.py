"""The main window's projects: save, open, new analysis, recovery, and "Save changes?".

Closing the window, quitting, starting a new analysis, opening a project and
closing a data set with fits ask Save / Discard / Cancel when there is
unsaved work (:meth:`ProjectMixin.confirm_unsaved`). Every change marks the
window dirty (a star in the title); saving or discarding clears it and
removes the recovery copy, so a normal quit never leaves a recovery prompt
behind.

What the question lists is what changed since the last save (or since the
start): the fits added since then, counted per data set, the data sets opened
since then, by name, and the fits removed since then; a fit that was saved
is never counted again, also after a recovery: the recovered copy's fits and
data sets that the project file holds count as saved (:meth:`ProjectMixin.recover`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tapdesk.errors import TapDeskError
from tapdesk.gui import settings
from tapdesk.gui.errors import cause_words
from tapdesk.gui.project.report_job import restore_unticked
from tapdesk.gui.project.session import BinaryChoice, DataSession, FitEntry
from tapdesk.gui.window import unsaved_words
from tapdesk.i18n import N_, _, formats, ngettext

if TYPE_CHECKING:
    from tapdesk.gui.project.autosave import Autosaver
    from tapdesk.gui.project.file import ProjectState

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
# Translators: the file dialog's filter of project files: keep "(*.tapdesk)" as it is.
PROJECT_FILTER = N_("TapDesk projects (*.tapdesk)")


@contextmanager
def busy(window, words: Callable[[], str]) -> Iterator[None]:
    """``words()`` in the status line and the busy cursor, painted at once (issue 79: Recover
    showed an empty window for seconds before the work appeared), while the block runs."""
    window.tell(words)
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    window.repaint()
    QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


class ProjectMixin:
    """Project handling of :class:`~tapdesk.gui.window.main_window.MainWindow`."""

    def _init_project(self) -> None:
        self.project_path: Path | None = None
        self.dirty = False
        self._saved_entries: list = []             # the fits as last saved (or opened; after a
        # recovery, stand-ins for the saved fits the recovered copy no longer holds)
        self._saved_sessions: set[int] = set()     # the data sets as last saved (by key)
        self._fit_at_stake: str | None = None     # the running fit a question names
        self._autosaver: Autosaver | None = None

    @property
    def autosaver(self) -> Autosaver:
        """The recovery copy's writer, made (its timer started) on first use, at the latest
        when the results pane is built: the first window needs none of its modules (the
        project file's encoding, json, datetime), and there is no work to copy before."""
        if self._autosaver is None:
            from tapdesk.gui.project.autosave import Autosaver
            self._autosaver = Autosaver(self)
            self._autosaver.start()
        return self._autosaver

    # ------------------------------------------------------------ dirty
    def mark_dirty(self) -> None:
        if self._restoring:
            return
        self.dirty = True
        self._update_title()

    def mark_clean(self) -> None:
        self.dirty = False
        self._saved_entries = list(self.results_pane.entries)
        self._saved_sessions = set(self.sessions)
        self._update_title()
        self.autosaver.discard()

    def retranslate_texts(self) -> None:
        """The window's title in the language just chosen (View > Language)."""
        self._update_title()

    def _update_title(self) -> None:
        name = self.project_path.name if self.project_path else _("Untitled analysis")
        self.setWindowTitle(f"{name}[*] - TapDesk")      # Qt shows [*] as * while modified
        self.setWindowModified(self.dirty)

    def unsaved_summary(self) -> str:
        """What would be lost, in words: the fits added since the last save, per data set, the
        data sets opened since then and the fits removed since then (never a saved fit)."""
        entries = self.results_pane.entries
        counts: dict[str, int] = {}
        for e in entries:
            if not any(e is saved for saved in self._saved_entries):
                counts[e.data.title] = counts.get(e.data.title, 0) + 1
        # Translators: a part of "Not saved yet: ..."; {n} fits made from the data set {name}.
        parts = [ngettext("{n} fit of {name}", "{n} fits of {name}", n).format(
            n=formats.integer(n), name=name) for name, n in counts.items()]
        new = [s.name for key, s in self.sessions.items() if key not in self._saved_sessions]
        if new:
            # Translators: a part of "Not saved yet: ..."; {names} the data sets' names.
            parts.append(ngettext("the new data set {names}", "the new data sets {names}",
                                  len(new)).format(names=", ".join(new)))
        removed = sum(1 for saved in self._saved_entries if not any(saved is e for e in entries))
        if removed:
            # Translators: a part of "Not saved yet: ..."; {n} fits the user removed.
            parts.append(ngettext("{n} fit removed", "{n} fits removed", removed).format(
                n=formats.integer(removed)))
        if not parts:
            return _("Your changes (choices and settings) are not saved.")
        # Translators: what would be lost; {parts} are the parts above, separated by "; ".
        return _("Not saved yet: {parts}.").format(parts=formats.clauses(parts))

    def ask_save_changes(self, action: str) -> str:
        """Save / Discard / Cancel before ``action``; returns SAVE, DISCARD or CANCEL.

        When ``action`` would stop a running fit (:meth:`confirm_unsaved` with ``stops_fit``),
        the question names that fit; with nothing unsaved it only asks whether to lose it
        (Discard: go on and lose it).
        """
        running = self._fit_at_stake
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        # Translators: the "Save changes?" question's {name} for a project never saved.
        name = self.project_path.name if self.project_path else _("this analysis")
        question = getattr(action, "question", "") or \
            f"Save the changes to {{name}} before you {action}?"
        losing = getattr(action, "losing", "") or \
            f"A fit is running: {{fit}}. {action[:1].upper()}{action[1:]} and lose it?"
        if self._has_unsaved():
            box.setWindowTitle(_("Save changes?"))
            box.setText(question.format(name=name))
            # Translators: after "Not saved yet: ..." when the question stops a fit; {fit}
            # describes it.
            lost = " " + _("A fit is running: {fit}. It stops and is lost.").format(fit=running) \
                if running else ""
            box.setInformativeText(self.unsaved_summary() + lost)
            buttons = (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard,
                       QMessageBox.StandardButton.Cancel)
            texts = (_("&Save"), _("&Discard"), _("&Cancel"))
        else:
            box.setWindowTitle(_("A fit is running"))
            box.setText(losing.format(fit=running))
            buttons = (QMessageBox.StandardButton.Discard, QMessageBox.StandardButton.Cancel)
            texts = (_("&Lose the fit"), _("&Cancel"))
        for button, text in zip(buttons, texts):
            box.addButton(button).setText(text)
        box.setDefaultButton(buttons[0] if len(buttons) == 3 else QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.setAccessibleName(box.windowTitle())
        box.setAccessibleDescription(box.text())
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: SAVE,
                QMessageBox.StandardButton.Discard: DISCARD}.get(
            QMessageBox.StandardButton(answer), CANCEL)

    def _has_unsaved(self) -> bool:
        return self.dirty and bool(self.sessions or self.results_pane.entries)

    def confirm_unsaved(self, action: str, stops_fit: bool = False) -> bool:
        """True when it is fine to go on with ``action`` (saved, discarded, or nothing unsaved).

        ``stops_fit``: the action ends a running fit, and the question names it (Cancel keeps
        the window, the fit and everything else).
        """
        running = self.running_fit_words() if stops_fit else None
        if not self._has_unsaved() and running is None:
            return True
        self._fit_at_stake = running
        try:
            answer = self.ask_save_changes(action)
        finally:
            self._fit_at_stake = None
        if answer == SAVE:
            return self.save_project()
        return answer == DISCARD

    # ------------------------------------------------------------ save
    def save_project(self, path: str | Path | None = None) -> bool:
        if path is None and self.project_path is None:
            return self.save_project_as()
        target = Path(path or self.project_path)
        try:
            from tapdesk.gui.project import file as project
            project.save(self, target)
        except (OSError, TapDeskError, ValueError) as exc:
            # Translators: {name} is the project file's name, {cause} why it failed.
            self.report_error(_("Could not save the project to {name}: {cause}").format(
                name=target.name, cause=cause_words(exc)), str(exc))
            return False
        self.project_path = target
        self.mark_clean()
        settings.add_recent_file(target)
        self.rebuild_recent_menu()
        # Translators: the status bar after File > Save; {name} is the project file's name.
        self.tell(lambda: _("Saved {name}").format(name=target.name))
        return True

    def save_project_as(self) -> bool:
        start = self.project_path or Path(settings.last_folder()) / "analysis.tapdesk"
        path, _kind = QFileDialog.getSaveFileName(self, _("Save project"), str(start),
                                                  _(PROJECT_FILTER))
        if not path:
            return False
        if not path.lower().endswith(".tapdesk"):
            path += ".tapdesk"
        return self.save_project(path)

    # ------------------------------------------------------------ open
    def open_project_dialog(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(self, _("Open project"), settings.last_folder(),
                                                  _(PROJECT_FILTER))
        if path:
            self.open_project(path)

    def open_project(self, path: str | Path) -> bool:
        """Replace the analysis by a saved project (asking to save unsaved work first)."""
        path = Path(path)
        if not self.confirm_unsaved(unsaved_words.opening(path.name), stops_fit=True):
            return False
        try:
            from tapdesk.gui.project import file as project
            state = project.read_state(path)
            self.load_state(state, merge=False)
        except (OSError, TapDeskError, ValueError, KeyError, TypeError) as exc:
            # Translators: {name} is the project file's name, {cause} why it failed.
            self.report_error(_("Could not open the project {name}: {cause}").format(
                name=path.name, cause=cause_words(exc)), str(exc))
            return False
        self.project_path = path
        self.mark_clean()
        settings.add_recent_file(path)
        self.rebuild_recent_menu()
        # Translators: the status bar; {name} is the project file's name.
        self.tell(lambda: _("Opened project {name}").format(name=path.name))
        return True

    def new_analysis(self) -> bool:
        """Close every data set and fit (asking to save unsaved work first)."""
        if not self.confirm_unsaved(unsaved_words.new_analysis(), stops_fit=True):
            return False
        self.clear_analysis()
        self.project_path = None
        self.mark_clean()
        self.tell(lambda: _("New analysis. Open a ratings file to begin."))
        return True

    report_language: str | None = None
    """The report's language chosen in the Export dialog (saved with the project); None: the
    app's."""

    report_unticked: dict[str, frozenset[int]] = {}
    """The fits File > Export report last left unticked, by data set
    (:func:`~tapdesk.gui.project.report_job.remember_unticked`; saved with the project)."""

    def choose_report_language(self, code: str) -> None:
        """The Export dialog's language, kept for the next report and the project file."""
        if code != self.report_language:
            self.report_language = code
            self.mark_dirty()

    def clear_analysis(self) -> None:
        self.report_language = None
        self.report_unticked = {}
        if self.controller.running:
            self.controller.cancel()
        self.results_pane.clear()
        self.results_pane.set_data_name("")
        self.sessions.clear()
        self.session = None
        self.dataset_pane.clear()
        self._sessions_changed()
        self._update_actions()

    def load_state(self, state: ProjectState, merge: bool) -> None:
        """Show a decoded project; ``merge`` adds it beside the current work (recovery)."""
        self._restoring = True
        try:
            if not merge:
                self.clear_analysis()
            keys = {}
            for s in state.sessions:
                key = self._next_key
                self._next_key += 1
                keys[s.key] = key
                choice = BinaryChoice(s.class1, s.cut) if (s.class1 or s.cut) else None
                name = self._unique_name(s.name) if merge else s.name
                self.sessions[key] = DataSession(key, s.dataset, s.table, name, s.source, s.path,
                                                 s.text, s.options, choice, s.item)
            added = [FitEntry(f.result, f.table, f.data, keys.get(f.session, -1)) for f in state.fits]
            for entry in added:
                self.results_pane.add_entry(entry, show=False)
            restore_unticked(self, self.results_pane.entries,
                             [e for e, f in zip(added, state.fits) if f.left_out_of_report])
            current = keys.get(state.current_session) if state.current_session is not None else None
            if current is None and keys:
                current = list(keys.values())[-1]
            if current is not None:
                self.show_session(current)
            if state.settings is not None:
                self.model_pane.apply_request(state.settings)
            if state.report_language is not None:
                self.report_language = state.report_language
            offset = len(self.results_pane.entries) - len(state.fits)
            if 0 <= state.current_fit < len(state.fits):
                self.results_pane.select(offset + state.current_fit)
        finally:
            self._restoring = False
        self._update_actions()

    # ------------------------------------------------------------ recovery
    def offer_recovery(self, ask=None) -> int:
        """At start: offer the work of a TapDesk that did not close normally."""
        from tapdesk.gui.project.autosave import offer_recovery
        return offer_recovery(self, ask)

    def recover(self, path: Path) -> bool:
        """Bring back a recovery copy (beside any work already open); True on success."""
        keys_before = set(self.sessions)
        try:
            from tapdesk.gui.project import file as project
            # Translators: the status bar at once after "Recover" was chosen, while the work
            # saved automatically is read and shown again (it can take some seconds).
            with busy(self, lambda: _("Recovering the work saved automatically\u2026")):
                state, marks = project.read_recovery(path)
                self.load_state(state, merge=bool(self.sessions))
        except (OSError, TapDeskError, ValueError, KeyError, TypeError) as exc:
            # Translators: {cause} says why the automatic copy could not be read.
            self.report_error(_("Could not recover the work saved automatically: {cause}").format(
                cause=exc), str(exc))
            return False
        if state.project_path and not self.project_path and Path(state.project_path).exists():
            self.project_path = Path(state.project_path)
            entries = self.results_pane.entries
            self._count_saved(marks, entries[len(entries) - len(state.fits):],
                              [key for key in self.sessions if key not in keys_before])
        self.mark_dirty()
        n = len(state.fits)
        # Translators: the status bar after recovering unsaved work; {n} fits, {time} when
        # the recovery copy was saved ("2026-11-26 00:45:12").
        self.tell(lambda: ngettext("Recovered {n} fit saved at {time}.",
                                   "Recovered {n} fits saved at {time}.", n).format(
            n=formats.integer(n), time=state.saved_at.replace("T", " ")))
        return True

    def _count_saved(self, marks, entries: list, keys: list[int]) -> None:
        """After recovering a copy of this window's project file: the recovered ``entries`` and
        data sets (``keys``) that the file holds count as saved, and its fits the copy no longer
        holds as removed, so "Save changes?" names only what the file lacks (issue 79).
        ``marks`` are the copy's :class:`~tapdesk.gui.project.file.Contents`, in order."""
        from collections import Counter

        from tapdesk.gui.project import file as project
        try:
            saved = project.contents(self.project_path)
        except (OSError, TapDeskError, ValueError):
            return                                   # unreadable: all of the copy is unsaved
        if len(marks.fits) != len(entries) or len(marks.datasets) != len(keys):
            return
        left = Counter(saved.fits)
        for entry, mark in zip(entries, marks.fits):
            if left[mark] > 0:
                left[mark] -= 1
                self._saved_entries.append(entry)
        # the saved fits that the copy no longer shows: stand-ins, counted as removed
        self._saved_entries.extend(object() for _ in range(sum(left.values())))
        self._saved_sessions |= {key for key, mark in zip(keys, marks.datasets)
                                 if mark in saved.datasets}

    def _autosave_now(self) -> None:
        self.autosaver.save_now()
        if self.autosaver.last_error:
            self.statusBar().showMessage(self.autosaver.last_error)
