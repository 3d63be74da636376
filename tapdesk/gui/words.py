"""The window's own words in the current language, and again in a new one (View > Language).

:func:`say` sets a widget's text (``setText``, ``setToolTip``, ``setTitle``, ...) from a text
marked for the catalog and remembers which, so :func:`retranslate` can set it again when the
language changes; a widget whose words are built from data (a summary of a data set) words
itself again in its ``retranslate_texts()``, which :func:`retranslate` calls too. Qt sends
``QEvent.LanguageChange`` only when one of its own translators changes, which English and the
pseudo-language do not load, so View > Language calls :func:`retranslate` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from tapdesk.i18n import _, pgettext

W = TypeVar("W", bound=QObject)

_RECORD = "_tapdesk_words"


def word(text: str, context: str | None = None, **fields: Any) -> str:
    """``text`` in the current language, its named placeholders filled (a field may be a
    function, called now: a number written as the language writes it)."""
    said = pgettext(context, text) if context else _(text)
    if fields:
        said = said.format(**{k: v() if callable(v) else v for k, v in fields.items()})
    return said


def say(widget: W, setter: str, text: str, *args: Any, context: str | None = None,
        markup: str = "{}", **fields: Any) -> W:
    """``widget.<setter>(*args, text)`` in the current language (put in ``markup``, HTML the
    translator need not see), remembered for :func:`retranslate`; ``widget``."""
    record: dict = widget.__dict__.setdefault(_RECORD, {})
    record[(setter, args)] = (text, context, markup, fields)
    getattr(widget, setter)(*args, markup.format(word(text, context, **fields)))
    return widget


def retranslate(root: QObject | None = None) -> None:
    """Every remembered text under ``root`` (every top-level window when None) again in the
    current language, and each ``retranslate_texts()`` called."""
    roots = [root] if root is not None else list(QApplication.topLevelWidgets())
    objects = [obj for top in roots for obj in (top, *top.findChildren(QObject))]
    for obj in objects:             # the fixed texts first, which the hooks may copy
        for (setter, args), (text, context, markup, fields) in obj.__dict__.get(_RECORD, {}).items():
            getattr(obj, setter)(*args, markup.format(word(text, context, **fields)))
    for obj in objects:
        hook: Callable[[], None] | None = getattr(obj, "retranslate_texts", None)
        if callable(hook):
            hook()
