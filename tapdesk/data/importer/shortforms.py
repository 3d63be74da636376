"""A rating written short or in words: a small whole number with words around it or as a word
('PS 1', 'ECOG 1', 'Grade 2', 'G2', 'one', 'zwei'), a category by its initials or first letters
('A/G' for 'Amber/Green', 'Exc.' for 'Excellent').

Clinicians and clerks copy a score from letters and notes in whatever form it was written
there, and a busy reviewer abbreviates the scale's words; the category is the rating. Only
whole numbers up to ten as words (the points of a short scale), in the four languages TapDesk
speaks, and a number after at most two short words."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tapdesk.data.importer.words import spelling_key

NUMBER_WORDS = {
    **dict.fromkeys(("zero", "null", "zéro", "cero"), 0),
    **dict.fromkeys(("one", "eins", "ein", "un", "une", "uno", "una"), 1),
    **dict.fromkeys(("two", "zwei", "deux", "dos"), 2),
    **dict.fromkeys(("three", "drei", "trois", "tres"), 3),
    **dict.fromkeys(("four", "vier", "quatre", "cuatro"), 4),
    **dict.fromkeys(("five", "fünf", "cinq", "cinco"), 5),
    **dict.fromkeys(("six", "sechs", "seis"), 6),
    **dict.fromkeys(("seven", "sieben", "sept", "siete"), 7),
    **dict.fromkeys(("eight", "acht", "huit", "ocho"), 8),
    **dict.fromkeys(("nine", "neun", "neuf", "nueve"), 9),
    **dict.fromkeys(("ten", "zehn", "dix", "diez"), 10),
}
"""Whole numbers to ten written as words, English, German, French and Spanish."""

_AFTER_WORDS = re.compile(r"^(?:[^\W\d_]{1,8}\.?[\s:#-]*){1,2}(?P<number>\d{1,2})$")
"""A number after one or two short words: 'PS 1', 'ECOG PS 1', 'Grade: 2', 'G2'."""


ROMAN = {r: k for k, r in enumerate(
    ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"), start=1)}
"""The Roman numerals of a short scale's grades (Mallampati I-IV, NYHA I-IV, Spetzler-Martin
I-V), in capitals as clinicians write them ('ii' and 'v' are as often words or letters)."""
_ROMAN_AFTER_WORDS = re.compile(r"^(?:[^\W\d_]{1,8}\.?[\s:#-]+){0,2}(?P<roman>[IVX]{1,4})$")
"""A Roman numeral, alone or after one or two short words: 'II', 'Class II', 'NYHA III'."""


def number_written(text: str) -> int | None:
    """The whole number ``text`` writes with words around or for it, or None ('2' itself,
    a sentence or an id with more than two words before its number are None); a Roman
    numeral in capitals counts ('Class II' is 2)."""
    word = text.strip().casefold()
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    m = _AFTER_WORDS.match(word)
    if m:
        return int(m.group("number"))
    roman = _ROMAN_AFTER_WORDS.match(text.strip())
    return ROMAN.get(roman.group("roman")) if roman else None


_PARTS = re.compile(r"[^\W\d_]+|[/&+-]")
MIN_PREFIX = 3
"""Letters a category's first letters need to stand for it ('Exc' for 'Excellent')."""


def abbreviated(short: str, labels: list[str]) -> str | None:
    """The one of ``labels`` that ``short`` abbreviates, by its words' initials ('A/G' for
    'Amber/Green', 'VG' for 'Very good') or its first letters ('Exc.' for 'Excellent'); None
    when no label or more than one fits."""
    fits = [label for label in labels if _abbreviates(short, label)]
    return fits[0] if len(fits) == 1 else None


def _abbreviates(short: str, label: str) -> bool:
    """``short`` stands for ``label``: its words' initials ('VG'), each word's first letters
    ('R-CR' for 'Reject - Critical'), or one word's first letters or its consonants' outline,
    three letters or more ('Exc.', 'EMG' for 'Emerging', 'EXP' for 'Expected')."""
    key = short.strip().rstrip(".").casefold()
    words = _PARTS.findall(label.casefold())
    if not key or not words or key == label.casefold():
        return False
    initials = "".join(w[0] for w in words)
    letters = "".join(w[0] for w in words if w[0].isalpha())
    squeezed = re.sub(r"[\s.]", "", key)
    if squeezed in (initials, letters):
        return True
    parts, named = _LETTERS.findall(key), [w for w in words if w[0].isalpha()]
    if len(parts) == len(named) >= 2 and all(w.startswith(p) for p, w in zip(parts, named)):
        return True
    return len(words) == 1 and len(key) >= MIN_PREFIX and key.isalpha() and \
        (words[0].startswith(key) or _outlines(key, words[0]))


