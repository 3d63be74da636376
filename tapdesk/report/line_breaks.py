"""Lines of text made for a width, and a word too long for one broken with a hyphen.

One rule for every surface that breaks its own lines (the fits list, the Compare tab's
headings): a word is broken only where it is wider than the line, each piece but the last
ending in a hyphen, before a consonant that a vowel follows where such a cut fits
("Übereinstimmungs-" / "koeffizienten", not "Übereinstimmungskoe-" / "ffizienten"). Qt-free:
``fits(line)`` says whether a line fits, measured by the caller (a font's metrics, or a count of
characters). The report has no rule of its own to unify with: its Word and LibreOffice files
turn hyphenation off, and its PDF's text (:mod:`tapdesk.render.layout`) breaks at spaces and
after hyphens, a word wider than its column (a hash, a path) anywhere, without a hyphen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

Fits = Callable[[str], bool]
"""Whether a line fits its width."""
LEAST_PIECE = 3
"""A broken word keeps at least this many letters on each line."""


def wrap_line(text: str, fits: Fits, indent: str = "    ") -> list[str]:
    """``text`` broken at spaces into lines for which ``fits(line)`` holds (continuations indented)."""
    return wrap_words(text.split(" "), fits, indent)


def wrap_parts(parts: list[str], fits: Fits, indent: str = "    ") -> list[str]:
    """``parts`` joined by commas where they share a line, broken only between parts ("4 x 2,000
    draws" stays whole); a part too long for a line alone is broken at its spaces. A line ends
    without a comma: the break parts them (French at 1280: "Vraisemblance max.," was a comma too
    wide for its line, and the fit took four lines)."""
    lines: list[str] = []
    for part in parts:
        words = [part] if fits(indent + part) else part.split(" ")
        for j, word in enumerate(words):
            joined = f"{lines[-1]}{' ' if j else ', '}{word}" if lines else word
            if not lines or fits(joined):
                lines[-1:] = [joined]
            else:
                lines += broken_word(indent + word, fits, indent)
    if lines and not fits(lines[0]):
        lines[:1] = broken_word(lines[0], fits, indent)
    return lines


def wrap_words(words: list[str], fits: Fits, indent: str = "    ") -> list[str]:
    """``words`` (pieces not to be broken but where one is wider than a line) put on lines for
    which ``fits(line)`` holds."""
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}" if current else (indent + word if lines else word)
        if current and not fits(trial):
            lines.append(current)
            current = indent + word
        else:
            current = trial
        if not fits(current):                 # one word wider than the line
            *whole, current = broken_word(current, fits, indent)
            lines += whole
    return lines + [current]


def broken_word(line: str, fits: Fits, indent: str = "    ") -> list[str]:
    """``line`` (its last word wider than the line: "Übereinstimmungskoeffizienten" in a German
    list squeezed to 182 px at 1280, where the tabs beside it need their room) broken into
    pieces that fit, each but the last ending in a hyphen, at least :data:`LEAST_PIECE` letters
    a piece; as it is where even that cannot fit."""
    pieces: list[str] = []
    while not fits(line):
        cuts = [k for k in range(len(line) - LEAST_PIECE, LEAST_PIECE - 1, -1)
                if line[k - 1].isalpha() and line[k].isalpha() and fits(line[:k] + "-")
                and len(line[:k].strip()) >= LEAST_PIECE]
        if not cuts:
            break
        # before a consonant that a vowel follows, where one fits: the syllable rule of the
        # languages shown, without a dictionary
        cut = next((k for k in cuts if not _vowel(line[k]) and _vowel(line[k + 1])), cuts[0])
        pieces.append(line[:cut] + "-")
        line = indent + line[cut:]
    return pieces + [line]


def _vowel(letter: str) -> bool:
    return unicodedata.normalize("NFD", letter.lower())[0] in "aeiouy"
