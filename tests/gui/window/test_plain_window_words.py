"""No command-line syntax in the window (issue 26, point 5): the main window after an import
with rules applied and after a fit, and the import preview, show no flags, no ``tapdesk ...``
commands and no snake_case keys."""

from __future__ import annotations

import html
import re

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tests import FIXTURES

pytestmark = pytest.mark.gui

COMMAND_LINE = (re.compile(r"(?<![\w-])--[a-z]"), re.compile(r"\btapdesk [a-z]+ "),
                re.compile(r"\b[a-z]+_[a-z_]+\b"))
TAGS = re.compile(r"<[^>]+>")


def _plain(text: str) -> str:
    return html.unescape(TAGS.sub(" ", text or ""))


def _model_texts(view: QAbstractItemView) -> list[str]:
    model, out = view.model(), []
    if model is None:
        return out
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:                 # a list model keeps columnCount private
        columns = 1
    for c in range(columns):
        out.append(str(model.headerData(c, Qt.Orientation.Horizontal) or ""))
    for r in range(min(model.rowCount(QModelIndex()), 60)):
        out += [str(model.index(r, c).data() or "") for c in range(columns)]
    return out


def visible_texts(root: QWidget) -> list[str]:
    """Every text a user can read in ``root``: labels, buttons, lists, tables, tabs."""
    out: list[str] = []
    shown = [w for w in root.findChildren(QWidget) if w.isVisibleTo(root)]
    for w in shown:
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, (QTextEdit, QPlainTextEdit)) and w.isReadOnly():
            out.append(w.toPlainText())
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QAbstractItemView):
            out += _model_texts(w)
    return [_plain(t) for t in out if t]


def command_line_syntax(texts: list[str], allowed: tuple[str, ...] = ()) -> list[str]:
    """The texts that write command-line syntax (``allowed`` parts, e.g. file names, removed)."""
    found = []
    for text in texts:
        for part in allowed:
            text = text.replace(part, "")
        if any(p.search(text) for p in COMMAND_LINE):
            found.append(text)
    return found


def test_the_scan_finds_command_line_syntax(window):
    label = QLabel("Choose one with --item", window)
    label.show()
    texts = visible_texts(window)
    assert command_line_syntax(texts) == ["Choose one with --item"]
    assert command_line_syntax(["footer (to turn this off: --no-rule title-lines)",
                                "tapdesk feedback DATA --out DIR", "false_positive_rate",
                                "a well-made sentence"]) == \
        ["footer (to turn this off: --no-rule title-lines)", "tapdesk feedback DATA --out DIR",
         "false_positive_rate"]
    label.deleteLater()


@pytest.mark.parametrize("name", ["lo_wine_totals.xlsx", "long_items.csv"])
def test_window_after_import_and_fit_speaks_without_command_line(window, qtbot, name):
    path = FIXTURES / "import" / name
    assert window.open_path(path)
    assert window.dataset_pane.dataset.import_notes, "the import applied rules"
    assert not command_line_syntax(visible_texts(window), (name,))
    if name == "long_items.csv":
        assert "choose the item in the Item list above" in window.dataset_pane.summary.text()
        assert window.dataset_pane.item_label.text() == "Item:"
    assert window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=60000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    for tabs in window.results_pane.findChildren(QTabWidget):
        for i in range(tabs.count()):               # every results tab, as the user opens it
            tabs.setCurrentIndex(i)
            found = command_line_syntax(visible_texts(window), (name,))
            assert not found, (tabs.tabText(i), found)
    window.results_pane.show_tab("Summary")
    texts = visible_texts(window)
    if name == "lo_wine_totals.xlsx":
        assert any("Class 1" in t and "(default)" in t for t in texts), [t for t in texts if "Class 1" in t]
        assert not any("chosen by the user" in t for t in texts)


