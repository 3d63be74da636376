"""Which fits go into the report: a checklist of the current data set's fits, in order.

The first ticked fit leads the report and the others follow it. A fuller
export dialog (title, author, note, format) can take the place of
:func:`choose_report_contents`; it is handed the same candidates
(:meth:`tapdesk.gui.main_window.MainWindow.report_candidates`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout


class ReportContentsDialog(QDialog):
    def __init__(self, parent, candidates) -> None:
        super().__init__(parent)
        self.setWindowTitle("What goes into the report")
        layout = QVBoxLayout(self)
        note = QLabel("Tick the fits and analyses to report. They are all from the same data; "
                      "the first ticked one leads the report, the others follow in this order.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.list = QListWidget()
        self.list.setAccessibleName("Report contents")
        for name, _result, _table in candidates:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.list.addItem(item)
        layout.addWidget(self.list, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Choose the file...")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.list.itemChanged.connect(lambda _: buttons.button(
            QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.chosen())))
        layout.addWidget(buttons)
        self.resize(640, 360)

    def chosen(self) -> list[int]:
        return [i for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]


def choose_report_contents(parent, candidates) -> list[int] | None:
    """Indices of the chosen candidates, or None when cancelled."""
    dialog = ReportContentsDialog(parent, candidates)
    return dialog.chosen() if dialog.exec() else None
