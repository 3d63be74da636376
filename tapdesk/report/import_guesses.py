"""Page one's short list of what the import decided on its own (issue 74).

When TapDesk reads a file it sometimes has to decide something the file does not say: which
encoding and delimiter a text file uses, which sheet holds the ratings, that a column of
comments is no rater and is left out. The importer keeps those notes apart
(``Provenance.guesses``, a subset of ``Provenance.notes``); the report's first page ends with
them as a short list, so a committee checks them before it trusts the numbers. The section
"Data" prints every note of the import in full; page one says each without its asides in
brackets (the evidence: shares, counts, examples), and cut short where it is still long.
"""

from __future__ import annotations

from typing import Any

from tapdesk.data.wording import Sentences, Wording, shown
from tapdesk.i18n import _, ngettext, pgettext
from tapdesk.i18n.formats import integer, quoted
from tapdesk.report.context import ReportContext
from tapdesk.report.document import BulletList, Paragraph

SHOWN = 8
"""Page one lists at most this many; a line then says how many more the section "Data" has."""
LONGEST = 200
"""Page one shows at most about this many characters of each (two lines of the list): a
longer one ends at a clause's end before it, with "…"."""


def import_guesses(ctx: ReportContext) -> tuple[str, ...]:
    """What the import of the first analysis's data decided on its own, each as page one says
    it, in the current language: from its table's provenance where the analysis has its table,
    else from its result's."""
    first = ctx.parts[0]
    prov = first.table.provenance if first.table is not None else first.result.provenance
    guesses = getattr(prov, "guesses", ())
    kept = guesses.data() if isinstance(guesses, Sentences) else tuple(guesses)
    texts = (_short(guess).strip() for guess in kept)
    return tuple(text for text in texts if text)


def guesses_blocks(ctx: ReportContext) -> list[Any]:
    """A label, the guesses as bullets (at most :data:`SHOWN`, then how many more) and a
    sentence that asks the reader to check them; nothing when the import guessed nothing."""
    guesses = import_guesses(ctx)
    if not guesses:
        return []
    items = [_cut(text[:1].upper() + text[1:]) for text in guesses[:SHOWN]]
    more = len(guesses) - SHOWN
    data = quoted(_("Data"))
    if more > 0:
        # Translators: the last item of page one's list of what TapDesk decided on its own
        # when it read the data file; {n} is how many more such points there are, {section}
        # the name of the report's section "Data" in quotes.
        items.append(ngettext("And {n} more point, listed in the section {section}",
                              "And {n} more points, listed in the section {section}",
                              more).format(n=integer(more), section=data))
    # Translators: a label on page one, above the list of what TapDesk decided on its own
    # when it read the data file (its encoding and delimiter, the sheet it took, a column of
    # comments it left out ...).
    return [Paragraph(_("How the file was read"), "label"), BulletList(tuple(items)),
            # Translators: under that list on page one (keep it to one line); {section} is the
            # name of the report's section "Data" in quotes, where each point is given whole.
            Paragraph(_("TapDesk decided these points on its own: please check them; the "
                        "section {section} has the details.").format(section=data), "small")]


def _short(guess: str | Wording) -> str:
    """A note in the current language without the asides in brackets of its template (the
    evidence behind it); a name from the data in it is never cut, a plain text is as it is."""
    if not isinstance(guess, Wording):
        return str(guess)
    if guess.context is not None:                    # as Wording.text chooses its template
        template = pgettext(guess.context, guess.template)
    elif guess.plural is None:
        template = _(guess.template)
    else:
        template = ngettext(guess.template, guess.plural, guess.count)
    values = {name: shown(value) for name, value in guess.values}
    try:
        return _unbracketed(template).format(**values)
    except (KeyError, IndexError, ValueError):      # a bracket that held part of a field
        return guess.text()


def _unbracketed(template: str) -> str:
    """``template`` without each " (...)" in it (brackets inside one go with it)."""
    out: list[str] = []
    depth = 0
    for i, char in enumerate(template):
        if depth == 0 and char == "(" and i > 0 and template[i - 1] == " ":
            out.pop()                                # the space before it
            depth = 1
        elif depth and char in "()":
            depth += 1 if char == "(" else -1
        elif not depth:
            out.append(char)
    return "".join(out) if depth == 0 else template  # an unclosed bracket: left as it is


def _cut(text: str) -> str:
    """``text``, or where it is longer than :data:`LONGEST` characters, its start to the last
    clause's end before that (a semicolon or a colon; else a comma; else a space) that keeps
    at least half of them, and "…"."""
    if len(text) <= LONGEST:
        return text
    head = text[:LONGEST]
    for marks in (("; ", ": "), (", ",), (" ",)):
        cut = max(head.rfind(mark) for mark in marks)
        if cut >= LONGEST // 2:
            return head[:cut].rstrip() + "\u2026"
    return head.rstrip() + "\u2026"
