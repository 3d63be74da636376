"""Report content (Qt-free): sections, numbers, provenance, coefficients, table exports."""

from __future__ import annotations

import csv
import subprocess
import sys

import numpy as np
import pytest

from tapdesk.data.fingerprint import FILE_SHA256, RATINGS_SHA256, table_sha256
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.results import fmt
from tapdesk.report import build_report, reproduce_command
from tapdesk.report.document import BulletList, KeyNumbers, Paragraph, References, Table
from tapdesk.report.explain import REFERENCES, explanation
from tapdesk.report.tables import coefficient_table
from tapdesk.report.tables_export import escape_text, export_tables, looks_like_formula
from tests import FIXTURES, WINE


def ratings_csv(path, n_subjects=60, seed=3, rater_names=("R1", "R2", "R3", "R4")):
    """A wide CSV of t-a-p ratings (t=.4, a=.7, p=.5) with one subject rated once."""
    rng = np.random.default_rng(seed)
    truth = rng.random(n_subjects) < 0.4
    rows = []
    for i in range(n_subjects):
        accurate = rng.random(len(rater_names)) < 0.7
        guess = rng.random(len(rater_names)) < 0.5
        rows.append(["yes" if (truth[i] if acc else g) else "no" for acc, g in zip(accurate, guess)])
    rows[-1] = [rows[-1][0]] + [""] * (len(rater_names) - 1)
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["subject", *rater_names])
        for i, row in enumerate(rows):
            writer.writerow([f"s{i + 1}", *row])
    return path


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    path = ratings_csv(tmp_path_factory.mktemp("data") / "panel.csv")
    dataset = read_ratings(path)
    result = fit(FitRequest(model="tap", class1=("yes",), seed=11, n_starts=4), dataset.table)
    return dataset, result


def test_sections_in_order_and_page_one_content(fitted):
    dataset, result = fitted
    doc = build_report(result, table=dataset.table, coefficients=None)
    keys = [s.key for s in doc.sections]
    assert keys[:4] == ["summary", "contents", "provenance", "analysis-1"]
    assert keys.index("analysis-1") < keys.index("warnings") < keys.index("limitations") \
        < keys.index("method")
    summary = doc.section("summary")
    assert summary.title == "Conclusion" and isinstance(summary.blocks[0], BulletList)
    conclusion = " ".join(summary.blocks[0].items)
    a = result.param("a")
    assert conclusion.startswith("Accuracy:") and f"a = {fmt(a.value)}" in conclusion
    assert f"{fmt(a.ci[0])}\u00a0to\u00a0{fmt(a.ci[1])}" in conclusion
    assert "Classes:" in conclusion and "Analysis 1" in conclusion
    texts = " ".join(b.text for b in summary.blocks if isinstance(b, Paragraph))
    assert "59 subjects" not in texts and "60 subjects" in texts and "4 raters" in texts
    analysis = " ".join(b.text for b in doc.section("analysis-1").blocks
                        if isinstance(b, Paragraph))
    assert result.headline[0] in analysis
    grid = next(b for b in summary.blocks if isinstance(b, KeyNumbers))
    for est in result.params:
        item = next(k for k in grid.items if k.label.endswith(f"({est.name})")
                    or k.label == f"Accuracy {est.name}")
        assert item.value == fmt(est.value)
        assert item.interval.endswith(f"{fmt(est.ci[0])}\u00a0to\u00a0{fmt(est.ci[1])}")


def test_provenance_names_file_hash_and_exclusion(fitted):
    dataset, result = fitted
    doc = build_report(result, table=dataset.table, coefficients=None)
    tables = {t.key: t for t in doc.tables()}
    prov = {row[0]: row[1] for row in tables["provenance"].rows}
    assert prov["File"] == "panel.csv"
    assert prov[FILE_SHA256] == dataset.provenance.sha256 and len(prov[FILE_SHA256]) == 64
    assert prov[RATINGS_SHA256] == table_sha256(dataset.table) != prov[FILE_SHA256]
    assert prov["Subjects in the file"] == 60
    assert prov["Categories (scale order)"] == "no, yes"
    exclusions = tables["exclusions"]
    assert exclusions.rows[0][0] == 1 and "one rating" in exclusions.rows[0][1]
    assert "s60" in exclusions.rows[0][2]
    settings = {row[0]: row[1] for row in tables["settings"].rows}
    assert settings["Random seed"] == 11 and settings["Optimisation starts"] == 4
    assert settings["Class 1"] == "yes" and settings["Method"] == "Maximum likelihood"
    assert settings["Subjects analysed"] == 59
    technical = {row[0]: row[1] for row in tables["technical"].rows}
    assert technical["TapDesk version"] == result.version


