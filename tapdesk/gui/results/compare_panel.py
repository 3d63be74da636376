"""The Compare tab: ticked fits side by side, each headed by its number, method and data.

Rows speak words (what each number says, which way is better); the statistics' names and
formulas are in the rows' tooltips; a sentence above the table says which model the data
favour (:mod:`tapdesk.engine.story.model_choice`). The fits' columns share the table's width
(:func:`shares`): three fits are seen at once in a 1280-pixel window, their headings broken
over more lines and their intervals wrapped where the room is short.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tapdesk.engine.results import FitResult, ci_text, fmt
from tapdesk.engine.story import model_choice as choice
from tapdesk.engine.story.findings import findings_for
from tapdesk.gui.project.session import FitEntry, method_words
from tapdesk.gui.results.views import interval_heading
from tapdesk.gui.widgets.table_models import (
    HEADING_MARGIN,
    NAME_PADDING,
    FittedTableView,
    RowsModel,
    column_texts,
    fit_columns,
    names_stay_in_view,
    pieces,
    table_view,
)
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.report.glossary import lookup
from tapdesk.report.line_breaks import wrap_words

NOTE = N_("Tick fits in the list on the right (\"compare\") to see them side by side. Point at a "
        "row's name for the statistic behind it.")


def _label(e) -> str:
    return e.name if e.category is None else f"{e.name}[{e.category}]"


def _cell(result: FitResult, label: str) -> str:
    est = next((e for e in result.params if _label(e) == label), None)
    if est is None:
        return ""
    if not est.identified:
        return _("not identified")
    ci = f" ({ci_text(est.ci)})" if est.ci else ""
    return f"{fmt(est.value)}{ci}"


def _words(results: list[FitResult], label: str) -> str:
    """A row's estimate in words, as the first fit that has it names it ("Truly gold" in a
    fit of several categories: :meth:`FitResult.estimate_words`)."""
    result, est = next((r, e) for r in results for e in r.params if _label(e) == label)
    return result.estimate_words(est.name, est.category)


def _tip(label: str) -> str:
    base = label.partition("[")[0]
    entry = lookup(base)
    return f"{label}: {entry.shown_meaning()}" if entry is not None else label


HEADING_CHARS = 26
"""A heading's lines wrap beyond this many characters, so columns stay narrow enough for every
compared fit to be seen at once in a 1280-pixel window."""

WIDEST_COLUMN = 230
"""No fit's column is wider than this (pixels at the default font): longer cells wrap."""


def _wrapped(text: str, fits=None) -> str:
    """``text`` on lines of at most ``HEADING_CHARS`` characters (and for which ``fits(line)``
    holds, when given: a width in pixels), a longer word broken with a hyphen before a consonant
    and vowel (textwrap cut German "Übereinstimm" / "ungskoeffizienten" without one)."""
    def short(line: str) -> bool:
        return len(line) <= HEADING_CHARS and (fits is None or fits(line))

    return "\n".join(wrap_words(text.split(), short, "")) or text


def heading_parts(entry: FitEntry, number: int) -> tuple[str, str, str]:
    """A fit's heading on the Compare tab, before it is broken into lines: number and model,
    method, data."""
    # Translators: a fit's column heading on the Compare tab: {number} is its number in the
    # list, {title} the model's name.
    return (_("{number}. {title}").format(number=number, title=shown(entry.result.title)),
            method_words(entry.result.method), entry.data.title)


def column_heading(entry: FitEntry, number: int) -> str:
    """Short lines: number and model, method, data (each wrapped)."""
    return "\n".join(_wrapped(t) for t in heading_parts(entry, number))


def shares(wanted: list[int], least: list[int], room: int) -> list[int]:
    """The columns' widths: ``wanted`` where they fit in ``room``; else the widest narrowed to
    one width, as wide as the room allows, no column below its ``least`` (a table that cannot
    be that narrow scrolls sideways)."""
    least = [min(lo, want) for lo, want in zip(least, wanted)]
    if sum(wanted) <= room or sum(least) >= room:
        return list(wanted) if sum(wanted) <= room else least

    def widths(level: int) -> list[int]:
        return [max(lo, min(want, level)) for lo, want in zip(least, wanted)]

    low, high = 0, max(wanted)            # sum(widths(low)) <= room < sum(widths(high))
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if sum(widths(middle)) <= room else (low, middle)
    return widths(low)


