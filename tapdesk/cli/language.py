"""The command line's language: ``--language CODE`` anywhere before ``--`` (``tapdesk report
DATA --language de``), else the environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English. It sets the language of the human text; machine output (``--json``,
the columns of exported tables) never changes."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.i18n import _, formats

OPTION = "--language"


def language_option(argv: list[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--language CODE`` (or ``--language=CODE``), and the code given
    (None when none was)."""
    rest: list[str] = []
    code: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == OPTION:
            code = next(words, "")
        elif word.startswith(OPTION + "="):
            code = word.split("=", 1)[1]
        else:
            rest.append(word)
    return rest, code


def unknown_language(code: str) -> str:
    """The one-line error for a language TapDesk does not ship."""
    names = ", ".join(f"{language.code} ({language.name})" for language in i18n.offered())
    # Translators: {code} is what the user typed after --language; {languages} lists the
    # languages TapDesk ships as "code (name)", joined by commas.
    return _("tapdesk: error: no language {code}: choose one of {languages}").format(
        code=formats.quoted(code), languages=names)


def set_cli_language(code: str | None) -> bool:
    """Speak ``code``, or the environment's language when None; False for a code not shipped."""
    if code is None:
        i18n.set_language(i18n.from_environment())
        return True
    if i18n.known(code) is None or (code == i18n.PSEUDO and i18n.PSEUDO not in
                                    [language.code for language in i18n.offered()]):
        i18n.set_language(i18n.from_environment())
        return False
    i18n.set_language(code)
    return True
