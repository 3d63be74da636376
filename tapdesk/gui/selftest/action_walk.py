"""The every-action walk (issue 53): every action of every menu of the main window is triggered,
and every dialog it opens is answered by pressing its buttons, with the accessibility filter
installed, as a user would; a crash, a Python exception or a Qt warning fails it.

The actions are read from the menu bar while the walk runs (a menu is asked to fill itself, as
it does when it opens, first), so a new action joins the walk by itself; an action that the one
before enabled (Fit, then Cancel fit; Remove fit, then Undo) is walked next, before the work the
first started ends. The one that quits (the standard Quit key) goes last. Between actions the
walk brings back its starting point: the wine example with a t-a-p and a per-rater fit shown.

:class:`Answerer` answers what opens: a file dialog with a path in the walk's folder (a file
there that its filters accept, when it opens one), a message box with its Escape button, an
input box with its text, a print dialog as it is set up (with no printer installed, a PDF in the
last folder used: the walk's); any other dialog has each of its
buttons pressed once, the ones that close it last, waiting while it shows a progress bar.
Opening a file or folder with the system's program is recorded, never done.

The tests and the self-test run the walk in a process of its own (:func:`walk_in_process`: a
crash is a failure, not the end of the test run), started as ``tapdesk --selftest`` with
:data:`WALK_ENV` set; it prints one JSON line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, QTimer, QUrl, Slot
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtPrintSupport import QAbstractPrintDialog
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMenu,
    QMessageBox,
    QProgressBar,
    QProgressDialog,
    QPushButton,
    QWidget,
)

WALK_ENV = "TAPDESK_ACTION_WALK"
"""Set to a folder: ``tapdesk --selftest`` runs the every-action walk there instead."""
BUSY_S = 5.0
"""How long a dialog showing a progress bar is left to work before its next button is pressed
(long work is cancelled then)."""
IDLE_S = 60.0
"""The longest the walk waits for an action's work (a fit, a pack) to end."""
ROLE_ORDER = (QDialogButtonBox.ButtonRole.ActionRole, QDialogButtonBox.ButtonRole.ApplyRole,
              QDialogButtonBox.ButtonRole.ResetRole, QDialogButtonBox.ButtonRole.HelpRole,
              QDialogButtonBox.ButtonRole.YesRole, QDialogButtonBox.ButtonRole.AcceptRole,
              QDialogButtonBox.ButtonRole.NoRole, QDialogButtonBox.ButtonRole.RejectRole,
              QDialogButtonBox.ButtonRole.DestructiveRole)
"""A dialog's buttons are pressed in this order: its own buttons first, then its button box's,
the ones that do something before the ones that close it."""


# ------------------------------------------------------------------ menus
_HELD: set[QAction] = set()
"""The menu actions the walk asked for their menu: shiboken marks a menu's wrapper deleted when
the wrapper of the action it was asked through goes (see tapdesk.gui.window.menus.
keep_menu_wrappers), so they are kept."""


def submenu(action: QAction) -> QMenu | None:
    """``action``'s menu, with ``action`` kept (:data:`_HELD`)."""
    menu = action.menu()
    if menu is not None:
        _HELD.add(action)
    return menu


def menu_entries(menu: QMenu, path: str = "") -> list[tuple[str, QAction]]:
    """(``"File > Open recent > wine.csv"``, action) of ``menu`` and its submenus, in order; each
    menu is asked to fill itself first (``aboutToShow``), as when it opens."""
    menu.aboutToShow.emit()
    out = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        name = f"{path}{plain(action.text())}"
        if submenu(action) is not None:
            out.extend(menu_entries(submenu(action), f"{name} > "))
        else:
            out.append((name, action))
    return out


def all_entries(window) -> list[tuple[str, QAction]]:
    """Every action of every menu of ``window``'s menu bar, as :func:`menu_entries` names them."""
    out = []
    for action in window.menuBar().actions():
        if submenu(action) is not None and action.isVisible():
            out.extend(menu_entries(submenu(action), f"{plain(action.text())} > "))
    return out


def plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").split("\t")[0]


