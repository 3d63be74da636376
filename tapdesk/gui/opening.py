"""What the app has written, opened for the user: a file with the program the computer uses for
its kind, a folder in the file manager, and what to do when no program opens it. File > Export
report's "Open report" and "Show in folder" (:mod:`tapdesk.gui.dialogs.export_dialog`) and the
box that says a committee pack was written (:class:`WrittenBox`, File > Committee pack) open
through here."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from tapdesk.gui.widgets.path_label import PathLabel
from tapdesk.i18n import _


def open_place(target: Path) -> bool:
    """Open ``target`` (a file, or a folder in the file manager); False when no program did."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(target)))


def problem_line() -> QLabel:
    """The hidden red line under the open buttons that says why a file or folder did not
    open (the Export dialog's and the committee pack's)."""
    line = QLabel()
    line.setWordWrap(True)
    line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    line.setStyleSheet("color: #b00020")
    line.setAccessibleName(_("Could not open"))
    line.hide()
    return line


def open_failed_words(target: Path, what: str) -> str:
    """What to do when no program opened ``target`` (no viewer installed, no file manager):
    ``what`` is "the report" (a report's file), "the folder" (the report's folder) or "the pack"
    (the folder a committee pack was written to).

    The folder stands on a line of its own: inside a sentence the line was broken after its
    first folder ("/tmp/" at one line's end, "w53/home" on the next), as Qt may break after "/".
    """
    if what == "the folder":
        # Translators: {folder} is the folder that holds the report, on a line of its own.
        return _("No program on this computer opened the folder. The report is in the folder "
                 "below; open that folder from your file manager.\n{folder}").format(folder=target)
    if what == "the pack":
        # Translators: {folder} is the folder the committee pack was written to, on a line of its
        # own.
        return _("No program on this computer opened the folder. The committee pack is in the "
                 "folder below; open that folder from your file manager.\n{folder}").format(
            folder=target)
    # Translators: {name} is the report's file name, {folder} the folder that holds it (on a
    # line of its own).
    return _("No program on this computer opened {name}: there may be no viewer for this kind of "
             "file. The report is saved as {name} in the folder below; open it from there, or "
             "install a viewer for it.\n{folder}").format(name=target.name, folder=target.parent)


def split_path(words: str, path: Path) -> tuple[str, str]:
    """``words`` without the path on their last line, and that path ("" when the last line is
    not ``path``): the path is shown on a line of its own that never wraps."""
    head, _sep, last = words.rpartition("\n")
    return (head, last) if last == str(path) else (words, "")


class WrittenBox(QDialog):
    """A box saying what was written and where (``heading`` in bold, then ``words``), with
    **Show in folder** and **Close**. Show in folder opens ``folder`` and closes the box; where
    no program opens it, the box stays and says what to do (:func:`open_failed_words`).
    Window-modal, opened (not run in a loop of its own), deleted when closed."""

    def __init__(self, parent: QWidget, title: str, heading: str, words: str, folder: Path,
                 what: str) -> None:
        super().__init__(parent)
        self.folder, self.what = Path(folder), what
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        layout = QVBoxLayout(self)
        self.heading = QLabel(heading)
        self.heading.setAccessibleName(heading)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        layout.addWidget(self.heading)
        sentence, place = split_path(words, self.folder)
        self.words = QLabel(sentence)
        self.words.setWordWrap(True)
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.words)
        self.place = PathLabel(place) if place else None      # the folder, on one line
        if self.place is not None:
            layout.addWidget(self.place)
        self.problem = problem_line()
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox()
        # an action button: the box stays open when the folder cannot be opened
        self.folder_button = buttons.addButton(_("Show in &folder"),
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_button.clicked.connect(self.show_folder)
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(self._width_for(place))
        self.folder_button.setDefault(True)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _width_for(self, place: str) -> int:
        """Wide enough for the path whole, up to a box no wider than 760 pixels."""
        need = self.fontMetrics().horizontalAdvance(place) + 2 * 24 if place else 0
        return min(max(460, need), 760)

    def show_folder(self) -> bool:
        """Open the folder; close the box when a program did, else say what to do."""
        ok = open_place(self.folder)
        if ok:
            self.accept()
        else:
            self.problem.setText(open_failed_words(self.folder, self.what))
            self.problem.show()
        return ok
