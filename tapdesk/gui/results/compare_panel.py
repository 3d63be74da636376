"""The Compare tab: ticked fits side by side, each headed by its number, method and data.

Rows speak words (what each number says, which way is better); the statistics' names and
formulas are in the rows' tooltips; a sentence above the table says which model the data
favour (:mod:`tapdesk.engine.story.model_choice`).
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tapdesk.engine.results import FitResult, ci_text, fmt
from tapdesk.engine.story import model_choice as choice
from tapdesk.engine.story.findings import findings_for
from tapdesk.gui.project.session import FitEntry, method_words
from tapdesk.gui.results.views import interval_heading
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, names_stay_in_view, table_view
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats, pgettext
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


def _wrapped(text: str) -> str:
    """``text`` on lines of at most ``HEADING_CHARS`` characters, a longer word broken with a
    hyphen before a consonant and vowel (textwrap cut German "Übereinstimm" / "ungskoeffizienten"
    without one)."""
    return "\n".join(wrap_words(text.split(), lambda line: len(line) <= HEADING_CHARS, "")) \
        or text


def column_heading(entry: FitEntry, number: int) -> str:
    """Short lines: number and model, method, data (each wrapped)."""
    # Translators: a fit's column heading on the Compare tab: {number} is its number in the
    # list, {title} the model's name.
    return "\n".join(_wrapped(t) for t in (_("{number}. {title}").format(
        number=number, title=shown(entry.result.title)),
                                           method_words(entry.result.method), entry.data.title))


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
    # the model's name, {method} the method in words ("maximum likelihood", lower case).
    names = [_("fit {number} ({title}, {method})").format(
        number=n, title=shown(e.result.title), method=method_words(e.result.method).lower())
        for e, n in zip(entries, numbers)]
    return choice.favoured_sentence(names, [e.result for e in entries])


class ComparePanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._shown: tuple[list[FitEntry], list[int] | None] = ([], None)
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
        layout.addWidget(self.view, 1)

    def set_entries(self, entries: list[FitEntry], numbers: list[int] | None = None) -> None:
        self._shown = (entries, numbers)
        numbers = numbers or list(range(1, len(entries) + 1))
        cols, rows, tips = comparison_table(entries, numbers)
        rows = [(_wrapped(row[0]), *row[1:]) for row in rows]   # narrow names leave room for fits
        self.model.set_rows(cols, rows, row_tips=tips)
        fit_columns(self.view, widest=WIDEST_COLUMN)
        warning = mixed_data_note(entries)
        verdict = verdict_note(entries, numbers)
        self.verdict.setText(f"<b>{html.escape(verdict)}</b>" if verdict else "")
        self.verdict.setVisible(bool(verdict))
        self.note.setText(_(NOTE) + ("<br>" + warning if warning else ""))

    def retranslate_texts(self) -> None:
        """The compared fits again in the language just chosen."""
        self.set_entries(*self._shown)
