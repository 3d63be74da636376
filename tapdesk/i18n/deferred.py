"""A text kept as what makes it, written in a language only when it is shown (issue 54).

A frozen result, a finding or a notice is made once (often in another process) and shown many
times, on surfaces that may each speak another language (a German screen, an English report).
So what it stores is a :class:`Text`: the English text itself (a ``str``: JSON, ``--json``,
saved files, comparisons and every English surface read it as before, byte for byte) that also
remembers its recipe, the template and named arguments it was made from. :func:`shown` writes
it in the current language::

    # Translators: {rater} is a rater's name as the data file gives it.
    note = said("{rater} gave the same rating to every subject", rater=name)
    str(note)                        # the English, always
    with i18n.language("de"):
        shown(note)                  # the German, made now

A template is marked for the catalog by the call itself (``said``, ``said_n``, ``said_p`` are
extraction keywords, as ``_``, ``ngettext`` and ``pgettext``). An argument is a name (kept as
it is), a count (an ``int``: grouped by the language), another :class:`Text`, or a number the
caller wrote with :func:`made` (``made(formats.percent, 0.54)``: the function is called again,
under the language shown). Joining and capitalising are recipes too (:func:`joined_text`,
:func:`capitalised`), so a sentence glued from translated clauses is glued again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from tapdesk.i18n.catalogs import translations
from tapdesk.i18n.current import current_language, is_source, language
from tapdesk.i18n.languages import SOURCE

Recipe = tuple[Any, ...]


class Text(str):
    """English text that can be written again in the current language (:meth:`shown`)."""

    recipe: Recipe

    def __new__(cls, english: str, recipe: Recipe) -> Text:
        made = super().__new__(cls, english)
        made.recipe = recipe
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (str.__str__(self), self.recipe))

    def shown(self) -> str:
        """This text in the current language (the English itself in English)."""
        if is_source():
            return str.__str__(self)
        return _render(self.recipe)


def shown(text: Any) -> str:
    """``text`` as the current language writes it: a :class:`Text` made again; a plain text
    stored as it was marked (``N_``: a table of meanings, a model's title) translated by the
    catalog; any other text as it is (a name, or a sentence stored before it could be
    translated)."""
    if isinstance(text, Text):
        return text.shown()
    if text is None:
        return ""
    if is_source() or not isinstance(text, str) or not text:
        return str(text)
    return translations(current_language()).gettext(text)


def said(template: str, /, **args: Any) -> Text:
    """A sentence from ``template`` with its named ``args``, translated when shown."""
    return _message(None, template, None, None, args)


def said_n(singular: str, plural: str, n: int, /, **args: Any) -> Text:
    """As :func:`said` for a count ``n``: the language's plural form of the template."""
    return _message(None, singular, plural, int(n), args)


def said_p(context: str, template: str, /, **args: Any) -> Text:
    """As :func:`said` for a template whose meaning its ``context`` fixes."""
    return _message(context, template, None, None, args)


def made(function: Callable[..., str], *args: Any) -> Text:
    """``function(*args)`` (a module-level function writing a number, a list ...), called
    again under the language shown. Its English is made under English whatever is current."""
    name = f"{function.__module__}:{function.__qualname__}"
    with language(SOURCE):
        english = function(*(_english(a) for a in args))
    return Text(english, ("call", name, tuple(args)))


def joined_text(separator: str, parts: Iterable[Any]) -> Text:
    """``separator.join(parts)``, each part shown in the language shown."""
    return made(_join, separator, tuple(parts))


def capitalised(text: Any) -> Text:
    """``text`` with its first letter a capital (a clause that starts a sentence)."""
    return made(_capital, text)


def _join(separator: str, parts: tuple[str, ...]) -> str:
    if separator == "; ":                     # clauses: the language's semicolon
        from tapdesk.i18n.formats import clauses
        return clauses(parts)
    return separator.join(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _message(context: str | None, singular: str, plural: str | None, n: int | None,
             args: dict[str, Any]) -> Text:
    english = (singular if n is None or n == 1 else plural or singular)
    recipe = ("message", context, singular, plural, n, tuple(args.items()))
    return Text(english.format(**{k: _english(v) for k, v in args.items()}), recipe)


def _english(value: Any) -> Any:
    if isinstance(value, Text):
        return str.__str__(value)
    if isinstance(value, tuple):
        return tuple(_english(v) for v in value)
    return value


def _shown_argument(value: Any) -> Any:
    if isinstance(value, Text):
        return value.shown()
    if isinstance(value, tuple):
        return tuple(_shown_argument(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        from tapdesk.i18n.formats import integer
        return integer(value)
    return value


def _render(recipe: Recipe) -> str:
    if recipe[0] == "call":
        _, name, args = recipe
        return _function(name)(*(_shown_argument_raw(a) for a in args))
    _, context, singular, plural, n, args = recipe
    catalog = translations(current_language())
    if plural is None:
        template = catalog.gettext(singular) if context is None else catalog.pgettext(context,
                                                                                      singular)
    elif context is None:
        template = catalog.ngettext(singular, plural, n)
    else:
        template = catalog.npgettext(context, singular, plural, n)
    return template.format(**{k: _shown_argument(v) for k, v in args})


def _shown_argument_raw(value: Any) -> Any:
    """An argument of a function recipe: texts shown, numbers left for the function to write."""
    if isinstance(value, Text):
        return value.shown()
    if isinstance(value, tuple):
        return tuple(_shown_argument_raw(v) for v in value)
    return value


_FUNCTIONS: dict[str, Callable[..., str]] = {}


def _function(name: str) -> Callable[..., str]:
    found = _FUNCTIONS.get(name)
    if found is None:
        module, _, qualname = name.partition(":")
        if module.split(".")[0] != "tapdesk":     # a recipe names TapDesk's own writers only
            raise ValueError(f"a text's recipe names {name!r}, not one of TapDesk's writers")
        target: Any = importlib.import_module(module)
        for part in qualname.split("."):
            target = getattr(target, part)
        found = _FUNCTIONS[name] = target
    return found
