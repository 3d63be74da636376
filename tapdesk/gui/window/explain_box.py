""""Explain by...": the subject-group and rater-attribute columns of an explanatory fit (issue 42).

The Analysis pane shows this box under the method. The columns offered are the data set's own
attributes (:class:`~tapdesk.data.attributes.Attributes`); which model and method can take
them is read from the engine's registry (:data:`tapdesk.engine.models.EXPLAIN`, and the pooled
per-rater posterior), so a choice the engine would refuse is greyed out here, with the reason
in words beside it. A subject attribute read as a number (an age) is offered only in bands
("age in 4 bands"), never as a group per value (issue 79,
:func:`~tapdesk.data.attributes.group_choices`, the rule the engine checks too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.attributes import GroupChoice, group_choices, value_bands
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.models import EXPLAIN
from tapdesk.engine.request import FitRequest
from tapdesk.gui.style import narrow_combo
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, ngettext

NO_GROUP = N_("(none)")
NO_CHOICE = GroupChoice("")
"""The group combo's first entry: no subject groups."""
POOLED = ("per-rater", "mcmc")
"""The model and method that pool raters toward the panel (:attr:`FitRequest.pooled`)."""
GUESS_MODELS = ("tap",)
"""Models with one guess rate for the panel, which can depend on the attributes instead."""
EXPLAINS = N_("t-a-p (average rater), t-a-p per rater or t-a-p for several categories")


@dataclass(frozen=True)
class Availability:
    """Why each choice of the box cannot be made ("" where it can)."""

    groups: str
    attributes: str
    guess: str
    pooled: str

    @property
    def all_blocked(self) -> bool:
        return all((self.groups, self.attributes, self.guess, self.pooled))


def availability(table: RatingsTable | None, model: str, method: str, pooled: bool,
                 chosen: bool) -> Availability:
    """What the data and the model (with ``method``) can take; ``pooled``: pooling is ticked;
    ``chosen``: at least one rater attribute is ticked."""
    if table is None:
        return Availability(*((_("open a data set first"),) * 4))
    ml = (model, method) in {(e.model, e.method) for e in EXPLAIN}
    pooling = (model, method) == POOLED
    attrs = table.attributes
    if not attrs.subject_columns:
        groups = _("these data have no subject attributes (a column with one value for each "
                   "subject, such as year or site)")
    elif pooling:
        groups = _("the pooled Bayesian model has no subject groups; choose Maximum likelihood "
                   "for class shares by group")
    elif not ml:
        # Translators: {models} is "t-a-p (average rater), t-a-p per rater or ..." (translated).
        groups = _("subject groups are fitted by maximum likelihood with {models}").format(
            models=_(EXPLAINS))
    else:
        groups = ""
    if not attrs.rater_columns:
        raters = _("these data have no rater attributes (a column with one value for each "
                   "rater, such as age or site, or a raters file)")
    elif not table.has_rater_ids:
        raters = _("these data do not say which rater gave each rating")
    elif pooling and not pooled:
        raters = _("a Bayesian per-rater fit takes rater attributes only when it pools toward "
                   "the panel: tick 'Pool toward the panel' first")
    elif not (ml or pooling):
        # Translators: {models} is "t-a-p (average rater), t-a-p per rater or ..." (translated).
        raters = _("rater attributes are fitted by maximum likelihood with {models}, or by "
                   "the Bayesian per-rater model pooled toward the panel").format(models=_(EXPLAINS))
    else:
        raters = ""
    if raters:
        guess = raters
    elif model not in GUESS_MODELS or method != "mle":
        guess = _("only t-a-p (average rater) by maximum likelihood has one guess rate for the "
                  "panel that could depend on the attributes")
    elif not chosen:
        guess = _("tick a rater attribute first")
    else:
        guess = ""
    pool = "" if pooling and table.has_rater_ids else (
        _("pooling toward the panel is Bayesian: choose t-a-p per rater with Bayesian (simulation)"))
    return Availability(groups, raters, guess, pool)


