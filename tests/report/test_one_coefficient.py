"""One computation per number (issue 79): with missing ratings, unequal raters per subject and
subjects rated once, every surface shows the same Fleiss' kappa (and percent agreement, and
every other coefficient) to the printed digits, and that kappa is Gwet's (Handbook of
Inter-Rater Reliability, 4th ed. 2014, ch. 2 and 5; irrCAC's ``fleiss.kappa.raw``).

The surfaces: ``tapdesk agreement`` (text and JSON), ``tapdesk fit --paragraph``, a fit's
findings and results paragraph, the report's Conclusion, key numbers and coefficients table,
the t-a-p kappa-paradox note, the expert model's kappa and the cut-point table of the ordinal
analysis. (The window's Summary table and paragraph: tests/gui/results/test_one_coefficient.py.)
Before issue 79 the binary models and a two-class fit's paragraph computed their own kappa,
leaving subjects rated once out and taking chance from the pooled share of ratings: on the wine
data with 12% of cells blank the paragraph said 0.329 where the agreement table said 0.321.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from tapdesk.cli.main import main
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import ORDINAL_MODEL, get_analysis
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.results import fmt
from tapdesk.engine.story.findings import findings_for
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.engine.words import percent
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.document import BulletList, KeyNumbers, Paragraph
from tests import SHARED_DATA

CUT = "1"
"""Class 1 = the lowest category (wine: no medal)."""


# ------------------------------------------------------------------ the reference, by hand
def fleiss_by_hand(grid: np.ndarray, class1: set[int] | None = None) -> tuple[float, float]:
    """(percent agreement, Fleiss' kappa) of a subjects x raters grid (NaN = missing), on the
    Class 1 / Class 0 split of ``class1`` or on every category; Gwet (2014) with missing
    ratings: pa over the subjects rated twice or more, pi_k the mean of r_ik / r_i over every
    subject rated at least once (a subject rated once included)."""
    values = grid[~np.isnan(grid)]
    if class1 is not None:
        grid = np.where(np.isnan(grid), np.nan, np.isin(grid, list(class1)).astype(float))
        values = np.array([0.0, 1.0])
    r_ik = np.stack([(grid == v).sum(axis=1) for v in np.unique(values)], axis=1).astype(float)
    r_i = r_ik.sum(axis=1)
    rated, two = r_i >= 1, r_i >= 2
    pa = np.mean((r_ik[two] * (r_ik[two] - 1)).sum(axis=1) / (r_i[two] * (r_i[two] - 1)))
    pi = (r_ik[rated] / r_i[rated, None]).mean(axis=0)
    pe = float((pi ** 2).sum())
    return float(pa), float((pa - pe) / (1 - pe))


# ------------------------------------------------------------------------------ the tables
def _blank_wine(rng: np.random.Generator) -> np.ndarray:
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip("shared wine data not found")
    grid = np.loadtxt(SHARED_DATA / "wine.csv", delimiter=",", skiprows=1)
    grid[rng.random(grid.shape) < 0.12] = np.nan            # 12% of the cells blank
    for i in range(6):                                      # and six wines tasted once
        grid[i, [j for j in range(4) if j != i % 4]] = np.nan
    return grid


def _mixed_panel(rng: np.random.Generator) -> np.ndarray:
    """90 subjects, 5 raters, scale 1-3, from 1 to 5 ratings per subject."""
    truth = rng.choice(3, size=90, p=[0.3, 0.45, 0.25]) + 1
    accurate = rng.random((90, 5)) < 0.55
    grid = np.where(accurate, truth[:, None], rng.choice(3, size=(90, 5)) + 1).astype(float)
    keep = rng.integers(1, 6, size=90)                      # ratings per subject: 1 to 5
    for i, k in enumerate(keep):
        grid[i, rng.permutation(5)[k:]] = np.nan
    return grid


def _rare_class(rng: np.random.Generator) -> np.ndarray:
    """A rare Class 1 (about 3% of the ratings): the kappa paradox, with blanks."""
    truth = (rng.random(300) < 0.03).astype(float)
    accurate = rng.random((300, 4)) < 0.7
    grid = np.where(accurate, truth[:, None], (rng.random((300, 4)) < 0.02)) + 1.0
    grid[rng.random(grid.shape) < 0.15] = np.nan
    grid[:8, 1:] = np.nan                                   # eight subjects rated once
    return grid


TABLES = {"wine": _blank_wine, "mixed": _mixed_panel, "rare": _rare_class}


def _write(grid: np.ndarray, path) -> None:
    header = ",".join(f"J{j + 1}" for j in range(grid.shape[1]))
    lines = [",".join("" if np.isnan(v) else str(int(v)) for v in row) for row in grid]
    path.write_text(header + "\n" + "\n".join(lines) + "\n")


@pytest.fixture(scope="module", params=sorted(TABLES))
def case(request, tmp_path_factory):
    """(name, grid, CSV path, table read from it) of one table with missing ratings."""
    grid = TABLES[request.param](np.random.default_rng(79))
    per = (~np.isnan(grid)).sum(axis=1)
    assert (per == 1).any() and len(set(per[per >= 2])) > 1   # rated once; unequal raters
    path = tmp_path_factory.mktemp(request.param) / f"{request.param}.csv"
    _write(grid, path)
    return request.param, grid, path, read_ratings(path).table


def _cli(capsys, *argv) -> str:
    code = main([*map(str, argv)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


KAPPA_WAS = re.compile(r"Fleiss' kappa was (\S+)\.")
AGREED = re.compile(r"agreed (\S+%) of the time")


# --------------------------------------------------------------------------------- the tests
def test_the_command_line_prints_one_kappa(case, capsys):
    """``fit --paragraph`` and ``agreement`` (text and JSON) at the same cut: one kappa, one
    percent agreement, and they are the hand computation's."""
    _, grid, path, _ = case
    pa, kappa = fleiss_by_hand(grid, {1})
    paragraph = _cli(capsys, "fit", path, "--cut", CUT, "--paragraph", "--starts", "2")
    text = _cli(capsys, "agreement", path, "--cut", CUT, "--bootstrap", "0")
    payload = json.loads(_cli(capsys, "agreement", path, "--cut", CUT, "--bootstrap", "0",
                              "--json"))
    values = {c["key"]: c["value"] for c in payload["coefficients"]}
    assert values["fleiss_kappa"] == pytest.approx(kappa, abs=1e-12)
    assert values["percent_agreement"] == pytest.approx(pa, abs=1e-12)
    assert KAPPA_WAS.findall(paragraph) == [fmt(kappa)]
    assert AGREED.findall(paragraph) == [percent(pa)]
    assert f"Fleiss' kappa is {fmt(kappa)} " in text
    assert re.search(rf"^Fleiss' kappa +{re.escape(fmt(kappa))} ", text, re.M)


def test_a_fit_its_paragraph_and_its_report_hold_the_agreement_tables_numbers(case):
    """The findings (what the paragraph and the kappa-paradox warning read), the paragraph, the
    report's Conclusion, key numbers and coefficients table, and the agreement table: on the
    Class 1 / Class 0 split of a two-class fit and on every category of a K-category fit."""
    _, grid, _, table = case
    pa, kappa = fleiss_by_hand(grid, {1})
    result = fit(FitRequest(model="tap", cut=CUT, n_starts=2), table)
    table_values = {c.key: c.value for c in
                    agreement_coefficients(table, bootstrap=0, split=result.class_choice).coefficients}
    assert table_values["fleiss_kappa"] == pytest.approx(kappa, abs=1e-12)
    findings = findings_for(result, table)
    assert findings.kappa == pytest.approx(kappa, abs=1e-12)
    assert findings.agreement == pytest.approx(pa, abs=1e-12)
    paragraph = fit_paragraph(result, table)
    assert KAPPA_WAS.findall(paragraph) == [fmt(kappa)]

    doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
    summary = doc.section("summary")
    conclusion = " ".join(" ".join(b.items) for b in summary.blocks if isinstance(b, BulletList))
    assert f"Fleiss' kappa = {fmt(kappa)}," in conclusion
    assert paragraph in [b.text for b in summary.blocks if isinstance(b, Paragraph)]
    keys = {k.label: k.value for b in summary.blocks if isinstance(b, KeyNumbers) for k in b.items}
    assert keys.get("Fleiss' kappa (Class 1 / Class 0 split)", fmt(kappa)) == fmt(kappa)
    coefficients = next(t for t in doc.tables() if t.key == "coefficients")
    shown = {row[0]: row[1] for row in coefficients.rows}
    assert fmt(shown["Fleiss' kappa"]) == fmt(kappa)
    assert fmt(shown["Percent agreement"]) == fmt(pa)
    for coef in agreement_coefficients(table, bootstrap=0, split=result.class_choice).coefficients:
        if coef.value is not None and coef.name in shown:       # every other coefficient too
            assert fmt(shown[coef.name]) == fmt(coef.value), coef.name

    whole_pa, whole_kappa = fleiss_by_hand(grid)
    k_fit = fit(FitRequest(model="categorical", n_starts=2), table)
    assert findings_for(k_fit, table).kappa == pytest.approx(whole_kappa, abs=1e-12)
    assert findings_for(k_fit, table).agreement == pytest.approx(whole_pa, abs=1e-12)
    assert KAPPA_WAS.findall(fit_paragraph(k_fit, table)) == [fmt(whole_kappa)]


def test_the_binary_models_show_the_agreement_tables_kappa(case):
    """The expert model's kappa (and its square root), every cut point of the ordinal analysis
    (the Tables tab's cut-point table) and the t-a-p kappa-paradox note."""
    name, grid, _, table = case
    _, kappa = fleiss_by_hand(grid, {1})
    expert = fit(FitRequest(model="expert", cut=CUT), table)
    assert expert.param("kappa").value == pytest.approx(kappa, abs=1e-12)
    assert f"Fleiss' kappa is {fmt(kappa)};" in " ".join(map(str, expert.headline)) or kappa < 0

    if name != "rare":
        ordinal = get_analysis(ORDINAL_MODEL).run(FitRequest(model=ORDINAL_MODEL, n_starts=2), table)
        cuts = next(t for t in ordinal.tables if "Fleiss kappa" in t.columns)
        column = cuts.columns.index("Fleiss kappa")
        levels = sorted(set(grid[~np.isnan(grid)]))
        for row, cut in zip(cuts.rows, levels[:-1]):
            by_hand = fleiss_by_hand(grid, {v for v in levels if v <= cut})[1]
            at_cut = agreement_coefficients(table, bootstrap=0, split=_choice(table, cut))
            assert row[column] == pytest.approx(by_hand, abs=1e-12), row
            assert fmt(at_cut.coefficients[1].value) == fmt(row[column])
        return
    tap = fit(FitRequest(model="tap", cut=CUT, n_starts=2), table)
    note = next(n.message for n in tap.warnings if n.code == "kappa-paradox")
    assert f"Fleiss' kappa is {fmt(kappa)}." in note


def _choice(table, cut: float):
    from tapdesk.data.binary import choose_class1, ratings_per_category
    return choose_class1(table.scale, cut=str(int(cut)), counts=ratings_per_category(table))