def test_parameter_table_holds_the_result_numbers(fitted):
    _, result = fitted
    doc = build_report(result, coefficients=None)
    params = next(t for t in doc.tables() if t.key == "parameters")
    for row, est in zip(params.rows, result.params):
        assert row[0] == est.name and row[1] == est.value and row[2] == est.se
        assert (row[3], row[4]) == est.ci
    assert params.display_rows()[0][1] == fmt(result.params[0].value)


def test_references_and_method_note_cover_the_required_sources(fitted):
    _, result = fitted
    doc = build_report(result, coefficients=None)
    refs = next(b for b in doc.section("method").blocks if isinstance(b, References))
    text = " ".join(r.text for r in refs.entries)
    for needle in ("Eubanks", "Fleiss, J. L. (1971)", "Cohen, J. (1960)", "Krippendorff",
                   "Gwet, K. L. (2008)", "Dawid, A. P., & Skene, A. M. (1979)",
                   "Landis, J. R., & Koch, G. G. (1977)"):
        assert needle in text
    assert refs.entries == REFERENCES


def test_warnings_are_explained():
    heading, idea = explanation("rare-class")
    assert "Kappa paradox" in heading and "agreement" in idea
    assert explanation("boundary")[0].startswith("Estimates on the edge")
    assert explanation("not-identified")[0] == "Identifiability"
    assert "multimodality" in explanation("multimodal")[0]
    assert explanation("something-new")[0] == "Something new"


def test_footer_command_reproduces_the_request(fitted):
    _, result = fitted
    command = reproduce_command(result)
    assert command == ("tapdesk report panel.csv --model tap --class1 yes --seed 11 "
                       "--starts 4 --out report.pdf")


def test_coefficients_from_the_engine_when_available(fitted):
    dataset, result = fitted
    pytest.importorskip("tapdesk.engine.coefficients")
    from tapdesk.engine.coefficients import agreement_coefficients
    doc = build_report(result, table=dataset.table)
    coef = next(t for t in doc.tables() if t.key == "coefficients")
    engine = agreement_coefficients(dataset.table, seed=result.request.seed)
    fleiss = engine.get("fleiss_kappa")
    row = next(r for r in coef.rows if r[0] == fleiss.name)
    assert row[1] == fleiss.value and (row[3], row[4]) == fleiss.ci
    assert row[5] == "slight" if fleiss.value <= 0.2 else row[5]     # Landis & Koch reading
    assert coef.title.endswith("on all categories")      # two categories: the split is the scale


def test_coefficient_adapter_accepts_records_and_mappings():
    table = coefficient_table({"Fleiss' kappa": 0.25, "Gwet's AC1": {"value": 0.5, "ci": (0.4, 0.6)}})
    assert table.rows[0][:2] == ("Fleiss' kappa", 0.25) and table.rows[0][5] == "fair"
    assert table.rows[1][1] == 0.5 and table.rows[1][3:5] == (0.4, 0.6)
    assert "Landis & Koch" in table.note and "conventions" in table.note
    assert coefficient_table(None) is None and coefficient_table([]) is None


def test_formula_like_text_is_escaped():
    assert looks_like_formula("=SUM(A1:A2)") and looks_like_formula("+cmd") and looks_like_formula("@x")
    assert looks_like_formula("-2+3") and not looks_like_formula("-2.5")
    assert not looks_like_formula("plain") and not looks_like_formula("")
    assert escape_text("=1+1") == "'=1+1" and escape_text(0.5) == 0.5


