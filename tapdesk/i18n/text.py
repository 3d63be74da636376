"""Texts kept as data until they are shown (issue 54): a template and its named arguments.

A frozen result (a fit's notes, a table's title) is shown later, on a surface that may speak
another language than the one it was made under (a German window, an English report). So it
keeps a :class:`Text`: the template's English msgid, marked for the catalog with ``N_`` (or
``Nn_`` for a count's forms), and the arguments that fill it, as data::

    # Translators: {rater} is a rater's name as the data file gives it; {a} a number ("0.41").
    text(N_("Rater {rater} has accuracy {a}."), rater=name, a=Number.of(a, 3))

The sentence is made when it is shown (:func:`shown`, ``str()``), in the language current
then. Arguments are names from the data (``str``, kept as they are), other texts, and the
number kinds below; each number keeps the English text TapDesk always wrote, so English stays
byte for byte, and takes :mod:`tapdesk.i18n.formats` in every other language. A machine
interface (a JSON value, a key to look a table up by) takes :func:`english`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from tapdesk.i18n import formats
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.languages import SOURCE
from tapdesk.i18n.messages import _, ngettext, npgettext, pgettext


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as N_
    """A count's two English forms, marked for the catalog as one plural entry."""
    return singular, plural


@dataclass(frozen=True)
class Number:
    """A number with ``digits`` decimals; ``english`` is exactly what English writes."""

    value: float
    digits: int
    english: str
    plus: bool = False
    """A "+" before a positive number ("+4.8 points")."""

    @classmethod
    def of(cls, value: float, digits: int = 3, english: str | None = None) -> Number:
        """``english`` defaults to Python's fixed point ("-0.120", as f"{x:.3f}" wrote)."""
        return cls(float(value), digits, f"{value:.{digits}f}" if english is None else english)

    @classmethod
    def signed(cls, value: float, digits: int) -> Number:
        """A difference with its sign either way ("+4.8", "\u22124.8"), as
        :func:`tapdesk.i18n.formats.decimal` writes it with ``plus``."""
        with language(SOURCE):
            english = formats.decimal(value, digits, plus=True)
        return cls(float(value), digits, english, plus=True)

    @classmethod
    def general(cls, value: float, spec: str) -> Number:
        """As ``format(value, spec)`` wrote it in English ("0.3", "1.5", "1,200"), with as many
        decimals in every other language."""
        english = format(value, spec)
        digits = len(english.split(".")[1]) if "." in english and "e" not in english else 0
        return cls(float(value), digits, english)

    def shown(self) -> str:
        return self.english if is_source() else formats.decimal(self.value, self.digits,
                                                                 plus=self.plus)


@dataclass(frozen=True)
class Percent:
    """A share (0.54) as a percent with ``digits`` decimals: "54%", "54 %"."""

    share: float
    digits: int = 0

    def shown(self) -> str:
        return formats.percent(self.share, self.digits)


@dataclass(frozen=True)
class Level:
    """An interval's level as a percent with as few decimals as it needs: "95%", "97.5%"."""

    level: float

    def shown(self) -> str:
        value = round(100 * float(self.level), 4)
        if is_source():
            return f"{int(value)}%" if value == int(value) else f"{value:g}%"
        digits = 0 if value == int(value) else len(f"{value:g}".split(".")[1])
        return formats.percent(value / 100, digits)


@dataclass(frozen=True)
class Count:
    """A whole count: "1200" in English as TapDesk wrote it (``grouped``: "1,200"), "1.200"."""

    n: int
    grouped: bool = False

    def shown(self) -> str:
        if is_source():
            return f"{self.n:,}" if self.grouped else str(self.n)
        return formats.integer(self.n)


@dataclass(frozen=True)
class Listed:
    """Items in a sentence: English joins them with ``separator`` as TapDesk did ("A, B, C"),
    another language by its own rule ("A, B und C")."""

    items: tuple[Any, ...]
    separator: str | None = ", "
    """None: English too by its rule ("A, B and C", :func:`tapdesk.i18n.formats.joined`)."""
    word: Literal["and", "or", ""] = "and"
    """"": every language joins them with ``separator`` (sentences one after another)."""

    @classmethod
    def of(cls, items: Iterable[Any], separator: str | None = ", ",
           word: Literal["and", "or", ""] = "and") -> Listed:
        return cls(tuple(items), separator, word)

    @classmethod
    def joined(cls, items: Iterable[Any], word: Literal["and", "or"] = "and") -> Listed:
        """Joined by each language's rule, English's too: "A, B and C", "A, B und C"."""
        return cls(tuple(items), None, word)

    def shown(self) -> str:
        parts = [shown(item) for item in self.items]
        if self.separator == "; " and (is_source() or not self.word):
            return formats.clauses(parts)              # the language's semicolon
        if self.separator is not None and (is_source() or not self.word):
            return self.separator.join(parts)
        return formats.joined(parts, self.word or "and")


