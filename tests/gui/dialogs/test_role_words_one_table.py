"""The column roles in words have one table, ``tapdesk.data.role_words.ROLE_WORDS`` (Qt-free):
the import preview's role boxes, ``tapdesk inspect``'s line of roles, the column mapping and the
importer's notes read their words from it, so a role worded anew there is worded anew in each."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data import mapping_words
from tapdesk.data.importer import userroles
from tapdesk.data.role_words import ROLE_WORDS, RoleWords
from tapdesk.gui.dialogs import column_roles_box
from tapdesk.gui.dialogs.column_roles_box import ColumnRolesBox, RolesRead
from tapdesk.i18n import formats
from tapdesk.library import role_words as cli_words
from tests.languages import english_after  # noqa: F401 - fixture

pytestmark = pytest.mark.gui

JUDGE = RoleWords(choice="judge", mapping="judging column", run=("{columns} judge", "{columns} judges"))


def test_every_reader_holds_the_one_table():
    assert all(module.ROLE_WORDS is ROLE_WORDS
               for module in (column_roles_box, cli_words, mapping_words, userroles))


def test_a_role_worded_anew_in_the_table_reads_anew_in_the_box_and_the_command_line(qtbot, monkeypatch):
    monkeypatch.setitem(ROLE_WORDS, "rater", JUDGE)
    box = ColumnRolesBox()
    qtbot.addWidget(box)
    box.show_roles(RolesRead((("case", "subject"), ("J1", "rater"), ("J2", "rater")), (), "wide",
                             "raters in columns"))
    combo = box.combos["J1"]
    assert combo.itemText(combo.currentIndex()) == "judge"
    assert cli_words.roles_text([("J1", "rater"), ("J2", "rater")]) == "'J1', 'J2' judges"
    assert mapping_words.mapping_in_words([("rater", "J1")]) == "judging column: J1"


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_box_and_the_command_line_say_the_tables_words(code):
    with i18n.language(code):
        for role, words in ROLE_WORDS.items():
            if words.choice:
                assert column_roles_box.role_words(role) == i18n.pgettext("column role", words.choice)
            if words.run:
                assert cli_words.roles_text([("c", role)]) == \
                    i18n.ngettext(*words.run, 1).format(columns=formats.quoted("c"))
            if words.single:
                assert cli_words.roles_text([("c", role)]) == i18n._(words.single).format(
                    columns=formats.quoted("c"))
            if words.mapping:
                assert mapping_words.mapping_name(role) == i18n.pgettext("column mapping", words.mapping)
