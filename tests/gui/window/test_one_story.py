"""One story in every language (issue 79), through the window's actions: File > Print prints
what File > Export report was told (title, author, note, signers, language); the Raters tab's
feedback sheets and File > Committee pack (its report, sheets and README) are written in the
report's language, with no English sentence left (no run of six words shared with the English
output of the same fits); the pack is made from the selected per-rater fit and says which."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tapdesk import i18n
from tapdesk.engine.binary.simulate import TapParameters
from tapdesk.gui import settings
from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tapdesk.gui.selftest.action_walk import Answerer
from tapdesk.gui.window.printing import print_job
from tests.gui.dialogs.test_plan_feedback import _fit
from tests.i18n.english_runs import assert_no_english, english_left
from tests.render.pdftext import pdf_text
from tests.report.test_approval import flat

pytestmark = pytest.mark.gui

PEOPLE = ("Ärztin Müller", "Dr. Öztürk", "Weiß", "Groß")
TITLE, AUTHOR, NOTE = "Gremium Nord 2026", "Qualitätszirkel Nord", "Sitzung vom 3. März"
SIGNERS = ("Ada Lovelace, chair", "Bob Smith, statistician")


def _load(window):
    from tapdesk.gui.examples import simulated_dataset
    dataset = simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3)
    dataset = replace(dataset, table=replace(dataset.table, rater_ids=PEOPLE))
    window.load_dataset(dataset, "panel")
    return dataset.table


def _own(table) -> tuple[str, ...]:
    """What the data and the user wrote: the same in every language."""
    return (*PEOPLE, TITLE, AUTHOR, NOTE, *SIGNERS, *table.categories, "panel", "Simulated data")


def _export(window, path, language: str) -> None:
    """File > Export report, its fields filled as a user does, in ``language``."""
    seen: list = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExportDialog):
            QTimer.singleShot(50, answer)
            return
        seen.append(dialog)
        dialog.title.setText(TITLE)
        dialog.author.setText(AUTHOR)
        dialog.note.setPlainText(NOTE)
        dialog.signers.setPlainText("\n".join(SIGNERS))
        dialog.sign_on_page_one.setChecked(True)
        dialog.language.setCurrentIndex(dialog.language.findData(language))
        export_to(dialog, path)

    QTimer.singleShot(0, answer)
    window.action_export_report.trigger()
    assert seen and path.exists(), seen and seen[0].error.text()


def export_to(dialog, path) -> None:
    """Press Export in the Export dialog, writing ``path``; the dialog closes when it ends."""
    dialog.path.setText(str(path))
    dialog.exported.connect(lambda _: dialog.accept())
    dialog.job.failed.connect(lambda message, details: dialog.reject())
    dialog.export_button.click()


def _print(window, qtbot, folder):
    """File > Print to a PDF file (no printer here), the print dialog accepted as it is."""
    settings.set_last_folder(folder)
    answerer = Answerer(folder)
    answerer.start()
    try:
        with qtbot.waitSignal(print_job(window).finished, timeout=240_000):
            window.action_print.trigger()
    finally:
        answerer.stop()
    qtbot.waitUntil(lambda: window.print_box is None, timeout=10_000)
    printed = list(folder.glob("*.pdf"))
    assert len(printed) == 1, list(folder.iterdir())
    return printed[0]


def _english_report(window, path):
    """The same fits' report written in English, in this process (the reference)."""
    from tapdesk.render.writer import write_report
    from tapdesk.report import build_report
    chosen = window.report_language
    window.report_language = "en"
    try:
        inputs = window.report_inputs()
    finally:
        window.report_language = chosen
    with i18n.language("en"):
        return write_report(build_report(inputs), path)


def test_print_prints_what_export_was_told_in_its_language(window, qtbot, tmp_path):
    table = _load(window)
    _fit(window, qtbot, "tap")
    _export(window, tmp_path / "exported.pdf", "fr")
    (tmp_path / "print").mkdir()
    pdf = _print(window, qtbot, tmp_path / "print")
    printed = pdf_text(pdf)
    for typed in (TITLE, AUTHOR, NOTE, *SIGNERS):
        assert flat(typed) in flat(printed), typed
    pages = printed.split("\f")[:-1]              # the approval block last, and on page one
    signed = [i for i, page in enumerate(pages) if page.count("_" * 36) == len(SIGNERS)]
    assert signed == [0, len(pages) - 1], (signed, len(pages))
    english = pdf_text(_english_report(window, tmp_path / "english.pdf"))
    assert flat(TITLE) in flat(english)                  # the same job, another language
    assert_no_english(printed, english, _own(table), "printed")
    exported = pdf_text(tmp_path / "exported.pdf")
    assert_no_english(exported, english, _own(table), "exported")


