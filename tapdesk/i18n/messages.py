"""Translating a text: ``_``, ``ngettext``, ``pgettext``, ``npgettext`` in the current language.

A translatable text is a whole sentence with named placeholders, filled after translation::

    # Translators: {rater} is a rater's name as the data file gives it.
    _("{rater} was shown to be less accurate than the panel").format(rater=name)

never a sentence glued from pieces (word order differs between languages). ``N_`` marks a text
for the catalog where it is defined (a table of menu entries) and is translated where it is
shown. In English every function gives its text back unchanged.
"""

from __future__ import annotations

from tapdesk.i18n.catalogs import translations
from tapdesk.i18n.current import current_language


def _(message: str) -> str:
    return translations(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the count ``n`` by the language's plural rule."""
    return translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A text whose meaning its ``context`` fixes (a tab's name "Data" and the word "data")."""
    return translations(current_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(current_language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for it
    """``message`` as it is, marked for the catalog (translated later, where it is shown)."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 - as N_
    """``message`` marked for the catalog with its ``context`` (translated by ``pgettext``)."""
    return message
