"""The result tabs beside the summary: raters and subjects (plus the shared warning texts).

Every panel is filled from a :class:`~tapdesk.gui.project.session.FitEntry`, so it
shows the fit with the table the fit was made from. When the model has no
per-rater or per-subject estimates the panels show what the data and the fit
can say (:mod:`tapdesk.report.views`), never an empty table.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tapdesk.engine.coefficients.report import how_computed, in_words
from tapdesk.engine.rater_words import verdict_words
from tapdesk.engine.results import FitResult, ci_text
from tapdesk.engine.story.findings import Findings, findings_for
from tapdesk.engine.words import (
    BESIDE_OWN_WORDS,
    OWN_ACCURACY,
    interval_name,
)
from tapdesk.errors import TapDeskError
from tapdesk.gui.errors import show_error
from tapdesk.gui.hint_words import window_hint
from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.results.rater_note import raters_note
from tapdesk.gui.results.rater_rows import SortedRowFilter, SortedRowsModel
from tapdesk.gui.results.shown_texts import MANY_RATERS
from tapdesk.gui.results.subjects_model import SubjectsModel
from tapdesk.gui.tasks.background import call_off_gui_thread
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox
from tapdesk.gui.widgets.flow_row import FlowRow
from tapdesk.gui.widgets.table_models import (
    fit_columns,
    names_stay_in_view,
    table_view,
)
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats, ngettext, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import capitalised, shown
from tapdesk.i18n.tables import displayed
from tapdesk.report import extras as result_extras
from tapdesk.report import views as data_views
from tapdesk.report.glossary import lookup
from tapdesk.report.labels import (
    SubjectLabels,
    parquet_ready,
    shown_labels_note,
    subject_labels,
    write_labels,
)


# ------------------------------------------------------------------ warnings
def explain_warnings(findings: Findings) -> str:
    """The fit's warnings as an HTML list (the findings' own: the report and the CLI list the same)."""
    items = [html.escape(n.message + window_hint(n.settings)) for n in findings.warnings]
    if not items:
        return ""
    # Translators: the heading of a fit's warnings (outside an f-string: extracted).
    heading = html.escape(_("Please read:"))
    return (f"<b style='color:#B35900'>{heading}</b><ul style='margin-left:-20px'>" +
            "".join(f"<li>{m}</li>" for m in items) + "</ul>")


def interval_heading(result: FitResult) -> str:
    """The interval column's heading with its level in words, in the current language: '95%
    interval', '95% credible interval' (the level written by :mod:`tapdesk.i18n.formats`)."""
    return shown(interval_name(result.method, result.level))


def interval_column(result: FitResult) -> str:
    """The interval column's own heading: :func:`interval_heading` with a capital first letter,
    as the report's columns have (French and Spanish put the word first: "Intervalle à 95 %";
    after a colon, "Exactitude : intervalle à 95 %", it stays as it is)."""
    return shown(capitalised(interval_name(result.method, result.level)))


def precompute(result: FitResult, table) -> None:
    """Compute the coefficients, agreement and findings for ``result`` (safe in the fit's worker
    thread)."""
    result_extras.precompute(result, table)
    findings_for(result, table)


WORDS_HEADING = N_("What it means, or why undefined")
"""The heading of the coefficients' words column (how each was computed is in its tooltip)."""


def coefficients_rows(result: FitResult, table) -> tuple[tuple[str, ...], list[tuple], list[str]]:
    """Classical coefficients beside the model (on the model's binary view for binary models):
    columns, rows in words, and each row's tooltip (its glossary entry and how it was computed)."""
    out = result_extras.extras_for(result, table).coefficients
    if out is None:
        return (), [], []
    rows, tips = [], []
    for c in out.coefficients:
        if c.category is not None:
            continue
        value = c.value if c.value is not None else float("nan")
        rows.append((_(c.name), value, ci_text(c.ci), in_words(c)))
        tips.append(glossary_tip(c.name, how_computed(c) if c.defined else ""))
    return (_("Coefficient"), _("Value"), shown(capitalised(interval_name("classical",
                                                                        result.level))),
            _(WORDS_HEADING)), rows, tips