class EffectAt(QWidget):
    """Under a ticked numeric rater attribute: the two values its effect is told between (the
    engine's default, the 20th and 80th percentiles rounded, until the user changes them)."""

    changed = Signal()

    def __init__(self, column: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = column
        self.default: tuple[float, float] | None = None
        self._known = False
        row = QHBoxLayout(self)
        row.setContentsMargins(20, 0, 0, 0)
        row.addWidget(say(QLabel(), "setText", N_("effect between")))
        self.low, self.high = DecimalSpinBox(), DecimalSpinBox()
        # Translators: the accessible names of the two values an attribute's effect is told
        # between; {column} is the rater attribute's column name ("age").
        for box, end in ((self.low, N_("Effect of {column} told from")),
                         # Translators: as above, the higher value.
                         (self.high, N_("Effect of {column} told to"))):
            box.setRange(-1e6, 1e6)
            box.setDecimals(0)
            box.setMaximumWidth(box.fontMetrics().horizontalAdvance("-000000.00") + 30)
            say(box, "setAccessibleName", end, column=column)
            # Translators: {column} is the rater attribute's column name ("age").
            say(box, "setToolTip", N_("The two values of {column} whose raters' accuracy is compared "
                                      "in the words (by default the 20th and 80th percentiles, "
                                      "rounded)."), column=partial(formats.quoted, column))
            box.valueChanged.connect(lambda _arg: self.changed.emit())
        row.addWidget(self.low)
        row.addWidget(say(QLabel(), "setText", NC_("between two values", "and"),
                          context="between two values"))
        row.addWidget(self.high)
        row.addStretch(1)
        self.hide()

    def applies(self, table: RatingsTable | None) -> bool:
        """Whether the column is read as a number (the engine's rule); its default is read
        from ``table`` the first time after :meth:`forget`. Values the user chose are kept."""
        if not self._known and table is not None:
            from tapdesk.engine.explain.design import told_at  # numpy: not at start-up
            untouched = self.chosen() is None
            self.default, self._known = told_at(table, self.column), True
            if self.default is not None and untouched:
                self.set_values(*self.default)
        return self.default is not None

    def forget(self) -> None:
        """The data set changed: read the default again when next needed."""
        self._known = False

    def set_values(self, low: float, high: float) -> None:
        for box, value in ((self.low, low), (self.high, high)):
            box.blockSignals(True)
            box.setDecimals(0 if float(value).is_integer() else 2)
            box.setValue(value)
            box.blockSignals(False)

    def chosen(self) -> tuple[str, float, float] | None:
        """(column, low, high) when the user moved them from the default, else None."""
        values = (self.low.value(), self.high.value())
        return None if self.default is None or values == self.default else (self.column, *values)


def group_text(choice: GroupChoice) -> str:
    """A subject grouping as the group combo lists it: "ward", "age in 4 bands"."""
    if not choice.bands:
        return choice.column
    # Translators: an entry of the Subject groups choice: {column} is a subject attribute that is
    # a number ("age"), {n} how many bands of its values group the subjects.
    return ngettext("{column} in {n} band", "{column} in {n} bands", choice.bands).format(
        column=choice.column, n=formats.integer(choice.bands))


def group_tip(table: RatingsTable, choice: GroupChoice) -> str:
    """What an entry in bands groups: "Bands with about as many subjects each: 18-33, ..."."""
    values = table.attributes.subjects.get(choice.column, {})
    labels = [band.label for band in value_bands(values.values(), choice.bands)]
    # Translators: the tooltip of an entry "age in 4 bands"; {bands} lists the bands' ranges
    # ("18-33, 34-53, 54-70, 71-90").
    return _("Bands with about as many subjects each: {bands}. A number is never split into a "
             "group for each of its values.").format(bands=formats.joined(tuple(labels)))


class ExplainBox(QWidget):
    """The columns to explain the ratings by; :meth:`fields` gives them for a FitRequest.

    The Analysis pane shows it under a disclosure headed "Explain by..." (folded, the header
    tells :meth:`summary`)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        say(self, "setToolTip", N_("Ask whether the classes differ between groups of subjects, and "
                                   "whether rater attributes (age, experience, site) go with "
                                   "accuracy."))
        self._table: RatingsTable | None = None
        self._model, self._method = "tap", "mle"
        self._groupings: list[GroupChoice] = []
        """The group combo's entries, in its order (the first: no groups)."""
        self.why: Availability = availability(None, "tap", "mle", False, False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 0, 0, 0)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.group_combo = narrow_combo(QComboBox(), 8)
        say(self.group_combo, "setAccessibleName", N_("Subject groups"))
        self.group_combo.currentIndexChanged.connect(self._changed)
        form.addRow(say(QLabel(), "setText", N_("Subject groups:")), self.group_combo)
        layout.addLayout(form)
        self.attributes_label = say(QLabel(), "setText", N_("Rater attributes:"))
        layout.addWidget(self.attributes_label)
        self.attribute_area = QVBoxLayout()
        self.attribute_area.setContentsMargins(12, 0, 0, 0)
        layout.addLayout(self.attribute_area)
        self.attribute_checks: list[QCheckBox] = []
        self.effect_rows: list[EffectAt] = []
        self.guess_check = say(QCheckBox(), "setText", N_("Guess rate by the same attributes"))
        say(self.guess_check, "setAccessibleName", N_("Guess rate by the same attributes"))
        self.pooled_check = say(QCheckBox(), "setText", N_("Pool toward the panel"))
        say(self.pooled_check, "setAccessibleName", N_("Pool toward the panel"))
        for check in (self.guess_check, self.pooled_check):
            check.toggled.connect(self._changed)
            layout.addWidget(check)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setObjectName("hint")
        say(self.reason, "setAccessibleName", N_("Why some choices are greyed out"))
        layout.addWidget(self.reason)
        self._refresh()

    # ---------------------------------------------------------------- state
    def set_table(self, table: RatingsTable | None) -> None:
        """Offer ``table``'s attribute columns (choices of columns it also has are kept)."""
        kept_group, kept = self._grouping(), set(self.rater_attributes())
        self._table = table
        attrs = table.attributes if table is not None else None
        self._groupings = [NO_CHOICE, *(group_choices(attrs) if attrs is not None else ())]
        self.group_combo.blockSignals(True)
        self.group_combo.clear()
        for choice in self._groupings:
            self.group_combo.addItem("", choice.column or None)
        self._group_texts()
        self.group_combo.setCurrentIndex(self._group_index(kept_group))
        self.group_combo.blockSignals(False)
        columns = attrs.rater_columns if attrs is not None else ()
        if columns != tuple(c.text() for c in self.attribute_checks):
            self._make_checks(columns)
        for row in self.effect_rows:
            row.forget()
        for check in self.attribute_checks:
            check.blockSignals(True)
            check.setChecked(check.text() in kept)
            check.blockSignals(False)
        self._refresh()

    def _make_checks(self, columns: tuple[str, ...]) -> None:
        """One check box per rater attribute column (the old ones leave the box at once)."""
        for widget in (*self.attribute_checks, *self.effect_rows):
            self.attribute_area.removeWidget(widget)
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
        self.attribute_checks, self.effect_rows = [], []
        for column in columns:
            check = QCheckBox(column, self)
            # Translators: {column} is the rater attribute's column name ("age").
            say(check, "setAccessibleName", N_("Rater attribute {column}"), column=column)
            check.toggled.connect(self._changed)
            self.attribute_area.addWidget(check)
            self.attribute_checks.append(check)
            row = EffectAt(column, self)
            row.changed.connect(self._changed)
            self.attribute_area.addWidget(row)
            self.effect_rows.append(row)

    def set_model(self, model: str, method: str) -> None:
        self._model, self._method = model, method
        self._refresh()

    def _group_texts(self) -> None:
        """The group combo's entries and their tooltips in the language shown."""
        for i, choice in enumerate(self._groupings):
            self.group_combo.setItemText(i, group_text(choice) if choice.column else _(NO_GROUP))
            if choice.bands and self._table is not None:
                self.group_combo.setItemData(i, group_tip(self._table, choice),
                                             Qt.ItemDataRole.ToolTipRole)

    def _group_index(self, choice: GroupChoice) -> int:
        """The entry of ``choice`` (0, no groups, where the data do not offer it)."""
        return self._groupings.index(choice) if choice in self._groupings[1:] else 0

    def _grouping(self) -> GroupChoice:
        index = self.group_combo.currentIndex()
        return self._groupings[index] if 0 <= index < len(self._groupings) else NO_CHOICE

    def subject_group(self) -> str | None:
        return (self._grouping().column or None) if self.group_combo.isEnabled() else None

    def subject_bands(self) -> int:
        """How many bands of a numeric subject attribute group the subjects (0: its values)."""
        return self._grouping().bands if self.subject_group() else 0

    def rater_attributes(self) -> tuple[str, ...]:
        return tuple(c.text() for c in self.attribute_checks if c.isChecked() and c.isEnabled())

    def fields(self) -> dict:
        """The FitRequest fields of the current choice (only what the model can take)."""
        attributes = self.rater_attributes()
        return {"subject_group": self.subject_group(), "subject_bands": self.subject_bands(),
                "rater_attributes": attributes,
                "guess_by_attributes": bool(attributes) and self.guess_check.isEnabled()
                and self.guess_check.isChecked(),
                "pooled": self.pooled_check.isEnabled() and self.pooled_check.isChecked(),
                "effect_at": tuple(chosen for row, check in zip(self.effect_rows,
                                                               self.attribute_checks)
                                   if check.isChecked() and check.isEnabled()
                                   and (chosen := row.chosen()) is not None)}

    def apply_request(self, request: FitRequest) -> None:
        """Show a saved request's columns (those the data set has)."""
        self.group_combo.setCurrentIndex(self._group_index(
            GroupChoice(request.subject_group or "", getattr(request, "subject_bands", 0) or 0)))
        self.pooled_check.setChecked(request.pooled)
        for check in self.attribute_checks:
            check.setChecked(check.text() in request.rater_attributes)
        self.guess_check.setChecked(request.guess_by_attributes)
        for row in self.effect_rows:
            told = [(low, high) for col, low, high in request.effect_at if col == row.column]
            if told and row.applies(self._table):
                row.set_values(*told[-1])
        self._refresh()

    def summary(self) -> str:
        """The choice in a few words (what the folded group says)."""
        if self._table is None:
            return _("open a data set first")
        chosen = []
        if self.subject_group() and self.subject_bands():
            # Translators: in the folded "Explain by..." summary; {column} is a subject column
            # that is a number ("age"), {n} how many bands of its values group the subjects.
            chosen.append(ngettext("class share by {column} in {n} band",
                                   "class share by {column} in {n} bands", self.subject_bands())
                          .format(column=self.subject_group(),
                                  n=formats.integer(self.subject_bands())))
        elif self.subject_group():
            # Translators: in the folded "Explain by..." summary; {column} is a subject column.
            chosen.append(_("class share by {column}").format(column=self.subject_group()))
        if self.rater_attributes():
            # Translators: {columns} lists rater attribute columns ("age, site").
            chosen.append(_("accuracy by {columns}").format(columns=", ".join(self.rater_attributes())))
        fields = self.fields()
        if fields["guess_by_attributes"]:
            chosen.append(_("guess rate too"))
        if fields["pooled"]:
            chosen.append(_("pooled toward the panel"))
        if chosen:
            return formats.clauses(chosen)
        attrs = self._table.attributes
        offered = (*attrs.subject_columns, *attrs.rater_columns)
        if not offered and not self.pooled_check.isEnabled():
            return _("no columns for it in these data")
        # Translators: {columns} lists the columns that could be chosen ("year, site").
        return _("none chosen (offered: {columns})").format(columns=", ".join(offered)) if offered \
            else _("none chosen")

    def retranslate_texts(self) -> None:
        """The reasons and the group entries again in the language just chosen."""
        self._group_texts()
        self._refresh()

    # -------------------------------------------------------------- showing
    def _changed(self, *_args) -> None:
        self._refresh()
        self.changed.emit()

    def _refresh(self) -> None:
        chosen = any(c.isChecked() for c in self.attribute_checks)
        why = availability(self._table, self._model, self._method, self.pooled_check.isChecked(),
                           chosen)
        self.why = why
        self._enable(self.group_combo, why.groups, _("Each group of subjects gets its own class "
                                                     "share, with a test that the groups differ."))
        self.attributes_label.setEnabled(not why.attributes)
        for check, row in zip(self.attribute_checks, self.effect_rows):
            self._enable(check, why.attributes, _("Model accuracy on this rater attribute, with "
                                                  "its effect in points of accuracy and a test."))
            shown = check.isChecked() and not why.attributes and row.applies(self._table)
            if shown == row.isHidden():
                row.setVisible(shown)
                self._relayout()
        self._enable(self.guess_check, why.guess, _("Let the guess rate depend on the chosen "
                                                    "attributes too, instead of one guess rate for "
                                                    "the panel."))
        self._enable(self.pooled_check, why.pooled, _("Shrink each rater's accuracy and guess rate "
                                                      "toward the panel, the more the fewer ratings "
                                                      "the rater gave (Bayesian)."))
        self._show_refinements(not why.all_blocked)
        text = self._reasons(why)
        if text != self.reason.text() or self.reason.isHidden() == bool(text):
            self.reason.setText(text)
            self.reason.setVisible(bool(text))
            self._relayout()

    def _show_refinements(self, shown: bool) -> None:
        """The guess-rate and pooling choices only where something can be explained: greyed out
        beside the reasons they took two lines of a pane that must not scroll (a Bayesian fit
        of the writing example needed 500 px of 489 at 150%, issue 53)."""
        for check in (self.guess_check, self.pooled_check):
            if check.isHidden() == shown:
                check.setVisible(shown)
                self._relayout()

    def _relayout(self) -> None:
        """Lay the panes out again now: the reasons change the box's height, and the scrolling
        analysis pane must make room at once, not a few event-loop passes later."""
        widget: QWidget | None = self
        while widget is not None:
            if widget.layout() is not None:
                widget.layout().activate()
            widget.updateGeometry()
            widget = widget.parentWidget()

    @staticmethod
    def _enable(widget: QWidget, why: str, tip: str) -> None:
        widget.setEnabled(not why)
        # Translators: {tip} is what the choice does; {why} why it cannot be made here.
        widget.setToolTip(tip if not why else _("{tip} Not available: {why}.").format(tip=tip, why=why))

    def _reasons(self, why: Availability) -> str:
        """The reasons in words, each once (the greyed-out choices name theirs in tooltips)."""
        if self._table is None:
            return _("Open a data set to explain its ratings by its columns.")
        named = [(_("Subject groups"), why.groups), (_("Rater attributes"), why.attributes)]
        if not why.attributes and self.rater_attributes():
            named.append((_("Guess rate by attributes"), why.guess))
        if self.pooled_check.isChecked() or (self._model, self._method) == POOLED:
            named.append((_("Pooling"), why.pooled))
        # Translators: one line of the reasons: {name} is a choice ("Subject groups"), {reason}
        # why it is greyed out.
        lines = [_("{name}: {reason}.").format(name=name, reason=reason) for name, reason in named if reason]
        return "\n".join(lines)
