"""Issue 42: an explained fit in the report: the engine's sentences, the effects and groups
tables, the tests, and the plots (drawn by the same builders as the app's Explain tab)."""

from __future__ import annotations

import zipfile

import pytest

pytest.importorskip("PySide6")

from tapdesk.engine.request import FitRequest  # noqa: E402
from tapdesk.engine.run import fit  # noqa: E402
from tapdesk.engine.story.findings import findings_for  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.explained import figures  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def explained():
    from tapdesk.gui.examples import example_dataset
    table = example_dataset("writing")[0].table
    result = fit(FitRequest(model="tap", cut="2", subject_group="year",
                            rater_attributes=("age",)), table)
    return result, table


@pytest.fixture(scope="module")
def document(explained):
    result, table = explained
    return build_report(ReportInputs.of([ReportAnalysis(result, table)], title="Writing"))


def test_the_findings_carry_the_verdicts_and_the_sentences(explained):
    result, table = explained
    found = findings_for(result, table)
    assert found.effect_verdicts == (("age", "", "higher"),)
    assert any(s.startswith("Accuracy rises with age") for s in found.explanations)
    assert any("by year" in s for s in found.explanations)
    assert all(s in result.headline for s in found.explanations)   # one set of sentences


def test_the_section_holds_the_tables_and_the_tests(document):
    text = document.as_text()
    assert "Explaining the ratings" in text
    assert "Accuracy by rater attribute" in text and "age 55 against 35" in text
    assert "more accurate" in text
    assert "Class share by subject group" in text
    assert "Tests: the class shares differ between the groups of 'year': likelihood ratio" in text
    assert "Accuracy rises with age" in text


def test_the_section_has_the_plots_with_captions(document, explained):
    kinds = [f.kind for f in document.figures()]
    assert {"explain-accuracy:age", "explain-groups", "explain-subjects"} <= set(kinds)
    keys = [f.key for f in document.figures() if f.kind.startswith("explain-")]
    assert "explain-accuracy-age" in keys               # a key that is a file name
    captions = dict(figures(explained[0]))
    assert "fitted curve" in captions["explain-accuracy:age"]


def test_the_plots_are_drawn_for_print(document, tmp_path):
    from tapdesk.render.figures import render_figures
    from tapdesk.render.page import ensure_app
    ensure_app()
    written = {p.name for p in render_figures(document, tmp_path, 600, 400)}
    assert {"explain-accuracy-age.png", "explain-groups.png", "explain-subjects.png"} <= written


def test_word_and_html_copies_carry_the_section(document, tmp_path):
    from tapdesk.render.page import ensure_app
    from tapdesk.render.writer import write_report
    ensure_app()
    word = write_report(document, tmp_path / "w.docx")
    with zipfile.ZipFile(word) as z:
        body = z.read("word/document.xml").decode("utf-8").replace("\u00a0", " ")
    assert "Explaining the ratings" in body and "age 55 against 35" in body
    page = write_report(document, tmp_path / "w.html").read_text(encoding="utf-8").replace(
        "\u00a0", " ").replace("&nbsp;", " ")
    assert "Explaining the ratings" in page and "Accuracy by rater attribute" in page


def test_an_unexplained_fit_has_no_section(explained):
    table = explained[1]
    plain = fit(FitRequest(model="tap", cut="2"), table)
    doc = build_report(ReportInputs.of([ReportAnalysis(plain, table)]))
    assert "Explaining the ratings" not in doc.as_text()
    assert not any(f.kind.startswith("explain-") for f in doc.figures())


def test_a_categorical_attribute_is_drawn_by_level(qapp):
    import numpy as np

    from tapdesk.data.attributes import Attributes
    from tapdesk.engine.explain.simulate import simulate_explained
    from tapdesk.render.plots import explain_plot
    site = np.array([0, 1, 0, 1, 0, 1, 0, 1], float)
    table = simulate_explained([[0.5, 0.5]], [300], site[:, None], 0.6, [1.2], [0.5, 0.5],
                               seed=5, per_subject=4, attribute_names=["site"])
    named = {r: "AB"[int(float(v))] for r, v in table.attributes.raters["site"].items()}
    table = table.with_attributes(Attributes({}, {"site": named}))
    result = fit(FitRequest(model="tap", rater_attributes=("site",), n_starts=4), table)
    kinds = dict(figures(result))
    assert list(kinds) == ["explain-accuracy:site"] and "each level" in kinds["explain-accuracy:site"]
    plot = explain_plot("explain-accuracy:site", result, table)
    ticks = plot.getAxis("bottom")._tickLevels[0]
    assert [label for _, label in ticks] == [result.effects[0].reference, result.effects[0].level]
    items = [i for i in plot.getPlotItem().listDataItems() if hasattr(i, "getData")]
    predicted, own = (np.asarray(i.getData()[1]) for i in items[-2:])
    assert len(predicted) == len(own) == 8
    plot.deleteLater()