_LETTERS = re.compile(r"[^\W\d_]+")


def _outlines(key: str, word: str) -> bool:
    """``key``'s letters stand in ``word`` in their order, the first first ('emg' in
    'emerging', 'mgmt' in 'management')."""
    if key[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in key[1:])


_LEADING_CODE = re.compile(r"^(?:\((?P<bracketed>\d{1,3}|[^\W\d_])\)\s*"
                           r"|(?P<number>\d{1,3})\s*(?:[-\u2013:=.)]\s*|\s+)"
                           r"|(?P<letter>[^\W\d_])\s*[-\u2013:=)]\s+)(?=[^\W\d_])")
"""A code before its label: '(b) Award with minor corrections', '13 Inflation, prices',
'5 - Lower moderate disability', 'B - Medium', '2) mild'."""


def written_key(text: str) -> str:
    """What the forms of one category written in several ways share: the whole number it
    writes ('Class III', 'III', 'three' and '3' share '3'), a fraction of such numbers ('III/VI'
    and '3/6' share '3/6'), the code written before its label ('13 Inflation, prices' and '13',
    '(b) Award with minor corrections' and 'b'), else its spelling
    (:func:`~tapdesk.data.importer.words.spelling_key`: 'A-1' and 'a1')."""
    text = text.strip()
    whole = _whole(text)
    if whole is not None:
        return str(whole)
    parts = text.split("/")
    if len(parts) == 2 and all(_whole(p.strip()) is not None for p in parts):
        return "/".join(str(_whole(p.strip())) for p in parts)
    coded = _LEADING_CODE.match(text)
    if coded:
        return spelling_key(coded.group("bracketed") or coded.group("number") or coded.group("letter"))
    return spelling_key(text)


_KEY_WORDS = re.compile(r"^(?:[^\W\d_]{2,12}\.?[\s:]+){0,2}(?P<number>[1-9]\d?|0|[IVX]{1,4})$")
"""A grade's number or Roman numeral after at most two words set apart by a space ('Cat 2',
'Class II', 'Dosbarth III'); not an id's number ('SEED-03', 'P1', 'A1')."""


def _whole(text: str) -> int | None:
    """The whole number ``text`` is or writes ('3', '3.0', 'three', 'Class III'), else None."""
    try:
        number = float(text)
    except ValueError:
        if text.casefold() in NUMBER_WORDS:
            return NUMBER_WORDS[text.casefold()]
        m = _KEY_WORDS.match(text)
        if m is None:
            return None
        written = m.group("number")
        return int(written) if written.isdigit() else ROMAN.get(written)
    return int(number) if number.is_integer() and abs(number) < 1e6 else None


_NAMED_NUMBER = re.compile(r"^(?P<name>[^\W\d_]{1,12})\.?[\s:#-]*(?P<rest>\d{1,2}(?!\d).*)$")
"""A number after one name, perhaps with its label after it: 'TR4', 'L3', 'Level 3 - Targeted'."""
_NAMED_LETTER = re.compile(r"^(?P<name>[^\W\d_]{2,12})\.?[\s:#-]+(?P<rest>[A-Z])$")
"""A capital letter set apart after one name: 'Category E', 'Grade B', 'Kategorie C'."""
MIN_NAMED = 3
"""Values one column needs, each a number after the same name, for that name to be the scale's."""


def column_keys(labels: Iterable[str]) -> dict[str, str]:
    """Each of one column's values with what its forms share (:func:`written_key`), where
    every value writes a number after one and the same name ('TR1' .. 'TR5', 'L1' .. 'L4',
    'Level 1 - Universal' .. 'Level 4 - Specialist'), or a capital letter set apart after it
    ('Category A' .. 'Category I'): a name on every category tells none
    from another, it names the scale, so each value is keyed by what follows it ('4', '3');
    words beside them ('Not seen') keep their own keys. A column whose values start with names
    of their own ('A1', 'B1') is keyed value by value."""
    values = list(dict.fromkeys(label.strip() for label in labels))
    for pattern in (_NAMED_NUMBER, _NAMED_LETTER):
        named = {v: m for v in values if (m := pattern.match(v)) is not None}
        names = {m.group("name").casefold() for m in named.values()}
        worded = all(not any(ch.isdigit() for ch in v) for v in values if v not in named)
        if len(named) >= MIN_NAMED and len(names) == 1 and worded:
            return {v: written_key(named[v].group("rest")) if v in named else written_key(v)
                    for v in values}
    return {v: written_key(v) for v in values}


def code_written(text: str) -> int | None:
    """The whole number ``text`` writes as a number, with words around it or as a code
    before its label ('Class II', '13 Inflation, prices'), else None."""
    key = written_key(text)
    return int(key) if re.fullmatch(r"-?\d+", key) else None
