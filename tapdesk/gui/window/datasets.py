"""The main window's data sets: open, preview, keep side by side, switch and close.

Opening a file, pasting, an example or simulated data never replaces data
that has fits: the new data set opens beside it, and every fit stays with
the data set it was made from (the fits list groups them). A data set
without fits is simply replaced. Files go through the import preview
(:class:`~tapdesk.gui.dialogs.import_dialog.ImportPreview`) before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QFileDialog

from tapdesk.data.import_words import data_name
from tapdesk.data.importer.refusal import RefusedReading
from tapdesk.data.readers import Dataset, ImportOptions, read_ratings, read_text
from tapdesk.errors import TapDeskError
from tapdesk.gui import settings
from tapdesk.gui.file_kinds import not_a_table
from tapdesk.gui.project.session import BinaryChoice, DataSession, table_sha256
from tapdesk.gui.window import unsaved_words
from tapdesk.i18n import N_, _, formats

# Translators: the file dialog's filters of ratings files, one per ";;": translate the names,
# keep each "(*.csv ...)" as it is.
DATA_FILTER = N_("Ratings files (*.csv *.tsv *.txt *.tab *.dat *.xlsx *.xlsm *.xls *.ods *.sav *.zsav "
                 "*.dta);;Text tables (*.csv *.tsv *.txt *.tab *.dat);;"
                 "Spreadsheets (*.xlsx *.xlsm *.xls *.ods);;SPSS and Stata (*.sav *.zsav *.dta);;"
                 "All files (*)")
READ_IN_BACKGROUND_BYTES = 1_000_000
"""Files at least this big are read in a background thread (the window keeps repainting)."""


def read_error(name: str, exc: BaseException, path: Path | None = None) -> tuple[str, str]:
    """(message naming the real cause, details) for a file that could not be read."""
    kind = not_a_table(path) if path is not None else None
    # Translators: the status bar's error on opening a file: {name} is the file's name, {cause}
    # why it could not be opened.
    opened = _("Could not open {name}: {cause}")
    if kind:
        return opened.format(name=name, cause=kind), str(exc)
    if isinstance(exc, TapDeskError):
        text = str(exc)
        detail = getattr(exc, "detail", None) or text
        if text.startswith(f"{name}: ") or text.startswith(f"{path}: "):
            text = detail
        return opened.format(name=name, cause=text), str(exc)
    # Translators: {error} is the name of a Python error ("UnicodeDecodeError").
    return (opened.format(name=name, cause=_("the file could not be read ({error}).").format(
        error=type(exc).__name__)),
            f"{type(exc).__name__}: {exc}")


class DataMixin:
    """Data-set handling of :class:`~tapdesk.gui.window.main_window.MainWindow`."""

    def _init_data(self) -> None:
        self.sessions: dict[int, DataSession] = {}
        self.session: DataSession | None = None
        self._next_key = 1
        self._showing = False
        self.preview_imports = True

    @property
    def table(self):
        return self.dataset_pane.table

    # ------------------------------------------------------------ opening
    def open_dialog(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(self, _("Open ratings"), settings.last_folder(),
                                                  _(DATA_FILTER))
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, options: ImportOptions | None = None, *,
                  preview: bool | None = None) -> bool:
        """Read a file, show the import preview, then open it. False (data unchanged) otherwise."""
        path = Path(path)
        if path.suffix.lower() == ".tapdesk":
            return self.open_project(path)
        options = options or ImportOptions()
        show = self.preview_imports if preview is None else preview
        read = self._read_reporting(path, options, refusal_ok=show)
        if read is None:
            return False
        refusal = read if isinstance(read, RefusedReading) else None
        dataset = None if refusal is not None else read
        if show:
            accepted = self.preview_import(dataset, options, path=path, refusal=refusal)
            if accepted is None:
                # Translators: the status bar; {name} is a file's name.
                self.tell(lambda: _("Import of {name} cancelled; nothing changed.").format(
                    name=path.name))
                return False
            dataset, options = accepted
        settings.add_recent_file(path)
        settings.set_last_folder(path)
        self.rebuild_recent_menu()
        # Translators: the status bar after opening a file; {name} is the file's name.
        self.load_dataset(dataset, lambda: _("Opened {name}").format(name=path.name), source="file",
                          path=path, options=options)
        return True

    def remember_source(self, session) -> None:
        """List the data ``session`` was read from first in File > Open recent (a committee pack
        made from them: a pack is no data to open again). An example, or a file; pasted and
        generated data have nowhere to be opened from again."""
        example = getattr(self, "example_keys", {}).get(session.key)
        if example is not None:
            settings.add_recent_example(example)
        elif session.source_path is not None and Path(session.source_path).is_file():
            settings.add_recent_file(session.source_path)
        else:
            return
        self.rebuild_recent_menu()

    def _read_reporting(self, path: Path, options: ImportOptions, *,
                        refusal_ok: bool = False) -> Dataset | RefusedReading | None:
        """The data read, or (``refusal_ok``) a refusal the preview can open on to fix; None
        once the error is shown (a file with no table in it, or no preview to fix it in)."""
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            return self.read_file(path, options)
        except RefusedReading as exc:
            if refusal_ok:
                return exc
            QApplication.restoreOverrideCursor()
            self.report_error(*read_error(path.name, exc, path))
            return None
        except Exception as exc:   # noqa: BLE001 - never a traceback for bad input
            QApplication.restoreOverrideCursor()
            self.report_error(*read_error(path.name, exc, path))
            return None
        finally:
            QApplication.restoreOverrideCursor()

    def read_file(self, path: Path, options: ImportOptions) -> Dataset:
        """Read a ratings file; big files in a background thread while the window repaints."""
        try:
            size = path.stat().st_size
        except OSError:
            size = 0                      # read_ratings says in words what is wrong with the path
        if size < READ_IN_BACKGROUND_BYTES:
            return read_ratings(path, options)
        from tapdesk.gui.tasks.background import call_off_gui_thread
        # Translators: the status bar while a big file is read; {name} is its name, {size} a
        # number of megabytes ("12.3").
        self.tell(lambda: _("Reading {name} ({size} MB)...").format(
            name=path.name, size=formats.decimal(size / 1e6, 1)))
        self.setEnabled(False)            # no second open or fit while this one reads
        try:
            return call_off_gui_thread(lambda: read_ratings(path, options), "tapdesk-read")
        finally:
            self.setEnabled(True)

    def preview_import(self, dataset: Dataset | None, options: ImportOptions, *,
                       path: Path | None = None, text: str | None = None,
                       refusal: RefusedReading | None = None) -> tuple[Dataset, ImportOptions] | None:
        """Show how the data were read (or, on a ``refusal``, why not, to be fixed there);
        (dataset, options) as accepted, or None if cancelled."""
        from tapdesk.gui.dialogs.import_dialog import ImportPreview
        reread = (lambda opts: self.read_file(path, opts)) if path is not None else \
            (lambda opts: read_text(text, opts))
        dialog = ImportPreview(self, dataset, options, path=path, text=text, reread=reread,
                               refusal=refusal)
        if not dialog.exec() or dialog.dataset is None:
            return None
        return dialog.dataset, dialog.options()

    def paste_data(self) -> bool:
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.report_error(_("The clipboard holds no text to read as ratings."),
                              _("Copy cells from a spreadsheet first, then paste."))
            return False
        return self.open_text(text)

    def open_text(self, text: str, options: ImportOptions | None = None, *,
                  preview: bool | None = None) -> bool:
        options = options or ImportOptions()
        show = self.preview_imports if preview is None else preview
        refusal = None
        try:
            dataset: Dataset | None = read_text(text, options)
        except TapDeskError as exc:
            if not (show and isinstance(exc, RefusedReading)):
                # Translators: {cause} says why the pasted ratings could not be read.
                self.report_error(_("Could not read the pasted data: {cause}").format(cause=exc),
                                  str(exc))
                return False
            dataset, refusal = None, exc
        if show:
            accepted = self.preview_import(dataset, options, text=text, refusal=refusal)
            if accepted is None:
                return False
            dataset, options = accepted
        self.load_dataset(dataset, lambda: _("Pasted data from the clipboard"), source="pasted", text=text,
                          options=options,
                          # Translators: the name of a data set pasted from the clipboard.
                          name=_("Pasted data"))
        return True

    # ------------------------------------------------------------ sessions
    def load_dataset(self, dataset: Dataset, message: str | Callable[[], str], *,
                     source: str = "generated",
                     path: Path | None = None, text: str | None = None,
                     options: ImportOptions | None = None, name: str | None = None,
                     item: str | None = None, choice: BinaryChoice | None = None,
                     scale=None) -> DataSession:
        """Open a data set: beside the current one when that has fits, else in its place.

        The same data from the same place, already open, are shown rather than opened twice.
        ``message`` says in the status line what was opened: a function that words it in the
        current language (said again in a new one), or its words.
        """
        # A built-in example's name is a Text: it is named in the language shown when it opens,
        # as a file keeps the name it was saved under.
        name = name or data_name(dataset.provenance.file_name or "") or (
            path.name if path else _("Data"))
        table = dataset.table.with_scale(scale) if scale is not None else dataset.table
        same = self._already_open(table, path, text)
        if same is not None:
            self.show_session(same.key)
            # Translators: the status bar when the data opened are open already; {name} is the
            # data set's name.
            self.tell(lambda: _("{name} is open already; it is shown.").format(name=same.name))
            return same
        session = DataSession(self._next_key, dataset, table, self._unique_name(name), source,
                              path, text, options or ImportOptions(), choice,
                              item if item is not None else dataset.item)
        self._next_key += 1
        old = self.session
        beside = old is not None and self.session_has_fits(old.key)
        if old is not None and not beside:
            del self.sessions[old.key]
        self.sessions[session.key] = session
        self.show_session(session.key)
        opened = message if callable(message) else (lambda: message)
        other = old.name if beside and old is not None else ""

        def words() -> str:
            said = opened()
            if other:
                # Translators: the status bar after opening data beside others: {message} says what
                # was opened ("Opened wine.csv"), {name} is the other data set's name.
                said = _("{message} beside {name}, whose fits stay with it (see the list on the "
                         "right)").format(message=said, name=other)
            # Translators: the status bar's line after data were opened; {message} says which.
            return _("{message}.").format(message=said)

        self.tell(words)
        self.mark_dirty()
        self.autosaver.save_now(background=True)     # the data are part of the work too
        return session

    def _already_open(self, table, path: Path | None, text: str | None) -> DataSession | None:
        if path is None and text is None:
            return None                          # examples and simulations: always new
        sha = table_sha256(table)
        for s in self.sessions.values():
            if (s.source_path == path and s.source_text == text
                    and table_sha256(s.dataset.table) == sha):
                return s
        return None

    def _unique_name(self, name: str) -> str:
        """``name``, or "name (2)" when a data set that stays open has that name already."""
        replaced = self.session.key if self.session is not None and \
            not self.session_has_fits(self.session.key) else None
        taken = {s.name for s in self.sessions.values() if s.key != replaced}
        if name not in taken:
            return name
        n = 2
        while f"{name} ({n})" in taken:
            n += 1
        return f"{name} ({n})"

    def session_has_fits(self, key: int) -> bool:
        return any(e.session_key == key for e in self.results_pane.entries)

    def store_session_view(self) -> None:
        """Keep the pane's scale and Class-1 choice in the current session."""
        s = self.session
        if s is not None and self.dataset_pane.table is not None:
            s.table = self.dataset_pane.table
            s.choice = self.dataset_pane.binary_choice()
            s.item = self.dataset_pane.current_item() if s.dataset.items else s.item

    def show_session(self, key: int) -> None:
        """Make data set ``key`` the current one (pane, model options, results)."""
        if self.session is not None and self.session.key in self.sessions:
            self.store_session_view()
        s = self.sessions[key]
        self.session = s
        self.results_pane.set_data_name(s.name)
        self._showing = True                     # showing a data set changes nothing in it
        try:
            self.dataset_pane.set_dataset(s.dataset, item=s.item, choice=s.choice,
                                          scale=s.table.scale)
        finally:
            self._showing = False
        self._sessions_changed()
        shown = self.results_pane.current_entry()
        if shown is None or shown.session_key != key or shown.data.item != s.item:
            mine = self.results_pane.entries_of(key, s.item)
            self.results_pane.select(mine[-1] if mine else -1)
        if not self.results_pane.entries_of(key, s.item):
            self.results_pane.show_tab("Data")
        self._update_actions()

    def _sessions_changed(self) -> None:
        items = [(k, f"{s.name} ({formats.integer(s.table.n_subjects)} \u00d7 "
                     f"{formats.integer(s.table.n_raters)})")
                 for k, s in self.sessions.items()]
        self.dataset_pane.set_sessions(items, self.session.key if self.session else None)

    def _entry_chosen(self, entry) -> None:
        """The user picked a fit: show its data set too, so nothing on screen mixes data."""
        s = self.sessions.get(entry.session_key)
        if s is None:
            return
        if self.session is not s:
            self.show_session(s.key)
        if entry.data.item and entry.data.item != self.dataset_pane.current_item():
            self._pick_item(entry.data.item)

    def close_session(self, key: int | None = None) -> bool:
        """Close a data set and its fits (asking first when they are not saved)."""
        key = self.session.key if key is None and self.session is not None else key
        if key not in self.sessions:
            return False
        s = self.sessions[key]
        fits = [i for i, e in enumerate(self.results_pane.entries) if e.session_key == key]
        if fits and self.dirty and not self.confirm_unsaved(
                unsaved_words.closing_data(s.name, len(fits))):
            return False
        self.results_pane.remove_entries(fits)
        del self.sessions[key]
        self.session = None
        if self.sessions:
            self.show_session(list(self.sessions)[-1])
        else:
            self.dataset_pane.clear()
            self.results_pane.set_data_name("")
            self._sessions_changed()
            self._update_actions()
        self.mark_dirty()
        # Translators: the status bar; {name} is a data set's name.
        self.tell(lambda: _("Closed {name}.").format(name=s.name))
        return True

    # ------------------------------------------------------------ mapping
    def change_mapping(self) -> None:
        s = self.session
        if s is None:
            return
        accepted = self.preview_import(s.dataset, s.import_options, path=s.source_path,
                                       text=s.source_text) \
            if (s.source_path is not None or s.source_text is not None) else None
        if accepted is None:
            return
        dataset, options = accepted
        # Translators: the status bar after reading a data set again; {name} is its name.
        self.load_dataset(dataset, lambda: _("Read {name} again").format(name=s.name), source=s.source,
                          path=s.source_path,
                          text=s.source_text, options=options, name=s.dataset.provenance.file_name
                          or s.name)

    def _pick_item(self, item: str) -> None:
        """Switch to another item of a multi-item file (no re-reading when the items are kept)."""
        s = self.session
        if s is None or not s.dataset.items:
            return
        try:
            if s.dataset.item_tables:
                table = s.dataset.for_item(item)
            elif s.source_path is not None:
                table = self.read_file(s.source_path, replace(s.import_options, item=item)).table
            else:
                raise TapDeskError(_("the other items were not kept; open the file again"))
        except (TapDeskError, OSError) as exc:
            # Translators: {item} is the name of a question rated separately, {cause} why.
            self.report_error(_("Could not switch to item {item}: {cause}").format(
                item=item, cause=exc), str(exc))
            return
        self.store_session_view()
        s.dataset = replace(s.dataset, table=table, item=item)
        s.table, s.item, s.choice = table, item, None
        s.import_options = replace(s.import_options, item=item)
        self.show_session(s.key)
        # Translators: the status bar after choosing an item (a question rated separately);
        # {item} is its name.
        self.tell(lambda: _("Item {item}").format(item=item))

    def _data_changed(self) -> None:
        self.model_pane.set_table(self.dataset_pane.table)
        if self.session is not None and self.dataset_pane.table is not None:
            self.session.table = self.dataset_pane.table
        if not self._showing:
            self.mark_dirty()
