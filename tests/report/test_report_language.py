"""The report in its own language (issue 54): every text the report's own code writes is
translated, numbers follow the language, English stays as it was.

The pseudo-language ``qps`` brackets every text of the catalog template, so a text the report
writes without brackets was never marked for translation. What the report *quotes* is left out
by its source, not by its words: the engine's sentences (a fit's headline findings, its
one-paragraph summary, its warnings' messages, its settings rows on iterations, an explained
fit's sentences and tests: converted with the engine, issue 54), the glossary's terms and
meanings (not converted yet), the data (file, rater and category names, the user's note, the
reproducing commands, references).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tapdesk import i18n
from tapdesk.engine.iterations import iteration_counts, iteration_rows
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE, fit_paragraph
from tapdesk.i18n.deferred import shown
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.context import make_context
from tapdesk.report.document import BulletList, Figure, KeyNumbers, Paragraph, References, Table
from tapdesk.report.explained import explanations
from tapdesk.report.words import plain, quoted_labels
from tests.report.test_content import LABELS, run, wine_table

OWN_TABLES = re.compile(r"^(provenance|exclusions|parameters|rater-summary|raters|subjects|"
                        r"coefficients|settings|technical|explain-effects|explain-groups)(-\d+)?$")
"""The tables the report's own code makes (the engine's model tables keep the engine's words)."""
DYNAMIC_COLUMN = re.compile(r"^(Pr\(|Share truly in )")
"""A column named by the data's categories ("Pr(gold)", "Share truly in Class 1 (gold)"): the
exported files' column names stay English, and these are not in the catalog (not converted)."""


def wine_inputs(**options) -> ReportInputs:
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze"),
               run("coefficients", table), run("ordinal-cuts", table)]
    return ReportInputs.of([ReportAnalysis(r, table) for r in results], author="Tasting committee",
                           signers=("Ana Ruiz, chair",), **options)


def writing_inputs() -> ReportInputs:
    pytest.importorskip("PySide6")
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    table = example_dataset("writing")[0].table
    result = fit(FitRequest(model="tap", cut="2", subject_group="year", rater_attributes=("age",)),
                 table)
    return ReportInputs.of([ReportAnalysis(result, table)])


def quoted(inputs: ReportInputs) -> tuple[set[str], list]:
    """(texts, blocks) the report quotes from elsewhere, made in the current language."""
    ctx = make_context(inputs)
    texts = {PARAGRAPH_TITLE} | {n.message for n in ctx.notices}
    blocks: list = []
    for part in ctx.parts:
        res = part.result
        texts |= {plain(quoted_labels(res, line)) for line in res.headline}
        if res.method == "mle" and res.traces:
            texts |= {shown(row[0]) for row in iteration_rows(iteration_counts(res))}
        paragraph = fit_paragraph(res, part.table)
        texts |= {paragraph, f"{part.short}. {paragraph}"}
        texts |= set(explanations(res, part.table))
    return texts, blocks


def own_texts(doc, quoted_texts: set[str], quoted_blocks: list) -> Iterator[tuple[str, str]]:
    """(where, text) for every text the report's own code wrote."""
    yield "subtitle", doc.subtitle
    if doc.author:                              # else a date and a version only
        yield "byline", doc.byline()
    for section in doc.sections:
        yield section.key, section.title
        for block in section.blocks:
            if block in quoted_blocks or isinstance(block, References):
                continue
            yield from ((section.key, t) for t in _block_texts(block) if t not in quoted_texts)


def _block_texts(block) -> Iterator[str]:
    if isinstance(block, Paragraph) and block.style != "mono":
        yield block.text
    elif isinstance(block, BulletList):
        yield from block.items
    elif isinstance(block, KeyNumbers):
        for key in block.items:
            yield from (key.label, key.interval, key.note)
    elif isinstance(block, Table) and OWN_TABLES.match(block.key):
        columns, rows, _right = block.printed()
        yield block.title
        yield from (c for c in columns if not DYNAMIC_COLUMN.match(c))
        if block.note:
            yield block.note
        if block.key in ("provenance", "settings") or block.key.startswith(("settings-", "technical")):
            yield from (row[0] for row in rows)
    elif isinstance(block, Figure):
        yield block.label


def unbracketed(inputs: ReportInputs, data: tuple[str, ...]) -> list[tuple[str, str]]:
    with i18n.language(i18n.PSEUDO):
        doc = build_report(inputs, created="2026-01-02")
        texts, blocks = quoted(inputs)
        return [(where, text) for where, text in own_texts(doc, texts, blocks)
                if text.strip() and "[" not in text and text not in data]


