"""Counts in words: the noun and the verb agree with the number."""

import re
import tokenize
from pathlib import Path

from tapdesk.counting import count, count_with_verb
from tests import ROOT


def test_count_and_verb_agree_with_the_number():
    assert count(1, "subject") == "1 subject"
    assert count(1200, "rating") == "1,200 ratings"
    assert count(2, "process", "processes") == "2 processes"
    assert count_with_verb(1, "cell", "holds", "hold") == "1 cell holds"
    assert count_with_verb(3, "cell", "holds", "hold") == "3 cells hold"


def _string_texts(path: Path):
    """The literal text of every string in a module (f-string fields removed), with its line."""
    with path.open(encoding="utf-8") as handle:
        for token in tokenize.generate_tokens(handle.readline):
            if token.type == tokenize.STRING:
                text = token.string
                while re.search(r"\{[^{}]*\}", text):
                    text = re.sub(r"\{[^{}]*\}", "", text)
                yield token.start[0], text


def test_no_message_writes_a_plural_in_brackets():
    """'subject(s)' and the like: every count goes through tapdesk.counting instead."""
    hits = [f"{path.relative_to(ROOT)}:{line}: {text.strip()[:80]}"
            for path in sorted((ROOT / "tapdesk").rglob("*.py"))
            for line, text in _string_texts(path)
            if re.search(r"[a-z]\((s|es)\)", text) and not text.lstrip("rbfu").startswith(('"""', "'''"))]
    assert not hits, "\n".join(hits)
