"""The export dialog as a committee uses it (issue 41): fits that differ only by method told
apart, title and note kept for the next export, a compact "done" page, and words when no
program opens the report."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QUrl

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tests.report.test_document import ratings_csv

pytestmark = pytest.mark.gui

LONG = ("1. t-a-p per rater (each rater their own accuracy and guess rate) (Data from a long "
        "file name.csv \u00b7 {method} \u00b7 Class 1 = yes)")


@pytest.fixture(scope="module")
def twins(tmp_path_factory):
    """Two fits of the same data that differ only by their method (as the window names them)."""
    table = read_ratings(ratings_csv(tmp_path_factory.mktemp("data") / "panel.csv")).table
    tap = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table)
    return [(LONG.format(method="Maximum likelihood"), tap, table),
            (LONG.format(method="Bayesian posterior by MCMC"), tap, table)]


def shown(qtbot, qapp, candidates):
    dialog = ExportDialog(candidates)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qapp.processEvents()
    return dialog


def test_fits_that_differ_only_by_method_are_told_apart(qtbot, qapp, twins):
    from tapdesk.gui.selftest.layout_check import layout_problems
    dialog = shown(qtbot, qapp, twins)
    view = dialog.analyses
    for i, (name, _, _) in enumerate(twins):
        item = view.item(i)
        assert item.text() == name and item.toolTip() == name
        rect = view.visualItemRect(item)
        needed = view.fontMetrics().boundingRect(0, 0, rect.width() - 30, 10_000,
                                                 0x1000, name).height()   # Qt.TextWordWrap
        assert rect.height() >= needed, (rect.height(), needed)      # wrapped, not cut
    assert layout_problems(dialog) == []


def test_title_and_note_are_kept_for_the_next_export(qtbot, qapp, twins, tmp_path):
    dialog = shown(qtbot, qapp, twins)
    dialog.title.setText("Panel review 2026")
    dialog.author.setText("The wine committee")
    dialog.note.setPlainText("Draft for the March meeting")
    dialog._finished(tmp_path / "report.pdf")         # what the export's end does
    again = shown(qtbot, qapp, twins)
    assert again.title.text() == "Panel review 2026"
    assert again.note.toPlainText() == "Draft for the March meeting"
    assert again.author.text() == "The wine committee"


def test_a_title_and_note_stay_with_their_data(qtbot, qapp, twins, tmp_path):
    """Issue 53: "Class 1 = no medal" came back on the report of other data. The author's name
    is kept for every report; the title and note only for the same data's next one."""
    dialog = shown(qtbot, qapp, twins)
    dialog.title.setText("Medals 2026")
    dialog.author.setText("The judging panel")
    dialog.note.setPlainText("Class 1 = no medal")
    dialog._finished(tmp_path / "report.pdf")
    other_table = read_ratings(ratings_csv(tmp_path / "other.csv", seed=9)).table
    tap = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), other_table)
    other = shown(qtbot, qapp, [("1. t-a-p", tap, other_table)])
    assert other.data_key != dialog.data_key
    assert other.title.text() == "" and other.note.toPlainText() == ""
    assert other.author.text() == "The judging panel"
    again = shown(qtbot, qapp, twins)
    assert again.title.text() == "Medals 2026" and again.note.toPlainText() == "Class 1 = no medal"


def test_the_end_of_an_export_writes_its_settings_to_disk_off_the_gui_thread(
        qtbot, qapp, twins, tmp_path, monkeypatch):
    """Each write of the settings file waits for the disk (~20 ms, more on a busy machine): the
    end of an export held the window 130-280 ms writing five of them, one by one, on the GUI
    thread. Now one background thread writes them, with a settings object of its own; a later
    read waits for that write, so it sees them."""
    import threading

    from PySide6.QtCore import QSettings

    from tapdesk.gui import settings
    written = []

    class Recorded(QSettings):
        def sync(self):
            written.append(threading.current_thread().name)
            super().sync()

    monkeypatch.setattr(settings, "_new_store", lambda: Recorded(
        QSettings.defaultFormat(), QSettings.Scope.UserScope, settings.ORGANISATION,
        settings.APPLICATION))
    dialog = shown(qtbot, qapp, twins)
    dialog.title.setText("Off the GUI thread")
    dialog._finished(tmp_path / "report.pdf")
    assert settings.value(f"report/data/{dialog.data_key}/title") == "Off the GUI thread"
    assert settings.last_folder() == str(tmp_path)
    assert written == ["tapdesk-settings"]                          # one write, not on the GUI


def test_the_done_page_is_a_compact_summary_with_its_buttons(qtbot, qapp, twins, tmp_path):
    from tapdesk.gui.selftest.layout_check import layout_problems
    dialog = shown(qtbot, qapp, twins)
    form_height = dialog.height()
    dialog.title.setText("Panel review")
    written = tmp_path / "panel-review.pdf"
    dialog._finished(written)
    qapp.processEvents()
    summary = dialog.done_summary.text()
    for words in ("panel-review.pdf", "PDF", "A4", "Panel review",
                  "2 analyses", "Maximum likelihood", "Bayesian posterior by MCMC"):
        assert words in summary, words
    # the folder whole, or elided in the middle with the whole path in the tooltip (a long
    # pytest folder may not fit the dialog's width)
    assert str(tmp_path) in summary or \
        ("…" in summary and str(tmp_path) in dialog.done_summary.toolTip())
    assert dialog.height() < form_height
    page = dialog.done_page
    used = sum(w.height() for w in (dialog.done_message, dialog.done_summary, dialog.open_button))
    assert used > 0.6 * page.height()                 # not a mostly empty box
    assert dialog.open_button.isVisible() and dialog.close_button.isVisible()
    assert layout_problems(dialog) == []


def test_open_report_without_a_viewer_says_so_naming_file_and_folder(qtbot, qapp, twins,
                                                                      tmp_path, monkeypatch):
    from PySide6.QtGui import QDesktopServices
    asked: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: asked.append(url) or False)
    dialog = shown(qtbot, qapp, twins)
    written = tmp_path / "panel-review.pdf"
    dialog._finished(written)
    assert not dialog.open_report()
    assert asked == [QUrl.fromLocalFile(str(written))]
    words = dialog.open_problem.text()
    assert dialog.open_problem.isVisible()
    assert "No program on this computer opened panel-review.pdf" in words
    assert "in the folder below" in words
    assert words.splitlines()[-1] == str(tmp_path)      # on its own line: never broken after
    assert not dialog.show_folder()                     # its first folder (issue 53, Ugly)
    assert dialog.open_problem.text().splitlines()[-1] == str(tmp_path)


def test_a_long_folder_is_on_one_line_elided_in_the_middle(qtbot, qapp, twins, tmp_path):
    """Issue 79: the folder a report was written to wrapped after a "/"; it stays on one line,
    elided in the middle when long, the whole path in the summary's tooltip."""
    dialog = shown(qtbot, qapp, twins)
    folder = tmp_path / ("Gremium_Nord_2026_Qualitaetszirkel_Sitzungen_" * 3) / "reports"
    dialog._finished(folder / "panel-review.pdf")
    qapp.processEvents()
    summary = dialog.done_summary.text()
    cell = re.search(r"white-space:nowrap'>([^<]*)</td>", summary)
    assert cell is not None and str(folder) not in summary, summary
    folder_shown = cell.group(1)
    assert folder_shown.startswith(str(folder)[:8]) and folder_shown.endswith("/reports")
    assert "\u2026" in folder_shown
    assert dialog.done_summary.toolTip() == str(folder / "panel-review.pdf")
