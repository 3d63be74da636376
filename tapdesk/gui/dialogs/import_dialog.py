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
box and a rule's "Use this rule" box, re-read at once. The column choices open
as the Layout chosen reads them. "Open" (and Enter) accepts the data as shown.

A reading that fails, or a file the importer refused once it had found a table
(:class:`~tapdesk.data.importer.refusal.RefusedReading`), shows why at the top,
with every column's role box; nothing opens until a reading succeeds. A reading with
warnings (the reading audit's, the importer's) shows them at the top too, in the language
of the moment, before its notes list them with the rest.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
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
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.import_words import LAYOUT_WORDS, data_name, layout_name
from tapdesk.data.importer.bookkeeping import FLAG_RULE
from tapdesk.data.importer.layouts import LAYOUT_SETTINGS
from tapdesk.data.importer.model import ImportNote
from tapdesk.data.importer.notes import RULE_WORDS
from tapdesk.data.importer.refusal import Found, RefusedReading
from tapdesk.data.mapping_words import mapping_value_words
from tapdesk.data.ratings import NO_RATER, RatingsTable
from tapdesk.data.readers import DELIMITER_NAMES, LAYOUTS, Dataset, ImportOptions, sheet_names
from tapdesk.data.wording import shown as shown_text
from tapdesk.errors import TapDeskError
from tapdesk.gui.dialogs.column_roles_box import NOT_USED, ColumnRolesBox, RolesRead
from tapdesk.gui.hint_words import preview_hint
from tapdesk.gui.screen_fit import FRAME_GUESS
from tapdesk.gui.widgets.table_models import RowsModel, fit_columns, table_view
from tapdesk.gui.widgets.upright_scroll import UprightScroll
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, ngettext, pgettext
from tapdesk.i18n.current import is_source

WANTED_SIZE = QSize(1200, 740)
"""The preview's size where the screen has room (smaller screens: their free area)."""
PREVIEW_SUBJECTS = 12
PREVIEW_RATERS = 24
RAW_BYTES = 64_000
ROLE_KEYS = (("subject_col", "subject"), ("rater_col", "rater"), ("rating_col", "rating"),
             ("item_col", "item"))
NO_LAYOUT = N_("(none found: choose one)")
NEEDED = {"long": ("subject_col", "rating_col")}
"""The column choices a layout cannot do without (the others may say "(none)")."""
REFUSED_COLOUR = "#B35900"
DELIMITER_CHOICES = {
    # Translators: the import preview's Delimiter choice.
    "tab": N_("Tab"),
    # Translators: the import preview's Delimiter choice; {char} is the character itself (";").
    "semicolon": N_("Semicolon ({char})"),
    # Translators: the import preview's Delimiter choice; {char} is the character itself (",").
    "comma": N_("Comma ({char})"),
    # Translators: the import preview's Delimiter choice; {char} is the character itself ("|").
    "pipe": N_("Pipe ({char})")}
DELIMITERS = ((N_("Automatic"), None), *((DELIMITER_CHOICES.get(name, name), name)
                                         for char, name in DELIMITER_NAMES.items() if char))
"""The Delimiter choice: (label, the ``ImportOptions.delimiter`` the CLI's --delimiter sets); a
label is marked for the catalog, ``{char}`` filled by :func:`delimiter_label`."""
ACTION_COLOURS = {"left out": "#B35900", "warning": "#B35900", "guessed": "#0072B2", "kept": "gray",
                  "not applied": "gray"}
# Translators: what the import did, at the head of each line of "What the import decided".
ACTION_WORDS = {"left out": NC_("import note", "Left out"), "warning": NC_("import note", "Warning"),
                "guessed": NC_("import note", "Guessed"), "kept": NC_("import note", "Kept"),
                "not applied": NC_("import note", "Not applied")}
"""Each note's action, as the line's head says it (translated where shown)."""


def delimiter_label(value: str | None) -> str:
    """A Delimiter choice's label in the current language ("Semicolon (;)")."""
    label = {v: lab for lab, v in DELIMITERS}[value]
    char = next((c for c, name in DELIMITER_NAMES.items() if name == value), "")
    return _(label).format(char=char)


