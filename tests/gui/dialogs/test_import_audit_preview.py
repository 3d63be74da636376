"""Issue 74: each principle of the reading audit through the import preview, where the user meets
it: File > Open ratings..., the file dialog answered, the preview driven while it is open (a
note's "Use this rule" box unticked, a column given a role), Open, and the data set that lands
in the window. The files are the smallest ones of tests/data/importer/test_audit.py.

The audit's warnings are said at the top of the preview, before anything else, in the language
the window speaks."""

from __future__ import annotations

import html
import re

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QFileDialog, QLabel

from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tests.data.importer.test_audit import (
    RATINGS,
    _csv,
    _panel,
    _survey,
    _ticks,
    _twinned,
    _with_comments,
)
from tests.data.importer.test_audit import _workbook as workbook_bytes
from tests.data.importer.test_held_out_rules_7 import _inspections, _releves
from tests.languages import english_after  # noqa: F401 - fixture

pytestmark = pytest.mark.gui


# ------------------------------------------------------------------ the user's way in
def open_ratings(window, monkeypatch, path, drive):
    """File > Open ratings... (the File menu's entry, in whatever language the window speaks),
    the file dialog answered with ``path``; ``drive(preview)`` runs while the preview is open
    (its failure fails the test once the preview is closed). Returns the preview."""
    window.preview_imports = True
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(
        lambda *a, **k: (str(path), "Ratings files")))
    failed: list[BaseException] = []
    shown: list[ImportPreview] = []

    def act():
        box = QApplication.activeModalWidget()
        if not isinstance(box, ImportPreview):
            QTimer.singleShot(20, act)
            return
        shown.append(box)
        try:
            drive(box)
        except BaseException as exc:   # noqa: BLE001 - raised again once the preview is closed
            failed.append(exc)
        if box.isVisible():
            box.reject()

    QTimer.singleShot(20, act)
    assert window.action_open in window.file_menu.actions()
    window.action_open.trigger()
    if failed:
        raise failed[0]
    assert shown, "the import preview did not open"
    return shown[0]


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def note_rows(preview) -> list[tuple[str, QCheckBox | None]]:
    """Each line of "What the import decided" as the user reads it, with its "Use this rule"
    box (None: the line has none)."""
    grid = preview.notes_grid
    rows = []
    for row in range(grid.rowCount()):        # each note, its box on the line under it
        text, check = grid.itemAtPosition(row, 0), grid.itemAtPosition(row + 1, 1)
        label = text.widget() if text is not None else None
        if isinstance(label, QLabel):
            box = check.widget() if check is not None else None
            rows.append((_plain(label.text()), box if isinstance(box, QCheckBox) else None))
    return rows


def _plain(rich: str) -> str:
    """A rich text label's words (tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", rich))


def the_note(preview, *words: str) -> tuple[str, QCheckBox | None]:
    """The one line of the notes that holds all ``words``."""
    found = [(text, box) for text, box in note_rows(preview) if all(w in text for w in words)]
    assert len(found) == 1, (words, note_rows(preview))
    return found[0]


def _open(preview, qtbot) -> None:
    qtbot.mouseClick(preview.open_button, Qt.MouseButton.LeftButton)


def _pick(combo, value) -> None:
    index = combo.findData(value)
    assert index >= 0, f"{value!r} is not offered in {combo.accessibleName()}"
    combo.setCurrentIndex(index)


def _click(qtbot, check: QCheckBox) -> None:
    """A click on the box as the user makes it (on the box's square)."""
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))


