"""The Raters tab's line above its table: what the verdicts say, in the verdicts' own words.

The highlighted rows are the raters flagged for a closer look (the Flag column says why: one
rating, the same rating every time, accuracy near chance ...), which is not a verdict that a
rater is worse than the others; only the panel-wide procedure names raters as less or more
accurate than the rest of the panel, and this line says whom it named, as the verdict columns
do (issue 53, item 9: "flagged as weak (0)" beside verdicts that read "not shown to differ").
"""

from __future__ import annotations

from tapdesk.engine.rater_words import listed
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import class_words
from tapdesk.i18n import N_, _, formats, ngettext

# Translators: the Raters tab's line names the raters a verdict names after these words and a
# colon ("...: J1 and J3."); {one} is the name of Class 1 ('gold').
NAMED = (("a", "lower", N_("Shown to be less accurate than the rest of the panel")),
         ("a", "higher", N_("Shown to be more accurate than the rest of the panel")),
         # Translators: a verdict that names raters, followed by a colon and their names; {one} is
         # the name of Class 1 ('gold').
         ("p", "more", N_("Shown to call {one} more often than the rest of the panel when "
                          "guessing")),
         # Translators: a verdict that names raters, followed by a colon and their names; {one} is
         # the name of Class 1 ('gold').
         ("p", "less", N_("Shown to call {one} less often than the rest of the panel when "
                          "guessing")))
"""Each verdict that names a rater, and what it says of them."""


def raters_note(result: FitResult, n_raters: int, n_flagged: int) -> str:
    """"4 raters. No rater was shown to differ ... No rater is flagged for a closer look. Click a
    column heading to sort." for a fit with per-rater estimates."""
    # Translators: the start of the Raters tab's line; {n} is a count of raters.
    said = (ngettext("{n} rater.", "{n} raters.", n_raters).format(n=formats.integer(n_raters)),
            verdicts_line(result), flags_line(n_flagged),
            _("Click a column heading to sort."))
    return " ".join(s for s in said if s)


def verdicts_line(result: FitResult) -> str:
    """Whom the panel-wide procedure named, verdict by verdict ("" for a fit without
    comparisons against the rest of the panel)."""
    known = [c for c in result.comparisons if c.verdict != "unknown"]
    if not known:
        return ""
    one = class_words(result.class_choice)[0] if result.class_choice is not None \
        else _("Class 1")
    parts = []
    for name, verdict, words in NAMED:
        raters = [c.rater_id for c in known if c.name == name and c.verdict == verdict]
        if raters:
            # Translators: {verdict} is what the verdict says ("Shown to be less accurate than
            # the rest of the panel"), {raters} the raters it names ("J1 and J3").
            parts.append(_("{verdict}: {raters}.").format(verdict=_(words).format(one=one),
                                                          raters=listed(raters)))
    if not parts:
        return _("No rater was shown to differ from the rest of the panel (the verdict columns).")
    return " ".join([*parts, _("The others were not shown to differ.")])


def flags_line(n_flagged: int) -> str:
    """How many rows are highlighted, and what the highlight means."""
    if not n_flagged:
        return _("No rater is flagged for a closer look.")
    # Translators: the Raters tab's line; {n} is a count of highlighted raters.
    return ngettext("Highlighted: {n} rater flagged for a closer look (the Flag column says why).",
                    "Highlighted: {n} raters flagged for a closer look (the Flag column says "
                    "why).", n_flagged).format(n=formats.integer(n_flagged))
