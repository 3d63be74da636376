"""Numbers, percents, intervals, dates and lists as a reader of the current language writes them.

English keeps TapDesk's own forms ("0.54", "54%", "0.41 to 0.62", "A, B and C", "2026-11-25"), byte for byte
what every surface wrote before there were languages. Every other language takes its decimal
mark, grouping, percent sign and spacing ("54 %"), list words ("A, B und C") and dates from
CLDR's data through Babel, never from rules written here; Babel is imported when a language
other than English first formats something, so English start-up does not load it.
The pseudo-language writes numbers as German does, so a number that bypassed these functions
(a decimal point among decimal commas) stands out.

Reading is not here: a file is read with either decimal mark whatever the app's language
(``tapdesk.data.importer``).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections.abc import Sequence
from typing import Literal

from tapdesk.i18n.current import current_language, is_source
from tapdesk.i18n.languages import PSEUDO
from tapdesk.i18n.messages import _, pgettext

MINUS = "\u2212"


def signed(text: str) -> str:
    """A written number's sign as people read it: a real minus sign ("-0.383" to "\u22120.383"),
    and none on a number that rounds to zero ("-0.000" to "0.000"). The one rule: the engine's
    ``number_text`` and every language's decimals use it."""
    if text[:1] in "+-\u2212" and not any(c.isdigit() and c != "0" for c in text.split("e")[0].split("E")[0]):
        return text[1:]
    return MINUS + text[1:] if text.startswith("-") and len(text) > 1 else text


def _locale() -> str:
    code = current_language()
    return "de" if code == PSEUDO else code


# CLDR's minimumGroupingDigits where it is not 1 (common/main/<language>.xml, numbers): a number
# is grouped only when its whole part has at least that many digits before its first separator,
# so Spanish writes "1600" and "16.000". Babel carries the grouping pattern but not this datum,
# and its formatters group every four-digit number.
_MIN_GROUPING = {"es": 2, "pl": 2, "pt_PT": 2}


def _grouped(value: float, digits: int = 0) -> bool:
    """Whether ``value``'s whole part, written with ``digits`` decimals, is long enough to be
    grouped in the current language (groups of three, after CLDR's minimum grouping digits)."""
    whole = f"{abs(value):.{digits}f}".split(".")[0]
    return len(whole) >= 3 + _MIN_GROUPING.get(_locale(), 1)


def decimal(value: float | None, digits: int, plus: bool = False) -> str:
    """``value`` with exactly ``digits`` decimals: "0.540" in English, "0,540" in German,
    "12 345,678" (a narrow space between thousands) in French; a real minus sign, none on a
    number that rounds to zero, "+" before a positive one with ``plus`` ("+0.24"), and a dash for
    a missing number (None, NaN). The one number formatter: ``engine.results.fmt`` and
    ``engine.words.number_text`` write through it."""
    if value is None or not math.isfinite(value):
        return "-"
    if is_source():
        text = signed(f"{value:.{digits}f}")
    else:
        from babel.core import Locale
        from babel.numbers import format_decimal
        locale = Locale.parse(_locale())
        whole = locale.decimal_formats[None].pattern.split(".")[0]
        text = signed(format_decimal(value, format=whole + ("." + "0" * digits if digits else ""),
                                     locale=locale, group_separator=_grouped(value, digits)))
    if plus and not text.startswith(MINUS) and any(c.isdigit() and c != "0" for c in text):
        return "+" + text
    return text


def integer(n: int) -> str:
    """A count with its thousands grouped: "1,000,000" in English (as ``tapdesk.counting``),
    "1.000.000" in German, "1 000 000" (narrow no-break spaces) in French; "1600" but "16.000"
    in Spanish (CLDR's minimum grouping digits)."""
    if is_source():
        return f"{int(n):,}"
    from babel.numbers import format_decimal
    return format_decimal(int(n), locale=_locale(), group_separator=_grouped(n))


