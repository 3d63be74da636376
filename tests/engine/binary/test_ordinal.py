"""Binary Fleiss kappa, the kappa = a^2 identity, and the ordinal cut-point analysis."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from statsmodels.stats.inter_rater import fleiss_kappa

from tapdesk.cli.main import main
from tapdesk.data.binary import CountHistogram, binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest
from tapdesk.engine.binary.agreement import binary_agreement, fleiss_kappa_binary
from tapdesk.engine.binary.ordinal import ordinal_analysis
from tapdesk.engine.binary.simulate import TapParameters, expected_counts, simulate_matrix
from tapdesk.engine.cancel import CancelToken
from tapdesk.errors import DataError
from tests import SHARED_DATA

FAST = FitRequest(model="tap", n_starts=4)


def quiet(func, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return func(*args, **kw)


@pytest.fixture(scope="module")
def wine_table():
    if not (SHARED_DATA / "wine.csv").exists():
        pytest.skip("shared wine data not found")
    return read_ratings(SHARED_DATA / "wine.csv").table


@pytest.fixture(scope="module")
def wine_ordinal(wine_table):
    return quiet(ordinal_analysis, wine_table, FAST)


# ----------------------------------------------------------- binary Fleiss kappa
def test_binary_fleiss_kappa_by_hand_with_unequal_raters():
    # subjects (n, c): (3, 3), (3, 0), (2, 1), (4, 2)
    hist = CountHistogram.from_counts([3, 3, 2, 4], [3, 0, 1, 2])
    # P_i: 1, 1, 0, (2*1 + 2*1)/(4*3) = 1/3; mean 7/12. c = 6/12; P_e = 1/2.
    result = binary_agreement(hist)
    assert result.percent_agreement == pytest.approx(7 / 12)
    assert result.chance_agreement == pytest.approx(0.5)
    assert result.kappa == pytest.approx((7 / 12 - 0.5) / 0.5)


def test_binary_fleiss_kappa_matches_statsmodels_on_equal_raters():
    rng = np.random.default_rng(4)
    for params, n_raters in ((TapParameters(0.3, 0.6, 0.4), 5), (TapParameters(0.7, 0.2, 0.5), 3)):
        _, ratings = simulate_matrix(params, 150, n_raters, seed=int(rng.integers(1000)))
        ones = ratings.sum(axis=1)
        expected = fleiss_kappa(np.column_stack([n_raters - ones, ones]), method="fleiss")
        hist = CountHistogram.from_counts(np.full(len(ones), n_raters), ones)
        assert fleiss_kappa_binary(hist) == pytest.approx(expected, abs=1e-12)


def test_kappa_is_undefined_when_every_rating_is_in_one_class():
    hist = CountHistogram.from_counts([3, 3], [0, 0])
    result = binary_agreement(hist)
    assert result.kappa is None and "undefined" in result.undefined_reason
    assert result.percent_agreement == 1.0


@pytest.mark.parametrize("a,t", [(0.2, 0.3), (0.5, 0.5), (0.7, 0.15), (0.9, 0.8), (0.35, 0.6)])
def test_fleiss_kappa_equals_a_squared_when_t_equals_p(a, t):
    for n_raters in (2, 5):
        hist = expected_counts(TapParameters(t, a, t), 1000, n_raters)
        assert fleiss_kappa_binary(hist) == pytest.approx(a * a, abs=1e-12)


def test_fleiss_kappa_differs_from_a_squared_when_t_is_not_p():
    hist = expected_counts(TapParameters(0.2, 0.5, 0.7), 1000, 4)
    assert abs(fleiss_kappa_binary(hist) - 0.25) > 0.02


# ------------------------------------------------------------------ wine data
WINE_COUNTS = {"1": (90, 43, 25, 15, 10), "2": (18, 35, 46, 48, 36), "3": (0, 5, 16, 42, 120)}
"""Wines with k = 0..4 ratings at or below each cut (shared/data/README.md)."""


def test_wine_binary_counts_reproduce_the_published_histograms(wine_table, wine_ordinal):
    for cut, expected in WINE_COUNTS.items():
        counts = binary_counts(wine_table, cut=cut)
        assert tuple(np.bincount(counts.n_class1, minlength=5)) == expected
    for cut_result in wine_ordinal.cuts:
        assert cut_result.subjects_with_k(4) == WINE_COUNTS[cut_result.cut]


def test_wine_fits_are_sensible_at_every_cut(wine_ordinal):
    assert [c.label for c in wine_ordinal.cuts] == ["1|2", "2|3", "3|4"]
    assert wine_ordinal.complete
    # Class-1 shares from the README's rating totals 178/237/228/89 of 732
    shares = [178 / 732, (178 + 237) / 732, (178 + 237 + 228) / 732]
    for c, share in zip(wine_ordinal.cuts, shares):
        assert c.class1_share == pytest.approx(share)
        assert c.n_subjects == 183 and c.n_ratings == 732
        assert 0.15 < c.a.value < 0.7                 # judges agree, but far from perfectly
        assert c.a.ci[0] < c.a.value < c.a.ci[1]
        assert 0.05 < c.kappa < 0.5
        # sqrt(kappa) and a are of similar size (equal when t = p)
        assert abs(c.sqrt_kappa - c.a.value) < 0.15
        assert c.sqrt_kappa == pytest.approx(np.sqrt(c.kappa))
    # the binary kappas agree with statsmodels on the collapsed 2-column tables
    for c in wine_ordinal.cuts:
        n1 = np.repeat(list(range(5)), c.subjects_with_k(4))
        assert c.kappa == pytest.approx(fleiss_kappa(np.column_stack([4 - n1, n1])), abs=1e-12)


def test_wine_pairwise_table(wine_table, wine_ordinal):
    matrix = wine_ordinal.pairwise_matrix()
    assert len(matrix) == 4 and all(matrix[i][i] is None for i in range(4))
    assert matrix[0][3] == matrix[3][0]
    # far-apart medals are told apart better than neighbours
    assert matrix[0][3] > matrix[1][2]
    # recompute one pair independently: keep ratings 1 and 2, subjects with >= 2 of them
    grid = wine_table.rater_matrix()
    rows = []
    for row in grid:
        kept = [v for v in row if v in (0, 1)]
        if len(kept) >= 2:
            rows.append((kept.count(0), kept.count(1), len(kept)))
    n = np.array([r[2] for r in rows]); c = np.array([r[0] for r in rows])
    pair = wine_ordinal.pair("1", "2")
    assert pair.n_subjects == len(rows)
    assert pair.kappa == pytest.approx(fleiss_kappa_binary(CountHistogram.from_counts(n, c)))


def test_negative_pair_kappa_has_no_square_root():
    # categories a/b: raters always split between them; c never mixes
    rows = [("a", "b")] * 10 + [("c", "c")] * 10 + [("a", "c")] * 5
    table = RatingsTable.from_wide(rows, scale=Scale(("a", "b", "c"), ordinal=True))
    result = quiet(ordinal_analysis, table, FAST)
    pair = result.pair("a", "b")
    assert pair.kappa < 0 and pair.sqrt_kappa is None and "negative" in pair.reason
    payload = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert payload["pairwise_sqrt_kappa"][0][1] is None
    assert "no square root" in result.as_text()


def test_nominal_scale_is_refused():
    table = RatingsTable.from_wide([("x", "y"), ("y", "y"), ("z", "x")], ordinal=False)
    with pytest.raises(DataError, match="ordered"):
        ordinal_analysis(table, FAST)


def test_cancel_stops_between_cut_points(wine_table):
    token = CancelToken()
    token.cancel()
    result = ordinal_analysis(wine_table, FAST, token)
    assert not result.complete and len(result.cuts) < 3


# -------------------------------------------------------------------------- CLI
def test_cli_ordinal_json(capsys, shared_data):
    code = main(["ordinal", str(shared_data / "wine.csv"), "--starts", "4", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    payload = json.loads(out)
    assert {"categories", "cuts", "pairs", "pairwise_sqrt_kappa", "complete"} <= set(payload)
    assert [c["label"] for c in payload["cuts"]] == ["1|2", "2|3", "3|4"]
    for c in payload["cuts"]:
        assert {"t", "a", "p", "fleiss_kappa", "sqrt_kappa", "class1_share"} <= set(c)
        assert c["a"]["ci"] is not None
    side = payload["k_category_side_by_side"]         # issue 3: K-category fit beside the cuts
    assert [row[0] for row in side["rows"]] == ["1", "2", "3"]
    binary_a = [row[side["columns"].index("a (binary fit)")] for row in side["rows"]]
    assert binary_a == pytest.approx([c["a"]["value"] for c in payload["cuts"]], abs=1e-4)
    k_a = {row[side["columns"].index("a (K-category)")] for row in side["rows"]}
    assert len(k_a) == 1                              # one accuracy for the whole scale


def test_cli_ordinal_text(capsys, shared_data):
    code = main(["ordinal", str(shared_data / "wine.csv"), "--starts", "4"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "1|2" in out and "sqrt(kappa)" in out


def test_cli_ordinal_bad_input_exits_2_with_one_line(capsys, tmp_path):
    code = main(["ordinal", str(tmp_path / "missing.csv")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.strip().count("\n") == 0 and "does not exist" in err
    path = tmp_path / "nominal.csv"
    path.write_text("subject,rater,rating\n1,a,red\n1,b,blue\n2,a,red\n2,b,green\n")
    code = main(["ordinal", str(path)])
    _, err = capsys.readouterr()
    assert code == 2 and err.strip().count("\n") == 0 and "ordinal" in err
