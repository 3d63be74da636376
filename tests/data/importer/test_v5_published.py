"""Published data sets as their papers print them, imported and checked against the published
coefficients (issue 52): a wrong reading of the layout shows as a wrong coefficient.

* Krippendorff (2011), section C, the reliability-data matrix: coders in rows, units numbered
  across, '*' for a missing value; nominal alpha 0.743 (read with units as raters, -0.06).
"""

from __future__ import annotations

import pytest

from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.engine.coefficients import agreement_coefficients
from tests.engine.coefficients.test_published import KRIPPENDORFF
from tests.import_corpus.kinds_v5_layout import KRIPPENDORFF as KRIPPENDORFF_TEXT


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
