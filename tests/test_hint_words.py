"""Shared messages carry no command-line syntax: settings are data, each client names its own
way to change them (issue 26, point 5)."""

from __future__ import annotations

import re

from tapdesk.cli.hints import error_text, flags_hint, note_text
from tapdesk.data.readers import ImportOptions, read_ratings, read_text, summary_dict, summary_text
from tapdesk.errors import DataError
from tapdesk.gui.hint_words import preview_hint, window_hint

FLAG = re.compile(r"--[a-z]")
ITEMS = "case,judge,question,score\n" + "".join(
    f"{s},{r},{q},{(s + ord(r)) % 3 + 1}\n" for s in range(1, 5) for r in "ABC" for q in ("Q1", "Q2"))
TITLED = "Wine judging 2024\n\nJ1,J2,J3\n1,2,2\n2,2,3\n3,3,3\n1,1,2\n"


def test_item_warning_is_plain_and_each_client_adds_its_own_way():
    ds = read_text(ITEMS, ImportOptions())
    note = next(n for n in ds.import_notes if n.rule == "items")
    assert note.settings == ("item",) and note.action == "warning"
    assert not FLAG.search(note.message) and note.message in ds.warnings
    assert note.message.endswith("Choose the item to analyse")
    assert note_text(note).endswith("(command line: --item NAME)")
    assert window_hint(note.settings) == " (choose the item in the Item list above)"
    assert any("--item NAME" in w for w in summary_dict(ds)["warnings"])    # the CLI keeps it


def test_switchable_rule_says_so_as_data_not_in_its_message():
    ds = read_text(TITLED, ImportOptions())
    note = next(n for n in ds.import_notes if n.rule == "title-lines")
    assert note.switchable and "--no-rule" not in note.message and "turn this off" not in note.message
    assert note_text(note).endswith("(to turn this off: --no-rule title-lines)")
    assert "(to turn this off: --no-rule title-lines)" in summary_text(ds)
    assert not [n for n in ds.notes + ds.warnings if FLAG.search(n)], ds.notes + ds.warnings
    off = read_text(TITLED, ImportOptions(rules_off=("title-lines",)))
    assert not any(n.rule == "title-lines" and n.action == "left out" for n in off.import_notes)


def test_errors_name_settings_as_data():
    err = DataError("check the delimiter or the sheet", file="x.csv", settings=("delimiter", "sheet"))
    assert str(err) == "x.csv: check the delimiter or the sheet"
    assert error_text(err) == "x.csv: check the delimiter or the sheet (command line: --delimiter, --sheet)"
    assert flags_hint(()) == "" and preview_hint(("sheet",)) == ""
    assert preview_hint(("layout",)) == " (check the Layout choice in this dialog)"


def test_no_importer_message_writes_a_flag(tmp_path):
    """Every message a fixture import makes, and every error it raises, is free of flags."""
    from pathlib import Path
    fixtures = Path(__file__).resolve().parent / "fixtures" / "import"
    for path in sorted(p for p in fixtures.iterdir() if p.is_file() and p.suffix not in (".py", ".json")):
        try:
            ds = read_ratings(path)
        except DataError as exc:
            assert not FLAG.search(str(exc)), (path.name, str(exc))
            continue
        texts = [n.message for n in ds.import_notes] + list(ds.warnings) + list(ds.notes)
        assert not any(FLAG.search(t) for t in texts), (path.name, texts)


def test_intervals_get_the_digits_to_tell_their_ends_apart():
    from tapdesk.engine.words import percent_range, percent_with_interval
    assert percent_range(0.6001, 0.6004) == "60.01-60.04%"            # never "60-60%"
    assert percent_range(0.6000001, 0.6000002) == "60.00001-60.00002%"
    assert percent_range(0.44, 0.65) == "44-65%" and percent_range(0.6, 0.6) == "60-60%"
    text = percent_with_interval(0.6005, (0.6001, 0.6009), 0.95)
    assert text == "60.05% (95% interval 60.01-60.09%)"              # the estimate differs too
    assert percent_with_interval(0.54, (0.44, 0.65), 0.95) == "54% (95% interval 44-65%)"


def test_counts_read_with_separators_and_the_right_number():
    from tapdesk.engine.words import count, number, quantity_words
    assert number(1_000_000) == "1,000,000"
    assert count(1, "process", "processes") == "1 process"
    assert count(2, "process", "processes") == "2 processes" and count(1500, "rater") == "1,500 raters"
    assert quantity_words("false_positive_rate") == "false-positive rate"


def test_class1_the_app_picks_by_default_reads_default():
    from tapdesk.data.binary import choose_class1, default_choice
    ds = read_text("A,B,C\n1,2,4\n3,4,4\n2,2,1\n4,3,3\n", ImportOptions())
    scale = ds.table.scale
    assert default_choice(scale).class1 == ("4",) and default_choice(scale).how() == "default"
    assert choose_class1(scale, ["4"]).how() == "default"
    assert choose_class1(scale, ["3"]).how() == "chosen by the user"


def test_feedback_sheet_made_in_the_app_has_no_command_footer():
    from tapdesk.report.document import ReportDocument
    doc = ReportDocument("Feedback", "sub", (), "", "1.0", "2026-01-01")
    assert "Reproduce with" not in doc.as_text()
