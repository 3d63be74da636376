"""The main window: data on the left, the analysis below it, results on the right.

Data sets (:mod:`tapdesk.gui.window_data`) and projects, autosave and
"Save changes?" (:mod:`tapdesk.gui.window_project`) live in mixins; this
module builds the window, runs fits and exports the report. Every fit is
stored with the data set and the exact table it was made from.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtWidgets import (QMainWindow, QScrollArea, QSplitter, QVBoxLayout,
                               QWidget)

from tapdesk.engine.results import FitResult
from tapdesk.errors import SettingError, TapDeskError
from tapdesk.gui import settings
from tapdesk.gui.dataset_pane import DatasetPane
from tapdesk.gui.errors import show_error
from tapdesk.gui.menus import build_menus
from tapdesk.gui.model_pane import ModelPane
from tapdesk.gui.results_pane import ResultsPane
from tapdesk.gui.session import FitEntry, method_words
from tapdesk.gui.window_data import DATA_FILTER, DataMixin  # noqa: F401 - DATA_FILTER re-exported
from tapdesk.gui.window_project import ProjectMixin
from tapdesk.gui.worker import FitController

MINIMUM_SIZE = (1100, 700)
"""The smallest window in which every control stays whole and reachable."""


def scrolled(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless vertical scroll area (small screens: it scrolls, nothing is cut)."""
    scroll = QScrollArea()
    scroll.setWidget(widget)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll


