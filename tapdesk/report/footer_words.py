"""The words every page's footer writes (PDF, DOCX, ODT, HTML), in the report's language."""

from __future__ import annotations

import re
from typing import Any

from tapdesk.i18n import _

FIELDS = ("{number}", "{total}")


def footer_words(doc: Any) -> str:
    """The footer's first line: what the report is, and the command's lead-in when it has one."""
    if doc.footer_command:
        # Translators: the first line of every page's footer; {subtitle} names the data file and
        # the analysis ("wine.csv: t-a-p model"); the command that reproduces the report follows.
        return _("{subtitle}. Reproduce this report with:").format(subtitle=doc.subtitle)
    return f"{doc.subtitle}."              # a sheet made in the app: no command to show


def reproduce_lead() -> str:
    # Translators: above the command(s) that reproduce the report (the HTML report's end).
    return _("Reproduce this report with:")


def page_template() -> str:
    # Translators: every page's number in the footer; {number} is this page's number, {total}
    # the number of pages.
    return _("Page {number} of {total}")


def page_of(number: int, total: int) -> str:
    return page_template().format(number=number, total=total)


def page_pieces() -> list[str]:
    """The page-number text cut at its fields, in the language's order: ["Page ", "{number}",
    " of ", "{total}", ""] (a word processor fills the fields in)."""
    return re.split(r"(\{number\}|\{total\})", page_template())


def html_language() -> str:
    """The ``lang`` of an HTML report: the language it is written in."""
    from tapdesk.i18n import current_language
    return current_language()


def document_language() -> tuple[str, str | None]:
    """The language and region a word processor checks the report's spelling in and hyphenates
    it by: ("en", "GB") for English, as TapDesk always marked it; another language with its
    likeliest region by CLDR ("de" -> "DE", "fr" -> "FR"); a code CLDR does not know (the
    pseudo-language) without a region."""
    code = html_language()
    if code == "en":
        return "en", "GB"
    from babel.core import get_global
    likely = str(get_global("likely_subtags").get(code, ""))
    region = likely.split("_")[-1] if likely.count("_") >= 1 else ""
    return code, region if region.isalpha() and region.isupper() else None