def action_words(action: str) -> str:
    """A note's action as its line says it ("Left out"), in the current language."""
    return pgettext("import note", ACTION_WORDS[action]) if action in ACTION_WORDS else \
        action.capitalize()


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
        # Translators: in the import preview's file box; {error} is the system's message.
        return _("(cannot show the file: {error})").format(error=exc)
    if b"\x00" in raw or raw.startswith(b"PK\x03\x04"):
        return _("(a spreadsheet or statistics file: its cells are shown as read on the right)")
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
        extra = table.n_raters - len(raters)
        # Translators: the last column's heading of the import preview's table of subjects.
        more = [ngettext("+ {n} more rater", "+ {n} more raters", extra).format(
            n=formats.integer(extra))] if extra > 0 else []
        return (_("Subject"), *raters, *more), [r + (("",) if more else ()) for r in rows]
    per = {}
    mask = np.isin(table.subject, list(subjects))
    for s, v in zip(table.subject[mask], table.rating[mask]):
        per.setdefault(int(s), []).append(show[v])
    width = max((len(v) for v in per.values()), default=0)
    for s in subjects:
        values = per.get(s, [])
        rows.append((table.subject_ids[s], *values, *[""] * (width - len(values))))
    return (_("Subject"), *[
        # Translators: a column's heading of the import preview's table of subjects; {n} is 1,
        # 2, ...
        _("Rating {n}").format(n=i + 1) for i in range(width)]), rows


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
        from tapdesk.data.importer.pipeline import limits
        from tapdesk.data.importer.sources import read_path
        from tapdesk.data.importer.table import numbered_column
        grid, _facts = read_path(path, str(path), NoteBook(), limits(options, str(path)),
                            sheet=options.sheet, encoding=options.encoding,
                            delimiter=options.delimiter, decimal=options.decimal)
    except Exception:   # noqa: BLE001 - the preview falls back to the text lines
        return None
    cells = grid.cells.head(n)
    columns = list(grid.names) if grid.names else [numbered_column(i + 1)
                                                   for i in range(cells.shape[1])]
    from tapdesk.data.importer.values import cell_text  # 2, not '2.0', for a sheet's whole number
    rows = [tuple(cell_text(v) for v in row) for row in cells.itertuples(index=False)]
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
    same: tuple[tuple[str, str], ...] = ()   # labels the note offers to read as one


def import_note_lines(notes: Iterable[ImportNote], rules_off: tuple[str, ...] = (),
                      hidden: tuple[str, ...] = ()) -> list[NoteLine]:
    """The importer's notes, the preview's controls named (but not the ``hidden`` ones); a
    note of a rule switched off gets no box (the rule's "not applied" line has it)."""
    return [NoteLine(n.action, n.message + preview_hint(n.settings, hidden), n.suggested_missing,
                     n.rule if n.switchable and n.rule not in rules_off else None,
                     flags_subjects=n.rule == FLAG_RULE, same=n.suggested_same)
            for n in notes]


def note_html(note: NoteLine) -> str:
    """A note as its line shows it: its action's head, in its colour, then its sentence."""
    colour = ACTION_COLOURS.get(note.action, "gray")
    # Translators: the head of a line of "What the import decided"; {action} is what
    # the import did ("Left out"); the importer's note follows.
    head = _("{action}:").format(action=html.escape(action_words(note.action)))
    return f"<span style='color:{colour}'><b>{head}</b></span> {html.escape(note.message)}"


def rules_off_lines(rules_off: tuple[str, ...]) -> list[NoteLine]:
    """One "not applied" line, with its box, for each rule switched off."""
    return [NoteLine("not applied", _(RULE_WORDS[rule]).capitalize() if rule in RULE_WORDS else rule,
                     rule=rule,
                     applied=False) for rule in rules_off]


def notes_of(dataset: Dataset, rules_off: tuple[str, ...] = (),
             hidden: tuple[str, ...] = ()) -> list[NoteLine]:
    """Every note the import made, the preview's controls named (but not the ``hidden``
    ones); then the rules switched off."""
    out = import_note_lines(dataset.import_notes, rules_off, hidden)
    seen = {n.message for n in dataset.import_notes}
    for exc in dataset.table.exclusions():
        # Translators: a line of the import preview's notes; {reason} says why (a sentence).
        out.append(NoteLine("left out", ngettext("{n} subject left out: {reason}",
                                                 "{n} subjects left out: {reason}",
                                                 exc.n_subjects).format(
            n=str(exc.n_subjects) if is_source() else formats.integer(exc.n_subjects),
            reason=_(exc.reason))))
    for text in (*dataset.warnings, *dataset.notes):
        if text not in seen:
            out.append(NoteLine("warning" if text in dataset.warnings else "kept", text))
    return out + rules_off_lines(rules_off)