# ------------------------------------------------------------------ the principles
@pytest.mark.parametrize("unticked", [False, True], ids=["as read", "rule unticked"])
def test_a_comment_column_is_left_out_and_one_click_brings_it_back(window, qtbot, tmp_path,
                                                                   monkeypatch, unticked):
    """Kommentar ('passt', 'unsicher') is no rater: its note says so with its box ticked, and
    r1, r2, r3 are opened. Unticking the box reads the file again without the rule: Kommentar
    is a rater again, and so it is opened."""
    path = _write(tmp_path, "Befunde.csv", _with_comments())
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "'Kommentar'")
        seen["ticked"] = box is not None and box.isChecked()
        seen["raters"] = preview.dataset.table.rater_ids
        seen["role"] = preview.roles_box.roles()["Kommentar"]
        seen["why"] = preview.roles_box.reasons["Kommentar"].text()
        seen["top"] = preview.warnings_label.isVisible()
        if unticked:
            _click(qtbot, box)
            seen["after"] = (preview.dataset.table.rater_ids, preview.options().rules_off,
                             preview.roles_box.roles()["Kommentar"],
                             [text for text, _box in note_rows(preview) if "Kommentar" in text])
            [(seen["not applied"], again)] = [r for r in note_rows(preview)
                                              if r[0].startswith("Not applied")]
            seen["again"] = again is not None and not again.isChecked()
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["note"].startswith("Left out: column 'Kommentar' was left out")
    assert "'passt'" in seen["note"] and "comment or note column" in seen["note"]
    assert seen["ticked"] and seen["raters"] == ("r1", "r2", "r3")
    assert seen["role"] == "leave out" and seen["why"] in seen["note"]
    assert not seen["top"]                              # a note, not a warning
    assert preview.result() == preview.DialogCode.Accepted
    opened = window.session.dataset
    if not unticked:
        assert opened.table.rater_ids == ("r1", "r2", "r3")
        assert set(opened.table.categories) == set(RATINGS)
        assert window.session.import_options.rules_off == ()
        return
    raters, rules_off, role, said = seen["after"]
    assert raters == ("r1", "r2", "r3", "Kommentar") and rules_off == ("rater-scale",)
    assert role == "rater" and said == []               # no note leaves it out any more
    assert seen["again"], "the rule's line keeps its box, unticked, to tick it again"
    assert opened.table.rater_ids == ("r1", "r2", "r3", "Kommentar")
    assert window.session.import_options.rules_off == ("rater-scale",)


def test_a_comment_column_given_the_role_rater_stays_a_rater(window, qtbot, tmp_path,
                                                             monkeypatch):
    """The role the user gives wins over the audit: Kommentar chosen as "rater" in the column
    roles is read as a rater, with the rule still on."""
    path = _write(tmp_path, "Befunde.csv", _with_comments())
    seen = {}

    def drive(preview):
        _pick(preview.roles_box.combos["Kommentar"], "rater")       # reads again at once
        seen["raters"] = preview.dataset.table.rater_ids
        seen["role"] = preview.roles_box.roles()["Kommentar"]
        seen["why"] = preview.roles_box.reasons["Kommentar"].text()
        seen["notes"] = note_rows(preview)
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["raters"] == ("r1", "r2", "r3", "Kommentar")
    assert seen["role"] == "rater" and seen["why"] == "as you chose"
    assert not [text for text, _box in seen["notes"] if "Kommentar" in text]
    assert preview.result() == preview.DialogCode.Accepted
    assert window.session.dataset.table.rater_ids == ("r1", "r2", "r3", "Kommentar")
    options = window.session.import_options
    assert options.column_roles == (("Kommentar", "rater"),) and options.rules_off == ()


def test_a_group_column_is_opened_as_a_subject_attribute(window, qtbot, tmp_path, monkeypatch):
    """Group (G1 for the first half of the subjects, G2 for the second) beside three raters is
    no rater: the preview says it was read as a subject attribute, and so it is opened."""
    rows = [[f"S{i}", "G1" if i < 10 else "G2"] + r for i, r in enumerate(_panel(20))]
    path = _write(tmp_path, "groups.csv", _csv(["id", "Group", "A", "B", "C"], rows))
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "'Group'")
        seen["ticked"] = box is not None and box.isChecked()
        seen["role"] = preview.roles_box.roles()["Group"]
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["note"].startswith("Guessed: column 'Group' is read as a subject attribute")
    assert seen["ticked"] and seen["role"] == "subject attribute"
    assert preview.result() == preview.DialogCode.Accepted
    opened = window.session.dataset
    assert opened.table.rater_ids == ("A", "B", "C") and opened.table.n_subjects == 20
    assert set(opened.subject_attributes) == {"Group"}
    assert opened.subject_attributes["Group"]["S0"] == "G1"
    assert opened.subject_attributes["Group"]["S19"] == "G2"


