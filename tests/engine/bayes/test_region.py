"""Issue 25: a highest-density region in several pieces is shown as its pieces.

On U-shaped marginals the "highest-density interval" was one piece ([0, 0.951])
where the region is two. The kappa paradox's posterior of a piles at both
ends; its region is compared with the one read off the brute-force marginal of
tests/engine/bayes/reference.py (Gauss-Legendre nodes, no engine code).
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes.summaries import summarise_draws
from tapdesk.engine.words import percent_range
from tests.engine.bayes.reference import tap_marginals

KAPPA = RatingsTable.from_wide([[0, 0]] * 998 + [[0, 1], [1, 0]])


def reference_region(x: np.ndarray, density: np.ndarray, mass: np.ndarray, level: float):
    """The pieces of {density >= c} holding ``level`` of the mass, on the reference's nodes
    (each piece's ends halfway to the neighbouring nodes outside it, or 0 and 1)."""
    order = np.argsort(-density)
    keep = np.zeros(len(x), bool)
    keep[order[:int(np.searchsorted(np.cumsum(mass[order]) / mass.sum(), level)) + 1]] = True
    cuts = np.concatenate([[0.0], (x[1:] + x[:-1]) / 2, [1.0]])
    pieces, start = [], None
    for i, k in enumerate(keep):
        if k and start is None:
            start = i
        if start is not None and (not k or i == len(x) - 1):
            end = i if k else i - 1
            pieces.append((cuts[start], cuts[end + 1]))
            start = None
    return pieces


@pytest.mark.parametrize("level", [0.8, 0.5])
def test_a_u_shaped_exact_marginal_reports_its_region_in_pieces(level):
    result = fit(FitRequest(method="exact", level=level), KAPPA)
    a = result.posterior.parameter("a")
    x, density, mass = tap_marginals(KAPPA)["a"]
    expected = reference_region(x, density, mass, level)
    assert len(expected) == 2 and a.disjoint and len(a.hdr) == 2, (expected, a.hdr)
    for ours, ref in zip(a.hdr, expected):
        assert np.allclose(ours, ref, atol=0.02), (a.hdr, expected)
    if level == 0.8:            # the shortest single interval spans the gap
        assert a.hdi[0] < a.hdr[0][1] < a.hdr[1][0] < a.hdi[1]
    pct = f"{100 * level:.0f}%"
    headline = " ".join(result.headline)
    assert f"{pct} highest-density region {percent_range(*a.hdr[0])} and " \
        f"{percent_range(*a.hdr[1])}" in headline
    assert f"{a.hdr[0][0]:.3f}-{a.hdr[0][1]:.3f} and {a.hdr[1][0]:.3f}-{a.hdr[1][1]:.3f}" \
        in result.tables[0].note
    assert any(n.code == "disjoint-region" and "shortest interval" in n.message
               for n in result.warnings)
    assert result.to_dict()["params"]["a"]["hdr"] == [list(p) for p in a.hdr]


def test_u_shaped_draws_report_the_pieces_and_one_peak_one_piece():
    from scipy.stats import beta
    rng = np.random.default_rng(1)
    u = summarise_draws("x", rng.beta(0.3, 0.3, (4, 2000)), 0.6)
    edge = beta(0.3, 0.3).ppf(0.3)                   # the region is [0, edge] and [1 - edge, 1]
    assert len(u.hdr) == 2 and u.disjoint
    assert np.allclose(u.hdr, [(0.0, edge), (1 - edge, 1.0)], atol=0.03), u.hdr
    one = summarise_draws("y", rng.beta(2, 5, (4, 2000)), 0.9)
    assert not one.disjoint and one.hdr == (one.hdi,)
