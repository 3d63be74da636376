"""The languages TapDesk speaks: English, German, French and Spanish (issue 54).

Below every layer and Qt-free, so the engine's sentences, the report, the command line and the
app all translate the same way:

- :mod:`~tapdesk.i18n.messages`: ``_``, ``ngettext``, ``pgettext``, ``npgettext`` (and ``N_``,
  ``NC_`` to mark a text where it is defined), whole-sentence templates with named placeholders;
- :mod:`~tapdesk.i18n.formats`: numbers, percents, intervals, dates and lists by the language's
  rules (Babel's CLDR data), English unchanged;
- :mod:`~tapdesk.i18n.current`: the current language, and a block written in another;
- :mod:`~tapdesk.i18n.languages`: the languages shipped, the pseudo-language, and the language
  the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) asks for;
- the catalogs in ``locale/`` (``docs/translating.md`` says how to add a language).
"""

from tapdesk.i18n.current import current_language, language, set_language
from tapdesk.i18n.languages import LANGUAGES, PSEUDO, SOURCE, Language, from_environment, known, offered
from tapdesk.i18n.messages import N_, NC_, _, ngettext, npgettext, pgettext

__all__ = ["LANGUAGES", "NC_", "N_", "PSEUDO", "SOURCE", "Language", "_", "current_language",
           "from_environment", "known", "language", "ngettext", "npgettext", "offered",
           "pgettext", "set_language"]