def glossary_tip(name: str, how: str = "") -> str:
    """A row's tooltip: the glossary's meaning of ``name`` and, where given, how it was computed."""
    entry = lookup(name)
    parts = [f"{entry.shown_term()}: {entry.shown_meaning()}"] if entry is not None else []
    if how:
        # Translators: a tooltip's line on how a coefficient was computed; {how} is the method.
        parts.append(_("How computed: {how}").format(how=shown(how)))
    return "\n\n".join(parts)


def glossary_tips(rows) -> tuple[str, ...]:
    """Each row's glossary meaning (by the name in its first cell), "" where it has none."""
    return tuple(glossary_tip(str(row[0])) for row in rows)


class LazyPanel(QWidget):
    """Fills its table only when shown, so a finished fit never stalls the GUI thread."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._lazy = None

    def set_entry(self, entry: FitEntry | None) -> None:
        self._lazy = (entry,)
        if self.isVisible():
            self._flush()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._flush()

    def _flush(self) -> None:
        if self._lazy is not None:
            (entry,), self._lazy = self._lazy, None
            self.fill(entry)

    def fill(self, entry: FitEntry | None) -> None:
        raise NotImplementedError


SEARCH_WORDS = {
    "rater": (N_("Find a rater:"), N_("Find a rater"),
              N_("Show only the raters whose name or id holds this text (any letter case).")),
    "subject": (N_("Find a subject:"), N_("Find a subject"),
                N_("Show only the subjects whose name or id holds this text (any letter case).")),
}
"""The search field's label, accessible name and tooltip, by what it finds."""


def search_field(what: str) -> tuple[QLabel, QLineEdit]:
    """A "Find a rater:" label and its search box (the Raters and Subjects tabs; ``what``:
    "rater" or "subject")."""
    text, name, tip = SEARCH_WORDS[what]
    label = say(QLabel(), "setText", text)
    box = QLineEdit()
    say(box, "setAccessibleName", name)
    say(box, "setPlaceholderText", N_("name or id"))
    box.setClearButtonEnabled(True)
    say(box, "setToolTip", tip)
    label.setBuddy(box)
    return label, box


def search_rows(label: QLabel, search: QLineEdit, only: QCheckBox, shown: QLabel) -> QVBoxLayout:
    """The Raters and Subjects tabs' search: the box on one row, the "only ..." check and the
    count of rows shown on the next (two short rows keep the box's room in a narrow window)."""
    find, below = QHBoxLayout(), QHBoxLayout()
    find.addWidget(label)
    find.addWidget(search, 1)
    below.addWidget(only)
    below.addStretch(1)
    below.addWidget(shown)
    rows = QVBoxLayout()
    rows.addLayout(find)
    rows.addLayout(below)
    return rows


def wrapped_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


# -------------------------------------------------------------------- raters
def estimate_heading(result: FitResult, name: str, category: str | None,
                     beside_own: bool = False) -> str:
    """The estimate in words ("Accuracy"), with the category of an entry of a vector parameter
    ("Correct (gold)", "Guesses gold": :meth:`FitResult.estimate_words`); the symbol is in the
    column's tooltip. ``beside_own``: the raters also have their own accuracy, so "a" is what
    the attributes predict."""
    if not (beside_own and name in BESIDE_OWN_WORDS):
        return result.estimate_words(name, category)
    words = _(BESIDE_OWN_WORDS[name])
    if category is None:
        return words
    return _("{quantity} ({which})").format(quantity=words, which=result.label(category))


def symbol_tip(name: str, meaning: str) -> str:
    """A column's tooltip: the statistician's symbol, then what it means."""
    return f"{name}: {meaning}" if meaning else name


