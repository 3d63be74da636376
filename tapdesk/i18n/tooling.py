"""Making the catalogs (``scripts/catalogs.py`` and the catalog tests; never imported by the app).

Babel does the work: its Python extractor finds every ``_``, ``ngettext``, ``pgettext``, ``Nn_``,
``npgettext``, ``N_`` and ``NC_`` call (and ``said``, ``said_n``, ``said_p``
of :mod:`tapdesk.i18n.deferred`) in ``tapdesk/`` with the ``# Translators:`` comment above
it, writes the template ``locale/tapdesk.pot``, merges it into each language's ``.po`` and
compiles the ``.mo`` the app reads.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tapdesk.i18n.languages import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE

PACKAGE_DIR = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "Nn_": (1, 2),
    "said": None, "said_n": (1, 2), "said_p": ((1, "c"), 2),     # tapdesk.i18n.deferred
}
COMMENT_TAGS = ("Translators:",)


def extracted() -> Catalog:
    """The template as the code asks for it now."""
    catalog = Catalog(project="TapDesk", copyright_holder="The TapDesk team", fuzzy=False)
    found = extract_from_dir(str(PACKAGE_DIR), method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"tapdesk/{filename}", lineno)], auto_comments=comments,
                    context=context)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    """A catalog as ``.po`` text, sorted by source file, without line numbers or the template's
    date (so the same code writes the same file, and moving a line changes no catalog)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_by_file=True, include_lineno=False, ignore_obsolete=True)
    return b"\n".join(line for line in buffer.getvalue().split(b"\n")
                      if not line.startswith(b'"POT-Creation-Date:'))


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def catalog_path(code: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def translated_languages() -> list[str]:
    return [language.code for language in LANGUAGES if language.code != SOURCE]


def write_template() -> None:
    TEMPLATE.write_bytes(po_bytes(extracted()))


def update(code: str) -> None:
    """Merge the template into ``code``'s catalog (a new language starts empty)."""
    template = read(TEMPLATE)
    path = catalog_path(code)
    if path.exists():
        catalog = read(path, locale=code)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=code, project="TapDesk", copyright_holder="The TapDesk team",
                          fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    path.write_bytes(po_bytes(catalog))


def mo_bytes(code: str) -> bytes:
    """``code``'s compiled catalog, from its ``.po``."""
    buffer = io.BytesIO()
    catalog = read(catalog_path(code), locale=code)
    if not isinstance(catalog.revision_date, dt.datetime):    # never revised: no date to give
        catalog.revision_date = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
    catalog.creation_date = catalog.revision_date      # the .po keeps no creation date
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_catalog(code: str) -> None:
    catalog_path(code, ".mo").write_bytes(mo_bytes(code))


def placeholders(text: str) -> set[str]:
    """The named fields of a template: "{rater} was ... {share}" -> {"rater", "share"}."""
    fields: set[str] = set()
    for _literal, field, _spec, _conversion in Formatter().parse(text):
        if field is not None:
            fields.add(field)
    return fields


def mnemonics(text: str) -> int:
    """How many mnemonic marks ("&F") a text has ("&&" is a plain ampersand)."""
    return len(re.findall(r"(?<!&)&(?!&)", text.replace("&&", "")))


def _key(message: Message) -> tuple[str | None, str]:
    first = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return message.context, str(first)


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """What keeps ``catalog`` from being a whole translation of ``template``: a text not
    translated (or fuzzy), a placeholder added, lost or renamed, a mnemonic lost or doubled, a
    plural text without each of the language's forms, or a plural rule that is not CLDR's."""
    code = str(catalog.locale)
    found: list[str] = []
    expected_rule = Catalog(locale=code).plural_forms
    if catalog.plural_forms != expected_rule:
        found.append(f"{code}: Plural-Forms is {catalog.plural_forms!r}, CLDR's is {expected_rule!r}")
    translated = {_key(m): m for m in catalog if m.id}
    for source in template:
        if not source.id:
            continue
        key = _key(source)
        where = f"{code}: {key[1]!r}" + (f" ({key[0]})" if key[0] else "")
        message = translated.get(key)
        if message is None or message.fuzzy or not _complete(message):
            found.append(f"{where} is not translated")
            continue
        ids, forms = _texts(source.id), _texts(message.string)
        plural = len(ids) > 1
        if plural and len(forms) != catalog.num_plurals:
            found.append(f"{where} has {len(forms)} plural forms, {code} needs {catalog.num_plurals}")
        wanted = placeholders(ids[-1])
        for form in forms:
            if placeholders(form) != wanted:
                found.append(f"{where}: placeholders {sorted(placeholders(form))} in {form!r}, "
                             f"the template has {sorted(wanted)}")
            if mnemonics(form) != mnemonics(ids[0]):
                found.append(f"{where}: {form!r} must have as many mnemonics (&) as the English")
    return found


def _texts(value: object) -> list[str]:
    """A message's id or string as a list of its forms (one, or each plural form)."""
    if isinstance(value, tuple | list):
        return [str(form or "") for form in value]
    return [str(value or "")]


def _complete(message: Message) -> bool:
    return all(_texts(message.string))


def template_differences() -> list[str]:
    """The texts the code asks for that the template lacks, and those it holds for nothing
    (``scripts/catalogs.py extract`` mends both), with their translator notes."""
    def entries(catalog: Catalog) -> set[tuple]:
        return {(*_key(m), tuple(m.id) if isinstance(m.id, tuple | list) else m.id,
                 tuple(m.auto_comments)) for m in catalog if m.id}
    now, kept = entries(extracted()), entries(read(TEMPLATE))
    return ([f"not in the template: {e[1]!r}" for e in sorted(now - kept, key=str)]
            + [f"in the template, no longer in the code: {e[1]!r}" for e in sorted(kept - now, key=str)])
