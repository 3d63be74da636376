"""Published data sets as their papers print them, imported and checked against the published
coefficients (issue 52): a wrong reading of the layout shows as a wrong coefficient.

* Fleiss (1971), Table 1, as printed: 30 patients' counts over 5 diagnoses with the P_i column
  and the Total and p_j rows below; kappa 0.430.
* Krippendorff (2011), section C, the reliability-data matrix: coders in rows, units numbered
  across, '*' for a missing value; nominal alpha 0.743 (read with units as raters, -0.06).
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.engine.coefficients import agreement_coefficients
from tests.engine.coefficients.test_published import DIAGNOSES, KRIPPENDORFF
from tests.import_corpus.kinds_v5_layout import KRIPPENDORFF as KRIPPENDORFF_TEXT

CATEGORIES = ("Depression", "Personality disorder", "Schizophrenia", "Neurosis", "Other")


def _fleiss_as_printed(path, delimiter: str = ",", comma: bool = False):
    counts = np.array([[row.count(k) for k in range(1, 6)] for row in DIAGNOSES])
    n = 6

    def num(x: float) -> str:
        text = f"{x:.3f}"
        return text.replace(".", ",") if comma else text
    lines = [delimiter.join(("Patient",) + CATEGORIES + ("P_i",))]
    for i, c in enumerate(counts):
        p_i = (np.sum(c ** 2) - n) / (n * (n - 1))
        lines.append(delimiter.join([str(i + 1)] + [str(x) for x in c] + [num(p_i)]))
    total = counts.sum(axis=0)
    lines.append(delimiter.join(["Total"] + [str(x) for x in total] + [""]))
    lines.append(delimiter.join(["p_j"] + [num(t / total.sum()) for t in total] + [""]))
    path.write_text("\n".join(lines) + "\n", encoding="cp1252")
    return path


@pytest.mark.parametrize("delimiter, comma", [(",", False), (";", True)])
def test_fleiss_1971_table_as_printed_gives_kappa_0430(tmp_path, delimiter, comma):
    ds = read_ratings(_fleiss_as_printed(tmp_path / "fleiss.csv", delimiter, comma),
                      ImportOptions())
    assert ds.layout == "category-counts"
    assert ds.table.n_subjects == 30 and ds.table.n_ratings == 180
    assert set(ds.table.scale.categories) == set(CATEGORIES)
    rules = {n.rule: n.message for n in ds.import_notes}
    assert "'P_i'" in rules["calculated-columns"]
    assert "'Total'" in rules["footer-rows"] and "'p_j'" in rules["footer-rows"]
    kappa = agreement_coefficients(ds.table, bootstrap=0).get("fleiss_kappa").value
    assert round(kappa, 3) == 0.430                       # Fleiss (1971): 0.430


@pytest.mark.parametrize("corner, missing", [("Unit", "*"), ("Coder", "."), ("", "")])
def test_krippendorff_reliability_matrix_gives_alpha_0743(tmp_path, corner, missing):
    assert [list(r) for r in KRIPPENDORFF_TEXT] == \
        [[None if v is None else str(v) for v in row] for row in KRIPPENDORFF]
    head = ",".join([corner] + [str(u) for u in range(1, 13)])
    rows = [",".join([c] + [missing if v is None else str(v) for v in row])
            for c, row in zip("ABCD", KRIPPENDORFF)]
    path = tmp_path / "reliability.csv"
    path.write_text("\n".join([head] + rows) + "\n", encoding="utf-8")
    ds = read_ratings(path, ImportOptions())
    assert ds.layout == "wide-rows"
    assert ds.table.rater_ids == ("A", "B", "C", "D") and ds.table.n_subjects == 12
    alpha = agreement_coefficients(ds.table, bootstrap=0).get("krippendorff_alpha_nominal").value
    assert round(alpha, 3) == 0.743                       # Krippendorff (2011): .743