def mnemonic_of(text: str) -> str | None:
    """The mnemonic letter of a menu entry's text (lower case), or None."""
    cleaned = text.replace("&&", "")
    index = cleaned.find("&")
    return cleaned[index + 1].lower() if 0 <= index < len(cleaned) - 1 else None


def mnemonic_problems(window) -> list[str]:
    """Menu entries of ``window`` without a mnemonic, or sharing one with another entry of their
    menu (the menus filled first)."""
    problems = []
    menus = [submenu(a) for a in window.menuBar().actions() if submenu(a) is not None]
    problems += _clashes("the menu bar", [a for a in window.menuBar().actions() if a.isVisible()])
    while menus:
        menu = menus.pop(0)
        menu.aboutToShow.emit()
        actions = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
        problems += _clashes(plain(menu.title()), actions)
        menus += [submenu(a) for a in actions if submenu(a) is not None]
    return problems


def _clashes(where: str, actions: list[QAction]) -> list[str]:
    seen: dict[str, str] = {}
    problems = []
    for action in actions:
        letter = mnemonic_of(action.text())
        if letter is None:
            problems.append(f"{where}: '{plain(action.text())}' has no mnemonic")
        elif letter in seen:
            problems.append(f"{where}: '{plain(action.text())}' and '{seen[letter]}' share "
                            f"the mnemonic {letter}")
        else:
            seen[letter] = plain(action.text())
    return problems


# ---------------------------------------------------------------- answerer
class Answerer(QObject):
    """Answers every dialog that opens while it runs (see the module's words)."""

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.answered: list[str] = []          # what was answered, in words
        self.opened_urls: list[str] = []       # what the app asked the system to open
        self._pressed: dict[int, list] = {}    # dialog -> the buttons pressed in it
        self._busy_since: dict[int, float] = {}
        self._serial = 0
        self.timer = QTimer(self)
        self.timer.setInterval(40)
        self.timer.timeout.connect(self._tick)
        for scheme in ("file", "http", "https"):
            QDesktopServices.setUrlHandler(scheme, self, "record_url")

    def start(self) -> None:
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        for scheme in ("file", "http", "https"):
            QDesktopServices.unsetUrlHandler(scheme)

    @Slot(QUrl)
    def record_url(self, url: QUrl) -> None:
        self.opened_urls.append(url.toString())

    def open_dialogs(self) -> list[QWidget]:
        """The dialogs open now: the modal one first, then any other shown window but the main
        window (a non-modal dialog such as the glossary)."""
        app = QApplication.instance()
        found = [app.activeModalWidget()] if app.activeModalWidget() is not None else []
        found += [w for w in app.topLevelWidgets()
                  if isinstance(w, QDialog) and w.isVisible() and w not in found]
        return found

    def _tick(self) -> None:
        dialogs = self.open_dialogs()
        if dialogs:
            # in its own turn of the event loop: a button that opens a modal dialog blocks
            # there, and this timer must keep ticking to answer that one
            dialog = dialogs[0]
            QTimer.singleShot(0, lambda: self.answer(dialog))

    def answer(self, dialog: QWidget) -> None:
        if not shiboken6.isValid(dialog) or not dialog.isVisible():
            return
        if isinstance(dialog, QProgressDialog):
            return                              # its work runs; it closes itself at the end
        title = dialog.windowTitle() or type(dialog).__name__
        if isinstance(dialog, QFileDialog):
            self._file_dialog(dialog)
        elif isinstance(dialog, QAbstractPrintDialog):
            dialog.accept()              # as it is set up: with no printer, a PDF in last_folder
        elif isinstance(dialog, QMessageBox):
            title = f"{title}: {dialog.text()[:120]}"
            button = escape_button(dialog)
            if button is not None:
                button.click()
            else:
                dialog.close()
        elif isinstance(dialog, QInputDialog):
            dialog.accept()
        elif isinstance(dialog, QDialog):
            self._press_next(dialog)
            return
        else:
            dialog.close()
        self.answered.append(f"{type(dialog).__name__} '{title}'")

    def _fresh(self, stem: str, suffix: str) -> Path:
        self._serial += 1
        return self.folder / f"{stem}-{self._serial}{suffix}"

    def _file_dialog(self, dialog: QFileDialog) -> None:
        mode = dialog.fileMode()
        if mode == QFileDialog.FileMode.Directory:
            target = self._fresh("folder", "")
            target.mkdir()
        elif dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave:
            suffix = _suffixes(dialog.nameFilters())
            target = self._fresh("saved", suffix[0] if suffix else "")
        else:
            suffixes = _suffixes(dialog.nameFilters())
            files = sorted((p for p in self.folder.iterdir() if p.is_file()
                            and (not suffixes or p.suffix.lower() in suffixes)),
                           key=lambda p: p.stat().st_mtime, reverse=True)
            if not files:
                dialog.reject()
                return
            edit = dialog.findChild(QLineEdit, "fileNameEdit")
            if edit is not None:            # typed, as a user does: the folder's listing that
                edit.setText(str(files[0]))  # selectFile waits for is not needed
                dialog.accept()
                return
            target = files[0]
        dialog.selectFile(str(target))
        dialog.done(QDialog.DialogCode.Accepted)   # accept() waits for the folder's listing

    def _press_next(self, dialog: QDialog) -> None:
        """Press the next button of ``dialog`` not pressed yet (after waiting while it works);
        close it when every button was pressed."""
        key = id(dialog)
        pressed = self._pressed.setdefault(key, [])
        if any(bar.isVisible() for bar in dialog.findChildren(QProgressBar)):
            since = self._busy_since.setdefault(key, time.monotonic())
            if time.monotonic() - since < BUSY_S:
                return
        self._busy_since.pop(key, None)
        for button in dialog_buttons(dialog):
            if button not in pressed:
                pressed.append(button)
                self.answered.append(f"{type(dialog).__name__} '{dialog.windowTitle()}': "
                                     f"{plain(button.text())}")
                button.click()
                return
        dialog.reject()
        if dialog.isVisible():
            dialog.close()


