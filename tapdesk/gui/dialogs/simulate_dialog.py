"""Simulate dialog: choose t, a, p (or a0/a1, p0/p1, or K categories), subjects and raters.

The preview shows what to expect before anything is generated: for two
categories the expected number of subjects by number of Class-1 ratings,
for K categories the expected number of ratings in each category.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.readers import Dataset
from tapdesk.data.scale import Scale
from tapdesk.engine.binary.simulate import TapParameters, expected_histogram_weights
from tapdesk.engine.categorical.simulate import simulate_table as simulate_categorical
from tapdesk.errors import SettingError
from tapdesk.gui.examples import simulated_dataset
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source
from tapdesk.render.plots.common import brush, new_plot, pen

# Translators: tooltips of the Simulate dialog's parameters (t, a, p, a0, a1, p0, p1 stay as they are).
TIPS = {
    "t": N_("Share of subjects truly in Class 1."),
    "a": N_("Probability a rating is accurate (not a guess)."),
    "p": N_("Probability a guess says Class 1."),
    "a0": N_("Accuracy on subjects truly in Class 0."),
    "a1": N_("Accuracy on subjects truly in Class 1."),
    "p0": N_("Guess rate for Class 1 on subjects truly in Class 0."),
    "p1": N_("Guess rate for Class 1 on subjects truly in Class 1."),
}


def _prob(value: float, name: str) -> QDoubleSpinBox:
    box = DecimalSpinBox()
    box.setRange(0.0, 1.0)
    box.setDecimals(3)
    box.setSingleStep(0.05)
    box.setValue(value)
    say(box, "setToolTip", TIPS[name])
    box.setAccessibleName(name)
    return box


def _label(text: str) -> QLabel:
    """A form row's label, ``text`` marked for the catalog, said in the current language."""
    return say(QLabel(), "setText", text)


def _sum_text(total: float) -> str:
    """A sum of shares as typed ("0.9"): English as before (3 significant digits), other
    languages with their decimal comma."""
    return f"{total:.3g}" if is_source() else formats.decimal(total, 3)