def percent(share: float, digits: int = 0) -> str:
    """A share (0.54) as a percent with ``digits`` decimals: "54%", "54 %" in French and German
    (a no-break space: the sign never starts a line), "54,5 %"; a real minus sign, none on a
    share that rounds to zero."""
    if is_source():
        return signed(f"{100 * share:.{digits}f}%")
    from babel.core import Locale
    from babel.numbers import format_percent
    locale = Locale.parse(_locale())
    pattern = locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return signed(format_percent(share, format=pattern, locale=locale))


def interval(low: float, high: float, digits: int) -> str:
    """An interval's ends: "0.41 to 0.62", "0,41 bis 0,62" (``engine.results.ci_text``, an
    interval cell of a result table: :class:`tapdesk.i18n.text.Interval`)."""
    return ends(decimal(low, digits), decimal(high, digits))


def ends(low: str, high: str, space: str = " ") -> str:
    """An interval from its two ends already written ("0,41", "44 %"): "0.41 to 0.62",
    "0,41 bis 0,62"; the one way two ends are joined (:func:`interval`, a report table's cell
    of a low and a high column). ``space``: the spaces of the words between the ends (a
    no-break space: an interval in a table's cell never breaks)."""
    # Translators: an interval's two ends, {low} and {high}, numbers already written in your
    # language ("0,41"); keep it a phrase that reads inside a sentence ("between ... ").
    return _("{low} to {high}").replace(" ", space).format(low=low, high=high)


NBSP = "\u00a0"
_NUMBER = r"[<>≤≥]?[+\-\u2212]?\d(?:[\d.,'\u00a0\u202f]*\d)?(?:[\u00a0\u202f]?%)?"
"""A number as :func:`decimal`, :func:`integer` and :func:`percent` write one in any language."""


@functools.lru_cache(maxsize=16)
def _interval_in(middle: str) -> re.Pattern[str]:
    return re.compile(rf"({_NUMBER}){re.escape(middle)}(?={_NUMBER})")


def unbroken_intervals(text: str) -> str:
    """``text`` with each interval in it ("0,41 bis 0,62", as :func:`ends` writes one in the
    current language) held together by no-break spaces: a table cell never breaks an interval
    over two lines ("0,710 bis" over "0,791"). Everything else as it is."""
    # the same catalog entry as ends(): its words between the two ends
    before, low, rest = _("{low} to {high}").partition("{low}")
    middle, high, _after = rest.partition("{high}")
    if not low or not high or " " not in middle or not any(c.isdigit() for c in text):
        return text
    return _interval_in(middle).sub(lambda m: m.group(1) + middle.replace(" ", NBSP), text)


def date(day: dt.date) -> str:
    """A day: in English as TapDesk has always dated a report ("2026-11-25"), in another language
    as its reader writes it in full ("25. November 2026", "25 novembre 2026")."""
    if is_source():
        return day.isoformat()
    from babel.dates import format_date
    return format_date(day, format="long", locale=_locale())


def joined(items: Sequence[str], word: Literal["and", "or"] = "and") -> str:
    """Items in a sentence: "A, B and C" ("A, B or C"), "A, B und C", "A, B et C", "A, B y C"."""
    items = list(items)
    if is_source():
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {word} " + items[-1]
    from babel.lists import format_list
    style: Literal["standard", "or"] = "standard" if word == "and" else "or"
    if _numbers_with_decimal_comma(items):
        return _numbers_joined(items, style)
    listed = format_list(items, style=style, locale=_locale())
    if current_language() == PSEUDO and len(items) > 1:    # its joining word is a word too,
        from tapdesk.i18n.pseudo import pseudo_text  # accented as the catalog's are
        head, final, rest = listed.rpartition(items[-1])
        for joint in (" und ", " oder "):
            if head.endswith(joint):
                head = head[:-len(joint)] + f" {pseudo_text(joint.strip())} "
        listed = head + final + rest
    return listed