def test_notes_below_the_table_are_no_subjects(window, qtbot, tmp_path, monkeypatch):
    """Two numbered notes under a table of 1-3 ratings: the preview names the rows it left out
    (with the rule's box), and the 12 subjects are opened."""
    rows = [[f"S{i:02d}"] + r for i, r in enumerate(_panel(12, 3, ["1", "2", "3"]))]
    rows += [["1", "Rater B was absent on day 2", "", ""], ["2", "Images re-scanned", "", ""]]
    path = _write(tmp_path, "scores.csv", _csv(["id", "A", "B", "C"], rows))
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "rows 14 and 15")
        seen["ticked"] = box is not None and box.isChecked()
        seen["rule"] = [r for r, check in preview.rule_checks.items() if check is box]
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["note"].startswith("Left out: rows 14 and 15 left out: they hold no ratings")
    assert "'Rater B was absent on day 2'" in seen["note"]
    assert seen["ticked"] and seen["rule"] == ["not-a-subject"]
    assert preview.result() == preview.DialogCode.Accepted
    table = window.session.dataset.table
    assert table.n_subjects == 12 and table.subject_ids[-1] == "S11"
    assert set(table.categories) == {"1", "2", "3"}


def _workbook(path, sheets: dict[str, list[list[object]]]):
    path.write_bytes(workbook_bytes(sheets))
    return path


def test_a_workbook_is_read_from_its_sheet_of_ratings(window, qtbot, tmp_path, monkeypatch):
    """The first sheet is a legend of the grades: the preview reads 'Ratings', shows it in the
    Sheet choice, and its notes say which sheet was read and why."""
    ratings = [["case", "Obs1", "Obs2", "Obs3"]] + \
        [[f"c{i}"] + [int(v) for v in r] for i, r in enumerate(_panel(14, 3, ["0", "1", "2"]))]
    path = _workbook(tmp_path / "grading.xlsx", {
        "Legend": [["Grade", "Meaning"], [0, "none"], [1, "mild"], [2, "severe"]],
        "Ratings": ratings})
    seen = {}

    def drive(preview):
        seen["sheet"] = preview.sheet_combo.currentData()
        seen["offered"] = [preview.sheet_combo.itemData(i)
                           for i in range(preview.sheet_combo.count())]
        seen["note"], _box = the_note(preview, "'Ratings'", "'Legend'")
        seen["read"] = preview.dataset.provenance.sheet
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["sheet"] == "Ratings" and seen["offered"] == ["Legend", "Ratings"]
    assert seen["note"].startswith("Guessed: sheet 'Ratings' was read: it holds 14 subjects "
                                   "rated by 3 raters, while sheet 'Legend', the first, holds "
                                   "no ratings (it reads as")
    assert "the Sheet choice in this dialog" in seen["note"]
    assert seen["read"] == "Ratings"
    assert preview.result() == preview.DialogCode.Accepted
    opened = window.session.dataset
    assert opened.provenance.sheet == "Ratings"
    assert opened.table.rater_ids == ("Obs1", "Obs2", "Obs3") and opened.table.n_subjects == 14


CROSS_SHORT = "Coder 1 \\ Coder 2,A,B,C,D\nA,12,3,0,1\nB,2,15,4,2\nC,0,1,9,3\n"