def test_tables_export_csv_and_xlsx_with_escaping(tmp_path):
    path = ratings_csv(tmp_path / "evil.csv", rater_names=("=HYPERLINK(\"x\")", "+R2", "@R3", "R4"))
    dataset = read_ratings(path)
    result = fit(FitRequest(class1=("yes",), seed=5, n_starts=3), dataset.table)
    doc = build_report(result, table=dataset.table, coefficients=None)
    written = export_tables(doc, tmp_path / "out")
    names = {p.name for p in written}
    assert {"parameters.csv", "provenance.csv", "settings.csv", "tables.xlsx"} <= names
    with open(tmp_path / "out" / "provenance.csv", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    raters_cell = next(r[1] for r in rows if r[0] == "Column: raters")
    assert raters_cell.startswith("'=HYPERLINK")
    with open(tmp_path / "out" / "parameters.csv", encoding="utf-8-sig") as handle:
        params = list(csv.reader(handle))
    assert float(params[1][1]) == pytest.approx(result.params[0].value, abs=1e-12)

    from openpyxl import load_workbook
    book = load_workbook(tmp_path / "out" / "tables.xlsx")
    assert {"parameters", "provenance", "settings"} <= set(book.sheetnames)
    sheet = book["provenance"]
    cells = [c for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]
    evil = next(c for c in cells if c.value.startswith("=HYPERLINK"))
    assert evil.data_type == "s" and evil.quotePrefix
    assert book["parameters"].cell(3, 2).value == pytest.approx(result.params[0].value)


def test_report_content_never_imports_qt():
    code = ("import sys; import tapdesk.report, tapdesk.report.tables_export, "
            "tapdesk.report.fonts, tapdesk.report.html, tapdesk.report.conclusion; "
            "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_tables_have_unique_keys_per_document(fitted):
    dataset, result = fitted
    doc = build_report(result, table=dataset.table)
    keys = [t.key for t in doc.tables()]
    assert all(isinstance(t, Table) for t in doc.tables())
    assert len(keys) == len(set(keys))


def paradox_table() -> RatingsTable:
    """40 subjects x 4 raters: raters agree on most pairs, yet kappa is low (Class 1 is 11%)."""
    rows = [["no"] * 4] * 30 + [["yes", "no", "no", "no"]] * 6 + [["yes", "yes", "no", "no"]] * 2 \
        + [["yes"] * 4] * 2
    return RatingsTable.from_wide(rows, rater_ids=["A", "B", "C", "D"])


def test_kappa_paradox_is_one_finding_from_the_data():
    """The report warns of the paradox as the findings do, from the data, not from numbers given."""
    from tapdesk.engine.story.findings import findings_for
    from tapdesk.report.build import kappa_paradox
    table = paradox_table()
    result = fit(FitRequest(model="expert", class1=("yes",), n_starts=4), table)
    found = findings_for(result, table)
    assert found.agreement >= 0.8 and found.kappa < 0.5
    assert "kappa-paradox" in {n.code for n in found.warnings}     # the fit says nothing of it
    doc = build_report(result, table=table)
    warnings = doc.section("warnings")
    text = " ".join(b.text for b in warnings.blocks if isinstance(b, Paragraph))
    assert f"{100 * found.agreement:.0f}%" in text and f"{found.kappa:.3f}" in text
    conclusion = " ".join(doc.section("summary").blocks[0].items)
    assert "Kappa paradox: it applies" in conclusion and "None of the analyses" not in conclusion
    assert kappa_paradox(coefficient_table({"Percent agreement": 0.9, "Fleiss' kappa": 0.7})) is None
    assert kappa_paradox(coefficient_table({"Percent agreement": 0.6, "Fleiss' kappa": 0.2})) is None


def test_large_subject_appendix_prints_a_limited_number_of_rows(fitted):
    from dataclasses import replace

    from tapdesk.engine.results import SubjectEstimate
    from tapdesk.report.tables import PRINT_LIMIT, subject_table
    _, result = fitted
    many = tuple(SubjectEstimate(f"s{i}", 4, (0.25, 0.75)) for i in range(PRINT_LIMIT + 5))
    table = subject_table(replace(result, subjects=many))
    assert len(table.rows) == PRINT_LIMIT + 5                 # exports keep every subject
    assert len(table.display_rows(table.print_limit)) == PRINT_LIMIT
    assert f"{PRINT_LIMIT + 5:,} subjects" in table.note
    small = subject_table(replace(result, subjects=many[:3]))
    assert small.print_limit is None and len(small.display_rows()) == 3
    assert subject_table(result) is None                       # the average model has none


def one_weak_rater(seed: int = 3) -> RatingsTable:
    """Three categories, 120 subjects, every rater rates every subject: R1 accurate 15% of the
    time, the five others 85% (their intervals far apart)."""
    rng = np.random.default_rng(seed)
    truth = rng.choice(3, 120, p=(0.5, 0.3, 0.2))
    accuracy = np.array([0.15] + [0.85] * 5)
    accurate = rng.random((120, 6)) < accuracy
    grid = np.where(accurate, truth[:, None], rng.choice(3, (120, 6), p=(0.5, 0.3, 0.2))) + 1.0
    return RatingsTable.from_wide(grid.tolist())


@pytest.mark.parametrize("model", ["categorical-per-rater", "dawid-skene", "mace"])
def test_models_without_a_panel_wide_test_name_no_rater(model):
    """Issue 55.3: outside the two-class per-rater model (a global test, then Holm), neither a
    rater's flag ("accuracy well below the other raters": under half the median) nor the report
    conclusion ("X was shown to be more accurate than Y": intervals apart) names a rater."""
    from tapdesk.report.conclusion import conclusion
    from tapdesk.report.context import make_context
    table = one_weak_rater()
    result = fit(FitRequest(model=model), table)
    assert not any("well below" in r.flagged for r in result.raters)
    doc = build_report(result, table=table, coefficients=None)
    said = " ".join(conclusion(make_context(doc.inputs)))
    assert "shown to be more accurate" not in said and "overlap" not in said
    assert "Raters: no rater is named as more or less accurate than the others: this model has " \
           "no test of that which holds its error rate for the whole panel" in said


def test_a_crowds_table_per_rater_prints_the_first_of_them_and_exports_them_all(tmp_path):
    from tapdesk.report.document import ExportedTables
    from tapdesk.report.tables import PRINTED_OF_A_KIND
    table = read_ratings(FIXTURES / "crowd_small.csv").table          # 30 workers
    doc = build_report(fit(FitRequest(model="dawid-skene"), table), table=table,
                       coefficients=None)
    printed = [b for b in doc.blocks() if isinstance(b, Table) and b.title.startswith("How rater")]
    held = [b for b in doc.blocks() if isinstance(b, ExportedTables)]
    assert len(printed) == PRINTED_OF_A_KIND and len(held) == 1
    assert len(held[0].tables) == 30 - PRINTED_OF_A_KIND
    said = [b.text for b in doc.blocks() if isinstance(b, Paragraph) and "not printed" in b.text]
    assert said and f"{30 - PRINTED_OF_A_KIND:,} more tables" in said[0]
    assert sum(t.title.startswith("How rater") for t in doc.tables()) == 30
    written = {p.name for p in export_tables(doc, tmp_path, formats=("csv",))}
    assert sum("how-rater" in name for name in written) == 30
    assert "not printed" in doc.as_text() and held[0].tables[0].title not in doc.as_text()


def test_a_long_rater_table_prints_to_the_limit_and_says_so():
    from dataclasses import replace

    from tapdesk.engine.results import RaterEstimate
    from tapdesk.report.tables import PRINT_LIMIT, rater_summary_table, rater_table
    result = fit(FitRequest(model="per-rater", class1=("1",)), read_ratings(WINE).table)
    one = result.raters[0]
    many = tuple(RaterEstimate(f"r{i}", one.n_ratings, one.estimates, one.flagged)
                 for i in range(PRINT_LIMIT + 5))
    big = replace(result, raters=many)
    for made in (rater_summary_table(big), rater_table(big)):
        assert made is not None and made.print_limit == PRINT_LIMIT
        assert f"The first {PRINT_LIMIT:,} of" in made.note
        assert len(made.rows) >= PRINT_LIMIT + 5


def test_a_matrix_of_raters_is_headed_by_its_names_or_by_numbers_with_a_key():
    """Issue 53: a rater-by-rater table's columns are named as its rows, as the data spells
    them (never capitalised); where the names do not fit a line whole, they are headed by
    numbers and a key under the table names them, the rows keeping the whole names."""
    from types import SimpleNamespace

    from tapdesk.engine.results import ResultTable
    from tapdesk.report.print_text import fits_whole
    from tapdesk.report.tables import result_tables
    names = ("anna", "ben", "carla smith")
    kept = ResultTable("Pairwise Cohen's kappa (unweighted)", ("rater",) + names,
                       (("anna", "-", "0.500", "0.250"), ("ben", "0.500", "-", "-"),
                        ("carla smith", "0.250", "-", "-")), "'-' = undefined.")
    table = result_tables(SimpleNamespace(tables=[kept]))[0]
    assert table.named == (1, 2, 3) and table.columns == ("Rater",) + names
    whole = table.fitted(fits_whole(105))
    assert not whole.keyed and whole.columns == ["Rater", *names]
    assert whole.under == ["'-' = undefined."]
    numbered = table.fitted(fits_whole(30))
    assert numbered.keyed and numbered.columns == ["Rater", "1", "2", "3"]
    assert [row[0] for row in numbered.rows] == list(names)
    assert [line.replace("\u00a0", " ") for line in numbered.under] == [
        "Columns: 1 = anna, 2 = ben, 3 = carla smith", "'-' = undefined."]
    other = ResultTable("Cut points", ("cut", "anna"), (("1|2", "0.5"), ("2|3", "0.4")))
    assert result_tables(SimpleNamespace(tables=[other]))[0].named == ()