COMPARISON_TIPS = {
    "a": N_("This rater's accuracy minus the other raters' average (weighted by their ratings): "
         "'higher' or 'lower' only when the panel-wide procedure names the rater, which allows "
         "for every comparison on this tab (the summary, the report and the feedback sheets say "
         "the same)"),
    "p": N_("How often this rater called Class 1 when guessing, minus the other raters' average "
         "(weighted by their guesses): 'more' or 'less' only when the panel-wide procedure "
         "names the rater"),
}


def rater_attribute_values(result: FitResult, table) -> dict[str, dict[str, str]]:
    """{attribute: {rater id: value}} of the rater attributes an explained fit's accuracy is
    modelled on, as the data hold them ({} for other fits or without the table)."""
    if table is None:
        return {}
    names = dict.fromkeys(e.attribute for e in result.effects)
    return {n: dict(table.attributes.raters.get(n, {})) for n in names}


def rater_estimate_rows(result: FitResult, table=None
                        ) -> tuple[list[str], list[tuple], set[int], list[str]]:
    """(columns, rows, flagged row numbers, column tooltips) of a per-rater result; with the
    data's ``table``, an explained fit's rater attributes as columns after the ratings."""
    keys = [(e.name, e.category) for e in result.raters[0].estimates]
    meanings = {(e.name, e.category): shown(e.meaning) for e in result.raters[0].estimates}
    attributes = rater_attribute_values(result, table)
    cols = [_("Rater"), _("Ratings"), *attributes]
    # Translators: a column's tooltip on the Raters tab; {attribute} is a column of the data
    # ("age", "training").
    tips = ["", _("Ratings this rater gave"),
            # Translators: a column's tooltip on the Raters tab; {attribute} is a column of the data
            # ("age", "training").
            *[_("The rater's {attribute}, as the data give it (accuracy is modelled on it)").format(
                attribute=a) for a in attributes]]
    level = interval_heading(result)
    compared = {c.name for c in result.comparisons}
    by_rater = {(c.rater_id, c.name): c for c in result.comparisons}    # one look-up per cell
    beside_own = (OWN_ACCURACY, None) in keys
    for name, category in keys:
        head = estimate_heading(result, name, category, beside_own)
        # Translators: a column of the Raters tab: {quantity} is an estimate's name ("Accuracy"),
        # {interval} the interval's name ("95% interval").
        cols += [head, _("{quantity}: {interval}").format(quantity=head, interval=level)]
        tip = symbol_tip(name, meanings[(name, category)])
        tips += [tip, tip]
        if name in compared and category is None:
            # Translators: columns of the Raters tab: {quantity} is an estimate's name
            # ("Accuracy"), {interval} the interval's name ("95% interval").
            cols += [_("{quantity} vs the rest of the panel").format(quantity=head),
                     # Translators: a column of the Raters tab: {quantity} is an estimate's name
                     # ("Accuracy"), {interval} the interval's name ("95% interval").
                     _("{quantity} difference: {interval}").format(quantity=head, interval=level)]
            tips += [_(COMPARISON_TIPS[name]), _("The interval for this difference (the one the "
                     "verdict reads; the same on the feedback sheets and in the report)")]
    cols.append(pgettext("per-rater table", "Flag"))
    tips.append(_("Why the rater is flagged for a closer look, if they are"))
    rows, flagged = [], set()
    for i, r in enumerate(result.raters):
        found = {(e.name, e.category): e for e in r.estimates}
        row: list = [r.rater_id, r.n_ratings,
                     *[values.get(r.rater_id, "") for values in attributes.values()]]
        for key in keys:
            est = found.get(key)
            if est is None:
                row += [None, "-"]
            else:
                row += [est.value, ci_text(est.ci)]
            if key[0] in compared and key[1] is None:
                c = by_rater.get((r.rater_id, key[0]))
                row += [verdict_words(c),
                        ci_text(c.interval) if c and c.interval else "-"]
        row.append(shown(r.flagged or r.chance))   # the words without a flag: not highlighted
        rows.append(tuple(row))
        if r.flagged:
            flagged.add(i)
    return cols, rows, flagged, tips


