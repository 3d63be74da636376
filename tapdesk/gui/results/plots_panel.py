"""The Plots tab: every plot that applies to the shown fit, drawn from the fit's own data."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tapdesk.gui.plots.titles import wrap_titles
from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.widgets.eliding_combo import ElidingComboBox
from tapdesk.gui.widgets.flow_row import FlowRow
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _
from tapdesk.render.plots import export_png, export_svg, plot_makers
from tapdesk.render.plots.builders import PlotMaker
from tapdesk.render.plots.common import remember_view, reset_view


class PlotsPanel(QWidget):
    """A chooser of the plots that apply to the shown result, each savable as PNG/SVG.

    While a fit runs, a line at the top says these plots are of the fit chosen on the right
    and links to the running fit's live plots on the Progress tab (``progress_wanted``).
    """

    progress_wanted = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        row = FlowRow()                        # the buttons under the chooser where the tab is
        #                                        narrow (587 px side by side in the
        #                                        pseudo-language: the fits list was squeezed)
        row.addWidget(say(QLabel(), "setText", N_("Plot:")))
        self.chooser = ElidingComboBox()       # a long title ends in "…", whole in its tooltip
        say(self.chooser, "setAccessibleName", N_("Plot"))
        self.chooser.setMinimumWidth(180)      # 220 held the results 12 px too wide at 1280 in the
        #                                        pseudo-language: the left side was cut (issue 54)
        self.chooser.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        row.addWidget(self.chooser)            # the room its line has left
        self.png_button = say(QPushButton(), "setText", N_("Save PNG..."))
        self.svg_button = say(QPushButton(), "setText", N_("Save SVG..."))
        say(self.png_button, "setToolTip", N_("Save the plot as a picture (PNG)."))
        say(self.svg_button, "setToolTip", N_("Save the plot as a scalable drawing (SVG)."))
        self.png_button.clicked.connect(lambda: self._save("png"))
        self.svg_button.clicked.connect(lambda: self._save("svg"))
        row.addWidget(self.png_button)
        row.addWidget(self.svg_button)
        layout.addLayout(row)
        self.running_note = QLabel()
        self.running_note.setWordWrap(True)
        say(self.running_note, "setAccessibleName", N_("Running fit"))
        self.running_note.setTextFormat(Qt.TextFormat.RichText)
        self.running_note.linkActivated.connect(lambda _: self.progress_wanted.emit())
        self.running_note.hide()
        layout.addWidget(self.running_note)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack, 1)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        say(self.caption, "setAccessibleName", N_("Plot caption"))
        layout.addWidget(self.caption)
        self.chooser.currentIndexChanged.connect(self._show_index)
        self._built: list[tuple[str, QWidget]] = []
        self._makers: list[PlotMaker] = []     # the shown fit's plots not built yet
        self._pending = None

    @property
    def widgets(self) -> list[tuple[str, QWidget]]:
        """Every plot of the shown fit as (title, widget), the ones not built yet built now."""
        while self._makers:
            self._build_one()
        return self._built

    def show_running(self, words: str | None) -> None:
        """Say where the running fit's live plots are (``words``: the fit; None: no fit runs)."""
        self.running_note.setVisible(words is not None)
        if words is not None:
            import html
            # Translators: above the Plots tab while a fit runs; {fit} names the fit; keep the
            # link's markup around "Progress tab".
            self.running_note.setText(_(
                "A fit is running ({fit}): its plots so far are on the <a href='progress'>Progress "
                "tab</a>. The plots below are of the fit chosen on the right.").format(
                fit=html.escape(words, quote=False)))

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
        self.chooser.clear()
        self._built = []
        self._makers = list(plot_makers(result, table)) if result is not None else []
        while self._makers and not self._built:      # the first plot at once ...
            self._build_one()
        self._show_index(0)
        QTimer.singleShot(0, self, self._build_later)  # ... the others one per turn of the loop

    def _build_later(self) -> None:
        if self._makers:
            self._build_one()
            QTimer.singleShot(0, self, self._build_later)   # dropped if the panel is deleted

    def _build_one(self) -> None:
        """Build the next plot; add it to the chooser when it applies to the fit."""
        title, make = self._makers.pop(0)
        widget = make()
        if widget is None:
            return
        remember_view(widget)
        wrap_titles(widget)                  # a long title wraps instead of running off the plot
        self._built.append((title, widget))
        self.stack.addWidget(widget)
        self.chooser.blockSignals(True)
        self.chooser.addItem(_(title))       # the name is an English key (plot_makers)
        self.chooser.blockSignals(False)
        for b in (self.png_button, self.svg_button):
            b.setEnabled(True)

    def _show_index(self, index: int) -> None:
        """Show plot ``index`` with its caption, where the plot has one (what is drawn)."""
        self.stack.setCurrentIndex(index)
        widget = self._built[index][1] if 0 <= index < len(self._built) else None
        for b in (self.png_button, self.svg_button):
            b.setEnabled(widget is not None)
        text = getattr(widget, "caption", "")
        self.caption.setText(text)
        self.caption.setVisible(bool(text))

    @property
    def building(self) -> bool:
        """Plots of the shown fit are still being built (one per turn of the event loop)."""
        return bool(self._makers) or self._pending is not None

    def show_plot(self, index: int) -> None:
        self.widgets                                  # noqa: B018 - every plot built first
        self.chooser.setCurrentIndex(index)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt API
        """The plot's own menu, in plain words (the plotting library's is switched off:
        ``new_plot``)."""
        menu = self.plot_menu() if self.stack.geometry().contains(event.pos()) else None
        if menu is not None:
            menu.exec(event.globalPos())

    def plot_menu(self) -> QMenu | None:
        """The shown plot's menu (None when no plot is shown)."""
        if self._current() is None:
            return None
        menu = QMenu(self)
        menu.addAction(_("Show the whole plot"), self._whole_plot)
        menu.addAction(_("Copy the picture"), self._copy_picture)
        menu.addSeparator()
        menu.addAction(_("Save as PNG..."), lambda: self._save("png"))
        menu.addAction(_("Save as SVG..."), lambda: self._save("svg"))
        return menu

    def _current(self) -> tuple[str, QWidget] | None:
        index = self.chooser.currentIndex()
        return self._built[index] if 0 <= index < len(self._built) else None

    def _whole_plot(self) -> None:
        """Undo the user's zooming and panning: every panel of the plot back to its own range."""
        shown = self._current()
        if shown is not None:
            reset_view(shown[1])

    def _copy_picture(self) -> None:
        shown = self._current()
        if shown is not None:
            QApplication.clipboard().setPixmap(shown[1].grab())

    def _save(self, kind: str) -> None:
        shown = self._current()
        if shown is None:
            return
        title, widget = shown
        name = title.lower().replace(" ", "-") + f".{kind}"
        # Translators: a save dialog's title and file filter; {kind} is PNG or SVG.
        path, _kind = QFileDialog.getSaveFileName(
            # Translators: a save dialog's title; {kind} is PNG or SVG.
            self, _("Save plot as {kind}").format(kind=kind.upper()), name,
            # Translators: a save dialog's file filter; {kind} is PNG or SVG, {ext} its file ending
            # (keep *.{ext}).
            _("{kind} files (*.{ext})").format(kind=kind.upper(), ext=kind))
        if path:
            (export_png(widget, path) if kind == "png" else export_svg(widget, path))


