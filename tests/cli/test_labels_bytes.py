"""The labels out file is byte for byte what it was before the subjects became arrays (issue 43).

The files in tests/fixtures/labels were written by ``tapdesk fit ... --subjects-out`` at commit
5292a87, when ``FitResult.subjects`` was a tuple of records: a fit on the categories
(Dawid-Skene), a per-rater binary fit and an average-rater fit whose probabilities come by
Bayes' rule at its estimates. wine_dawid_skene.csv was written again when Dawid-Skene's polish
was made to go on to rounding level (log-likelihood -882.6671398926028, was -882.6671398926779):
in this weakly identified fit that moved one probability across the fourth decimal (subject 128,
0.8763 to 0.8764); every other byte is as before."""

from __future__ import annotations

import pytest

from tapdesk.cli.main import main
from tapdesk.resources.examples import get_example
from tests import FIXTURES

WINE = get_example("wine").path
CROWD = FIXTURES / "crowd_small.csv"
CASES = [
    (WINE, ["--model", "dawid-skene"], "wine_dawid_skene.csv"),
    (WINE, ["--model", "tap", "--cut", "2"], "wine_tap_cut2.csv"),
    (CROWD, ["--model", "dawid-skene"], "crowd_small_dawid_skene.csv"),
    (CROWD, ["--model", "per-rater", "--class1", "1"], "crowd_small_per_rater_class1_1.csv"),
]


@pytest.mark.parametrize(("data", "options", "expected"), CASES, ids=[c[2] for c in CASES])
def test_the_labels_file_is_the_one_written_before(tmp_path, capsys, data, options, expected):
    out = tmp_path / "labels.csv"
    assert main(["fit", str(data), *options, "--subjects-out", str(out)]) == 0, \
        capsys.readouterr().err
    assert out.read_bytes() == (FIXTURES / "labels" / expected).read_bytes()