class MainWindow(DataMixin, ProjectMixin, QMainWindow):
    """TapDesk's single window. Holds the data sets, the fit controller and the results."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._restoring = False
        self.setAcceptDrops(True)
        self.last_error: str | None = None
        self.controller = FitController(self)
        self._fit_origin: dict[int, tuple[int, object, object]] = {}
        self._init_data()
        self._build()
        self._init_project()
        self._connect()
        build_menus(self)
        self.restore_layout()
        self._update_actions()
        self._update_title()

    # ----------------------------------------------------------------- build
    def _build(self) -> None:
        self.dataset_pane = DatasetPane()
        self.model_pane = ModelPane()
        self.results_pane = ResultsPane()
        self.results_pane.add_data_tab(self.dataset_pane.view)
        self.dataset_scroll = scrolled(self.dataset_pane)
        self.model_scroll = scrolled(self.model_pane)
        analysis = QWidget()
        av = QVBoxLayout(analysis)
        av.setContentsMargins(0, 0, 0, 0)
        av.addWidget(self.model_scroll, 1)
        av.addWidget(self.model_pane.button_bar)   # Fit and Cancel never scroll out of view
        left = QSplitter(Qt.Orientation.Vertical)
        left.setChildrenCollapsible(False)
        left.addWidget(self.dataset_scroll)
        left.addWidget(analysis)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)
        left.setSizes([480, 340])
        self.left_splitter = left
        main = QSplitter(Qt.Orientation.Horizontal)
        main.setChildrenCollapsible(False)
        main.addWidget(left)
        main.addWidget(self.results_pane)
        main.setStretchFactor(0, 0)
        main.setStretchFactor(1, 1)
        main.setSizes([440, 960])
        self.main_splitter = main
        self.setCentralWidget(main)
        self.statusBar().showMessage("Ready. Open a ratings file to begin.")
        self.setMinimumSize(*MINIMUM_SIZE)
        self.resize(*self._first_size())

    def _first_size(self) -> tuple[int, int]:
        """1400 x 900, or the screen's free area if that is smaller (a 1280 x 800 laptop)."""
        screen = self.screen()
        if screen is None:
            return 1400, 900
        free = screen.availableGeometry()
        return (max(MINIMUM_SIZE[0], min(1400, free.width())),
                max(MINIMUM_SIZE[1], min(900, free.height())))

    def _connect(self) -> None:
        self.dataset_pane.changed.connect(self._data_changed)
        self.dataset_pane.remap_requested.connect(self.change_mapping)
        self.dataset_pane.item_requested.connect(self._pick_item)
        self.dataset_pane.session_requested.connect(self.show_session)
        self.model_pane.fit_requested.connect(self.start_fit)
        self.model_pane.cancel_requested.connect(self.cancel_fit)
        self.results_pane.entry_chosen.connect(self._entry_chosen)
        self.results_pane.removed.connect(self._fits_removed)
        c = self.controller
        c.started.connect(lambda rid: self.statusBar().showMessage("Fitting..."))
        c.progress.connect(self.results_pane.live.add_events)
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
            self.report_error("There are no data to fit.", "Open a ratings file first.")
            return None
        try:
            pane = self.model_pane
            choice = self.dataset_pane.binary_choice()
            if pane.binary():
                self.dataset_pane.class_choice()          # validates, plain-words error if impossible
            analysis = pane.analysis()
            why = analysis.unavailable(table) if analysis is not None else ""
            if why:
                raise SettingError(f"{analysis.title} {why}.")
            request = pane.request(choice.class1, choice.cut)
            job = pane.job()
        except TapDeskError as exc:
            self.report_error(f"The fit cannot start with these settings: {exc}", str(exc))
            return None
        self.store_session_view()
        self.results_pane.live.begin(f"{pane.title()}, {method_words(request.method)}, "
                                     f"on {self.session.name}")
        self.results_pane.show_tab("Progress")
        self.model_pane.running(True)
        # paint the progress view now, before the worker competes for Python's GIL
        self.results_pane.live.repaint()
        self._fit_origin[request.request_id] = (self.session.key, table, self.session.identity)
        rid = self.controller.start(request, table, job)
        self._update_actions()
        return rid

    def cancel_fit(self) -> None:
        self.controller.cancel()

    def _fit_finished(self, result: FitResult) -> None:
        self.results_pane.live.end("Finished.")
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
        if current:
            # in the next turn of the event loop: laying out and painting the Summary page is
            # its own stretch of work, not added to adding the result (issue 15: GUI stalls)
            QTimer.singleShot(0, self, lambda: self.results_pane.show_tab("Summary"))
            self.statusBar().showMessage(f"Fitted {result.title}.")
        else:
            self.statusBar().showMessage(f"The fit of {entry.data.title} finished; it is listed "
                                         "under that data set on the right.")
        self.mark_dirty()
        self._update_actions()
        # written next, in its own turn of the event loop: the result shows at once, and the
        # recovery copy holds it a few milliseconds later
        QTimer.singleShot(0, self, self._autosave_now)

    def _fit_failed(self, message: str, details: str) -> None:
        self.results_pane.live.end("The fit stopped with an error.")
        self._fit_origin.clear()
        self.report_error(message, details)

    def _fit_cancelled(self, rid: int) -> None:
        self._fit_origin.pop(rid, None)
        self.results_pane.live.end("Cancelled. Earlier results are kept.")
        self.statusBar().showMessage("Fit cancelled.")

    def _fits_removed(self) -> None:
        self.mark_dirty()
        self._update_actions()

    # ---------------------------------------------------------------- errors
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
            out.append((f"{i + 1}. {entry.result.title} ({entry.describe()})", entry.result,
                        entry.table))
        return out

    def export_report(self, path: str | Path | None = None, chosen=None) -> Path | None:
        """Export the report of the current data set's fits (File > Export report).

        Without ``path`` the export dialog lets the user pick the analyses, title,
        author, note, format and file; with ``path`` (scripts, the self-test) the
        chosen fits (``chosen``: indices into :meth:`report_candidates`, default all)
        are written there, the format following the file's suffix.
        """
        candidates = self.report_candidates()
        if not candidates:
            name = self.session.name if self.session is not None else "these data"
            self.report_error(f"There is no fit of {name} to report yet.", "Fit a model first.")
            return None
        from tapdesk.gui.export_dialog import ExportDialog
        dialog = ExportDialog(candidates, self, plan=self.plan_for_report())
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
            self.statusBar().showMessage(f"Report written to {written}")
        return written

    def _export_to(self, dialog, path: Path) -> Path | None:
        fmt = path.suffix.lower().lstrip(".")
        index = dialog.format.findData("html" if fmt == "htm" else fmt)
        if index >= 0:
            dialog.format.setCurrentIndex(index)
        dialog.path.setText(str(path))
        written = dialog.export_and_wait()     # the window stays responsive meanwhile
        if written is None:
            self.report_error(dialog.error.text() or "The report could not be written.")
        return written

    def plan_for_report(self):
        """The study plan the user chose to include, if it was planned from these data."""
        key, plan = getattr(self, "report_plan", None) or (None, None)
        return plan if self.session is not None and key == self.session.key else None

    def report_inputs(self, picked=None):
        """The report's inputs: the chosen fits of one data set, in order, each with its table."""
        from tapdesk.report import ReportAnalysis, ReportInputs
        picked = picked if picked is not None else self.report_candidates()
        return ReportInputs.of([ReportAnalysis(result, table, name) for name, result, table in picked],
                               plan=self.plan_for_report())

    # ---------------------------------------------------------- window state
    def _update_actions(self) -> None:
        has_data = self.dataset_pane.table is not None
        running = self.controller.running
        self.model_pane.set_table(self.dataset_pane.table)
        self.model_pane.running(running)
        for name, on in (("fit", has_data and not running), ("cancel", running),
                         ("save", bool(self.sessions)), ("save_as", bool(self.sessions)),
                         ("close_data", self.session is not None),
                         ("export_report", bool(self.report_candidates()))):
            action = getattr(self, f"action_{name}", None)
            if action is not None:
                action.setEnabled(on)

    def rebuild_recent_menu(self) -> None:
        from tapdesk.gui.menus import fill_recent_menu
        fill_recent_menu(self)

    def restore_layout(self) -> None:
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        for key, splitter in (("window/main_splitter", self.main_splitter),
                              ("window/left_splitter", self.left_splitter)):
            state = settings.value(key)
            if isinstance(state, QByteArray) and not state.isEmpty():
                splitter.restoreState(state)

    def save_layout(self) -> None:
        settings.set_value("window/geometry", self.saveGeometry())
        settings.set_value("window/main_splitter", self.main_splitter.saveState())
        settings.set_value("window/left_splitter", self.left_splitter.saveState())

    def shutdown(self) -> None:
        """Stop every fit thread and timer (also called by closeEvent)."""
        self.results_pane.live.timer.stop()
        self.controller.shutdown()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.confirm_unsaved("close TapDesk"):
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
