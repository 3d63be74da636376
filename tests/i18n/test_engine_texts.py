"""The notes and tables the models attach to a fit, shown in another language (issue 54).

A fit keeps its notes and its tables' words as data; the same frozen result is shown in the
pseudo-language, where every text the engine writes must carry the pseudo brackets (what is
left outside them is data: rater and category names, column names of the file, numbers), and in
German, with German words and decimal commas. The fits are those a committee makes most: the
wine data (binary, Bayesian, per rater, several categories, Dawid-Skene, MACE) and the writing
example (explanatory); and a plan's notes.
"""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.i18n import formats
from tapdesk.i18n.tables import displayed
from tapdesk.resources.examples import get_example
from tests.conftest import SHARED_DATA

INNERMOST = re.compile(r"\[[^\[\]]*\]")
WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def wine():
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return read_ratings(SHARED_DATA / "wine.csv").table


@pytest.fixture(scope="module")
def writing():
    return read_ratings(get_example("writing").path).table


@pytest.fixture(scope="module")
def fits(wine, writing):
    return {
        "binary": fit(FitRequest(model="tap", cut="2", n_starts=2), wine),
        "bayesian": fit(FitRequest(model="tap", cut="2", method="mcmc"), wine),
        "categorical": fit(FitRequest(model="categorical", n_starts=2), wine),
        "dawid-skene": fit(FitRequest(model="dawid-skene", n_starts=2), wine),
        "per-rater": fit(FitRequest(model="per-rater", cut="2", n_starts=2), wine),
        "mace": fit(FitRequest(model="mace", n_starts=2), wine),
        "explanatory": fit(FitRequest(model="tap", cut="2", subject_group="year",
                                      rater_attributes=("age",), n_starts=2), writing),
    }


def outside_brackets(text: str) -> set[str]:
    """The words of ``text`` outside every (nested) pseudo bracket."""
    while INNERMOST.search(text):
        text = INNERMOST.sub(" ", text)
    return set(WORD.findall(text))


def data_words(result, table) -> set[str]:
    """Words that are data, not text: names from the file, the pseudo-language's list word."""
    names = [*table.rater_ids, *table.categories, *table.attributes.rater_columns,
             *table.attributes.subject_columns, *result.categories]
    with i18n.language(i18n.PSEUDO):
        listed = formats.joined(["0", "1"])
    return {w for name in names for w in WORD.findall(str(name))} | set(WORD.findall(listed))


def engine_tables(result):
    """The tables a model made (the explanatory class shares and effects are the result's own
    rendering, :mod:`tapdesk.engine.results`, not a model's)."""
    theirs = {t.title for t in result.explain_tables()} if result.groups else set()
    return [t for t in result.tables if t.title not in theirs]


def shown_texts(result) -> list[str]:
    texts = [n.message for n in result.warnings]
    for table in map(displayed, engine_tables(result)):
        texts += [table.title, *table.columns, table.note]
        texts += [cell for row in table.rows for cell in row if isinstance(cell, str)]
    return [t for t in texts if t]


@pytest.mark.parametrize("name", ["binary", "bayesian", "categorical", "dawid-skene",
                                  "per-rater", "mace", "explanatory"])
def test_every_note_and_table_text_of_a_fit_is_translated(fits, wine, writing, name):
    result = fits[name]
    table = writing if name == "explanatory" else wine
    with i18n.language(i18n.PSEUDO):
        texts = shown_texts(result)
    allowed = data_words(result, table)
    untranslated = {t: outside_brackets(t) - allowed for t in texts}
    assert not {t: w for t, w in untranslated.items() if w}, untranslated
    assert name == "binary" or any(t.startswith("[") for t in texts)


def test_the_same_result_still_reads_in_english(fits):
    result = fits["dawid-skene"]
    assert any(n.message.startswith("For the latent class") for n in result.warnings)
    table = displayed(result.table("How rater J1 rates each true category"))
    assert table.columns[0] == "true category" and table.rows[0][0] == "truly 1"


