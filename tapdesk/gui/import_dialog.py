"""Import preview: the file's first lines, the detected layout and why, and the mapping to change."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QPlainTextEdit, QVBoxLayout)

from tapdesk.data.readers import LAYOUTS, Dataset, ImportOptions

AUTO = "(detect)"
LAYOUT_WORDS = {
    "long": "long: one row per rating (subject, rater, rating columns)",
    "wide": "wide: one row per subject, one column per rater",
    "wide-rows": "wide by rows: one row per rater, one column per subject",
    "category-counts": "category counts: one row per subject, a count per category",
    "binary-counts": "binary counts: ratings and Class-1 counts per subject",
    "contingency": "contingency table: two raters' cross-tabulation",
}


def preview_text(path: Path | None, text: str | None, lines: int = 15) -> str:
    """The first lines of the source as text (binary formats: a note instead)."""
    if text is not None:
        return "\n".join(text.splitlines()[:lines])
    if path is None:
        return ""
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as fh:
            head = [next(fh, "") for _ in range(lines)]
    except OSError as exc:
        return f"(cannot show the file: {exc})"
    joined = "".join(head)
    if "\x00" in joined:
        return "(a spreadsheet or binary file: see the columns below)"
    return joined


class ImportDialog(QDialog):
    """Shows how a file was read; the user's changes come back as ImportOptions."""

    def __init__(self, parent, dataset: Dataset, options: ImportOptions, *,
                 path: Path | None = None, text: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import mapping")
        self._options = options
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>First lines of the data</b>"))
        preview = QPlainTextEdit(preview_text(path, text))
        preview.setReadOnly(True)
        preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        preview.setAccessibleName("Data preview")
        layout.addWidget(preview, 1)
        why = QLabel(f"Detected layout: <b>{dataset.layout}</b> (confidence "
                     f"{100 * dataset.confidence:.0f}%) because {dataset.reason}.")
        why.setWordWrap(True)
        layout.addWidget(why)
        form = QFormLayout()
        columns = list(getattr(dataset, "columns", ()) or [])
        self.layout_combo = QComboBox()
        self.layout_combo.addItem(AUTO, None)
        for name in LAYOUTS:
            self.layout_combo.addItem(LAYOUT_WORDS.get(name, name), name)
        self._select(self.layout_combo, options.layout)
        self.layout_combo.setToolTip("How the table is arranged. Leave on detect unless the "
                                     "detected layout is wrong.")
        form.addRow("Layout:", self.layout_combo)
        self.role_combos = {}
        for role, tip in (("subject_col", "The column that names the subject (wine, patient ...)."),
                          ("rater_col", "The column that names the rater (long layout)."),
                          ("rating_col", "The column with the ratings (long layout)."),
                          ("item_col", "The column naming the item or question, when the file "
                                       "holds several.")):
            combo = QComboBox()
            combo.addItem(AUTO, None)
            for col in columns:
                combo.addItem(col, col)
            self._select(combo, getattr(options, role))
            combo.setToolTip(tip)
            combo.setAccessibleName(role.replace("_col", " column"))
            self.role_combos[role] = combo
            form.addRow(role.replace("_col", " column:").capitalize(), combo)
        self.ordinal_combo = QComboBox()
        for label, value in ((AUTO, None), ("ordered (ordinal)", True), ("unordered (nominal)", False)):
            self.ordinal_combo.addItem(label, value)
        self._select(self.ordinal_combo, options.ordinal)
        self.ordinal_combo.setToolTip("Whether the categories have a natural order.")
        form.addRow("Scale:", self.ordinal_combo)
        self.missing_edit = QLineEdit(", ".join(options.missing))
        self.missing_edit.setPlaceholderText("e.g. 99, n/a")
        self.missing_edit.setToolTip("Extra cell texts that mean 'no rating', separated by commas "
                                     "(blank cells, NA and similar are always missing).")
        form.addRow("Missing codes:", self.missing_edit)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Read again")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 620)

    @staticmethod
    def _select(combo: QComboBox, value) -> None:
        for i in range(combo.count()):
            if combo.itemData(i) == value:
                combo.setCurrentIndex(i)
                return

    def options(self) -> ImportOptions:
        missing = tuple(s.strip() for s in self.missing_edit.text().split(",") if s.strip())
        changes = {role: combo.currentData() for role, combo in self.role_combos.items()}
        return replace(self._options, layout=self.layout_combo.currentData(),
                       ordinal=self.ordinal_combo.currentData(), missing=missing, **changes)
