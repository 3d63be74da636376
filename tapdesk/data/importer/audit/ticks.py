"""Principle: a tick list's blank is an answer.

A sheet where each rater marks the subjects that have something ('x', '✓', 'yes', '1') and
leaves the others blank holds two answers, ticked and not ticked: read with its blanks as
missing ratings it holds one category, on which no agreement can be seen, and the subjects no
rater ticked vanish. When every rating of a panel of raters in columns is one mark and blank
cells are common, the blanks are read as the category '(blank)' when the mark is a tick ('x',
'✓', 'yes'; said, and switched off with the rule, for a sheet whose blanks are truly unrated);
when the one category is any other value, the reading is only said: no agreement can be seen.
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import ACT, FLAG, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Count, Name, Wording
from tapdesk.i18n import N_

RULE = "tick-list"
BLANK = "(blank)"
"""The category a tick list's blank cell becomes (as a spreadsheet's pivot table names it)."""
MIN_BLANK = 0.1         # blank cells at least this share of the panel's
MIN_SUBJECTS = 5
MARKS = frozenset({"x", "✓", "✔", "☑", "☒", "✗", "✘", "×", "*", "+", "yes", "y", "ja", "j", "oui",
                   "sí", "si", "sim", "true", "wahr", "vrai", "verdadero", "checked", "ticked",
                   "selected", "angekreuzt", "coché", "marcado"})
"""Cells that tick a box (in lower case); a one-category panel of another value is said only."""


def blanks_of_a_tick_list_are_answers(reading: Reading) -> list[Finding]:
    """A tick list's blank is an answer: a panel whose every rating is one mark reads its
    blank cells as the category '(blank)'."""
    t = reading.ratings
    if not reading.raters_are_columns or len(t.rater_ids) < 2 or reading.options.blank_as or \
            len(t.scale.categories) != 1 or len(t.subject_ids) < MIN_SUBJECTS:
        return []
    if any(reading.user_named(c) for c in t.rater_ids):
        return []
    cells = len(t.subject_ids) * len(t.rater_ids)
    blank = cells - t.n_ratings
    if blank < MIN_BLANK * cells:
        return []
    mark = t.scale.categories[0]
    if mark.casefold() not in MARKS:
        # Translators: a warning; {mark} the one rating the file holds; {n} and {cells} counts.
        return [Finding(RULE, Wording.of(N_("every rating is {mark}, and {n} of the {cells} cells "
                                            "are blank: with one category no agreement can be "
                                            "seen; if a blank means an answer (a box not "
                                            "ticked), write that answer in the blank cells"),
                                         mark=Name(mark), n=Count(blank), cells=Count(cells)),
                        FLAG, tuple(t.rater_ids))]
    # Translators: an import note; {mark} the one rating the file holds; {blank} the category
    # blank cells become; {n} and {cells} counts of cells.
    wording = Wording.of(N_("every rating is {mark}, and {n} of the {cells} cells are blank: a "
                            "tick list, whose blank cells are read as the answer {blank} (not "
                            "ticked); with blanks as missing ratings there would be one category "
                            "and no agreement to see"),
                         mark=Name(mark), blank=Name(BLANK), n=Count(blank), cells=Count(cells))
    return [Finding(RULE, wording, ACT, tuple(t.rater_ids), action="guessed", blank=BLANK)]
