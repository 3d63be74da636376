"""The explanatory models' sentences quote a column's name with the one quoting function,
``formats.quoted``: no template writes quotation marks around a placeholder, so each language's
own quotes stand around the name ('age', „age“, « age », «age») (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.explain.design import check_columns, rater_design, subject_groups
from tapdesk.engine.request import FitRequest
from tapdesk.errors import SettingError
from tests.engine.explain.test_design import _table
from tests.languages import english_after  # noqa: F401 - fixture

AGE = {"en": "'age'", "de": "„age“", "fr": "«\u00a0age\u00a0»", "es": "«age»"}
YEAR = {"en": "'year'", "de": "„year“", "fr": "«\u00a0year\u00a0»", "es": "«year»"}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_design_refusal_quotes_the_column_as_the_language_does(code):
    table = _table({"year": {"s0": "1"}}, {"age": {"r0": "40"}})
    with pytest.raises(SettingError) as refused:
        check_columns(FitRequest(subject_group="age"), table)
    with i18n.language(code):
        said = str(refused.value)
    assert said.startswith(AGE[code]) and said.endswith(YEAR[code]), said
    assert "'" not in said or code == "en", said


def test_the_english_refusal_is_as_before():
    table = _table({"year": {"s0": "1"}}, {"age": {"r0": "40"}})
    with pytest.raises(SettingError) as refused:
        check_columns(FitRequest(subject_group="age"), table)
    assert str(refused.value) == ("'age' is a rater attribute (one value per rater), not a "
                                  "subject attribute; the subject attributes are 'year'")


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_design_notes_quote_the_column_and_the_reference_level(code):
    table = _table({"year": {f"s{i}": str(i % 2) for i in range(6)}},
                   {"age": {f"r{j}": "young" if j < 4 else "old" for j in range(6)}})
    groups = subject_groups(table, "year")
    design = rater_design(table, ("age",))
    young = {"en": "'young'", "de": "„young“", "fr": "«\u00a0young\u00a0»", "es": "«young»"}
    with i18n.language(code):
        assert YEAR[code] in str(groups.note)
        note = " ".join(str(n) for n in design.notes)
        assert AGE[code] in note and young[code] in note, note


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_request_and_a_model_refusal_quote_the_names_as_the_language_does(code):
    from tapdesk.engine.registry import get_model
    with pytest.raises(SettingError) as twice:
        FitRequest(rater_attributes=("age", "age"))
    with pytest.raises(SettingError) as unknown:
        get_model("nosuch")
    nosuch = {"en": "'nosuch'", "de": "„nosuch“", "fr": "«\u00a0nosuch\u00a0»", "es": "«nosuch»"}
    with i18n.language(code):
        assert AGE[code] in str(twice.value) and nosuch[code] in str(unknown.value)
    assert str(twice.value) == "the rater attribute 'age' is named twice; name each column once"