def named_raters(result: FitResult) -> set[int]:
    """The rows (raters, in the result's order) named as different from the rest of the panel
    by the panel-wide procedure, or flagged for a closer look."""
    differ = {c.rater_id for c in result.comparisons if c.differs}
    return {i for i, r in enumerate(result.raters) if r.rater_id in differ or r.flagged}


RATERS_WAIT = N_("Fit a model to see the raters.")
SUBJECTS_WAIT = N_("Fit a model to see the subjects.")


def counted(n: int, grouped: bool = False) -> str:
    """A count as these tabs write it: English as it always did ("1000", or "1,000" where
    ``grouped``), another language by its own rules ("1.000")."""
    if is_source():
        return f"{n:,}" if grouped else str(n)
    return formats.integer(n)


def shown_of(shown: int, total: int, grouped: bool = False) -> str:
    """"12 of 40 shown" (the counts as the language writes them)."""
    # Translators: how many rows of a table the search shows; {shown} and {total} are counts.
    return ngettext("{shown} of {total} shown", "{shown} of {total} shown", total).format(
        shown=counted(shown, grouped), total=counted(total, grouped))


REVIEW_TIP = N_("A subject needs review when its most likely true class has a probability below "
                "this, or the raters' majority vote names another class.")


ONLY_NAMED_TIP = N_("Show only the raters the panel-wide procedure names as different from the "
                    "rest of the panel ('higher', 'lower', 'more', 'less'), or flags for a closer "
                    "look.")


