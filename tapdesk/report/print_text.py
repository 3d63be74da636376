"""Where a printed line may break, for the files a word processor lays out (Word, OpenDocument)
and the PDF's footer (Qt-free).

A word processor breaks a line at any space and after any hyphen. Three rules keep the report's
numbers and commands whole:

- :func:`keep_numbers_whole`: a number stays with its interval ("0.346 to 0.526"), its range
  ("35-53%"), its sign ("a = 0.437"), the word it counts ("183 subjects") and the name it
  numbers ("Class 1", "Analysis 2"), and a short formula its brackets ("(a - d)"), by
  no-break spaces and no-break hyphens (what Word and LibreOffice type for Ctrl+Shift+Space and
  Ctrl+Shift+-; the PDF keeps the formulas whole the same way, :func:`keep_formulas_whole`);
- :func:`column_shares`: a table column is never narrower than the longest piece of text it
  cannot break (so no number or word is cut between its letters);
- :func:`command_lines`: a command line is broken only between its options, each ``--option
  value`` kept on one line (an option too long for a line is broken between its arguments),
  so a copied command still runs; never after the hyphen of ``--cut`` as a word processor
  or Qt would break it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence

NBSP = "\u00a0"
NB_HYPHEN = "\u2011"
NUMBER = r"[-−+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)%?"
_INTERVAL = re.compile(rf"({NUMBER}) (to|and) (?=[<>]?{NUMBER})")
_RANGE = re.compile(r"(?<=\d)-(?=\d)|(?<=\d%)-(?=\d)")
_SIGN = re.compile(rf" ([=<>≤≥≈±×]) (?=[<>]?{NUMBER})")
_COUNTED = re.compile(rf"(?<![\w.])({NUMBER}) (?=[A-Za-z(])")
_NAMED = re.compile(r"\b([A-Z][a-z]+) (?=\d+(?!\d|[,.]\d))")   # "Class 1", not "Intervall 0,435"
_NO_BREAK = NBSP + NB_HYPHEN

WHOLE = 6
"""Tables with at most this many rows are never split over two pages (the PDF)."""
TOGETHER = 3
"""A table split over two pages keeps at least this many rows on each side of the break (all of
them when it has fewer): no row left alone at the foot of a page or at the top of the next (the
Data table's last "Note" row alone on page 3 of the PDF, the glossary's last rows alone on the
ODT's last page, issue 53)."""
WRAP_AT = 60
"""A column's text longer than this many characters wraps rather than widening it."""
CELL_PADDING = 4
"""The cell's margins, in characters' widths, added to a column's longest text."""
SHORT_COLUMN = 20
BOLD_WIDTH = 1.12
"""How much wider a bold letter is than a plain one (DejaVu Sans and Carlito, Calibri's
stand-in: 1.87 mm against 1.67 mm at 8.5 pt): headers print bold, so a header's longest word
counts this much wider, or "Standard" is cut to "Standar / d"."""
"""A column that needs at most this many characters (padding included) is never squeezed."""


MONO_CELL_SIZE = 7.5
"""The size, in points, of a table cell set in a monospace face (:func:`set_in_monospace`)."""


def set_in_monospace(text: str) -> bool:
    """Whether a cell is one piece too long to wrap (a SHA-256's 64 digits): a word processor
    sets it in a monospace face at :data:`MONO_CELL_SIZE`, whose every character is 0.6 em
    wide in Courier New and its stand-ins, so it fits the width :func:`column_shares` gives it
    (a character of 8.5 pt Calibri) whatever face stands in for Calibri: laid out with DejaVu
    Sans, the hash's last three digits wrapped (issue 53)."""
    return len(text) > WRAP_AT and unbreakable(text) == len(text)


def keep_numbers_whole(text: str) -> str:
    """``text`` with no-break spaces and hyphens where a line break would split a number from
    its interval, range, sign, counted word or numbered name; the characters are otherwise
    unchanged."""
    text = _INTERVAL.sub(rf"\1{NBSP}\2{NBSP}", text)
    text = _RANGE.sub(NB_HYPHEN, text)
    text = _SIGN.sub(rf"{NBSP}\1{NBSP}", text)
    return keep_formulas_whole(_COUNTED.sub(rf"\1{NBSP}", text))


_BRACKETED = re.compile(r"\(([^()]+)\)")
_OPERATOR = re.compile(r"[ \u00a0][-+=×/·−<>≤≥][ \u00a0]|\^")
_PARTS = re.compile(r"( · |; |, )")
SHORT_FORMULA = 30
"""A bracketed part with an operator up to this many characters is kept on one line."""
_SYMBOL = re.compile(r"[(\[]*[\w.]{1,3}[)\]]*[,;:]?")
_OPERATOR_WORD = re.compile(r"[-+=×/−<>≤≥|±≈]")


def keep_formulas_whole(text: str) -> str:
    """``text`` with no-break spaces inside a formula, which a line break split: a short
    bracketed formula ("(a - d)"), a short formula among a bracket's parts ("(Maximum
    likelihood · Class 1 = no medal)": its part "Class 1 = no medal"), a run of symbols
    joined by operators ("= a + (1 - a) p", with the words either side of each operator) and
    a name with its number ("Class 1", "Analysis 2"); longer asides still wrap."""
    def parts(found: re.Match) -> str:
        pieces = _PARTS.split(found.group(1))
        return "(" + "".join(piece.replace(" ", NBSP) if len(piece) <= SHORT_FORMULA
                             and _OPERATOR.search(f" {piece} ") and not _PARTS.fullmatch(piece)
                             else piece for piece in pieces) + ")"
    return _BRACKETED.sub(parts, _symbol_runs(_NAMED.sub(rf"\1{NBSP}", text)))


def _symbol_runs(text: str) -> str:
    """No-break spaces in each run of short symbols ("a", "(1", "p") that holds an operator,
    and between every spaced operator and the words either side of it ("Class 1 = 'no")."""
    words = text.split(" ")
    kinds = ["op" if _OPERATOR_WORD.fullmatch(w) else "sym" if _SYMBOL.fullmatch(w) else ""
             for w in words]
    glue = [False] * len(words)              # glue[i]: no break between words i - 1 and i
    start = 0
    while start < len(words):
        end = start
        while end < len(words) and kinds[end]:
            end += 1
        if "op" in kinds[start:end] and "sym" in kinds[start:end]:
            for i in range(start + 1, end):
                glue[i] = True
        start = end + 1
    for i, kind in enumerate(kinds):         # an operator stays with the words either side
        if kind == "op":
            glue[i] = True
            if i + 1 < len(words):
                glue[i + 1] = True
    return "".join(("" if i == 0 else NBSP if glue[i] else " ") + w for i, w in enumerate(words))


def unbreakable(text: str) -> int:
    """Characters in the longest piece of ``text`` a line cannot break (at a plain space or
    after a plain hyphen)."""
    pieces = re.split(rf" |(?<=-)(?!{NBSP})", keep_numbers_whole(text))   # no break before a
    #                                                                     no-break space
    return max((len(piece) for piece in pieces), default=0)


def column_shares(columns: Sequence[str], rows: Sequence[Sequence[str]],
                  room: float) -> list[float]:
    """Each column's share of the width, by its longest cell (a header by its longest word, in
    bold; texts longer than :data:`WRAP_AT` wrap rather than widen their column).

    When the columns need more than the ``room`` a line has (in characters), the short
    columns (numbers, words) keep what they need and the long ones wrap more, but no column
    is squeezed below the longest piece of its text that cannot break: a number or word cut
    between its letters ("0.6 / 17", "sensitivit / y") is worse than a longer note."""
    need = [BOLD_WIDTH * max((len(word) for word in name.split()), default=0)
            for name in columns]
    for row in rows:
        need = [max(n, min(len(text), WRAP_AT)) for n, text in zip(need, row)]
    least = _least(columns, rows)
    need = [max(n, m - CELL_PADDING) + CELL_PADDING for n, m in zip(need, least)]
    short = sum(n for n in need if n <= SHORT_COLUMN)
    long = sum(n for n in need if n > SHORT_COLUMN)
    if short + long > room and long and room > short:
        scale = (room - short) / long
        need = [n if n <= SHORT_COLUMN else max(n * scale, m) for n, m in zip(need, least)]
    return [n / sum(need) for n in need]


def _least(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each column's least width, in characters: its longest piece that cannot break (a
    header's in bold), padding included."""
    least = [BOLD_WIDTH * unbreakable(name) for name in columns]
    for row in rows:
        least = [max(n, unbreakable(text)) for n, text in zip(least, row)]
    return [m + CELL_PADDING for m in least]


def fits_whole(room: float) -> Callable[[Sequence[str], Sequence[Sequence[str]]], bool]:
    """A test of a table's columns for :meth:`~tapdesk.report.document.Table.fitted`: whether
    they fit a line of ``room`` characters with no word cut between its letters."""
    return lambda columns, rows: sum(_least(columns, rows)) <= room


def option_groups(command: str) -> list[str]:
    """The command's words grouped as it is read: the program and its arguments, then each
    option with its values ("--model tap"), each group quoted as in ``command``."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = []
    if shlex.join(words) != command or not any(word.startswith("--") for word in words):
        return command.split(" ")          # not a command line as TapDesk writes one: words
    groups: list[list[str]] = [[]]
    for word in words:
        if word.startswith("-") and len(word) > 1 and groups[-1]:
            groups.append([])
        groups[-1].append(word)
    return [shlex.join(group) for group in groups if group]


def command_lines(command: str, fits: Callable[[str], bool]) -> list[str]:
    """``command`` on as few lines as ``fits`` allows, broken only between option groups (see
    :func:`option_groups`); a group too long for a line is broken between its arguments (each
    quoted as in ``command``), and only an argument longer than a line is left to be broken
    inside. Joined by spaces, the lines are ``command`` again."""
    lines: list[str] = []
    for group in option_groups(command):
        for piece in [group] if fits(group) else _arguments(group):
            if lines and fits(f"{lines[-1]} {piece}"):
                lines[-1] = f"{lines[-1]} {piece}"
            else:
                lines.append(piece)
    return lines


def _arguments(group: str) -> list[str]:
    """The group's arguments, each quoted as in the group (or the group whole)."""
    try:
        words = [shlex.quote(word) for word in shlex.split(group)]
    except ValueError:
        return [group]
    return words if " ".join(words) == group else [group]


def fits_in(chars: int) -> Callable[[str], bool]:
    """A :func:`command_lines` test for a fixed-pitch font: at most ``chars`` characters."""
    return lambda line: len(line) <= chars
