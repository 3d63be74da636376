"""The self-test's walk of the Plan, Check-this-rater and Export dialogs at each screen size.

Each dialog is opened as the user opens it, given the size it gets on each
screen of :data:`SCREENS` (its own size where the screen has room, the
screen's free area less a typical frame and panel where not) and checked
with :func:`~tapdesk.gui.selftest.layout_check.layout_problems` in the state
the user sees: the Plan dialog with a finished (small) plan, the rater check
with its answer, the export form and its "done" page after a real export.
Problems go to ``walk.layout_problems`` named by screen and dialog; one
screenshot per dialog and state at the first size.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QSize
from PySide6.QtWidgets import QDialog

from tapdesk.gui.screen_fit import FRAME_GUESS
from tapdesk.gui.selftest.layout_check import layout_problems, settle

SCREENS = (("1280 x 800", 1280, 800), ("1366 x 768", 1366, 768),
           ("1920 x 1080 at 150%", 1280, 720))
"""The screens walked, as the dialogs see them (1920 x 1080 at 150% is 1280 x 720 in Qt's
device-independent pixels)."""
PANEL = 30
"""Room a desktop's panel or task bar takes from a screen's height."""


def size_on(wanted: QSize, width: int, height: int) -> tuple[int, int]:
    """A dialog's size on a ``width`` x ``height`` screen: the ``wanted`` one, or the free
    area's."""
    free_w = width - FRAME_GUESS.left() - FRAME_GUESS.right()
    free_h = height - PANEL - FRAME_GUESS.top() - FRAME_GUESS.bottom()
    return min(wanted.width(), free_w), min(wanted.height(), free_h)


def walk_sizes(walk, dialog: QDialog, name: str, wanted: QSize | None = None) -> None:
    """``dialog`` at each screen's size (``wanted``: the size it asks for where there is room,
    by default its present one): its layout problems, a screenshot at the first."""
    own = dialog.size()
    for i, (screen, width, height) in enumerate(SCREENS):
        dialog.resize(*size_on(wanted or own, width, height))
        settle(walk.app)
        walk.layout_problems.extend(f"{screen} {name} dialog: {p}"
                                    for p in layout_problems(dialog))
        if i == 0:
            walk.shot(f"dialog-{name}", dialog)
    dialog.resize(own)


def _until(walk, condition: Callable[[], bool], timeout_s: float) -> bool:
    """Process events until ``condition()`` holds or ``timeout_s`` has passed."""
    deadline = time.monotonic() + timeout_s
    while not condition() and time.monotonic() < deadline:
        walk.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    return condition()


def plan_start(window):
    """The fit a plan starts from: the latest whose t, a and p it can take (its notes then say
    where they came from, in the language shown), else the shown one."""
    from tapdesk.engine.planning.request import estimates_from_fit
    entries = window.results_pane.entries
    return next((e.result for e in reversed(entries) if estimates_from_fit(e.result) is not None),
                window.results_pane.current())


def walk_plan_dialog(walk) -> None:
    """A small plan from the latest t-a-p fit, finished, at each size."""
    from tapdesk.gui.dialogs.plan_dialog import WANTED_SIZE, PlanDialog
    w = walk.window
    dialog = PlanDialog(w, plan_start(w))
    dialog.workers = 1
    dialog.raters.setText("3,5")
    dialog.subjects.setText("40,80")
    dialog.sims.setValue(20)
    dialog.show()
    settle(walk.app)
    started = dialog.start()
    done = started and _until(walk, lambda: not dialog.running, 300)
    walk.step("plan dialog: a small plan runs and shows its answer",
              done and dialog.result is not None and bool(dialog.headline.text()),
              dialog.status.text())
    walk_sizes(walk, dialog, "plan", WANTED_SIZE)
    walk_plan_search(walk, dialog)
    walk_sizes(walk, dialog, "plan-search", WANTED_SIZE)
    dialog.close()
    dialog.deleteLater()


def walk_plan_search(walk, dialog) -> None:
    """The Plan dialog's "Subjects needed for an interval width" question, searched: its
    headline asks the question and each number of raters gets its answer (issue 53: the walk
    only ever ran the grid)."""
    from tapdesk.i18n import _
    dialog.question.setCurrentIndex(dialog.question.findData("width"))
    dialog.target.setValue(0.3)
    dialog.target_for.setCurrentIndex(dialog.target_for.findData("a"))
    started = dialog.start()
    done = started and _until(walk, lambda: not dialog.running, 300)
    result = dialog.target_result if done else None
    answers = [dialog.grid.item(i, 0) for i in range(dialog.grid.rowCount())]
    asked = _("Subjects needed for {target}. {note}").split("{target}")[0]
    walk.step("plan dialog: a 'Subjects needed...' search runs and shows its answer",
              result is not None and dialog.headline.text().startswith(asked)
              and len(answers) == len(result.designs) == 2
              and all(a is not None and a.text() for a in answers)
              and not dialog.grid_note.text(),        # the grid's "✓ meets the need" gone
              f"{dialog.status.text()} | {dialog.headline.text()[:120]}")


def walk_rater_check_dialog(walk) -> None:
    """The rater check of the latest per-rater fit, answered, details open, at each size."""
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    entry = next((e for e in reversed(walk.window.results_pane.entries)
                  if e.result.model == "per-rater" and e.table is not None), None)
    if entry is None:
        walk.notes.append("no per-rater fit: the rater check dialog was not walked")
        return
    dialog = RaterCheckDialog(entry.result, entry.table, None, walk.window)
    dialog.show()
    settle(walk.app)
    walk.step("rater check dialog answers", dialog.run_check() is not None,
              dialog.answer.text()[:200])
    dialog.details_button.setChecked(True)
    walk_sizes(walk, dialog, "rater-check")
    dialog.reject()
    dialog.deleteLater()


def walk_export_dialog(walk) -> None:
    """The export form, then a real (HTML) export and its "done" page, at each size."""
    from tapdesk.gui.dialogs.export_dialog import ExportDialog
    candidates = walk.window.report_candidates()
    if not candidates:
        walk.notes.append("no fit of the shown data: the export dialog was not walked")
        return
    dialog = ExportDialog(candidates, walk.window)
    dialog.show()
    settle(walk.app)
    walk_sizes(walk, dialog, "export")
    dialog.format.setCurrentIndex(dialog.format.findData("html"))
    dialog.path.setText(str(walk.out / "dialog-walk-report.html"))
    written = dialog.export_and_wait()
    walk.step("export dialog writes the report and shows what it wrote", written is not None,
              dialog.error.text())
    if written is not None:
        walk_sizes(walk, dialog, "export-done")
    dialog.accept()
    dialog.deleteLater()


def walk_committee_dialogs(walk) -> None:
    """Issue 41: the Plan, Check-this-rater and Export dialogs at 1280 x 800, 1366 x 768 and
    1920 x 1080 at 150%."""
    before = len(walk.layout_problems)
    for walk_one in (walk_plan_dialog, walk_rater_check_dialog, walk_export_dialog):
        walk_one(walk)
    found = len(walk.layout_problems) - before
    walk.step("Plan, Check-this-rater and Export dialogs at each size: nothing cut", not found,
              f"{found} problems")