def test_a_cross_table_one_category_short_is_read_as_counts(window, qtbot, tmp_path,
                                                            monkeypatch):
    """Rows A-C and columns A-D of counts: the preview's Layout is the cross-table, the line
    under it and the note of rule "counts" say why; unticking the rule reads the cells as
    ratings again (the way back), ticking it reads the counts; Open opens two raters."""
    path = _write(tmp_path, "agreement.csv", CROSS_SHORT)
    seen = {}

    def drive(preview):
        seen["layout"] = preview.layout_combo.currentData()
        seen["detected"] = _plain(preview.detected.text())
        seen["note"], box = the_note(preview, "cross-table")
        seen["ticked"] = box is not None and box.isChecked()
        seen["rule"] = [r for r, check in preview.rule_checks.items() if check is box]
        seen["roles"] = preview.roles_box.roles()
        _click(qtbot, box)
        seen["unticked"] = (preview.dataset.layout, preview.layout_combo.currentData(),
                            preview.dataset.table.n_subjects)
        _click(qtbot, preview.rule_checks["counts"])
        seen["ticked again"] = (preview.dataset.layout, preview.options().rules_off)
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["layout"] == "contingency"
    assert seen["detected"].startswith("Detected layout: contingency")
    assert seen["note"].startswith("Guessed: read as a cross-table of two raters")
    assert "because a cross-table of two raters: its rows and columns" in seen["detected"]
    assert seen["ticked"] and seen["rule"] == ["counts"]
    assert seen["roles"]["Coder 1 \\ Coder 2"] != "rater"
    assert seen["unticked"] == ("wide", "wide", 3)
    assert seen["ticked again"] == ("contingency", ())
    assert preview.result() == preview.DialogCode.Accepted
    opened = window.session.dataset
    assert opened.layout == "contingency" and opened.table.n_subjects == 52
    assert opened.table.rater_ids == ("Coder 1", "Coder 2")
    assert set(opened.table.categories) == {"A", "B", "C", "D"}


# ------------------------------------------------------------------ warnings at the top
def _other_words():
    """Three raters answer gut/mittel/schlecht, a fourth good/fair/poor one to one."""
    rows = [r + [{"gut": "good", "mittel": "fair", "schlecht": "poor"}[r[0]]]
            for r in _panel(20)]
    return _csv(["r1", "r2", "r3", "r4"], rows)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_audit_s_warning_is_at_the_top_of_the_preview(window, qtbot, tmp_path, monkeypatch,
                                                          app, language):
    """A rater who answers in other words is kept and warned about: the warning stands at the
    top of the preview, above the file and the data as read, in the window's language (the
    warning's head and the box's name; its sentence as the catalog has it), and fits there."""
    if language != "en":
        getattr(window, f"action_language_{language}").trigger()
    path = _write(tmp_path, "raters.csv", _other_words())
    seen = {}

    def drive(preview):
        top = preview.warnings_label
        seen["visible"] = top.isVisible() and not preview.refusal_label.isVisible()
        seen["text"] = _plain(top.text())
        seen["name"] = top.accessibleName()
        seen["above"] = top.mapTo(preview, QPoint(0, top.height())).y() <= \
            preview.raw_view.mapTo(preview, QPoint(0, 0)).y()
        seen["warnings"] = list(preview.dataset.warnings)     # in the language of the moment
        seen["notes"] = [text for text, _box in note_rows(preview)]
        preview.resize(1280, 800)
        settle(app)
        seen["cut"] = layout_problems(preview)
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["visible"] and seen["above"]
    head = {"en": "Warning:", "de": "Warnung:"}[language]
    quoted = {"en": "'r4'", "de": "\u201er4\u201c"}[language]     # a German text quotes „r4“
    said = [w for w in seen["warnings"] if quoted in w]
    assert len(said) == 1 and seen["text"] == f"{head} {said[0]}"
    assert seen["name"] == {"en": "Warnings", "de": "Warnungen"}[language]
    assert f"{head} {said[0]}" in seen["notes"]           # and among the notes, as before
    assert seen["cut"] == []
    assert preview.result() == preview.DialogCode.Accepted
    assert window.session.dataset.table.rater_ids == ("r1", "r2", "r3", "r4")