def test_the_wine_report_brackets_every_text_its_own_code_writes():
    inputs = wine_inputs(note="Draft.")
    missed = unbracketed(inputs, data=("Draft.", "Ana Ruiz, chair"))
    assert missed == []


def test_the_writing_example_report_brackets_every_text_its_own_code_writes():
    missed = unbracketed(writing_inputs(), data=("Year",))       # the data's grouping column
    assert missed == []


def test_the_check_finds_a_text_that_was_never_marked(monkeypatch):
    """The bracket check can fail: the data section's texts written without ``_`` show up."""
    import tapdesk.report.build as build
    monkeypatch.setattr(build, "_", lambda text: text)
    missed = unbracketed(wine_inputs(), data=())
    assert ("contents", "Contents") in missed and ("provenance", "Data") in missed


def test_a_german_report_has_german_headings_and_decimal_commas_with_the_same_numbers():
    inputs = wine_inputs()
    english = build_report(inputs, created="2026-01-02")
    with i18n.language("de"):
        german = build_report(inputs, created="2026-01-02")
        text, byline = german.as_text(), german.byline()
    assert [s.title for s in german.sections][:4] == ["Fazit", "Inhalt", "Daten",
                                                      "Analyse 1: t-a-p-Modell, durchschnittlicher "
                                                      "Beurteiler \u2013 Maximum Likelihood"]
    assert "Kennzahlen" in text and byline.startswith("Erstellt von Tasting committee. 2. Januar 2026.")
    assert "Anhang A: Schätzwerte je Beurteiler (Analyse 2)" in [s.title for s in german.sections]
    cards = german.section("summary").blocks[2].items
    english_cards = english.section("summary").blocks[2].items
    assert [c.value for c in cards] == [c.value.replace(".", ",") for c in english_cards]
    assert cards[0].label == "Genauigkeit a" and "bis" in cards[0].interval
    rows = {t.key: t for t in german.tables()}["rater-summary-2"].printed()[1]
    english_rows = {t.key: t for t in english.tables()}["rater-summary-2"].printed()[1]
    assert [r[2] for r in rows] == [r[2].replace(".", ",") for r in english_rows]
    assert not re.search(r"\b0\.\d{3}\b", "\n".join(s.title for s in german.sections))
    glossary = {row[0]: row[1] for t in german.tables() if t.key.startswith("glossary-")
                for row in t.rows}
    assert glossary["a"].startswith("Genauigkeit: die Wahrscheinlichkeit")
    assert "Schwelle" in glossary and "Kappa-Paradoxon" in glossary


def test_english_is_what_it_was_when_a_report_was_written_in_another_language_before():
    inputs = wine_inputs()
    before = build_report(inputs, created="2026-01-02").as_text()
    with i18n.language("fr"):
        build_report(inputs, created="2026-01-02")
    assert build_report(inputs, created="2026-01-02").as_text() == before
    assert "Key numbers" in before and "Page" not in before and LABELS[0][1] in before


def test_a_raters_feedback_sheet_brackets_every_text_its_own_code_writes():
    """The sheet's own texts; the engine's sentence about the rater, its flag and its verdict
    words (``fb.sentence``, ``fb.flag``, ``difference_text``) are the engine's (issue 54)."""
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.report.feedback import feedback_book
    table = wine_table()
    report = rater_feedback(run("per-rater", table, cut="bronze"), table)
    with i18n.language(i18n.PSEUDO):
        book = feedback_book(report, created="2026-01-02")
        engine = {fb.sentence for fb in report.raters}
        texts = [(s.key, t) for s in book.sections for b in (s.title, *s.blocks)
                 for t in ([b] if isinstance(b, str) else _block_texts(b))]
        texts += [(t.key, c) for t in book.tables() for c in t.printed()[0] + [t.title, t.note]]
        texts += [("book", book.title), ("book", book.subtitle)]
        missed = [(k, t) for k, t in texts if t and "[" not in t and t not in engine]
    assert missed == [] and len(texts) > 40
    with i18n.language("de"):
        german = feedback_book(report, created="2026-01-02").as_text()
    assert "Ihre Zahlen" in german and "Genauigkeit" in german and "\u00a0%" in german


def test_a_german_report_states_an_explained_fits_findings_in_german():
    """Page 1's findings and the explained section quote the engine's sentences, each kept as a
    template: joined as plain text they were English ("The share of subjects truly in Class 1
    ... differs by year") in the German report."""
    inputs = writing_inputs()
    with i18n.language("de"):                   # as the report's writer sets it
        doc = build_report(inputs, created="2026-01-02")
        said = explanations(inputs.result, inputs.table)
    findings = [t for block in doc.blocks() for t in _strings(block) if "Befunde (" in t]
    assert findings and "Anteil der Fälle" in findings[0] and "The share" not in findings[0]
    assert said and not any(" the " in s or "differs" in s for s in said)


