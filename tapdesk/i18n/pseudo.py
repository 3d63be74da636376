"""The pseudo-language ``qps``: every text of the template accented, about 40% longer and in
brackets, so a screen or page read in it shows at once which text was never translated (it has
no brackets) and which layout clips a longer language.

It is made from the catalog template (``locale/tapdesk.pot``), not from whatever reaches
``_()``: a text the template lacks stays plain, so a string the extraction missed shows too.
"""

from __future__ import annotations

import gettext
import math
import re
from pathlib import Path

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
"""One accented letter for each ASCII letter (one to one, so mnemonics that differ in English
differ here too)."""

_KEEP = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]|<[^<>]*>|&[a-zA-Z]|&&|\\n|\n)")
"""What stays as it is: named placeholders, printf fields, markup, a mnemonic's letter."""

OPEN, CLOSE = "[", "]"
GROWTH = 0.4
PAD_WORD = 10
"""The padding's longest run of tildes: a long text's 40% comes as words of at most this many,
as a longer language's does (one run of 80 tildes after a model's description was a word no
language has: the label could not wrap narrower than 660 px and squeezed the window's left
side, issue 54)."""


_FILTER = re.compile(r"^(?P<name>.*?)(?P<patterns>\s*\([^()]*\*[^()]*\))$", re.S)
"""A file dialog's name filter, "PDF files (*.pdf)": Qt reads the patterns only in a last
"(...)", so they stay outside the brackets (inside, Qt took "[ÞĐƑ" for a broken pattern)."""


def pseudo_text(text: str) -> str:
    """``text`` accented, padded by 40% of its length and bracketed: "&File" -> "[&Fíĺé~~]";
    a file filter keeps its patterns outside: "[ÞĐƑ ƒíĺéš~~~~] (*.pdf)", filters joined by ";;"
    each so."""
    if ";;" in text or _FILTER.match(text):
        return ";;".join(_filter_text(part) for part in text.split(";;"))
    return _bracketed(text)


def _filter_text(part: str) -> str:
    found = _FILTER.match(part)
    if found is None:
        return _bracketed(part)
    return _bracketed(found["name"]) + found["patterns"]


def _bracketed(text: str) -> str:
    if not text:
        return text
    pieces = _KEEP.split(text)
    shown = "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(pieces))
    visible = len(_KEEP.sub("", text)) or 1
    return f"{OPEN}{shown}{_padding(math.ceil(GROWTH * visible))}{CLOSE}"


def _padding(length: int) -> str:
    """``length`` tildes, in words of at most :data:`PAD_WORD` (a line may break between them)."""
    return " ".join("~" * min(PAD_WORD, length - start) for start in range(0, length, PAD_WORD))


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language's catalog, made from the template's messages."""

    def __init__(self, template: Path) -> None:
        super().__init__()
        from babel.messages.pofile import read_po  # a developer's language: Babel only when asked
        with template.open("rb") as handle:
            catalog = read_po(handle)
        self._singular: dict[tuple[str | None, str], str] = {}
        self._plural: dict[tuple[str | None, str], tuple[str, str]] = {}
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple | list):
                one, many = message.id[0], message.id[1]
                self._plural[(message.context, one)] = (pseudo_text(one), pseudo_text(many))
            else:
                self._singular[(message.context, message.id)] = pseudo_text(message.id)

    def gettext(self, message: str) -> str:
        return self._singular.get((None, message), message)

    def pgettext(self, context: str, message: str) -> str:
        return self._singular.get((context, message), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.npgettext(None, msgid1, msgid2, n)   # type: ignore[arg-type]

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        forms = self._plural.get((context, msgid1))
        if forms is None:
            return msgid1 if n == 1 else msgid2
        return forms[0] if n == 1 else forms[1]