NUMBER = re.compile(r"^[\u2212+-]?\d")
FRACTION_LIKE = re.compile(r"^[\u2212+-]?0$|\d,\d")
"""A number a following ", 1" would continue as a decimal fraction ("0", "-0,05"); "12, 13" reads
as two numbers."""


def _numbers_with_decimal_comma(items: Sequence[str]) -> bool:
    """Two or more of ``items`` are numbers, one of them a zero or a decimal, and the language's
    decimal sign is a comma: "0, 1" would read as the number 0,1 (issue 79)."""
    from babel.numbers import get_decimal_symbol
    words = [i.strip() for i in items]
    return (sum(bool(NUMBER.match(w)) for w in words) >= 2
            and any(FRACTION_LIKE.search(w) for w in words)
            and get_decimal_symbol(_locale()) == ",")


def _numbers_joined(items: Sequence[str], style: Literal["standard", "or"]) -> str:
    """Numbers listed with the language's semicolon where it lists words with a comma: "0; 1
    und 2", never "0, 1 und 2"."""
    from babel.lists import format_list
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    listed = format_list(marks, style=style, locale=_locale())
    listed = re.sub("\x00, \x00", lambda _m: "\x00" + _clause_joint() + "\x00", listed)
    for mark, item in zip(marks, items):
        listed = listed.replace(mark, item)
    return listed


def _clause_joint() -> str:
    return pgettext("between clauses listed in one sentence", "; ")


def quoted(name: str) -> str:
    """A label (a category's, a class's, a value label) quoted inside a sentence as a reader of
    the current language quotes it: 'gold' in English (as TapDesk always wrote it), „gold“ in
    German, « gold » in French (no-break spaces inside, as the catalog writes every guillemet),
    «gold» in Spanish. The one place a label gets its quotation marks: every sentence takes its
    label already quoted. Babel's CLDR data carry no quotation marks (its locales have no
    ``delimiters``), so each language's catalog gives them once, in this template."""
    if is_source():
        return f"'{name}'"
    # Translators: a label (a category's name) quoted inside a sentence; write your language's
    # quotation marks around {name} (German „{name}“, French « {name} » with no-break spaces,
    # Spanish «{name}»). Every sentence that names a category takes it from here.
    return _("'{name}'").format(name=name)


def labelled(label: str, text: str) -> str:
    """A label and what it names, "Analysis 1: the share of subjects ...", as the reader's
    language sets a colon (French "Analyse 1 : ...", a no-break space before it). The one place
    code (not a catalog's template) sets a label before its text."""
    if is_source():
        return f"{label}: {text}"
    # Translators: a label, then what it names (a caption's analysis and its meaning, a
    # report's file and its analysis). Set the colon as your language does (French
    # "{label} : {text}" with a no-break space before the colon).
    return pgettext("a label and its text", "{label}: {text}").format(label=label, text=text)


def clauses(items: Sequence[str]) -> str:
    """Clauses of one sentence joined by semicolons, "a; b; c", as the reader's language sets a
    semicolon (French "a ; b ; c", a no-break space before it)."""
    if is_source():
        return "; ".join(items)
    # Translators: what stands between two clauses of one sentence listed one after another
    # ("R2: accuracy no better than chance; R5: ..."): a semicolon and a space, set as your
    # language does (French: a no-break space before the semicolon).
    return pgettext("between clauses listed in one sentence", "; ").join(items)


def quoted_list(names: Sequence[str]) -> str:
    """Labels each quoted (:func:`quoted`) and set one after another with ", " ("'a', 'b'")."""
    return ", ".join(quoted(name) for name in names)


def in_sentence(word: str) -> str:
    """A quantity's name inside a sentence: "Accuracy" as "accuracy"; a language whose nouns
    keep their capital there (German "Genauigkeit") says "keep" in its catalog."""
    # Translators: "keep" if your language writes a noun with its capital letter inside a
    # sentence (German: "Mittel des Gremiums für Genauigkeit"), else "lower".
    keep = pgettext("letter case of a noun inside a sentence", "lower") == "keep"
    return word if keep else word.lower()
