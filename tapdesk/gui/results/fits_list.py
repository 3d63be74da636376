"""The fits list: every fit of the session, grouped under the data set it was made from.

Each data set is a bold heading (name, size); under it each fit shows its
number, the model and the method (their asides in brackets in the tooltip), the draws or
bootstrap, and Class 1, broken only between them, so two fits are always told apart in two or
three lines. The lines are made for the list's width (again when it changes), and the list is
never narrower than its longest word beside the tick box (a word longer than
``LONG_WORD`` letters is broken with a hyphen instead), so nothing is cut. A tick box on each
fit, in the column headed by a tick ("Compare" in its tooltip and accessible name), chooses it
for the Compare tab.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTreeWidget, QTreeWidgetItem

from tapdesk.gui.project.session import FitEntry
from tapdesk.i18n import N_, NC_, _, pgettext
from tapdesk.i18n.deferred import shown
from tapdesk.report.line_breaks import wrap_line, wrap_parts

INDEX_ROLE = Qt.ItemDataRole.UserRole + 7
COMPARE, TEXT = 0, 1
"""The columns: the tick box (headed by a tick, "Compare" in its tooltip and accessible name),
then the fit in words."""
TICK = "\u2713"
"""The tick boxes' heading: a word there ("Vergleich", "Comparer") took 75 of the list's 190 px
in French and Spanish at 1280, and the fits ran past the list's edge (issue 53 against 54)."""
SCROLL_BAR_ROOM = 16
"""The list's least width keeps this free for the vertical scroll bar that many fits bring."""
LONG_WORD = 16
"""A word longer than this many letters ("x"s) may be broken with a hyphen rather than widen the
list: German compounds would otherwise take the tabs' room at 1280 (issue 54)."""
COMPARE_TIP = N_("Ticked: this fit is shown on the Compare tab, side by side with the other ticked "
                  "fits (Space ticks or unticks the selected fit).")


def group_key(entry: FitEntry) -> tuple:
    """Fits of the same open data set (and item) share a heading."""
    return (entry.session_key, entry.data.item) if entry.session_key >= 0 else \
        (entry.data.sha256, entry.data.name, entry.data.item)


def heading_lines(title: str, size: str, fits) -> list[str]:
    """A data set's heading: its name over its size when each has a line of its own; else the
    two run on, "wine.csv, 183 sujets" over "× 4 évaluateurs" ("×" stays with the count it
    leads), where a line each wrapped to three (French and Spanish at 1280)."""
    apart = wrap_line(title, fits) + wrap_line(size, fits)
    if len(apart) <= 2:
        return apart
    together = wrap_line(f"{title}, {size}".replace("\u00d7 ", "\u00d7\u00a0"), fits)
    return together if len(together) < len(apart) else apart


def short_title(title: str) -> str:
    """A model's title without its asides in brackets ("t-a-p per rater (each rater their own
    accuracy and guess rate)" is "t-a-p per rater"); the tooltip has it whole."""
    return re.sub(r" \([^()]*\)", "", title).strip() or title


def fit_text(entry: FitEntry, number: int, fits=lambda line: True) -> str:
    """Number and model, the method, draws and Class 1 run on, broken only between them:
    each line kept within the list's width (a long title over four lines and a line each for
    method and Class 1 made a fit five to seven lines tall)."""
    # Translators: a fit in the fits list: {number} is its number, {title} the model's short name.
    first = _("{number}. {title}") if entry.result.complete else (
        # Translators: as above, for a fit that was stopped before its end.
        _("{number}. {title} (stopped early)"))
    title = first.format(number=number, title=short_title(shown(entry.result.title)))
    method, *rest = entry.detail_lines()       # "Bayesian (simulation)": its aside, too,
    #                                            in the tooltip; the draws tell it from exact
    return "\n".join(wrap_parts([title, short_title(method), *rest], fits, indent=""))


def fit_tooltip(entry: FitEntry) -> str:
    # Translators: {data} is one line about the data set (name, size, ratings, categories).
    lines = [shown(entry.result.title), entry.describe(),
             # Translators: {data} is one line about the data set (name, size, ratings,
             # categories).
             _("Data: {data}").format(data=entry.data.summary())]
    if entry.result.headline:
        lines.append("")
        lines.extend(shown(h) for h in entry.result.headline)
    return "\n".join(lines)


