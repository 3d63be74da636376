"""Autosave and recovery: no finished fit is lost when TapDesk is killed.

Each running window writes its own recovery file, ``autosave-<stamp>-<pid>.tapdesk``,
in the autosave folder (``TAPDESK_AUTOSAVE_DIR``, else the application's data
folder), after every finished fit and every ``INTERVAL_MS`` while there are
unsaved changes. The write is atomic (a temporary file, flushed, then
renamed), so a kill at any moment leaves the previous complete copy. The
file is held by a :class:`QLockFile` for the life of the window.

On a normal close the window decides Save / Discard first and then removes
its recovery file and lock (:meth:`Autosaver.finish`), so nothing is offered
at the next start. A recovery file whose lock is no longer held (its process
died: ``kill -9``, a crash, a power cut) is an orphan: the next start offers
it, naming the project, the data and the time (:func:`offer_recovery`).
"""

from __future__ import annotations

import datetime as _dt
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer
from PySide6.QtWidgets import QMessageBox

from tapdesk.errors import DataError
from tapdesk.gui.project import file as project
from tapdesk.gui.project.codec import write_atomic
from tapdesk.i18n import _, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.formats import date, integer, joined

INTERVAL_MS = 60_000
WRITE_NOW_RATINGS = 200_000
"""Projects with fewer ratings than this are written before the fit shows (about 50 ms), so a
kill even a moment after a fit finished loses nothing; bigger ones are written in a thread."""
PREFIX = "autosave-"
SUFFIX = ".tapdesk"
LEGACY_NAME = "autosave.tapdesk"
"""The single recovery file of TapDesk versions before per-window copies; still offered."""


def autosave_folder() -> Path:
    folder = os.environ.get("TAPDESK_AUTOSAVE_DIR") or QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppLocalDataLocation)
    if not folder:                           # no writable data folder: never the working folder
        folder = str(Path.home() / ".tapdesk")
    return Path(folder).expanduser().resolve()


def _lock_for(path: Path) -> QLockFile:
    lock = QLockFile(str(path) + ".lock")
    lock.setStaleLockTime(0)                 # stale only when its process is gone, never by age
    return lock


@dataclass
class Orphan:
    """A recovery file left by a TapDesk that did not close normally."""

    path: Path
    lock: QLockFile
    project: str
    datasets: list[str]
    fits: int
    saved_at: str
    running: str = ""
    """The fit that was running when the copy was written (lost with the process), in words."""
    waiting: int = 0
    """How many more recovery copies are offered after this one (set by offer_recovery)."""

    def when(self) -> str:
        try:
            t = _dt.datetime.fromisoformat(self.saved_at)
        except ValueError:
            # Translators: when a recovery copy was saved, if its file does not say.
            return self.saved_at or _("an unknown time")
        day = f"{t.day} {t:%B %Y}" if is_source() else date(t.date())
        # Translators: when a recovery copy was saved: {time} is a clock time ("14:05"),
        # {day} a date written in your language ("25. November 2026").
        return _("{time} on {day}").format(time=f"{t:%H:%M}", day=day)

    def describe(self) -> str:
        """The recovery question's facts, in words."""
        if self.project:
            # Translators: in the "Recover your work" question; {project} is a project's file name.
            project_line = _("Project: {project} (with changes that were not saved)").format(
                project=self.project)
        else:
            project_line = _("Project: a new analysis that was never saved")
        # Translators: in the "Recover your work" question; {names} is the data sets' names as a
        # list ("wine.csv and medals.csv").
        data = (_("Data: {names}").format(names=joined(self.datasets)) if self.datasets
                else _("Data: no data"))
        # Translators: in the "Recover your work" question; {n} is how many fits were finished.
        fits = ngettext("Results: {n} finished fit", "Results: {n} finished fits",
                        self.fits).format(n=integer(self.fits))
        # Translators: in the "Recover your work" question; {time} says when ("14:05 on 25
        # November 2026"), the other placeholders are whole lines written just before.
        text = _("TapDesk did not close normally. It saved your work automatically at {time}."
                 "\n\n{project_line}\n{data_line}\n{results_line}").format(
            time=self.when(), project_line=project_line, data_line=data, results_line=fits)
        if self.running:
            # Translators: in the "Recover your work" question; {fit} names the fit that was
            # running ("t-a-p (average rater), Maximum likelihood, on wine.csv").
            text += "\n" + _("Not recovered: the fit that was running ({fit}) stopped with "
                              "TapDesk; run it again.").format(fit=self.running)
        return text

    def release(self, delete: bool) -> None:
        if delete:
            self.path.unlink(missing_ok=True)
        self.lock.unlock()