def _statistic_rows(entries: list[FitEntry]) -> list[tuple[tuple, str]]:
    """(row, tooltip) of the fit statistics, in words (a row of Class 1 only where a compared
    fit has one: a model of several categories has none)."""
    results = [e.result for e in entries]
    ll = [r.log_likelihood for r in results]
    aics = [choice.aic(r) for r in results]
    class1 = [((_("Class 1"), *[", ".join(map(r.class_choice.name, r.class_choice.class1))
                                if r.class_choice else "-" for r in results]), "")
              ] if any(r.class_choice is not None for r in results) else []
    return [
        ((_("Intervals in brackets"), *[interval_heading(r) for r in results]), ""),
        ((pgettext("compare row", "Data"), *[e.data.title for e in entries]), ""),
        *class1,
        ((_(choice.FIT_WORDS), *[fmt(x.nats, 2) if x else "-" for x in ll]), _(choice.FIT_TIP)),
        ((_(choice.SURPRISE_WORDS), *[fmt(x.bits_per_rating, 4) if x else "-" for x in ll]),
         _(choice.SURPRISE_TIP)),
        ((_(choice.SIZE_WORDS), *[formats.integer(r.n_parameters) for r in results]),
         _(choice.SIZE_TIP)),
        ((_(choice.BALANCE_WORDS), *[fmt(a, 2) if a is not None else "-" for a in aics]),
         _(choice.BALANCE_TIP)),
        ((pgettext("compare row", "Subjects"), *[formats.integer(r.n_subjects) for r in results]),
         ""),
        ((pgettext("compare row", "Warnings"),
          *[formats.integer(len(findings_for(e.result, e.table).warnings)) for e in entries]),
         _("Warnings the fit gave (read them on its Summary tab)")),
    ]


def comparison_table(entries: list[FitEntry], numbers: list[int] | None = None
                     ) -> tuple[tuple[str, ...], list[tuple], list[str]]:
    """Columns, rows and row tooltips: parameters and fit statistics, one column per fit."""
    if not entries:
        return (), [], []
    numbers = numbers or list(range(1, len(entries) + 1))
    results = [e.result for e in entries]
    cols = (_("Estimate or statistic"), *[column_heading(e, n) for e, n in zip(entries, numbers)])
    names: list[str] = []
    for r in results:
        for e in r.params:
            if _label(e) not in names:
                names.append(_label(e))
    rows = [(_words(results, label), *[_cell(r, label) for r in results]) for label in names]
    tips = [_tip(label) for label in names]
    for row, tip in _statistic_rows(entries):
        rows.append(row)
        tips.append(tip)
    return cols, rows, tips


def mixed_data_note(entries: list[FitEntry]) -> str:
    """A warning when the compared fits come from different data (their likelihoods differ)."""
    hashes = {e.data.sha256 for e in entries}
    if len(hashes) <= 1:
        return ""
    names = sorted({e.data.title for e in entries})
    # Translators: under the Compare tab's note; {names} lists the data sets' names.
    return _("<b style='color:#B35900'>These fits come from different data</b> ({names}): compare "
             "how well they explain the ratings only between fits of the same data.").format(
        names=html.escape(", ".join(names)))


def verdict_note(entries: list[FitEntry], numbers: list[int]) -> str:
    """Which model the data favour, for fits of the same data and Class 1 ("" otherwise)."""
    same = len({(e.data.sha256, e.data.item, str(e.result.class_choice)) for e in entries}) == 1
    if len(entries) < 2 or not same:
        return ""
    # Translators: a fit named in the Compare tab's sentence: {number} is its number, {title}
    # the model's name ("t-a-p (average rater)"), {method} the method in words as your
    # language writes it inside a sentence (English lowers its first letter: "maximum
    # likelihood"; German keeps "Maximum-Likelihood"); no brackets around them.
    names = [_("fit {number}, {title} with {method}").format(
        number=n, title=shown(e.result.title), method=_in_sentence(method_words(e.result.method)))
        for e, n in zip(entries, numbers)]
    return choice.favoured_sentence(names, [e.result for e in entries])