class SimulateDialog(QDialog):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        say(self, "setWindowTitle", N_("Simulate ratings"))
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        form = QFormLayout()
        self.k = QSpinBox()
        self.k.setRange(2, 10)
        self.k.setValue(2)
        say(self.k, "setToolTip", N_("Number of rating categories. With more than two, t and p are "
                                     "lists: one share per category, in scale order, summing to 1."))
        say(self.k, "setAccessibleName", N_("Number of categories"))
        form.addRow(_label(N_("Categories:")), self.k)
        self.t_vec, self.p_vec = QLineEdit(), QLineEdit()
        say(self.t_vec, "setToolTip",
            N_("Share of subjects truly in each category, comma-separated, sum 1."))
        say(self.p_vec, "setToolTip",
            N_("When a rater guesses, how often each category is picked; sum 1."))
        say(self.t_vec, "setAccessibleName", N_("t per category"))
        say(self.p_vec, "setAccessibleName", N_("p per category"))
        self.boxes = {n: _prob(v, n) for n, v in (("t", 0.3), ("a", 0.6), ("p", 0.4), ("a0", 0.6),
                                                   ("a1", 0.6), ("p0", 0.4), ("p1", 0.4))}
        for n in ("t", "a", "p"):
            form.addRow(f"{n}:", self.boxes[n])
        form.addRow(_label(N_("t (per category):")), self.t_vec)
        form.addRow(_label(N_("p (per category):")), self.p_vec)
        self.form = form
        self.split = say(QCheckBox(), "setText", N_("Separate values by true class (a0/a1, p0/p1)"))
        say(self.split, "setToolTip", N_("Let accuracy and guessing differ between truly Class 0 "
                                         "and truly Class 1 subjects."))
        form.addRow(self.split)
        for n in ("a0", "a1", "p0", "p1"):
            form.addRow(f"{n}:", self.boxes[n])
        self.subjects = QSpinBox()
        self.subjects.setRange(1, 1_000_000)
        self.subjects.setValue(200)
        say(self.subjects, "setToolTip", N_("Number of subjects to simulate."))
        self.raters = QSpinBox()
        self.raters.setRange(1, 200)
        self.raters.setValue(5)
        say(self.raters, "setToolTip", N_("Number of raters; every rater rates every subject."))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        say(self.seed, "setToolTip", N_("Same seed, same data."))
        form.addRow(_label(N_("Subjects:")), self.subjects)
        form.addRow(_label(N_("Raters:")), self.raters)
        form.addRow(_label(N_("Seed:")), self.seed)
        left.addLayout(form)
        self.note = QLabel()
        self.note.setWordWrap(True)
        left.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        say(buttons.button(QDialogButtonBox.StandardButton.Ok), "setText", N_("Generate"))
        say(buttons.button(QDialogButtonBox.StandardButton.Cancel), "setText", N_("&Cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        left.addStretch()
        left.addWidget(buttons)
        layout.addLayout(left)
        self.plot = new_plot(_("Expected subjects by number of Class-1 ratings"),
                             _("Class-1 ratings per subject"), _("expected subjects"))
        self.plot.setMinimumWidth(460)
        # its own name, in the current language (the automatic one, "Plot: <title>", is English)
        say(self.plot, "setAccessibleName", N_("Preview: what the simulated ratings should look like"))
        self.bars = None
        layout.addWidget(self.plot, 1)
        for box in list(self.boxes.values()) + [self.subjects, self.raters]:
            box.valueChanged.connect(self.update_preview)
        self.split.toggled.connect(self._split_toggled)
        self.k.valueChanged.connect(self._k_changed)
        for line in (self.t_vec, self.p_vec):
            line.textChanged.connect(self.update_preview)
        self.generate = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._k_changed(2)
        self.resize(900, 480)

    @property
    def categorical(self) -> bool:
        return self.k.value() > 2

    def _k_changed(self, k: int) -> None:
        """Two categories: t, p (or a0/a1, p0/p1); more: t and p as lists, one a."""
        uniform = ", ".join(f"{1 / k:.4g}" for _i in range(k))
        self.t_vec.setText(uniform)
        self.p_vec.setText(uniform)
        binary = k == 2
        for n in ("t", "p", "a0", "a1", "p0", "p1"):
            self.form.setRowVisible(self.boxes[n], binary)
        self.form.setRowVisible(self.split, binary)
        for line in (self.t_vec, self.p_vec):
            self.form.setRowVisible(line, not binary)
        self._split_toggled(self.split.isChecked())

    def _split_toggled(self, on: bool) -> None:
        on = on and not self.categorical
        for n in ("a0", "a1", "p0", "p1"):
            self.boxes[n].setEnabled(on)
        for n in ("a", "p"):
            self.boxes[n].setEnabled(not on)
        self.boxes["a"].setEnabled(not on or self.categorical)
        self.update_preview()

    def vectors(self) -> tuple[np.ndarray, np.ndarray]:
        """(t, p) for K categories, checked: K numbers in [0, 1] summing to 1 each."""
        k = self.k.value()
        out = []
        for name, line in (("t", self.t_vec), ("p", self.p_vec)):
            try:
                values = np.array([float(x) for x in line.text().replace(";", ",").split(",")
                                   if x.strip()])
            except ValueError:
                # Translators: {name} is t or p, {k} the number of categories (3 or more).
                raise SettingError(_("{name}: give {k} numbers separated by commas").format(
                    name=name, k=formats.integer(k))) from None
            if len(values) != k or np.any(values < 0) or abs(values.sum() - 1) > 1e-3:
                # Translators: {name} is t or p, {k} the number of categories (3 or more), {count}
                # how many numbers were given, {total} their sum ("0.9").
                raise SettingError(_("{name}: give {k} shares, each between 0 and 1, that sum to 1 "
                                     "(now {count} numbers summing to {total})").format(
                    name=name, k=formats.integer(k), count=formats.integer(len(values)),
                    total=_sum_text(float(values.sum()))))
            out.append(values / values.sum())
        return out[0], out[1]

    def expected_categories(self) -> tuple[np.ndarray, np.ndarray]:
        """(category index, expected number of ratings in it) under the K-category model."""
        t, p = self.vectors()
        a = self.boxes["a"].value()
        n = self.subjects.value() * self.raters.value()
        return np.arange(len(t)), n * (a * t + (1 - a) * p)

    def parameters(self) -> TapParameters:
        v = {n: b.value() for n, b in self.boxes.items()}
        if self.split.isChecked():
            return TapParameters(t=v["t"], a=v["a"], p=v["p"], a0=v["a0"], a1=v["a1"],
                                 p0=v["p0"], p1=v["p1"])
        return TapParameters(t=v["t"], a=v["a"], p=v["p"])

    def expected(self):
        prm = self.parameters()
        a0, a1, p0, p1 = (float(x[0]) for x in prm.rater_params(1))
        q1, q0 = a1 + (1 - a1) * p1, (1 - a0) * p0
        return expected_histogram_weights(prm.t, q1, q0, self.raters.value(), self.subjects.value())

    def update_preview(self, *_args) -> None:
        try:
            k, weights = self.expected_categories() if self.categorical else self.expected()
        except SettingError as exc:
            self.note.setText(str(exc))
            self.generate.setEnabled(False)
            return
        self.generate.setEnabled(True)
        import pyqtgraph as pg
        if self.bars is not None:
            self.plot.removeItem(self.bars)
        self.bars = pg.BarGraphItem(x=k, height=weights, width=0.7, brush=brush(0, 160), pen=pen(0, 1))
        self.plot.addItem(self.bars)
        first = 1 if self.categorical else 0            # categories are numbered 1..K
        self.plot.getAxis("bottom").setTicks(
            [[(int(i), str(int(i) + first)) for i in k]] if len(k) <= 30 else None)
        n = self.subjects.value() * self.raters.value()
        if self.categorical:
            self.plot.setTitle(_("Expected ratings in each category"))
            self.plot.setLabel("bottom", _("category"))
            self.plot.setLabel("left", _("expected ratings"))
            # Translators: {n} is the number of ratings ("1,000"), {k} the number of categories.
            self.note.setText(_("{n} ratings will be generated on a {k}-point ordered scale "
                                "(categories 1 to {k}). The bars show how many ratings each "
                                "category is expected to get.").format(
                n=formats.integer(n), k=formats.integer(len(k))))
        else:
            self.plot.setTitle(_("Expected subjects by number of Class-1 ratings"))
            self.plot.setLabel("bottom", _("Class-1 ratings per subject"))
            self.plot.setLabel("left", _("expected subjects"))
            # Translators: {n} is the number of ratings ("1,000").
            self.note.setText(_("{n} ratings will be generated. The bars show how many subjects "
                                "are expected to get each number of Class-1 ratings.").format(
                n=formats.integer(n)))

    def retranslate_texts(self) -> None:
        """The preview's words again in the language just chosen."""
        self.update_preview()

    def dataset(self) -> Dataset:
        if self.categorical:
            return self._categorical_dataset()
        return simulated_dataset(self.parameters(), self.subjects.value(), self.raters.value(),
                                 self.seed.value(), ("0", "1"), name="Simulated data")

    def _categorical_dataset(self) -> Dataset:
        t, p = self.vectors()
        a, n, r, seed = (self.boxes["a"].value(), self.subjects.value(), self.raters.value(),
                         self.seed.value())
        note = (f"simulated K-category t-a-p with t = ({', '.join(f'{v:g}' for v in t)}), a = {a:g}, "
                f"p = ({', '.join(f'{v:g}' for v in p)}); {n} subjects x {r} raters; seed {seed}")
        prov = Provenance(file_name="Simulated data", layout="simulated", notes=(note,))
        table = simulate_categorical(t, a, p, n, r, seed)
        labels = tuple(str(i + 1) for i in range(len(t)))
        table = RatingsTable(table.subject, table.rater, table.rating, table.subject_ids,
                             table.rater_ids, Scale(labels, ordinal=True, declared=True), 0, prov)
        return Dataset(table, "simulated", 1.0, note, (), provenance=prov)