def escape_button(box: QMessageBox) -> QAbstractButton | None:
    """The button Escape presses, as Qt finds it: the one set, else the only Cancel-like (reject)
    or No-like button, else the only button."""
    if box.escapeButton() is not None:
        return box.escapeButton()
    for role in (QMessageBox.ButtonRole.RejectRole, QMessageBox.ButtonRole.NoRole):
        found = [b for b in box.buttons() if box.buttonRole(b) == role]
        if found:
            return found[0]
    return box.buttons()[0] if len(box.buttons()) == 1 else None


def _suffixes(filters: list[str]) -> list[str]:
    """The suffixes the name filters name (".csv", ".tapdesk"), first filter first."""
    import re
    out = []
    for text in filters:
        out += [f".{s.lower()}" for s in re.findall(r"\*\.(\w+)", text)]
    return out


def dialog_buttons(dialog: QDialog) -> list[QAbstractButton]:
    """``dialog``'s enabled, shown push buttons in the order they are pressed (ROLE_ORDER)."""
    buttons = [b for b in dialog.findChildren(QPushButton)
               if b.window() is dialog and b.isVisible() and b.isEnabled()]

    def order(button: QAbstractButton) -> int:
        box = button.parentWidget()
        if not isinstance(box, QDialogButtonBox):
            return -1
        role = box.buttonRole(button)
        return ROLE_ORDER.index(role) if role in ROLE_ORDER else len(ROLE_ORDER)

    return sorted(buttons, key=order)


