"""Missing-value marks of any language, known by content (rule 'not-a-rating').

Every office has its own way to write 'no answer' ('s/d', 'n.d.', 'k.A.', 'n.v.', 's.o.', 'NR');
no list holds them all. What they share is that they are not on the scale of the other cells:
a rare text among ratings that are all numbers, or a rare word written unlike every other label
(with a '.' or '/' in it, or in capitals) among ratings that are words. Such a token is read as
a missing rating and the note names it (among numbers, a short phrase too: 'Not seen',
'Abstain (conflict)', 'Ungradable'), so a user whose token is a real category can say so. A
word token that raters give the same subject, on two subjects or more, is a category they agree
on ('DTI', a pressure injury's stage), never a mark of no answer.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.shortforms import number_written
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.valuechecks import rating_columns
from tapdesk.data.importer.values import ValueRules, canonical_number, fold_label, look_alike_key
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Count, Joined, Name, Wording

_RARE = 0.15           # at most this share of the rating cells
_MAX_LENGTH = 6        # 'k. A.', 'n.v.', 's/d': short marks, not a sentence
_MAX_PHRASE = 30       # among numbers a rare phrase is no rating either ('Abstain (conflict)')
_MAX_WORDS = 4
_MAX_MARKS = 3         # kinds of 'no answer' among numbers ('Not seen', 'Abstain'); more: other text
_MARK = re.compile(r"[./]")


def _counts(table: Table, det: Detection, rules: ValueRules) -> Counter[str] | None:
    """How many cells hold each distinct rating text (None for count layouts)."""
    cols = rating_columns(det)
    if cols is None:
        return None
    coded = table.codes()
    picked = coded.codes[:, [table.index(c) for c in cols]].ravel()
    codes, n = np.unique(picked, return_counts=True)
    out: Counter[str] = Counter()
    for code, k in zip(codes, n):
        text = str(coded.text[code]).strip()
        if rules.label(text) is not None:
            out[text] += int(k)
    return out


def _signature(text: str) -> tuple[bool, bool]:
    """How a label is written: with a '.' or '/' in it; in capitals (two letters or more)."""
    letters = [c for c in text if c.isalpha()]
    return bool(_MARK.search(text)), len(letters) >= 2 and all(c.isupper() for c in letters)


def off_scale_tokens(counts: Counter[str], rules: ValueRules) -> list[str]:
    """The rare tokens that are not on the scale the other ratings share."""
    total = sum(counts.values())
    if not total or rules.declared:
        return []
    number = {t: numeric_value(canonical_number(fold_label(t), rules.decimal)) is not None
              for t in counts}
    out = []
    for token, k in counts.items():
        others = [t for t in counts if t != token]
        mark = not any(c.isalnum() for c in token)          # '*': never a rating
        if number[token] or number_written(token) is not None or len(others) < 2 or \
                (k > _RARE * total and not mark) or \
                look_alike_key(token) in {look_alike_key(t) for t in others} or \
                len(token) > _MAX_PHRASE or len(token.split()) > _MAX_WORDS or \
                any(c.isdigit() for c in token):
            continue
        common = [t for t in others if number[t] or counts[t] > _RARE * total]
        if len(common) >= 2 and all(number[t] for t in common) and \
                sum(not number[t] for t in counts) <= _MAX_MARKS:
            out.append(token)                     # a mark among numbers ('*', 'k.A.', 'Not seen')
            continue
        if len(token) > _MAX_LENGTH:
            continue
        elif any(c.isalpha() for c in token) and not any(number[t] for t in others) and \
                k < min(counts[t] for t in others) and \
                _signature(token) != (False, False) and \
                all(_signature(t) != _signature(token) for t in others):
            out.append(token)                     # a mark written unlike every label
    return out


def _in_word_columns(table: Table, det: Detection, tokens: list[str],
                     rules: ValueRules) -> set[str]:
    """The tokens found in a column that holds words more than numbers: a column of names or
    sections, not a mark in a column of ratings."""
    cols = rating_columns(det)
    if not tokens or cols is None or len(cols) < 2:
        return set()
    worded: set[str] = set()
    numeric = False
    for col in cols:
        texts = [t.strip() for t in table.texts(col, 2000) if t.strip()]
        numbers = sum(numeric_value(canonical_number(fold_label(t), rules.decimal)) is not None
                      for t in texts)
        words = sum(any(c.isalpha() for c in t) for t in texts)   # '*' is a mark, not a word
        if texts and 2 * numbers < words:
            worded |= set(tokens) & set(texts)
        numeric |= 2 * numbers >= len(texts) > 0
    return worded if numeric else set()      # among words only, the words' own rule judges


def _numbers_scale(counts: Counter[str], rules: ValueRules) -> bool:
    """Most rating cells are numbers."""
    numbers = sum(k for t, k in counts.items()
                  if numeric_value(canonical_number(fold_label(t), rules.decimal)) is not None)
    return 2 * numbers > sum(counts.values())


def _among_numbers(table: Table, det: Detection, token: str, tokens: list[str],
                   rules: ValueRules) -> bool:
    """A phrase stands where a score would: beside scores in its rows (a header, legend or
    codebook line holds words beside it)."""
    cols = rating_columns(det)
    if cols is None:
        return False
    texts = table.text[:, [table.index(c) for c in cols]]
    beside_numbers = False
    for row in texts[(texts == token).any(axis=1)]:
        others = [t.strip() for t in row if t.strip() and t.strip() != token]
        if any(t not in tokens and t not in rules.missing and
               numeric_value(canonical_number(fold_label(t), rules.decimal)) is None for t in others):
            return False
        beside_numbers |= any(numeric_value(canonical_number(fold_label(t), rules.decimal))
                              is not None for t in others)
    return beside_numbers


def _agreed_on(table: Table, det: Detection, tokens: list[str]) -> set[str]:
    """The tokens two raters give one subject, on two subjects or more (wide layouts)."""
    cols = rating_columns(det)
    if not tokens or det.layout != "wide" or cols is None or len(cols) < 2:
        return set()
    texts = table.text[:, [table.index(c) for c in cols]]
    return {t for t in tokens if int(((texts == t).sum(axis=1) >= 2).sum()) >= 2}


def adapt_off_scale(table: Table, det: Detection, rules: ValueRules, book: NoteBook) -> None:
    """Read the rare off-scale tokens as missing ratings, with a note naming each."""
    counts = _counts(table, det, rules)
    if not counts:
        return
    tokens = off_scale_tokens(counts, rules)
    worded = _in_word_columns(table, det, tokens, rules)
    tokens = [t for t in tokens if t not in worded]
    tokens = [t for t in tokens if not any(c.isalpha() for c in t) or
              _among_numbers(table, det, t, tokens, rules) or not _numbers_scale(counts, rules)]
    agreed = _agreed_on(table, det, tokens)
    tokens = [t for t in tokens if t not in agreed or not any(c.isalpha() for c in t)]
    if not tokens:
        return
    rules.missing = rules.missing | set(tokens)
    scale = [t for t in counts if t not in tokens]
    numbers = all(numeric_value(canonical_number(fold_label(t), rules.decimal)) is not None
                  for t in scale)
    # Translators: a mark of the file and how many cells hold it; {token} is the mark.
    shown = Joined(tuple(Wording.ngettext("{token} ({n} cell)", "{token} ({n} cells)",
                                          counts[t], token=Name(t), n=Count(counts[t]))
                         for t in tokens))
    scale_shown = ", ".join(repr(t) for t in sorted(scale)[:6])
    # Translators: {marks} is the marks with their counts ("'NR' (2 cells)"); {scale} the other
    # ratings in quotes. The count is of marks.
    said = Wording.ngettext(
        "{marks} is not on the scale of the other ratings (numbers: {scale}) and is rare, so read "
        "as a missing-value mark; if it is a category, declare the categories",
        "{marks} are not on the scale of the other ratings (numbers: {scale}) and are rare, so "
        "read as a missing-value mark; if it is a category, declare the categories",
        len(tokens), marks=shown, scale=scale_shown)
    if not numbers:
        # Translators: as above, when the other ratings are words.
        said = Wording.ngettext(
            "{marks} is not on the scale of the other ratings (words written otherwise: {scale}) "
            "and is rare, so read as a missing-value mark; if it is a category, declare the "
            "categories",
            "{marks} are not on the scale of the other ratings (words written otherwise: {scale}) "
            "and are rare, so read as a missing-value mark; if it is a category, declare the "
            "categories", len(tokens), marks=shown, scale=scale_shown)
    book.add("not-a-rating", said, action="left out", settings=("categories", "missing"))