def test_a_bayesian_fit_reads_in_german_with_decimal_commas(fits):
    result = fits["bayesian"]
    with i18n.language("de"):
        notes = [n.message for n in result.warnings]
        table = displayed(result.table("Posterior summary"))
    assert notes[0] == ("Flache Prior-Verteilungen: Jeder Wert von t, a und p ist vor den Daten "
                        "gleich wahrscheinlich.")
    assert table.title == "Zusammenfassung der Posteriori-Verteilung"
    assert "Mittelwert" in table.columns and "95\u00a0%" in table.columns
    assert re.match(r"Urteil: die Ketten stimmen überein \(Kettenabweichung höchstens 1,\d{3}; "
                    r"mindestens [\d.]+ unabhängige Ziehungen\)\. Flache Prior-Verteilungen", table.note)
    assert result.table("Posterior summary").note.startswith("Verdict: chains agree")


def test_a_plans_notes_are_translated_and_its_json_stays_english():
    from tapdesk.engine.planning.request import PlanRequest
    from tapdesk.engine.planning.run import plan
    result = plan(PlanRequest(0.05, 0.6, 0.3, raters=(2, 3), subjects=(40,), sims=20, workers=1))
    with i18n.language(i18n.PSEUDO):
        notes = result.notes()
    assert len(notes) == 3
    assert all(note.startswith("[") and not outside_brackets(note) for note in notes)
    with i18n.language("de"):
        assert result.notes()[0].startswith("Jedes Design wurde 20-mal aus t = 0,05, a = 0,6, "
                                            "p = 0,3 (eingegeben) simuliert")
        assert result.to_dict()["notes"][0].startswith("Each design was simulated 20 times from "
                                                       "t = 0.05, a = 0.6, p = 0.3 (typed in)")


def test_a_project_keeps_the_notes_as_data_and_reopens_them(fits):
    import json

    from tapdesk.engine.results import Notice
    from tapdesk.gui.project.codec import decode, encode
    result = fits["dawid-skene"]
    again = decode(json.loads(json.dumps(encode(result))))
    assert again.warnings == result.warnings and again.tables == result.tables
    with i18n.language("de"):
        assert again.warnings[0].message.startswith("Für die latente Klasse")
    saved_before = {"__type__": "tapdesk.engine.results.Notice", "code": "rare-class",
                    "message": "Almost every subject is in one class.", "kind": "warning"}
    assert decode(saved_before) == Notice("rare-class", "Almost every subject is in one class.")


# ----------------------------------------------------- interval methods and coefficients' methods
ENGLISH_WORDS = re.compile(r"\b(the|and|of|interval|from|resamples|subjects|raters|says|"
                           r"information|observed|distribution|category|categories)\b")


@pytest.fixture(scope="module")
def agreement(wine):
    from tapdesk.data.binary import choose_class1
    from tapdesk.engine.coefficients.api import agreement_coefficients
    return agreement_coefficients(wine, bootstrap=50, split=choose_class1(wine.scale, cut="2"))


def coefficient_texts(agreement) -> list[str]:
    """Every coefficient's method, note, verdict and reason, as shown now."""
    from tapdesk.engine.coefficients.report import how_computed, in_words
    from tapdesk.i18n.deferred import shown
    texts = []
    for coef in agreement.coefficients:
        texts.append(shown(how_computed(coef)) if coef.defined else in_words(coef))
    return [t for t in texts if t]