class ImportPreview(QDialog):
    """The import preview; after ``exec()``, :attr:`dataset` and :meth:`options` are what to open.

    Opened on a ``refusal`` (``dataset`` None) the preview says at the top why the file could
    not be read, shows every column's role box and opens nothing until a reading succeeds;
    the same holds after any reading that fails: the controls keep what the user chose.
    """

    def __init__(self, parent, dataset: Dataset | None, options: ImportOptions, *,
                 path: Path | None = None, text: str | None = None,
                 reread: Callable[[ImportOptions], Dataset] | None = None,
                 refusal: TapDeskError | None = None) -> None:
        super().__init__(parent)
        name = path.name if path is not None else \
            (dataset.provenance.file_name if dataset is not None else None) or _("pasted data")
        # Translators: the import preview's title; {name} is the file's name (or "pasted data").
        say(self, "setWindowTitle", N_("Import preview: {name}"), name=partial(data_name, name))
        self.dataset = dataset
        self.refusal: TapDeskError | None = None
        self._options = options
        self._read_with = options
        self._path, self._text, self._reread = path, text, reread
        self._filling = True                 # controls being set from a reading: no re-read
        layout = QVBoxLayout(self)
        self.refusal_label = QLabel()
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setTextFormat(Qt.TextFormat.RichText)
        self.refusal_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        say(self.refusal_label, "setAccessibleName", N_("Why the data could not be read"))
        self.refusal_label.setVisible(False)
        layout.addWidget(self.refusal_label)
        self.warnings_label = QLabel()          # a reading's warnings, before everything else
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        self.warnings_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        say(self.warnings_label, "setAccessibleName", N_("Warnings"))
        self.warnings_label.setVisible(False)
        layout.addWidget(self.warnings_label)
        self.fixes = QWidget()                  # the warnings' one-click fixes, under them
        self.fixes_row = QHBoxLayout(self.fixes)
        self.fixes_row.setContentsMargins(0, 0, 0, 0)
        self.fixes.setVisible(False)
        layout.addWidget(self.fixes)
        self.same_buttons: list[QPushButton] = []
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
        layout.addWidget(self._build_buttons(reread is not None))
        if dataset is not None:
            self._show(dataset)
        else:
            self._show_refused(refusal or TapDeskError(_("the data could not be read")))
        self.resize(fitted_size(self, WANTED_SIZE))

    # ----------------------------------------------------------------- build
    def _build_buttons(self, can_reread: bool) -> QDialogButtonBox:
        """Read again, Open, Cancel. Enter presses Open, and only while the data shown can be
        opened: no other button takes Enter when it has the focus (autoDefault off)."""
        buttons = QDialogButtonBox()
        self.reread_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        say(self.reread_button, "setText", N_("Read again with these settings"))
        self.reread_button.clicked.connect(self.read_again)
        self.reread_button.setEnabled(can_reread)
        self.open_button = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        # Translators: the import preview's button that opens the data as shown.
        say(self.open_button, "setText", NC_("import preview", "Open"), context="import preview")
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        say(self.cancel_button, "setText", N_("&Cancel"))
        for button in (self.reread_button, self.cancel_button):
            button.setAutoDefault(False)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        return buttons

    def _build_source(self) -> QWidget:
        box = say(QGroupBox(), "setTitle", N_("The file as it is (first rows)"))
        v = QVBoxLayout(box)
        raw = raw_rows(self._path, self._sheet_read(self._options))
        if raw is not None:
            self.raw_model = RowsModel(*raw)
            view = table_view(self.raw_model, _("File as it is"), sort=False)
            say(view, "setAccessibleName", N_("File as it is"))
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
            say(text, "setAccessibleName", N_("File as it is"))
            v.addWidget(text)
            self.raw_view = text
        return box

    def _build_read(self) -> QWidget:
        box = say(QGroupBox(), "setTitle", N_("As TapDesk reads it (first subjects)"))
        v = QVBoxLayout(box)
        self.read_model = RowsModel()
        self.read_view = table_view(self.read_model, _("Data as read"), sort=False)
        say(self.read_view, "setAccessibleName", N_("Data as read"))
        self.read_view.setTabKeyNavigation(False)
        v.addWidget(self.read_view)
        self.read_summary = QLabel()
        self.read_summary.setWordWrap(True)
        v.addWidget(self.read_summary)
        return box

    def _build_mapping(self) -> QWidget:
        box = say(QGroupBox(), "setTitle", N_("How the data are laid out"))
        page = QWidget()                  # scrolls where the choices are taller than their room
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        QVBoxLayout(box).addWidget(UprightScroll(page))
        self._build_source_choices(form)
        self.layout_combo = QComboBox()
        for name in LAYOUTS:
            self.layout_combo.addItem(_(LAYOUT_WORDS.get(name, name)), name)
        say(self.layout_combo, "setToolTip", N_("How the table is arranged (as detected). Change it "
                                                "when the detection is wrong: the column choices it "
                                                "uses open; then press Read again."))
        say(self.layout_combo, "setAccessibleName", N_("Layout"))
        self.layout_combo.currentIndexChanged.connect(self._layout_chosen)
        form.addRow(_label(N_("Layout:")), self.layout_combo)
        self.role_combos: dict[str, QComboBox] = {}
        for role, key in ROLE_KEYS:
            combo = QComboBox()
            name, label, tip = COLUMN_CHOICE_WORDS[key]
            say(combo, "setAccessibleName", name)
            say(combo, "setToolTip", tip)
            self.role_combos[role] = combo
            form.addRow(_label(label), combo)
        self.ordinal_combo = QComboBox()
        for label, value in ((N_("ordered (ordinal)"), True), (N_("unordered (nominal)"), False)):
            self.ordinal_combo.addItem(_(label), value)
        say(self.ordinal_combo, "setToolTip",
            N_("Whether the categories have a natural order (as detected)."))
        say(self.ordinal_combo, "setAccessibleName", N_("Scale"))
        form.addRow(_label(N_("Scale:")), self.ordinal_combo)
        self.missing_edit = QLineEdit(", ".join(self._options.missing))
        # Translators: the example in the empty Missing codes field; keep the codes.
        say(self.missing_edit, "setPlaceholderText", N_("e.g. 99, n/a"))
        say(self.missing_edit, "setToolTip", N_("Extra cell texts that mean 'no rating', separated "
                                                "by commas (blank cells, NA and similar are always "
                                                "missing)."))
        say(self.missing_edit, "setAccessibleName", N_("Missing codes"))
        form.addRow(_label(N_("Missing codes:")), self.missing_edit)
        self.merge_check = QCheckBox()
        tip = N_("Read 'Pass', 'pass ' and 'PASS' (or 'no pass' and 'nopass') as one category. "
                 "Reads the data again.")
        say(self.merge_check, "setToolTip", tip)
        say(self.merge_check, "setAccessibleName", N_("Merge look-alike labels"))
        self.merge_check.toggled.connect(self._read_at_once)
        form.addRow(_ticked_words(self.merge_check, N_("Merge labels that differ only in case or "
                                                       "spaces"), tip))
        return box

    def _read_at_once(self) -> None:
        """A choice that reads the data again as soon as it is made (Delimiter, Sheet, Merge)."""
        if not self._filling:
            self.read_again()

    def _build_source_choices(self, form: QFormLayout) -> None:
        """Delimiter (text files and pastes) and Sheet (workbooks): choosing one reads again."""
        self.sheets = sheet_names(self._path) if self._path is not None else ()
        self.delimiter_combo = QComboBox()
        for _choice, value in DELIMITERS:
            self.delimiter_combo.addItem(delimiter_label(value), value)
        say(self.delimiter_combo, "setToolTip", N_("The character between the fields of a line. "
                                                   "Automatic finds it; choose one when the "
                                                   "columns come out wrong."))
        say(self.delimiter_combo, "setAccessibleName", N_("Delimiter"))
        say(self.delimiter_combo, "setAccessibleDescription",
            N_("Reads the data again with this delimiter."))
        self.sheet_combo = QComboBox()
        for name in self.sheets:
            self.sheet_combo.addItem(name, name)
        say(self.sheet_combo, "setToolTip", N_("The sheet of the workbook that holds the ratings."))
        say(self.sheet_combo, "setAccessibleName", N_("Sheet"))
        say(self.sheet_combo, "setAccessibleDescription", N_("Reads the data again from this sheet."))
        is_text = not self.sheets and (self._path is None or raw_is_text(self._path))
        self.hidden_controls = tuple(setting for setting, shown in (("delimiter", is_text),
                                                                    ("sheet", bool(self.sheets)))
                                     if not shown)
        for label, combo, shown in ((N_("Delimiter:"), self.delimiter_combo, is_text),
                                    (N_("Sheet:"), self.sheet_combo, bool(self.sheets))):
            if shown:
                form.addRow(_label(label), combo)
                combo.currentIndexChanged.connect(self._read_at_once)
            else:
                combo.setParent(self)
                combo.hide()

    def _build_notes(self) -> QWidget:
        box = say(QGroupBox(), "setTitle", N_("What the import decided"))
        v = QVBoxLayout(box)
        self.notes_page = QWidget()
        self.notes_grid = QGridLayout(self.notes_page)
        self.notes_grid.setContentsMargins(0, 0, 0, 0)
        v.addWidget(UprightScroll(self.notes_page))   # never narrower than a note's button
        self.missing_buttons: dict[str, QPushButton] = {}
        return box

    # ------------------------------------------------------------------ show
    def _show(self, dataset: Dataset) -> None:
        """A reading: the data as read, and Open takes them."""
        self.dataset, self.refusal = dataset, None
        table = dataset.table
        cols, rows = subjects_preview(table)
        self.read_model.set_rows(cols, rows)
        fit_columns(self.read_view)
        self.read_summary.setText(read_summary(table))
        # Translators: the import preview's line on the layout; {layout} is its short name
        # ("wide", the file layout's name above), {confidence} a percent ("95%"),
        # {reason} why it was chosen (a sentence starting in lower case).
        self.detected.setText(_("Detected layout: <b>{layout}</b> (confidence {confidence}) because "
                                "{reason}.").format(layout=html.escape(layout_name(dataset.layout)),
                                                    confidence=_percent(dataset.confidence),
                                                    reason=html.escape(shown_text(dataset.reason))))
        self.refusal_label.setVisible(False)
        self._fill_controls(dataset.layout, dict(dataset.mapping), dataset.columns,
                            dataset.provenance.sheet, table.scale.ordinal)
        self.roles_box.show_roles(replace(RolesRead.of(dataset), chosen=self._chosen_columns()))
        notes = notes_of(dataset, self._read_with.rules_off, self._hidden())
        warned = [note_html(n) for n in notes if n.action == "warning"]
        self.warnings_label.setText("<br>".join(warned))
        self.warnings_label.setVisible(bool(warned))
        self._fill_fixes([n for n in notes if n.action == "warning" and n.same])
        self._fill_notes(notes)
        self._openable(True)

    def _show_refused(self, exc: TapDeskError) -> None:
        """No reading: why at the top, the columns found with their roles; nothing to open."""
        self.dataset, self.refusal = None, exc
        found = exc.found if isinstance(exc, RefusedReading) else \
            Found((), (), None, (), (), self._read_with.sheet)
        self.read_model.set_rows((_("Subject"),), [])
        self.read_summary.setText(_("Nothing is read yet (see the top of this window)."))
        # Translators: {layout} is the layout's short name ("wide").
        self.detected.setText(_("Layout tried: <b>{layout}</b>.").format(
            layout=html.escape(layout_name(found.layout))) if found.layout else _("No layout was found."))
        self._fill_controls(self._read_with.layout or found.layout, dict(found.mapping),
                            found.columns, found.sheet, self._read_with.ordinal)
        hint = preview_hint(exc.settings, self._hidden())
        fix = _("Give the columns their roles below, or change the layout, then read again.") \
            if found.columns else _("Check the Delimiter or Sheet choice below.")
        why = str(getattr(exc, "detail", None) or exc)    # the file is named in the title
        words = html.escape(f"{why.rstrip('.')}{hint}", quote=False)
        # Translators: the top of the import preview when a reading fails; {why} says why (from
        # the importer), {fix} what to do (a sentence). Keep <b> and </b>.
        self.refusal_label.setText(_("<b>The data could not be read as set:</b> {why}. {fix}").format(
            why=words, fix=fix))
        self.refusal_label.setStyleSheet(f"color: {REFUSED_COLOUR}")
        self.refusal_label.setVisible(True)
        self.warnings_label.setVisible(False)        # the refusal says what is wrong
        self._fill_fixes([])
        self.roles_box.show_roles(RolesRead(found.column_roles, found.import_notes, found.layout,
                                            str(exc), self._chosen_columns(), refused=True))
        self._fill_notes(import_note_lines(found.import_notes, self._read_with.rules_off,
                                           self._hidden()) + rules_off_lines(self._read_with.rules_off))
        self._openable(False)

    def _chosen_columns(self) -> frozenset[str]:
        """The columns the user gave a role (column roles and column choices)."""
        given = self._read_with
        return frozenset(c for c, _ in given.column_roles) | \
            {c for c in (getattr(given, r) for r, _ in ROLE_KEYS) if c}

    def _openable(self, valid: bool) -> None:
        """Open (and Enter) only while the data shown were read."""
        self.open_button.setEnabled(valid)
        self.open_button.setDefault(valid)
        self.open_button.setAutoDefault(valid)

    def _fill_controls(self, layout: str | None, mapping: dict, columns, sheet: str | None,
                       ordinal: bool | None) -> None:
        """The layout and column choices as read (or as set, after a refusal)."""
        self._filling = True
        if self.layout_combo.itemData(0) is None:
            self.layout_combo.removeItem(0)
        if layout is None:
            self.layout_combo.insertItem(0, _(NO_LAYOUT), None)
        self._select(self.layout_combo, layout)
        self._columns = tuple(columns)
        self._mapping = {key: mapping.get(key) or getattr(self._read_with, role)
                         for role, key in ROLE_KEYS}
        self._fill_role_combos(layout)
        self._select(self.ordinal_combo, ordinal)
        self._select(self.delimiter_combo, self._read_with.delimiter)
        self._select(self.sheet_combo, sheet)
        self.merge_check.setChecked(self._read_with.fold_case)
        self._filling = False
        self._detected = self._control_values()

    def _fill_role_combos(self, layout: str | None, *, chosen_now: bool = False) -> None:
        """Each column choice: open when ``layout`` reads it, with its column selected; "not
        used in the ... layout" otherwise (value None). ``chosen_now``: the user chose the
        layout, so a choice it opens keeps what the user picked, or asks for a column."""
        used = LAYOUT_SETTINGS.get(layout, ()) if layout else ()
        for role, key in ROLE_KEYS:
            combo = self.role_combos[role]
            picked = combo.currentData() if chosen_now and combo.isEnabled() else None
            value = picked or self._mapping.get(key)
            combo.clear()
            if role not in used:
                # Translators: a column choice the layout does not read; {layout} is its short
                # name ("wide").
                combo.addItem(_("(not used in the {layout} layout)").format(layout=layout_name(layout))
                              if layout else _("(choose a layout first)"), None)
            elif value and value not in self._columns:
                combo.addItem(mapping_value_words(value), None)  # nothing to choose
            else:
                combo.addItem(_("(choose a column)") if chosen_now and role in NEEDED.get(layout, ())
                              else _("(none)"), None)
            if role in used:
                for col in self._columns:
                    combo.addItem(col, col)
                self._select(combo, value)
            combo.setEnabled(role in used)

    def _layout_chosen(self) -> None:
        """The column choices follow the layout chosen (Read again reads with it)."""
        if not self._filling:
            self._fill_role_combos(self.layout_combo.currentData(), chosen_now=True)

    def _hidden(self) -> tuple[str, ...]:
        """Settings with no control to name here: not shown for this file, or not used by
        the layout chosen."""
        used = LAYOUT_SETTINGS.get(self.layout_combo.currentData(), ())
        return self.hidden_controls + tuple(r for r, _ in ROLE_KEYS if r not in used)

    def _fill_notes(self, notes: list[NoteLine]) -> None:
        while self.notes_grid.count():
            w = self.notes_grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.missing_buttons = {}
        self.rule_checks: dict[str, QCheckBox] = {}
        if not notes and self.refusal is None:
            notes = [NoteLine("kept", _("Nothing was left out or guessed: every row and column was "
                                        "read as ratings."))]
        # Each note across the panel's width, its control (a rule's box, a button) on the line
        # under it: beside the note, a long control ("Diese Regel anwenden") squeezed the
        # note into a column a word wide.
        for index, note in enumerate(notes):
            row = 2 * index
            label = QLabel(note_html(note))
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.notes_grid.addWidget(label, row, 0, 1, 2)
            row += 1
            if note.rule is not None and note.rule not in self.rule_checks:
                self.notes_grid.addWidget(self._rule_check(note), row, 1, Qt.AlignmentFlag.AlignTop)
            code = note.missing_code
            if code is not None:
                # Translators: {code} is a cell's text as the file writes it ("99").
                button = say(QPushButton(), "setText", N_("Treat {code} as missing"), code=code)
                button.setAutoDefault(False)
                # Translators: a button's tooltip; {code} is a cell's text as the file writes it
                # ("99").
                say(button, "setToolTip", N_("Read the data again with {code} meaning 'no rating'."),
                    code=partial(formats.quoted, code))
                button.clicked.connect(lambda _=False, c=code: self.treat_as_missing(c))
                self.notes_grid.addWidget(button, row, 1, Qt.AlignmentFlag.AlignTop)
                self.missing_buttons[code] = button
            if note.flags_subjects:
                self.notes_grid.addWidget(self._flag_button(), row, 1, Qt.AlignmentFlag.AlignTop)
        self.notes_grid.setRowStretch(2 * len(notes), 1)
        self.notes_grid.setColumnStretch(0, 1)

    def _fill_fixes(self, notes: list[NoteLine]) -> None:
        """A button under the warnings for each one that offers to read labels as one
        ('ja' as 'yes'): a click reads the data again so."""
        while self.fixes_row.count():
            w = self.fixes_row.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.same_buttons = []
        for note in notes:
            pairs = ", ".join(f"{formats.quoted(a)} = {formats.quoted(b)}" for a, b in note.same)
            # Translators: a button under a warning; {pairs} labels read as one
            # ("'ja' = 'yes', 'nein' = 'no'").
            button = say(QPushButton(), "setText", N_("Read as one scale: {pairs}"), pairs=pairs)
            button.setAutoDefault(False)
            say(button, "setToolTip", N_("Read the data again with these labels as the same "
                                         "answers."))
            button.clicked.connect(lambda _=False, same=note.same: self.read_as_one(same))
            self.fixes_row.addWidget(button)
            self.same_buttons.append(button)
        self.fixes_row.addStretch(1)
        self.fixes.setVisible(bool(notes))

    def _flag_button(self) -> QPushButton:
        """'Drop flagged subjects' (or 'Keep flagged subjects' once dropped): reads again."""
        dropped = self._read_with.drop_flagged
        button = say(QPushButton(), "setText", N_("Keep flagged subjects") if dropped else
                     N_("Drop flagged subjects"))
        button.setAutoDefault(False)
        say(button, "setToolTip",
            N_("Read the data again with the subjects the file marks for exclusion kept.")
            if dropped else
            N_("Read the data again with the subjects the file marks for exclusion left out."))
        button.clicked.connect(lambda _=False: self.drop_flagged(not dropped))
        self.flag_button = button
        return button

    def _rule_check(self, note: NoteLine) -> QCheckBox:
        """'Use this rule': unticking reads the data again without the rule."""
        check = say(QCheckBox(), "setText", N_("Use this rule"))
        check.setChecked(note.rule not in self._read_with.rules_off)
        words = _(RULE_WORDS[note.rule]) if note.rule in RULE_WORDS else note.rule
        # Translators: {rule} says what an importer rule does ("leave out comment columns").
        say(check, "setToolTip", N_("Rule: {rule}. Untick to read the data again without it "
                                    "(what it leaves out is then read as data)."), rule=words)
        # Translators: a check box's name for a screen reader; {rule} says what an importer rule
        # does ("leave out comment columns").
        say(check, "setAccessibleName", N_("Use the rule: {rule}"), rule=words)
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
        """The options to read with: as read, plus every control the user changed (a column
        choice the layout does not use says nothing)."""
        values = self._control_values()
        changes = {k: v for k, v in values.items() if v != self._detected.get(k)}
        if "layout" in changes or any(r in changes for r, _ in ROLE_KEYS):
            # another layout, or one column choice changed: read every column choice as shown
            changes.update({r: values[r] for r, _ in ROLE_KEYS if values[r] is not None})
        named = {key for setting, key in ROLE_KEYS if setting in changes}   # a column box wins
        roles = tuple((c, r) for c, r in self._read_with.column_roles if r not in named)
        unused = {r: None for r, _ in ROLE_KEYS if not self.role_combos[r].isEnabled()}
        return replace(self._read_with, missing=self._missing(), column_roles=roles,
                       **{**changes, **unused})

    def _changed(self) -> bool:
        return self.options() != self._read_with

    # --------------------------------------------------------------- actions
    def read_again(self) -> bool:
        """Read the data again with the controls' settings: the preview shows the new reading,
        or why there is none (the controls keep what was chosen)."""
        if self._reread is None:
            return False
        options = self.options()
        source_changed = (options.delimiter, options.sheet) != (self._read_with.delimiter,
                                                                self._read_with.sheet)
        self._read_with = options
        try:
            dataset = self._reread(options)
        except TapDeskError as exc:
            self._show_refused(exc)
            return False
        except Exception as exc:   # noqa: BLE001 - the dialog stays; nothing opens
            # Translators: {error} is the program's error, as Python names it ("KeyError: 'x'").
            self._show_refused(TapDeskError(_("the file could not be read ({error})").format(
                error=f"{type(exc).__name__}: {exc}")))
            return False
        finally:
            if source_changed:
                self._refresh_source()
        self._show(dataset)
        return True

    def _sheet_read(self, options: ImportOptions) -> ImportOptions:
        """``options`` naming the sheet the reading came from, where the importer chose it (a
        workbook opening on its instructions or an example): the file's first rows shown are
        that sheet's, as the data beside them are."""
        if options.sheet is not None or self.dataset is None or not self.dataset.provenance.sheet:
            return options
        return replace(options, sheet=self.dataset.provenance.sheet)

    def _refresh_source(self) -> None:
        """The file's first rows as the new delimiter or sheet cuts them."""
        raw = raw_rows(self._path, self._sheet_read(self._read_with)) \
            if self.raw_model is not None else None
        if raw is not None:
            self.raw_model.set_rows(*raw)
            fit_columns(self.raw_view)

    def drop_flagged(self, on: bool) -> bool:
        """Leave out (or keep) the subjects a column marks for exclusion, and read again."""
        self._read_with = replace(self._read_with, drop_flagged=on)
        return self.read_again()

    def use_rule(self, rule: str, on: bool) -> bool:
        """Switch an importer rule on or off and read the data again."""
        off = tuple(r for r in self._read_with.rules_off if r != rule) + (() if on else (rule,))
        self._read_with = replace(self._read_with, rules_off=off)
        return self.read_again()

    def choose_role(self, column: str, role: str) -> bool:
        """Give a column a role (``ImportOptions.column_roles``) and read the data again;
        "not used" leaves a column out. The choice stays when the reading fails (the top of
        the preview says why), so roles can be given one after another."""
        roles = {**self._long_roles_shown(role), **dict(self._read_with.column_roles)}
        roles.pop(column, None)
        roles[column] = "leave out" if role == NOT_USED else role
        self._read_with = replace(self._read_with, column_roles=tuple(roles.items()))
        return self.read_again()

    def _long_roles_shown(self, role: str) -> dict[str, str]:
        """In a reading with one row per rating, the subject, rater, rating and item columns as
        shown, so that giving one column a role changes only that (the column that had the
        role is left out): the reading is what the box shows, not a new guess from one role."""
        if self.dataset is None or self.dataset.layout != "long" or role not in ONE_COLUMN_ROLES:
            return {}
        shown = {c: r for c, r in self.dataset.column_roles if r in ONE_COLUMN_ROLES}
        return {c: ("leave out" if r == role else r) for c, r in shown.items()}

    def read_as_one(self, same: tuple[tuple[str, str], ...]) -> bool:
        """Read the labels of ``same`` as the labels they stand for, and read again."""
        known = dict(self._read_with.same_as)
        self._read_with = replace(self._read_with, same_as=tuple({**known, **dict(same)}.items()))
        return self.read_again()

    def treat_as_missing(self, code: str) -> bool:
        missing = list(self._missing())
        if code not in missing:
            missing.append(code)
        self.missing_edit.setText(", ".join(missing))
        return self.read_again()

    def accept(self) -> None:  # noqa: D102 - Qt API
        if self.dataset is None or (self._changed() and not self.read_again()):
            return                        # the top says why; nothing opens
        super().accept()


