"""The main window: data on the left, the analysis below it, results on the right.

Data sets (:mod:`tapdesk.gui.window.datasets`) and projects, autosave and
"Save changes?" (:mod:`tapdesk.gui.window.projects`) live in mixins; this
module builds the window, runs fits and exports the report. Every fit is
stored with the data set and the exact table it was made from.
"""

from __future__ import annotations

from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from tapdesk import i18n
from tapdesk.errors import SettingError, TapDeskError
from tapdesk.gui import accessibility, settings
from tapdesk.gui.collector import freeze_warm_up_objects
from tapdesk.gui.errors import show_error
from tapdesk.gui.plots.config import configure_plots
from tapdesk.gui.project.session import FitEntry, method_words
from tapdesk.gui.screen_fit import SHOWS_WHOLE, ScreenFit, place_window, real_display
from tapdesk.gui.style import pane_title
from tapdesk.gui.tasks.worker import FitController
from tapdesk.gui.widgets.wheel_guard import guard_wheel
from tapdesk.gui.window import unsaved_words
from tapdesk.gui.window.dataset_pane import DatasetPane
from tapdesk.gui.window.datasets import DATA_FILTER, DataMixin  # noqa: F401 - DATA_FILTER re-exported
from tapdesk.gui.window.fold import fold_between_rows
from tapdesk.gui.window.menus import add_results_actions, build_menus
from tapdesk.gui.window.model_pane import ModelPane
from tapdesk.gui.window.projects import ProjectMixin
from tapdesk.gui.window.status_line import StatusLine
from tapdesk.gui.window.warm_up import WarmUp
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _
from tapdesk.i18n.deferred import shown

if TYPE_CHECKING:
    from tapdesk.engine.results import FitResult
    from tapdesk.gui.results.pane import ResultsPane

MINIMUM_SIZE = (1100, 640)
"""The smallest window in which every control stays whole and reachable (lowered further on a
smaller screen: :mod:`tapdesk.gui.screen_fit`). Fits a 1280 x 720 screen (1920 x 1080 at 150%)
with a title bar and a panel."""
DATA_LEAST = 120
"""The data pane's least height (its title and summary) when a group of the analysis pane was
opened last: the analysis pane gets the rest, the data pane scrolls."""
DESCRIPTION_LEAST_LINES = 2
"""The lines the analysis' description keeps where the Analysis pane is short of room."""
FIRST_SIZE = (1400, 900)
"""A new window's size, or the screen's free area (frame included) if that is smaller."""


def enter_presses_buttons(root: QWidget) -> None:
    """Enter and Return press the focused push button, as Space does (Qt does so only in
    dialogs, where buttons are "auto-default")."""
    for button in root.findChildren(QPushButton):
        button.setAutoDefault(True)


def scrolled(widget: QWidget, name: str) -> QScrollArea:
    """``widget`` in a frameless vertical scroll area (small screens: it scrolls, nothing is cut).

    Its contents are as wide as the view (never under the scrollbar) and scroll up and down only.
    """
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidget(widget)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # Tab goes to its controls (and scrolls to them)
    return scroll


def contents_height(scroll: QScrollArea, width: int | None = None) -> int:
    """The height ``scroll``'s contents need at its view's width, or ``width`` (wrapped words
    included)."""
    pane = scroll.widget()
    pane.layout().activate()
    width = scroll.viewport().width() if width is None else width
    height = pane.heightForWidth(width) if pane.hasHeightForWidth() and width > 0 else -1
    return max(height, pane.minimumSizeHint().height())


RESULTS_WAIT = N_("Fit a model to see what the ratings say.")
"""What the results side says while its pane is being built (as the empty pane says)."""


def results_placeholder() -> QWidget:
    """The results side as the window first shows it: its title and what will be there, drawn
    at once (it was blank for a second or two while the results pane's modules loaded)."""
    slot = QWidget()
    layout = QVBoxLayout(slot)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(pane_title(say(QLabel(), "setText", NC_("pane title", "Results"), context="pane title")))
    hint = say(QLabel(), "setText", RESULTS_WAIT, markup="<p style='color:gray'>{}</p>")
    hint.setObjectName("results-placeholder")
    hint.setWordWrap(True)
    layout.addWidget(hint)
    layout.addStretch(1)
    return slot


