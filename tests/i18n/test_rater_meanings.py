"""The per-rater and explanatory fits' rater meanings (the Raters tab's heading tooltips, the
summary's meaning column) are in the catalog and read in every language (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk.engine.binary.per_rater import RATER_MEANINGS
from tapdesk.engine.explain.own import OWN_MEANING
from tapdesk.i18n.current import language
from tapdesk.i18n.deferred import shown

MEANINGS = (*RATER_MEANINGS.values(), OWN_MEANING, "accuracy the rater's attributes predict",
            "probability the rater's rating is accurate",
            "probability the rater's guess is Class 1")


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_rater_meanings_are_translated(code):
    with language(code):
        left = [m for m in MEANINGS if shown(m) == m]
    assert left == []


def test_rater_meanings_read_german():
    with language("de"):
        assert shown(RATER_MEANINGS["p"]) == "Ratewahrscheinlichkeit dieses Beurteilers für Klasse 1"