# ------------------------------------------------------------------- walk
class ActionWalk:
    """Walks ``window``'s menu actions once each; :meth:`run` returns what it found."""

    def __init__(self, app, window, folder: Path, prepare=None, restore=None) -> None:
        self.app, self.window, self.folder = app, window, folder
        self.prepare = prepare              # callable(walk): the starting point, before the walk
        self.restore = restore              # callable(walk): back to it after each action
        self.walked: list[str] = []
        self.never_enabled: list[str] = []
        self.exceptions: list[str] = []
        self.answerer = Answerer(folder)

    def _hook(self, kind, value, tb) -> None:
        self.exceptions.append("".join(traceback.format_exception(kind, value, tb))[-1500:])
        sys.__excepthook__(kind, value, tb)

    def run(self, menus: tuple[str, ...] | None = None) -> dict:
        """Walk every action (of the top menus named in ``menus``, default all)."""
        previous, sys.excepthook = sys.excepthook, self._hook
        self.answerer.start()
        try:
            if self.prepare is not None:
                self.prepare(self)
            self._walk(menus)
        finally:
            self.answerer.stop()
            sys.excepthook = previous
        return {"walked": self.walked, "never_enabled": self.never_enabled,
                "exceptions": self.exceptions, "answered": self.answerer.answered,
                "opened_urls": self.answerer.opened_urls}

    def entries(self, menus) -> list[tuple[str, QAction]]:
        found = [(n, a) for n, a in all_entries(self.window)
                 if menus is None or n.split(" > ")[0] in menus]
        quits = [(n, a) for n, a in found if is_quit(a)]
        return [e for e in found if e not in quits] + quits

    def _walk(self, menus) -> None:
        done: set[str] = set()              # an action is known by its object name (Undo's
        for _ in range(500):                # text changes), else by its place in the menus
            before = {key_of(n, a) for n, a in self.entries(menus) if a.isEnabled()}
            todo = [(n, a) for n, a in self.entries(menus)
                    if key_of(n, a) not in done and a.isEnabled()]
            if not todo or not self.window.isVisible():
                break
            self.trigger(*todo[0], done)
            follow = [(n, a) for n, a in self.entries(menus)
                      if key_of(n, a) not in done | before and a.isEnabled()]
            for name, action in follow[:1]:        # enabled by the one before: at once
                self.trigger(name, action, done)
            self.settle()
            if self.restore is not None and self.window.isVisible():
                self.restore(self)
        self.never_enabled = [n for n, a in self.entries(menus) if key_of(n, a) not in done]

    def trigger(self, name: str, action: QAction, done: set[str]) -> None:
        done.add(key_of(name, action))
        self.walked.append(name)
        print(f"WALK {name}", file=sys.stderr, flush=True)
        action.trigger()

    def settle(self, timeout_s: float = IDLE_S) -> bool:
        """Let the action's dialogs be answered and its work end."""
        deadline = time.monotonic() + timeout_s
        quiet = 0
        while time.monotonic() < deadline:
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
            busy = bool(self.answerer.open_dialogs()) or window_busy(self.window)
            quiet = 0 if busy else quiet + 1
            if quiet >= 5:
                return True
            time.sleep(0.01)
        return False


def key_of(name: str, action: QAction) -> str:
    return action.objectName() or name


def is_quit(action: QAction) -> bool:
    quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    return any(key in quit_keys for key in action.shortcuts())


def window_busy(window) -> bool:
    """Work the window started still runs: a fit, a committee pack, a print."""
    if not window.isVisible():
        return False
    if window.controller.running:
        return True
    return any(getattr(getattr(window, name, None), "running", False)
               for name in ("pack_export", "print_job"))


# ------------------------------------------------- the walk of TapDesk's window
def wine_start(walk: ActionWalk) -> None:
    """The starting point: the wine example (Help > Examples) with a t-a-p and a per-rater fit,
    and a copy of its file in the walk's folder for File > Open to find."""
    from tapdesk.gui.examples import example_source
    from tapdesk.gui.window.menus import load_example
    w = walk.window
    source, _ = example_source("wine")
    if source is not None and not (walk.folder / Path(source).name).exists():
        shutil.copy(source, walk.folder / Path(source).name)
    load_example(w, "wine")
    walk.wine_key = w.session.key
    for model in ("tap", "per-rater"):
        w.model_pane.select(model, "mle")
        if w.start_fit() is not None:
            walk.settle()


def back_to_wine(walk: ActionWalk) -> None:
    """After an action: the language the walk started in (View > Language is walked too, and
    the entries after it are named in the first language), and the wine example's fits shown
    again (fitted anew when they are gone)."""
    w = walk.window
    from tapdesk.i18n import current_language
    started_in = getattr(walk, "language", current_language())    # set by run_walk
    if current_language() != started_in:
        getattr(w, f"action_language_{started_in}").trigger()
    key = getattr(walk, "wine_key", None)
    if key in w.sessions and w.session is not None and w.session.key != key:
        w.show_session(key)
    models = {result.model for _, result, _ in w.report_candidates()}
    if key not in w.sessions or not {"tap", "per-rater"} <= models:
        wine_start(walk)


