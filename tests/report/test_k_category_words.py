"""Issue 79: the report of a K-category fit says no "Class 1" of that fit, and no interval in
it mixes a proportion and a percent.

The report of the wine data's K-category fit wrote "'bronze' 4% (95% interval 0.04-75%)" in its
paragraph and headed the ordinal table's cuts "Cut (Class 1 = at or below)". The conclusion,
the paragraph and the fit's own section now read "0.04% to 75%" and "Cut (at or below it vs
above)". (The classical coefficients beside the fit may still point to the two-class split, and
the glossary and method notes describe the two-class models for every report.)
"""

from __future__ import annotations

import re

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.report import build_report
from tapdesk.report.document import Table, _block_text
from tests import WINE

LABELS = "1=no medal,2=bronze,3=silver,4=gold"
MIXED = re.compile(r"(?<![\d.,])0[.,]\d+\s*[-\u2013]\s*\d")
"""A figure below 1 without a percent sign before a hyphen: "0.04-75%"."""


@pytest.fixture(scope="module")
def report():
    from tapdesk.api import read
    table = read(WINE, labels=LABELS).table
    result = fit(FitRequest(model="categorical", n_starts=2), table)
    return build_report(result, table=table)


def fit_text(doc) -> str:
    """The conclusion (with the paragraph) and the fit's own section, without the classical
    coefficients' table that stands beside the fit."""
    blocks = [*doc.section("summary").blocks]
    blocks += [b for b in doc.section("analysis-1").blocks
               if not (isinstance(b, Table) and b.title.startswith("Classical agreement"))]
    return "\n".join(line for block in blocks for line in _block_text(block))


def test_the_fits_text_in_the_report_says_no_class_1(report):
    text = fit_text(report)
    assert "Results in one paragraph" in text and "Ordinal scale" in text
    assert "Class 1" not in text
    assert "Cut (at or below it vs above)" in text


def test_no_interval_in_the_report_mixes_a_proportion_and_a_percent(report):
    text = report.as_text()
    assert not MIXED.search(text), MIXED.search(text)
    assert "'bronze' 4% (95% interval 0.04% to 75%)" in text
    assert "'no medal' 3% (95% interval 0.1% to 55%)" in text
    assert "'no medal' 56% (95% interval 39-72%)" in text