def test_no_warning_no_top_and_a_refusal_hides_the_warnings(window, qtbot, tmp_path,
                                                           monkeypatch):
    """A reading with no warning shows nothing at the top; a reading that fails shows why
    there, not the last reading's warnings."""
    path = _write(tmp_path, "raters.csv", _other_words())
    seen = {}

    def drive(preview):
        seen["first"] = preview.warnings_label.isVisible()
        _pick(preview.roles_box.combos["r4"], "rater attribute")   # a wide file: refused
        seen["refused"] = (preview.dataset is None, preview.refusal_label.isVisible(),
                           preview.warnings_label.isVisible())
        _pick(preview.roles_box.combos["r4"], "leave out")         # no rater in other words
        seen["without r4"] = (preview.dataset.table.n_raters, preview.refusal_label.isVisible(),
                              preview.warnings_label.isVisible())

    open_ratings(window, monkeypatch, path, drive)
    assert seen["first"]
    assert seen["refused"] == (True, True, False)
    assert seen["without r4"][0] == 3 and not any(seen["without r4"][1:])


def test_an_adjudicator_is_opened_as_the_reference(window, qtbot, tmp_path, monkeypatch):
    """A fourth column filled only where the three raters disagree: the preview gives it the
    role "reference" with the rule's box ticked; unticked, it is a rater again."""
    rows = _panel(30)
    for r in rows:
        r.append("" if len(set(r)) == 1 else r[0])
    path = _write(tmp_path, "reads.csv", _csv(["A", "B", "C", "Third look"], rows))
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "'Third look'", "disagree")
        seen["role"] = preview.roles_box.roles()["Third look"]
        seen["rule"] = [r for r, check in preview.rule_checks.items() if check is box]
        _click(qtbot, box)
        seen["unticked"] = preview.dataset.table.rater_ids
        _click(qtbot, preview.rule_checks["reference-answer"])
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    assert seen["role"] == "reference" and seen["rule"] == ["reference-answer"]
    assert seen["unticked"] == ("A", "B", "C", "Third look")
    dataset = window.session.dataset
    assert dataset.table.rater_ids == ("A", "B", "C") and "Third look" in dataset.references


def test_a_session_column_is_opened_as_the_item(window, qtbot, tmp_path, monkeypatch):
    """Each rater rated each case at T1 and at T2: the preview reads the time point as the
    item (said, with the rule's box), so the two rounds are never pooled."""
    rows = [[f"c{i}", rater, session, value]
            for session in ("T1", "T2")
            for i, r in enumerate(_panel(10, 3, ["0", "1", "2"], seed=7 if session == "T1" else 8))
            for rater, value in zip(("A", "B", "C"), r)]
    path = _write(tmp_path, "retest.csv", _csv(["case", "rater", "timepoint", "score"], rows))
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "'timepoint'", "session")
        seen["ticked"] = box is not None and box.isChecked()
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    assert seen["ticked"]
    dataset = window.session.dataset
    assert dataset.items == ("T1", "T2") and dataset.table.n_ratings == 30


def _rated(dataset) -> tuple:
    t = dataset.table
    return t.rater_ids, t.subject_ids, t.scale.categories


def _department_survey() -> str:
    rows = [[f"r{j}@uni.edu", ["Radiology", "Pathology"][j % 2]] + row
            for j, row in enumerate(_panel(9, 6))]
    return _csv(["Email Address", "Your department"] + [f"Case {k}" for k in range(1, 7)], rows)


def _coders_and_agreement() -> str:
    rows = [[f"Doc {i}", a, b, "1" if a == b else "0"]
            for i, (a, b) in enumerate([("1", "1"), ("1", "0"), ("0", "0"), ("1", "1"),
                                        ("0", "1"), ("0", "0"), ("1", "1"), ("1", "0"),
                                        ("0", "0"), ("1", "1")])]
    return _csv(["Dokument", "Kodierer 1", "Kodierer 2", "Übereinstimmung"], rows)


