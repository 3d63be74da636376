"""Issue 53: the Tables tab saves the shown table as CSV or as an Excel workbook (XLSX), through
its Save table... button, as the report's tables are written."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtWidgets import QFileDialog

from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


@pytest.fixture
def tables_tab(window, qtbot):
    load_example(window, "wine")
    window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120_000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10_000)
    window.action_view_4.trigger()                     # View > Tables
    panel = window.results_pane.tables
    assert window.results_pane.tabs.tabText(window.results_pane.tabs.currentIndex()) == "Tables"
    return panel


def _save_as(monkeypatch, panel, path, chosen):
    asked = []

    def answer(parent, title, name, filters):
        asked.append(filters)
        return str(path), chosen

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
    panel.csv_button.click()
    assert "Excel workbook (*.xlsx)" in asked[0] and "CSV files (*.csv)" in asked[0]


def test_the_shown_table_saves_as_an_excel_workbook(tables_tab, monkeypatch, tmp_path):
    from openpyxl import load_workbook
    table = tables_tab.tables[tables_tab.chooser.currentIndex()]
    _save_as(monkeypatch, tables_tab, tmp_path / "table", "Excel workbook (*.xlsx)")
    sheet = load_workbook(tmp_path / "table.xlsx").active
    assert sheet.cell(1, 1).value == table.title
    assert tuple(c.value for c in sheet[2]) == tuple(table.columns)
    first = tuple(c.value for c in sheet[3])
    assert first == tuple(None if v is None else v for v in table.rows[0])   # numbers stay numbers


def test_the_shown_table_saves_as_csv(tables_tab, monkeypatch, tmp_path):
    table = tables_tab.tables[tables_tab.chooser.currentIndex()]
    _save_as(monkeypatch, tables_tab, tmp_path / "table.csv", "CSV files (*.csv)")
    with open(tmp_path / "table.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert tuple(rows[0]) == tuple(table.columns) and len(rows) == len(table.rows) + 1
