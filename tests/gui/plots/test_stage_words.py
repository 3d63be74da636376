"""Every stage a running fit reports is named in the window's language (issue 79: the
Progress tab said "Läuft: intervals" in German): each stage the engine yields, found in its
source, is in the catalog's list of stages and reads German in German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tapdesk import i18n
from tapdesk.gui.plots.live import STAGES, stage_words
from tests.languages import english_after  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[3] / "tapdesk"
YIELDED = re.compile(r"StageProgress\([^,]+,\s*\"([^\"{]+)\"")
CONSTANT = re.compile(r"^(?:OWN_)?STAGE\s*=\s*\"([^\"]+)\"", re.MULTILINE)
STREAMED = re.compile(r"stage = \(\"([^\"]+)\" if .*? else \"([^\"]+)\" if .*? else\s+\"([^\"]+)\"\)",
                      re.DOTALL)


def engine_stages() -> set[str]:
    found: set[str] = set()
    for path in ROOT.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(YIELDED.findall(text))
        if "StageProgress(" in text:
            found |= set(CONSTANT.findall(text))
            for group in STREAMED.findall(text):
                found |= set(group)
    return found


def test_every_stage_the_engine_reports_is_in_the_catalog_list():
    stages = engine_stages()
    assert {"intervals", "cut point", "sampling", "simulated panels"} <= stages   # it can tell
    assert stages - set(STAGES) == set()


@pytest.mark.parametrize("stage", [*STAGES, "bootstrap tap-a0a1"])
def test_every_stage_reads_german(stage):
    with i18n.language("de"):
        words = stage_words(stage)
    assert words != stage or stage in ("grid",), (stage, words)
