"""No English-written number anywhere in the German window (issue 54, item 4): a rule, not a list.

With the app in German (View > Language > Deutsch) an example is loaded (Help > Examples) and
fitted; every text of the window a reader sees is walked: labels, buttons, group titles, tab
texts, tooltips, each results tab in turn with its tables' cells and headings (each table of the
Tables tab), and the live plot's titles, axis names and tick labels. A number written as English
writes it fails: a decimal point between digits ("0.54"), commas grouping thousands ("1,000,000"),
or the English word "to" between two numbers ("0,41 to 0,62") (:mod:`tests.i18n.english_numbers`:
the rule, and its only exceptions, texts that are not numbers: a version, a hash, a file).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTextEdit, QWidget

from tapdesk.engine.analyses import COEFFICIENTS_MODEL, ORDINAL_MODEL
from tapdesk.gui import language as gui_language
from tapdesk.gui.selftest.untranslated import item_texts, own_texts
from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_window_in_languages import _fit
from tests.i18n.english_numbers import english_numbers

pytestmark = pytest.mark.gui


def cell_texts(view: QAbstractItemView, most: int = 300) -> list[str]:
    """A table's or a tree's headings and the texts of its first ``most`` rows, every column."""
    model = view.model()
    if model is None:
        return []
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:                              # a list's model keeps it private
        columns = 1
    out = [str(model.headerData(c, _HORIZONTAL) or "") for c in range(columns)]
    for row in range(min(most, model.rowCount(QModelIndex()))):
        for column in range(columns):
            index = model.index(row, column)
            out += [str(index.data() or ""), str(index.data(_TOOLTIP) or "")]
    return out


def plot_texts(root: QWidget) -> list[str]:
    """The titles, axis names and tick labels of the pyqtgraph plots under ``root``."""
    import pyqtgraph as pg
    out: list[str] = []
    for widget in root.findChildren(pg.GraphicsView):
        if not widget.isVisibleTo(root):
            continue
        for item in widget.scene().items():
            if isinstance(item, pg.AxisItem) and item.isVisible() and item.style["showValues"]:
                out.append(item.labelText)
                low, high = item.range
                for _spacing, values in item.tickValues(low, high, max(item.width(), 200)):
                    out += item.tickStrings(values, item.scale, _spacing)
            elif isinstance(item, pg.LabelItem):
                out.append(item.text)
            elif isinstance(item, pg.TextItem):
                out.append(item.textItem.toPlainText())
    return out


def window_texts(root: QWidget) -> list[str]:
    """Every text of ``root``'s shown widgets."""
    out: list[str] = []
    for widget in (root, *root.findChildren(QWidget)):
        if widget is not root and not widget.isVisibleTo(root):
            continue
        out += own_texts(widget, with_text=True)
        if isinstance(widget, QAbstractItemView):
            out += cell_texts(widget) + item_texts(widget)
        if isinstance(widget, QTextEdit):
            out.append(widget.toPlainText())
    return out + plot_texts(root)


def walk(window) -> dict[str, list[str]]:
    """Each results tab shown in turn (each table of the Tables tab): its English numbers."""
    found: dict[str, list[str]] = {}
    pane = window.results_pane
    for name in pane.tab_names():
        if not pane.tabs.isTabEnabled(pane.tab_names().index(name)):
            continue
        page = pane.show_tab(name)
        QApplication.processEvents()
        chooser = getattr(page, "chooser", None)
        for index in range(chooser.count() if chooser is not None else 1):
            if chooser is not None:
                chooser.setCurrentIndex(index)
                QApplication.processEvents()
            for text in window_texts(window):
                for bad in english_numbers(text):
                    found.setdefault(f"{name}: {bad!r}", []).append(text[:200])
    return found


_HORIZONTAL = Qt.Orientation.Horizontal
_TOOLTIP = Qt.ItemDataRole.ToolTipRole


@pytest.fixture(autouse=True)
def english_after():
    yield
    gui_language.apply_language("en")


@pytest.mark.parametrize(("example", "model", "method"), [
    ("wine", "tap", "mle"), ("wine", "per-rater", "mle"), ("ordinal", ORDINAL_MODEL, None),
    ("wine", COEFFICIENTS_MODEL, "mle")])
def test_no_english_number_in_the_german_window(window, qtbot, example, model, method):
    window.action_language_de.trigger()
    load_example(window, example)
    for group in (window.model_pane.explain_group, window.model_pane.options_group,
                  window.dataset_pane.scale_group):
        group.set_open(True)
    assert window.model_pane.select(model, method) if method else window.model_pane.select(model)
    _fit(window, qtbot)
    found = walk(window)
    assert not found, "\n".join(f"{k}  in  {v[0]!r}" for k, v in found.items())


def test_live_plot_ticks_are_written_as_the_language_writes_numbers(window):
    """The Progress tab's log-likelihood axis labels its ticks "−1.234,5" in German (they read
    "-1,234.5"), as English did in English."""
    from tapdesk import i18n
    axis = window.results_pane.live.loglik.getPlotItem().getAxis("left")
    ticks = [-1234.5, 0.0, 0.5]
    assert axis.tickStrings(ticks, 1.0, 0.5) == ["\u22121,234.5", "0.0", "0.5"]
    with i18n.language("de"):
        assert axis.tickStrings(ticks, 1.0, 0.5) == ["\u22121.234,5", "0,0", "0,5"]


def _dialog_numbers(dialog) -> list[str]:
    return [f"{bad!r} in {text[:160]!r}" for text in window_texts(dialog)
            for bad in english_numbers(text)]


def test_no_english_number_in_the_german_simulate_and_plan_dialogs(window, qtbot, monkeypatch):
    """View > Language > Deutsch, then Analysis > Simulate data... (its spin boxes, its preview
    plot and note) and the Plan dialog showing a plan (its headline, table and plot)."""
    from tests.gui.dialogs.test_plan_dialog import dialog_showing_a_plan
    from tests.gui.window.test_window_in_languages import _inspect_simulate
    window.action_language_de.trigger()
    found = _inspect_simulate(window, _dialog_numbers, monkeypatch)
    plan = dialog_showing_a_plan(qtbot, window)
    plan.show()
    QApplication.processEvents()
    for index in range(plan.quantity.count()):
        plan.quantity.setCurrentIndex(index)
        QApplication.processEvents()
        found += _dialog_numbers(plan)
    assert found == [], "\n".join(dict.fromkeys(found))