def test_import_preview_switches_rules_off_with_a_check_box(window, shared_data):
    path = shared_data.parent / "fixtures" / "import" / "lo_wine_totals.xlsx" \
        if (shared_data.parent / "fixtures").exists() else None
    path = path or FIXTURES / \
        "import" / "lo_wine_totals.xlsx"
    ds = read_ratings(path, ImportOptions())
    dialog = ImportPreview(window, ds, ImportOptions(), path=path,
                           reread=lambda o: read_ratings(path, o))
    dialog.show()
    assert not command_line_syntax(visible_texts(dialog), (path.name,))
    assert "footer-rows" in dialog.rule_checks
    check = dialog.rule_checks["footer-rows"]
    assert check.text() == "Use this rule" and check.isChecked()
    before = dialog.dataset.table.n_subjects
    check.setChecked(False)                        # re-reads without the rule
    assert dialog.options().rules_off == ("footer-rows",)
    assert not any(n.rule == "footer-rows" and n.action == "left out"
                   for n in dialog.dataset.import_notes)
    assert dialog.dataset.table.n_subjects != before
    assert not dialog.rule_checks["footer-rows"].isChecked()     # listed, unticked, to turn on
    assert not command_line_syntax(visible_texts(dialog), (path.name,))
    dialog.rule_checks["footer-rows"].setChecked(True)
    assert dialog.options().rules_off == () and dialog.dataset.table.n_subjects == before
    dialog.close()


def test_bayesian_fit_screens_speak_without_command_line(window, qtbot):
    """Every results tab of a Bayesian fit: priors in plain words, no formula, no flag."""
    path = FIXTURES / "import" / \
        "lo_wine_totals.xlsx"
    assert window.open_path(path)
    assert window.model_pane.select("tap", "mcmc")
    pane = window.model_pane
    pane.chains.setValue(2)
    pane.draws.setValue(200)
    pane.warmup.setValue(100)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    seen: list[str] = []
    for tabs in window.results_pane.findChildren(QTabWidget):
        for i in range(tabs.count()):
            tabs.setCurrentIndex(i)
            texts = visible_texts(window)
            found = command_line_syntax(texts, (path.name,))
            assert not found, (tabs.tabText(i), found)
            seen += texts
    assert not [t for t in seen if "~ Beta" in t or "(uniform)" in t]
    assert any("Flat priors: every value of t, a and p equally likely before the data" in t
               for t in seen), [t for t in seen if "rior" in t]


@pytest.mark.parametrize("field, text, name", [
    ("raters", "1,3", "Raters per subject"),
    ("subjects", "2,50", "Subjects"),
    ("raters", "2,3,4,5,6,7,8,9,10,11,12", "Raters per subject or Subjects"),
])
def test_plan_dialog_with_a_bad_value_names_its_own_fields(window, field, text, name):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    dialog = PlanDialog(window)
    dialog.show()
    if "or" in name:                     # 11 x 10 designs: too many, both fields named
        dialog.subjects.setText(",".join(str(n) for n in range(10, 20)))
    getattr(dialog, field).setText(text)
    assert dialog.start() is False and not dialog.running
    shown = _plain(dialog.status.text()).strip()
    assert shown.endswith(f"(check the {name} field{'s' if ' or ' in name else ''})"), shown
    assert not command_line_syntax(visible_texts(dialog)), command_line_syntax(visible_texts(dialog))
    dialog.close()


def test_every_field_a_plan_error_names_is_in_the_dialog(window):
    """The names the hints use are the labels the Plan dialog shows (one table, checked)."""
    from PySide6.QtWidgets import QCheckBox

    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    from tapdesk.gui.hint_words import PLAN_CONTROLS
    dialog = PlanDialog(window)
    shown = {w.text() for w in dialog.findChildren(QLabel)} | \
        {w.text() for w in dialog.findChildren(QCheckBox)}
    for setting, name in PLAN_CONTROLS.items():
        assert f"{name}:" in shown or name in shown, (setting, name, sorted(shown))
    dialog.close()
