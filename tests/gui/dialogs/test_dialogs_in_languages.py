"""The import preview, Plan, rater check and About dialogs in every language (issue 54): in the
pseudo-language every text of each dialog (labels, buttons, tooltips, headings, the notes and
the layout's reason) carries the pseudo brackets, but for the data's own words; German reads as
German, and English as before."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication, QLabel

from tapdesk import i18n
from tapdesk.data.readers import LAYOUTS, ImportOptions, read_ratings, sheet_names
from tapdesk.errors import TapDeskError
from tapdesk.gui.selftest.untranslated import plain, unbracketed, untranslated
from tests import IMPORT_FIXTURES
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

pytestmark = pytest.mark.gui

PREVIEWED = ("headerless.csv", "wide_missing.csv", "long.csv", "titled.xlsx", "ragged.csv",
             "r_write_csv_rownames.csv")
"""Files whose preview is walked: notes, rule boxes, sheets, a missing-code button, a footer."""


def _read(path, options=ImportOptions()):
    """The file read as the app reads it (in English, whatever the screen's language)."""
    with i18n.language("en"):
        return read_ratings(path, options)


def _file_words(path, dataset) -> tuple[str, ...]:
    """The file's own words: its name, cells, columns, categories, ids, sheets; and the
    layouts' names as the --layout option takes them (kept as they are, as in the glossary)."""
    words = [path.name, *LAYOUTS, *dataset.columns, *dataset.table.subject_ids,
             *map(str, dataset.table.rater_ids),
             *(dataset.table.scale.display(c) for c in dataset.table.categories),
             *(str(c) for c in dataset.table.categories), *dataset.items,
             *(sheet_names(path) if path.suffix in (".xlsx", ".ods") else ())]
    words += [c for row in path.read_text(errors="replace").splitlines()[:20]
              for c in re.split(r"[,;\t]", row)] if path.suffix in (".csv", ".txt") else []
    if path.suffix == ".xlsx":                  # a title row's words, quoted in a note
        import openpyxl
        book = openpyxl.load_workbook(path, read_only=True)
        words += [str(c) for sheet in book.worksheets
                  for row in sheet.iter_rows(max_row=20, values_only=True) for c in row if c]
    return tuple(w for w in words if w and w.strip())


def _preview(qtbot, path):
    from tapdesk.gui.dialogs.import_dialog import ImportPreview
    try:
        dataset = _read(path)
    except TapDeskError as exc:
        dialog = ImportPreview(None, None, ImportOptions(), path=path, refusal=exc,
                               reread=lambda o: _read(path, o))
        words: tuple[str, ...] = (path.name, *LAYOUTS, *getattr(exc, "found", None).columns) \
            if getattr(exc, "found", None) is not None else (path.name, *LAYOUTS)
    else:
        dialog = ImportPreview(None, dataset, ImportOptions(), path=path,
                               reread=lambda o: _read(path, o))
        words = _file_words(path, dataset)
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    return dialog, words


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("name", PREVIEWED)
def test_the_import_preview_is_bracketed_in_the_pseudo_language(app, qtbot, name):
    """Every label, button, tooltip, choice, heading and note of the preview (and the detected
    layout's reason) is bracketed; a file's own words are not."""
    i18n.set_language("qps")
    dialog, words = _preview(qtbot, IMPORT_FIXTURES / name)
    found = unbracketed(dialog, [], [], words)
    found += [f"detected: {dialog.detected.text()!r}"] if untranslated(dialog.detected.text(),
                                                                        words) else []
    assert found == [], "\n".join(found)
    assert dialog.windowTitle().startswith("[")


def test_the_check_finds_an_english_note(app, qtbot, monkeypatch):
    """The walk sees a note the importer left in English."""
    from tapdesk.data.importer.model import ImportNote
    from tapdesk.gui.dialogs.import_dialog import import_note_lines
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    i18n.set_language("qps")
    dialog, words = _preview(qtbot, IMPORT_FIXTURES / "headerless.csv")
    note = ImportNote("layout", "an English note nobody translated", action="guessed")
    dialog._fill_notes(import_note_lines([note]))
    QApplication.processEvents()
    assert any("nobody translated" in f for f in unbracketed(dialog, [], [], words))


def test_the_import_preview_reads_german(app, qtbot):
    """German words, counts grouped as German groups them, the layout's reason in German."""
    i18n.set_language("de")
    dialog, _words = _preview(qtbot, IMPORT_FIXTURES / "headerless.csv")
    assert dialog.windowTitle() == "Importvorschau: headerless.csv"
    assert dialog.open_button.text().replace("&", "") == "Öffnen"
    assert dialog.read_summary.text().startswith("4 Fälle, 3 Beurteiler, 12 Bewertungen; Kategorien: ")
    # the layout by its German name (the key "wide" stays in files and on the command line)
    assert "Erkannter Aufbau: <b>breit</b> (Sicherheit 60\u00a0%), weil " in dialog.detected.text()
    assert "eine Zeile je Fall" in html.unescape(dialog.detected.text())
    i18n.set_language("en")
    english, _words = _preview(qtbot, IMPORT_FIXTURES / "headerless.csv")
    assert english.read_summary.text().startswith("4 subjects, 3 raters, 12 ratings; categories:")
    assert english.detected.text().startswith("Detected layout: <b>wide</b> (confidence 60%) "
                                              "because one row per subject")


@pytest.fixture(scope="module")
def panel():
    """A per-rater fit of four raters, 120 subjects (R1 the weakest)."""
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.raters.check import simulated_panel
    table = simulated_panel(np.random.default_rng(3), [0.3, 0.75, 0.75, 0.75], 120)
    return table, fit(FitRequest(model="per-rater", class1=("1",), n_starts=2, level=0.9), table)


@pytest.mark.usefixtures("pseudo")
def test_the_rater_check_is_bracketed_in_the_pseudo_language(app, qtbot, panel):
    """Before a check: every text bracketed; after it, the verdict's heading too (the answer's
    sentences are the engine's: tests/engine)."""
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    i18n.set_language("qps")
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    qtbot.addWidget(dialog)
    dialog.show()
    raters = tuple(r.rater_id for r in result.raters)
    assert unbracketed(dialog, [], [], raters) == []
    assert dialog.windowTitle().startswith("[")
    dialog.run_check()
    assert dialog.answer.text().startswith("<p><b>[")
    assert unbracketed(dialog, [dialog.answer, dialog.details], [], raters) == []


@pytest.mark.usefixtures("pseudo")
def test_the_rater_checks_answer_is_bracketed_in_the_pseudo_language(app, qtbot, panel):
    """The answer's sentences and the details (the engine's words) bracketed too, numbers with
    a decimal comma (issue 54)."""
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    i18n.set_language("qps")
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.run_check()
    raters = tuple(r.rater_id for r in result.raters)
    assert unbracketed(dialog, [], [], raters) == []
    paragraphs = re.findall(r"<p>(.*?)</p>", dialog.answer.text(), re.S)
    assert len(paragraphs) == 3 and all(plain(p).strip().startswith("[") for p in paragraphs)
    assert not untranslated(dialog.details.text(), raters)
    assert re.search(r"\u22120,\d\d", plain(dialog.answer.text()))          # a decimal comma


def test_the_rater_checks_answer_reads_german(app, qtbot, panel):
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    i18n.set_language("de")
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    qtbot.addWidget(dialog)
    found = dialog.run_check()
    answer = html.unescape(dialog.answer.text())
    assert "Die Genauigkeit von Beurteiler R1 wird auf " in answer and "Dieses Intervall " in answer
    assert f"Differenz {found.summary()[6].split()[1]}" in answer          # the summary's number
    assert "Die Toleranz ist der Rückstand, den Sie hinnehmen" in answer
    assert "Profil-Likelihood" in dialog.details.text()


def test_the_rater_check_reads_german_and_rewords_on_a_new_language(app, qtbot, panel):
    """German words; View > Language's re-wording says the open answer's heading again."""
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    from tapdesk.gui.words import retranslate
    i18n.set_language("de")
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    qtbot.addWidget(dialog)
    assert (dialog.windowTitle(), dialog.check_button.text()) == ("Diesen Beurteiler prüfen", "Prüfen")
    assert dialog.level.suffix() == "\u00a0%"
    dialog.run_check()
    i18n.set_language("en")
    retranslate(dialog)
    assert dialog.windowTitle() == "Check this rater"
    assert dialog.answer.text().startswith("<p><b>Not good enough") or \
        dialog.answer.text().startswith("<p><b>Undecided")


@pytest.mark.usefixtures("pseudo")
def test_the_plan_dialog_is_bracketed_in_the_pseudo_language(app, qtbot):
    """Every text of the Plan dialog bracketed, before a plan and with a finished one (the
    quantities' names and the headline are the report's words: tests/report)."""
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    from tests.engine.planning.test_planning import WIDTHS, fake_plan
    i18n.set_language("qps")
    dialog = PlanDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert unbracketed(dialog, [], [], ()) == []
    assert dialog.windowTitle().startswith("[")
    for key in ("width", "power"):
        dialog.question.setCurrentIndex(dialog.question.findData(key))
        assert unbracketed(dialog, [], [], ()) == []
    dialog.question.setCurrentIndex(dialog.question.findData("grid"))
    result = fake_plan(WIDTHS, versus=0.5, level=0.9)
    dialog._request = result.request
    dialog._fill_quantities(result.request)
    dialog._on_finished(result)
    report_words = [dialog.headline, dialog.grid_note, dialog.quantity]
    found = unbracketed(dialog, [], report_words, ())
    assert found == [], "\n".join(found)
    cell = dialog.grid.item(0, 0)
    assert cell.toolTip().startswith("["), cell.toolTip()


def test_the_plan_dialog_reads_german(app, qtbot):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    from tests.engine.planning.test_planning import WIDTHS, fake_plan
    i18n.set_language("de")
    dialog = PlanDialog(None)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Die nächste Studie planen"
    assert dialog.run_button.text() == "Planung starten"
    assert "= 1.200." in dialog.subject_cost.toolTip()
    result = fake_plan(WIDTHS, versus=0.5, level=0.9)
    dialog._request = result.request
    dialog._fill_quantities(result.request)
    dialog._on_finished(result)
    assert dialog.status.text().startswith("Fertig: ")
    assert dialog.grid.horizontalHeaderItem(0).text().endswith(" Fälle")


@pytest.mark.usefixtures("pseudo")
def test_about_is_bracketed_in_the_pseudo_language(app, qtbot):
    """Help > About's words bracketed, but for the parts' names, versions and licences (as
    their makers write them) and the licence's own text (binding in English)."""
    from tapdesk import __version__
    from tapdesk.gui.dialogs import help as help_module
    from tapdesk.licence import LICENCE_NAME
    i18n.set_language("qps")
    dialog = help_module.show_about(None)
    qtbot.addWidget(dialog)
    assert unbracketed(dialog, [], [], ()) == []
    names = tuple(w for row in help_module._versions() for w in row) + \
        (LICENCE_NAME, "TapDesk", __version__, "https://www.gnu.org/licenses/gpl-3.0.html")
    page = help_module.about_html().split("<pre")[0]
    lines = [line for line in plain(page.replace("<", "\n<")).splitlines()
             if untranslated(line, names)]
    assert lines == [], "\n".join(lines)
    assert "[" in page


def test_about_reads_german_and_rewords_on_a_new_language(app, qtbot):
    from PySide6.QtWidgets import QTextBrowser

    from tapdesk.gui.dialogs import help as help_module
    from tapdesk.gui.words import retranslate
    i18n.set_language("de")
    dialog = help_module.show_about(None)
    qtbot.addWidget(dialog)
    browser = dialog.findChild(QTextBrowser)
    assert "Ihre Daten verlassen diesen Computer nie" in browser.toPlainText()
    assert "Komponente" in browser.toPlainText()
    i18n.set_language("en")
    retranslate(dialog)
    assert "your data never leave this computer" in browser.toPlainText()
    assert dialog.windowTitle() == "About TapDesk"


@pytest.mark.usefixtures("pseudo")
def test_subjects_left_out_are_said_in_the_pseudo_language_and_german(app, qtbot, tmp_path):
    """A subject with one rating and one with none: the preview's "left out" lines, with their
    reasons, bracketed in the pseudo-language and German in German."""
    path = tmp_path / "gaps.csv"
    path.write_text("subject,R1,R2,R3\n" + "".join(f"S{i},{i % 2},{(i + 1) % 2},{i % 2}\n"
                                                    for i in range(1, 9)) +
                    "S9,1,,\nS10,,,\n", encoding="utf-8")
    i18n.set_language("qps")
    dialog, words = _preview(qtbot, path)
    found = unbracketed(dialog, [], [], words)
    assert found == [], "\n".join(found)
    i18n.set_language("de")
    german, _words = _preview(qtbot, path)
    lines = [plain(label.text()) for label in german.notes_page.findChildren(QLabel)]
    assert any("1 Fall weggelassen: nur eine Bewertung, daher ist keine Übereinstimmung zu sehen"
               in line for line in lines), lines
