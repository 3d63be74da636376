"""Results pane: the plain-language summary first, then tables, plots and the fits list.

Tabs: Summary (headline, parameters with intervals, warnings in words,
classical coefficients, the raters against the data's reference answer if it has one,
the results in one paragraph with "Copy paragraph", on one page that scrolls as a whole), Raters,
Subjects, Tables, Plots, Explain (an explained fit's words, effects and plots), Compare, and
Progress (live plots while a fit runs).

Every fit is kept as a :class:`~tapdesk.gui.project.session.FitEntry` with the table
it was fitted on, and every view shows a fit with that table, named above
the tabs: results never meet another data set's numbers.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QMargins, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.fingerprint import RATINGS_SHA256
from tapdesk.engine.analyses import COEFFICIENTS_MODEL
from tapdesk.engine.results import FitResult, Summary, fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.validity import validity_for_fit
from tapdesk.gui.plots.live import LiveProgress
from tapdesk.gui.project.session import DataIdentity, FitEntry, data_identity_for, method_words
from tapdesk.gui.results.compare_panel import ComparePanel
from tapdesk.gui.results.explain_panel import ExplainPanel
from tapdesk.gui.results.fit_removal import RemoveFits
from tapdesk.gui.results.fits_list import FitsList
from tapdesk.gui.results.paragraph_box import ParagraphBox
from tapdesk.gui.results.plots_panel import PlotsPanel
from tapdesk.gui.results.shown_texts import summary_texts
from tapdesk.gui.results.tables_panel import TablesPanel
from tapdesk.gui.results.validity_box import ValidityBox
from tapdesk.gui.results.views import (
    WORDS_HEADING,
    RatersPanel,
    SubjectsPanel,
    coefficients_rows,
    explain_warnings,
    glossary_tip,
    glossary_tips,
    interval_column,
)
from tapdesk.gui.screen_fit import SCROLLS_WHOLE_NAMES
from tapdesk.gui.style import notice, pane_title
from tapdesk.gui.tasks.background import call_off_gui_thread
from tapdesk.gui.widgets.table_models import FittedTableView, RowsModel
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, ngettext, pgettext
from tapdesk.i18n.deferred import shown

RESULTS_WAIT = N_("Fit a model to see what the ratings say.")
TABS = ("Summary", "Raters", "Subjects", "Tables", "Plots", "Explain", "Compare", "Progress")
"""The tabs by their English names (the keys :meth:`ResultsPane.show_tab` takes; shown in the
current language, as View's entries, :data:`tapdesk.gui.window.menus.RESULT_TABS`)."""
READABLE_LETTERS = 4
"""The fewest letters of its name a tab keeps when the bar narrows it ("Summ…"). Where the bar
has no room for that (1280 x 800 at 150%, 853 px in Qt's pixels: "Su…" and "S…" for Summary
and Subjects, issue 79), the tabs keep their whole names and the bar scrolls: its arrows, View's
entries and Ctrl+1...9 reach every tab (:meth:`ResultsPane.fit_tab_names`)."""


def empty_html() -> str:
    return f"<p style='color:gray'>{_(RESULTS_WAIT)}</p>"


def number_columns() -> tuple[str, str]:
    """The Summary's headings of the estimate's and its standard error's columns."""
    # Translators: column headings of the Summary's tables, over numbers: where room is short
    # they stack a word a line, and break a long word only where it holds a soft hyphen
    # (U+00AD, shown as "-" at the break): mark one in a long compound.
    return pgettext("summary column", "Estimate"), pgettext("summary column", "Standard error")


def param_columns(result: FitResult) -> tuple[str, ...]:
    return (_("Quantity"), *number_columns(), interval_column(result), _("Meaning"))


def parameter_rows_in_words(result: FitResult, rows) -> tuple[list[tuple], tuple[str, ...]]:
    """A fit's parameter rows (its summary's, one per estimate) headed in words ("Accuracy",
    "Truly Class 1"; "Truly gold" for one category of a model of several categories, which has
    no Class 1: :meth:`FitResult.estimate_words`), with each row's symbol and glossary meaning
    as its tooltip."""
    out, tips = [], []
    for est, row in zip(result.params, rows, strict=True):
        out.append((result.estimate_words(est.name, est.category), *row[1:]))
        tips.append(glossary_tip(_one_category(est)) or est.name)
    return out, tuple(tips)


def _one_category(est) -> str:
    """The glossary's name of an estimate: 't_k' and 'p_k' for one category's share and guess
    rate in a model of several categories (there is no Class 1 there), else its own."""
    return f"{est.name}_k" if est.category is not None and est.name in ("t", "p") else est.name


def coefficient_columns(result: FitResult) -> tuple[str, ...]:
    """The coefficients analysis's columns, the interval's at the fit's own level."""
    return (_("Coefficient"), *number_columns(), interval_column(result), _(WORDS_HEADING))


def result_label(result: FitResult, index: int) -> str:
    # Translators: a fit in the fits list: {index} is its number, {title} the model's name,
    # {method} the method in words ("maximum likelihood").
    text = _("{index}. {title} - {method}") if result.complete else (
        # Translators: as above, for a fit that was stopped before its end.
        _("{index}. {title} - {method} (stopped early)"))
    return text.format(index=index, title=shown(result.title), method=method_words(result.method))


def summary_html(result: FitResult, data: DataIdentity | None = None,
                 summ: Summary | None = None) -> str:
    """The headline sentences, large, then the facts (method in words, the data) in a small table
    (``summ``: the result's summary, when it is written already)."""
    summ = summ if summ is not None else result.summary()
    parts = [f"<h2 style='margin-bottom:4px'>{html.escape(summ.title)}</h2>"]
    if not result.complete:
        stopped = _("This fit was stopped before the end; the numbers below are incomplete.")
        parts.append(f"<p style='color:#B35900'><b>{stopped}</b></p>")
    if summ.headline:
        parts.append("<ul style='font-size:13pt; margin-left:-20px'>" +
                     "".join(f"<li style='margin-bottom:4px'>{html.escape(s)}</li>"
                             for s in summ.headline) + "</ul>")
    facts = [(k, method_words(v) if k == "Method" else v) for k, v in summ.facts]
    if data is not None:
        facts.insert(1, (
            pgettext("summary fact", "Data"),
            # Translators: the Summary's "Data" fact: {title} is the data set's name, {size} its
            # size ("40 subjects x 5 raters"), {n} a count of ratings, {hash} "SHA-256 of the
            # ratings 1a2b...".
            ngettext(
            "{title}: {size}, {n} ratings ({hash})", "{title}: {size}, {n} ratings ({hash})",
            data.n_ratings).format(title=data.title, size=data.size, n=formats.integer(data.n_ratings),
                                   hash=f"{_(RATINGS_SHA256)} {data.sha256[:12]}")))
    parts.append("<table cellspacing='0' cellpadding='2'>" + "".join(
        f"<tr><td style='color:gray; padding-right:12px'>{html.escape(k)}</td>"
        f"<td>{html.escape(v)}</td></tr>" for k, v in facts) + "</table>")
    return "".join(parts)


def first_focusable(page: QWidget) -> QWidget | None:
    """``page`` itself, else its first visible, enabled descendant that Tab stops at (in the
    order they were made, which is the order Tab follows on these pages)."""
    for w in (page, *page.findChildren(QWidget)):
        if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return w
    return None


def wrapped(text: str = "", name: str = "") -> QLabel:
    """A rich-text label that wraps; ``name``: its accessible name (a text marked for the
    catalog, said in the current language)."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        say(label, "setAccessibleName", name)
    return label


class SummaryPage(QWidget):
    """The Summary tab's page: no narrower than its tables' least width (each column at its
    longest piece that cannot break), so where the tab has less, the page scrolls sideways as
    one and no table scrolls inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: tuple[FittedTableView, ...] = ()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        tables = [t.least_width() for t in self.tables if t.isVisibleTo(self)]
        least = max(tables, default=0) + self._sides()
        return QSize(max(hint.width(), least), hint.height())

    def _sides(self) -> int:
        margins = self.layout().contentsMargins() if self.layout() else QMargins()
        return margins.left() + margins.right()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """The scroll area's view resized: the words wrap within it, and only a table wider
        than the view reaches past it (a page wider than its view ran every line of the summary
        past the view's right edge)."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.words_within(watched.width())
        return super().eventFilter(watched, event)

    def words_within(self, width: int) -> None:
        room = width - self._sides()
        layout = self.layout()
        for i in range(layout.count() if layout else 0):
            widget = layout.itemAt(i).widget()
            if widget is not None and widget not in self.tables:
                widget.setMaximumWidth(max(room, widget.minimumSizeHint().width()))


class ResultsPane(QWidget):
    """Everything about fitted models; keeps every fit with its own data."""

    plan_requested = Signal()            # "Plan next study...": the dialog uses current()
    current_changed = Signal(object)     # FitEntry or None
    entry_chosen = Signal(object)        # the user picked a fit in the list (FitEntry)
    removed = Signal(str)                # fits taken out of the list (their names; "" when a data
    restored = Signal(str)               # set closed with them); restored: Edit > Undo put them back

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.entries: list[FitEntry] = []
        self._shown: FitEntry | None = None
        self.data_name = ""
        self.references_of: Callable[[int], Mapping[str, Mapping[str, str]]] = lambda key: {}
        """The reference answers of a data set, by its session key (the window sets it)."""
        self.undo_stack = QUndoStack(self)   # removals of fits (Edit > Undo)
        self.feedback_job = None             # the Raters tab's feedback being written, if any
        self._build()

    # ----------------------------------------------------------------- build
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        title = pane_title(say(QLabel(), "setText", NC_("pane title", "Results"), context="pane title"))
        top.addWidget(title)
        self.data_line = wrapped(name=N_("Data of the shown fit"))
        top.addWidget(self.data_line, 1)
        layout.addLayout(top)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        self.tabs = QTabWidget()
        say(self.tabs, "setAccessibleName", N_("Result views"))
        self.tabs.setDocumentMode(True)
        # where the tabs' names do not fit (a longer language at 1280), each tab narrows and
        # ends its name in "…", the whole name in its tooltip: every tab stays in view, none is
        # reached only by the bar's arrows; with too little room for names a reader can tell
        # apart (150% on a 1280 x 800 screen), the bar scrolls instead (fit_tab_names)
        self.tabs.setUsesScrollButtons(False)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        summary = self._build_summary()
        self.raters = RatersPanel()
        self.raters.feedback_requested.connect(self._write_feedback)
        self.subjects = SubjectsPanel()
        self.tables = TablesPanel()
        self.plots = PlotsPanel()
        self.explain = ExplainPanel()
        self.compare = ComparePanel()
        self.live = LiveProgress()
        for name, page in zip(TABS, (summary, self.raters, self.subjects, self.tables, self.plots,
                                     self.explain, self.compare, self.live), strict=True):
            self._add_tab(self.tabs.count(), page, name)
        self.tabs.currentChanged.connect(lambda _i: QTimer.singleShot(0, self, self.make_room))
        split.addWidget(self.tabs)
        split.addWidget(self._build_side())
        # the list of fits keeps its width when the window narrows (at 1280 it was squeezed to
        # 180 px and a fit wrapped over five to seven lines, issue 53); the tabs take the rest
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([720, self.fits_width()])
        self.splitter = split
        layout.addWidget(split, 1)
        self.show_entry(None)

    def fits_width(self) -> int:
        """The list of fits' width: a fit's method and draws on one line beside its tick box
        ("Bayesian, 4 x 2,000 draws,"), so a fit reads in three lines; no wider, or the
        tabs' bar and Compare's columns no longer fit at 1280 (issue 53)."""
        return self.fontMetrics().horizontalAdvance("Bayesian, 4 \u00d7 2,000 draws,") + 68

    def _build_side(self) -> QWidget:
        side = QWidget()
        side.setMinimumWidth(180)
        sv = QVBoxLayout(side)
        sv.setContentsMargins(0, 0, 0, 0)
        fits_label = say(QLabel(), "setText", N_("Fits, by data set:"))
        fits_label.setWordWrap(True)        # a longer language takes two lines, not the tabs' room
        sv.addWidget(fits_label)
        self.history_list = FitsList()
        self.history_list.current_changed.connect(self._list_current_changed)
        self.history_list.checks_changed.connect(self._update_compare)
        sv.addWidget(self.history_list, 1)
        self.remove_button = say(QPushButton(), "setText", N_("Remove fit"))
        say(self.remove_button, "setToolTip", N_("Remove the selected fit from the list (Edit > Undo "
                                                 "puts it back)."))
        self.remove_button.clicked.connect(self.remove_current)
        sv.addWidget(self.remove_button)
        self.plan_button = say(QPushButton(), "setText", N_("Plan next study..."))
        say(self.plan_button, "setToolTip", N_("How many raters and subjects the next study needs, "
                                               "starting from this fit's estimates."))
        self.plan_button.clicked.connect(self.plan_requested)
        sv.addWidget(self.plan_button)
        return side

    def _build_summary(self) -> QWidget:
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        # sideways only where the tab is narrower than a table's least width (the tables are
        # given their room first, :meth:`page_least_width`; the pseudo-language's 657 px at 1280
        # scrolled inside the parameter table, issue 54)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # Tab goes to the summary and tables in it
        self.summary_scroll = scroll
        page = SummaryPage()
        page.setObjectName("summaryPage")
        lv = QVBoxLayout(page)
        lv.setContentsMargins(6, 6, 6, 6)
        self.summary = wrapped(empty_html(), N_("Summary in words"))
        self.summary.setTextInteractionFlags(      # Tab reaches it, a screen reader reads it
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.summary.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.summary.setObjectName("summary")
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lv.addWidget(self.summary)
        self.param_title = say(QLabel(), "setText", N_("<b>Parameters</b>"))
        lv.addWidget(self.param_title)
        self.param_model = RowsModel()
        self.param_view = FittedTableView(self.param_model, "Parameter table")
        say(self.param_view, "setAccessibleName", N_("Parameter table"))
        lv.addWidget(self.param_view)
        self.warnings = notice(wrapped(name=N_("Warnings")))
        lv.addWidget(self.warnings)
        self.coef_title = wrapped()
        lv.addWidget(self.coef_title)
        self.coef_model = RowsModel()
        self.coef_view = FittedTableView(self.coef_model, "Agreement coefficients")
        say(self.coef_view, "setAccessibleName", N_("Agreement coefficients"))
        lv.addWidget(self.coef_view)
        page.tables = (self.param_view, self.coef_view)
        self.validity = ValidityBox()
        lv.addWidget(self.validity)
        self.paragraph = ParagraphBox()
        lv.addWidget(self.paragraph)
        lv.addStretch()
        scroll.setWidget(page)
        scroll.viewport().installEventFilter(page)     # its words wrap within the view
        self.summary_scroll = scroll
        return scroll

    def _write_feedback(self, result: FitResult | None) -> None:
        from tapdesk.gui.results.feedback_action import export_feedback
        entry = self.current_entry()
        if result is not None and entry is not None and entry.table is not None:
            self.feedback_job = export_feedback(self, result, entry.table)  # the fit's own data

    # ----------------------------------------------------------------- API
    def add_data_tab(self, widget: QWidget) -> None:
        """The ratings table lives in the first tab (the dataset pane owns it)."""
        self._add_tab(0, widget, "Data")

    def _add_tab(self, index: int, page: QWidget, name: str) -> None:
        """Tab ``name`` (its English name, the key :meth:`show_tab` takes) shown in the current
        language."""
        self.tabs.insertTab(index, page, "")
        self.tabs.tabBar().setTabData(self.tabs.indexOf(page), name)
        self._name_tab(self.tabs.indexOf(page))

    def _name_tab(self, index: int) -> None:
        """Tab ``index``'s name in the current language, whole in its tooltip too (the bar
        elides a name it has no room for)."""
        name = pgettext("results tab", self.tab_key(index))
        self.tabs.setTabText(index, name)
        self.tabs.setTabToolTip(index, name)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.give_tabs_room)    # once the splitter has laid out

    def least_width(self) -> int:
        """The width the pane needs to show its tabs' names whole beside the fits list at its
        least (what :meth:`give_tabs_room` gives them; the window's left side makes way)."""
        side = self.splitter.widget(1)
        margins = self.layout().contentsMargins()
        tabs = max(self.tabs.tabBar().sizeHint().width() + 4, self.tabs.minimumSizeHint().width(),
                   self.page_least_width())
        return tabs + self.splitter.handleWidth() + margins.left() + margins.right() + \
            max(side.minimumWidth(), side.minimumSizeHint().width())

    def page_least_width(self) -> int:
        """The tabs' least width for the Summary's tables shown whole, each column at its longest
        piece that cannot break (German at 1280: an interval held on one line left the
        coefficients' table 8 px short, and it scrolled sideways, issue 54); 0 on other pages."""
        if self.tabs.currentWidget() is not self.summary_scroll:
            return 0
        views = [v for v in (self.param_view, self.coef_view) if v.isVisible()]
        return max((v.least_width() + self.tabs.width() - v.width() for v in views), default=0)

    def make_room(self) -> None:
        """Room for the page shown: the window's left side gives up what the results need (it
        has its own least width), then the fits list what the tabs need."""
        whole = getattr(self.window(), "results_whole", None)
        if whole is not None:
            whole()
        self.give_tabs_room()

    def give_tabs_room(self) -> None:
        """The tabs' names in view first (a longer language's need more room): the fits list
        beside them gives up what it can spare down to its own minimum; and the fits list gets
        its minimum back from the tabs (French at 1280 left the list and its buttons 180 of
        188 px, "Planifier l'étude suivante..." cut), even when the tabs then scroll: where
        neither fits (the pseudo-language at 1280), a tab is reached by the bar's arrows, a cut
        button's words by nothing."""
        sizes = self.splitter.sizes()
        if len(sizes) != 2 or not sum(sizes):
            return
        need = max(self.tabs.tabBar().sizeHint().width() + 4, self.page_least_width())
        side = self.splitter.widget(1)
        side_least = max(side.minimumWidth(), side.minimumSizeHint().width())
        if sizes[1] < side_least:
            give = -max(0, min(side_least - sizes[1], sizes[0] - self.tabs.minimumSizeHint().width()))
        else:
            give = max(0, min(sizes[1] - side_least, need - sizes[0]))
        if give:
            self.splitter.setSizes([sizes[0] + give, sizes[1] - give])
        self.fit_tab_names()

    def fit_tab_names(self) -> None:
        """Elided names where each keeps :data:`READABLE_LETTERS` letters at least, all tabs in
        view; else whole names and a bar that scrolls (the shown tab is scrolled into view)."""
        bar = self.tabs.tabBar()
        metrics = bar.fontMetrics()
        least = 0
        for i in range(bar.count()):
            name = bar.tabText(i)
            padding = bar.tabSizeHint(i).width() - metrics.horizontalAdvance(name)
            kept = name if len(name) <= READABLE_LETTERS + 1 else name[:READABLE_LETTERS] + "\u2026"
            least += padding + metrics.horizontalAdvance(kept)
        scroll = least > self.tabs.width()
        if scroll != self.tabs.usesScrollButtons():
            self.tabs.setUsesScrollButtons(scroll)
            self.tabs.setElideMode(Qt.TextElideMode.ElideNone if scroll else Qt.TextElideMode.ElideRight)
            bar.setProperty(SCROLLS_WHOLE_NAMES, scroll)

    def tab_key(self, index: int) -> str:
        """The English name of tab ``index`` (its key, whatever the language shown)."""
        return str(self.tabs.tabBar().tabData(index))

    def retranslate_texts(self) -> None:
        """The tabs and the shown fit's words again in the language just chosen."""
        for i in range(self.tabs.count()):
            self._name_tab(i)
        self.show_entry(self._shown)
        self.give_tabs_room()

    @property
    def history(self) -> list[FitResult]:
        """The fits' results, in the order they were made."""
        return [e.result for e in self.entries]

    def add_entry(self, entry: FitEntry, show: bool = True) -> None:
        """Append a fit (with its data) to the list, and show it."""
        self.entries.append(entry)
        self.refresh_list(len(self.entries) - 1 if show else self.current_index())

    def add_result(self, result: FitResult, table=None, data: DataIdentity | None = None,
                   session_key: int = -1) -> FitEntry:
        """Append a result fitted on ``table``; its data identity is derived when not given."""
        entry = FitEntry(result, table, data or data_identity_for(result, table), session_key)
        self.add_entry(entry)
        return entry

    def clear(self) -> None:
        self.entries.clear()
        self.undo_stack.clear()
        self.refresh_list(-1)

    def current_index(self) -> int:
        return self.history_list.current_index()

    def current_entry(self) -> FitEntry | None:
        i = self.current_index()
        return self.entries[i] if 0 <= i < len(self.entries) else None

    def current(self) -> FitResult | None:
        entry = self.current_entry()
        return entry.result if entry is not None else None

    def select(self, index: int) -> None:
        """Show fit ``index`` (-1: none)."""
        self.history_list.set_current(index)

    def entries_of(self, session_key: int, item: str | None = None) -> list[int]:
        """Indices of the fits made from one open data set (and item)."""
        return [i for i, e in enumerate(self.entries)
                if e.session_key == session_key and e.data.item == item]

    def remove_entries(self, indices) -> None:
        """Take fits out for good (their data set closes): earlier removals can no longer be
        put back in place, so the undo history is cleared too."""
        drop = set(indices)
        current = self.current_entry()
        self.entries = [e for i, e in enumerate(self.entries) if i not in drop]
        keep = self.entries.index(current) if current in self.entries else -1
        self.undo_stack.clear()
        self.refresh_list(keep)
        self.removed.emit("")

    def remove_current(self) -> None:
        """Remove the shown fit (undoably); show the one before it of the same data (else the
        next)."""
        row = self.current_index()
        if 0 <= row < len(self.entries):
            self.undo_stack.push(RemoveFits(self, [row]))

    # ------------------------------------------------------------- showing
    def refresh_list(self, current: int) -> None:
        """Show the entries in the fits list, with fit ``current`` (-1: none) chosen."""
        self.history_list.set_entries(self.entries, current)
        self._update_compare()

    def _update_compare(self) -> None:
        ticked = self.history_list.checked_indices()
        self.compare.set_entries([self.entries[i] for i in ticked], [i + 1 for i in ticked])

    def _list_current_changed(self, index: int) -> None:
        entry = self.entries[index] if 0 <= index < len(self.entries) else None
        self.show_entry(entry)
        if entry is not None:
            self.entry_chosen.emit(entry)

    def show_entry(self, entry: FitEntry | None) -> None:
        if entry is not self._shown:        # another fit's summary opens at its top
            self.summary_scroll.verticalScrollBar().setValue(0)
        self._shown = entry
        if entry is None:
            self._show_nothing()
        elif not self._show_fit(entry):
            return                      # another fit was chosen while this one's texts were written
        for w in (self.coef_title, self.coef_view):
            w.setVisible(self.coef_model.rowCount() > 0)
        for w in (self.param_title, self.param_view):
            w.setVisible(self.param_model.rowCount() > 0)
        self.warnings.setVisible(bool(self.warnings.text()))
        QTimer.singleShot(0, self, self.make_room)      # the tables' least width, once laid out
        self.raters.set_entry(entry)
        self.subjects.set_entry(entry)
        self.tables.set_entry(entry)
        self.plots.set_entry(entry)
        self.explain.set_entry(entry)
        for button in (self.remove_button, self.plan_button):
            button.setEnabled(entry is not None)
        self.current_changed.emit(entry)

    def set_data_name(self, name: str) -> None:
        """The open data set's name, for the line shown while it has no fit."""
        self.data_name = name
        if self._shown is None:
            self._show_nothing()

    def _show_nothing(self) -> None:
        self.summary.setText(empty_html())
        # Translators: above the results while the open data set has no fit; {name} is the data
        # set's name, shown in bold (the rest of the line is grey).
        self.data_line.setText(_("<span style='color:gray'>No fit of</span> {name} "
                                 "<span style='color:gray'>yet</span>").format(
            name=f"<b>{html.escape(self.data_name)}</b>") if self.data_name else "")
        self.param_model.set_rows((), ())
        self.warnings.setText("")
        self.coef_model.set_rows((), ())
        self.validity.set_checks(())
        self.paragraph.set_fit(None)

    def _show_fit(self, entry: FitEntry) -> bool:
        """The Summary of ``entry``; False when another fit was chosen while its texts were
        written (that fit is shown then)."""
        result, table = entry.result, entry.table
        texts = summary_texts(result, table, lambda work: call_off_gui_thread(work, "tapdesk-summary"))
        if self._shown is not entry:
            return False
        number = self.entries.index(entry) + 1 if entry in self.entries else 0
        # Translators: above the results: {number} is the fit's number in the list, {name} the
        # data set's name in bold, {size} its size ("40 subjects x 5 raters").
        self.data_line.setText(_("<span style='color:gray'>Fit {number}, made from</span> {name} "
                                 "<span style='color:gray'>({size})</span>").format(
            number=number, name=f"<b>{html.escape(entry.data.title)}</b>",
            size=html.escape(entry.data.size)))
        summ = texts.summary
        self.summary.setText(summary_html(result, entry.data, summ))
        coefficients = result.model == COEFFICIENTS_MODEL
        rows, tips = (summ.parameter_rows, glossary_tips(summ.parameter_rows)) if coefficients \
            else parameter_rows_in_words(result, summ.parameter_rows)
        self.param_model.set_rows(coefficient_columns(result) if coefficients else param_columns(result),
                                  rows, tooltips=("", "", "", shown(result.interval_method), ""),
                                  row_tips=tips, right=(1, 2, 3))   # estimate, SE, interval
        self.warnings.setText(explain_warnings(findings_for(result, table)))
        cols, rows, tips = ((), [], []) if coefficients else coefficients_rows(result, table)
        self.coef_model.set_rows(cols, rows, row_tips=tips, right=(1, 2))    # value, interval
        self.coef_title.setText(_("<b>Classical agreement coefficients</b> on Class 1 / Class 0, as "
                                  "the model saw the data") if result.class_choice is not None else
                                _("<b>Classical agreement coefficients</b> on the whole scale"))
        references = self.references_of(entry.session_key)
        self.validity.set_checks(validity_for_fit(result, table, references)
                                 if references and table is not None else ())
        self.paragraph.set_fit(result, table, texts.paragraph)
        return True

    def summary_text(self) -> str:
        """The summary as plain text (what a screen reader or a copy gives)."""
        from PySide6.QtGui import QTextDocument
        doc = QTextDocument()
        doc.setHtml(self.summary.text())
        return doc.toPlainText()

    def show_tab(self, name: str) -> QWidget:
        for i in range(self.tabs.count()):
            if self.tab_key(i) == name:
                self.tabs.setCurrentIndex(i)
                return self.tabs.widget(i)
        raise KeyError(name)

    def open_tab(self, name: str) -> QWidget:
        """Show tab ``name`` and put the keyboard in it (View > Ctrl+1...): its first control
        that takes the focus, so arrows and Tab work there at once."""
        page = self.show_tab(name)
        target = first_focusable(page)
        (target or self.tabs.tabBar()).setFocus(Qt.FocusReason.ShortcutFocusReason)
        return page

    def tab_names(self) -> list[str]:
        """The tabs' English names (their keys), in order."""
        return [self.tab_key(i) for i in range(self.tabs.count())]


__all__ = ["ResultsPane", "summary_html", "result_label", "fmt"]
