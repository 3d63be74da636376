"""An import note in the form saved before 02bca2f4 (its template quoting a name itself) read as
today's note: its template the catalog's, its name a Name in the reader's quotes (issue 54)."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.data.wording import Columns, Name, Wording
from tapdesk.data.wording_upgrade import current_wording
from tests.languages import english_after  # noqa: F401 - fixture


def test_a_quoted_placeholder_loses_its_quotes_and_its_value_becomes_a_name():
    old = Wording.of("read sheet '{sheet}'", sheet="Sheet1")
    assert current_wording(old) == Wording.of("read sheet {sheet}", sheet=Name("Sheet1"))
    assert old.text() == current_wording(old).text() == "read sheet 'Sheet1'"
    with i18n.language("de"):
        assert current_wording(old).text() == "Blatt „Sheet1“ gelesen"


def test_a_value_quoted_once_and_bare_once_takes_today_s_two_placeholders():
    old = Wording.of("the role '{role}' was given to {columns}; only one column can hold the "
                     "{role} ids", role="subject", columns=Columns(("A", "B")))
    now = current_wording(old)
    assert now.template == ("the role {name} was given to {columns}; only one column can hold "
                            "the {role} ids")
    assert dict(now.values)["name"] == Name("subject") and dict(now.values)["role"] == "subject"
    assert now.text() == old.text()
    with i18n.language("fr"):
        assert "«\u00a0subject\u00a0»" in now.text() and "'" not in now.text(), now.text()


def test_a_plural_note_and_a_format_spec_keep_their_form():
    old = Wording.ngettext("{n} cell holds '{code:g}'", "{n} cells hold '{code:g}'", 2, n=2,
                           code=4.0)
    now = current_wording(old)
    assert (now.template, now.plural) == ("{n} cell holds {code:g}", "{n} cells hold {code:g}")
    assert now.text() == old.text() == "2 cells hold '4'"


def test_a_note_of_today_is_kept_as_it_is():
    today = Wording.of("read sheet {sheet}", sheet=Name("Sheet1"))
    assert current_wording(today) is today
