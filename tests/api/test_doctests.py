"""The examples in the public API's docstrings run (issue 56): numpydoc ``Examples`` on the
wine data and a small crowd frame."""

from __future__ import annotations

import doctest
import importlib

import pytest

import tapdesk

PUBLIC = ("tapdesk.api", "tapdesk.api_results", "tapdesk.crowd")


@pytest.mark.parametrize("name", PUBLIC)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    outcome = doctest.testmod(module, extraglobs={"tapdesk": tapdesk},
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert outcome.failed == 0
    if name != "tapdesk.api_results":
        assert outcome.attempted > 0


def test_the_use_from_python_page_runs():
    """docs/python.md: the worked examples (wine, a rubric's items, a DataFrame, a crowd
    frame) give what the page shows."""
    from tests import ROOT
    outcome = doctest.testfile(str(ROOT / "docs" / "python.md"), module_relative=False,
                               optionflags=doctest.NORMALIZE_WHITESPACE)
    assert outcome.failed == 0 and outcome.attempted >= 20