def find_orphans(exclude: Path | None = None) -> list[Orphan]:
    """Recovery files whose window is gone, newest first (each one's lock is now held here)."""
    folder = autosave_folder()
    if not folder.is_dir():
        return []
    found = []
    legacy = folder / LEGACY_NAME
    for path in sorted(folder.glob(f"{PREFIX}*{SUFFIX}")) + ([legacy] if legacy.exists() else []):
        if exclude is not None and path == exclude:
            continue
        lock = _lock_for(path)
        if not lock.tryLock(0):
            continue                         # its window is still open
        try:
            info = project.about(path)
        except (OSError, ValueError, DataError):
            path.unlink(missing_ok=True)     # a damaged copy can never be recovered
            lock.unlock()
            continue
        found.append(Orphan(path, lock, info.get("project", ""), list(info.get("datasets", [])),
                            int(info.get("fits", 0)), info.get("saved_at", ""),
                            str(info.get("running") or "")))
    for stale in folder.glob(f"{PREFIX}*{SUFFIX}.lock"):      # a window killed after a save
        owner = Path(str(stale)[:-len(".lock")])
        if not owner.exists():
            lock = _lock_for(owner)
            if lock.tryLock(0):
                lock.unlock()                                  # removes the lock file
    for tmp in folder.glob(f".{PREFIX}*{SUFFIX}.*.tmp"):      # writes cut short by a kill
        owner = folder / tmp.name[1:tmp.name.index(SUFFIX) + len(SUFFIX)]
        if any(o.path == owner for o in found):
            tmp.unlink(missing_ok=True)
        elif not owner.exists():
            lock = _lock_for(owner)
            if lock.tryLock(0):
                tmp.unlink(missing_ok=True)
                lock.unlock()
    return sorted(found, key=lambda o: o.saved_at, reverse=True)


class Autosaver(QObject):
    """One window's recovery file: written after fits and on a timer, removed on a normal close."""

    def __init__(self, window, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(window)
        self.window = window
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = autosave_folder() / f"{PREFIX}{stamp}-{os.getpid()}-{id(self) % 10_000}{SUFFIX}"
        self.lock: QLockFile | None = None
        self.timer = QTimer(self)
        self.timer.setObjectName("tapdesk-autosave")
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.save_if_dirty)
        self.last_error: str | None = None
        self.writes = 0
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.timer.start()

    def _take_lock(self) -> None:
        if self.lock is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.lock = _lock_for(self.path)
            self.lock.tryLock(0)

    def save_if_dirty(self) -> None:
        if self.window.dirty:
            self.save_now(background=True)

    def _small(self) -> bool:
        tables = [s.table for s in self.window.sessions.values()]
        tables += [e.table for e in self.window.results_pane.entries if e.table is not None]
        return sum(t.n_ratings for t in {id(t): t for t in tables}.values()) < WRITE_NOW_RATINGS

    def save_now(self, background: bool | None = None) -> Path | None:
        """Write the recovery copy now; ``background`` None: small projects at once, big ones
        in a thread (the encoding and writing then run off the GUI thread)."""
        if not self.window.sessions and not self.window.results_pane.entries:
            return None
        if background is None:
            background = not self._small()
        try:
            self._take_lock()
            snapshot = project.project_snapshot(self.window)     # cheap, GUI thread
        except OSError as exc:
            self._failed(exc)
            return None
        self.wait()
        if not background:
            self._write(snapshot)
            return self.path
        self._thread = threading.Thread(target=self._write, args=(snapshot,),
                                        name="tapdesk-autosave", daemon=True)
        self._thread.start()
        return self.path

    def _write(self, snapshot: dict) -> None:
        try:
            write_atomic(self.path, project.snapshot_json(snapshot))
        except Exception as exc:   # noqa: BLE001 - reported in the status bar, never a crash
            self._failed(exc)
        else:
            self.writes += 1
            self.last_error = None

    def _failed(self, exc: Exception) -> None:
        self.last_error = f"Automatic recovery copy not written: {type(exc).__name__}: {exc}"

    def wait(self, timeout: float = 30.0) -> None:
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout)

    def finish(self) -> None:
        """A normal close: stop, wait for a write in progress, remove the copy and the lock."""
        self.timer.stop()
        self.wait()
        self.path.unlink(missing_ok=True)
        if self.lock is not None:
            self.lock.unlock()
            self.lock = None

    def discard(self) -> None:
        """The window's work was saved or discarded: no recovery copy is needed until the next change."""
        self.wait()
        self.path.unlink(missing_ok=True)