COLUMN_CHOICE_WORDS = {
    "subject": (N_("Subject column"), N_("Subject column:"),
                N_("The column that holds the subject (as detected).")),
    "rater": (N_("Rater column"), N_("Rater column:"),
              N_("The column that holds the rater (as detected).")),
    "rating": (N_("Rating column"), N_("Rating column:"),
               N_("The column that holds the rating (as detected).")),
    "item": (N_("Item column"), N_("Item column:"),
             N_("The column that holds the item (as detected).")),
}
"""Each column choice's accessible name, label and tooltip (marked for the catalog)."""

ONE_COLUMN_ROLES = ("subject", "rater", "rating", "item")
"""The roles one column holds in a reading with one row per rating."""


def _ticked_words(check: QCheckBox, words: str, tip: str) -> QWidget:
    """A check box whose words wrap to the width there is (a check box's own text never wraps:
    in German this one made the preview 1,282 px wide, wider than a 1280 screen); a click on
    the words ticks it, as on a check box's own text."""
    row = QWidget()
    line = QHBoxLayout(row)
    line.setContentsMargins(0, 0, 0, 0)
    text = say(QLabel(), "setText", words)
    say(text, "setToolTip", tip)
    text.setWordWrap(True)
    text.setBuddy(check)
    text.mousePressEvent = lambda _event: check.toggle()      # type: ignore[method-assign]
    line.addWidget(check)
    line.addWidget(text, 1)
    return row