PRINCIPLES = {
    # file, the note's words, what is opened as read, what is opened with the rule unticked
    "agreement": ("codes.csv", _coders_and_agreement, ("'Übereinstimmung'", "their agreement"),
                  lambda d: d[0] == ("Kodierer 1", "Kodierer 2"), lambda d: len(d[0]) == 3),
    "code-label": ("codes.csv", _twinned, ("'R1_label'", "one rater written twice"),
                   lambda d: d[0] == ("R1", "R2", "R3") and d[2] == ("1", "2", "3"),
                   lambda d: len(d[0]) == 6),
    "tick-list": ("ticks.csv", _ticks, ("every rating is 'x'", "'(blank)'"),
                  lambda d: set(d[2]) == {"x", "(blank)"} and len(d[1]) == 24,
                  lambda d: d[2] == ("x",)),
    "test-responses": ("responses.csv",
                       lambda: _survey(["Survey Preview", "Survey Test"] + ["IP Address"] * 10),
                       ("'Survey Preview'", "rows 2 and 3"),
                       lambda d: "R_0" not in d[0] + d[1] and "R_2" in d[0] + d[1],
                       lambda d: "R_0" in d[0] + d[1]),
    "rater-scale": ("survey.csv", _department_survey, ("'Your department'", "rater attribute"),
                    lambda d: "Your department" not in d[1] and len(d[1]) == 6,
                    lambda d: "Your department" in d[1]),
    "odd-name": ("joints.csv",
                 lambda: _inspections(["Inspector 1", "Inspector 2", "Inspector 3", "CIT decision"]),
                 ("'CIT decision'", "named alike"),
                 lambda d: d[0] == ("Inspector 1", "Inspector 2", "Inspector 3"),
                 lambda d: "CIT decision" in d[0]),
    "pair": ("releves.csv", _releves, ("'Relevé'", "together do"),
             lambda d: d[1][0] == "R1 | Festuca rubra",
             lambda d: not any(" | " in s for s in d[1])),
}


@pytest.mark.parametrize("unticked", [False, True], ids=["as read", "rule unticked"])
@pytest.mark.parametrize("rule", list(PRINCIPLES))
def test_each_new_principle_is_said_in_the_preview_and_one_click_undoes_it(
        window, qtbot, tmp_path, monkeypatch, rule, unticked):
    """A rater's code and its label, a tick list, a survey's preview responses and a question
    about the rater: each is said in the preview with its box ticked, the reading it makes is
    the one opened, and unticking the box opens the file as read without the rule."""
    name, build, words, as_read, without = PRINCIPLES[rule]
    rule = {"agreement": "rater-scale", "odd-name": "reference-answer",
            "pair": "header-words"}.get(rule, rule)
    path = _write(tmp_path, name, build())
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, *words)
        seen["ticked"] = box is not None and box.isChecked()
        if unticked:
            _click(qtbot, box)
        _open(preview, qtbot)

    preview = open_ratings(window, monkeypatch, path, drive)
    assert seen["ticked"], seen["note"]
    assert preview.result() == preview.DialogCode.Accepted
    opened = _rated(window.session.dataset)
    assert (without if unticked else as_read)(opened), opened
    assert (rule in window.session.import_options.rules_off) == unticked


def test_a_rater_in_other_words_is_read_as_one_scale_with_one_click(window, qtbot, tmp_path,
                                                                    monkeypatch):
    """Carla answers 'ja'/'nein' where Anna and Ben answer 'yes'/'no': the warning at the top
    of the preview offers "Read as one scale: 'ja' = 'yes', 'nein' = 'no'"; one click reads
    the file again so, and the data opened have two categories, the choice kept with them."""
    answers = [("yes", "yes"), ("no", "no"), ("yes", "no"), ("no", "no"), ("yes", "yes"),
               ("yes", "yes"), ("no", "no"), ("no", "yes"), ("yes", "yes"), ("no", "no")]
    rows = [[str(i), a, b, {"yes": "ja", "no": "nein"}[a]] for i, (a, b) in enumerate(answers)]
    path = _write(tmp_path, "sprachen.csv", _csv(["case", "Anna", "Ben", "Carla"], rows))
    seen = {}

    def drive(preview):
        seen["top"] = _plain(preview.warnings_label.text())
        [button] = preview.same_buttons
        seen["button"] = (button.text().replace("&", ""), button.isVisible())
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        seen["after"] = (preview.dataset.table.scale.categories, preview.same_buttons)
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    assert "'Carla'" in seen["top"] and "'ja', 'nein'" in seen["top"]
    assert seen["button"] == ("Read as one scale: 'ja' = 'yes', 'nein' = 'no'", True)
    categories, buttons = seen["after"]
    assert set(categories) == {"yes", "no"} and buttons == []
    assert set(window.session.dataset.table.scale.categories) == {"yes", "no"}
    assert dict(window.session.import_options.same_as) == {"ja": "yes", "nein": "no"}


