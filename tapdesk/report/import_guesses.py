"""Page one's short list of what the import decided on its own (issue 74).

When TapDesk reads a file it sometimes has to decide something the file does not say: which
encoding and delimiter a text file uses, which sheet holds the ratings, that a column of
comments is no rater and is left out. The importer keeps those notes apart
(``Provenance.guesses``, a subset of ``Provenance.notes``); the report's first page ends with
them as a short list, so a committee checks them before it trusts the numbers. The section
"Data" prints every note of the import in full.
"""

from __future__ import annotations

from typing import Any

from tapdesk.i18n import _, ngettext
from tapdesk.i18n.formats import integer, quoted
from tapdesk.report.context import ReportContext
from tapdesk.report.document import BulletList, Paragraph

SHOWN = 8
"""Page one lists at most this many; a line then says how many more the section "Data" has."""


def import_guesses(ctx: ReportContext) -> tuple[str, ...]:
    """What the import of the first analysis's data decided on its own, in the current
    language: its table's provenance where the analysis has its table, else its result's."""
    first = ctx.parts[0]
    prov = first.table.provenance if first.table is not None else first.result.provenance
    return tuple(str(text) for text in getattr(prov, "guesses", ()) if str(text).strip())


def guesses_blocks(ctx: ReportContext) -> list[Any]:
    """A label, the guesses as bullets (at most :data:`SHOWN`, then how many more) and a
    sentence that asks the reader to check them; nothing when the import guessed nothing."""
    guesses = import_guesses(ctx)
    if not guesses:
        return []
    items = [_as_item(text) for text in guesses[:SHOWN]]
    more = len(guesses) - SHOWN
    data = quoted(_("Data"))
    if more > 0:
        # Translators: the last item of page one's list of what TapDesk decided on its own
        # when it read the data file; {n} is how many more such points there are, {section}
        # the name of the report's section "Data" in quotes.
        items.append(ngettext("And {n} more point, listed in the section {section}.",
                              "And {n} more points, listed in the section {section}.",
                              more).format(n=integer(more), section=data))
    # Translators: a label on page one, above the list of what TapDesk decided on its own
    # when it read the data file (its encoding and delimiter, the sheet it took, a column of
    # comments it left out ...).
    return [Paragraph(_("How the file was read"), "label"), BulletList(tuple(items)),
            # Translators: under that list on page one; {section} is the name of the report's
            # section "Data" in quotes, which lists every note on reading the file.
            Paragraph(_("TapDesk decided these points on its own when it read the file, so "
                        "please check that each one is right; the section {section} gives the "
                        "details.").format(section=data), "small")]


def _as_item(text: str) -> str:
    """An import note as a list item: its first letter a capital, ended by a full stop."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."
