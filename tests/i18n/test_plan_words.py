"""A study plan's advice and the report's plan section in another language (issue 54): in the
pseudo-language every sentence, title, heading and note carries the pseudo brackets (numbers
and the marks are all that is left outside); in German the advice reads German with decimal
commas; English is unchanged."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.planning.advice import Costs, Need
from tapdesk.engine.planning.request import PlanRequest
from tapdesk.engine.planning.run import plan
from tapdesk.engine.planning.target import Target, find_subjects
from tapdesk.report.document import BulletList, Figure, Paragraph, Table
from tapdesk.report.plan import advice_lines, answer_sentence, plan_section, plan_text, target_section
from tests.i18n.test_engine_texts import outside_brackets


@pytest.fixture(scope="module")
def result():
    return plan(PlanRequest(0.05, 0.6, 0.3, raters=(2, 3), subjects=(40, 80), sims=20, workers=1))


def section_texts(section) -> list[str]:
    texts = [section.title]
    for block in section.blocks:
        if isinstance(block, Paragraph):
            texts.append(block.text)
        elif isinstance(block, BulletList):
            texts += list(block.items)
        elif isinstance(block, Table):
            texts += [block.title, *block.columns, block.note]
            texts += [cell for row in block.rows for cell in row if isinstance(cell, str)]
        elif isinstance(block, Figure):
            texts.append(block.caption)
    return [t for t in texts if t]


def assert_bracketed(texts: list[str]) -> None:
    left = {t: outside_brackets(t) for t in texts}
    assert not {t: w for t, w in left.items() if w}, left
    assert any(t.startswith("[") for t in texts)


def test_the_report_plan_section_is_translated(result):
    with i18n.language(i18n.PSEUDO):
        texts = section_texts(plan_section(result))
    assert_bracketed(texts)


def test_the_advice_met_missed_and_costed_is_translated(result):
    needs = (Need("width_a", 0.9), Need("width_t", 0.001), Need("accuracy_majority", 0.5))
    with i18n.language(i18n.PSEUDO):
        lines = [*advice_lines(result, needs), *advice_lines(result, needs, Costs(2.5)),
                 answer_sentence(result)]
        text = plan_text(result, costs=Costs(1))
    assert_bracketed(lines)
    assert_bracketed([line for line in text.splitlines() if line.strip("- ") and set(line) != {"-"}
                      and not line[:1].isdigit() and not line.lstrip().startswith(("\u2713", "\u2717"))])


def test_a_target_searchs_section_is_translated():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(2, 3), subjects=(60,), sims=20, seed=3, workers=1)
    searched = find_subjects(request, Target("width", 0.5))
    with i18n.language(i18n.PSEUDO):
        texts = section_texts(target_section(searched))
    assert_bracketed(texts)
    assert searched.classical and len(texts) >= 8           # the classical answers and note too


def test_the_advice_reads_in_german_and_stays_english(result):
    need = (Need("width_a", 0.9),)
    english = advice_lines(result, need)[0]
    assert english.startswith("Need: the typical width of the 95% interval for accuracy a at "
                              "most 0.9. The cheapest design that meets it: 3 raters per subject "
                              "\u00d7 80 subjects (240 ratings), with 0.")
    with i18n.language("de"):
        german = advice_lines(result, need)[0]
    assert german.startswith("Bedarf: die typische Breite des 95\u00a0%-Intervalls für "
                             "Genauigkeit a höchstens 0,9. Das günstigste Design, das ihn "
                             "erfüllt: 3 Beurteiler je Fall \u00d7 80 Fälle (240 Bewertungen), mit 0,")