def test_raters_writing_one_scale_in_several_forms_are_read_and_said_in_the_preview(
        window, qtbot, tmp_path, monkeypatch):
    """Three judges write one class three ways ('Dosbarth II', 'II', '2') and a fourth reader,
    named as they are, writes words of her own: the preview reads the three on one scale, says
    so for each, and keeps 'Judge D' a rater with a warning at the top; Open keeps it so."""
    forms = [{1: "Class I", 2: "Class II", 3: "Class III"}, {1: "I", 2: "II", 3: "III"},
             {1: "1", 2: "2", 3: "3"}]
    words = {1: "weak", 2: "fair", 3: "strong"}
    rows = []
    for i in range(24):
        true = i % 3 + 1
        d = true if i % 12 < 6 else true % 3 + 1
        rows.append([str(i + 1)] + [f[true if (i + k) % 7 else true % 3 + 1]
                                    for k, f in enumerate(forms)] + [words[d]])
    path = _write(tmp_path, "eisteddfod.csv",
                  _csv(["Entry", "Judge A", "Judge B", "Judge C", "Judge D"], rows))
    seen = {}

    def drive(preview):
        seen["top"] = _plain(preview.warnings_label.text())
        seen["notes"] = " ".join(text for text, _ in note_rows(preview))
        seen["read"] = (preview.dataset.table.rater_ids, preview.dataset.table.scale.categories)
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    raters, categories = seen["read"]
    assert raters == ("Judge A", "Judge B", "Judge C", "Judge D")
    assert {"1", "2", "3"} <= set(categories) and "II" not in categories
    assert "'Judge A'" in seen["notes"] and "'Judge B'" in seen["notes"] and \
        "'II' as '2'" in seen["notes"]
    assert "'Judge D'" in seen["top"] and "named as the raters are" in seen["top"]
    assert window.session.dataset.table.rater_ids == raters


def test_a_scale_named_on_every_category_and_its_numbers_alone_are_one_scale_in_the_preview(
        window, qtbot, tmp_path, monkeypatch):
    """Screeners write 'Level 3 - Targeted', one 'L3', a coordinator 3, beside a column of days
    that also holds 3: the preview reads the four on one scale, says so for each that writes
    otherwise, and the days stay out; Open keeps it so."""
    from tests.data.importer.test_held_out_rules_11 import LEVEL, _mash
    path = _write(tmp_path, "mash.tsv", _mash())
    seen = {}

    def drive(preview):
        seen["notes"] = " ".join(text for text, _ in note_rows(preview))
        seen["read"] = (preview.dataset.table.rater_ids, preview.dataset.table.scale.categories)
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    raters, categories = seen["read"]
    assert raters == ("Screener 1", "Screener 2", "Screener 3", "Coordinator")
    assert set(categories) == set(LEVEL.values())
    assert "'L3' as 'Level 3 - Targeted'" in seen["notes"] and \
        "'3' as 'Level 3 - Targeted'" in seen["notes"]
    assert window.session.dataset.table.scale.categories == categories