def assert_own_intervals_drawn(plot, result) -> None:
    """Issue 53: the Explain plot draws each rater's own estimate with its interval, as capped
    bars (the predictions' bars have none) just right of the rater's predicted point."""
    import numpy as np
    import pyqtgraph as pg

    from tapdesk.engine.explain.own import OWN_NAME
    own = [next(e for e in r.estimates if e.name == OWN_NAME) for r in result.raters]
    assert all(e.ci is not None and e.ci[0] < e.ci[1] for e in own)
    bars = [i for i in plot.getPlotItem().items if isinstance(i, pg.ErrorBarItem)]
    capped = [b for b in bars if b.opts["beam"]]
    assert len(bars) == 2 and len(capped) == 1
    drawn = capped[0].opts
    ends = np.round(np.column_stack([drawn["y"] - drawn["bottom"], drawn["y"] + drawn["top"]]), 9)
    assert sorted(map(tuple, ends)) == sorted(tuple(np.round(e.ci, 9)) for e in own)
    predicted = next(b for b in bars if not b.opts["beam"]).opts
    shift = np.sort(drawn["x"]) - np.sort(predicted["x"])
    assert np.all(shift > 0) and np.allclose(shift, shift[0])


def test_each_raters_own_estimate_is_drawn_with_its_interval(explained, qapp):
    from tapdesk.render.plots import explain_plot
    result, table = explained
    plot = explain_plot("explain-accuracy:age", result, table)
    assert_own_intervals_drawn(plot, result)
    plot.deleteLater()
    caption = dict(figures(result))["explain-accuracy:age"]
    assert "open circles, each with its 95% interval" in caption


def test_a_pooled_fit_gets_its_shrinkage_figure(explained):
    table = explained[1]
    pooled = fit(FitRequest(model="per-rater", method="mcmc", cut="2", pooled=True,
                            rater_attributes=("age",), chains=2, draws=100, warmup=50), table)
    doc = build_report(ReportInputs.of([ReportAnalysis(pooled, table)]))
    figures_made = [f for f in doc.figures() if f.kind.startswith("explain-")]
    assert [f.kind for f in figures_made] == ["explain-pooled:age"]
    assert "shrunk toward the panel" in figures_made[0].caption
    assert "Explaining the ratings" not in doc.as_text()    # no groups or ML effects to table
    assert any("vary" in s for s in findings_for(pooled, table).explanations)


def test_the_conclusion_states_the_findings_and_names_no_rater(document, explained):
    """Issue 53.3: page 1 states the findings the screen leads with (the one findings object),
    not "instructor12 was shown to be more accurate than instructor1" (a non-overlap rule that
    holds no panel-wide error rate, and here a restatement of the age effect)."""
    result, table = explained
    conclusion = " ".join(document.section("summary").blocks[0].items)
    said = findings_for(result, table).explanations
    assert len(said) >= 2 and all(s in conclusion for s in said)
    assert "shown to be more accurate" not in conclusion and "overlap" not in conclusion
    assert not any(r.rater_id in conclusion for r in result.raters)


def test_the_logit_change_is_set_apart_from_its_unit(explained):
    """Issue 53 walk (item 9's "told per 10"): the note read "change in the logit of accuracy
    per 10 0.576 (0.158 to 1.040)", a unit and a number run together beside an effect told
    between 35 and 55."""
    from tapdesk.report.explained import effect_statistics
    said = effect_statistics(explained[0].effects[0])
    assert said.startswith("age 55 against 35: change in the logit of accuracy per 10 of age: 0.")