@dataclass(frozen=True)
class Interval:
    """An interval's two ends as a table cell keeps them: "0.076 to 0.191" in English (as
    ``engine.results.ci_text`` writes it), "0,076 bis 0,191" in German
    (:func:`tapdesk.i18n.formats.interval`); a dash for a missing interval."""

    low: float | None
    high: float | None
    digits: int = 3

    @classmethod
    def of(cls, ends: tuple[float, float] | None, digits: int = 3) -> Interval:
        """The interval of ``ends`` (None: no interval, a dash)."""
        return cls(float(ends[0]), float(ends[1]), digits) if ends else cls(None, None, digits)

    def shown(self) -> str:
        if self.low is None or self.high is None:
            return "-"
        return formats.interval(self.low, self.high, self.digits)


@dataclass(frozen=True)
class Span:
    """A range's two ends: "0.000-0.120" in English as TapDesk wrote it, "0,000 bis 0,120"."""

    low: float
    high: float
    digits: int = 3

    def shown(self) -> str:
        if is_source():
            return f"{self.low:.{self.digits}f}-{self.high:.{self.digits}f}"
        return formats.interval(self.low, self.high, self.digits)


@dataclass(frozen=True)
class Text:
    """A sentence (or a title, a word) as its template and named arguments, made when shown.

    ``template`` is the English msgid; ``plural`` its plural form, chosen by ``n``;
    ``context`` a ``pgettext`` context. ``args`` are (name, value) pairs (hashable, so a
    frozen result holding a Text stays hashable and picklable).
    """

    template: str
    args: tuple[tuple[str, Any], ...] = ()
    plural: str = ""
    n: int = 0
    context: str = ""

    def __str__(self) -> str:
        return self.shown()

    def shown(self) -> str:
        """The text in the current language."""
        if not self.template:
            return ""
        if self.plural:
            form = (npgettext(self.context, self.template, self.plural, self.n) if self.context
                    else ngettext(self.template, self.plural, self.n))
        else:
            form = pgettext(self.context, self.template) if self.context else _(self.template)
        if not self.args:
            return form
        return form.format(**{name: shown(value) for name, value in self.args})

    def __contains__(self, phrase: str) -> bool:
        """Whether the text as shown contains ``phrase``."""
        return phrase in self.shown()

    def __add__(self, other: object) -> str:
        """Joined to a plain text (a client's hint) as shown: ``note.said + hint``."""
        return self.shown() + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + self.shown()


def text(template: str, /, **args: Any) -> Text:
    """``template`` (marked with ``N_``) filled with ``args`` when it is shown."""
    return Text(template, tuple(args.items()))


def ctext(context: str, template: str, /, **args: Any) -> Text:
    """As :func:`text` for a template marked with ``NC_(context, template)``."""
    return Text(template, tuple(args.items()), context=context)


def plural(forms: tuple[str, str], n: int, /, **args: Any) -> Text:
    """A count's sentence, ``forms`` marked with ``Nn_``; ``n`` chooses the form (and fills
    ``{n}`` unless ``args`` say otherwise)."""
    args.setdefault("n", Count(n))
    return Text(forms[0], tuple(args.items()), plural=forms[1], n=n)


def shown(value: Any) -> str:
    """Any text or argument as the current language shows it (a plain ``str`` as it is; a
    :class:`tapdesk.i18n.deferred.Text`, itself a ``str``, made again by its own ``shown``)."""
    if hasattr(value, "shown"):
        return str(value.shown())
    if isinstance(value, str):
        return value
    return str(value)


def english(value: Any) -> str:
    """What ``value`` says in English: the form a machine interface (JSON, a lookup key) keeps."""
    if isinstance(value, str):
        return value
    with language(SOURCE):
        return shown(value)