def test_a_log_kept_day_by_day_is_refused_in_the_preview_naming_the_days(
        window, qtbot, tmp_path, monkeypatch):
    """One column per day ('01/07' .. '14/07') is no panel of raters: the preview shows the
    refusal, naming the days, and nothing is opened."""
    from tests.data.importer.test_held_out_rules_11 import _flags
    path = _write(tmp_path, "flags.tsv", _flags([f"{d:02d}/07" for d in range(1, 15)]))
    seen = {}

    def drive(preview):
        seen["refused"] = (preview.dataset is None, preview.refusal_label.isVisible(),
                           _plain(preview.refusal_label.text()))

    assert window.session is None
    open_ratings(window, monkeypatch, path, drive)
    empty, shown, text = seen["refused"]
    assert empty and shown and "'01/07'" in text and "a date says when" in text
    assert window.session is None                      # nothing was opened


def test_a_qa_coder_beside_numbered_coders_and_an_outcome_beside_raters_in_the_preview(
        window, qtbot, tmp_path, monkeypatch):
    """'QA coder' beside 'Coder 1'..'Coder 3' is opened as the reference, said in the preview
    (unticking the rule's box keeps it a rater); an outcome written 'N'/'Y' beside a rater who
    abbreviates the classes 'N', 'S', 'P' is no rater."""
    from tests.data.importer.test_held_out_rules_10 import _panel as panel
    from tests.data.importer.test_held_out_rules_10 import _tsv
    from tests.data.importer.test_held_out_rules_12 import WORDS, _traces
    names = ["Coder 1", "Coder 2", "Coder 3", "QA coder"]
    path = _write(tmp_path, "qa.tsv", _tsv(["Segment"] + names, panel([WORDS] * 4, n=32)))
    seen = {}

    def drive(preview):
        seen["note"], box = the_note(preview, "'QA coder'", "reference answer")
        seen["role"] = preview.roles_box.roles()["QA coder"]
        _click(qtbot, box)
        seen["unticked"] = preview.dataset.table.rater_ids
        _click(qtbot, preview.rule_checks["reference-answer"])
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    assert seen["role"] == "reference" and seen["unticked"] == tuple(names)
    assert window.session.dataset.table.rater_ids == tuple(names[:3])
    ctg = _write(tmp_path, "ctg.tsv", _traces())
    open_ratings(window, monkeypatch, ctg, lambda preview: _open(preview, qtbot))
    assert window.session.dataset.table.rater_ids == ("Midwife Ross", "Midwife Kerr", "Dr Brown",
                                                      "Dr Patel")


def test_a_scorecard_refused_in_the_preview_offers_its_rule_and_one_click_reads_it(
        window, qtbot, tmp_path, monkeypatch):
    """A medal card ('Out' the sum of holes 1-9 on each player's row) is refused at the top of
    the preview, and the rule that refused it has its line and box among the notes: unticked,
    the file is read as detected (a player per row as a rater), and can be opened."""
    from tests.data.importer.test_held_out_rules_10 import _tsv
    from tests.data.importer.test_held_out_rules_13 import _medal
    path = _write(tmp_path, "medal.tsv", _tsv(*_medal()))
    seen = {}

    def drive(preview):
        seen["refused"] = (preview.dataset is None, _plain(preview.refusal_label.text()),
                           preview.open_button.isEnabled())
        seen["note"], box = the_note(preview, "refused by a rule")
        seen["ticked"] = box is not None and box.isChecked()
        _click(qtbot, box)
        seen["after"] = (preview.dataset is not None and preview.dataset.layout,
                         preview.refusal_label.isVisible(), preview.options().rules_off)
        _open(preview, qtbot)

    open_ratings(window, monkeypatch, path, drive)
    empty, top, openable = seen["refused"]
    assert empty and not openable and "column 'Out' is the sum" in top
    assert seen["note"].startswith("Guessed: this reading was refused by a rule")
    assert seen["note"].endswith("The rule: refuse a sheet with one row per rater whose rows "
                                 "add up to a total of their own ('Out', 'Gross'): a scorecard, "
                                 "each row one thing scored on parts")
    assert seen["ticked"]
    assert seen["after"] == ("wide-rows", False, ("row-totals",))
    assert len(window.session.dataset.table.rater_ids) == 17
    assert window.session.import_options.rules_off == ("row-totals",)
