"""Import preview: the data as read, how TapDesk understood them, and what it left out.

Every file (and every paste) goes through this dialog before it replaces or
joins anything in the window. It shows

* the first rows of the source as the file holds them,
* the first subjects as TapDesk reads them (subject by rater, with labels),
* the detected layout and column mapping *in the controls* (the detected
  values, never "(detect)"), and the scale,
* the importer's notes: rows and columns left out or guessed, warnings; a
  note that suspects a missing-value code gets a one-click button that reads
  the data again with that code treated as missing,
* every column with its role and why (:mod:`column_roles_box`): choosing another
  role reads the data again with ``ImportOptions.column_roles``; a tick box merges
  labels that differ only in case or spaces (``fold_case``).

Changing a control and pressing "Read again" re-reads with those settings;
the Delimiter (text) and Sheet (workbooks) choices, a column's role, the merge
box and a rule's "Use this rule" box, re-read at once. "Open" accepts the data as shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.importer.bookkeeping import FLAG_RULE
from tapdesk.data.importer.layouts import LAYOUT_WORDS
from tapdesk.data.importer.notes import RULE_WORDS
from tapdesk.data.ratings import NO_RATER, RatingsTable
from tapdesk.data.readers import DELIMITER_NAMES, LAYOUTS, Dataset, ImportOptions, sheet_names
from tapdesk.errors import TapDeskError
from tapdesk.gui.dialogs.column_roles_box import NOT_USED, ColumnRolesBox
from tapdesk.gui.hint_words import preview_hint
from tapdesk.gui.screen_fit import FRAME_GUESS
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, table_view

WANTED_SIZE = QSize(1200, 740)
"""The preview's size where the screen has room (smaller screens: their free area)."""
PREVIEW_SUBJECTS = 12
PREVIEW_RATERS = 24
RAW_BYTES = 64_000
ROLE_KEYS = (("subject_col", "subject"), ("rater_col", "rater"), ("rating_col", "rating"),
             ("item_col", "item"))
LONG_ONLY = ("rater_col", "rating_col")
DELIMITERS = (("Automatic", None), *((f"{name.capitalize()} ({char})" if char.strip() else
                                     name.capitalize(), name)
                                    for char, name in DELIMITER_NAMES.items() if char))
"""The Delimiter choice: (label, the ``ImportOptions.delimiter`` the CLI's --delimiter sets)."""
ACTION_COLOURS = {"left out": "#B35900", "warning": "#B35900", "guessed": "#0072B2", "kept": "gray",
                  "not applied": "gray"}


def preview_text(path: Path | None, text: str | None, lines: int = 15) -> str:
    """The first lines of the source as text (spreadsheets and binary formats: a note instead)."""
    if text is not None:
        return "\n".join(text.splitlines()[:lines])
    if path is None:
        return ""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(RAW_BYTES)
    except OSError as exc:
        return f"(cannot show the file: {exc})"
    if b"\x00" in raw or raw.startswith(b"PK\x03\x04"):
        return "(a spreadsheet or statistics file: its cells are shown as read on the right)"
    head = raw.decode("utf-8", errors="replace").splitlines()[:lines]
    return "\n".join(head)


def subjects_preview(table: RatingsTable, n_subjects: int = PREVIEW_SUBJECTS,
                     n_raters: int = PREVIEW_RATERS) -> tuple[tuple[str, ...], list[tuple]]:
    """The first subjects as read: one row per subject, one column per rater (labels shown)."""
    subjects = range(min(n_subjects, table.n_subjects))
    raters = list(table.rater_ids[:n_raters]) if table.has_rater_ids else []
    show = [table.scale.display(c) for c in table.scale.categories]
    rows = []
    if raters:
        cells = {}
        first = np.isin(table.subject, list(subjects)) & (table.rater < len(raters)) & \
            (table.rater != NO_RATER)
        for s, r, v in zip(table.subject[first], table.rater[first], table.rating[first]):
            cells.setdefault((int(s), int(r)), []).append(show[v])
        for s in subjects:
            rows.append((table.subject_ids[s], *[", ".join(cells.get((s, j), [])) or "-"
                                                for j in range(len(raters))]))
        more = [f"+ {table.n_raters - len(raters)} more raters"] if table.n_raters > len(raters) else []
        return ("Subject", *raters, *more), [r + (("",) if more else ()) for r in rows]
    per = {}
    mask = np.isin(table.subject, list(subjects))
    for s, v in zip(table.subject[mask], table.rating[mask]):
        per.setdefault(int(s), []).append(show[v])
    width = max((len(v) for v in per.values()), default=0)
    for s in subjects:
        values = per.get(s, [])
        rows.append((table.subject_ids[s], *values, *[""] * (width - len(values))))
    return ("Subject", *[f"Rating {i + 1}" for i in range(width)]), rows


