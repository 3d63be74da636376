"""Simulation-based calibration of the default t-a-p sampler (benchmarks/sbc_tap.py)."""

import importlib.util
import sys

import pytest

from tests import ROOT

SCRIPT = ROOT / "benchmarks" / "sbc_tap.py"


def load_sbc():
    sys.path.insert(0, str(SCRIPT.parent))       # the script imports its sibling results_file
    spec = importlib.util.spec_from_file_location("sbc_tap", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_sbc_ranks_are_uniform_over_100_prior_data_sets():
    """100 data sets keep CI near 20 s (10 expected per bin); the benchmark runs 200."""
    sbc = load_sbc()
    ranks = sbc.sbc_ranks(100, seed=7)
    assert ranks.shape == (100, 3) and ranks.min() >= 0 and ranks.max() <= sbc.L_DRAWS
    assert (sbc.uniformity_p_values(ranks) > 0.01).all()


def test_sbc_detects_a_miscalibrated_sampler():
    """The check can fail: ranks of values drawn from a too-narrow 'posterior' are not uniform."""
    import numpy as np
    sbc = load_sbc()
    rng = np.random.default_rng(1)
    truth = rng.normal(size=300)
    narrow = rng.normal(scale=0.5, size=(300, sbc.L_DRAWS))
    ranks = (narrow < truth[:, None]).sum(axis=1)
    assert sbc.uniformity_p_values(np.column_stack([ranks] * 3)).max() < 0.01