class FitsList(QTreeWidget):
    """Fits grouped by data set; emits the index (into the entries) of the chosen fit."""

    current_changed = Signal(int)       # index into the entries, -1 for none
    checks_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(2)
        self.retranslate_texts()
        self.setRootIsDecorated(False)
        self.setIndentation(10)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setUniformRowHeights(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.header().setSectionResizeMode(COMPARE, QHeaderView.ResizeMode.ResizeToContents)
        self.header().setSectionResizeMode(TEXT, QHeaderView.ResizeMode.Stretch)   # to the edge
        self._items: list[QTreeWidgetItem] = []
        self._entries: list[FitEntry] = []
        self._ids: list[int] = []
        self._checked: dict[int, bool] = {}
        self._filling = False            # a resize while the items are made must not remake them
        self.currentItemChanged.connect(self._current_item_changed)
        self.itemChanged.connect(lambda *_: self._remember_checks())

    HEADINGS = (NC_("fits list", "Compare"), NC_("fits list", "Fit"))

    def retranslate_texts(self) -> None:
        """The headings and tips in the current language (the fits' own lines when refilled)."""
        self.setHeaderLabels([TICK, pgettext("fits list", "Fit")])
        self.headerItem().setToolTip(COMPARE, _(COMPARE_TIP))
        self.headerItem().setData(COMPARE, Qt.ItemDataRole.AccessibleTextRole,
                                  pgettext("fits list", "Compare"))
        self.setAccessibleName(_("Fit history"))
        self.setToolTip(_("Every fit of this session, under the data it was made from. Click one to "
                          "show it; tick several and open Compare to see them side by side."))
        if self._entries_known():
            self.set_entries(self._entries, self.current_index(), notify=False)

    def _entries_known(self) -> bool:
        return bool(getattr(self, "_entries", None))

    # ---------------------------------------------------------------- build
    def set_entries(self, entries: list[FitEntry], current: int = -1, notify: bool = True) -> None:
        """Show ``entries`` (in order, grouped by data set) and select ``current``."""
        self.blockSignals(True)
        self._filling = True
        width = self.viewport().width()
        try:
            self.clear()
            self._items = []
            groups: dict[tuple, QTreeWidgetItem] = {}
            bold = self._bold()
            for i, entry in enumerate(entries):
                key = group_key(entry)
                head = groups.get(key)
                if head is None:
                    head = QTreeWidgetItem(["\n".join(heading_lines(entry.data.title, entry.data.size,
                                                                     self._fits_across))])
                    head.setFont(0, bold)
                    head.setFlags(Qt.ItemFlag.ItemIsEnabled)
                    head.setToolTip(0, entry.data.summary())
                    head.setData(0, INDEX_ROLE, -1)
                    self.addTopLevelItem(head)
                    head.setFirstColumnSpanned(True)
                    head.setExpanded(True)
                    groups[key] = head
                item = QTreeWidgetItem(["", fit_text(entry, i + 1, self._fits)])
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                checked = self._checked.get(id(entry.result), True)
                item.setCheckState(COMPARE, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                item.setToolTip(COMPARE, _(COMPARE_TIP))
                # Translators: the accessible name of a fit's tick box; {n} is its number.
                item.setData(COMPARE, Qt.ItemDataRole.AccessibleTextRole,
                             # Translators: the accessible name of a fit's tick box; {n} is its
                             # number.
                             _("Compare fit {n}").format(n=i + 1))
                item.setToolTip(TEXT, fit_tooltip(entry))
                item.setData(0, INDEX_ROLE, i)
                head.addChild(item)
                head.setExpanded(True)
                self._items.append(item)
            self._ids = [id(e.result) for e in entries]
            self._entries = list(entries)
            live = set(self._ids)
            self._checked = {k: v for k, v in self._checked.items() if k in live}
            if 0 <= current < len(self._items):
                self.setCurrentItem(self._items[current])
        finally:
            self.blockSignals(False)
            self._filling = False
        self.updateGeometry()                   # its minimum width follows its fits' words
        if self.viewport().width() != width:    # the width changed while the lines were made
            self.set_entries(self._entries, current, notify=False)
        if notify:
            self.current_changed.emit(self.current_index())

    def _fits(self, line: str) -> bool:
        """Whether a line fits the list beside the tick box, with room for a scroll bar (no
        floor: a floor of 120 px ran the lines past a list squeezed to 190 px)."""
        return self.fontMetrics().horizontalAdvance(line) <= self._text_room()

    def _fits_across(self, line: str) -> bool:
        """Whether a heading's line fits the list's width (a heading spans both columns; measured
        beside the tick box it wrapped "183 Fälle × 4 Beurteiler" over two lines)."""
        return QFontMetrics(self._bold()).horizontalAdvance(line) <= self._heading_room()

    def _bold(self) -> QFont:
        """The headings' type (measured in plain type, a bold line ran past the edge)."""
        bold = QFont(self.font())
        bold.setBold(True)
        return bold

    def _heading_room(self) -> int:
        return self.viewport().width() - 2 * self._padding()

    def _text_room(self) -> int:
        """The room beside the tick box. The viewport is already narrower by a scroll bar
        shown, and one that comes with more fits narrows it and makes the lines again
        (:meth:`resizeEvent` hears the viewport's resizes): 16 px kept free for a bar that was
        not there left French a line of 15 characters, and a fit four lines."""
        return self.viewport().width() - self.indentation() - self._tick_width() - \
            2 * self._padding()

    def _padding(self) -> int:
        """An item's text margin on each side (the style's, plus one)."""
        return self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1

    def _tick_width(self) -> int:
        return max(self.header().sectionSize(COMPARE), self.header().sectionSizeHint(COMPARE))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """No narrower than the tick box and the longest word of a fit beside it, up to
        ``LONG_WORD`` characters: the tabs beside the list take its room down to this (issue
        54); a longer word ("Übereinstimmungskoeffizienten") is broken with a hyphen instead,
        so no fit is cut."""
        words = [w for text in self._word_texts() for w in text.split()]
        widest = min(max((self.fontMetrics().horizontalAdvance(w) for w in words), default=0),
                     self.fontMetrics().horizontalAdvance("x" * LONG_WORD))
        width = self.indentation() + self._tick_width() + widest + SCROLL_BAR_ROOM + \
            2 * self._padding() + 2 * self.frameWidth()
        return QSize(max(width, super().minimumSizeHint().width()), super().minimumSizeHint().height())

    def _word_texts(self) -> list[str]:
        return [fit_text(entry, i + 1) for i, entry in enumerate(getattr(self, "_entries", []))]

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._rewrap()

    def _rewrap(self) -> None:
        """The fits' lines again for the list's width (a width changed while they were made is
        caught once they are)."""
        if self._entries and not self._filling:
            self.set_entries(self._entries, self.current_index(), notify=False)

    # ---------------------------------------------------------------- state
    def count(self) -> int:
        return len(self._items)

    def item_text(self, index: int) -> str:
        return self._items[index].text(TEXT)

    def heading_texts(self) -> list[str]:
        return [self.topLevelItem(i).text(0) for i in range(self.topLevelItemCount())]

    def heading_of(self, index: int) -> str:
        return self._items[index].parent().text(0)

    def current_index(self) -> int:
        item = self.currentItem()
        return int(item.data(0, INDEX_ROLE)) if item is not None else -1

    def set_current(self, index: int) -> None:
        if 0 <= index < len(self._items):
            self.setCurrentItem(self._items[index])
        else:
            self.setCurrentItem(None)
            self.current_changed.emit(-1)

    def is_checked(self, index: int) -> bool:
        return self._items[index].checkState(COMPARE) == Qt.CheckState.Checked

    def set_checked(self, index: int, on: bool) -> None:
        self._items[index].setCheckState(COMPARE, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def checked_indices(self) -> list[int]:
        return [i for i in range(len(self._items)) if self.is_checked(i)]

    # ---------------------------------------------------------------- events
    def _current_item_changed(self, item, _previous) -> None:
        if item is not None and int(item.data(0, INDEX_ROLE)) < 0:
            # a data-set heading: choose its newest fit instead
            if item.childCount():
                self.setCurrentItem(item.child(item.childCount() - 1))
            return
        self.current_changed.emit(self.current_index())

    def _remember_checks(self) -> None:
        for i, item in enumerate(self._items):
            self._checked[self._ids[i]] = item.checkState(COMPARE) == Qt.CheckState.Checked
        self.checks_changed.emit()
