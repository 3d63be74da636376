"""Issue 29: the summaries' peak finder and smoothing are scipy's numbers without scipy's imports.

An exact posterior's summary imported scipy.signal (find_peaks) and
scipy.ndimage (gaussian_filter1d) for its modes: 0.3 s or more of a command
line's start. tapdesk/engine/bayes/summaries.py computes the same in numpy;
here both against scipy, on data with plateaus, ties and peaks at the ends.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.ndimage import gaussian_filter1d as scipy_gaussian
from scipy.signal import find_peaks as scipy_peaks

from tapdesk.engine.bayes.summaries import find_peaks, gaussian_filter1d


def _signals():
    rng = np.random.default_rng(29)
    yield np.array([0.0, 1.0, 1.0, 1.0, 0.0, 2.0, 2.0, 0.5, 0.5, 3.0, 0.0])   # plateaus
    yield np.array([3.0, 1.0, 2.0, 1.0, 3.0])                                  # ends higher
    yield np.round(rng.random(300) * 4) / 4                                    # many ties
    yield rng.random(500)
    x = np.linspace(-4, 4, 82)
    yield np.concatenate([[0.0], np.exp(-x ** 2) + 0.4 * np.exp(-(x - 2.5) ** 2 * 8), [0.0]])


@pytest.mark.parametrize("signal", list(_signals()))
def test_find_peaks_is_scipys(signal):
    peaks, prominences, lefts, rights = find_peaks(signal)
    theirs, props = scipy_peaks(signal, prominence=0.0, plateau_size=(1, None))
    np.testing.assert_array_equal(peaks, theirs)
    np.testing.assert_allclose(prominences, props["prominences"], rtol=0, atol=0)
    np.testing.assert_array_equal(lefts, props["left_bases"])
    np.testing.assert_array_equal(rights, props["right_bases"])


@pytest.mark.parametrize("signal", list(_signals()))
@pytest.mark.parametrize("sigma", [1.5, 1.5 / np.sqrt(2), 4.0])
@pytest.mark.parametrize("mode", ["constant", "nearest", "reflect"])
def test_gaussian_filter_is_scipys(signal, sigma, mode):
    np.testing.assert_allclose(gaussian_filter1d(signal, sigma, mode),
                               scipy_gaussian(signal, sigma, mode=mode), rtol=1e-12, atol=1e-15)


def test_the_filter_smooths():
    """Not the identity: a spike spreads to its neighbours and keeps its mass."""
    spike = np.zeros(21)
    spike[10] = 1.0
    out = gaussian_filter1d(spike, 1.5)
    assert out[10] < 0.5 and out[9] > 0.1 and abs(out.sum() - 1) < 1e-12