def run_walk(folder: str | Path) -> int:
    """Runs in the walk's own process (``tapdesk --selftest`` with :data:`WALK_ENV`): the
    window, the walk, one JSON line; 0 when nothing went wrong."""
    folder = Path(folder)
    if folder.exists():     # a run before into the same --out: its settings and files would
        shutil.rmtree(folder)   # steer this walk (a file dialog opens the newest file)
    folder.mkdir(parents=True)
    from PySide6.QtCore import QSettings
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)      # never the user's own settings
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(folder / "settings"))
    os.environ["TAPDESK_AUTOSAVE_DIR"] = str(folder / "autosave")
    (folder / "files").mkdir(exist_ok=True)
    from tapdesk.gui import settings
    settings.set_last_folder(folder / "files")     # where the dialogs start, a print goes
    started = time.monotonic()
    from tapdesk.gui.app import make_app, watch_qt_warnings
    from tapdesk.gui.window.main_window import MainWindow
    warnings = watch_qt_warnings()
    app = make_app(["tapdesk-action-walk"])
    from tapdesk.gui.selftest.untranslated import apply_selftest_language
    apply_selftest_language()
    window = MainWindow()
    window.resize(1280, 800)
    window.show()
    from tapdesk.gui.selftest.fit_watch import FitWatch
    watch = FitWatch(window)            # every fit the menus make: p-values against intervals
    walk = ActionWalk(app, window, folder / "files", wine_start, back_to_wine)
    from tapdesk.i18n import current_language
    walk.language = current_language()
    found = walk.run()
    found["mnemonic_problems"] = mnemonic_problems(window) if window.isVisible() else []
    if window.isVisible():
        from tapdesk.gui.window.projects import DISCARD
        window.ask_save_changes = lambda action: DISCARD
        window.close()
    app.processEvents()
    window.shutdown()
    found["qt_warnings"] = list(dict.fromkeys(warnings))
    found["fits"], found["p_interval_mismatches"] = watch.fits, watch.mismatches
    found["ok"] = not (found["exceptions"] or found["qt_warnings"] or found["mnemonic_problems"]
                       or watch.mismatches)
    found["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(found), flush=True)
    return 0 if found["ok"] else 1


def walk_in_process(folder: Path, timeout_s: float = 600.0) -> dict:
    """The walk in a TapDesk process of its own: its JSON line, with ``crashed`` set when the
    process died (a segmentation fault) or printed nothing."""
    from tapdesk.gui.selftest.crash_probe import probe_command
    env = dict(os.environ, **{WALK_ENV: str(folder), "QT_QPA_PLATFORM": "offscreen"})
    try:
        done = subprocess.run(probe_command(), env=env, capture_output=True, text=True,
                              timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:
        return {"ok": False, "crashed": f"still running after {timeout_s:.0f} s",
                "log": str(exc.stderr or "")[-3000:]}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    found = json.loads(lines[-1]) if lines else {"ok": False}
    if done.returncode not in (0, 1) or not lines:
        last = [line for line in done.stderr.splitlines() if line.startswith("WALK ")][-1:]
        found.update(ok=False, crashed=f"exit status {done.returncode}"
                     + (f" during {last[0][5:]}" if last else ""))
    found["log"] = done.stderr[-3000:]
    return found


def walk_step(walk) -> None:
    """The self-test's step: the every-action walk in its own process (about a minute)."""
    found = walk_in_process(walk.out / "action-walk")
    problems = [f"crashed: {found['crashed']}"] if "crashed" in found else []
    problems += [f"exception: {e.strip().splitlines()[-1]}" for e in found.get("exceptions", [])]
    problems += [f"Qt warning: {w}" for w in found.get("qt_warnings", [])]
    problems += found.get("mnemonic_problems", [])
    problems += found.get("p_interval_mismatches", [])
    walk.step(f"every menu action walked ({len(found.get('walked', []))}), its dialogs answered: "
              "no crash, exception or Qt warning; every menu entry has its own mnemonic; every "
              f"fit's p-values agree with their intervals ({found.get('fits', 0)} fits)",
              found.get("ok", False) and not problems, "; ".join(problems[:5]) or "failed")
