"""The importer's sentences quote a column's, a sheet's or a rating's name with the one quoting
function, ``formats.quoted``: no template writes quotation marks around a placeholder, so each
language's own quotes stand around the name ('x', „x“, « x », «x») (issue 54)."""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.wording import Columns, Name, Wording
from tapdesk.i18n import N_, tooling
from tests.data.test_notes_language import read, shown
from tests.languages import english_after  # noqa: F401 - fixture

QUOTED_FIELD = re.compile(r"'\{\w+(?:[:!][^{}']*)?\}'")


def test_no_importer_template_quotes_a_placeholder():
    quoted = [message.id for message in tooling.read(tooling.TEMPLATE)
              if any(path.startswith(("tapdesk/data/", "tapdesk/library/summary.py",
                                      "tapdesk/library/role_words.py"))
                     for path, _line in message.locations)
              and any(QUOTED_FIELD.search(text) for text in
                      (message.id if isinstance(message.id, tuple) else (message.id,)))]
    assert quoted == []


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "column 'Comments' is not a rater"),
    ("de", "Spalte „Comments“ ist kein Beurteiler"),
    ("fr", "la colonne «\u00a0Comments\u00a0» n’est pas un évaluateur"),
    ("es", "la columna «Comments» no es un evaluador")])
def test_a_comment_columns_note_quotes_its_name_as_the_language_does(tmp_path, code, wanted):
    lines = ["subject,R1,R2,R3,Comments"] + [
        f"S{i},{','.join('yes' if (i + j) % 3 else 'no' for j in range(3))},"
        f"{'looked fine to me' if i % 2 else 'unclear'}" for i in range(1, 41)]
    path = tmp_path / "panel.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dataset = read(path)
    with i18n.language(code):
        texts = shown(dataset)
    assert any(wanted.lower() in text.lower() for text in texts), texts


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "'Score' ratings"), ("de", "„Score“"), ("fr", "«\u00a0Score\u00a0»"), ("es", "«Score»")])
def test_a_name_and_a_column_list_take_the_languages_quotes(code, wanted):
    with i18n.language(code):
        said = Wording.of(N_("{column} ratings"), column=Name("Score")).text()
        listed = format(Columns(("Score",)))
    assert wanted in said and wanted.split(" ")[0] in listed


@pytest.mark.parametrize(("code", "written", "read_as"), [
    ("en", "'good\\tgold'", "'good gold'"), ("de", "„good\\tgold“", "„good gold“"),
    ("fr", "«\u00a0good\\tgold\u00a0»", "«\u00a0good gold\u00a0»"),
    ("es", "«good\\tgold»", "«good gold»")])
def test_a_look_alike_label_is_quoted_as_the_language_does_its_tab_written_out(
        tmp_path, code, written, read_as):
    lines = ["subject,R1,R2,R3"] + [
        f"S{i}," + ",".join("good gold" if (i + j) % 3 else "poor" for j in range(3))
        for i in range(1, 31)]
    lines[1] = lines[1].replace("good gold", "good\tgold", 1)
    path = tmp_path / "panel.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with i18n.language(code):
        said = [t for t in shown(read(path)) if "80" in t]
    assert said and written in said[0] and read_as in said[0], said
    assert code == "en" or "'" not in said[0], said


NOT_ASSESSED = {"en": "9 ('not assessed')", "de": "9 („not assessed“)",
                "fr": "9 («\u00a0not assessed\u00a0»)", "es": "9 («not assessed»)"}
R1 = {"en": "'r1'", "de": "„r1“", "fr": "«\u00a0r1\u00a0»", "es": "«r1»"}
POOR = {"en": "1 ('poor')", "de": "1 („poor“)", "fr": "1 («\u00a0poor\u00a0»)", "es": "1 («poor»)"}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_spss_missing_codes_and_partial_labels_quote_the_labels_as_the_language_does(tmp_path,
                                                                                      code):
    import pandas as pd
    import pyreadstat
    frame = pd.DataFrame({"id": [float(i) for i in range(1, 13)],
                          "r1": [1.0, 2, 9, 1, 3, 2, 1, 3, 2, 1, 3, 2],
                          "r2": [2.0, 9, 2, 1, 3, 1, 1, 3, 2, 2, 3, 1]})
    path = tmp_path / "um.sav"
    pyreadstat.write_sav(frame, path, variable_value_labels={
        c: {1: "poor", 3: "good", 9: "not assessed"} for c in ("r1", "r2")},
        missing_ranges={c: [9] for c in ("r1", "r2")})
    dataset = read(path)
    with i18n.language(code):
        missing = next(n.message for n in dataset.import_notes if n.rule == "value-labels")
        order = next(n.message for n in dataset.import_notes if n.rule == "scale-order")
    assert NOT_ASSESSED[code] in missing and R1[code] in missing, missing
    assert POOR[code] in order, order
    assert code == "en" or "'" not in missing + order, (missing, order)


def test_a_wrapped_long_reason_names_the_new_rating_column_in_the_language():
    """A platform's long layout ("MTurk: one row per rating: ...") whose rating column is
    changed keeps its wording: it reads German, the new column in German quotes (it was left
    an English text)."""
    from tapdesk.data.importer.layouts import Detection, _long_reason, reason_of, with_rating
    from tapdesk.data.wording import shown as shown_reason
    reason = reason_of(N_("{platform}: {reason}"), platform="MTurk",
                       reason=_long_reason("S", "R", "V", None))
    moved = with_rating(Detection("long", 0.95, reason, subject="S", rater="R", rating="V"), "W")
    assert moved == "MTurk: one row per rating: 'S' holds subjects, 'R' raters, 'W' ratings"
    with i18n.language("de"):
        german = shown_reason(moved)
    assert german.startswith("MTurk: ") and "„W“" in german and "„V“" not in german, german
    assert "ratings" not in german and "'" not in german, german


@pytest.mark.parametrize(("code", "wanted"), [("en", "':'"), ("de", "„:“"),
                                              ("fr", "«\u00a0:\u00a0»"), ("es", "«:»")])
def test_a_delimiter_without_a_name_is_quoted_as_the_language_does(code, wanted):
    from tapdesk.data.importer.gridrules import _plural_delimiter
    with i18n.language(code):
        assert format(_plural_delimiter(":")) == wanted
        assert format(_plural_delimiter(";")) != wanted
