"""The languages TapDesk speaks, and which one a system or a setting asks for.

A language is a code (``de``) with its own name (``Deutsch``: a person who cannot read the app's
current language still finds their own). English is the source language of every text; the
others have a catalog in ``locale/<code>/LC_MESSAGES/tapdesk.po`` (``docs/translating.md``).
Adding a language is adding its catalog and one line to :data:`LANGUAGES`' source,
``locale/languages.txt``, no code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The catalogs: ``tapdesk.pot`` (the template) and ``<code>/LC_MESSAGES/tapdesk.po`` and ``.mo``."""

DOMAIN = "tapdesk"
SOURCE = "en"
"""The language the texts are written in (its catalog is the code itself)."""

PSEUDO = "qps"
"""The pseudo-language (every text accented, longer, in brackets), for finding untranslated
text; offered only when :data:`PSEUDO_SWITCH` is set in the environment."""

PSEUDO_SWITCH = "TAPDESK_PSEUDO_LANGUAGE"


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    """The language's name in that language (``Deutsch``), as a language menu lists it."""


def _listed() -> tuple[Language, ...]:
    """English, then each language of ``locale/languages.txt`` ("code name" per line)."""
    found = [Language(SOURCE, "English")]
    listing = LOCALE_DIR / "languages.txt"
    for line in listing.read_text(encoding="utf-8").splitlines():
        code, _sep, name = line.strip().partition(" ")
        if code and not code.startswith("#"):
            found.append(Language(code, name.strip()))
    return tuple(found)


LANGUAGES: tuple[Language, ...] = _listed()
"""Every language TapDesk ships, English first."""

PSEUDO_LANGUAGE = Language(PSEUDO, "[Ƥšéûðö]")


def codes() -> tuple[str, ...]:
    return tuple(language.code for language in LANGUAGES)


def pseudo_offered(environ: Mapping[str, str] | None = None) -> bool:
    """Whether a developer asked for the pseudo-language (``TAPDESK_PSEUDO_LANGUAGE=1``)."""
    value = (os.environ if environ is None else environ).get(PSEUDO_SWITCH, "")
    return value not in ("", "0")


def offered(environ: Mapping[str, str] | None = None) -> tuple[Language, ...]:
    """The languages a user may choose: the shipped ones, and the pseudo-language when asked for."""
    return LANGUAGES + ((PSEUDO_LANGUAGE,) if pseudo_offered(environ) else ())


def known(code: str | None) -> str | None:
    """The shipped language a tag names (``de``, ``de_DE.UTF-8``, ``de-AT``, ``fr_CA@euro``),
    the pseudo-language's own code, or None (``C``, ``POSIX``, a language not shipped)."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base == PSEUDO:
        return PSEUDO
    return base if base in codes() else None


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, by gettext's order: ``LANGUAGE`` (a colon-separated
    list of preferences, the first shipped one wins), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
    English when none names a shipped language. As gettext does, ``LANGUAGE`` is ignored when
    the locale is ``C``."""
    env = os.environ if environ is None else environ
    locale = next((env[k] for k in LOCALE_VARIABLES[1:] if env.get(k)), "")
    if locale not in ("", "C", "POSIX") and not locale.startswith("C."):
        for tag in env.get("LANGUAGE", "").split(":"):
            if known(tag):
                return str(known(tag))
    return known(locale) or SOURCE


def environment_says(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the environment names a locale at all (Linux does; Windows and macOS keep the
    user's language elsewhere, which the app asks Qt for)."""
    env = os.environ if environ is None else environ
    return any(env.get(name) for name in LOCALE_VARIABLES)
