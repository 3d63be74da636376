"""The main window: data on the left, the analysis below it, results on the right."""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QApplication, QFileDialog, QMainWindow, QScrollArea, QSplitter,
                               QWidget)

from tapdesk.data.readers import Dataset, ImportOptions, read_ratings, read_text
from tapdesk.engine.results import FitResult
from tapdesk.errors import SettingError, TapDeskError
from tapdesk.gui import settings
from tapdesk.gui.dataset_pane import DatasetPane
from tapdesk.gui.errors import show_error
from tapdesk.gui.menus import build_menus
from tapdesk.gui.model_pane import ModelPane
from tapdesk.gui.results_pane import ResultsPane
from tapdesk.gui.worker import FitController

DATA_FILTER = "Ratings files (*.csv *.tsv *.txt *.xlsx *.xls);;All files (*)"
READ_IN_BACKGROUND_BYTES = 1_000_000
"""Files at least this big are read in a background thread (the window keeps repainting)."""


class MainWindow(QMainWindow):
    """TapDesk's single window. Holds the dataset, the fit controller and the results."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("TapDesk")
        self.setAcceptDrops(True)
        self.source_path: Path | None = None
        self.source_text: str | None = None
        self.import_options = ImportOptions()
        self.project_path: Path | None = None
        self.dirty = False
        self.last_error: str | None = None
        self.controller = FitController(self)
        self._pending_request = None
        self._build()
        self._connect()
        build_menus(self)
        self.restore_layout()
        self._update_actions()

    # ----------------------------------------------------------------- build
    def _build(self) -> None:
        self.dataset_pane = DatasetPane()
        self.model_pane = ModelPane()
        self.results_pane = ResultsPane()
        self.results_pane.add_data_tab(self.dataset_pane.view)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.dataset_pane)
        scroll = QScrollArea()                    # small screens: the options scroll, nothing is clipped
        scroll.setWidget(self.model_pane)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left.addWidget(scroll)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)
        left.setSizes([420, 480])
        self.left_splitter = left
        main = QSplitter(Qt.Orientation.Horizontal)
        main.addWidget(left)
        main.addWidget(self.results_pane)
        main.setStretchFactor(0, 0)
        main.setStretchFactor(1, 1)
        main.setSizes([470, 930])
        self.main_splitter = main
        self.setCentralWidget(main)
        self.statusBar().showMessage("Ready. Open a ratings file to begin.")
        self.resize(1400, 900)

    def _connect(self) -> None:
        self.dataset_pane.changed.connect(self._data_changed)
        self.dataset_pane.remap_requested.connect(self.change_mapping)
        self.dataset_pane.item_requested.connect(self._pick_item)
        self.model_pane.fit_requested.connect(self.start_fit)
        self.model_pane.cancel_requested.connect(self.cancel_fit)
        c = self.controller
        c.started.connect(lambda rid: self.statusBar().showMessage("Fitting..."))
        c.progress.connect(self.results_pane.live.add_events)
        c.finished.connect(self._fit_finished)
        c.failed.connect(self._fit_failed)
        c.cancelled.connect(self._fit_cancelled)
        c.idle.connect(lambda: self.model_pane.running(False))
        c.idle.connect(self._update_actions)

    # ----------------------------------------------------------------- data
    @property
    def table(self):
        return self.dataset_pane.table

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open ratings", settings.last_folder(), DATA_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, options: ImportOptions | None = None) -> bool:
        """Read a file; on error show the message and keep the current data. True on success."""
        path = Path(path)
        if path.suffix.lower() == ".tapdesk":
            return self.open_project(path)
        options = options or ImportOptions()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            dataset = self._read(path, options)
        except TapDeskError as exc:
            QApplication.restoreOverrideCursor()
            self.report_error(f"Could not open {path.name}.", str(exc))
            return False
        except Exception as exc:   # noqa: BLE001 - never a traceback for bad input
            QApplication.restoreOverrideCursor()
            self.report_error(f"Could not open {path.name}: the file could not be read.",
                              f"{type(exc).__name__}: {exc}")
            return False
        QApplication.restoreOverrideCursor()
        self.source_path, self.source_text, self.import_options = path, None, options
        settings.add_recent_file(path)
        settings.set_last_folder(path)
        self.rebuild_recent_menu()
        self.load_dataset(dataset, f"Opened {path.name}")
        return True

    def _read(self, path: Path, options: ImportOptions) -> Dataset:
        """Read a ratings file; big files in a background thread while the window repaints."""
        try:
            size = path.stat().st_size
        except OSError:
            size = 0                      # read_ratings says in words what is wrong with the path
        if size < READ_IN_BACKGROUND_BYTES:
            return read_ratings(path, options)
        from tapdesk.gui.background import call_off_gui_thread
        self.statusBar().showMessage(f"Reading {path.name} ({size / 1e6:.1f} MB)...")
        self.setEnabled(False)            # no second open or fit while this one reads
        try:
            return call_off_gui_thread(lambda: read_ratings(path, options), "tapdesk-read")
        finally:
            self.setEnabled(True)

    def paste_data(self) -> bool:
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.report_error("The clipboard holds no text to read as ratings.",
                              "Copy cells from a spreadsheet first, then paste.")
            return False
        return self.open_text(text)

    def open_text(self, text: str, options: ImportOptions | None = None) -> bool:
        options = options or ImportOptions()
        try:
            dataset = read_text(text, options)
        except TapDeskError as exc:
            self.report_error("Could not read the pasted data.", str(exc))
            return False
        self.source_path, self.source_text, self.import_options = None, text, options
        self.load_dataset(dataset, "Pasted data from the clipboard")
        return True

    def load_dataset(self, dataset: Dataset, message: str, **choices) -> None:
        """Show a dataset (from a file, the clipboard, an example or a simulation)."""
        if self.controller.running:
            self.controller.cancel()
        self.dataset_pane.set_dataset(dataset, **choices)
        self.results_pane.table = self.dataset_pane.table
        self.dirty = True
        self.statusBar().showMessage(message)
        if not self.results_pane.history:
            self.results_pane.show_tab("Data")
        self._update_actions()

    def change_mapping(self) -> None:
        if self.dataset_pane.dataset is None:
            return
        from tapdesk.gui.import_dialog import ImportDialog
        dialog = ImportDialog(self, self.dataset_pane.dataset, self.import_options,
                              path=self.source_path, text=self.source_text)
        if dialog.exec():
            options = dialog.options()
            if self.source_path is not None:
                self.open_path(self.source_path, options)
            elif self.source_text is not None:
                self.open_text(self.source_text, options)

    def _pick_item(self, item: str) -> None:
        """Switch to another item of a multi-item file (no re-reading)."""
        from dataclasses import replace
        ds = self.dataset_pane.dataset
        if ds is None or not ds.items:
            return
        try:
            switched = replace(ds, table=ds.for_item(item), item=item)
        except TapDeskError as exc:
            self.report_error("Could not switch item.", str(exc))
            return
        self.import_options = replace(self.import_options, item=item)
        self.load_dataset(switched, f"Item {item}", item=item)

    def _data_changed(self) -> None:
        self.model_pane.set_table(self.dataset_pane.table)
        self.results_pane.table = self.dataset_pane.table
        self.dirty = True

    # ------------------------------------------------------------------ fit
    def start_fit(self) -> int | None:
        """Build the request from the panes and run it in a worker thread."""
        table = self.dataset_pane.table
        if table is None:
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
            self.report_error("The fit cannot start with these settings.", str(exc))
            return None
        self.results_pane.live.begin(f"{pane.title()}, {pane.method_combo.currentText()}")
        self.results_pane.show_tab("Progress")
        self.model_pane.running(True)
        # paint the progress view now, before the worker competes for Python's GIL
        self.results_pane.live.repaint()
        self._fit_table = table
        rid = self.controller.start(request, table, job)
        self._update_actions()
        return rid

    def cancel_fit(self) -> None:
        self.controller.cancel()

    def _fit_finished(self, result: FitResult) -> None:
        self.results_pane.live.end("Finished.")
        self.results_pane.add_result(result, self._fit_table)
        self.results_pane.show_tab("Summary")
        self.dirty = True
        self.statusBar().showMessage(f"Fitted {result.title}.")
        self._autosave_soon()

    def _fit_failed(self, message: str, details: str) -> None:
        self.results_pane.live.end("The fit stopped with an error.")
        self.report_error(message, details)

    def _fit_cancelled(self, rid: int) -> None:
        self.results_pane.live.end("Cancelled. Earlier results are kept.")
        self.statusBar().showMessage("Fit cancelled.")

    # ---------------------------------------------------------------- errors
    def report_error(self, message: str, details: str = "") -> None:
        """Plain message with details folded away; the app carries on."""
        self.last_error = message
        self.statusBar().showMessage(message)
        show_error(self, message, details)

    # -------------------------------------------------------------- project
    def save_project(self, path: str | Path | None = None) -> bool:
        from tapdesk.gui import project
        if path is None and self.project_path is None:
            return self.save_project_as()
        target = Path(path or self.project_path)
        try:
            project.save(self, target)
        except (OSError, TapDeskError) as exc:
            self.report_error(f"Could not save the project to {target.name}.", str(exc))
            return False
        self.project_path = target
        self.dirty = False
        settings.add_recent_file(target)
        self.rebuild_recent_menu()
        self.statusBar().showMessage(f"Saved {target.name}")
        project.clear_autosave()
        return True

    def save_project_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save project", str(Path(settings.last_folder()) /
                                              "analysis.tapdesk"), "TapDesk projects (*.tapdesk)")
        return self.save_project(path) if path else False

    def open_project_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open project", settings.last_folder(),
                                              "TapDesk projects (*.tapdesk)")
        if path:
            self.open_project(path)

    def open_project(self, path: str | Path) -> bool:
        from tapdesk.gui import project
        try:
            project.load(self, Path(path))
        except (OSError, TapDeskError, ValueError, KeyError) as exc:
            self.report_error(f"Could not open the project {Path(path).name}.", str(exc))
            return False
        self.project_path = Path(path)
        self.dirty = False
        settings.add_recent_file(path)
        self.rebuild_recent_menu()
        return True

    def _autosave_soon(self) -> None:
        from tapdesk.gui import project
        try:
            project.autosave(self)
        except (OSError, TapDeskError):
            pass            # autosave is best effort; the user's explicit saves report errors

    def offer_recovery(self) -> None:
        from tapdesk.gui import project
        project.offer_recovery(self)

    # --------------------------------------------------------------- report
    def export_report(self, path: str | Path | None = None) -> Path | None:
        result = self.results_pane.current()
        if result is None:
            self.report_error("There is no result to report yet.", "Fit a model first.")
            return None
        try:
            module = importlib.import_module("tapdesk.gui.report_pdf")
        except ImportError:
            self.report_error("Report export is not available in this version.", "")
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export report", "tapdesk-report.pdf",
                                                  "PDF files (*.pdf)")
            if not path:
                return None
        try:
            written = module.write_report_pdf(self.report_inputs(), Path(path))
        except Exception as exc:   # noqa: BLE001 - report errors must not close the app
            import traceback
            self.report_error("The report could not be written.",
                              f"{type(exc).__name__}: {exc}\n\n{traceback.format_exc()}")
            return None
        self.statusBar().showMessage(f"Report written to {path}")
        return Path(written) if written else Path(path)

    def report_inputs(self):
        """The shown fit, its data, and the other fits of the session as extras."""
        from tapdesk.report.build import ReportInputs
        result = self.results_pane.current()
        extras = tuple(r for r in self.results_pane.history if r is not result)
        return ReportInputs(result, self.results_pane.table, extras=extras,
                            plan=getattr(self, "report_plan", None))

    # ---------------------------------------------------------- window state
    def _update_actions(self) -> None:
        has_data = self.dataset_pane.table is not None
        running = self.controller.running
        self.model_pane.set_table(self.dataset_pane.table)
        self.model_pane.running(running)
        for name, on in (("fit", has_data and not running), ("cancel", running),
                         ("save", has_data), ("save_as", has_data),
                         ("export_report", bool(self.results_pane.history))):
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
        self.save_layout()
        self.shutdown()
        from tapdesk.gui import project
        project.wait_for_autosave()
        if not self.dirty:
            project.clear_autosave()
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
