"""Which legacy encoding a text file that is not UTF-8 was written in.

Spreadsheets still save CSV in the code page of the machine that wrote them: Windows-1252 in
Western Europe, Windows-1250 in Central Europe, Mac Roman from old Mac Excel, Shift-JIS in
Japan, GB18030 in China. Each decodes any other's bytes into *some* text, so the choice is by
what the text looks like: a legacy encoding is right when its non-ASCII characters read as
letters inside words ('Très', 'łódź', 'なし'), and wrong when they come out as controls,
symbols or stray capitals inside words ('Tr\x8fs', 'Tr³s', 'TrŹs'). Windows-1252 is kept
whenever nothing in it reads wrong. (Korean code pages decode Chinese and Japanese bytes into
Hangul, and back, too readily to be told apart here: they are not tried.) Windows-1258
(Vietnamese) writes a tone mark as a character of its own after its letter: its text is
judged, and read, with each mark joined to its letter (Unicode's NFC), as Vietnamese is shown.

(A library such as charset-normalizer guesses more encodings, but the standalone bundle has
no room for it; the candidates here are the code pages spreadsheet programs write.)
"""

from __future__ import annotations

import re
import unicodedata

CANDIDATES = ("cp1252", "cp1250", "mac_roman", "cp1251", "cp932", "gb18030", "big5", "cp1258")
"""Legacy encodings tried, in order of preference on a tie."""
SAMPLE = 200_000
"""Bytes of the file judged (the start of it)."""
_KANA = ((0x3040, 0x30FF),)          # full-width: GB bytes read as Shift-JIS give half-width kana
_WORDS = re.compile(r"[^\W\d_]+")


def legacy_encoding(data: bytes) -> str | None:
    """The candidate encoding whose text reads best, or None when none decodes the bytes."""
    sample = data[:SAMPLE]
    best: tuple[float, str] | None = None
    for encoding in CANDIDATES:
        try:
            text = decoded(sample, encoding)
        except UnicodeDecodeError:
            try:                       # the sample may cut a two-byte character at its end
                text = decoded(sample[:-1], encoding)
            except UnicodeDecodeError:
                continue
        if encoding == CANDIDATES[0] and not misread(text):
            return encoding            # the commonest code page, and nothing in it reads wrong
        score = plausibility(text, encoding)
        if best is None or score > best[0]:
            best = (score, encoding)
    return best[1] if best is not None else None


def decoded(data: bytes, encoding: str) -> str:
    """``data`` decoded as ``encoding``, each combining mark joined to its letter where a
    precomposed one exists (NFC: 'e' and U+0301 read as 'é')."""
    return unicodedata.normalize("NFC", data.decode(encoding))


def misread(text: str) -> bool:
    """Something in the text reads as a wrong decoding: a control, symbol or stray capital
    inside a word, or accented Latin words accented throughout."""
    return any(ord(c) >= 128 and _one(text, i, c) < 0 for i, c in enumerate(text)) or \
        _accented_words(text) > 0.5


def plausibility(text: str, encoding: str = "") -> float:
    """How much a decoded text reads as words: per non-ASCII character, +1 for a letter that
    sits in a word as letters do, -3 for a control, unassigned or private character, a symbol
    or a number sign inside a word, or a capital after a lower-case letter; kana count double
    in Shift-JIS (other East Asian decodings of Japanese bytes give no kana), and Shift-JIS
    without any kana is taken for Chinese; a letter beside one of another alphabet counts -3,
    and a text whose accented Latin words are mostly accented throughout loses 2."""
    total = 0.0
    count = kana = 0
    for i, c in enumerate(text):
        if ord(c) < 128:
            continue
        count += 1
        total += _one(text, i, c)
        kana += any(lo <= ord(c) <= hi for lo, hi in _KANA)
    if encoding == "cp932":            # Japanese is written with kana; Chinese bytes give none
        total += kana if kana else -0.5 * count
    score = total / count if count else 0.0
    return score - 2.0 if _accented_words(text) > 0.5 else score


def _script(c: str) -> str:
    """The alphabet of a letter of the European scripts ('LATIN', 'CYRILLIC', 'GREEK'); ''
    for the others, which mix freely (kanji beside kana)."""
    name = unicodedata.name(c, "").split(" ", 1)[0]
    return name if name in ("LATIN", "CYRILLIC", "GREEK") else ""


def _accented_words(text: str) -> float:
    """The share of the words with an accented Latin letter that have nothing else: real
    Latin text accents a few letters of a word ('Größe'), Cyrillic read as Latin all of
    them ('Îöåíêà')."""
    words = [w for w in _WORDS.findall(text) if any(ord(c) >= 128 for c in w)]
    latin = [w for w in words if all(_script(c) == "LATIN" for c in w)]
    whole = [w for w in latin if len(w) >= 3 and all(ord(c) >= 128 for c in w)]
    return len(whole) / len(latin) if latin else 0.0


def _one(text: str, i: int, c: str) -> float:
    kind = unicodedata.category(c)
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    if kind[0] == "C":
        return -3.0
    if kind[0] == "L":
        if c.isupper() and (before.islower() or (before.isalpha() and after.islower())):
            return -3.0                # 'TrŹs', 'LŽa': a capital inside a word
        if any(n.isalpha() and _script(n) != _script(c) for n in (before, after)):
            return -3.0                # 'Oddziaі': Latin-2 read as Cyrillic
        return 1.0
    if before.isalpha() and after.isalpha():
        return -3.0                    # 'Tr³s', 'Tr≥s': a symbol inside a word
    return 0.0