class RatersPanel(LazyPanel):
    """Per-rater estimates; for models without them, each rater's agreement with the panel.

    Made for panels of a thousand raters as for four: the table is a model the view reads
    only where it paints, sorts numbers as numbers, finds a rater by name and can show only
    the raters named as different; the names stay in view while the columns scroll.
    """

    feedback_requested = Signal(object)      # the per-rater FitResult to write feedback for

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.result: FitResult | None = None
        self.named: set[int] = set()
        layout = QVBoxLayout(self)
        self.note = wrapped_label(_(RATERS_WAIT))
        layout.addWidget(self.note)
        top = FlowRow(right=True)       # the buttons in a row of their own, under the note:
        #                                 beside it they held the panel wider than the pane
        #                                 (German at 1280: 628 px of 577, the buttons cut); one
        #                                 under the other where the tab is narrower than both
        #                                 (567 px in the pseudo-language, issue 54)
        self.feedback_button = say(QPushButton(), "setText", N_("Feedback for each rater..."))
        say(self.feedback_button, "setToolTip", N_(
            "Write a short feedback sheet for every rater (their accuracy, how their guesses lean, "
            "subjects to look at again): one PDF with a page for each, or a zip of one PDF each "
            "with a summary table. Needs the two-class per-rater model."))
        self.feedback_button.clicked.connect(lambda: self.feedback_requested.emit(self.result))
        self.feedback_button.setEnabled(False)
        top.addWidget(self.feedback_button)
        self.entry: FitEntry | None = None
        self.check_button = say(QPushButton(), "setText", N_("Check this rater..."))
        say(self.check_button, "setToolTip", N_(
            "Is the selected rater's accuracy at least the other raters' minus a margin you "
            "choose? Needs the two-class per-rater model."))
        self.check_button.clicked.connect(self.open_rater_check)
        self.check_button.setEnabled(False)
        top.addWidget(self.check_button)
        layout.addLayout(top)
        layout.addLayout(self._find_row())
        self.model = SortedRowsModel()
        self.proxy = SortedRowFilter(self)
        self.view = table_view(self.model, "Per-rater table", proxy=self.proxy)
        say(self.view, "setAccessibleName", N_("Per-rater table"))
        names_stay_in_view(self.view, self.model)
        layout.addWidget(self.view, 1)

    def _find_row(self) -> QVBoxLayout:
        """Find a rater by name; show only the raters named as different (two short rows, so
        the search box keeps its room in a narrow window)."""
        label, self.search = search_field("rater")
        self.search.textChanged.connect(self._filter)
        self.only_named = say(QCheckBox(), "setText", N_("Only raters named as different or flagged"))
        say(self.only_named, "setToolTip", ONLY_NAMED_TIP)
        self.only_named.toggled.connect(self._filter)
        self.shown = QLabel()
        say(self.shown, "setAccessibleName", N_("Raters shown"))
        return search_rows(label, self.search, self.only_named, self.shown)

    def _filter(self) -> None:
        self.proxy.set_filter(self.search.text(),
                              self.named if self.only_named.isChecked() else None)
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.shown.setText("" if shown == total else shown_of(shown, total))

    def fill(self, entry: FitEntry | None) -> None:
        result = entry.result if entry is not None else None
        self.result, self.entry = result, entry
        self.feedback_button.setEnabled(result is not None and result.model == "per-rater")
        self.check_button.setEnabled(self.feedback_button.isEnabled() and entry.table is not None)
        self.named = named_raters(result) if result is not None and result.raters else set()
        self.only_named.setEnabled(bool(self.named))
        if result is not None and result.raters:
            data = entry.table if entry is not None else None
            cols, rows, flagged, tips = (
                call_off_gui_thread(lambda: rater_estimate_rows(result, data), "tapdesk-raters")
                if len(result.raters) >= MANY_RATERS else rater_estimate_rows(result, data))
            if self.entry is not entry:
                return              # another fit was chosen while these rows were written
            self.model.set_rows(cols, rows, tooltips=tips, highlight=flagged)
            self.note.setText(raters_note(result, len(rows), len(flagged)))
        else:
            table = data_views.rater_agreement(entry.table, result.class_choice) \
                if entry is not None and entry.table is not None else None
            table = displayed(table) if table is not None else None      # in the language shown
            if table is None:
                self.model.set_rows((), ())
                self.note.setText(_(RATERS_WAIT) if entry is None else
                                  _("These data do not say which rater gave each rating, so there "
                                    "is nothing to show per rater."))
            else:
                self.model.set_rows(table.columns, table.rows)
                # Translators: the Raters tab's note for a fit without per-rater estimates;
                # {note} is what the table of agreement shows (a sentence).
                self.note.setText(_("{note} Per-rater accuracy and guess rates come from the "
                                    "per-rater model (t-a-p per rater) or Dawid-Skene.").format(
                    note=table.note))
        self._filter()
        fit_columns(self.view)

    def open_rater_check(self):
        """The "Check this rater..." dialog for the selected rater (shown, not run modally)."""
        from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
        if self.entry is None or self.entry.table is None or self.result is None:
            return None
        selected = self.view.currentIndex()
        rater = str(selected.siblingAtColumn(0).data()) if selected.isValid() else None
        dialog = RaterCheckDialog(self.result, self.entry.table, rater, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog


# ------------------------------------------------------------------ subjects
class SubjectsPanel(LazyPanel):
    """Each subject's labels (:mod:`tapdesk.report.labels`): the probability of each class, the
    most likely class, the majority vote and the review flag, with the threshold as a setting;
    exported whole ("Export labels...") or only the subjects to review.

    Models with their own per-subject probabilities show those; average-rater
    binary fits get them by Bayes' rule at the estimates; other fits show each
    subject's ratings counted by category. Made for a crowd's hundreds of thousands of
    subjects: the table reads the labels' arrays (:mod:`.subjects_model`), a new threshold
    moves only the review flag, and the files are written while the window paints.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.result: FitResult | None = None
        self.entry: FitEntry | None = None
        self.labels: SubjectLabels | None = None
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.threshold_label = say(QLabel(), "setText", N_("Needs review below:"))
        row.addWidget(self.threshold_label)
        self.threshold = DecimalSpinBox()
        self.threshold.setRange(0.5, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setValue(data_views.REVIEW_BELOW)
        say(self.threshold, "setAccessibleName", N_("Review threshold"))
        for w in (self.threshold, self.threshold_label):
            say(w, "setToolTip", REVIEW_TIP)
        self.threshold.valueChanged.connect(self._threshold_moved)
        row.addWidget(self.threshold)
        row.addStretch()
        layout.addLayout(row)
        row = FlowRow(right=True)       # the buttons in a row of their own, as the Raters tab's:
        #                                 beside the threshold they held the panel 834 px wide in
        #                                 the pseudo-language, and the window's left side was
        #                                 squeezed to 207 px for it (issue 54)
        self.labels_button = say(QPushButton(), "setText", N_("Export labels..."))
        say(self.labels_button, "setToolTip", N_(
            "Save every subject's probability of each class, its most likely class, the majority "
            "vote and the review flag, as CSV (or Parquet, when pyarrow is installed)."))
        self.labels_button.clicked.connect(self._labels_dialog)
        row.addWidget(self.labels_button)
        self.export_button = say(QPushButton(), "setText", N_("Export adjudication list..."))
        say(self.export_button, "setToolTip", N_("Save the subjects that need review, least "
                                                 "certain first, as CSV."))
        self.export_button.clicked.connect(self._export_dialog)
        row.addWidget(self.export_button)
        layout.addLayout(row)
        layout.addLayout(self._find_row())
        self.note = wrapped_label()
        layout.addWidget(self.note)
        self.model = SubjectsModel()
        self.model.off_thread = lambda work: call_off_gui_thread(work, "tapdesk-sort")
        self.view = table_view(self.model, "Per-subject table", sort=False)
        say(self.view, "setAccessibleName", N_("Per-subject table"))
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)           # the model sorts itself (index arrays)
        names_stay_in_view(self.view, self.model)    # many classes: the columns scroll, not names
        layout.addWidget(self.view, 1)

    def _find_row(self) -> QVBoxLayout:
        """Find a subject by name; show only the subjects to review (two short rows, as the
        Raters tab's)."""
        label, self.search = search_field("subject")
        self.search.textChanged.connect(self._filter)
        self.only_review = say(QCheckBox(), "setText", N_("Only subjects that need review"))
        self.only_review.toggled.connect(self._filter)
        self.shown = QLabel()
        say(self.shown, "setAccessibleName", N_("Subjects shown"))
        return search_rows(label, self.search, self.only_review, self.shown)

    def _filter(self) -> None:
        self.model.set_filter(self.search.text(), self.only_review.isChecked())
        shown, total = self.model.rowCount(), len(self.model)
        self.shown.setText("" if shown == total else shown_of(shown, total, grouped=True))

    def review_rows(self) -> list[tuple]:
        return self.labels.review_rows() if self.labels is not None else []

    def _set_review_visible(self, on: bool) -> None:
        for w in (self.threshold_label, self.threshold, self.labels_button, self.export_button,
                  self.only_review):
            w.setVisible(on)

    def fill(self, entry: FitEntry | None) -> None:
        self.entry = entry
        self.result = entry.result if entry is not None else None
        labels = None if entry is None else self._labels_of(entry)
        if labels is not None:
            self.show_labels(labels)
            return
        self.labels = None
        if entry is not None and entry.table is not None:
            counts = data_views.subject_counts(entry.table, entry.result.class_choice)
            fixed = data_views.SUBJECT_COUNTS_COLUMNS
            self.model.set_rows(counts.columns, counts.rows,
                                headings=[_(c) if c in fixed else c for c in counts.columns])
            # Translators: the Subjects tab's note for a fit without per-subject probabilities;
            # {note} says what the table of counts shows (a sentence).
            self.note.setText(_("{note} Per-subject probabilities of the true class come from the "
                                "binary t-a-p models, the per-rater model or Dawid-Skene.").format(
                note=_(counts.note)))
            self._set_review_visible(False)
        else:
            self.model.set_rows((), ())
            self.note.setText(_(SUBJECTS_WAIT))
            self._set_review_visible(False)
        self._refresh_view()

    def show_labels(self, labels: SubjectLabels) -> None:
        """Show these subjects' labels (the fit's, at the threshold shown)."""
        self.labels = labels
        self._fill_labels(labels)
        self._refresh_view()

    def _refresh_view(self) -> None:
        """The filter applied; the columns (and, for a short table, the rows) fitted to the
        first few hundred rows' texts (a crowd's every row measured held the window for a
        minute)."""
        self._filter()
        fit_columns(self.view, max_rows=300, rows_too=self.model.rowCount() <= 300)

    def _labels_of(self, entry: FitEntry) -> SubjectLabels | None:
        """The labels at the threshold shown: the ones the fit's worker computed, with the
        review flag moved to the threshold, else computed here."""
        if entry.table is not None:
            labels = result_extras.extras_for(entry.result, entry.table).labels
            return labels.at_threshold(self.threshold.value()) if labels is not None else None
        return subject_labels(entry.result, entry.table, self.threshold.value())

    def _threshold_moved(self, value: float) -> None:
        """The review flag at the new threshold (array work: the rest of the labels stay)."""
        if self.labels is None:
            self.fill(self.entry)
            return
        self.labels = self.labels.at_threshold(value)
        self._fill_labels(self.labels)
        self._filter()

    def _fill_labels(self, labels: SubjectLabels) -> None:
        self.model.set_labels(labels)
        self._set_review_visible(True)
        # Translators: the Subjects tab's note: {n} subjects, {review} of them (a count) need
        # review; {note} says where the probabilities come from (a sentence).
        self.note.setText(ngettext(
            "{n} subject; {review} need review (highlighted). {note} Sort by a column to see the "
            "least clear cases first.", "{n} subjects; {review} need review (highlighted). {note} "
            "Sort by a column to see the least clear cases first.", len(labels)).format(
            n=counted(len(labels), True), review=counted(labels.n_review, True),
            note=shown_labels_note(labels)))

    def export_csv(self, path: str | Path) -> int:
        """The subjects that need review (least certain first) as CSV; how many."""
        labels = self.labels
        if labels is None:
            return 0
        call_off_gui_thread(lambda: write_labels(labels, path, review_only=True),
                            "tapdesk-labels")
        return labels.n_review

    def export_labels(self, path: str | Path) -> Path | None:
        """Every subject's labels, as ``tapdesk fit --subjects-out`` writes them (written in a
        thread while the window paints)."""
        labels = self.labels
        if labels is None:
            return None
        return call_off_gui_thread(lambda: write_labels(labels, path), "tapdesk-labels")

    def _labels_dialog(self) -> None:
        kinds = _("CSV files (*.csv)") + (";;" + _("Parquet files (*.parquet)")
                                          if parquet_ready() else "")
        path, _kind = QFileDialog.getSaveFileName(self, _("Export labels"), "labels.csv", kinds)
        if path:
            self._written(lambda: self.export_labels(path))

    def _export_dialog(self) -> None:
        path, _kind = QFileDialog.getSaveFileName(self, _("Export adjudication list"),
                                                  "adjudication.csv", _("CSV files (*.csv)"))
        if path:
            self._written(lambda: self.export_csv(path))

    def _written(self, write) -> None:
        try:
            write()
        except TapDeskError as exc:
            show_error(self, _("The file could not be written."), str(exc))
