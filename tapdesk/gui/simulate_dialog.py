"""Simulate dialog: choose t, a, p (or a0/a1, p0/p1), subjects and raters; preview; generate."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
                               QHBoxLayout, QLabel, QSpinBox, QVBoxLayout)

from tapdesk.data.readers import Dataset
from tapdesk.engine.binary.simulate import TapParameters, expected_histogram_weights
from tapdesk.errors import SettingError
from tapdesk.gui.examples import simulated_dataset
from tapdesk.gui.plots.common import brush, new_plot, pen

TIPS = {
    "t": "Share of subjects truly in Class 1.",
    "a": "Probability a rating is accurate (not a guess).",
    "p": "Probability a guess says Class 1.",
    "a0": "Accuracy on subjects truly in Class 0.",
    "a1": "Accuracy on subjects truly in Class 1.",
    "p0": "Guess rate for Class 1 on subjects truly in Class 0.",
    "p1": "Guess rate for Class 1 on subjects truly in Class 1.",
}


def _prob(value: float, name: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.0, 1.0)
    box.setDecimals(3)
    box.setSingleStep(0.05)
    box.setValue(value)
    box.setToolTip(TIPS[name])
    box.setAccessibleName(name)
    return box


class SimulateDialog(QDialog):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Simulate ratings")
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        form = QFormLayout()
        self.boxes = {n: _prob(v, n) for n, v in (("t", 0.3), ("a", 0.6), ("p", 0.4), ("a0", 0.6),
                                                   ("a1", 0.6), ("p0", 0.4), ("p1", 0.4))}
        for n in ("t", "a", "p"):
            form.addRow(f"{n}:", self.boxes[n])
        self.split = QCheckBox("Separate values by true class (a0/a1, p0/p1)")
        self.split.setToolTip("Let accuracy and guessing differ between truly Class 0 and truly "
                              "Class 1 subjects.")
        form.addRow(self.split)
        for n in ("a0", "a1", "p0", "p1"):
            form.addRow(f"{n}:", self.boxes[n])
        self.subjects = QSpinBox()
        self.subjects.setRange(1, 1_000_000)
        self.subjects.setValue(200)
        self.subjects.setToolTip("Number of subjects to simulate.")
        self.raters = QSpinBox()
        self.raters.setRange(1, 200)
        self.raters.setValue(5)
        self.raters.setToolTip("Number of raters; every rater rates every subject.")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("Same seed, same data.")
        form.addRow("Subjects:", self.subjects)
        form.addRow("Raters:", self.raters)
        form.addRow("Seed:", self.seed)
        left.addLayout(form)
        self.note = QLabel()
        self.note.setWordWrap(True)
        left.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Generate")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        left.addStretch()
        left.addWidget(buttons)
        layout.addLayout(left)
        self.plot = new_plot("Expected subjects by number of Class-1 ratings",
                             "Class-1 ratings per subject", "expected subjects")
        self.plot.setMinimumWidth(460)
        self.bars = None
        layout.addWidget(self.plot, 1)
        for box in list(self.boxes.values()) + [self.subjects, self.raters]:
            box.valueChanged.connect(self.update_preview)
        self.split.toggled.connect(self._split_toggled)
        self._split_toggled(False)
        self.resize(900, 480)

    def _split_toggled(self, on: bool) -> None:
        for n in ("a0", "a1", "p0", "p1"):
            self.boxes[n].setEnabled(on)
        for n in ("a", "p"):
            self.boxes[n].setEnabled(not on)
        self.update_preview()

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

    def update_preview(self, *_) -> None:
        try:
            k, weights = self.expected()
        except SettingError as exc:
            self.note.setText(str(exc))
            return
        import pyqtgraph as pg
        if self.bars is not None:
            self.plot.removeItem(self.bars)
        self.bars = pg.BarGraphItem(x=k, height=weights, width=0.7, brush=brush(0, 160), pen=pen(0, 1))
        self.plot.addItem(self.bars)
        self.plot.getAxis("bottom").setTicks([[(int(i), str(int(i))) for i in k]] if len(k) <= 30 else None)
        n = self.subjects.value() * self.raters.value()
        self.note.setText(f"{n:,} ratings will be generated. The bars show how many subjects are "
                          "expected to get each number of Class-1 ratings.")

    def dataset(self) -> Dataset:
        return simulated_dataset(self.parameters(), self.subjects.value(), self.raters.value(),
                                 self.seed.value(), ("0", "1"), name="Simulated data")
