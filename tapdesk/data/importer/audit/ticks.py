"""Principle: a tick list's blank is an answer.

A sheet where each rater marks the subjects that have something ('x', '✓', 'yes', '1') and
leaves the others blank holds two answers, ticked and not ticked: read with its blanks as
missing ratings it holds one category, on which no agreement can be seen, and the subjects no
rater ticked vanish. When every rating of a panel of raters in columns is one mark and blank
cells are common, the blanks are read as the category '(blank)' when the mark is a tick ('x',
'✓', 'yes'; said, and switched off with the rule, for a sheet whose blanks are truly unrated);
when the one category is any other value, the reading is only said: no agreement can be seen.
A sheet where every subject is ticked in the same number of columns is an assignment (who is to
rate what), not a tick list of findings: it is refused.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, FLAG, REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Count, Name, Quoted, Wording
from tapdesk.i18n import N_

RULE = "tick-list"
BLANK = "(blank)"
"""The category a tick list's blank cell becomes (as a spreadsheet's pivot table names it)."""
MIN_BLANK = 0.1         # blank cells at least this share of the panel's
MIN_SUBJECTS = 10       # subjects a tick list needs to show it is one
MIN_MIXED = 2           # rows ticked by some raters and left blank by others, at least
MARKS = frozenset({"x", "✓", "✔", "☑", "☒", "✗", "✘", "×", "*", "+", "•", "yes", "y", "ja", "j",
                   "oui", "sí", "si", "sim", "true", "wahr", "vrai", "verdadero", "checked",
                   "ticked", "selected", "angekreuzt", "coché", "marcado"})
"""Cells that tick a box (in lower case); a one-category panel of another value is said only."""


def blanks_of_a_tick_list_are_answers(reading: Reading) -> list[Finding]:
    """A tick list's blank is an answer: the blank cells of the columns whose every rating is
    a tick mark are read as the category '(blank)', and the marks as one ('✔' as '✓')."""
    t = reading.ratings
    if not reading.raters_are_columns or len(t.rater_ids) < 2 or reading.options.blank_as or \
            len(t.subject_ids) < MIN_SUBJECTS:
        return []
    counts = reading.counts
    marks = np.array([c.casefold() in MARKS for c in t.scale.categories], dtype=bool)
    given = counts > 0
    ticked = [j for j in range(len(t.rater_ids)) if given[j].any() and not given[j][~marks].any()]
    if any(reading.user_named(t.rater_ids[j]) for j in ticked):
        return []
    if len(t.scale.categories) == 1 and not ticked:
        return _one_category(reading)
    if len(ticked) < 2 or 2 * len(ticked) < len(t.rater_ids):
        return []
    cells = len(t.subject_ids) * len(ticked)
    blank = cells - int(counts[ticked].sum())
    given_by = np.bincount(t.subject[np.isin(t.rater, ticked)], minlength=len(t.subject_ids))
    if blank < MIN_BLANK * cells or np.sum((given_by > 0) & (given_by < len(ticked))) < MIN_MIXED:
        return []
    if len(np.unique(given_by)) == 1:
        return [_assignment(int(given_by[0]), tuple(t.rater_ids[j] for j in ticked))]
    used = counts[ticked].sum(0)
    mark = t.scale.categories[int(np.argmax(used))]
    others = [t.scale.categories[k] for k in np.flatnonzero(used) if t.scale.categories[k] != mark]
    columns = tuple(t.rater_ids[j] for j in ticked)
    values = dict(mark=Name(mark), blank=Name(BLANK), n=Count(blank), cells=Count(cells))
    if others:
        # Translators: an import note; {mark} the tick mark the file holds most, {others} the
        # other marks, quoted; {blank} the category blank cells become; {n} and {cells} counts.
        wording = Wording.of(N_("every rating is a tick ({mark}, {others}), and {n} of the "
                                "{cells} cells are blank: a tick list, whose ticks are read as "
                                "one answer, {mark}, and whose blank cells as the answer {blank} "
                                "(not ticked); with blanks as missing ratings there would be "
                                "no agreement to see"), others=Quoted(tuple(others[:4])),
                             **values)
    else:
        # Translators: an import note; {mark} the one rating the file holds; {blank} the
        # category blank cells become; {n} and {cells} counts of cells.
        wording = Wording.of(N_("every rating is {mark}, and {n} of the {cells} cells are blank: "
                                "a tick list, whose blank cells are read as the answer {blank} "
                                "(not ticked); with blanks as missing ratings there would be one "
                                "category and no agreement to see"), **values)
    return [Finding(RULE, wording, ACT, columns, action="guessed", blank=BLANK,
                    same=tuple((o, mark) for o in others))]


def _assignment(k: int, columns: tuple[str, ...]) -> Finding:
    """Every subject ticked in the same number of columns: who is to rate what (an assignment
    or a rota), not what they found; raters who judge find things in some subjects more often
    than in others."""
    # Translators: why a file is refused; {k} and {n} counts of columns.
    wording = Wording.ngettext(
        "every subject is ticked in exactly {k} of the {n} columns: an assignment of who is to "
        "rate what, not ratings; open the file with the ratings themselves",
        "every subject is ticked in exactly {k} of the {n} columns: an assignment of who is to "
        "rate what, not ratings; open the file with the ratings themselves",
        k, k=Count(k), n=Count(len(columns)))
    return Finding(RULE, wording, REFUSE, columns)


def _one_category(reading: Reading) -> list[Finding]:
    """Every rating one value that is no tick mark, among blanks: said, not changed."""
    t = reading.ratings
    cells = len(t.subject_ids) * len(t.rater_ids)
    blank = cells - t.n_ratings
    if blank < MIN_BLANK * cells:
        return []
    # Translators: a warning; {mark} the one rating the file holds; {n} and {cells} counts.
    return [Finding(RULE, Wording.of(N_("every rating is {mark}, and {n} of the {cells} cells "
                                        "are blank: with one category no agreement can be "
                                        "seen; if a blank means an answer (a box not "
                                        "ticked), write that answer in the blank cells"),
                                     mark=Name(t.scale.categories[0]), n=Count(blank),
                                     cells=Count(cells)), FLAG, tuple(t.rater_ids))]