def _in_sentence(words: str) -> str:
    """A method's words inside a sentence: English lowers their first letter ('maximum
    likelihood'); other languages keep their letter case (a German noun keeps its capital)."""
    return words[:1].lower() + words[1:] if is_source() else words


class ComparePanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._shown: tuple[list[FitEntry], list[int] | None] = ([], None)
        self._parts: list[tuple[str, str, str]] = []     # each fit's heading, unbroken
        self._names: list[str] = []                      # the rows' names, unbroken
        layout = QVBoxLayout(self)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        say(self.verdict, "setAccessibleName", N_("Which model the data favour"))
        layout.addWidget(self.verdict)
        self.note = QLabel(_(NOTE))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = RowsModel()
        self.view = table_view(self.model, "Comparison table", sort=False)
        say(self.view, "setAccessibleName", N_("Comparison table"))
        self.view.setWordWrap(True)
        names_stay_in_view(self.view, self.model)   # the row names stay while fits scroll
        self.view.installEventFilter(self)          # its width shared again at each resize
        self._sharing = False
        self.view.horizontalHeader().sectionResized.connect(self._column_resized)
        layout.addWidget(self.view, 1)

    def set_entries(self, entries: list[FitEntry], numbers: list[int] | None = None) -> None:
        self._shown = (entries, numbers)
        numbers = numbers or list(range(1, len(entries) + 1))
        cols, rows, tips = comparison_table(entries, numbers)
        self._names = [row[0] for row in rows]
        rows = [(_wrapped(row[0]), *row[1:]) for row in rows]   # narrow names leave room for fits
        self._parts = [heading_parts(e, n) for e, n in zip(entries, numbers)]
        whole = ["", *("\n".join(parts) for parts in self._parts)]   # each heading's tooltip
        self.model.set_rows(cols, rows, tooltips=whole, row_tips=tips)
        self.share_width()
        warning = mixed_data_note(entries)
        verdict = verdict_note(entries, numbers)
        self.verdict.setText(f"<b>{html.escape(verdict)}</b>" if verdict else "")
        self.verdict.setVisible(bool(verdict))
        self.note.setText(_(NOTE) + ("<br>" + warning if warning else ""))

    def retranslate_texts(self) -> None:
        """The compared fits again in the language just chosen."""
        self.set_entries(*self._shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is self.view and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.share_width()
        return False

    def share_width(self) -> None:
        """Every fit's column as wide as its cells on one line and its heading (lines of
        ``HEADING_CHARS``) where the table has the room; else the fits share the room
        (:func:`shares`), each heading broken over the lines its width allows (the whole heading
        is also its tooltip) and the cells wrapped (an interval keeps its line); where even that
        is too wide, the rows' names take fewer characters a line first. The third of three
        fits was off to the right at 1280 x 800, 1366 x 768 and 1920 x 1080 at 150% (issue 79):
        each column was as wide as its one-line interval."""
        view, model = self.view, self.model
        header = view.horizontalHeader()
        fits = list(range(1, model.columnCount()))
        self._sharing = True
        if model.broken:
            model.broken = {}
            model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, model.columnCount() - 1)
        header.setStretchLastSection(False)          # the last column's own width, measured
        try:
            fit_columns(view, widest=WIDEST_COLUMN, rows_too=False)
            wanted = [header.sectionSize(c) for c in fits]
            least = [self._least_width(c) for c in fits]
            self._wrap_names(None)
            short = sum(min(lo, want) for lo, want in zip(least, wanted)) - self._room()
            if short > 0:
                self._wrap_names(self._names_width() - short)
            widths = shares(wanted, least, self._room())
            if widths != wanted:
                model.broken = {c: self._heading(c, w) for c, w in zip(fits, widths)}
                model.headerDataChanged.emit(Qt.Orientation.Horizontal, 1, len(fits))
                for c, w in zip(fits, widths):
                    header.resizeSection(c, w)
        finally:
            header.setStretchLastSection(True)
            self._sharing = False
        self._fit_rows()

    def _column_resized(self, column: int, _old: int, new: int) -> None:
        """A column given another width after the sharing (the last one stretched to the
        table's final width, or dragged): the rows follow its wrapped cells."""
        if not self._sharing and column > 0:
            self._fit_rows({column: new})      # a stretched column tells its width before it has it

    def _fit_rows(self, given: dict[int, int] | None = None) -> None:
        """Each row at least as tall as its wrapped cells within the widest margins of the
        styles (the delegate's own measure left an interval that just fits one line short);
        ``given``: columns' widths not yet set."""
        view, metrics = self.view, self.view.fontMetrics()
        if self.model.rowCount() > 500:
            return
        view.resizeRowsToContents()
        flags = int(Qt.TextFlag.TextWordWrap)
        for column in range(1, self.model.columnCount()):
            width = (given or {}).get(column, view.horizontalHeader().sectionSize(column)) \
                - FittedTableView.WRAP_MARGIN
            for row, text in enumerate(column_texts(self.model, column, self.model.rowCount())):
                need = metrics.boundingRect(0, 0, max(width, 1), 10_000, flags, text).height() + 4
                if text and need > view.rowHeight(row):
                    view.setRowHeight(row, need)

    def _wrap_names(self, width: int | None) -> None:
        """The rows' names on lines of ``HEADING_CHARS`` characters, and with ``width`` on lines
        that fit a names' column that wide (never narrower than its longest word)."""
        names = self.view.verticalHeader()
        fits = None
        if width is not None:
            metrics = names.fontMetrics()
            room = max([width - 2 * NAME_PADDING] + [metrics.horizontalAdvance(word)
                                                     for name in self._names for word in name.split()])
            fits = lambda line: metrics.horizontalAdvance(line) <= room   # noqa: E731
        model = self.model
        wrapped = [_wrapped(name, fits) for name in self._names]
        if len(wrapped) != len(model.rows) or all(
                str(row[0]) == text for row, text in zip(model.rows, wrapped)):
            return
        model.rows = [(text, *row[1:]) for row, text in zip(model.rows, wrapped)]
        model.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(wrapped) - 1)
        self.view.refit_names()

    def _names_width(self) -> int:
        """The row names' width, as the table sets it."""
        names = self.view.verticalHeader()
        return 0 if names.isHidden() else min(max(names.minimumWidth(), names.sizeHint().width()),
                                              names.maximumWidth())

    def _room(self) -> int:
        """The width the fits' columns share: the table's, less its frame, the row names and
        a vertical scroll bar (kept for, as the rows grow when they wrap)."""
        view = self.view
        shown = self._names_width()
        bar = view.verticalScrollBar()
        extent = 0 if view.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff \
            else bar.sizeHint().width()
        return view.width() - 2 * view.frameWidth() - shown - extent

    def _heading(self, column: int, width: int) -> str:
        """Fit ``column``'s heading broken over the lines a column ``width`` wide shows whole."""
        metrics = self.view.horizontalHeader().fontMetrics()
        return "\n".join(_wrapped(part, lambda line: metrics.horizontalAdvance(line)
                                  + HEADING_MARGIN <= width) for part in self._parts[column - 1])

    def _least_width(self, column: int) -> int:
        """The narrowest ``column`` can be: its cells' longest unbroken text (an interval, its
        spaces no-break ones) within the margins a wrapped cell has, and its heading's longest
        piece that cannot be broken."""
        metrics = self.view.fontMetrics()
        words = [word for text in column_texts(self.model, column, self.model.rowCount())
                 for word in pieces(text)]
        cells = max((metrics.horizontalAdvance(word) for word in words), default=0) \
            + FittedTableView.WRAP_MARGIN
        heading = self.view.horizontalHeader().fontMetrics()
        lines = self._heading(column, cells).split("\n")
        return max(cells, max(heading.horizontalAdvance(line) for line in lines) + HEADING_MARGIN)
