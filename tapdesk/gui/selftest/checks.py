"""The self-test's workflow checks: layout at two window sizes, data kept apart, no lost work.

Each function takes the running :class:`~tapdesk.gui.selftest.walkthrough.Walkthrough`
and records its step (``walk.step``); the layout walk also fills
``walk.layout_problems``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tapdesk.gui.selftest.accessibility_check import accessibility_problems
from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.i18n import _, formats, ngettext

SIZES = ((1280, 800), (1366, 768), (1920, 1080), (1272, 684))
"""The window sizes walked. The last is the first window on 1920 x 1080 at 150% (1280 x 720 in
Qt's pixels, less the frame :data:`~tapdesk.gui.screen_fit.FRAME_GUESS`, as
:func:`~tapdesk.gui.screen_fit.first_geometry` places it): an offscreen walk never met that
screen otherwise (issue 54's German layout checks name it beside 1280 x 800 and 1366 x 768)."""
SCALE_ROUNDING = 1
"""Pixels a window's size may differ from the one asked for: at 150% (QT_SCALE_FACTOR=1.5) a
width of 1366 is 2049 screen pixels, which read back as 1365."""


# -------------------------------------------------------------------- layout
def screen_name(window) -> str:
    """The window's screen as scripts/realwindow.sh names its sizes: its pixels, and the scale
    where it is not 1 ("1920x1080@1.5"). The layout walk's screenshots on a real display carry
    it (they all said "1280x800", the size the walk tries first, at every size, issue 53)."""
    screen = window.screen()
    ratio = screen.devicePixelRatio()
    size = screen.geometry()
    name = f"{round(size.width() * ratio)}x{round(size.height() * ratio)}"
    return name if ratio == 1 else f"{name}@{ratio:g}"


def walk_layout(walk, state: str, tabs=None) -> None:
    """Every tab of the window at each of :data:`SIZES`, and on a real display
    at the first window's place and size, its frame included; problems go to
    walk.layout_problems. Its screenshot: at 1280 x 800, or on a real display at the first
    window's place, named by the screen (:func:`screen_name`)."""
    w, app = walk.window, walk.app
    rp = w.results_pane
    current = rp.tabs.currentIndex()
    first = walk.first_geometry
    for width, height in SIZES + (((first.width(), first.height()),) if first else ()):
        on_screen = first is not None and (width, height) == (first.width(), first.height())
        if on_screen:
            w.setGeometry(first)
        else:
            w.resize(width, height)
        app.processEvents()
        if abs(w.width() - width) > SCALE_ROUNDING or abs(w.height() - height) > SCALE_ROUNDING:
            walk.layout_problems.append(f"{width} x {height} {state}: the window is "
                                        f"{w.width()} x {w.height()} instead")
        for tab in tabs or rp.tab_names():
            rp.show_tab(tab)
            settle(app)
            walk.layout_problems.extend(f"{width} x {height} {state}/{tab}: {p}"
                                        for p in layout_problems(w, screen=on_screen))
            if (width, height) == SIZES[0]:
                walk.accessibility_problems.extend(f"{state}/{tab}: {p}"
                                                   for p in accessibility_problems(w))
        if on_screen:                     # a real display: the screen this run is about
            walk.shot(f"{state}-{screen_name(w)}")
        elif first is None and (width, height) == SIZES[0]:
            walk.shot(f"{state}-{width}x{height}")
    rp.tabs.setCurrentIndex(current)
    w.resize(1400, 900)
    app.processEvents()


def walk_dialog(walk, dialog, name: str) -> None:
    dialog.show()
    settle(walk.app)
    walk.layout_problems.extend(f"{name} dialog: {p}" for p in layout_problems(dialog))
    walk.accessibility_problems.extend(f"{name} dialog: {p}"
                                       for p in accessibility_problems(dialog, dialogs=False))
    walk.shot(f"dialog-{name}", dialog)
    dialog.reject()
    dialog.deleteLater()


def walk_dialogs(walk) -> None:
    """The import preview and the simulate dialog at their opening sizes."""
    from tapdesk.data.readers import ImportOptions, read_text
    from tapdesk.gui.dialogs.import_dialog import ImportPreview
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    table = walk.window.dataset_pane.table
    lines = ["subject,rater,rating"]
    lines += [f"{table.subject_ids[s]},{table.rater_ids[r]},{table.scale.categories[v]}"
              for s, r, v in zip(table.subject[:400], table.rater[:400], table.rating[:400])]
    text = "\n".join(lines)
    dataset = read_text(text)
    walk_dialog(walk, ImportPreview(walk.window, dataset, ImportOptions(), text=text,
                                    reread=lambda o: read_text(text, o)), "import-preview")
    walk_dialog(walk, SimulateDialog(walk.window), "simulate")
    open_file_dialog(walk)
    notes_and_items(walk)


def notes_and_items(walk) -> None:
    """A small file of two items whose labels differ only in letter case, opened beside the
    data shown: the Data pane's warning with its way to a fix (the import preview's control,
    reached by "Change import mapping..."), the item's name in the fits list once a fit of it is
    made, in the language the self-test speaks (its screenshot is walked for untranslated
    texts); then the data shown before come back."""
    from tapdesk.data.readers import read_text
    w = walk.window
    before = w.session.key if w.session is not None else None
    lines = ["subject,rater,item,rating"] + [
        f"s{s},r{r},{item},{('Yes', 'yes', 'no')[(s + r + (item == 'B')) % 3]}"
        for s in range(12) for r in range(3) for item in ("A", "B")]
    # Translators: the status bar after opening a file; {name} is the file's name.
    w.load_dataset(read_text("\n".join(lines)), _("Opened {name}").format(name="two-items.csv"),
                   source="pasted", name="two-items.csv")
    walk.app.processEvents()
    shown = w.session.item == "A" and "fold_case" in {s for n in w.session.dataset.import_notes
                                                      for s in n.settings}
    walk.step("a file of two items opens on its first, its look-alike labels noted", shown,
              f"item {w.session.item!r}")
    walk.fit("tap", "mle", "fit-item", bootstrap=0)     # its screenshots: the fits list names the item
    if before is not None and before in w.sessions:
        w.show_session(before)
        walk.app.processEvents()


def open_file_dialog(walk) -> None:
    """File > Open's dialog opens and closes (it once crashed the app in a real X display)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog
    seen = []

    def close_it(attempt: int = 0) -> None:
        dialogs = [d for d in QApplication.topLevelWidgets()
                   if isinstance(d, QFileDialog) and d.isVisible()]
        seen.extend(dialogs)
        for d in dialogs:
            d.reject()
        if dialogs:
            return
        if attempt < 25:
            QTimer.singleShot(200, lambda: close_it(attempt + 1))
        elif QApplication.activeModalWidget() is not None:   # never hang the walkthrough
            QApplication.activeModalWidget().close()

    QTimer.singleShot(300, close_it)
    walk.window.open_dialog()
    walk.step("File > Open dialog opens and closes", bool(seen), "no file dialog appeared")


# --------------------------------------------------------- data kept apart
def generate_after_fits_then_export(walk) -> None:
    """Simulated data open beside the fitted data; the report holds only the fits' own data."""
    w = walk.window
    first = w.session
    fits_before = list(w.results_pane.entries)
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(w)
    dialog.subjects.setValue(200)
    dialog.raters.setValue(5)
    w.load_dataset(dialog.dataset(), "Simulated data", source="generated")
    dialog.deleteLater()
    walk.app.processEvents()
    kept = (len(w.sessions) == 2 and w.results_pane.entries == fits_before
            and all(e.session_key == first.key for e in fits_before)
            and w.report_candidates() == [])
    walk.shot("generated-beside")
    w.results_pane.select(0)                       # a fit of the first data: its data come back
    walk.app.processEvents()
    candidates = w.report_candidates()
    same = (w.session is first and bool(candidates)
            and all(t is not None and t.n_subjects == first.table.n_subjects
                    for _, _, t in candidates))
    ok = walk.step("generate data after fits: fits keep their own data", kept and same,
                   "the fits or the report candidates mixed the two data sets")
    if ok:
        walk.report("report-after-generating")


# ------------------------------------------------------------- no lost work
def question_words(box: QMessageBox) -> str:
    """A question box's question and what it adds below it, as one text."""
    return box.text() + " " + box.informativeText()


def answer_next_question(app, button: QMessageBox.StandardButton | Callable[[QMessageBox], Any],
                         seen: list[Any], note: Callable[[QMessageBox], Any] = question_words
                         ) -> None:
    """Press ``button`` in the next modal question box, once it is up (the box's own event
    loop runs the wait), and note what ``note`` reads of it in ``seen`` (its words, by
    default). ``button`` is a standard button or picks one of the box's own (by its words).
    The self-test's and the tests' one way of answering a real question box."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(note(box))
            (box.button(button) if isinstance(button, QMessageBox.StandardButton)
             else button(box)).click()
        else:
            QTimer.singleShot(50, press)
    QTimer.singleShot(50, press)


def _names_medals(text: str) -> bool:
    """``text`` names the simulated medals example, in English or the language the self-test
    speaks (the example's name is translated where it is shown)."""
    from tapdesk.gui.examples import SIMULATED
    from tapdesk.i18n.deferred import shown
    name = SIMULATED["medals"].name
    return str(name) in text or shown(name) in text


def close_with_unsaved_work(walk) -> None:
    """Closing with unsaved fits asks; Cancel keeps the window; Discard closes and cleans up."""
    w, app = walk.window, walk.app
    w.mark_dirty()
    seen: list[str] = []
    answer_next_question(app, QMessageBox.StandardButton.Cancel, seen)
    w.close()
    app.processEvents()
    # The question in the language the self-test speaks: its template's words before the
    # project's name, and the data the unsaved fits came from.
    opening = _("Save the changes to {name} before you close TapDesk?").split("{name}")[0]
    asked = bool(seen) and opening in seen[0] and _names_medals(seen[0])
    stayed = w.isVisible()
    answer_next_question(app, QMessageBox.StandardButton.Discard, seen)
    w.close()
    app.processEvents()
    from tapdesk.gui.project.autosave import autosave_folder, find_orphans
    left = [p.name for p in autosave_folder().glob("autosave-*")] if autosave_folder().exists() else []
    walk.step("close with unsaved work asks Save / Discard / Cancel",
              asked and stayed and not w.isVisible() and len(seen) == 2,
              f"asked={asked}, stayed open on Cancel={stayed}, questions={seen}")
    walk.step("a normal close leaves no recovery prompt", not left and not find_orphans(),
              f"left behind: {left}")


def _finished_fits(n: int) -> str:
    """The recovery offer's count of fits, in the language the self-test speaks."""
    return ngettext("Results: {n} finished fit", "Results: {n} finished fits", n).format(
        n=formats.integer(n))


def recovery_after_kill(walk) -> None:
    """A second TapDesk is killed (kill -9) after two fits; its work is offered and recovered."""
    from tapdesk.gui.project.autosave import autosave_folder, find_orphans
    from tapdesk.gui.selftest.crash_probe import kill, start_probe, wait_for
    w = walk.window
    with tempfile.TemporaryDirectory(prefix="tapdesk-probe-") as folder:
        proc = start_probe("idle", Path(folder), autosave_folder())
        try:
            ready = wait_for(proc, "READY")
        finally:
            kill(proc)
        orphans = find_orphans(exclude=w.autosaver.path)
        words = orphans[0].describe() if orphans else ""
        for o in orphans:
            o.release(delete=False)
        before = len(w.results_pane.entries)
        recovered = w.offer_recovery(ask=lambda window, orphan: True)
        after = len(w.results_pane.entries)
    ok = (ready == "READY 2" and len(orphans) == 1 and _names_medals(words)
          and _finished_fits(2) in words and recovered == 1 and after == before + 2)
    walk.step("recovery after a killed process names the data and brings back every fit", ok,
              f"probe said {ready!r}; orphans {len(orphans)}; offer: {words!r}; fits "
              f"{before} -> {after}")
    walk.app.processEvents()
    walk.shot("recovered")


# ----------------------------------------------------------------- one story
def one_story(walk) -> None:
    """Every fit so far, as the summary pane shows it, against its report and its JSON.

    Fills ``walk.mismatches`` (a number or warning shown otherwise in the
    report or the JSON) and ``walk.contradictions`` (claims about raters or
    warnings that the summary, the report and the feedback sheets make
    differently); each fit is checked once.
    """
    import html
    import re

    from tapdesk.report.consistency import contradictions, screen_report_mismatches, validity_mismatches
    rp = walk.window.results_pane
    checked = getattr(walk, "story_checked", set())
    for number, entry in enumerate(rp.entries, start=1):
        if id(entry) in checked:
            continue
        checked.add(id(entry))
        rp.show_entry(entry)
        walk.app.processEvents()
        label = f"fit {number} ({entry.result.title}, {entry.result.method})"
        shown = [html.unescape(m) for m in re.findall(r"<li>(.*?)</li>", rp.warnings.text())]
        rows = [tuple(str(c) for c in row) for row in rp.param_model.rows]
        if entry.result.model != "coefficients":
            walk.mismatches += screen_report_mismatches(label, entry.result, entry.table, rows,
                                                        shown)
        walk.contradictions += contradictions(label, entry.result, entry.table)
        references = rp.references_of(entry.session_key)
        if references and entry.table is not None:
            walk.mismatches += validity_mismatches(label, entry.result, entry.table, references,
                                                   [m.rows for m in rp.validity.models])
    walk.story_checked = checked
    walk.step("screen, report and JSON tell one story", not walk.mismatches and
              not walk.contradictions, "; ".join((walk.mismatches + walk.contradictions)[:3]))