def raw_is_text(path: Path) -> bool:
    """Whether ``path`` is read as delimited text (not a workbook or a statistics file)."""
    from tapdesk.data.importer.sources import SHEET_SUFFIXES, STAT_SUFFIXES
    return path.suffix.lower() not in SHEET_SUFFIXES + STAT_SUFFIXES


def raw_rows(path: Path | None, options: ImportOptions, n: int = 15):
    """The first rows of the file's cells before any layout is chosen, or None."""
    if path is None:
        return None
    try:
        if path.stat().st_size > 5_000_000:
            return None                           # a second full read of a big file: not worth it
        from tapdesk.data.importer.notes import NoteBook
        from tapdesk.data.importer.pipeline import budget_for
        from tapdesk.data.importer.sources import read_path
        grid, _ = read_path(path, str(path), NoteBook(), budget_for(options, str(path)),
                            sheet=options.sheet, encoding=options.encoding,
                            delimiter=options.delimiter, decimal=options.decimal)
    except Exception:   # noqa: BLE001 - the preview falls back to the text lines
        return None
    cells = grid.cells.head(n)
    columns = list(grid.names) if grid.names else [f"column {i + 1}" for i in range(cells.shape[1])]
    rows = [tuple("" if v is None else str(v) for v in row) for row in cells.itertuples(index=False)]
    return tuple(columns[:cells.shape[1]]), rows


@dataclass(frozen=True)
class NoteLine:
    """One line of "What the import decided": a note, in the dialog's own words."""

    action: str
    message: str
    missing_code: str | None = None
    rule: str | None = None            # a rule that can be switched off with a check box
    applied: bool = True
    flags_subjects: bool = False       # a column marks subjects to exclude: offer to drop them


def notes_of(dataset: Dataset, rules_off: tuple[str, ...] = (),
             hidden: tuple[str, ...] = ()) -> list[NoteLine]:
    """Every note the import made, the preview's controls named (but not the ``hidden``
    ones); then the rules switched off."""
    out = [NoteLine(n.action, n.message + preview_hint(n.settings, hidden), n.suggested_missing,
                    n.rule if n.switchable else None, flags_subjects=n.rule == FLAG_RULE)
           for n in dataset.import_notes]
    seen = {n.message for n in dataset.import_notes}
    for exc in dataset.table.exclusions():
        out.append(NoteLine("left out", f"{exc.n_subjects} subjects left out: {exc.reason}"))
    for text in (*dataset.warnings, *dataset.notes):
        if text not in seen:
            out.append(NoteLine("warning" if text in dataset.warnings else "kept", text))
    for rule in rules_off:
        out.append(NoteLine("not applied", RULE_WORDS.get(rule, rule).capitalize(), rule=rule,
                            applied=False))
    return out


