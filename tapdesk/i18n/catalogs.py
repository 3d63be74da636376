"""The translations of each language, loaded once from its compiled catalog.

The catalogs are gettext's: ``locale/<code>/LC_MESSAGES/tapdesk.po`` is what translators edit,
``tapdesk.mo`` beside it the compiled form the app reads (committed, so a source checkout, the
wheel and the bundle all carry it; ``scripts/catalogs.py compile`` writes it and a test keeps it
equal to its ``.po``). The standard library reads them: no Babel at start-up.
"""

from __future__ import annotations

import gettext
from functools import cache

from tapdesk.i18n.languages import DOMAIN, LOCALE_DIR, PSEUDO, SOURCE
from tapdesk.i18n.pseudo import PseudoTranslations

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code``; English (the source) and a language without a catalog give the
    texts as written."""
    if code == SOURCE:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return PseudoTranslations(TEMPLATE)
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)