def _label(text: str) -> QLabel:
    """A form row's label, ``text`` marked for the catalog, said in the current language."""
    return say(QLabel(), "setText", text)


def _percent(share: float) -> str:
    """A confidence as a percent: English as before ("95%"), other languages by their rules."""
    return f"{100 * share:.0f}%" if is_source() else formats.percent(share)


def read_summary(table: RatingsTable) -> str:
    """"183 subjects, 4 raters, 732 ratings; categories: ..." in the current language; for
    scores their count and range instead of every number."""
    counts = dict(
        subjects=ngettext("{n} subject", "{n} subjects", table.n_subjects).format(
            n=_count(table.n_subjects)),
        raters=ngettext("{n} rater", "{n} raters", table.n_raters).format(n=_count(table.n_raters)),
        ratings=ngettext("{n} rating", "{n} ratings", table.n_ratings).format(
            n=_count(table.n_ratings)))
    if table.scale.scores:
        from tapdesk.data.binary import written_score
        numbered = sorted((float(c), c) for c in table.scale.categories)
        # Translators: the import preview's summary of scores read; {subjects}, {raters} and
        # {ratings} are counts ("183 subjects"), {n} how many distinct numbers, {low} and
        # {high} the smallest and the largest.
        return _("{subjects}, {raters}, {ratings}; scores: {n} distinct numbers from {low} to "
                 "{high}.").format(**counts, n=_count(len(numbered)),
                                   low=written_score(numbered[0][1]),
                                   high=written_score(numbered[-1][1]))
    cats = ", ".join(table.scale.display(c) for c in table.categories)
    # Translators: the import preview's summary of what was read; {subjects}, {raters} and
    # {ratings} are counts ("183 subjects"), {categories} the categories as the file names them.
    return _("{subjects}, {raters}, {ratings}; categories: {categories}.").format(
        **counts, categories=cats)


def _count(n: int) -> str:
    return f"{n:,}" if is_source() else formats.integer(n)


def fitted_size(dialog: QWidget, wanted: QSize) -> QSize:
    """``wanted``, no taller than the screen's free area less a window frame (at 1920 x 1080 at
    150%, 720 for Qt, the buttons were below the screen); as wide as its three columns need."""
    owner = dialog.parentWidget()                     # the window it opens over (not yet its own)
    screen = owner.screen() if owner is not None else QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    free = screen.availableGeometry().height() - FRAME_GUESS.top() - FRAME_GUESS.bottom()
    return QSize(wanted.width(), max(1, min(wanted.height(), free)))