class MainWindow(DataMixin, ProjectMixin, QMainWindow):
    """TapDesk's single window. Holds the data sets, the fit controller and the results."""

    warmed_up = Signal()    # the results pane's modules are imported (from the warm-up thread)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        accessibility.pause(self)     # named in one look once shown and painted
        self.setStatusBar(StatusLine(self))     # keeps its last message (issue 79)
        self._restoring = False
        self.setAcceptDrops(True)
        self.last_error: str | None = None
        self.controller = FitController(self, warm=False)   # its worker starts after the window
        self._fit_origin: dict[int, tuple[int, object, object]] = {}
        self._fit_words: dict[int, str] = {}      # what the Progress tab says is being fitted
        self._init_data()
        self._build()
        self._init_project()
        self._connect()
        build_menus(self)
        if self._results is not None:        # built early (the pane was asked for)
            add_results_actions(self)
        self._first_size = None if self.restore_layout() else QSize(*FIRST_SIZE)
        if real_display():                  # the frame inside the screen, before it is shown
            place_window(self, self._first_size)
        self._update_actions()
        self._update_title()

    # ----------------------------------------------------------------- build
    def _build(self) -> None:
        self.dataset_pane = DatasetPane()
        self.model_pane = ModelPane()
        self._results: ResultsPane | None = None
        self.results_slot = results_placeholder()   # the results pane's place until it is built
        self.warm_up = WarmUp()
        self.warmed_up.connect(self._warmed_up, Qt.ConnectionType.QueuedConnection)
        self._shut_down = False
        self.dataset_scroll = scrolled(self.dataset_pane, "data pane")
        self.model_scroll = scrolled(self.model_pane, "analysis pane")
        self.model_scroll.setProperty(SHOWS_WHOLE, True)    # every control in view (issue 53)
        analysis = QWidget()
        av = QVBoxLayout(analysis)
        av.setContentsMargins(0, 0, 0, 0)
        av.setSpacing(0)                           # the bar's own margins part it from the pane
        av.addWidget(self.model_scroll, 1)
        av.addWidget(self.model_pane.button_bar)   # Fit and Cancel never scroll out of view
        left = QSplitter(Qt.Orientation.Vertical)
        left.setChildrenCollapsible(False)
        left.addWidget(self.dataset_scroll)
        left.addWidget(analysis)
        # the data pane as tall as its contents, the analysis pane the rest (_fit_left_panes)
        left.setStretchFactor(0, 0)     # the data pane keeps its height; see _fit_left_panes
        left.setStretchFactor(1, 1)
        self.left_splitter = left
        main = QSplitter(Qt.Orientation.Horizontal)
        main.setChildrenCollapsible(False)
        main.addWidget(left)
        main.addWidget(self.results_slot)
        main.setStretchFactor(0, 0)
        main.setStretchFactor(1, 1)
        main.setSizes([440, 960])
        self.main_splitter = main
        self.setCentralWidget(main)
        self.tell(lambda: _("Ready. Open a ratings file to begin."))
        self.setMinimumSize(*MINIMUM_SIZE)
        self.resize(*FIRST_SIZE)
        self.screen_fit = ScreenFit(self)
        self._shown = False
        self._left_moved = False
        self._left_wanted = 0            # the left side's width as first fitted or as the user left it
        main.splitterMoved.connect(self._main_divider_moved)
        # which left pane shows whole first: the last opened; at the start the analysis pane
        # when a group of it is remembered open (its Options scrolled, issue 53), else the data
        pane = self.model_pane
        self._room_first = "analysis" if pane.options_group.is_open() or \
            pane.explain_group.is_open() else "data"
        self._opened_last = pane.options_group if pane.options_group.is_open() else pane.explain_group

    @property
    def results_pane(self) -> ResultsPane:
        """The results pane, built on first use or once the window is shown and its modules
        (the engine, pandas, scipy, pyqtgraph) are imported in the background."""
        if self._results is None:
            self._build_results()
        assert self._results is not None
        return self._results

    def _warmed_up(self) -> None:
        if not self._shut_down:              # a window closed meanwhile builds nothing more
            self._build_results()

    def _build_results(self) -> None:
        if self._results is not None:
            return
        self.warm_up.join()                  # no import of the same modules in two threads
        configure_plots()
        from tapdesk.gui.results.pane import ResultsPane
        pane = self._results = ResultsPane()
        pane.references_of = self.references_of
        pane.add_data_tab(self.dataset_pane.view)
        self.main_splitter.replaceWidget(1, pane)
        self.main_splitter.setStretchFactor(1, 1)
        self.results_slot.deleteLater()
        pane.entry_chosen.connect(self._entry_chosen)
        pane.current_changed.connect(self._update_fit_actions)
        pane.removed.connect(self._fits_removed)
        pane.restored.connect(self._fits_restored)
        pane.plots.progress_wanted.connect(lambda: pane.show_tab("Progress"))
        self.controller.progress.connect(pane.live.add_events)
        if self._shown:
            guard_wheel(pane)                # its controls came after the window was shown
            QTimer.singleShot(0, self, self.results_whole)   # once laid out: built after the
            #                                  window's first size, its tabs' names had no room
        if hasattr(self, "undo_group"):      # else build_menus wires them
            add_results_actions(self)
            self._update_fit_actions()
        self.autosaver                   # noqa: B018 - the recovery copy's timer runs from now
        self.controller.warm_up()            # a second process competing for the CPU, so only now
        from tapdesk.gui.tasks.report_task import report_pool
        report_pool().warm_up()              # started while this process is small: started at
        freeze_warm_up_objects()             # the first export, it held the window 0.2-0.9 s

    def _connect(self) -> None:
        self.dataset_pane.changed.connect(self._data_changed)
        self.dataset_pane.remap_requested.connect(self.change_mapping)
        self.dataset_pane.open_requested.connect(self.open_dialog)
        self.dataset_pane.changed.connect(self._focus_after_data)
        self.dataset_pane.changed.connect(self._fit_left_panes)
        self.dataset_pane.layout_changed.connect(self._fit_left_panes_soon)
        self.model_pane.layout_changed.connect(self._fit_left_panes_soon)
        for group, pane in ((self.dataset_pane.scale_group, "data"),
                            (self.model_pane.explain_group, "analysis"),
                            (self.model_pane.options_group, "analysis")):
            group.toggled.connect(lambda on, pane=pane, group=group: self._room_for_opened(pane, on, group))
        self.left_splitter.splitterMoved.connect(self._left_divider_moved)
        self.dataset_pane.item_requested.connect(self._pick_item)
        self.dataset_pane.session_requested.connect(self.show_session)
        self.model_pane.fit_requested.connect(self.start_fit)
        self.model_pane.cancel_requested.connect(self.cancel_fit)
        c = self.controller
        c.started.connect(lambda rid: self.tell(lambda: _("Fitting...")))
        c.finished.connect(self._fit_finished)
        c.failed.connect(self._fit_failed)
        c.cancelled.connect(self._fit_cancelled)
        c.idle.connect(lambda: self.model_pane.running(False))
        c.idle.connect(self._update_actions)

    # ------------------------------------------------------------------ fit
    def start_fit(self) -> int | None:
        """Build the request from the panes and run it in a worker thread."""
        table = self.dataset_pane.table
        if table is None or self.session is None:
            self.report_error(_("There are no data to fit."), _("Open a ratings file first."))
            return None
        try:
            pane = self.model_pane
            choice = self.dataset_pane.binary_choice()
            if pane.binary():
                self.dataset_pane.class_choice()          # validates, plain-words error if impossible
            analysis = pane.analysis()
            why = analysis.unavailable(table) if analysis is not None else ""
            if why:
                # Translators: {analysis} is an analysis's name, {why} what it needs that the data
                # lack, from the engine ("needs an ordered scale").
                raise SettingError(_("{analysis} {why}.").format(analysis=_(analysis.title), why=why))
            request = pane.request(choice.class1, choice.cut)
            job = pane.job()
        except TapDeskError as exc:
            # Translators: {problem} says what is wrong with a setting.
            self.report_error(_("The fit cannot start with these settings: {problem}").format(problem=exc),
                              str(exc))
            return None
        self.store_session_view()
        # Translators: the running fit on the Progress tab: {model} is the model's name, {method}
        # the method in words, {data} the data set's name.
        words = _("{model}, {method}, on {data}").format(model=_(pane.title()),
                                                         method=method_words(request.method),
                                                         data=self.session.name)
        from tapdesk.engine.results import estimate_words_for  # (the results pane loaded it)
        self.results_pane.live.begin(words, estimate_words_for(table, pane.binary()))
        self.results_pane.plots.show_running(words)
        self.results_pane.show_tab("Progress")
        self.model_pane.running(True)
        # paint the progress view now, before the worker competes for Python's GIL
        self.results_pane.live.repaint()
        self._fit_origin[request.request_id] = (self.session.key, table, self.session.identity)
        self._fit_words[request.request_id] = words
        rid = self.controller.start(request, table, job)
        self._update_actions()
        # the recovery copy names the running fit: after a kill its box says it was lost
        QTimer.singleShot(0, self, self._autosave_now)
        return rid

    def cancel_fit(self) -> None:
        self.controller.cancel()

    def running_fit_words(self) -> str | None:
        """The running fit in words, as the Progress tab names it, or None."""
        rid = self.controller.current_id
        return self._fit_words.get(rid, _("a fit")) if rid is not None else None

    def _end_live(self, message: str, finished: bool = False) -> None:
        """The Progress tab's last word on a fit (``finished``: it ran to its end); the Plots
        tab stops pointing to it."""
        self.results_pane.live.end(message, finished)
        self.results_pane.plots.show_running(None)

    def _watching_progress(self) -> bool:
        """Whether the user is on the Progress tab (where a fit puts them): only then does the
        end of a fit move them to its Summary; a tab they chose themselves is kept."""
        tabs = self.results_pane.tabs
        return self.results_pane.tab_key(tabs.currentIndex()) == "Progress"

    def _fit_finished(self, result: FitResult) -> None:
        self._end_live(_("Finished."), finished=True)
        self._fit_words.pop(result.request.request_id, None)
        key, table, identity = self._fit_origin.pop(result.request.request_id,
                                                    (-1, None, None))
        if key not in self.sessions:
            key, table = -1, table
        current = self.session is not None and key == self.session.key
        entry = FitEntry(result, table, identity, key) if identity is not None else None
        if entry is None:
            entry = self.results_pane.add_result(result, table, session_key=key)
        else:
            self.results_pane.add_entry(entry, show=current)
        if current and self._watching_progress():
            # in the next turn of the event loop: laying out and painting the Summary page is
            # its own stretch of work, not added to adding the result (issue 15: GUI stalls)
            QTimer.singleShot(0, self, lambda: self.results_pane.show_tab("Summary"))
            # Translators: {model} is the model's name.
            self.tell(lambda: _("Fitted {model}.").format(model=shown(result.title)))
        else:
            # Translators: {data} is a data set's name (not the one shown).
            self.tell(lambda: _("The fit of {data} finished; it is listed under that data set on "
                                "the right.").format(data=entry.data.title))
        self.mark_dirty()
        self._update_actions()
        # written next, in its own turn of the event loop: the result shows at once, and the
        # recovery copy holds it a few milliseconds later
        QTimer.singleShot(0, self, self._autosave_now)

    def _fit_failed(self, message: str, details: str) -> None:
        self._end_live(_("The fit stopped with an error."))
        self._fit_origin.clear()
        self._fit_words.clear()
        self.report_error(message, details)

    def _fit_cancelled(self, rid: int) -> None:
        self._fit_origin.pop(rid, None)
        self._fit_words.pop(rid, None)
        self._end_live(_("Cancelled. Earlier results are kept."))
        self.tell(lambda: _("Fit cancelled."))

    def _fits_removed(self, words: str = "") -> None:
        if words:
            # Translators: {fits} is the removed fit's number and name ("2: t-a-p").
            self.tell(lambda: _("Removed fit {fits} \u2014 Edit > Undo restores it.").format(fits=words))
        self._fits_changed()

    def _fits_restored(self, words: str) -> None:
        # Translators: {fits} is the restored fit's number and name ("2: t-a-p").
        self.tell(lambda: _("Restored fit {fits}.").format(fits=words))
        self._fits_changed()

    def _fits_changed(self) -> None:
        """The list of fits changed: the project is unsaved, the recovery copy follows at once."""
        self.mark_dirty()
        self._update_actions()
        QTimer.singleShot(0, self, self._autosave_now)

    # ---------------------------------------------------------------- errors
    def tell(self, words, timeout: int = 0) -> None:
        """A message in the status line: ``words()`` makes it in the current language (a
        function, called again when View > Language chooses another: the line keeps its last
        message, :mod:`~tapdesk.gui.window.status_line`); for ``timeout`` ms, 0: until the
        next."""
        self.statusBar().tell(words, timeout)

    def event(self, event) -> bool:  # noqa: D401 - Qt API
        """A menu's tip over the status line's message, and the message again when the tip
        ends (Qt's own handling cleared it for good)."""
        if event.type() == QEvent.Type.StatusTip:
            self.statusBar().show_tip(event.tip())
            return True
        return super().event(event)

    def report_error(self, message: str, details: str = "") -> None:
        """Plain message (naming the cause) with details folded away; the app carries on."""
        self.last_error = message
        self.statusBar().showMessage(message)
        show_error(self, message, details)

    # --------------------------------------------------------------- report
    def report_candidates(self) -> list[tuple[str, FitResult, object]]:
        """The fits and analyses of the current data set, in order, each with its own table.

        ``(display_name, FitResult, RatingsTable)``; what the export dialog offers. Fits of
        other data sets are never offered, so a report never mixes data.
        """
        if self.session is None:
            return []
        rp = self.results_pane
        out = []
        for i in rp.entries_of(self.session.key, self.session.item):
            entry = rp.entries[i]
            # Translators: a fit the Export dialog offers for the report: {number} its number in
            # the fits list, {title} the model's name ("t-a-p (average rater)"), {details} its
            # method, draws and Class 1 ("Bayesian (exact)"); a dash, not brackets, between them.
            name = _("{number}. {title} \u2013 {details}").format(
                number=i + 1, title=shown(entry.result.title), details=entry.describe())
            out.append((name, entry.result, entry.table))
        return out

    def candidates_in(self, language: str) -> list[tuple[str, FitResult, object]]:
        """:meth:`report_candidates` with each fit named in ``language`` (a report's), whatever
        the window's language."""
        with i18n.language(language):
            return self.report_candidates()

    def export_report(self, path: str | Path | None = None, chosen=None) -> Path | None:
        """Export the report of the current data set's fits (File > Export report).

        Without ``path`` the export dialog lets the user pick the analyses, title,
        author, note, format and file; with ``path`` (scripts, the self-test) the
        chosen fits (``chosen``: indices into :meth:`report_candidates`, default all)
        are written there, the format following the file's suffix.
        """
        candidates = self.report_candidates()
        if not candidates:
            # Translators: {data} is the data set's name.
            message = _("There is no fit of {data} to report yet.").format(data=self.session.name) \
                if self.session is not None else _("There is no fit of these data to report yet.")
            self.report_error(message, _("Fit a model first."))
            return None
        from tapdesk.gui.dialogs.export_dialog import ExportDialog
        dialog = ExportDialog(candidates, self, plan=self.plan_for_report(),
                              references=self.references_of(),
                              names=lambda: [name for name, _result, _table in self.report_candidates()])
        try:
            if chosen is not None:
                for i in range(dialog.analyses.count()):
                    dialog.analyses.item(i).setCheckState(
                        Qt.CheckState.Checked if i in chosen else Qt.CheckState.Unchecked)
            if path is None:
                written = dialog.written if dialog.exec() else None
            else:
                written = self._export_to(dialog, Path(path))
        finally:
            dialog.deleteLater()
        if written is not None:
            # Translators: {path} is the report's file.
            self.tell(lambda: _("Report written to {path}").format(path=written))
        return written

    def _export_to(self, dialog, path: Path) -> Path | None:
        fmt = path.suffix.lower().lstrip(".")
        index = dialog.format.findData("html" if fmt == "htm" else fmt)
        if index >= 0:
            dialog.format.setCurrentIndex(index)
        dialog.path.setText(str(path))
        written = dialog.export_and_wait()     # the window stays responsive meanwhile
        if written is None:
            self.report_error(dialog.error.text() or _("The report could not be written."))
        return written

    def plan_for_report(self):
        """The study plan the user chose to include, if it was planned from these data."""
        key, plan = getattr(self, "report_plan", None) or (None, None)
        return plan if self.session is not None and key == self.session.key else None

    def report_inputs(self, picked=None):
        """The report's inputs: the chosen fits of one data set (default: all), in order, each
        with its table, and the report job (:mod:`~tapdesk.gui.project.report_job`): the title,
        author, note, signers and language File > Export report was last given (File > Print
        prints this)."""
        from tapdesk.gui.project.report_job import left_out, report_job, without_fit_number
        from tapdesk.report import ReportAnalysis, ReportInputs
        candidates = self.report_candidates()
        job = report_job(self, candidates)
        picked = picked if picked is not None else left_out(self, candidates)
        named = {id(result): name for name, result, _table in self.candidates_in(job.language)}
        return ReportInputs.of([ReportAnalysis(result, table,
                                               without_fit_number(named.get(id(result), name)))
                                for name, result, table in picked],
                               plan=self.plan_for_report(), references=self.references_of(),
                               **job.options())

    def references_of(self, key: int | None = None):
        """The reference answers of the data set ``key`` (default: the current one); {} if none."""
        key = self.session.key if key is None and self.session is not None else key
        session = self.sessions.get(key) if key is not None else None
        return session.dataset.references if session is not None else {}

    # ---------------------------------------------------------- window state
    def _update_actions(self) -> None:
        has_data = self.dataset_pane.table is not None
        running = self.controller.running
        self.model_pane.set_table(self.dataset_pane.table)
        self.model_pane.running(running)
        for name, on in (("fit", has_data and not running), ("cancel", running),
                         ("save", bool(self.sessions)), ("save_as", bool(self.sessions)),
                         ("close_data", self.session is not None),
                         ("export_report", bool(self.report_candidates())),
                         ("print", bool(self.report_candidates())),
                         ("committee_pack", bool(self.report_candidates()))):
            action = getattr(self, f"action_{name}", None)
            if action is not None:
                action.setEnabled(on)
        self._update_fit_actions()

    def _update_fit_actions(self, *_args) -> None:
        """What acts on the shown fit is enabled only while a fit is shown."""
        action = getattr(self, "action_remove_fit", None)
        if action is not None and self._results is not None:
            action.setEnabled(self.results_pane.current_entry() is not None)

    def rebuild_recent_menu(self) -> None:
        from tapdesk.gui.window.menus import fill_recent_menu
        fill_recent_menu(self)

    def restore_layout(self) -> bool:
        """The remembered window geometry and pane sizes; True if a geometry was restored.

        Clamped to the current screen when shown (:mod:`tapdesk.gui.screen_fit`): a window
        remembered on a larger screen comes back inside this one.
        """
        geometry = settings.value("window/geometry")
        restored = isinstance(geometry, QByteArray) and not geometry.isEmpty() \
            and self.restoreGeometry(geometry)
        self._splitters_restored = False
        for key, splitter in (("window/main_splitter", self.main_splitter),
                              ("window/left_splitter", self.left_splitter)):
            state = settings.value(key)
            if isinstance(state, QByteArray) and not state.isEmpty():
                self._splitters_restored |= splitter.restoreState(state)
        return bool(restored)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._shown:
            return
        self._shown = True
        # the window first, then the results pane's imports, once it has painted: a thread
        # importing meanwhile held the GIL the painting's Python calls (event filters) wait for;
        # its controls are named then too
        QTimer.singleShot(0, self, self._after_first_paint)
        guard_wheel(self)                    # settings change by the wheel only when focused
        enter_presses_buttons(self)
        self.dataset_pane.first_focus().setFocus(Qt.FocusReason.OtherFocusReason)
        if not self._splitters_restored:
            self._first_pane_sizes()
        if real_display():
            self.screen_fit.start(self._first_size)   # once the window manager has framed it

    def _after_first_paint(self) -> None:
        if not self._shut_down and self._results is None:
            self.warm_up.start(self.warmed_up.emit)

    def _left_divider_moved(self, *_args) -> None:
        self._left_moved = True          # the user's choice is kept from now on

    def _main_divider_moved(self, *_args) -> None:
        self._left_wanted = self.main_splitter.sizes()[0]     # the user's width, kept

    def _focus_after_data(self) -> None:
        """A data set opened or closed: a keyboard focus left on a hidden or disabled control goes
        to the data pane's first control."""
        now = self.focusWidget()
        if now is None or not now.isVisible() or not now.isEnabled():
            self.dataset_pane.first_focus().setFocus(Qt.FocusReason.OtherFocusReason)

    def _first_pane_sizes(self) -> None:
        """The left panes half each (Class 1 and the options in view); the left side as wide as
        the longest analysis title needs, up to two fifths of the window."""
        self.layout().activate()
        self._fit_left_panes()
        need = self.model_combo_width()
        width = sum(self.main_splitter.sizes())
        side = max(self.main_splitter.sizes()[0], min(need, 2 * width // 5))
        self.main_splitter.setSizes([side, width - side])
        self._left_wanted = side
        self.results_whole()

    def results_whole(self) -> None:
        """The results no narrower than their least width (their tabs' names whole beside the
        fits list and its buttons): the left side gives up room down to its own least width
        (French at 1280 left the results 817 of 830 px, "Planifier l'étude suivante..." cut).
        The left side gets its width back when the window widens again (the results beyond
        their least width give it up: at 1366 in the pseudo-language it stayed at its least at
        1920 too, the Method box cut). At the first size, on every resize and after a change of
        language."""
        split = self.main_splitter
        sizes = split.sizes()
        if len(sizes) != 2 or not sum(sizes):
            return
        left_side, results_side = split.widget(0), split.widget(1)
        if left_side is None or results_side is None:
            return
        left = max(left_side.minimumSizeHint().width(), self.left_least_width())
        results = max(results_side.minimumSizeHint().width(),
                      getattr(results_side, "least_width", lambda: 0)())
        give = min(results - sizes[1], sizes[0] - left)
        back = min(self._left_wanted - sizes[0], sizes[1] - results)
        change = give if give > 0 else -back if back > 0 else 0
        if change:
            split.setSizes([sizes[0] - change, sizes[1] + change])
            self._fit_left_panes()         # their needs follow the left side's width

    def left_least_width(self) -> int:
        """The left side's least width: each pane's contents at their least width (words wrapped
        as narrow as they go), beside its scroll bar. The panes do not scroll sideways, so
        narrower cuts their controls off; the results make way for a longer language instead (in
        the pseudo-language the results' least width left the left side 207 px at 1280 and its
        contents 668, issue 54)."""
        return max(pane.minimumSizeHint().width() + 2 * scroll.frameWidth()
                   + scroll.verticalScrollBar().sizeHint().width()
                   for pane, scroll in ((self.dataset_pane, self.dataset_scroll),
                                        (self.model_pane, self.model_scroll)))

    def _fit_left_panes(self, *_args) -> None:
        """The analysis pane as tall as its contents (every control in view, issue 53), the data
        pane the rest, down to its Class 1 box (or its whole Scale group, when the user opened
        it); the data pane no taller than its contents. Again
        on every resize, new data set and group opened or folded until the user moves the
        divider."""
        if not self.isVisible() or self._splitters_restored or self._left_moved:
            return
        left = self.left_splitter
        total = sum(left.sizes())
        if total <= 0:
            return
        need = contents_height(self.dataset_scroll) + 2 * self.dataset_scroll.frameWidth()
        shown = need if self.dataset_pane.scale_group.is_open() else self.class_1_bottom()
        if self._room_first == "analysis" or not self._class_1_used() \
                and total - shown < self.analysis_need():
            shown = min(shown, DATA_LEAST)        # a group of it was just opened: all of it
        least = min(shown, total - self.analysis_min_height())    # what the user opened, whole
        self._description_within(total - least)
        data = max(min(need, total - self.analysis_need()), least)
        if data < need:                           # the pane scrolls: its fold between rows
            data = fold_between_rows(self.dataset_scroll, data)
        if left.sizes()[0] != data:
            left.setSizes([data, total - data])

    def _description_within(self, room: int) -> None:
        """The analysis' description whole where the Analysis pane's controls fit in ``room``
        px, else clamped by the lines they need less (never to under
        :data:`DESCRIPTION_LEAST_LINES`; issue 54: in the pseudo-language at 1280 x 720 the
        per-rater description's six lines put Options below the fold)."""
        label = self.model_pane.model_help
        label.set_max_lines(None)
        excess = self.analysis_need() - room
        if excess <= 0:
            return
        lines = label.line_count(label.contentsRect().width() - 2 * label.margin())
        spare = lines - ceil(excess / label.fontMetrics().lineSpacing())
        label.set_max_lines(max(DESCRIPTION_LEAST_LINES, spare))

    def _fit_left_panes_soon(self) -> None:
        """Now, and again once the pane that changed has its new height."""
        self._fit_left_panes()
        QTimer.singleShot(0, self, self._analysis_whole)

    def _room_for_opened(self, pane: str, on: bool, group=None) -> None:
        """A group just opened: its pane gets the room first (the other one scrolls)."""
        if on:
            self._room_first = pane
            if pane == "analysis":
                self._opened_last = group
        self._fit_left_panes()

    def _analysis_whole(self) -> None:
        """The left panes fitted again; where the analysis pane still needs more than the room
        left above the data pane's least height, the group of it opened before the last one
        folds (its summary says what it holds): the group opened last gets the room and the
        Fit button stays below it, no scrolling (both open for a Bayesian fit of the writing
        example needed 607 px of 499 at 1366 x 768, issue 53)."""
        self._fit_left_panes()
        pane = self.model_pane
        if not self.isVisible() or self._splitters_restored or self._left_moved:
            return
        room = sum(self.left_splitter.sizes()) - DATA_LEAST
        if self.analysis_need() <= room:
            return
        for group in (pane.explain_group, pane.options_group):
            if group is not self._opened_last and group.is_open():
                group.set_open(False)      # layout_changed: the panes fitted again

    def _class_1_used(self) -> bool:
        """Whether the analysis chosen fits two classes (Class 1 kept in view above it), or the
        user opened the data pane's Scale group. An analysis of the whole scale (the classical
        coefficients, Dawid-Skene, MACE, the ordinal cuts) does not read Class 1: where both do
        not fit, the Analysis pane gets the room and the data pane scrolls (German at 1920 x
        1080 at 150%: the coefficients' pane showed 237 of its 272 px, Options below the fold,
        issue 54)."""
        return self.model_pane.binary() or self.dataset_pane.scale_group.is_open()

    def class_1_bottom(self) -> int:
        """The data pane's height down to its Class 1 box (the choice every two-class fit
        needs, kept in view)."""
        box = self.dataset_pane.class_box
        return box.mapTo(self.dataset_pane, box.rect().bottomLeft()).y() + 6

    def analysis_min_height(self) -> int:
        """The analysis pane's least height: down to its method row and three lines of options,
        with the Fit button bar."""
        pane = self.model_pane
        method = pane.method_combo
        bottom = method.mapTo(pane, method.rect().bottomLeft()).y()
        return bottom + 3 * pane.fontMetrics().lineSpacing() + pane.button_bar.sizeHint().height()

    def analysis_need(self) -> int:
        """The analysis pane's height with every control in view (and the Fit button bar): its
        contents' height at the width its view has with a scroll bar (words wrapped no wider
        than they may be: never short). Not its size hint: that wraps its texts at a width of
        Qt's guess, and with the per-rater analysis chosen it asked 80 px more than its
        contents, blank below them while the data pane scrolled (120 px at 150%, issue 53)."""
        scroll = self.model_scroll
        bar = scroll.verticalScrollBar()
        width = scroll.viewport().width() - (0 if bar.isVisible() else bar.sizeHint().width())
        return contents_height(scroll, max(width, 1)) + 2 * scroll.frameWidth() \
            + self.model_pane.button_bar.sizeHint().height()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.results_whole()         # first: the left side's width sets the left panes' needs
        self._fit_left_panes()

    def model_combo_width(self) -> int:
        """The left side's width at which the analysis chooser shows its longest title whole."""
        combo = self.model_pane.model_combo
        fm = combo.fontMetrics()
        longest = max(fm.horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
        opt = QStyleOptionComboBox()
        combo.initStyleOption(opt)
        need = combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt,
                                              QSize(longest, fm.height()), combo).width()
        bar = self.model_scroll.verticalScrollBar().sizeHint().width()
        margins = self.model_pane.layout().contentsMargins()
        return need + bar + margins.left() + margins.right() + 4

    def save_layout(self) -> None:
        settings.set_value("window/geometry", self.saveGeometry())
        settings.set_value("window/main_splitter", self.main_splitter.saveState())
        settings.set_value("window/left_splitter", self.left_splitter.saveState())

    def shutdown(self) -> None:
        """Stop every fit thread and timer (also called by closeEvent)."""
        self._shut_down = True
        self.warm_up.join()
        if self._results is not None:
            self._results.live.timer.stop()
        self.screen_fit.stop()
        self.controller.shutdown()
        for name in ("pack_export", "print_job"):      # File > Committee pack, Print, running
            job = getattr(self, name, None)
            if job is not None and job.running:
                job.cancel()
                job.wait()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.confirm_unsaved(unsaved_words.closing_app(), stops_fit=True):
            event.ignore()
            return
        self.dirty = False               # saved or discarded: a second close asks nothing
        self.save_layout()
        self.shutdown()
        self.autosaver.finish()          # a normal close leaves no recovery prompt behind
        event.accept()

    # ---------------------------------------------------------- drag & drop
    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802
        urls = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            QTimer.singleShot(0, lambda: self.open_path(urls[0]))
