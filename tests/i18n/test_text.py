"""Texts kept as data until shown (tapdesk.i18n.text): English as written, another language
from the catalog with its own numbers and lists, JSON and keys in English."""

from __future__ import annotations

import pickle

from tapdesk.engine.results import Notice, ResultTable
from tapdesk.i18n import N_, language
from tapdesk.i18n.tables import displayed, kept
from tapdesk.i18n.text import Count, Level, Listed, Nn_, Number, Percent, english, plural, shown, text

SENTENCE = "Fleiss' kappa is negative ({kappa}): raters agree less than chance would predict. Its square root, the moment estimate of a, does not exist, and the expert model (t = p) does not describe these data well."  # noqa: E501


def test_english_is_the_template_filled_as_tapdesk_wrote_it():
    said = text(N_("{a} and {share} of {n} at {level}: {items}"), a=Number.of(-0.5),
                share=Percent(0.123, 1), n=Count(1200), level=Level(0.975),
                items=Listed.of(["x", "y", "z"]))
    assert shown(said) == "-0.500 and 12.3% of 1200 at 97.5%: x, y, z"
    assert str(said) == english(said) == shown(said)


def test_another_language_takes_its_own_numbers_and_lists():
    said = text(N_("{a} and {share} of {n} at {level}: {items}"), a=Number.of(-0.5),
                share=Percent(0.123, 1), n=Count(1200), level=Level(0.975),
                items=Listed.of(["x", "y", "z"]))
    with language("de"):
        assert shown(said) == "\u22120,500 and 12,3\u00a0% of 1.200 at 97,5\u00a0%: x, y und z"
        assert english(said) == "-0.500 and 12.3% of 1200 at 97.5%: x, y, z"


def test_a_notice_keeps_its_template_and_shows_it_in_the_current_language():
    notice = Notice("negative-kappa", text(SENTENCE, kappa=Number.of(-0.25, 3, "\u22120.250")))
    assert notice.message.startswith("Fleiss' kappa is negative (\u22120.250)")
    with language("de"):
        assert notice.message.startswith("Fleiss\u2019 Kappa ist negativ (\u22120,250)")
    assert pickle.loads(pickle.dumps(notice)) == notice and hash(notice)


def test_a_count_takes_the_form_of_its_number():
    assert shown(plural(Nn_("{n} rater", "{n} raters"), 1)) == "1 rater"
    assert shown(plural(Nn_("{n} rater", "{n} raters"), 3)) == "3 raters"


def test_a_table_keeps_english_keys_and_is_displayed_in_the_language():
    title = text(N_("How rater {rater} rates each true category"), rater="R1")
    columns = ("true category", text(N_("Rater {rater}"), rater="R1"))
    table = ResultTable(**kept(title, columns, ((True, 0.5),)))
    assert table.title == "How rater R1 rates each true category"
    assert displayed(table).rows == (("yes", 0.5),)