def test_every_coefficients_method_note_and_verdict_is_translated(agreement, wine):
    keys = {c.key for c in agreement.coefficients}
    assert {"pabak", "prevalence_index", "bias_index", "krippendorff_alpha_interval"} <= keys
    with i18n.language(i18n.PSEUDO):
        texts = coefficient_texts(agreement)
    allowed = data_words(agreement, wine) | {"Gwet", "Fleiss", "Cohen", "Everitt", "Cochran",
                                             "Brennan", "Prediger", "Bennett", "po", "Wald"}
    untranslated = {t: outside_brackets(t) - allowed for t in texts}
    assert not {t: w for t, w in untranslated.items() if w}, untranslated
    with i18n.language("de"):
        german = coefficient_texts(agreement)
    assert not [t for t in german if ENGLISH_WORDS.search(t)], german
    assert any("Bootstrap, 50 Stichproben" in t for t in german)
    english = coefficient_texts(agreement)
    assert any("bootstrap, 50 resamples, seed" in t for t in english)
    assert any(t.startswith("raters ") and "test of equal rates" in t for t in english)


@pytest.mark.parametrize("name", ["bayesian", "categorical", "dawid-skene", "per-rater", "mace",
                                  "explanatory"])
def test_every_interval_method_is_translated(fits, wine, writing, name):
    from tapdesk.i18n.deferred import shown
    result = fits[name]
    with i18n.language(i18n.PSEUDO):
        method = shown(result.interval_method)
    words = outside_brackets(method) - {"Wald", "Hessian", "logit", "t", "a", "p", "q1", "q0"}
    assert not words, method
    with i18n.language("de"):
        assert not ENGLISH_WORDS.search(shown(result.interval_method))
    assert result.to_dict()["interval_method"] == str(result.interval_method)


def test_an_interval_method_reads_in_german_with_its_level(fits):
    from tapdesk.i18n.deferred import shown
    assert str(fits["categorical"].interval_method).startswith(
        "observed information (Wald on the logit scale), 95%")
    with i18n.language("de"):
        assert shown(fits["categorical"].interval_method).startswith(
            "beobachtete Information (Wald auf der Logit-Skala), 95\u00a0%")
        assert shown(fits["bayesian"].interval_method) == (
            "95\u00a0%-Intervall höchster Dichte der Posteriori-Verteilung")


def test_the_converged_and_class_1_facts_read_in_german(fits):
    english = dict(fits["binary"].facts())
    assert english["Class 1"].endswith("(cut point: Class 1 = ratings at or below '2' in scale "
                                       "order)")
    with i18n.language("de"):
        facts = dict(fits["categorical"].details())
        binary = dict(fits["binary"].facts())
    assert re.search(r"^ja, nach \d+ Iterationen im besten von 2 Starts \(\d+ über alle 2 Starts "
                     r"zusammen\)$", facts["Konvergiert"]), facts
    assert binary["Klasse 1"].endswith("(Schwelle: Klasse 1 = Bewertungen bis einschließlich „2“ "
                                       "in der Reihenfolge der Skala)")


def test_the_explanatory_findings_are_translated(fits, writing):
    from tapdesk.i18n.deferred import shown
    result = fits["explanatory"]
    english = [str(line) for line in result.headline]
    assert any(line.startswith("The data do not show that") or line.startswith("Accuracy ")
               for line in english), english
    assert any("by year" in line for line in english), english
    with i18n.language(i18n.PSEUDO):
        pseudo = [shown(line) for line in result.headline]
    allowed = data_words(result, writing) | {"year", "age"}
    untranslated = {t: outside_brackets(t) - allowed for t in pseudo}
    assert not {t: w for t, w in untranslated.items() if w}, untranslated
    with i18n.language("de"):
        german = [shown(line) for line in result.headline]
    assert not [t for t in german if ENGLISH_WORDS.search(t)], german
    assert any(" nach year " in t for t in german), german


@pytest.mark.parametrize("name", ["bayesian", "categorical", "dawid-skene"])
def test_the_other_models_headlines_are_translated(fits, wine, name):
    from tapdesk.i18n.deferred import shown
    result = fits[name]
    with i18n.language(i18n.PSEUDO):
        pseudo = [shown(line) for line in result.headline]
    allowed = data_words(result, wine)
    untranslated = {t: outside_brackets(t) - allowed for t in pseudo}
    untranslated = {t: w for t, w in untranslated.items() if w}
    if name == "dawid-skene":      # the comparison with per-rater t-a-p is not converted yet
        untranslated = {t: w for t, w in untranslated.items() if "Dawid-Skene" not in t}
    assert not untranslated, untranslated
    with i18n.language("de"):
        german = [shown(line) for line in result.headline]
    assert any(t.startswith("Die wahren Kategorien der Fälle: ") or "Klasse 1" in t
               for t in german), german