DISCARD_ALL = "discard all"
"""What :func:`ask_recover` answers when the user discards this copy and every one after it."""


def ask_recover(window, orphan: Orphan) -> bool | str:
    """Ask whether to recover ``orphan``: True, False, or :data:`DISCARD_ALL` (offered when
    more copies wait, so a user after several crashes is not asked once per copy).
    Tests replace this."""
    box = QMessageBox(window)
    box.setIcon(QMessageBox.Icon.Question)
    # Translators: the title of the question asked at start after TapDesk was killed.
    title = _("Recover your work")
    box.setWindowTitle(title)
    text = orphan.describe()
    if orphan.waiting:
        # Translators: {n} is how many more recovery copies wait after the one asked about.
        text += "\n\n" + ngettext("{n} more recovery copy from other sessions will be offered "
                                   "after this one.",
                                   "{n} more recovery copies from other sessions will be offered "
                                   "after this one.", orphan.waiting).format(n=integer(orphan.waiting))
    box.setText(text)
    # Translators: a button of the "Recover your work" question.
    recover = box.addButton(_("Recover"), QMessageBox.ButtonRole.AcceptRole)
    # Translators: a button of the "Recover your work" question.
    box.addButton(_("Discard"), QMessageBox.ButtonRole.DestructiveRole)
    every = None
    if orphan.waiting:
        # Translators: a button discarding this recovery copy and the {n} - 1 that wait after it.
        every = box.addButton(ngettext("Discard all {n}", "Discard all {n}", orphan.waiting + 1)
                              .format(n=integer(orphan.waiting + 1)),
                              QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(recover)
    box.setAccessibleName(title)
    box.exec()
    if every is not None and box.clickedButton() is every:
        return DISCARD_ALL
    return box.clickedButton() is recover


def offer_recovery(window, ask=None) -> int:
    """Offer every orphaned recovery file in turn (each recovered one opens beside the others).

    Returns how many were recovered. A copy the user discards is deleted; one
    that fails to open is kept for another try (the error was shown).
    """
    ask = ask or ask_recover
    recovered = 0
    orphans = find_orphans(exclude=window.autosaver.path)
    for i, orphan in enumerate(orphans):
        orphan.waiting = len(orphans) - i - 1
        try:
            answer = ask(window, orphan)
            if answer == DISCARD_ALL:
                for rest in orphans[i:]:
                    rest.release(delete=True)
                return recovered
            if not answer:
                orphan.release(delete=True)
                continue
            ok = window.recover(orphan.path)
            if ok:
                recovered += 1
                window.autosaver.save_now(background=False)   # this window now holds the work
            orphan.release(delete=ok)
        except BaseException:
            orphan.release(delete=False)
            raise
    return recovered
