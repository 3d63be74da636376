"""Issue 79: no interval mixes a proportion and a percent.

The K-category fit of the wine data gives 'bronze' a share of 4% whose interval runs from 0.0004
to 0.748; it was written "0.04-75%", which reads as a proportion (0.04) to a percent (75%). An
end between 0% and 1% now takes its own percent sign, as every end does in the other languages
("0.04% to 75%", "0,04 % bis 75 %"); the other intervals keep their short form ("44-65%").
"""

from __future__ import annotations

import re

from tapdesk.engine.words import percent_range, percent_with_interval
from tapdesk.i18n import language

MIXED = re.compile(r"(?<![\d.,])0[.,]\d+\s*[-\u2013]\s*\d")
"""A figure below 1 without a percent sign before a hyphen: "0.04-75%"."""


def test_an_end_below_one_percent_takes_its_own_sign():
    assert percent_range(0.0004, 0.748) == "0.04% to 75%"
    assert percent_range(0.001, 0.546) == "0.1% to 55%"
    assert percent_range(0.00001, 0.3) == "<0.01% to 30%"
    assert percent_with_interval(0.035, (0.0004, 0.748), 0.95) == "4% (95% interval 0.04% to 75%)"


def test_intervals_of_whole_percents_keep_their_short_form():
    assert percent_range(0.44, 0.65) == "44-65%"
    assert percent_range(0.0, 0.748) == "0-75%"          # exactly 0: no decimals, no mix
    assert percent_range(0.98, 0.9996) == "98-99.96%"
    assert percent_range(0.6001, 0.6004) == "60.01-60.04%"


def test_no_interval_reads_as_a_proportion_in_any_language():
    cases = [(0.0004, 0.748), (0.001, 0.546), (0.002, 0.009), (0.00001, 0.3), (0.44, 0.65)]
    for code in ("en", "de", "fr", "es"):
        with language(code):
            for low, high in cases:
                text = percent_range(low, high)
                assert not MIXED.search(text), (code, text)
    with language("de"):
        assert percent_range(0.0004, 0.748) == "0,04\u00a0% bis 75\u00a0%"