def _strings(value) -> Iterator[str]:
    """Every text inside a report block (its fields, lists and tuples)."""
    import dataclasses
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _strings(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _strings(item)


def test_a_german_report_writes_the_engines_kept_texts_in_german():
    """The conclusion's line on the raters and the coefficients' "how computed" cells quote
    texts the engine keeps as templates: cut ("standing[0].lower()") or turned into plain
    strings (str()), they came out English in the German report."""
    inputs = wine_inputs()
    with i18n.language("de"):
        doc = build_report(inputs, created="2026-01-02")
    texts = [t for block in doc.blocks() for t in _strings(block)]
    raters = [t for t in texts if t.startswith("Beurteiler: ")]
    assert raters and "no rater was shown" not in raters[0] and "Gremium" in raters[0]
    assert any(t.startswith("analytisch: ") for t in texts)
    assert not any(t.startswith("analytic: ") for t in texts)


def test_a_german_report_states_an_effects_statistics_in_german():
    """The explained section's note on each effect was English in every language ("change in
    the logit of accuracy per 10 of age: 0,576 (0,158 to 1,040); likelihood-ratio test of no
    effect p = 0.005. Accuracy of raters with age 55 ..."), its p with a decimal point."""
    from tapdesk.report.explained import effect_statistics
    effect = writing_inputs().result.effects[0]
    english = effect_statistics(effect)
    with i18n.language("de"):
        german = effect_statistics(effect)
    assert english.startswith("age 55 against 35: change in the logit of accuracy per 10 of age: ")
    assert german.startswith("age 55 gegenüber 35: Änderung des Logits der Genauigkeit je 10 age: ")
    assert "Likelihood-Quotienten-Test" in german and "Genauigkeit der Beurteiler mit age 55" in german
    assert not re.search(r"\d\.\d|\b(the|of|to|test|raters)\b", german)
    assert re.findall(r"\d+,\d+", german) == [n.replace(".", ",")
                                              for n in re.findall(r"\d+\.\d+", english)]


def test_a_german_report_names_an_explained_fit_and_its_estimates_in_german():
    """An explained fit's title ("t-a-p (average rater), class share by 'year' and accuracy by
    'age'") and its estimates' meanings ("accuracy of a rater at the attributes' mean ...",
    "... (over all groups, each weighted by its subjects)") were English in the German report:
    the title made as an f-string, the meanings glued from two texts the catalog did not hold."""
    inputs = writing_inputs()
    assert inputs.result.title == "t-a-p (average rater), class share by 'year' and accuracy by 'age'"
    with i18n.language("de"):
        text = build_report(inputs, created="2026-01-02").as_text()
    assert ("t-a-p (durchschnittlicher Beurteiler), Klassenanteil nach \u201eyear\u201c und "
            "Genauigkeit nach \u201eage\u201c") in text
    assert "beim Mittelwert der Merkmale" in text and "jede gewichtet nach ihren F\u00e4llen" in text
    for english in ("class share by", "attributes' mean", "over all groups", "Pr(Class"):
        assert english not in text, english


def test_a_german_report_writes_the_square_root_of_kappa_and_the_coefficients_glossary_in_german():
    """German writes the engine's "sqrt(kappa)" as "sqrt(Kappa)", which the report printed as it
    was (English's becomes "√kappa"); the glossary's Gwet's AC1 / AC2 and Krippendorff's alpha
    were not in the catalog."""
    with i18n.language("de"):
        doc = build_report(wine_inputs(), created="2026-01-02")
        text = doc.as_text()
    assert "sqrt(" not in text and "Bedingte Genauigkeit \u221aKappa je Paar" in text
    glossary = {row[0] for t in doc.tables() if t.key.startswith("glossary-") for row in t.rows}
    assert {"Gwets AC1 / AC2", "Krippendorffs Alpha"} <= glossary


def test_a_german_rater_plots_caption_keeps_the_capital_of_its_noun():
    """The caption lower-cased the quantity for the middle of a sentence: "Mittel des Gremiums
    für genauigkeit"; German nouns keep their capital (the catalog says "keep")."""
    from tapdesk.i18n.formats import in_sentence
    with i18n.language("de"):
        text = build_report(wine_inputs(), created="2026-01-02").as_text()
        assert in_sentence("Genauigkeit") == "Genauigkeit"
    assert "Gremiums für Genauigkeit" in text and "für genauigkeit" not in text
    with i18n.language("fr"):
        assert in_sentence("Exactitude") == "exactitude"
    assert in_sentence("Accuracy") == "accuracy"
