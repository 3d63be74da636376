"""Fixtures of the tests that switch the language (issue 54): English again after each, and the
pseudo-language offered."""

from __future__ import annotations

import pytest

from tapdesk import i18n


@pytest.fixture(autouse=True)
def english_after():
    """English again after the test, whatever it chose."""
    yield
    i18n.set_language("en")


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language offered, as ``TAPDESK_PSEUDO_LANGUAGE=1`` offers it."""
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