def test_the_coefficients_and_ordinal_headlines_are_translated(agreement, wine):
    from tapdesk.engine.analyses import ORDINAL_MODEL as ORDINAL
    from tapdesk.engine.analyses import get_analysis
    from tapdesk.engine.coefficients.report import build_summary
    from tapdesk.i18n.deferred import shown
    ordinal = get_analysis(ORDINAL).run(FitRequest(model=ORDINAL, n_starts=1), wine)
    lines = [*build_summary(agreement).headline, *ordinal.headline]
    assert str(lines[0]).startswith(f"{agreement.n_subjects} subjects with ")
    with i18n.language(i18n.PSEUDO):
        pseudo = [shown(line) for line in lines]
    allowed = data_words(ordinal, wine) | {"Fleiss", "sqrt", "kappa"}
    untranslated = {t: outside_brackets(t) - allowed for t in pseudo}
    assert not {t: w for t, w in untranslated.items() if w}, untranslated
    with i18n.language("de"):
        german = [shown(line) for line in lines]
    assert german[0].startswith(f"{agreement.n_subjects} Fälle mit "), german
    assert any(t.startswith("Das t-a-p-Modell wurde an jeder der ") for t in german), german


def test_the_expert_models_headline_is_translated(wine):
    from tapdesk.i18n.deferred import shown
    result = fit(FitRequest(model="expert", cut="2"), wine)
    assert str(result.headline[0]).endswith(" of the ratings are Class 1.")
    with i18n.language(i18n.PSEUDO):
        pseudo = [shown(line) for line in result.headline]
    allowed = data_words(result, wine) | {"Fleiss"}
    untranslated = {t: outside_brackets(t) - allowed for t in pseudo}
    assert not {t: w for t, w in untranslated.items() if w}, untranslated
    with i18n.language("de"):
        german = [shown(line) for line in result.headline]
    assert german[0].endswith(" der Bewertungen sind Klasse 1."), german
    assert not [t for t in german if ENGLISH_WORDS.search(t)], german


def test_the_ordinal_tables_intervals_are_written_in_the_language_shown(wine):
    """The cut-point table keeps each interval as its two ends (a typed cell): shown in German
    it reads "0,076 bis 0,191" (it read "0.076 to 0.191", built as English text by the fit),
    in English and in the table's machine form as before; the report's cell is one unbreakable
    text in each language."""
    from tapdesk.engine.analyses import CUTS_TABLE, get_analysis
    from tapdesk.engine.analyses import ORDINAL_MODEL as ORDINAL
    from tapdesk.report.tables import result_tables
    ordinal = get_analysis(ORDINAL).run(FitRequest(model=ORDINAL, n_starts=1), wine)
    table = ordinal.table(CUTS_TABLE)
    cut = ordinal.param("a", table.rows[0][0])
    english = f"{cut.ci[0]:.3f} to {cut.ci[1]:.3f}"
    assert table.rows[0][5] == english and displayed(table).rows[0][5] == english
    with i18n.language("de"):
        german = displayed(table).rows[0][5]
        printed = next(t for t in result_tables(ordinal) if t.title == "t-a-p an jeder Schwelle")
        ends = formats.decimal(cut.ci[0], 3), formats.decimal(cut.ci[1], 3)
    assert german == f"{ends[0]} bis {ends[1]}"
    assert re.fullmatch(r"\d,\d{3} bis \d,\d{3}", german), german
    assert printed.rows[0][5] == german.replace(" ", "\u00a0")
    assert next(t for t in result_tables(ordinal) if t.title == "t-a-p at each cut point") \
        .rows[0][5] == english.replace(" ", "\u00a0")
