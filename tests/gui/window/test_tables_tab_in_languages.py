"""The Tables tab in every language (issue 54): the ordinal analysis's, the classical
coefficients' and a t-a-p fit's tables (the chooser's names, the notes, the column headings and
the worded cells) are bracketed in the pseudo-language and German in German, while the table
saved as CSV or XLSX keeps its English title, headings, cells and note (exported files stay English)."""

from __future__ import annotations

import csv
import re

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.engine.analyses import COEFFICIENTS_MODEL, ORDINAL_MODEL
from tapdesk.gui.selftest.untranslated import header_texts, untranslated_words
from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_tabs_in_languages import data_names
from tests.gui.window.test_window_in_languages import (
    _fit,
    data_words,
    pseudo_window,  # noqa: F401 - the fixture
)

pytestmark = pytest.mark.gui

ORDINAL_TITLES = ("t-a-p at each cut point",
                  "Conditional accuracy sqrt(kappa) by pair of categories",
                  "Ratings by rater and category")
COEFFICIENT_TITLES = ("Fleiss' kappa per category",
                      "Pairwise Cohen's kappa (unweighted)", "Ratings by rater and category")
TAP_TITLES = ("Class-1 ratings per subject: observed and expected", "Ratings by rater and category")


def _fitted(window, qtbot, example: str, model: str, method: str | None = None):
    load_example(window, example)
    assert window.model_pane.select(model, method) if method else window.model_pane.select(model)
    _fit(window, qtbot)
    panel = window.results_pane.show_tab("Tables")
    QApplication.processEvents()
    return panel


def _unbracketed(panel, titles: tuple[str, ...], words: tuple[str, ...]) -> list[str]:
    """Each of ``titles`` chosen in the Tables tab: its chooser name, note, column headings and
    first column's worded cells with English words left (the data's own words aside)."""
    found: list[str] = []
    english = [t.title for t in panel.tables]
    for title in titles:
        assert title in english, (title, english)
        assert panel.show_table(title)
        QApplication.processEvents()
        model = panel.view.model()
        cells = [str(model.index(r, 0).data() or "") for r in range(model.rowCount())]
        shown = [panel.chooser.currentText(), panel.note.text(), *header_texts(panel.view),
                 *(c for c in cells if not c.replace(".", "").isdigit())]
        found += [f"{title}: {text!r} {bad}" for text in shown
                  if (bad := untranslated_words(text, words))]
    return found


@pytest.mark.parametrize(("example", "model", "method", "titles"), [
    ("ordinal", ORDINAL_MODEL, None, ORDINAL_TITLES),
    ("wine", COEFFICIENTS_MODEL, "mle", COEFFICIENT_TITLES),
    ("wine", "tap", "mle", TAP_TITLES)])
def test_tables_tab_is_bracketed_in_the_pseudo_language(pseudo_window, qtbot, example, model,  # noqa: F811
                                                        method, titles):
    """View > Language > the pseudo-language, then a fit: every listed table's name in the
    chooser, its note, its headings and its worded cells are bracketed."""
    window = pseudo_window
    window.action_language_qps.trigger()
    panel = _fitted(window, qtbot, example, model, method)
    words = data_words(window) + data_names(window) + ("sqrt", "kappa", "Fleiss", "Cohen")
    found = _unbracketed(panel, titles, words)
    assert found == [], "\n".join(found)
    assert panel.chooser.currentText().startswith("[")


def test_tables_tab_reads_german_and_its_csv_stays_english(window, qtbot, tmp_path):
    """The ordinal analysis, then View > Language > Deutsch: the cut-point table's name, note
    and headings in German; CSV and XLSX
    keep the English title, headings, cells and note."""
    panel = _fitted(window, qtbot, "ordinal", ORDINAL_MODEL)
    window.action_language_de.trigger()
    panel = window.results_pane.show_tab("Tables")
    assert panel.show_table("t-a-p at each cut point")
    QApplication.processEvents()
    assert panel.chooser.currentText() == "t-a-p an jeder Schwelle"
    assert panel.note.text().startswith("Klasse 1 = Bewertungen bis einschließlich der Schwelle")
    assert {"Schwelle", "Anteil Klasse 1", "Fleiss’ Kappa", "t: 95\u00a0%-Intervall"} \
        <= {h.replace("\n", " ") for h in header_texts(panel.view)}   # (wrapped headings)
    interval = str(panel.view.model().index(0, 3).data())
    assert re.fullmatch(r"\d,\d{3}\u00a0bis\u00a0\d,\d{3}", interval), interval   # one line, not
    #                                                             "0.076 to 0.191"
    rows = list(csv.reader(panel.export_csv(tmp_path / "cuts.csv")
                           .read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0][:4] == ["cut", "Class 1 share", "t", "t 95% interval"]
    assert re.fullmatch(r"\d\.\d{3} to \d\.\d{3}", rows[1][3]), rows[1]     # English, as before
    assert "Fleiss kappa" in rows[0] and "subjects" in rows[0]
    from openpyxl import load_workbook
    sheet = load_workbook(panel.export_xlsx(tmp_path / "cuts.xlsx")).active
    cells = [str(c) for row in sheet.iter_rows(values_only=True) for c in row if c is not None]
    assert "t-a-p at each cut point" in cells and "t 95% interval" in cells
    assert any(c.startswith("Class 1 = ratings at or below the cut") for c in cells)
    assert not any("Schwelle" in c for c in cells)
    assert panel.show_table("Ratings by rater and category")
    assert panel.chooser.currentText() == "Bewertungen nach Beurteiler und Kategorie"
    assert panel.model.rows[-1][0] == "Alle Beurteiler"
    counts = panel.export_csv(tmp_path / "counts.csv").read_text(encoding="utf-8-sig")
    assert counts.startswith("Rater,") and "All raters" in counts and "Alle" not in counts


def test_per_rater_meanings_read_german(window, qtbot):
    """A per-rater fit of the wine example, then View > Language > Deutsch: the Raters tab's
    headings say in German what each rater's accuracy and guess rate mean (their tooltips)."""
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    window.action_language_de.trigger()
    raters = window.results_pane.show_tab("Raters")
    QApplication.processEvents()
    tips = " ".join(raters.model.tooltips)
    assert "Genauigkeit dieses Beurteilers (Wahrscheinlichkeit" in tips, tips
    assert "Ratewahrscheinlichkeit dieses Beurteilers für Klasse 1" in tips
    assert "this rater's" not in tips


def test_rater_category_counts_are_grouped_in_each_language_and_saved_as_numbers(window, qtbot,
                                                                                 tmp_path):
    """The ratings-by-rater-and-category table of the ordinal example (1000 ratings): its
    counts read "1,000" in English, "1.000" in German and "1 000" in French in the Tables tab;
    the table saved as CSV keeps the number, 1000."""
    panel = _fitted(window, qtbot, "ordinal", ORDINAL_MODEL)
    shown = {}
    for code in ("en", "de", "fr"):
        getattr(window, f"action_language_{code}").trigger()
        panel = window.results_pane.show_tab("Tables")
        assert panel.show_table("Ratings by rater and category")
        QApplication.processEvents()
        model = panel.view.model()
        shown[code] = model.index(model.rowCount() - 1, model.columnCount() - 1).data()
    assert shown == {"en": "1,000", "de": "1.000", "fr": "1\u202f000"}
    assert panel.model.rows[-1][-1] == 1000
    rows = list(csv.reader(panel.export_csv(tmp_path / "counts.csv")
                           .read_text(encoding="utf-8-sig").splitlines()))
    assert rows[-1][0] == "All raters" and rows[-1][-1] == "1000", rows[-1]