class ImportPreview(QDialog):
    """The import preview; after ``exec()``, :attr:`dataset` and :meth:`options` are what to open."""

    def __init__(self, parent, dataset: Dataset, options: ImportOptions, *,
                 path: Path | None = None, text: str | None = None,
                 reread: Callable[[ImportOptions], Dataset] | None = None) -> None:
        super().__init__(parent)
        name = path.name if path is not None else (dataset.provenance.file_name or "pasted data")
        self.setWindowTitle(f"Import preview: {name}")
        self.dataset = dataset
        self._options = options
        self._read_with = options
        self._path, self._text, self._reread = path, text, reread
        self._filling = True                 # controls being set from a reading: no re-read
        layout = QVBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.addWidget(self._build_source())
        split.addWidget(self._build_read())
        split.setSizes([380, 520])
        self.detected = QLabel()
        self.detected.setWordWrap(True)
        self.roles_box = ColumnRolesBox()
        self.roles_box.role_chosen.connect(self.choose_role)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.setChildrenCollapsible(False)
        for part in (self._build_mapping(), self.roles_box, self._build_notes()):
            lower.addWidget(part)
        lower.setSizes([360, 460, 380])
        bottom = QWidget()
        below = QVBoxLayout(bottom)
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.detected)
        below.addWidget(lower, 1)
        upright = QSplitter(Qt.Orientation.Vertical)    # the file above, the choices below
        upright.setChildrenCollapsible(False)
        upright.addWidget(split)
        upright.addWidget(bottom)
        upright.setSizes([300, 400])
        layout.addWidget(upright, 1)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #B35900")
        self.error.setVisible(False)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.reread_button = buttons.addButton("Read again with these settings",
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.reread_button.clicked.connect(self.read_again)
        self.reread_button.setAutoDefault(False)   # Enter opens (the default), even once it was
        #                                             clicked; Space on it reads again
        self.reread_button.setEnabled(reread is not None)
        self.open_button = buttons.addButton("Open", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.open_button.setDefault(True)   # once in the dialog: set before, it was lost (Enter
        #                                     pressed Cancel, or the focused Read again)
        self._show(dataset)
        self.resize(fitted_size(self, WANTED_SIZE))

    # ----------------------------------------------------------------- build
    def _build_source(self) -> QWidget:
        box = QGroupBox("The file as it is (first rows)")
        v = QVBoxLayout(box)
        raw = raw_rows(self._path, self._options)
        if raw is not None:
            self.raw_model = RowsModel(*raw)
            view = table_view(self.raw_model, "File as it is", sort=False)
            view.setTabKeyNavigation(False)          # Tab goes on to the next control
            fit_columns(view)
            v.addWidget(view)
            self.raw_view = view
        else:
            self.raw_model = None
            text = QPlainTextEdit(preview_text(self._path, self._text))
            text.setReadOnly(True)
            text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            text.setAccessibleName("File as it is")
            v.addWidget(text)
            self.raw_view = text
        return box

    def _build_read(self) -> QWidget:
        box = QGroupBox("As TapDesk reads it (first subjects)")
        v = QVBoxLayout(box)
        self.read_model = RowsModel()
        self.read_view = table_view(self.read_model, "Data as read", sort=False)
        self.read_view.setTabKeyNavigation(False)
        v.addWidget(self.read_view)
        self.read_summary = QLabel()
        self.read_summary.setWordWrap(True)
        v.addWidget(self.read_summary)
        return box

    def _build_mapping(self) -> QWidget:
        box = QGroupBox("How the data are laid out")
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._build_source_choices(form)
        self.layout_combo = QComboBox()
        for name in LAYOUTS:
            self.layout_combo.addItem(LAYOUT_WORDS.get(name, name), name)
        self.layout_combo.setToolTip("How the table is arranged (as detected). Change it when the "
                                     "detection is wrong, then press Read again.")
        self.layout_combo.setAccessibleName("Layout")
        form.addRow("Layout:", self.layout_combo)
        self.role_combos: dict[str, QComboBox] = {}
        for role, key in ROLE_KEYS:
            combo = QComboBox()
            combo.setAccessibleName(f"{key.capitalize()} column")
            combo.setToolTip(f"The column that holds the {key} (as detected).")
            self.role_combos[role] = combo
            form.addRow(f"{key.capitalize()} column:", combo)
        self.ordinal_combo = QComboBox()
        for label, value in (("ordered (ordinal)", True), ("unordered (nominal)", False)):
            self.ordinal_combo.addItem(label, value)
        self.ordinal_combo.setToolTip("Whether the categories have a natural order (as detected).")
        self.ordinal_combo.setAccessibleName("Scale")
        form.addRow("Scale:", self.ordinal_combo)
        self.missing_edit = QLineEdit(", ".join(self._options.missing))
        self.missing_edit.setPlaceholderText("e.g. 99, n/a")
        self.missing_edit.setToolTip("Extra cell texts that mean 'no rating', separated by commas "
                                     "(blank cells, NA and similar are always missing).")
        self.missing_edit.setAccessibleName("Missing codes")
        form.addRow("Missing codes:", self.missing_edit)
        self.merge_check = QCheckBox("Merge labels that differ only in case or spaces")
        self.merge_check.setToolTip("Read 'Pass', 'pass ' and 'PASS' (or 'no pass' and 'nopass') "
                                    "as one category. Reads the data again.")
        self.merge_check.setAccessibleName("Merge look-alike labels")
        self.merge_check.toggled.connect(self._merge_toggled)
        form.addRow(self.merge_check)
        return box

    def _merge_toggled(self) -> None:
        """Read again at once; when that fails the box shows the data's setting again."""
        if self._filling or self.read_again():
            return
        self._filling = True
        self.merge_check.setChecked(self._read_with.fold_case)
        self._filling = False

    def _build_source_choices(self, form: QFormLayout) -> None:
        """Delimiter (text files and pastes) and Sheet (workbooks): choosing one reads again."""
        self.sheets = sheet_names(self._path) if self._path is not None else ()
        self.delimiter_combo = QComboBox()
        for label, value in DELIMITERS:
            self.delimiter_combo.addItem(label, value)
        self.delimiter_combo.setToolTip("The character between the fields of a line. Automatic "
                                        "finds it; choose one when the columns come out wrong.")
        self.delimiter_combo.setAccessibleName("Delimiter")
        self.delimiter_combo.setAccessibleDescription("Reads the data again with this delimiter.")
        self.sheet_combo = QComboBox()
        for name in self.sheets:
            self.sheet_combo.addItem(name, name)
        self.sheet_combo.setToolTip("The sheet of the workbook that holds the ratings.")
        self.sheet_combo.setAccessibleName("Sheet")
        self.sheet_combo.setAccessibleDescription("Reads the data again from this sheet.")
        is_text = not self.sheets and (self._path is None or raw_is_text(self._path))
        self.hidden_controls = tuple(setting for setting, shown in (("delimiter", is_text),
                                                                    ("sheet", bool(self.sheets)))
                                     if not shown)
        for label, combo, shown in (("Delimiter:", self.delimiter_combo, is_text),
                                    ("Sheet:", self.sheet_combo, bool(self.sheets))):
            if shown:
                form.addRow(label, combo)
                combo.currentIndexChanged.connect(self._source_choice_changed)
            else:
                combo.setParent(self)
                combo.hide()

    def _source_choice_changed(self) -> None:
        """Read again at once; when that fails the choice goes back to the data shown (the
        error under the notes says why)."""
        if self._filling or self.read_again():
            return
        self._filling = True
        self._select(self.delimiter_combo, self._detected.get("delimiter"))
        self._select(self.sheet_combo, self._detected.get("sheet"))
        self._filling = False

    def _build_notes(self) -> QWidget:
        box = QGroupBox("What the import decided")
        v = QVBoxLayout(box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.notes_page = QWidget()
        self.notes_grid = QGridLayout(self.notes_page)
        self.notes_grid.setContentsMargins(0, 0, 0, 0)
        scroll.setWidget(self.notes_page)
        v.addWidget(scroll)
        self.missing_buttons: dict[str, QPushButton] = {}
        return box

    # ------------------------------------------------------------------ show
    def _show(self, dataset: Dataset) -> None:
        self.dataset = dataset
        table = dataset.table
        cols, rows = subjects_preview(table)
        self.read_model.set_rows(cols, rows)
        fit_columns(self.read_view)
        cats = ", ".join(table.scale.display(c) for c in table.categories)
        self.read_summary.setText(f"{table.n_subjects:,} subjects, {table.n_raters:,} raters, "
                                  f"{table.n_ratings:,} ratings; categories: {cats}.")
        self.detected.setText(f"Detected layout: <b>{html.escape(dataset.layout)}</b> "
                              f"(confidence {100 * dataset.confidence:.0f}%) because "
                              f"{html.escape(dataset.reason)}.")
        self._select(self.layout_combo, dataset.layout)
        mapping = dict(dataset.mapping)
        columns = list(dataset.columns)
        for role, key in ROLE_KEYS:
            combo = self.role_combos[role]
            combo.clear()
            detected = mapping.get(key)
            unused = role in LONG_ONLY and dataset.layout != "long"
            if unused:
                combo.addItem(f"(not used in the {dataset.layout} layout)", None)
            elif detected and detected not in columns:
                combo.addItem(detected, None)          # e.g. "(row number)": nothing to choose
            elif not detected:
                combo.addItem("(none)", None)
            for col in columns:
                combo.addItem(col, col)
            if detected in columns:
                self._select(combo, detected)
            combo.setEnabled(not unused)
        self._select(self.ordinal_combo, table.scale.ordinal)
        self._filling = True
        self._select(self.delimiter_combo, self._read_with.delimiter)
        self._select(self.sheet_combo, dataset.provenance.sheet)
        self.merge_check.setChecked(self._read_with.fold_case)
        self._filling = False
        self._detected = self._control_values()
        self.roles_box.show_roles(dataset)
        self._fill_notes(dataset)

    def _fill_notes(self, dataset: Dataset) -> None:
        while self.notes_grid.count():
            w = self.notes_grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.missing_buttons = {}
        self.rule_checks: dict[str, QCheckBox] = {}
        notes = notes_of(dataset, self._read_with.rules_off, self.hidden_controls)
        if not notes:
            notes = [NoteLine("kept", "Nothing was left out or guessed: every row and column was "
                              "read as ratings.")]
        for row, note in enumerate(notes):
            colour = ACTION_COLOURS.get(note.action, "gray")
            label = QLabel(f"<span style='color:{colour}'><b>{html.escape(note.action.capitalize())}:"
                           f"</b></span> {html.escape(note.message)}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.notes_grid.addWidget(label, row, 0)
            if note.rule is not None and note.rule not in self.rule_checks:
                self.notes_grid.addWidget(self._rule_check(note), row, 1, Qt.AlignmentFlag.AlignTop)
            code = note.missing_code
            if code is not None:
                button = QPushButton(f"Treat {code} as missing")
                button.setToolTip(f"Read the data again with '{code}' meaning 'no rating'.")
                button.clicked.connect(lambda _=False, c=code: self.treat_as_missing(c))
                self.notes_grid.addWidget(button, row, 1, Qt.AlignmentFlag.AlignTop)
                self.missing_buttons[code] = button
            if note.flags_subjects:
                self.notes_grid.addWidget(self._flag_button(), row, 1, Qt.AlignmentFlag.AlignTop)
        self.notes_grid.setRowStretch(len(notes), 1)
        self.notes_grid.setColumnStretch(0, 1)

    def _flag_button(self) -> QPushButton:
        """'Drop flagged subjects' (or 'Keep flagged subjects' once dropped): reads again."""
        dropped = self._read_with.drop_flagged
        button = QPushButton("Keep flagged subjects" if dropped else "Drop flagged subjects")
        button.setToolTip("Read the data again with the subjects the file marks for exclusion "
                          + ("kept." if dropped else "left out."))
        button.clicked.connect(lambda _=False: self.drop_flagged(not dropped))
        self.flag_button = button
        return button

    def drop_flagged(self, on: bool) -> bool:
        """Leave out (or keep) the subjects a column marks for exclusion, and read again."""
        previous = self._read_with
        self._read_with = replace(self._read_with, drop_flagged=on)
        if self.read_again():
            return True
        self._read_with = previous
        self._fill_notes(self.dataset)
        return False

    def _rule_check(self, note: NoteLine) -> QCheckBox:
        """'Use this rule': unticking reads the data again without the rule."""
        check = QCheckBox("Use this rule")
        check.setChecked(note.applied)
        words = RULE_WORDS.get(note.rule, note.rule)
        check.setToolTip(f"Rule: {words}. Untick to read the data again without it "
                         "(what it leaves out is then read as data).")
        check.setAccessibleName(f"Use the rule: {words}")
        check.toggled.connect(lambda on, r=note.rule: self.use_rule(r, on))
        self.rule_checks[note.rule] = check
        return check

    @staticmethod
    def _select(combo: QComboBox, value) -> None:
        for i in range(combo.count()):
            if combo.itemData(i) == value:
                combo.setCurrentIndex(i)
                return

    # --------------------------------------------------------------- options
    def _control_values(self) -> dict:
        values = {"layout": self.layout_combo.currentData(),
                  "ordinal": self.ordinal_combo.currentData(),
                  "delimiter": self.delimiter_combo.currentData(),
                  "fold_case": self.merge_check.isChecked()}
        if self.sheets:
            values["sheet"] = self.sheet_combo.currentData()
        values.update({role: combo.currentData() for role, combo in self.role_combos.items()})
        return values

    def _missing(self) -> tuple[str, ...]:
        return tuple(s.strip() for s in self.missing_edit.text().split(",") if s.strip())

    def options(self) -> ImportOptions:
        """The options to read with: as read, plus every control the user changed."""
        changes = {k: v for k, v in self._control_values().items() if v != self._detected.get(k)}
        named = {key for setting, key in ROLE_KEYS if setting in changes}   # a column box wins
        roles = tuple((c, r) for c, r in self._read_with.column_roles if r not in named)
        return replace(self._read_with, missing=self._missing(), column_roles=roles, **changes)

    def _changed(self) -> bool:
        return self.options() != self._read_with

    # --------------------------------------------------------------- actions
    def read_again(self) -> bool:
        """Read the data again with the controls' settings; the preview shows the new reading."""
        if self._reread is None:
            return False
        options = self.options()
        try:
            dataset = self._reread(options)
        except TapDeskError as exc:
            self.error.setText(f"Could not read the data with these settings: {exc}"
                               f"{preview_hint(exc.settings, self.hidden_controls)}")
            self.error.setVisible(True)
            return False
        except Exception as exc:   # noqa: BLE001 - the dialog stays; the data are unchanged
            self.error.setText(f"Could not read the data with these settings ({type(exc).__name__}: "
                               f"{exc}).")
            self.error.setVisible(True)
            return False
        self.error.setVisible(False)
        source_changed = (options.delimiter, options.sheet) != (self._read_with.delimiter,
                                                                self._read_with.sheet)
        self._read_with = options
        self._show(dataset)
        if source_changed:
            self._refresh_source()
        return True

    def _refresh_source(self) -> None:
        """The file's first rows as the new delimiter or sheet cuts them."""
        raw = raw_rows(self._path, self._read_with) if self.raw_model is not None else None
        if raw is not None:
            self.raw_model.set_rows(*raw)
            fit_columns(self.raw_view)

    def use_rule(self, rule: str, on: bool) -> bool:
        """Switch an importer rule on or off and read the data again."""
        off = tuple(r for r in self._read_with.rules_off if r != rule) + (() if on else (rule,))
        previous = self._read_with
        self._read_with = replace(self._read_with, rules_off=off)
        if self.read_again():
            return True
        self._read_with = previous
        self._fill_notes(self.dataset)            # the check box shows the rule as it is
        return False

    def choose_role(self, column: str, role: str) -> bool:
        """Give a column a role (``ImportOptions.column_roles``) and read the data again;
        "not used" leaves a column out. When the reading fails the boxes show the data's roles."""
        roles = {c: r for c, r in self._read_with.column_roles if c != column}
        roles[column] = "leave out" if role == NOT_USED else role
        previous = self._read_with
        self._read_with = replace(self._read_with, column_roles=tuple(roles.items()))
        if self.read_again():
            return True
        self._read_with = previous
        self.roles_box.show_roles(self.dataset)
        return False

    def treat_as_missing(self, code: str) -> bool:
        missing = list(self._missing())
        if code not in missing:
            missing.append(code)
        self.missing_edit.setText(", ".join(missing))
        return self.read_again()

    def accept(self) -> None:  # noqa: D102 - Qt API
        if self._changed() and not self.read_again():
            return                        # the error is shown; nothing opens
        super().accept()


def fitted_size(dialog: QWidget, wanted: QSize) -> QSize:
    """``wanted``, no taller than the screen's free area less a window frame (at 1920 x 1080 at
    150%, 720 for Qt, the buttons were below the screen); as wide as its three columns need."""
    owner = dialog.parentWidget()                     # the window it opens over (not yet its own)
    screen = owner.screen() if owner is not None else QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    free = screen.availableGeometry().height() - FRAME_GUESS.top() - FRAME_GUESS.bottom()
    return QSize(wanted.width(), max(1, min(wanted.height(), free)))
