"""The Plots tab: every plot that applies to the shown fit, drawn from the fit's own data."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tapdesk.gui.project.session import FitEntry
from tapdesk.render.plots import export_png, export_svg, plots_for


class PlotsPanel(QWidget):
    """A chooser of the plots that apply to the shown result, each savable as PNG/SVG.

    While a fit runs, a line at the top says these plots are of the fit chosen on the right
    and links to the running fit's live plots on the Progress tab (``progress_wanted``).
    """

    progress_wanted = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Plot:"))
        self.chooser = QComboBox()
        self.chooser.setAccessibleName("Plot")
        self.chooser.setMinimumWidth(220)
        row.addWidget(self.chooser, 1)
        self.png_button = QPushButton("Save PNG...")
        self.svg_button = QPushButton("Save SVG...")
        self.png_button.setToolTip("Save the plot as a picture (PNG).")
        self.svg_button.setToolTip("Save the plot as a scalable drawing (SVG).")
        self.png_button.clicked.connect(lambda: self._save("png"))
        self.svg_button.clicked.connect(lambda: self._save("svg"))
        row.addWidget(self.png_button)
        row.addWidget(self.svg_button)
        layout.addLayout(row)
        self.running_note = QLabel()
        self.running_note.setWordWrap(True)
        self.running_note.setAccessibleName("Running fit")
        self.running_note.setTextFormat(Qt.TextFormat.RichText)
        self.running_note.linkActivated.connect(lambda _: self.progress_wanted.emit())
        self.running_note.hide()
        layout.addWidget(self.running_note)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack, 1)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAccessibleName("Plot caption")
        layout.addWidget(self.caption)
        self.chooser.currentIndexChanged.connect(self._show_index)
        self.widgets: list[tuple[str, QWidget]] = []
        self._pending = None

    def show_running(self, words: str | None) -> None:
        """Say where the running fit's live plots are (``words``: the fit; None: no fit runs)."""
        self.running_note.setVisible(words is not None)
        if words is not None:
            import html
            self.running_note.setText(
                f"A fit is running ({html.escape(words, quote=False)}): its plots so far are on "
                "the <a href='progress'>Progress tab</a>. The plots below are of the fit chosen "
                "on the right.")

    def set_entry(self, entry: FitEntry | None) -> None:
        """Remember what to plot; the plots are built when the tab is shown (keeps fits snappy)."""
        self._pending = (entry.result, entry.table) if entry is not None else (None, None)
        if self.isVisible():
            self._build_pending()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._build_pending()

    def _build_pending(self) -> None:
        if self._pending is None:
            return
        result, table = self._pending
        self._pending = None
        while self.stack.count():
            w = self.stack.widget(0)
            self.stack.removeWidget(w)
            w.deleteLater()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        self.widgets = plots_for(result, table) if result is not None else []
        for title, widget in self.widgets:
            self.stack.addWidget(widget)
            self.chooser.addItem(title)
        self.chooser.blockSignals(False)
        self._show_index(0)
        for b in (self.png_button, self.svg_button):
            b.setEnabled(bool(self.widgets))

    def _show_index(self, index: int) -> None:
        """Show plot ``index`` with its caption, where the plot has one (what is drawn)."""
        self.stack.setCurrentIndex(index)
        widget = self.widgets[index][1] if 0 <= index < len(self.widgets) else None
        text = getattr(widget, "caption", "")
        self.caption.setText(text)
        self.caption.setVisible(bool(text))

    def show_plot(self, index: int) -> None:
        self.chooser.setCurrentIndex(index)

    def _save(self, kind: str) -> None:
        if not self.widgets:
            return
        title, widget = self.widgets[self.chooser.currentIndex()]
        name = title.lower().replace(" ", "-") + f".{kind}"
        path, _ = QFileDialog.getSaveFileName(self, f"Save plot as {kind.upper()}", name,
                                              f"{kind.upper()} files (*.{kind})")
        if path:
            (export_png(widget, path) if kind == "png" else export_svg(widget, path))