def _feedback_from_raters_tab(window, qtbot, monkeypatch, out):
    told: list = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: told.append(a[2]))
    window.results_pane.show_tab("Raters")
    window.results_pane.raters.feedback_button.click()
    qtbot.waitUntil(lambda: bool(told), timeout=120_000)
    return out


def _pack(window, qtbot, monkeypatch, folder):
    from tapdesk.gui.window import pack
    asked: list = []
    monkeypatch.setattr(pack.QInputDialog, "getText",
                        lambda parent, title, label, **k: (asked.append(label) or (TITLE, True)))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    with qtbot.waitSignal(pack.pack_job(window).finished, timeout=240_000):
        window.action_committee_pack.trigger()
    return asked[0]


def _english_pack(window, folder):
    from tapdesk.gui.window.pack import pack_fit
    from tapdesk.render.pack import write_pack
    _name, result, table = pack_fit(window)
    with i18n.language("en"):
        write_pack(result, table, folder, TITLE, AUTHOR, signers=SIGNERS)


def _pack_texts(folder, language: str = "en") -> dict[str, str]:
    """The pack's texts by what each file is, its names in ``language``: "README.txt",
    "report.pdf" and "feedback_NAME.pdf" in English, as the English pack names them."""
    from tapdesk.report.file_names import feedback_folder, readme_file, report_file, sheet_prefix
    with i18n.language(language):
        readme, report, sheets, prefix = (readme_file(), report_file(), feedback_folder(),
                                          sheet_prefix())
    texts = {"README.txt": (folder / readme).read_text(encoding="utf-8"),
             "report.pdf": pdf_text(folder / report)}
    for pdf in sorted((folder / sheets).glob("*.pdf")):
        texts["feedback_" + pdf.name.removeprefix(prefix)] = pdf_text(pdf)
    return texts


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_feedback_and_pack_from_the_window_speak_the_report_language(
        window, qtbot, tmp_path, monkeypatch, language):
    table = _load(window)
    getattr(window, f"action_language_{language}").trigger()
    settings.set_values({"report/author": AUTHOR, "report/sign": "\n".join(SIGNERS)})
    _fit(window, qtbot, "per-rater")
    own = _own(table)
    book = pdf_text(_feedback_from_raters_tab(window, qtbot, monkeypatch, tmp_path / "fb.pdf"))
    _pack(window, qtbot, monkeypatch, tmp_path / "pack")
    _english_pack(window, tmp_path / "english")
    english = _pack_texts(tmp_path / "english")
    english_sheets = "\n".join(t for name, t in english.items() if name.startswith("feedback_"))
    assert english_left(english_sheets, english_sheets, own)    # the comparison can tell
    assert_no_english(book, english_sheets, own, "feedback")
    written = _pack_texts(tmp_path / "pack", language)
    assert sorted(written) == sorted(english)                      # "feedback_Ärztin_Müller.pdf"
    for name, text in written.items():
        assert_no_english(text, english[name], own, name)
    for signer in SIGNERS:                                          # the report job's signers
        assert flat(signer) in flat(written["report.pdf"])


def test_the_pack_is_made_from_the_selected_fit_and_says_which(window, qtbot, tmp_path,
                                                                monkeypatch):
    _load(window)
    first = _fit(window, qtbot, "per-rater")
    _fit(window, qtbot, "per-rater")                  # the latest; the first is selected below
    window.results_pane.select(0)
    assert window.results_pane.current() is first
    question = _pack(window, qtbot, monkeypatch, tmp_path / "pack")
    name = window.report_candidates()[0][0]
    assert name.startswith("1. ") and name in question
    assert "(from fit 1)" in window.statusBar().currentMessage()
    readme = (tmp_path / "pack" / "README.txt").read_text(encoding="utf-8")
    assert name[3:] in readme
